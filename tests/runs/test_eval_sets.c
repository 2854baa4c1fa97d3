/* Inspect logs of issue 29 (tests/data/runs/sets, written by
 * tests/runs/make_eval_set_fixtures.py from Inspect 0.3.260's eval-set,
 * recorder and reducer code): eval-set directories with a superseded
 * attempt, JSON named for what it is, run status, epoch reducers, several
 * scorers and scorer failures. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "runs/epochs.h"
#include "runs/runs.h"
#include "test_support.h"
#include "workspace/workspace.h"

#define SETS PLANLENS_SOURCE_DIR "/tests/data/runs/sets/"
#define KILLED SETS "eval-set/2025-07-01T09-00-00+00-00_acp-prog-bool_killed.eval"
#define RETRY SETS "eval-set/2025-07-01T10-00-00+00-00_acp-prog-bool_retry.eval"
#define CANCELLED SETS "status/2025-07-02T09-00-00+00-00_acp-prog-bool_cancelled.eval"
#define ERRORED SETS "status/2025-07-02T10-00-00+00-00_acp-prog-bool_error.eval"
#define MAX_LOG SETS "reducers/2025-07-03T09-00-00+00-00_acp-prog-bool_max.eval"
#define SCORERS SETS "scorers/2025-07-04T09-00-00+00-00_acp-prog-bool_two-scorers.eval"

static void load(pl_run_responses *rs, const char *path, pl_diags *warnings)
{
    pl_error err = PL_ERROR_INIT;
    if (pl_run_responses_load(rs, path, warnings, &err) != PL_OK) {
        char *msg = pl_error_format(&err);
        fail_msg("%s", msg);
    }
}

/* `grade --responses logs/...`: the killed attempt's 6 answers set aside for
 * the retry's 10, whichever loads first; the manifests load as what they
 * are; one warning, naming the retry, and no "still in progress". */
static void check_attempts(const char *first, const char *second)
{
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    pl_diags w = PL_DIAGS_INIT;
    load(&rs, SETS "eval-set/eval-set.json", &w);
    load(&rs, first, &w);
    load(&rs, SETS "eval-set/logs.json", &w);
    load(&rs, second, &w);
    assert_int_equal(rs.count, 10);
    for (int i = 0; i < rs.count; i++)
        assert_non_null(strstr(rs.items[i].source, "_retry.eval"));
    int killed = -1;
    for (int i = 0; i < rs.nfiles; i++)
        if (strstr(rs.files[i].source, "_killed.eval"))
            killed = i;
    assert_true(killed >= 0);
    assert_int_equal(rs.files[killed].set_aside, 6);
    assert_non_null(strstr(rs.files[rs.files[killed].superseded_by].source, "_retry.eval"));
    assert_int_equal(w.count, 1);
    assert_non_null(strstr(w.items[0].message, "superseded attempt (unfinished: 6 of 10 samples)"));
    assert_non_null(strstr(w.items[0].message, "_retry.eval"));
    assert_string_equal(rs.files[0].kind, "Inspect eval set");
    assert_string_equal(rs.files[2].kind, "Inspect eval-set manifest");
    assert_non_null(strstr(rs.files[2].about, "2 logs, 1 finished"));
    pl_diags_clear(&w);
    pl_run_responses_free(&rs);
}

static void test_superseded_attempt(void **state)
{
    (void)state;
    check_attempts(KILLED, RETRY);
    check_attempts(RETRY, KILLED);
}

/* The explorer on the directory: 10 answers at 70.0%, the killed attempt
 * listed as superseded, the manifests named. */
static void test_eval_set_workspace(void **state)
{
    (void)state;
    const char *paths[] = {SETS "questions.json", SETS "eval-set"};
    pl_workspace *ws = pl_test_open_graded(paths, 2);
    assert_int_equal(pl_workspace_ngroups(ws), 1);
    int n = pl_workspace_count(ws), *all = malloc((size_t)n * sizeof *all);
    for (int i = 0; i < n; i++)
        all[i] = i;
    pl_ws_aggregate a;
    pl_workspace_aggregate(ws, all, n, &a);
    assert_int_equal(a.answers, 10);
    assert_float_equal(a.accuracy, 0.7, 1e-9);
    assert_false(a.partial);
    int superseded = 0, manifest = 0, set = 0;
    for (int i = 0; i < pl_workspace_nsources(ws); i++) {
        const char *s = pl_workspace_source(ws, i);
        superseded += strstr(s, "_killed.eval: superseded attempt, set aside for") != NULL;
        manifest += strstr(s, "logs.json: an Inspect eval-set manifest: 2 logs") != NULL;
        set += strstr(s, "eval-set.json: an Inspect eval set (ES-29): 1 task") != NULL;
    }
    assert_int_equal(superseded + manifest + set, 3);
    const pl_diags *w = pl_workspace_warnings(ws);
    for (size_t i = 0; i < w->count; i++)
        assert_null(strstr(w->items[i].message, "still in progress"));
    free(all);
    pl_workspace_close(ws);
}

static char *write_temp(const char *name, const char *text)
{
    char *path = pl_strdup_printf("%s/planlens-eval-sets-%d-%s", "/tmp", (int)getpid(), name);
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
    return path;
}

/* Any valid JSON is read as JSON: a pretty-printed object that is no run is
 * named with its keys; a pretty-printed record named .jsonl is one record;
 * JSON lines are still JSON lines. */
static void test_json_named_by_parsing(void **state)
{
    (void)state;
    char *other = write_temp("other.json", "{\n  \"name\": \"x\",\n  \"items\": [1, 2]\n}\n");
    char *record = write_temp("record.jsonl", "{\n  \"id\": 1,\n  \"group\": \"progression_bool\",\n"
                                              "  \"response\": \"yes\"\n}\n");
    char *lines = write_temp("lines.json", "{\"id\": 1, \"response\": \"yes\"}\n{\"id\": 2, \"response\": \"no\"}\n");
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_run_responses_load(&rs, other, NULL, &err), PL_ERR_SYNTAX);
    assert_non_null(strstr(err.message, "a JSON object with keys name, items: not a question set or run"));
    assert_null(strstr(err.message, "invalid JSON"));
    pl_error_clear(&err);
    assert_int_equal(rs.nfiles, 0);
    load(&rs, record, NULL);
    assert_int_equal(rs.count, 1);
    assert_string_equal(rs.items[0].response, "yes");
    load(&rs, lines, NULL);
    assert_int_equal(rs.count, 3);
    pl_run_responses_free(&rs);
    for (char **p = (char *[]){other, record, lines, NULL}; *p; p++) {
        remove(*p);
        free(*p);
    }
}

/* Every record of the workspace on `paths`, aggregated. */
static pl_workspace *aggregate_all(const char *dir, pl_ws_aggregate *a)
{
    const char *paths[] = {SETS "questions.json", dir};
    pl_workspace *ws = pl_test_open_graded(paths, 2);
    int n = pl_workspace_count(ws), *all = malloc((size_t)n * sizeof *all + 1);
    for (int i = 0; i < n; i++)
        all[i] = i;
    pl_workspace_aggregate(ws, all, n, a);
    free(all);
    return ws;
}

/* Point 3: a cancelled and an errored log say so, and accuracy is partial. */
static void test_run_status(void **state)
{
    (void)state;
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    load(&rs, CANCELLED, NULL);
    load(&rs, ERRORED, NULL);
    char *cancelled = pl_run_file_status(&rs.files[0]), *errored = pl_run_file_status(&rs.files[1]);
    assert_string_equal(cancelled, "cancelled: 7 of 10 samples");
    assert_string_equal(errored, "error: RateLimitError: Error code: 429 - Rate limit reached for gpt-4o-mini");
    free(cancelled);
    free(errored);
    pl_run_responses_free(&rs);
    pl_ws_aggregate a;
    pl_workspace *ws = aggregate_all(SETS "status", &a);
    assert_true(a.partial);
    assert_int_equal(pl_workspace_ngroups(ws), 2);
    char *status = pl_workspace_group_status(ws, 0);
    assert_string_equal(status, "cancelled: 7 of 10 samples"); /* m/cancelled sorts first */
    free(status);
    pl_workspace_close(ws);
}

/* Point 4: each reducer as Inspect computes it on one sample's epochs. */
static void test_reducers(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        double values[4];
        int n;
        double want;
    } cases[] = {
        {"mean", {1, 0, 1}, 3, 2.0 / 3},      {"median", {1, 0, 0, 1}, 4, 0.5}, {"mode", {0, 1, 1, 0}, 4, 0},
        {"mode", {1, 0, 0}, 3, 0},            {"max", {0, 0.5, 0}, 3, 0.5},     {"at_least_2", {1, 0, 1}, 3, 1},
        {"at_least_3", {1, 0, 1}, 3, 0},      {"pass_at_2", {1, 0, 0}, 3, 2.0 / 3},
        {"pass_at_2", {1, 1, 0}, 3, 1},       {"pass_at_2", {0, 0, 0}, 3, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        pl_epoch_reducer r;
        assert_true(pl_epoch_reducer_parse(cases[i].name, &r));
        assert_float_equal(pl_epoch_reduce(&r, cases[i].values, cases[i].n), cases[i].want, 1e-12);
    }
    pl_epoch_reducer r;
    assert_true(pl_epoch_reducer_parse("pass_at_3", &r));
    assert_true(isnan(pl_epoch_reduce(&r, (double[]){1, 1}, 2)));
    assert_false(pl_epoch_reducer_parse("at_least_", &r));
    assert_false(pl_epoch_reducer_parse("top_5", &r));
}

/* Point 4: the log declares max (Inspect: 0.900); mean gives 0.600; the
 * user switches and back. */
static void test_log_reducer(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        double want;
    } switched[] = {{"mean", 0.6}, {"median", 0.6}, {"mode", 0.6}, {"at_least_3", 0.3}, {"pass_at_2", 0.8},
                    {NULL, 0.9}};
    pl_ws_aggregate a;
    pl_workspace *ws = aggregate_all(SETS "reducers", &a);
    assert_float_equal(a.accuracy, 0.9, 1e-9);
    assert_string_equal(pl_workspace_group_reducer(ws, 0), "max");
    int n = pl_workspace_count(ws), all[30];
    assert_int_equal(n, 30);
    for (int i = 0; i < n; i++)
        all[i] = i;
    for (size_t i = 0; i < sizeof switched / sizeof *switched; i++) {
        assert_int_equal(pl_workspace_set_reducer(ws, switched[i].name), 0);
        pl_workspace_aggregate(ws, all, n, &a);
        assert_float_equal(a.accuracy, switched[i].want, 1e-9);
    }
    assert_int_equal(pl_workspace_set_reducer(ws, "best"), -1);
    pl_workspace_close(ws);
}

/* Points 5 and 6: the stored column is the first scorer with a number, the
 * other kept; a scorer that raised leaves an answer that is graded and
 * counted; a sample without output stays out. */
static void test_scorers(void **state)
{
    (void)state;
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    load(&rs, SCORERS, NULL);
    assert_int_equal(rs.count, 10);
    assert_string_equal(rs.files[0].scorers, "acp_eval, includes");
    const pl_run_response *first = &rs.items[0], *failed = &rs.items[2], *no_output = &rs.items[3];
    assert_string_equal(first->stored_scorer, "acp_eval");
    assert_string_equal(first->other_scores, "includes: C");
    assert_null(failed->error);
    assert_string_equal(failed->scorer_error, "ValueError: could not parse the answer for scoring");
    assert_string_equal(failed->response, "yes");
    assert_false(failed->has_stored_score);
    assert_string_equal(no_output->error, "APIConnectionError: connection reset");
    pl_run_responses_free(&rs);
    pl_ws_aggregate a;
    pl_workspace *ws = aggregate_all(SETS "scorers", &a);
    assert_int_equal(a.scorer_failures, 1);
    assert_int_equal(a.sample_errors, 1);
    assert_int_equal(a.questions, 9);
    assert_float_equal(a.accuracy, 8.0 / 9, 1e-9);
    pl_workspace_close(ws);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_superseded_attempt),
        cmocka_unit_test(test_eval_set_workspace),
        cmocka_unit_test(test_json_named_by_parsing),
        cmocka_unit_test(test_run_status),
        cmocka_unit_test(test_reducers),
        cmocka_unit_test(test_log_reducer),
        cmocka_unit_test(test_scorers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
