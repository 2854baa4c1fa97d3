/* The explorer's command line (issue 28, point 4): --help names --notes and
 * --warnings; --batch on paths of which none opens exits 3; warnings are
 * summed up in a few lines on stderr however many there are, every one in
 * the --warnings file; counts of one are singular. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "test_support.h"

#define SAMPLES PLANLENS_SOURCE_DIR "/sample-runs"

/* stdout (or stderr with `err`) of planlens ARGS, and its exit status. */
static char *run(const char *args, bool err, int *status)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, err ? "'%s' %s 2>&1 >/dev/null" : "'%s' %s 2>/dev/null", PLANLENS_BIN, args);
    return pl_test_shell(cmd, status);
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

static void test_help_names_every_option(void **state)
{
    (void)state;
    int status;
    char *out = run("--help", false, &status);
    assert_int_equal(status, 0);
    assert_non_null(strstr(out, "[--notes FILE]"));
    assert_non_null(strstr(out, "[--warnings FILE]"));
    assert_non_null(strstr(out, "exit 3 when nothing could be opened"));
    free(out);
}

static void test_nothing_opened_exits_3(void **state)
{
    (void)state;
    int status;
    char *out = run("--batch /nonexistent/planlens-no-such-dir", true, &status);
    assert_int_equal(status, 3);
    assert_non_null(strstr(out, "not opened: no such file or directory"));
    free(out);
    out = run("--batch " SAMPLES "/plans/cases.jsonl", false, &status); /* something opens: 0 */
    assert_int_equal(status, 0);
    assert_non_null(strstr(out, "1 run × task · 4 responses")); /* not "1 runs × tasks" */
    free(out);
}

/* Question files alone: how many questions, and what to open next. */
static void test_questions_alone(void **state)
{
    (void)state;
    int status;
    char *out = run("--batch " SAMPLES "/acpbench/blocksworld.gen.json", false, &status);
    assert_int_equal(status, 0);
    assert_non_null(strstr(out, "72 questions, no run"));
    assert_non_null(strstr(out, "open runs with them"));
    assert_null(strstr(out, "0 runs"));
    free(out);
}

/* The same question file three times: 144 duplicate question ids in two
 * files, one kind; the summary is two lines, the file holds all 144. */
static void test_warnings_summed_up(void **state)
{
    (void)state;
    char dir[] = "/tmp/planlens-warnings-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char cmd[1024], args[1024], file[600];
    snprintf(cmd, sizeof cmd,
             "cp '%s/acpbench/blocksworld.gen.json' '%s/a.json' && cp '%s/a.json' '%s/b.json' && "
             "cp '%s/a.json' '%s/c.json'",
             SAMPLES, dir, dir, dir, dir, dir);
    assert_int_equal(system(cmd), 0);
    int status;
    snprintf(args, sizeof args, "--batch '%s'", dir);
    char *err = run(args, true, &status);
    assert_int_equal(status, 0);
    assert_int_equal(count_lines(err), 2);
    assert_non_null(strstr(err, "planlens: 144 warnings of 1 kind while opening (every one: :warnings in the "
                                "explorer, or --warnings FILE)\n"));
    assert_non_null(strstr(err, "planlens:   duplicate question: 144 times in 2 files\n"));
    free(err);

    snprintf(file, sizeof file, "%s/warnings.txt", dir);
    snprintf(args, sizeof args, "--batch '%s' --warnings '%s'", dir, file);
    err = run(args, true, &status);
    assert_non_null(strstr(err, "(every one in "));
    free(err);
    FILE *f = fopen(file, "r");
    assert_non_null(f);
    char line[2048];
    int duplicates = 0;
    while (fgets(line, sizeof line, f))
        duplicates += strstr(line, ": duplicate question (") != NULL;
    fclose(f);
    assert_int_equal(duplicates, 144);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

/* planlens compare says how plan-quality cases pair, in JSON as the table's header does. */
static void test_compare_key_of_cases(void **state)
{
    (void)state;
    if (!pl_test_data_dir("plan-quality cases for compare's pairing key"))
        return;
    char args[1024];
    const char *dev = pl_test_data_path("plan-quality/dev.jsonl");
    snprintf(args, sizeof args, "compare --questions '%s' --responses '%s' --runs o3-mini_chat o4-mini_chat --format json",
             dev, dev);
    int status;
    char *out = run(args, false, &status);
    assert_int_equal(status, 0);
    assert_non_null(strstr(out, "\"key\":\"domain+prompt+instance\""));
    free(out);
    snprintf(args, sizeof args, "compare --questions '%s' --responses '%s' --runs o3-mini_chat o4-mini_chat", dev, dev);
    out = run(args, false, &status);
    assert_non_null(strstr(out, "(cases by domain, prompt type and instance)"));
    assert_non_null(strstr(out, "LEA A"));
    assert_non_null(strstr(out, "final A"));
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_help_names_every_option),
        cmocka_unit_test(test_nothing_opened_exits_3),
        cmocka_unit_test(test_questions_alone),
        cmocka_unit_test(test_warnings_summed_up),
        cmocka_unit_test(test_compare_key_of_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
