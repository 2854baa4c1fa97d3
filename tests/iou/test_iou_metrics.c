/* IoU and action distance (../shared/specs/iou-metrics.md), answer-list
 * reading, hallucination reasons and histograms, on hand-computed cases. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/file.h"
#include "iou/answer_list.h"
#include "iou/histogram.h"
#include "iou/set_compare.h"
#include "iou/verdict.h"
#include "test_support.h"

#define BW_DIR PLANLENS_SOURCE_DIR "/sample-runs/blocksworld/"

static void assert_items(const pl_answer_list *l, const char *const *want, int n)
{
    assert_true(l->ok);
    assert_int_equal(l->count, n);
    for (int i = 0; i < n; i++)
        assert_string_equal(l->items[i], want[i]);
}

static void test_normalise_spellings(void **state)
{
    (void)state;
    const char *forms[] = {"(pick-up a)", "Pick-Up(A)", "pick-up a", "( PICK-UP   a )", "`(pick-up a)`",
                           "**pick-up(a)**", "1. (pick-up a)", "- pick-up a", "(pick-up a)."};
    for (size_t i = 0; i < sizeof forms / sizeof *forms; i++) {
        char *n = pl_answer_item_normalise(forms[i], strlen(forms[i]));
        assert_string_equal(n, "(pick-up a)");
        free(n);
    }
    char *two = pl_answer_item_normalise("stack(a, b)", 11);
    assert_string_equal(two, "(stack a b)");
    free(two);
}

static void test_list_forms(void **state)
{
    (void)state;
    pl_answer_list l;
    const char *ab[] = {"(pick-up a)", "(stack a b)"};
    const char *responses[] = {
        "[(pick-up a), (stack a b)]",
        "The applicable actions are [pick-up(a), stack(a, b)].",
        "Let me think. First [x]... no. Final answer:\n[\n  1. (pick-up a),\n  2. (stack a b)\n]",
        "**Answer:** [`(pick-up a)` (stack a b)]",
        "I would do (pick-up a) and then (stack a b)",
    };
    for (size_t i = 0; i < sizeof responses / sizeof *responses; i++) {
        assert_int_equal(pl_answer_list_parse(responses[i], &l), 0);
        assert_items(&l, ab, 2);
        pl_answer_list_free(&l);
    }
    assert_int_equal(pl_answer_list_parse("Answer: [(pick-up a), (stack a b)]", &l), 0);
    assert_int_equal(l.source, PL_LIST_BRACKETS);
    assert_int_equal(l.span_start, 8);
    assert_int_equal(l.span_end, 34);
    pl_answer_list_free(&l);

    assert_int_equal(pl_answer_list_parse("Nothing applies: []", &l), 0);
    assert_true(l.ok);
    assert_int_equal(l.count, 0);
    pl_answer_list_free(&l);
    assert_int_equal(pl_answer_list_parse("[None]", &l), 0);
    assert_true(l.ok);
    assert_int_equal(l.count, 0);
    pl_answer_list_free(&l);
    assert_int_equal(pl_answer_list_parse("I cannot tell which actions apply.", &l), 0);
    assert_false(l.ok);
    assert_int_equal(l.source, PL_LIST_NONE);
    pl_answer_list_free(&l);
}

static double iou_of(const char *const *a, int na, const char *const *b, int nb, pl_set_comparison *c)
{
    assert_int_equal(pl_set_compare((char *const *)a, na, (char *const *)b, nb, c), 0);
    return c->iou;
}

static void test_iou_cases(void **state)
{
    (void)state;
    pl_set_comparison c;
    /* both empty: nothing to find, nothing claimed */
    assert_true(iou_of(NULL, 0, NULL, 0, &c) == 1.0);
    pl_set_comparison_free(&c);
    const char *g[] = {"(a)", "(b)", "(c)"};
    /* answer empty, truth not */
    assert_true(iou_of(NULL, 0, g, 3, &c) == 0.0);
    assert_int_equal(c.n_missed, 3);
    pl_set_comparison_free(&c);
    /* 2 right, 1 wrong, 1 missed: 2 / 4 */
    const char *l[] = {"(b)", "(x)", "(a)"};
    assert_true(fabs(iou_of(l, 3, g, 3, &c) - 0.5) < 1e-12);
    assert_int_equal(c.n_both, 2);
    assert_int_equal(c.n_answer_only, 1);
    assert_int_equal(c.n_missed, 1);
    assert_string_equal(c.items[0].text, "(b)"); /* both first, in answer order */
    assert_string_equal(c.items[1].text, "(a)");
    assert_int_equal(c.items[2].role, PL_ITEM_WRONG);
    assert_int_equal(c.items[3].role, PL_ITEM_MISSED);
    assert_string_equal(c.items[3].text, "(c)");
    assert_true(fabs(pl_action_distance(&c) - 0.5) < 1e-12);
    pl_set_comparison_free(&c);
    /* duplicates count once */
    const char *dup[] = {"(a)", "(a)", "(b)", "(b)", "(c)"};
    assert_true(iou_of(dup, 5, g, 3, &c) == 1.0);
    assert_int_equal(c.n_duplicates, 2);
    assert_int_equal(c.count, 3);
    pl_set_comparison_free(&c);
}

static void test_hallucination_reasons(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_load_task_files(BW_DIR "domain.pddl", BW_DIR "problem.pddl", &lt, NULL, &err), PL_OK);
    const char *truth[] = {"(pick-up b)", "(pick-up c)", "(unstack d a)"};
    const char *answer[] = {"(pick-up b)", "(pick-up a)", "(pick-up z)", "(fly a b)", "(stack a)"};
    pl_set_comparison c;
    assert_int_equal(pl_set_compare((char *const *)answer, 5, (char *const *)truth, 3, &c), 0);
    assert_int_equal(pl_set_explain_actions(lt.task, &c), 0);
    assert_int_equal(c.n_hallucinated, 3);
    assert_int_equal(c.items[1].role, PL_ITEM_WRONG); /* pick-up a exists; it is just not applicable */
    assert_int_equal(c.items[2].role, PL_ITEM_HALLUCINATED);
    assert_non_null(strstr(c.items[2].why, "unknown object 'z'"));
    assert_non_null(strstr(c.items[3].why, "unknown action 'fly'"));
    assert_non_null(strstr(c.items[4].why, "takes 2 arguments"));
    pl_set_comparison_free(&c);

    const char *atoms_truth[] = {"(handempty)", "(on d a)"};
    const char *atoms[] = {"(on d a)", "(on a b)", "(on a)", "(under a b)"};
    assert_int_equal(pl_set_compare((char *const *)atoms, 4, (char *const *)atoms_truth, 2, &c), 0);
    assert_int_equal(pl_set_explain_atoms(lt.task, &c), 0);
    assert_int_equal(c.items[1].role, PL_ITEM_WRONG);
    assert_int_equal(c.items[2].role, PL_ITEM_HALLUCINATED);
    assert_int_equal(c.items[3].role, PL_ITEM_HALLUCINATED);
    assert_non_null(strstr(c.items[3].why, "under"));
    pl_set_comparison_free(&c);
    pl_loaded_task_free(&lt);
}

static char *slurp(const char *path)
{
    size_t len;
    pl_error err = PL_ERROR_INIT;
    char *text = pl_read_file(path, &len, &err);
    assert_non_null(text);
    return text;
}

static void test_plan_verdicts(void **state)
{
    (void)state;
    char *domain = slurp(BW_DIR "domain.pddl"), *problem = slurp(BW_DIR "problem.pddl");
    char *truth[] = {"(unstack d a)", "(put-down d)", "(pick-up c)", "(stack c d)",
                     "(pick-up b)",   "(stack b c)",  "(pick-up a)", "(stack a b)"};
    pl_iou_question q = {.id = "bw/p/plan", .task = PL_IOU_PLAN, .answer = truth, .nanswer = 8,
                         .pddl_domain = domain, .pddl_problem = problem};
    pl_iou_grader *g = pl_iou_grader_new();
    pl_iou_verdict v;
    /* the same actions in another, invalid order: AD 0 but no success */
    assert_int_equal(pl_iou_grade(g, &q,
                                  "[(put-down d), (unstack d a), (pick-up c), (stack c d), (pick-up b), "
                                  "(stack b c), (pick-up a), (stack a b)]",
                                  &v),
                     0);
    assert_true(v.is_distance);
    assert_true(v.value == 0.0);
    assert_false(v.success);
    assert_non_null(strstr(v.note, "plan invalid"));
    pl_iou_verdict_clear(&v);
    /* the truth itself */
    assert_int_equal(pl_iou_grade(g, &q,
                                  "(unstack d a) (put-down d) (pick-up c) (stack c d) (pick-up b) (stack b c) "
                                  "(pick-up a) (stack a b)",
                                  &v),
                     0);
    assert_true(v.success);
    assert_true(v.value == 0.0);
    pl_iou_verdict_clear(&v);
    /* a parse failure: AD 1 */
    assert_int_equal(pl_iou_grade(g, &q, "I give up.", &v), 0);
    assert_false(v.list.ok);
    assert_true(v.value == 1.0);
    pl_iou_verdict_clear(&v);
    pl_iou_grader_free(g);
    free(domain);
    free(problem);
}

static void test_histogram(void **state)
{
    (void)state;
    /* hand-computed: mean 0.5, median 0.5, m2 = 0.125, m3 = 0 (symmetric) */
    double v[] = {0.0, 0.25, 0.75, 1.0, 0.5};
    pl_histogram h;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_histogram_build(v, NULL, 5, 0.25, 1, &h, &err), PL_OK);
    assert_int_equal(h.nbins, 4);
    assert_int_equal(h.bins[0].count, 1);
    assert_int_equal(h.bins[1].count, 1);
    assert_int_equal(h.bins[2].count, 1); /* 0.5 */
    assert_int_equal(h.bins[3].count, 2); /* 0.75 and 1.0: 1.0 falls in the last bin */
    assert_int_equal(h.bins[3].members[0], 2);
    assert_int_equal(h.bins[3].members[1], 3);
    assert_int_equal(h.n_success, 1);
    assert_true(fabs(h.mean - 0.5) < 1e-12);
    assert_true(fabs(h.median - 0.5) < 1e-12);
    assert_true(fabs(h.skewness) < 1e-12);
    pl_histogram_free(&h);
    /* right-skewed: values 0, 0, 0, 1 → mean .25, m2 = .1875, m3 = .09375, g1 = 1.1547 */
    double r[] = {0, 0, 0, 1};
    unsigned char failed[] = {1, 0, 0, 0};
    assert_int_equal(pl_histogram_build(r, failed, 4, 0.05, 1, &h, &err), PL_OK);
    assert_int_equal(h.nbins, 20);
    assert_int_equal(h.n_parse_fail, 1);
    assert_true(fabs(h.skewness - 0.09375 / pow(0.1875, 1.5)) < 1e-12);
    assert_int_equal(pl_histogram_bin_of(&h, 0.15), 3);
    pl_histogram_free(&h);
    /* action distance: success is 0 */
    assert_int_equal(pl_histogram_build(r, NULL, 4, 0.1, 0, &h, &err), PL_OK);
    assert_int_equal(h.n_success, 3);
    pl_histogram_free(&h);
    assert_int_equal(pl_histogram_build(r, NULL, 4, 0.3, 1, &h, &err), PL_ERR_SEMANTIC);
    assert_non_null(strstr(err.message, "0.3"));
    pl_error_clear(&err);
    /* the widths :bins accepts: those that split [0, 1] into equal bins */
    assert_int_equal(pl_histogram_bin_count(0.25), 4);
    assert_int_equal(pl_histogram_bin_count(0.1), 10);
    assert_int_equal(pl_histogram_bin_count(1), 1);
    assert_int_equal(pl_histogram_bin_count(0.001), 1000);
    assert_int_equal(pl_histogram_bin_count(0.3), 0);
    assert_int_equal(pl_histogram_bin_count(0), 0);
    assert_int_equal(pl_histogram_bin_count(-1), 0);
    assert_int_equal(pl_histogram_bin_count(1.5), 0);
    assert_int_equal(pl_histogram_bin_count(0.0001), 0);
    assert_int_equal(pl_histogram_bin_count(NAN), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_normalise_spellings), cmocka_unit_test(test_list_forms),
        cmocka_unit_test(test_iou_cases),           cmocka_unit_test(test_hallucination_reasons),
        cmocka_unit_test(test_plan_verdicts),       cmocka_unit_test(test_histogram),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
