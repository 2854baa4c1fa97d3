/* Golden tests of the planlens command line: `test_cli_golden DIR` runs
 * every case of DIR/cases.tsv (name, environment, arguments) on the real
 * binary inside DIR; each must exit with the recorded code and print exactly
 * the recorded stdout and stderr (DIR/expected/<name>.txt) — and never crash
 * or hang.  Used for the hostile-input corpus (tests/data/hostile) and the
 * report output (tests/data/report).  Inputs too large to keep in the
 * repository (deep nesting, gzip bomb, huge lines) are written at run time
 * into a scratch directory, named @TMP in the cases and the goldens.
 *
 * PLANLENS_UPDATE_GOLDEN=1 rewrites the goldens instead of comparing (review
 * the diff before committing). */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include <cmocka.h>

#include "base/file.h"
#include "pddl/pddl.h"

#define CASE_TIMEOUT_SECONDS 60

typedef struct {
    char name[128];
    char env[128];
    char args[512];
} golden_case;

static char scratch[256];
static const char *case_dir;

/* The whole file, or NULL when it cannot be read. */
static char *read_all(const char *path, size_t *len)
{
    return pl_read_file(path, len, NULL);
}

static void write_file(const char *name, const char *data, size_t len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", scratch, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    fclose(f);
}

static char *repeat(const char *unit, size_t times, const char *prefix, const char *suffix)
{
    size_t u = strlen(unit), p = strlen(prefix), s = strlen(suffix);
    char *out = malloc(p + u * times + s + 1);
    assert_non_null(out);
    memcpy(out, prefix, p);
    for (size_t i = 0; i < times; i++)
        memcpy(out + p + i * u, unit, u);
    memcpy(out + p + u * times, suffix, s + 1);
    return out;
}

/* The inputs too large (or too dangerous) to keep in the repository. */
static void write_generated_inputs(void)
{
    char *open_parens = repeat("(and ", 1000000, "(define (domain d) (:predicates (p)) (:action a :parameters () :precondition ", "");
    char *close_parens = repeat(")", 1000000, "(p)", " :effect (p)))\n");
    size_t a = strlen(open_parens), b = strlen(close_parens);
    char *deep = malloc(a + b + 1);
    assert_non_null(deep);
    memcpy(deep, open_parens, a);
    memcpy(deep + a, close_parens, b + 1);
    write_file("deep-nesting.pddl", deep, a + b);
    free(deep);
    free(open_parens);
    free(close_parens);

    char *long_name = repeat("x", 100000, "(define (domain ", ") (:predicates (p)))\n");
    write_file("long-name.pddl", long_name, strlen(long_name));
    free(long_name);

    /* 3 MiB of JSON once decompressed; the case caps input at 1 MiB */
    char *spaces = repeat(" ", 3u << 20, "[", "]");
    char path[512];
    snprintf(path, sizeof path, "%s/bomb.json.gz", scratch);
    gzFile gz = gzopen(path, "wb9");
    assert_non_null(gz);
    assert_true(gzwrite(gz, spaces, (unsigned)strlen(spaces)) > 0);
    gzclose(gz);
    free(spaces);

    /* 8 MB of prose before the answer: the parser's error recovery must stay linear */
    char *huge = repeat("blah ", 1600000, "{\"id\": 1, \"group\": \"applicable_actions_gen\", \"response\": \"",
                        "[(pick-up b), (pick-up c)]\", \"model\": \"m\"}\n");
    write_file("huge-response.jsonl", huge, strlen(huge));
    free(huge);

    char *line = repeat("(unstack d a) ", 300000, "", "\n");
    write_file("huge-plan-line.txt", line, strlen(line));
    free(line);
}

/* Replaces every occurrence of the scratch directory by "@TMP". */
static char *mask_scratch(const char *text)
{
    size_t n = strlen(scratch), len = strlen(text);
    char *out = malloc(len + 1);
    assert_non_null(out);
    char *o = out;
    for (const char *s = text; *s;) {
        if (!strncmp(s, scratch, n)) {
            memcpy(o, "@TMP", 4);
            o += 4;
            s += n;
        } else {
            *o++ = *s++;
        }
    }
    *o = '\0';
    return out;
}

/* Runs planlens with the case's arguments; returns the transcript compared
 * with the golden: "exit N\n--- stdout\n...--- stderr\n...". */
static char *run_case(const golden_case *c)
{
    char argbuf[512], *argv[64];
    int argc = 0;
    argv[argc++] = PLANLENS_BIN;
    snprintf(argbuf, sizeof argbuf, "%s", c->args);
    for (char *tok = strtok(argbuf, " "); tok && argc < 63; tok = strtok(NULL, " ")) {
        if (!strncmp(tok, "@TMP/", 5)) {
            char *p = malloc(strlen(scratch) + strlen(tok));
            assert_non_null(p);
            sprintf(p, "%s/%s", scratch, tok + 5);
            argv[argc++] = p;
        } else {
            argv[argc++] = strdup(tok);
        }
    }
    argv[argc] = NULL;
    char out_path[512], err_path[512];
    snprintf(out_path, sizeof out_path, "%s/stdout", scratch);
    snprintf(err_path, sizeof err_path, "%s/stderr", scratch);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (out < 0 || err < 0 || chdir(case_dir) != 0)
            _exit(127);
        dup2(out, 1);
        dup2(err, 2);
        /* the same environment everywhere: a UTF-8 locale, no input limit */
        unsetenv("PLANLENS_MAX_INPUT_MB");
        unsetenv("LC_ALL");
        unsetenv("LC_CTYPE");
        setenv("LANG", "C.UTF-8", 1);
        if (strcmp(c->env, "-")) {
            char env[128];
            snprintf(env, sizeof env, "%s", c->env);
            char *eq = strchr(env, '=');
            if (eq) {
                *eq = '\0';
                setenv(env, eq + 1, 1);
            }
        }
        execv(PLANLENS_BIN, argv);
        _exit(127);
    }
    int status = 0;
    time_t start = time(NULL);
    while (waitpid(pid, &status, WNOHANG) == 0) {
        if (time(NULL) - start > CASE_TIMEOUT_SECONDS) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            fail_msg("%s: planlens hangs (killed after %d s)", c->name, CASE_TIMEOUT_SECONDS);
        }
        struct timespec ts = {0, 5000000};
        nanosleep(&ts, NULL);
    }
    for (int i = 1; i < argc; i++)
        free(argv[i]);
    if (WIFSIGNALED(status))
        fail_msg("%s: planlens crashed with signal %d", c->name, WTERMSIG(status));
    char *out = read_all(out_path, NULL), *err = read_all(err_path, NULL);
    assert_non_null(out);
    assert_non_null(err);
    size_t cap = strlen(out) + strlen(err) + 64;
    char *transcript = malloc(cap);
    assert_non_null(transcript);
    snprintf(transcript, cap, "exit %d\n--- stdout\n%s--- stderr\n%s", WEXITSTATUS(status), out, err);
    free(out);
    free(err);
    char *masked = mask_scratch(transcript);
    free(transcript);
    return masked;
}

static void test_case(void **state)
{
    const golden_case *c = *state;
    char *got = run_case(c);
    char golden[512];
    snprintf(golden, sizeof golden, "%s/expected/%s.txt", case_dir, c->name);
    const char *update = getenv("PLANLENS_UPDATE_GOLDEN");
    if (update && !strcmp(update, "1")) {
        FILE *f = fopen(golden, "wb");
        assert_non_null(f);
        fputs(got, f);
        fclose(f);
    } else {
        char *want = read_all(golden, NULL);
        if (!want)
            fail_msg("%s: no golden file %s", c->name, golden);
        if (strcmp(got, want))
            fail_msg("%s: output differs from %s\n--- got:\n%s", c->name, golden, got);
        free(want);
    }
    free(got);
}

static int load_cases(golden_case **out, bool *uses_scratch)
{
    char path[512];
    snprintf(path, sizeof path, "%s/cases.tsv", case_dir);
    char *text = read_all(path, NULL);
    if (!text)
        return -1;
    *uses_scratch = strstr(text, "@TMP/") != NULL;
    int n = 0, cap = 128;
    golden_case *cases = calloc((size_t)cap, sizeof *cases);
    for (char *line = strtok(text, "\n"); line && cases; line = strtok(NULL, "\n")) {
        if (line[0] == '#' || !line[0])
            continue;
        if (n == cap)
            break;
        golden_case *c = &cases[n];
        if (sscanf(line, "%127[^\t]\t%127[^\t]\t%511[^\n]", c->name, c->env, c->args) == 3)
            n++;
    }
    free(text);
    *out = cases;
    return cases ? n : -1;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_cli_golden DIR\n");
        return 2;
    }
    case_dir = argv[1];
    golden_case *cases = NULL;
    bool uses_scratch = false;
    int n = load_cases(&cases, &uses_scratch);
    if (n <= 0) {
        fprintf(stderr, "test_cli_golden: cannot read %s/cases.tsv\n", case_dir);
        return 1;
    }
    snprintf(scratch, sizeof scratch, "%s/planlens-hostile-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(scratch))
        return 1;
    if (uses_scratch)
        write_generated_inputs();
    struct CMUnitTest *tests = calloc((size_t)n, sizeof *tests);
    if (!tests)
        return 1;
    for (int i = 0; i < n; i++) {
        tests[i].name = cases[i].name;
        tests[i].test_func = test_case;
        tests[i].initial_state = &cases[i];
    }
    int failed = _cmocka_run_group_tests(case_dir, tests, (size_t)n, NULL, NULL);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch);
    if (system(cmd) != 0)
        fprintf(stderr, "test_cli_golden: could not remove %s\n", scratch);
    free(tests);
    free(cases);
    return failed;
}
