/* The planner and reachability machinery against ACPBench-Hard ground truth
 * (dev + test): optimal costs and next actions (nexta), unreachable atoms
 * (reach), never-applicable actions (areach), landmarks (land); and PlanBench
 * task-2 optimality. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "plan.h"
#include "reach.h"
#include "test_support.h"

/* Limits for every search in these tests (documented in docs/PLANNER.md). */
static const pl_limits limits = {0, 10.0, 2000000};

static const char *const splits[] = {"dev", "test"};

typedef struct {
    int total, agree, unknown, disagree;
} tally;

typedef void (*question_check)(const cJSON *q, const pl_task *t, const pl_relaxed *r, const char *label,
                               tally *tl);

static void for_each_question(const char *task, question_check check, tally *tl)
{
    for (size_t s = 0; s < 2; s++) {
        cJSON *qs = pl_test_read_json(pl_test_acpbench_path(task, splits[s]));
        const cJSON *q;
        cJSON_ArrayForEach(q, qs)
        {
            char label[160];
            snprintf(label, sizeof label, "%s/%s id %.0f", task, splits[s],
                     cJSON_GetObjectItemCaseSensitive(q, "id")->valuedouble);
            pl_loaded_task lt;
            pl_test_load_texts(cJSON_GetObjectItemCaseSensitive(q, "PDDL_domain")->valuestring,
                               cJSON_GetObjectItemCaseSensitive(q, "PDDL_problem")->valuestring, label, &lt);
            pl_relaxed *r = pl_relaxed_new(lt.task);
            assert_non_null(r);
            check(q, lt.task, r, label, tl);
            pl_relaxed_free(r);
            pl_loaded_task_free(&lt);
        }
        cJSON_Delete(qs);
    }
    print_message("%s: %d checks, %d agree, %d unknown (limits), %d disagree\n", task, tl->total, tl->agree,
                  tl->unknown, tl->disagree);
}

static void count(tally *tl, pl_answer got, pl_answer want, const char *label, const char *what)
{
    tl->total++;
    if (got == PL_UNKNOWN) {
        tl->unknown++;
        print_message("  %s: %s: unknown (limit)\n", label, what);
    } else if (got == want) {
        tl->agree++;
    } else {
        tl->disagree++;
        print_message("  %s: %s: got %s, stored %s\n", label, what, pl_answer_name(got), pl_answer_name(want));
    }
}

static int action_of(const pl_task *t, const char *text)
{
    pl_action_ref ref;
    pl_resolve_action(t, text, &ref);
    int a = ref.action;
    pl_action_ref_clear(&ref);
    return a;
}

static void check_nexta(const cJSON *q, const pl_task *t, const pl_relaxed *r, const char *label, tally *tl)
{
    const cJSON *ans = cJSON_GetObjectItemCaseSensitive(q, "answer");
    long long opt = atoll(cJSON_GetObjectItemCaseSensitive(ans, "opt")->valuestring);
    long long hstar = -1;
    pl_answer solved = pl_optimal_cost(t, r, t->init, &limits, &hstar, NULL);
    tl->total++;
    if (solved == PL_UNKNOWN) {
        tl->unknown++;
        print_message("  %s: h* unknown (limit)\n", label);
        return;
    }
    if (solved != PL_YES || hstar != opt) {
        tl->disagree++;
        print_message("  %s: h* = %lld, stored opt %lld\n", label, hstar, opt);
        return;
    }
    tl->agree++;
    static const char *const kinds[] = {"yes", "no"};
    for (int k = 0; k < 2; k++) {
        const cJSON *it;
        cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(ans, kinds[k]))
        {
            int a = action_of(t, it->valuestring);
            assert_true(a >= 0);
            count(tl, pl_is_next_action(t, r, t->init, a, hstar, &limits), k == 0 ? PL_YES : PL_NO, label,
                  it->valuestring);
        }
    }
}

static void test_nexta(void **state)
{
    (void)state;
    if (!pl_test_data_dir("planner nexta"))
        return;
    tally tl = {0};
    for_each_question("nexta", check_nexta, &tl);
    assert_int_equal(tl.disagree, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nexta),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
