/* planlens grade on the Inspect logs of issue 29 (tests/data/runs/sets):
 * the table reduced with each log's reducer or --reducer and naming it, the
 * status of logs that did not finish (accuracy partial), the stored scores'
 * scorer and the scorer failures, in the table and in JSON. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <cjson/cJSON.h>

#include "test_support.h"

#define SETS PLANLENS_SOURCE_DIR "/tests/data/runs/sets/"
#define GRADE "grade --questions " SETS "questions.json --responses "

typedef struct {
    int status;
    char *out; /* stdout and stderr together */
} run_result;

static run_result run(const char *args)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "'%s' %s 2>&1", PLANLENS_BIN, args);
    run_result r;
    r.out = pl_test_shell(cmd, &r.status);
    return r;
}

static void expect(const run_result *r, const char *needle)
{
    if (!strstr(r->out, needle))
        fail_msg("expected '%s' in:\n%s", needle, r->out);
}

/* The table row of `model`'s prog-bool: its reducer (the last column) and
 * official accuracy. */
static void expect_row(const run_result *r, const char *model, const char *reducer, const char *official)
{
    char want[256];
    snprintf(want, sizeof want, "%-20s %-12s", model, "prog-bool");
    const char *row = strstr(r->out, want);
    if (!row)
        fail_msg("no row for %s in:\n%s", model, r->out);
    char words[17][32];
    /* model task n epochs official ± sem sound ± sem unparsed off!=snd ins!=lm stored!=ours errors scorer! reducer */
    assert_int_equal(sscanf(row,
                            "%31s %31s %31s %31s %31s %31s %31s %31s %31s %31s %31s %31s %31s %31s %31s %31s %31s",
                            words[0], words[1], words[2], words[3], words[4], words[5], words[6], words[7],
                            words[8], words[9], words[10], words[11], words[12], words[13], words[14], words[15],
                            words[16]),
                     17);
    assert_string_equal(words[4], official);
    assert_string_equal(words[16], reducer);
}

/* Inspect reports 0.900 for --epochs 3 --epochs-reducer max: so does the
 * table, saying max; --reducer switches every run's reducer. */
static void test_reducers(void **state)
{
    (void)state;
    run_result r = run(GRADE SETS "reducers/*");
    assert_int_equal(r.status, 0);
    expect(&r, "reducer");
    expect_row(&r, "m/epochs", "max", "0.900");
    free(r.out);
    r = run(GRADE SETS "reducers/* --reducer mean");
    assert_int_equal(r.status, 0);
    expect_row(&r, "m/epochs", "mean", "0.600");
    free(r.out);
    r = run(GRADE SETS "reducers/* --reducer at_least_k:3");
    assert_int_equal(r.status, 0);
    expect_row(&r, "m/epochs", "at_least_3", "0.300");
    free(r.out);
    r = run(GRADE SETS "reducers/* --reducer pass_at_2");
    assert_int_equal(r.status, 0);
    expect_row(&r, "m/epochs", "pass_at_2", "0.800");
    free(r.out);
    r = run(GRADE SETS "reducers/* --reducer average");
    assert_int_equal(r.status, 2);
    expect(&r, "--reducer must be mean, median, mode, max, at_least_k:K or pass_at_k:K, not 'average'");
    free(r.out);
}

/* A cancelled and an errored log: a status line under their rows, accuracy
 * labelled partial; in JSON every row of theirs says so. */
static void test_run_status(void **state)
{
    (void)state;
    run_result r = run(GRADE SETS "status/*");
    assert_int_equal(r.status, 0);
    expect(&r, "  cancelled: 7 of 10 samples: accuracy partial");
    expect(&r, "  error: RateLimitError: Error code: 429");
    expect_row(&r, "m/cancelled", "mean", "1.000");
    free(r.out);
    r = run(GRADE SETS "status/* --format json");
    assert_int_equal(r.status, 0);
    cJSON *rows = cJSON_Parse(r.out);
    assert_non_null(rows);
    int cancelled = 0, errored = 0;
    const cJSON *row;
    cJSON_ArrayForEach(row, rows)
    {
        const char *status = cJSON_GetStringValue(cJSON_GetObjectItem(row, "run_status"));
        assert_non_null(status);
        cancelled += !strcmp(status, "cancelled: 7 of 10 samples");
        errored += !strncmp(status, "error: RateLimitError", 21);
    }
    assert_int_equal(cancelled, 7);
    assert_int_equal(errored, 4);
    cJSON_Delete(rows);
    free(r.out);
    /* a log that finished says nothing */
    r = run(GRADE SETS "reducers/* --format jsonl");
    assert_null(strstr(r.out, "run_status"));
    assert_null(strstr(r.out, "partial"));
    free(r.out);
}

/* Two scorers: the stored one named, the others in JSON; the answer whose
 * scorer raised is graded, marked and counted. */
static void test_scorers(void **state)
{
    (void)state;
    run_result r = run(GRADE SETS "scorers/*");
    assert_int_equal(r.status, 0);
    expect(&r, "  stored scores: acp_eval (the log has several scorers)");
    expect(&r, "  the log's scorer failed on 1 answer: graded all the same");
    expect(&r, "scorer!");
    free(r.out);
    r = run(GRADE SETS "scorers/* --format json");
    cJSON *rows = cJSON_Parse(r.out);
    assert_non_null(rows);
    int named = 0, failed = 0;
    const cJSON *row;
    cJSON_ArrayForEach(row, rows)
    {
        const char *scorer = cJSON_GetStringValue(cJSON_GetObjectItem(row, "stored_scorer"));
        const char *others = cJSON_GetStringValue(cJSON_GetObjectItem(row, "other_scores"));
        named += scorer && !strcmp(scorer, "acp_eval") && others && !strncmp(others, "includes: ", 10);
        if (cJSON_GetObjectItem(row, "scorer_error")) {
            failed++;
            assert_true(cJSON_IsNumber(cJSON_GetObjectItem(row, "score"))); /* graded all the same */
        }
    }
    assert_int_equal(named, 8);
    assert_int_equal(failed, 1);
    cJSON_Delete(rows);
    free(r.out);
}

/* The eval-set directory: the retry's 10 answers at 0.700, the killed
 * attempt set aside in one warning. */
static void test_superseded(void **state)
{
    (void)state;
    run_result r = run(GRADE SETS "eval-set/*");
    assert_int_equal(r.status, 0);
    expect(&r, "superseded attempt (unfinished: 6 of 10 samples): set aside for");
    expect_row(&r, "openai/gpt-4o-mini", "mean", "0.700");
    free(r.out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reducers),
        cmocka_unit_test(test_run_status),
        cmocka_unit_test(test_scorers),
        cmocka_unit_test(test_superseded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
