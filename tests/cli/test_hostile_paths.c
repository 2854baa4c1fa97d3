/* The planlens binary on hostile paths, made at run time:
 * - validate --stream run in a directory (the default root): a plan at
 *   ../../etc/passwd, a domain at /etc/passwd and a plan that is a symbolic
 *   link to /etc/passwd are errors naming their line, and nothing of
 *   /etc/passwd is echoed (it was: "found root:x:0:0:..."); a line inside
 *   the root is still validated; an error quoting a long token is cut short;
 * - quality on a PlanBench file whose instance_id climbs out of --pddl-dir
 *   with `..`, and whose instance file is a symbolic link out: those
 *   instances are reported and skipped, the good one loads;
 * - --batch on a directory holding a FIFO returns at once (it hung). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "test_support.h"

#define SAMPLES PLANLENS_SOURCE_DIR "/sample-runs"

static char dir[] = "/tmp/planlens-hostile-paths-XXXXXX";

typedef struct {
    int status;
    char *out; /* stdout and stderr together */
} run_result;

/* planlens run in dir/sub, stdout and stderr together. */
static run_result run_in(const char *sub, const char *args)
{
    char cmd[4096];
    /* timeout: a planlens that hangs must not outlive the test (alarm() ends only the test) */
    snprintf(cmd, sizeof cmd, "cd '%s/%s' && timeout 60 '%s' %s 2>&1", dir, sub, PLANLENS_BIN, args);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap);
    assert_non_null(buf);
    while ((got = fread(buf + n, 1, cap - n - 1, p)) > 0) {
        n += got;
        if (cap - n < 1024) {
            buf = realloc(buf, cap *= 2);
            assert_non_null(buf);
        }
    }
    buf[n] = '\0';
    int st = pclose(p);
    return (run_result){WIFEXITED(st) ? WEXITSTATUS(st) : -1, buf};
}

static void write_file(const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void in_dir(const char *name, char *out, size_t size)
{
    snprintf(out, size, "%s/%s", dir, name);
}

static const char *in_dir_path(const char *name)
{
    static char path[512];
    in_dir(name, path, sizeof path);
    return path;
}

static int make_dir(void **state)
{
    (void)state;
    assert_non_null(mkdtemp(dir));
    alarm(120); /* a command that hangs fails the test instead of the CI job */
    return 0;
}

static int remove_dir(void **state)
{
    (void)state;
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* The output line of the verdict of JSONL line `number` (owned), or a failure. */
static char *verdict_of(const char *out, int number)
{
    char key[32];
    snprintf(key, sizeof key, "\"line\":%d", number);
    for (const char *at = out; (at = strstr(at, key)); at++) {
        char c = at[strlen(key)];
        if (c != ',' && c != '}')
            continue;
        const char *start = at, *end = strchr(at, '\n');
        while (start > out && start[-1] != '\n')
            start--;
        return strndup(start, end ? (size_t)(end - start) : strlen(start));
    }
    fail_msg("no verdict for line %d in:\n%s", number, out);
    return NULL;
}

static void assert_line_says(const char *out, int number, const char *expected)
{
    char *line = verdict_of(out, number);
    if (!strstr(line, expected))
        fail_msg("line %d: '%s' does not say '%s'", number, line, expected);
    free(line);
}

static void test_validate_stream_confined(void **state)
{
    (void)state;
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s/v'", dir);
    assert_int_equal(system(cmd), 0);
    pl_test_copy_file(SAMPLES "/blocksworld/domain.pddl", in_dir_path("v/domain.pddl"));
    pl_test_copy_file(SAMPLES "/blocksworld/problem.pddl", in_dir_path("v/problem.pddl"));
    char link[512];
    in_dir("v/evil.plan", link, sizeof link);
    assert_int_equal(symlink("/etc/passwd", link), 0);
    /* a domain whose first token is 1,000 bytes long */
    char *long_token = malloc(1002);
    assert_non_null(long_token);
    memset(long_token, 'x', 1000);
    strcpy(long_token + 1000, "\n");
    write_file("v/long.pddl", long_token);
    free(long_token);
    write_file("v/lines.jsonl",
               "{\"domain\":\"domain.pddl\",\"problem\":\"problem.pddl\",\"plan\":\"../../../../../../../etc/passwd\"}\n"
               "{\"domain\":\"/etc/passwd\",\"problem\":\"problem.pddl\",\"plan_text\":\"(unstack a b)\"}\n"
               "{\"domain\":\"domain.pddl\",\"problem\":\"problem.pddl\",\"plan\":\"evil.plan\"}\n"
               "{\"domain\":\"domain.pddl\",\"problem\":\"problem.pddl\",\"plan_text\":\"(unstack a b)\"}\n"
               "{\"domain\":\"long.pddl\",\"problem\":\"problem.pddl\",\"plan_text\":\"(unstack a b)\"}\n");
    run_result r = run_in("v", "validate --stream lines.jsonl"); /* the root: the working directory */
    const char *out = r.out;
    assert_int_equal(r.status, 3);
    assert_null(strstr(out, "root:")); /* nothing of /etc/passwd */
    assert_null(strstr(out, "/bin/"));
    assert_line_says(out, 1, "\"error\":\"cannot open '../../../../../../../etc/passwd': outside the directory .\"");
    assert_line_says(out, 2, "\"error\":\"cannot open '/etc/passwd': outside the directory .\"");
    assert_line_says(out, 3, "cannot open 'evil.plan': a symbolic link leads outside the directory .");
    assert_line_says(out, 4, "\"valid\":false");
    assert_line_says(out, 4, "\"reason\":\"precondition\"");
    assert_line_says(out, 5, "long.pddl:1:1: expected '(' to open the domain, found xxx");
    char *v5 = verdict_of(out, 5);
    assert_true(strlen(v5) < 320); /* the error is cut at 240 bytes, not 1,000 */
    assert_non_null(strstr(v5, "xxx...\""));
    free(v5);
    free(r.out);
    /* errors of every length about the cut (240 bytes): the "..." stays inside the message
     * (ASan and valgrind saw it written past the end at 241 and 242) */
    FILE *f = fopen(in_dir_path("v/long-paths.jsonl"), "w");
    assert_non_null(f);
    for (int k = 190; k < 210; k++)
        fprintf(f, "{\"domain\":\"domain.pddl\",\"problem\":\"problem.pddl\",\"plan\":\"../%0*d\"}\n", k, 0);
    fclose(f);
    run_result cut = run_in("v", "validate --stream long-paths.jsonl");
    assert_int_equal(cut.status, 3);
    for (int line = 1; line <= 20; line++) {
        char *v = verdict_of(cut.out, line);
        const char *error = strstr(v, "\"error\":\"");
        assert_non_null(error);
        const char *end = strchr(error + 9, '"');
        assert_true(end - (error + 9) <= 240);
        free(v);
    }
    free(cut.out);
    /* --root names the directory: the lines' paths are read under it from anywhere */
    run_result rooted = run_in(".", "validate --stream --root v v/lines.jsonl");
    assert_int_equal(rooted.status, 3);
    assert_null(strstr(rooted.out, "root:"));
    assert_line_says(rooted.out, 1, "outside the directory v\"");
    assert_line_says(rooted.out, 3, "a symbolic link leads outside the directory v");
    assert_line_says(rooted.out, 4, "\"reason\":\"precondition\"");
    free(rooted.out);
}

/* PlanBench instances under --pddl-dir P: 1 inside, "a/../../outside/evil"
 * through P/instance-a/ to ../outside/evil.pddl, and 2 whose instance file
 * is a symbolic link to it. */
static void test_planbench_instance_escape(void **state)
{
    (void)state;
    static const char *const domain = "(define (domain d) (:predicates (p)) (:action a :parameters () "
                                      ":precondition () :effect (p)))\n";
    static const char *const problem = "(define (problem q) (:domain d) (:init) (:goal (p)))\n";
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s/P/instance-a' '%s/outside'", dir, dir);
    assert_int_equal(system(cmd), 0);
    write_file("P/domain.pddl", domain);
    write_file("P/instance-1.pddl", problem);
    write_file("outside/evil.pddl", problem);
    char link[512];
    in_dir("P/instance-2.pddl", link, sizeof link);
    assert_int_equal(symlink("../outside/evil.pddl", link), 0);
    write_file("results.json",
               "{\"domain\": \"mydomain\", \"engine\": \"m\", \"prompt_type\": \"oneshot\", \"instances\": ["
               "{\"instance_id\": 1, \"extracted_llm_plan\": \"(a)\", \"ground_truth_plan\": \"(a)\"},"
               "{\"instance_id\": \"a/../../outside/evil\", \"extracted_llm_plan\": \"(a)\", "
               "\"ground_truth_plan\": \"(a)\"},"
               "{\"instance_id\": 2, \"extracted_llm_plan\": \"(a)\", \"ground_truth_plan\": \"(a)\"}]}\n");
    run_result r = run_in(".", "quality results.json --pddl-dir P --format jsonl");
    if (!strstr(r.out, "instances[1] skipped: instance a/../../outside/evil: cannot open "
                       "'instance-a/../../outside/evil.pddl': outside the directory P"))
        fail_msg("no refusal of the `..` instance in:\n%s", r.out);
    if (!strstr(r.out, "instances[2] skipped: instance 2: cannot open 'instance-2.pddl': a symbolic link leads "
                       "outside the directory P"))
        fail_msg("no refusal of the symbolic link in:\n%s", r.out);
    assert_non_null(strstr(r.out, "mydomain/m/oneshot/1"));
    assert_null(strstr(r.out, "mydomain/m/oneshot/2"));
    assert_null(strstr(r.out, "outside/evil\"")); /* no case of the `..` instance */
    assert_int_equal(r.status, 3); /* records skipped */
    free(r.out);
}

/* The FIFO hung --batch before any output; now it is a warning. */
static void test_batch_with_fifo(void **state)
{
    (void)state;
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s/runs'", dir);
    assert_int_equal(system(cmd), 0);
    pl_test_copy_file(SAMPLES "/acpbench/runs/synthetic-careful.jsonl", in_dir_path("runs/synthetic-careful.jsonl"));
    char fifo[512];
    in_dir("runs/pipe.jsonl", fifo, sizeof fifo);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    char loop[512];
    in_dir("runs/loop", loop, sizeof loop);
    assert_int_equal(symlink(".", loop), 0);
    run_result r = run_in(".", "--batch --warnings warnings.txt '" SAMPLES "/acpbench/blocksworld.gen.json' runs");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "72 responses"));
    free(r.out);
    r = run_in(".", "--batch --warnings warnings.txt runs && cat warnings.txt");
    assert_non_null(strstr(r.out, "runs/pipe.jsonl: not opened: a FIFO (named pipe), not a regular file"));
    assert_non_null(strstr(r.out, "runs/loop: not scanned: a symbolic link back to runs, scanned already (a loop)"));
    free(r.out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_validate_stream_confined),
        cmocka_unit_test(test_planbench_instance_escape),
        cmocka_unit_test(test_batch_with_fifo),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
