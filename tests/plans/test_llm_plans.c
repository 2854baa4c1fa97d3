/* Real LLM plans against independent simulations: the 200 GPT-4 PlanBench
 * plans (validity = llm_correct for task 1, LEA = sim_true_lea) and the 962
 * plans of the plan-quality set (LEA = true_lea, goal reached). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "plans/plan.h"
#include "test_support.h"

static pl_trace *simulate_row(const cJSON *row, pl_loaded_task *lt, const char *label)
{
    pl_test_load_texts(cJSON_GetObjectItemCaseSensitive(row, "domain_pddl")->valuestring,
                       cJSON_GetObjectItemCaseSensitive(row, "problem_pddl")->valuestring, label, lt);
    const cJSON *plan = cJSON_GetObjectItemCaseSensitive(row, "llm_plan");
    int n = cJSON_GetArraySize(plan);
    char **steps = calloc((size_t)n + 1, sizeof *steps);
    for (int i = 0; i < n; i++)
        steps[i] = cJSON_GetArrayItem(plan, i)->valuestring;
    pl_trace *tr = pl_trace_new(lt->task, steps, n);
    free(steps);
    assert_non_null(tr);
    return tr;
}

static void test_planbench_gpt4(void **state)
{
    (void)state;
    if (!pl_test_data_dir("planbench"))
        return;
    cJSON *rows = pl_test_read_jsonl(pl_test_data_path("planbench/gpt4-blocksworld_3.jsonl"));
    int total = 0, task1 = 0, bad = 0;
    const cJSON *row;
    cJSON_ArrayForEach(row, rows)
    {
        const char *id = cJSON_GetObjectItemCaseSensitive(row, "case_id")->valuestring;
        pl_loaded_task lt;
        pl_trace *tr = simulate_row(row, &lt, id);
        const cJSON *checks = cJSON_GetObjectItemCaseSensitive(row, "checks");
        int want_lea = cJSON_GetObjectItemCaseSensitive(checks, "sim_true_lea")->valueint;
        if (tr->lea != want_lea) {
            print_message("%s: LEA %d, expected %d\n", id, tr->lea, want_lea);
            bad++;
        }
        if (!strcmp(cJSON_GetObjectItemCaseSensitive(row, "task")->valuestring, "task_1_plan_generation")) {
            bool want = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(row, "llm_correct"));
            if (tr->valid != want) {
                print_message("%s: valid %d, llm_correct %d\n", id, tr->valid, want);
                bad++;
            }
            task1++;
        }
        total++;
        pl_trace_free(tr);
        pl_loaded_task_free(&lt);
    }
    cJSON_Delete(rows);
    print_message("planbench: %d plans (%d task 1), %d disagreements\n", total, task1, bad);
    assert_int_equal(total, 200);
    assert_int_equal(task1, 100);
    assert_int_equal(bad, 0);
}

static void test_plan_quality_plans(void **state)
{
    (void)state;
    if (!pl_test_data_dir("plan-quality"))
        return;
    cJSON *rows = pl_test_read_jsonl(pl_test_data_path("plan-quality/dev.jsonl"));
    int total = 0, bad = 0, with_surplus = 0;
    const cJSON *row;
    cJSON_ArrayForEach(row, rows)
    {
        const char *id = cJSON_GetObjectItemCaseSensitive(row, "case_id")->valuestring;
        pl_loaded_task lt;
        pl_trace *tr = simulate_row(row, &lt, id);
        const cJSON *checks = cJSON_GetObjectItemCaseSensitive(row, "checks");
        int want_lea = cJSON_GetObjectItemCaseSensitive(checks, "true_lea")->valueint;
        bool want_goal = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(checks, "goal_reached"));
        /* checks.goal_reached is "the whole plan executed and reached the goal". */
        bool goal = tr->executable && tr->goal_reached;
        if (tr->lea != want_lea || goal != want_goal) {
            print_message("%s: LEA %d goal %d, expected LEA %d goal %d\n", id, tr->lea, goal, want_lea, want_goal);
            bad++;
        }
        /* Surplus arguments are read like VAL does (ignored), with a visible
         * warning on each executed or failing step that has them. */
        bool surplus = false;
        for (int i = 0; i <= tr->lea && i < tr->nsteps; i++)
            surplus |= tr->steps[i].ref.surplus > 0;
        if (surplus) {
            assert_true(tr->nwarnings > 0);
            with_surplus++;
        }
        total++;
        pl_trace_free(tr);
        pl_loaded_task_free(&lt);
    }
    cJSON_Delete(rows);
    print_message("plan-quality: %d plans, %d disagreements, %d with surplus arguments\n", total, bad,
                  with_surplus);
    assert_int_equal(total, 962);
    assert_int_equal(with_surplus, 5);
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_planbench_gpt4),
        cmocka_unit_test(test_plan_quality_plans),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
