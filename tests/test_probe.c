/* Grader probes on the ACPBench dev questions: perturbations of the correct
 * answers graded officially and soundly.  They must surface the official
 * grader's known quirks (spec acpbench-grading.md) and nothing where the
 * official grader is sound. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "acp_grade.h"
#include "acp_probe.h"
#include "test_support.h"

static void test_probe_dev(void **state)
{
    (void)state;
    if (!pl_test_data_dir("acpbench dev questions"))
        return;
    static const char *const tasks[] = {"app", "prog", "reach", "areach", "val", "land", "nexta"};
    pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
    pl_error err = PL_ERROR_INIT;
    for (size_t t = 0; t < sizeof tasks / sizeof *tasks; t++)
        assert_int_equal(pl_acp_questions_load(&qs, pl_test_acpbench_path(tasks[t], "dev"), NULL, &err), PL_OK);
    const pl_acp_question **list = malloc((size_t)qs.count * sizeof *list);
    for (int i = 0; i < qs.count; i++)
        list[i] = &qs.items[i];
    static pl_probe_report report;
    assert_int_equal(pl_probe_run(list, qs.count, (1u << PL_PROBE_COUNT) - 1, &report), 0);
    assert_int_equal(report.questions, qs.count);
    pl_probe_cell(*cells)[PL_PROBE_COUNT] = report.cells;
    /* where the official grader is exact, no probe separates it from the sound one */
    for (int k = 0; k < PL_PROBE_COUNT; k++) {
        assert_int_equal(cells[PL_ACP_APP][k].accepts_wrong + cells[PL_ACP_APP][k].rejects_right, 0);
        assert_int_equal(cells[PL_ACP_VAL][k].accepts_wrong + cells[PL_ACP_VAL][k].rejects_right, 0);
    }
    assert_true(cells[PL_ACP_APP][PL_PROBE_HALLUCINATE].n == 40);
    /* the quirks: stored landmark labels that are not landmarks (accepted although wrong),
     * case-sensitive atom matching in reach (rejected although right), an equivalent
     * reachable action with swapped arguments in areach (rejected although right) */
    assert_true(cells[PL_ACP_LAND][PL_PROBE_EXACT].accepts_wrong > 0);
    assert_true(cells[PL_ACP_REACH][PL_PROBE_CASE].rejects_right > 0);
    assert_true(cells[PL_ACP_AREACH][PL_PROBE_SWAP_ARGS].rejects_right > 0);
    /* ... and an atom over objects that do not exist handed to the planner
     * unchecked: "unreachable", accepted although it names nothing */
    assert_true(cells[PL_ACP_REACH][PL_PROBE_HALLUCINATE].accepts_wrong > 0);
    printf("probe: land exact accepts %d wrong, reach case rejects %d right, areach swap-args rejects %d right, "
           "reach hallucinate accepts %d wrong\n",
           cells[PL_ACP_LAND][PL_PROBE_EXACT].accepts_wrong, cells[PL_ACP_REACH][PL_PROBE_CASE].rejects_right,
           cells[PL_ACP_AREACH][PL_PROBE_SWAP_ARGS].rejects_right, cells[PL_ACP_REACH][PL_PROBE_HALLUCINATE].accepts_wrong);
    free(list);
    pl_acp_questions_free(&qs);
}

static void test_kinds(void **state)
{
    (void)state;
    unsigned mask;
    assert_int_equal(pl_probe_kinds_parse("drop,case", &mask), 0);
    assert_int_equal(mask, (1u << PL_PROBE_DROP) | (1u << PL_PROBE_CASE));
    assert_int_equal(pl_probe_kinds_parse("drop,shout", &mask), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_kinds), cmocka_unit_test(test_probe_dev)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
