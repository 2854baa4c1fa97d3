/* Run files as today's lm-evaluation-harness and Inspect AI write them
 * (tests/data/runs, written by tests/runs/make_run_fixtures.py from the
 * tools' documented layouts): zstd .eval archives, re-logged samples,
 * epochs and repeats, errored samples, results files and model names,
 * empty and unfinished runs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "acpbench/questions.h"
#include "runs/runs.h"
#include "test_support.h"

#define RUNS PLANLENS_SOURCE_DIR "/tests/data/runs/"
#define ZSTD_LOG RUNS "inspect/2025-07-01T09-00-00+00-00_acp-app-gen_zstd.eval"
#define OUT_PATH RUNS "lm-eval/output-path/"
#define LM_DATE "2025-07-01T09-00-00.000001"

static void load(pl_run_responses *rs, const char *path, pl_diags *warnings)
{
    pl_error err = PL_ERROR_INIT;
    pl_error_code rc = pl_run_responses_load(rs, path, warnings, &err);
    if (rc != PL_OK) {
        char *msg = pl_error_format(&err);
        fail_msg("%s", msg);
    }
}

/* The single warning, which must contain `part`. */
static void expect_warning(const pl_diags *w, const char *part)
{
    if (w->count != 1 || !strstr(w->items[0].message, part))
        fail_msg("expected one warning with '%s', got %zu%s%s", part, w->count, w->count ? ": " : "",
                 w->count ? w->items[0].message : "");
}

static void expect_answer(const pl_run_response *r, const char *sample_id, int epoch, const char *response)
{
    assert_string_equal(r->sample_id, sample_id);
    assert_int_equal(r->epoch, epoch);
    assert_string_equal(r->response, response);
}

/* Inspect >= 0.3.206: every member zstd (method 93); one spans three
 * frames; 3 epochs in Inspect's order; the re-logged samples/1_epoch_1.json
 * read from its last copy; the errored sample kept with its message. */
static void test_zstd_epochs_errors(void **state)
{
    (void)state;
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    pl_diags w = PL_DIAGS_INIT;
    load(&rs, ZSTD_LOG, &w);
    assert_int_equal(w.count, 0);
    assert_int_equal(rs.count, 6);
    expect_answer(&rs.items[0], "1", 1, "(sail l0 l1)"); /* not the stale first copy */
    assert_true(rs.items[0].has_stored_score && rs.items[0].stored_score == 1.0);
    assert_string_equal(rs.items[0].model, "openai/gpt-4o-mini");
    assert_string_equal(rs.items[0].group, "applicable_actions_gen");
    assert_string_equal(rs.items[0].context, "A ferry is at l0.");
    expect_answer(&rs.items[1], "2", 1, "(sail l1 l0)");
    expect_answer(&rs.items[2], "1", 2, "(sail l0 l0)");
    expect_answer(&rs.items[3], "2", 2, "");
    assert_string_equal(rs.items[3].error, "RateLimitError: too many requests");
    assert_false(rs.items[3].has_stored_score);
    expect_answer(&rs.items[4], "1", 3, "(sail l0 l1)");
    assert_int_equal(rs.items[5].epoch, 3);
    assert_int_equal(strlen(rs.items[5].response), 400 * strlen("(sail l1 l0)\n")); /* three frames */
    for (int i = 0; i < rs.count; i++)
        assert_true((i == 3) == (rs.items[i].error != NULL));

    /* identity by question: the samples are numbered 1..N, matched by text */
    pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_acp_questions_load(&qs, RUNS "questions.json", &w, &err), PL_OK);
    assert_string_equal(pl_acp_questions_match(&qs, &rs.items[0])->id, "1234567890123456789");
    assert_string_equal(pl_acp_questions_match(&qs, &rs.items[3])->id, "-42");
    pl_acp_questions_free(&qs);
    pl_run_responses_free(&rs);
    pl_diags_clear(&w);
}

/* Inspect 0.3.43 .. 0.3.205 wrote deflate entries: still read. */
static void test_deflate_log(void **state)
{
    (void)state;
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    pl_diags w = PL_DIAGS_INIT;
    load(&rs, RUNS "inspect/2025-01-10T08-00-00+00-00_acp-app-gen_deflate.eval", &w);
    assert_int_equal(w.count, 0);
    assert_int_equal(rs.count, 2);
    expect_answer(&rs.items[1], "2", 1, "(sail l1 l1)");
    assert_string_equal(rs.items[1].model, "anthropic/claude-3-5-haiku");
    pl_run_responses_free(&rs);
    pl_diags_clear(&w);
}

/* A member in a method nothing reads is named with its method; the rest loads. */
static void test_unknown_method(void **state)
{
    (void)state;
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    pl_diags w = PL_DIAGS_INIT;
    load(&rs, RUNS "inspect/2025-07-03T09-00-00+00-00_acp-app-gen_ppmd.eval", &w);
    expect_warning(&w, "samples/2_epoch_1.json: compression method 98 (PPMd) is not supported");
    assert_int_equal(rs.count, 1);
    expect_answer(&rs.items[0], "1", 1, "(sail l0 l1)");
    pl_run_responses_free(&rs);
    pl_diags_clear(&w);
}

/* Only _journal/start.json: the eval is still running. */
static void test_started_only(void **state)
{
    (void)state;
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    pl_diags w = PL_DIAGS_INIT;
    load(&rs, RUNS "inspect/2025-07-02T09-00-00+00-00_acp-app-gen_started.eval", &w);
    expect_warning(&w, "run still in progress: no samples yet");
    assert_int_equal(rs.count, 0);
    pl_run_responses_free(&rs);
    pl_diags_clear(&w);
}

/* lm-eval --output_path X.json: the model from X_<date>.json, every repeat
 * an epoch with its score from scores_per_repeat. */
static void test_lm_eval_repeats(void **state)
{
    (void)state;
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    pl_diags w = PL_DIAGS_INIT;
    load(&rs, OUT_PATH "samples_acp_app_gen_" LM_DATE ".jsonl", &w);
    assert_int_equal(w.count, 0);
    assert_int_equal(rs.count, 6);
    static const double stored[] = {1, 0, 1, 1, 1, 0};
    for (int i = 0; i < 6; i++) {
        assert_string_equal(rs.items[i].model, "Qwen/Qwen2.5-7B-Instruct");
        assert_int_equal(rs.items[i].epoch, i % 3 + 1);
        assert_string_equal(rs.items[i].sample_id, i < 3 ? "0" : "1");
        assert_true(rs.items[i].has_stored_score && rs.items[i].stored_score == stored[i]);
    }
    assert_string_equal(rs.items[1].response, "(sail l0 l0)");
    assert_string_equal(rs.items[5].id, "-42");
    pl_run_responses_free(&rs);
    pl_diags_clear(&w);
}

/* The results file is the run's summary: no answers, no warning.  Empty
 * samples files are skipped with a warning. */
static void test_lm_eval_companions(void **state)
{
    (void)state;
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    pl_diags w = PL_DIAGS_INIT;
    load(&rs, OUT_PATH "acp_run_" LM_DATE ".json", &w);
    assert_int_equal(w.count, 0);
    assert_int_equal(rs.count, 0);
    assert_int_equal(rs.summaries, 1);
    load(&rs, RUNS "lm-eval/model-args/results_2025-07-02T10-00-00.000002.json", &w);
    assert_int_equal(rs.summaries, 2);
    load(&rs, OUT_PATH "samples_acp_reach_gen_" LM_DATE ".jsonl", &w); /* 0 bytes */
    expect_warning(&w, "empty file");
    pl_diags_clear(&w);
    load(&rs, OUT_PATH "samples_acp_prog_gen_" LM_DATE ".jsonl", &w); /* one newline */
    expect_warning(&w, "empty file");
    assert_int_equal(rs.count, 0);
    pl_run_responses_free(&rs);
    pl_diags_clear(&w);
}

/* Model names: config.model_args when the results name none (peft before
 * pretrained, as lm-eval orders them); the directory's name, said so, when
 * there is no results file. */
static void test_lm_eval_model_names(void **state)
{
    (void)state;
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    pl_diags w = PL_DIAGS_INIT;
    load(&rs, RUNS "lm-eval/model-args/samples_acp_app_gen_2025-07-02T10-00-00.000002.jsonl", &w);
    assert_int_equal(w.count, 0);
    assert_string_equal(rs.items[0].model, "org/adapter");
    load(&rs, RUNS "lm-eval/no-results/my-local-model/samples_acp_app_gen_2025-07-03T11-00-00.000003.jsonl", &w);
    expect_warning(&w, "the model is the directory's name, 'my-local-model'");
    assert_string_equal(rs.items[1].model, "my-local-model");
    pl_run_responses_free(&rs);
    pl_diags_clear(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_zstd_epochs_errors),  cmocka_unit_test(test_deflate_log),
        cmocka_unit_test(test_unknown_method),      cmocka_unit_test(test_started_only),
        cmocka_unit_test(test_lm_eval_repeats),     cmocka_unit_test(test_lm_eval_companions),
        cmocka_unit_test(test_lm_eval_model_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
