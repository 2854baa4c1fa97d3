#define _POSIX_C_SOURCE 200809L
#include "fuzz_input.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *fuzz_strndup(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

void fuzz_split2(const uint8_t *data, size_t size, char **first, char **second)
{
    static const char sep[] = "\n;;;;\n";
    size_t n = sizeof sep - 1;
    for (size_t i = 0; i + n <= size; i++) {
        if (!memcmp(data + i, sep, n)) {
            *first = fuzz_strndup(data, i);
            *second = fuzz_strndup(data + i + n, size - i - n);
            return;
        }
    }
    *first = fuzz_strndup(data, size);
    *second = fuzz_strndup(data, 0);
}

const char *fuzz_write_file(const char *name, const uint8_t *data, size_t size)
{
    static char dir[512];
    static char path[1024];
    if (!dir[0]) {
        const char *tmp = getenv("TMPDIR");
        snprintf(dir, sizeof dir, "%s/planlens-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
        if (!mkdtemp(dir))
            abort();
    }
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f)
        abort();
    if (size && fwrite(data, 1, size, f) != size)
        abort();
    fclose(f);
    return path;
}

bool fuzz_load_task(const uint8_t *data, size_t size, pl_loaded_task *lt)
{
    char *domain, *problem;
    fuzz_split2(data, size, &domain, &problem);
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    bool ok = pl_load_task_texts(domain, strlen(domain), "domain.pddl", problem, strlen(problem), "problem.pddl", lt,
                                 &warnings, &err) == PL_OK;
    pl_error_clear(&err);
    pl_diags_clear(&warnings);
    free(domain);
    free(problem);
    return ok;
}
