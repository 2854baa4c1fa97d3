#define _POSIX_C_SOURCE 200809L
#include "base/file.h"
#include "test_support.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <cmocka.h>

const char *pl_test_data_dir(const char *what)
{
    const char *dir = getenv("PLANLENS_DATA_DIR");
    if (!dir || !*dir)
        dir = PLANLENS_DATA_DIR;
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        printf("SKIP: %s: benchmark data not found at %s (set PLANLENS_DATA_DIR)\n", what, dir);
        return NULL;
    }
    return dir;
}

const char *pl_test_data_path(const char *rel)
{
    static char buf[4096];
    const char *dir = getenv("PLANLENS_DATA_DIR");
    if (!dir || !*dir)
        dir = PLANLENS_DATA_DIR;
    snprintf(buf, sizeof buf, "%s/%s", dir, rel);
    return buf;
}

const char *pl_test_acpbench_path(const char *task, const char *split)
{
    static char rel[256];
    snprintf(rel, sizeof rel, "acpbench/%s/%s.gen.json%s", task, split, strcmp(split, "test") ? "" : ".gz");
    return pl_test_data_path(rel);
}

cJSON *pl_test_read_json(const char *path)
{
    pl_error err = PL_ERROR_INIT;
    size_t len;
    char *text = pl_read_file(path, &len, &err);
    if (!text)
        fail_msg("cannot read %s: %s", path, err.message);
    cJSON *j = cJSON_ParseWithLength(text, len);
    free(text);
    if (!j)
        fail_msg("invalid JSON in %s", path);
    return j;
}

cJSON *pl_test_read_jsonl(const char *path)
{
    pl_error err = PL_ERROR_INIT;
    size_t len;
    char *text = pl_read_file(path, &len, &err);
    if (!text)
        fail_msg("cannot read %s: %s", path, err.message);
    cJSON *arr = cJSON_CreateArray();
    char *line = text;
    int lineno = 0;
    while (line && *line) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        lineno++;
        if (*line) {
            cJSON *j = cJSON_Parse(line);
            if (!j)
                fail_msg("invalid JSON at %s:%d", path, lineno);
            cJSON_AddItemToArray(arr, j);
        }
        line = nl ? nl + 1 : NULL;
    }
    free(text);
    return arr;
}

void pl_test_load_texts(const char *domain, const char *problem, const char *label, pl_loaded_task *out)
{
    pl_error err = PL_ERROR_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    if (pl_load_task_texts(domain, strlen(domain), "domain.pddl", problem, strlen(problem), "problem.pddl",
                           out, &warnings, &err) != PL_OK) {
        char *msg = pl_error_format(&err);
        print_error("%s: %s\n", label, msg);
        free(msg);
        pl_error_clear(&err);
        pl_diags_clear(&warnings);
        fail();
    }
    pl_diags_clear(&warnings);
}

int pl_test_each_ipc_fixture(void (*fn)(const pl_task *t, const char *name, void *ctx), void *ctx)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s/tests/pddl/ipc", PLANLENS_SOURCE_DIR);
    DIR *d = opendir(dir);
    if (!d)
        fail_msg("cannot open %s", dir);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        const char *suffix = strstr(e->d_name, "-problem.pddl");
        if (!suffix || suffix[strlen("-problem.pddl")])
            continue;
        char name[256], domain[1024], problem[1024];
        snprintf(name, sizeof name, "%.*s", (int)(suffix - e->d_name), e->d_name);
        snprintf(domain, sizeof domain, "%s/%s-domain.pddl", dir, name);
        snprintf(problem, sizeof problem, "%s/%s", dir, e->d_name);
        pl_loaded_task lt;
        pl_error err = PL_ERROR_INIT;
        if (pl_load_task_files(domain, problem, &lt, NULL, &err) != PL_OK)
            fail_msg("%s: %s", name, err.message);
        fn(lt.task, name, ctx);
        pl_loaded_task_free(&lt);
        n++;
    }
    closedir(d);
    return n;
}

int pl_test_each_dev_problem(void (*fn)(const pl_task *t, const char *label, void *ctx), void *ctx)
{
    static const char *const tasks[] = {"app", "prog", "reach", "areach", "val", "just", "land", "nexta"};
    char **seen = NULL;
    int nseen = 0;
    for (size_t k = 0; k < sizeof tasks / sizeof tasks[0]; k++) {
        cJSON *qs = pl_test_read_json(pl_test_acpbench_path(tasks[k], "dev"));
        cJSON *q;
        cJSON_ArrayForEach(q, qs)
        {
            const char *dom = cJSON_GetStringValue(cJSON_GetObjectItem(q, "PDDL_domain"));
            const char *prob = cJSON_GetStringValue(cJSON_GetObjectItem(q, "PDDL_problem"));
            bool dup = false;
            for (int i = 0; i < nseen && !dup; i++)
                dup = !strcmp(seen[i], prob);
            if (dup)
                continue;
            seen = realloc(seen, (size_t)(nseen + 1) * sizeof *seen);
            seen[nseen++] = strdup(prob);
            pl_loaded_task lt;
            char label[128];
            snprintf(label, sizeof label, "%s question %d", tasks[k], nseen);
            pl_test_load_texts(dom, prob, label, &lt);
            fn(lt.task, label, ctx);
            pl_loaded_task_free(&lt);
        }
        cJSON_Delete(qs);
    }
    for (int i = 0; i < nseen; i++)
        free(seen[i]);
    free(seen);
    return nseen;
}

int pl_test_raw_ids(const char *path, char ***ids)
{
    pl_error err = PL_ERROR_INIT;
    size_t len;
    char *text = pl_read_file(path, &len, &err);
    if (!text)
        fail_msg("cannot read %s: %s", path, err.message);
    int n = 0, cap = 64;
    char **out = malloc((size_t)cap * sizeof *out);
    for (const char *p = strstr(text, "\"id\":"); p; p = strstr(p + 1, "\"id\":")) {
        const char *v = p + 5;
        while (*v == ' ')
            v++;
        size_t k = strspn(v + (*v == '-'), "0123456789") + (*v == '-');
        if (n == cap)
            out = realloc(out, (size_t)(cap *= 2) * sizeof *out);
        out[n++] = pl_strndup(v, k);
    }
    free(text);
    *ids = out;
    return n;
}

pl_workspace *pl_test_open_graded(const char *const *paths, int npaths)
{
    pl_diags warnings = PL_DIAGS_INIT;
    pl_workspace *ws = pl_workspace_open(paths, npaths, &warnings);
    pl_diags_clear(&warnings);
    if (ws)
        pl_workspace_grade_all(ws);
    return ws;
}

int pl_test_open_samples(void **state)
{
    const char *paths[] = {PLANLENS_SOURCE_DIR "/sample-runs"};
    *state = pl_test_open_graded(paths, 1);
    return *state ? 0 : -1;
}

int pl_test_close_workspace(void **state)
{
    pl_workspace_close(*state);
    return 0;
}

char *pl_test_shell(const char *cmd, int *status)
{
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap);
    assert_non_null(buf);
    while ((got = fread(buf + n, 1, cap - n - 1, p)) > 0)
        if ((n += got) + 4096 > cap)
            assert_non_null(buf = realloc(buf, cap *= 2));
    buf[n] = '\0';
    int st = pclose(p);
    *status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    return buf;
}

void pl_test_copy_file(const char *src, const char *dst)
{
    size_t len;
    char *text = pl_read_file(src, &len, NULL);
    assert_non_null(text);
    FILE *f = fopen(dst, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
    free(text);
}
