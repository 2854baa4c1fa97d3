/* The text around the answer, kept by every loader (issue 28 point 2), on
 * run files laid out as the tools write them (tests/data/runs/raw, written
 * by tests/runs/make_raw_text_fixtures.py from lm-eval's evaluator and
 * EvaluationTracker, Inspect's EvalSample and Content types, PlanBench's
 * result files) and on ../shared/data/planbench (SKIP without it): the
 * prompt, the model's own words and what was extracted from them; a prompt
 * shared by several answers is kept once. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "quality/inputs.h"
#include "runs/runs.h"
#include "runs/text_pool.h"
#include "test_support.h"

#define RAW PLANLENS_SOURCE_DIR "/tests/data/runs/raw/"
#define LM_SAMPLES RAW "lm-eval/org__model/samples_acp_app_gen_2025-08-01T10-00-00.000001.jsonl"
#define PROMPT_0 "A ferry is at l0.\nGenerate the list of all ground actions that are applicable in this state.\nAnswer:"
#define PROMPT_1 "A ferry is at l1.\nGenerate the list of all ground actions that are applicable in this state.\nAnswer:"

static void load(pl_run_responses *rs, const char *path)
{
    pl_diags w = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    if (pl_run_responses_load(rs, path, &w, &err) != PL_OK) {
        char *msg = pl_error_format(&err);
        fail_msg("%s", msg);
    }
    if (w.count)
        fail_msg("unexpected warning: %s", w.items[0].message);
    pl_diags_clear(&w);
}

/* lm-eval: the prompt from arguments (gen_args_0.arg_0, and the older list
 * form), one copy for the three repeats; filtered_resps per repeat beside
 * the raw generation; no copy when the filter kept the generation as is. */
static void test_lm_eval_prompt_and_filtered(void **state)
{
    (void)state;
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    load(&rs, LM_SAMPLES);
    assert_int_equal(rs.count, 4); /* 3 repeats of doc 0 (its second filter line skipped), doc 1 */
    for (int k = 0; k < 3; k++) {
        assert_string_equal(rs.items[k].prompt, PROMPT_0);
        assert_ptr_equal(rs.items[k].prompt, rs.items[0].prompt); /* shared, not copied per repeat */
    }
    assert_string_equal(rs.items[0].response, "Let me think. The ferry can sail.\n[(sail l0 l1)]");
    assert_string_equal(rs.items[0].filtered, "[(sail l0 l1)]");
    assert_null(rs.items[1].filtered); /* the filter kept "[(sail l0 l0)]" as generated */
    assert_string_equal(rs.items[2].filtered, "(sail l0 l1)");
    assert_string_equal(rs.items[3].prompt, PROMPT_1);
    assert_null(rs.items[3].filtered);
    assert_null(rs.items[0].raw); /* the response is the raw text */
    assert_int_equal(pl_text_pool_count(rs.texts), 2);
    pl_run_responses_free(&rs);
}

/* Inspect: the prompt is the conversation before the answer (system and
 * user messages), else the input; the reasoning parts beside the text the
 * scorers read; a redacted part by its summary; epochs share the prompt. */
static void test_inspect_prompt_and_reasoning(void **state)
{
    (void)state;
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    load(&rs, RAW "inspect/reasoning.json");
    assert_int_equal(rs.count, 3);
    const pl_run_response *e1 = &rs.items[0], *e2 = NULL, *other = NULL;
    for (int i = 1; i < rs.count; i++) {
        if (!strcmp(rs.items[i].sample_id, "1"))
            e2 = &rs.items[i];
        else
            other = &rs.items[i];
    }
    assert_non_null(e2);
    assert_non_null(other);
    assert_string_equal(e1->sample_id, "1");
    assert_string_equal(e1->prompt, "system: You are a planning expert.\n\nuser: " PROMPT_0);
    assert_ptr_equal(e1->prompt, e2->prompt);
    assert_string_equal(e1->response, "[(sail l0 l1)]");
    assert_string_equal(e1->reasoning, "The ferry is at l0, so it can sail to l1.");
    assert_string_equal(e2->reasoning, "Sailing needs the ferry at the origin.");
    assert_string_equal(other->prompt, PROMPT_1); /* no messages: the input */
    assert_string_equal(other->reasoning, "Considered where the ferry is.");
    pl_run_responses_free(&rs);
}

/* PlanBench's result file: query and llm_raw_response beside the extracted plan. */
static void test_planbench_result_file(void **state)
{
    (void)state;
    pl_quality_cases cs = {0};
    pl_diags w = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_quality_read_file(RAW "planbench/task_1_plan_generation.json", NULL, &cs, &w, &err), PL_OK);
    assert_int_equal(cs.count, 1);
    const pl_quality_case *c = &cs.items[0];
    assert_non_null(strstr(c->prompt, "the red block is on top of the orange block"));
    assert_string_equal(c->raw_response, "pick up the red block\nstack the red block on top of the orange block\n"
                                         "[PLAN END]\n");
    assert_int_equal(c->nllm, 2);
    assert_string_equal(c->llm[1], "(stack a c)");
    assert_string_equal(c->prompt_type, "oneshot");
    assert_string_equal(c->instance_id, "2");
    pl_quality_cases_free(&cs);
    pl_diags_clear(&w);
    pl_error_clear(&err);
}

/* ../shared/data/planbench: every one of the 200 GPT-4 cases keeps its
 * query and raw response, as the file has them. */
static void test_planbench_shared_runs(void **state)
{
    (void)state;
    if (!pl_test_data_dir("PlanBench raw responses"))
        return;
    const char *path = pl_test_data_path("planbench/gpt4-blocksworld_3.jsonl");
    cJSON *lines = pl_test_read_jsonl(path);
    pl_quality_cases cs = {0};
    pl_diags w = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_quality_read_file(path, NULL, &cs, &w, &err), PL_OK);
    assert_int_equal(cs.count, cJSON_GetArraySize(lines));
    int i = 0, red = 0;
    const cJSON *line;
    cJSON_ArrayForEach(line, lines)
    {
        const pl_quality_case *c = &cs.items[i++];
        assert_string_equal(c->prompt, cJSON_GetObjectItemCaseSensitive(line, "query")->valuestring);
        assert_string_equal(c->raw_response, cJSON_GetObjectItemCaseSensitive(line, "llm_raw_response")->valuestring);
        red += strstr(c->raw_response, "red block") != NULL;
    }
    assert_true(red > 0);
    cJSON_Delete(lines);
    pl_quality_cases_free(&cs);
    pl_diags_clear(&w);
    pl_error_clear(&err);
}

/* The pool: one copy per distinct text. */
static void test_text_pool(void **state)
{
    (void)state;
    pl_text_pool *pool = NULL;
    char text[32];
    const char *first[200];
    for (int i = 0; i < 200; i++) {
        snprintf(text, sizeof text, "prompt %d", i);
        first[i] = pl_text_pool_add(&pool, text, strlen(text));
        assert_string_equal(first[i], text);
    }
    for (int i = 0; i < 200; i++) { /* after the table grew */
        snprintf(text, sizeof text, "prompt %d", i);
        assert_ptr_equal(pl_text_pool_add(&pool, text, strlen(text)), first[i]);
    }
    assert_int_equal(pl_text_pool_count(pool), 200);
    pl_text_pool_free(pool);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lm_eval_prompt_and_filtered), cmocka_unit_test(test_inspect_prompt_and_reasoning),
        cmocka_unit_test(test_planbench_result_file),       cmocka_unit_test(test_planbench_shared_runs),
        cmocka_unit_test(test_text_pool),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
