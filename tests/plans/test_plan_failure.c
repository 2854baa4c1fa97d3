/* The failure mode of a plan trace (pl_plan_failure): one fixture per kind,
 * from the real LLM plans of ../shared/data where one exists (PlanBench
 * GPT-4 runs, plan-quality dev.jsonl), else from tests/pddl/ipc; and over
 * every real plan: an invalid plan has a kind, a valid one has none. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "plans/plan.h"
#include "test_support.h"

/* Classifies a plan given as a NULL-terminated list of steps. */
static void classify(const pl_task *t, const char *const *steps, double optimal, pl_failure *f)
{
    int n = 0;
    while (steps[n])
        n++;
    pl_trace *tr = pl_trace_new(t, (char *const *)steps, n);
    assert_non_null(tr);
    assert_int_equal(pl_plan_failure(tr, optimal, f), 0);
    pl_trace_free(tr);
}

static void assert_failure(const pl_failure *f, pl_failure_kind kind, const char *key, int step)
{
    if (f->kind != kind || (key ? !f->key || strcmp(f->key, key) : f->key != NULL) || f->step != step)
        fail_msg("got %s key '%s' step %d (%s), expected %s key '%s' step %d", pl_failure_kind_name(f->kind),
                 f->key ? f->key : "(none)", f->step, f->detail ? f->detail : "", pl_failure_kind_name(kind),
                 key ? key : "(none)", step);
}

static void load_fixture(const char *name, pl_loaded_task *lt)
{
    char dpath[4096], ppath[4096];
    snprintf(dpath, sizeof dpath, "%s/tests/pddl/ipc/%s-domain.pddl", PLANLENS_SOURCE_DIR, name);
    snprintf(ppath, sizeof ppath, "%s/tests/pddl/ipc/%s-problem.pddl", PLANLENS_SOURCE_DIR, name);
    pl_error err = PL_ERROR_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    int rc = pl_load_task_files(dpath, ppath, lt, &warnings, &err);
    pl_diags_clear(&warnings);
    if (rc != PL_OK) {
        print_error("%s: %s\n", name, err.message ? err.message : "?");
        pl_error_clear(&err);
        fail();
    }
}

/* road-delivery (typed, with action costs; its plan of cost 23 is optimal):
 * the kinds no real LLM plan of ../shared/data shows (unknown action, type
 * mismatch, a costlier plan under action costs). */
static void test_fixture_kinds(void **state)
{
    (void)state;
    pl_loaded_task lt;
    load_fixture("road-delivery", &lt);
    const pl_task *t = lt.task;
    pl_failure f = {0};

    const char *unknown_action[] = {"(drive truck1 a b)", "(pick-up p1 truck1 b)", NULL};
    classify(t, unknown_action, -1, &f);
    assert_failure(&f, PL_FAIL_UNKNOWN_ACTION, "pick-up", 2);

    const char *timed[] = {"0: (drive truck1 a b) [1]", NULL}; /* no name to key it by */
    classify(t, timed, -1, &f);
    assert_failure(&f, PL_FAIL_MALFORMED_STEP, NULL, 1);

    const char *type_mismatch[] = {"(drive p1 a b)", NULL};
    classify(t, type_mismatch, -1, &f);
    assert_failure(&f, PL_FAIL_TYPE_MISMATCH, "drive", 1);

    const char *optimal[] = {"(drive truck1 a b)", "(load p1 truck1 b)",   "(drive truck1 b c)",
                             "(load p2 truck1 c)", "(drive truck1 c d)",   "(unload p1 truck1 d)",
                             "(drive truck1 d c)", "(drive truck1 c b)",   "(unload p2 truck1 b)", NULL};
    classify(t, optimal, 23, &f);
    assert_failure(&f, PL_FAIL_NONE, NULL, 0);
    /* the same plan, a detour a -> b -> a -> b first: 10 more */
    const char *detour[] = {"(drive truck1 a b)", "(drive truck1 b a)",   "(drive truck1 a b)",
                            "(load p1 truck1 b)", "(drive truck1 b c)",   "(load p2 truck1 c)",
                            "(drive truck1 c d)", "(unload p1 truck1 d)", "(drive truck1 d c)",
                            "(drive truck1 c b)", "(unload p2 truck1 b)", NULL};
    classify(t, detour, 23, &f);
    assert_failure(&f, PL_FAIL_NOT_OPTIMAL, "+10", 0);
    classify(t, detour, -1, &f); /* no reference cost: valid is right */
    assert_failure(&f, PL_FAIL_NONE, NULL, 0);

    const char *unmet[] = {"(drive truck1 a b)", "(unload p1 truck1 b)", NULL};
    classify(t, unmet, -1, &f);
    assert_failure(&f, PL_FAIL_UNMET_PRECONDITION, "unload: in", 2);
    assert_non_null(strstr(f.detail, "(in p1 truck1)"));

    const char *empty[] = {NULL};
    classify(t, empty, -1, &f);
    assert_failure(&f, PL_FAIL_EMPTY_ANSWER, NULL, 0);

    pl_failure_clear(&f);
    pl_loaded_task_free(&lt);
}

/* The trace of a row's llm_plan on its PDDL (lt: the task, to free after). */
static pl_trace *trace_row(const cJSON *row, pl_loaded_task *lt)
{
    pl_test_load_texts(cJSON_GetObjectItemCaseSensitive(row, "domain_pddl")->valuestring,
                       cJSON_GetObjectItemCaseSensitive(row, "problem_pddl")->valuestring,
                       cJSON_GetObjectItemCaseSensitive(row, "case_id")->valuestring, lt);
    const cJSON *plan = cJSON_GetObjectItemCaseSensitive(row, "llm_plan");
    int n = cJSON_GetArraySize(plan);
    char **steps = calloc((size_t)n + 1, sizeof *steps);
    assert_non_null(steps);
    for (int i = 0; i < n; i++)
        steps[i] = cJSON_GetArrayItem(plan, i)->valuestring;
    pl_trace *tr = pl_trace_new(lt->task, steps, n);
    free(steps);
    assert_non_null(tr);
    return tr;
}

static const cJSON *find_row(const cJSON *rows, const char *id)
{
    const cJSON *row;
    cJSON_ArrayForEach(row, rows)
    {
        if (!strcmp(cJSON_GetObjectItemCaseSensitive(row, "case_id")->valuestring, id))
            return row;
    }
    fail_msg("no case %s", id);
    return NULL;
}

/* A real plan's failure (optimal < 0: not compared). */
static void classify_row(const cJSON *row, double optimal, pl_failure *f)
{
    pl_loaded_task lt;
    pl_trace *tr = trace_row(row, &lt);
    assert_int_equal(pl_plan_failure(tr, optimal, f), 0);
    pl_trace_free(tr);
    pl_loaded_task_free(&lt);
}

static void test_real_kinds(void **state)
{
    (void)state;
    if (!pl_test_data_dir("plan-quality"))
        return;
    cJSON *rows = pl_test_read_jsonl(pl_test_data_path("plan-quality/dev.jsonl"));
    pl_failure f = {0};
    static const struct {
        const char *id;
        pl_failure_kind kind;
        const char *key;
        int step;
    } cases[] = {
        {"blocksworld_3/claude_3-5_haiku/one_shot/8", PL_FAIL_UNMET_PRECONDITION, "unstack: on", 1},
        {"blocksworld_3/claude_3-5_haiku/one_shot/20", PL_FAIL_EMPTY_ANSWER, NULL, 0},
        /* "(fly-airplane a1 l1-0 (1's)": a nested parenthesis */
        {"logistics/o3-mini_chat/one_shot/2", PL_FAIL_MALFORMED_STEP, "fly-airplane", 2},
        {"logistics/gemini_2-5_pro/state_tracking/8", PL_FAIL_WRONG_ARITY, "drive-truck", 2},
        {"logistics/claude_3-5_haiku/one_shot/49", PL_FAIL_UNKNOWN_OBJECT, "load-airplane", 1},
        {"blocksworld_3/claude_3-7_sonnet/state_tracking/13", PL_FAIL_GOAL_UNMET, "2 goals", 0},
        {"blocksworld_3/claude_3-5_haiku/pddl/30", PL_FAIL_NONE, NULL, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        classify_row(find_row(rows, cases[i].id), -1, &f);
        assert_failure(&f, cases[i].kind, cases[i].key, cases[i].step);
    }
    pl_failure_clear(&f);
    cJSON_Delete(rows);
}

/* PlanBench task 2 (plan optimality): GPT-4's valid plan of 4 actions where
 * 2 are optimal, and a task-1 plan failing at its fourth step. */
static void test_planbench_kinds(void **state)
{
    (void)state;
    if (!pl_test_data_dir("planbench"))
        return;
    cJSON *rows = pl_test_read_jsonl(pl_test_data_path("planbench/gpt4-blocksworld_3.jsonl"));
    pl_failure f = {0};
    const cJSON *row = find_row(rows, "planbench/blocksworld_3/gpt-4_chat/task_2_plan_optimality/20");
    classify_row(row, cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(row, "gt_plan")), &f);
    assert_failure(&f, PL_FAIL_NOT_OPTIMAL, "+2", 0);
    classify_row(row, -1, &f);
    assert_failure(&f, PL_FAIL_NONE, NULL, 0);
    classify_row(find_row(rows, "planbench/blocksworld_3/gpt-4_chat/task_1_plan_generation/4"), -1, &f);
    assert_failure(&f, PL_FAIL_UNMET_PRECONDITION, "pick-up: clear", 4);
    pl_failure_clear(&f);
    cJSON_Delete(rows);
}

/* Every plan of a file: its kind agrees with the trace's validity. */
typedef struct {
    int plans, invalid;
    int count[PL_FAIL_NKINDS];
    char example[PL_FAIL_NKINDS][256];
} tally;

static void tally_plan(tally *t, const char *id, const pl_failure *f, bool wrong)
{
    t->plans++;
    t->invalid += wrong;
    if (wrong != (f->kind != PL_FAIL_NONE))
        fail_msg("%s: %s, kind %s", id, wrong ? "wrong" : "right", pl_failure_kind_name(f->kind));
    t->count[f->kind]++;
    if (!t->example[f->kind][0])
        snprintf(t->example[f->kind], sizeof t->example[f->kind], "%s: key '%s' step %d: %s", id,
                 f->key ? f->key : "", f->step, f->detail ? f->detail : "");
}

static void print_tally(const char *what, const tally *t)
{
    print_message("%s: %d plans, %d invalid\n", what, t->plans, t->invalid);
    for (int k = 0; k < PL_FAIL_NKINDS; k++)
        if (t->count[k])
            print_message("  %-20s %4d  e.g. %s\n", pl_failure_kind_name((pl_failure_kind)k), t->count[k],
                          t->example[k]);
}

static void run_file(const char *rel, tally *t, tally *optimality)
{
    cJSON *rows = pl_test_read_jsonl(pl_test_data_path(rel));
    const cJSON *row;
    cJSON_ArrayForEach(row, rows)
    {
        const char *id = cJSON_GetObjectItemCaseSensitive(row, "case_id")->valuestring;
        pl_loaded_task lt;
        pl_trace *tr = trace_row(row, &lt);
        pl_failure f = {0};
        assert_int_equal(pl_plan_failure(tr, -1, &f), 0);
        tally_plan(t, id, &f, !tr->valid);
        /* PlanBench task 2 asks for an optimal plan: its GT plan is one
         * (Blocksworld: unit costs, so the cost is the length). */
        const cJSON *task = cJSON_GetObjectItemCaseSensitive(row, "task");
        if (optimality && cJSON_IsString(task) && !strcmp(task->valuestring, "task_2_plan_optimality")) {
            double gt = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(row, "gt_plan"));
            assert_int_equal(pl_plan_failure(tr, gt, &f), 0);
            bool want = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(row, "llm_correct"));
            tally_plan(optimality, id, &f, !want);
        }
        pl_failure_clear(&f);
        pl_trace_free(tr);
        pl_loaded_task_free(&lt);
    }
    cJSON_Delete(rows);
}

static void test_every_plan_quality_case(void **state)
{
    (void)state;
    if (!pl_test_data_dir("plan-quality"))
        return;
    tally t = {0};
    run_file("plan-quality/dev.jsonl", &t, NULL);
    print_tally("plan-quality/dev.jsonl", &t);
    assert_int_equal(t.plans, 962);
}

static void test_every_planbench_run(void **state)
{
    (void)state;
    if (!pl_test_data_dir("planbench"))
        return;
    tally t = {0}, opt = {0};
    run_file("planbench/gpt4-blocksworld_3.jsonl", &t, &opt);
    print_tally("planbench (validity)", &t);
    print_tally("planbench task 2 (valid and optimal = llm_correct)", &opt);
    assert_int_equal(t.plans, 200);
    assert_int_equal(opt.plans, 100);
}

/* The explorer's plan-quality records (engine/workspace/cases.c): a failure
 * exactly on the cases whose sound score is 0. */
static void test_workspace_cases(void **state)
{
    (void)state;
    if (!pl_test_data_dir("plan-quality and planbench"))
        return;
    char dev[4096], planbench[4096];
    snprintf(dev, sizeof dev, "%s", pl_test_data_path("plan-quality/dev.jsonl"));
    snprintf(planbench, sizeof planbench, "%s", pl_test_data_path("planbench/gpt4-blocksworld_3.jsonl"));
    const char *paths[] = {dev, planbench};
    pl_workspace *ws = pl_test_open_graded(paths, 2);
    assert_non_null(ws);
    int cases = 0, wrong = 0;
    for (int i = 0; i < pl_workspace_count(ws); i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        if (!r->pcase || r->error)
            continue;
        const pl_failure *f = pl_ws_record_failure(r);
        if ((r->sound_score == 0) != (f->kind != PL_FAIL_NONE))
            fail_msg("%s: score %d, kind %s", r->id, r->sound_score, pl_failure_kind_name(f->kind));
        cases++;
        wrong += r->sound_score == 0;
    }
    print_message("workspace: %d cases, %d with a failure\n", cases, wrong);
    assert_int_equal(cases, 962 + 200);
    pl_workspace_close(ws);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fixture_kinds),
        cmocka_unit_test(test_real_kinds),
        cmocka_unit_test(test_planbench_kinds),
        cmocka_unit_test(test_every_plan_quality_case),
        cmocka_unit_test(test_every_planbench_run),
        cmocka_unit_test(test_workspace_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
