/* Text to actions and atoms, plan files, and why-not reasons, on a small
 * hand-written task. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "plans/plan.h"
#include "test_support.h"

static const char *domain =
    "(define (domain ferry)\n"
    " (:requirements :strips :typing)\n"
    " (:types car location - object)\n"
    " (:predicates (at ?c - car ?l - location) (at-ferry ?l - location) (empty-ferry) (not-eq ?x ?y) (on ?c - car))\n"
    " (:action board :parameters (?car - car ?loc - location)\n"
    "  :precondition (and (at ?car ?loc) (at-ferry ?loc) (empty-ferry))\n"
    "  :effect (and (on ?car) (not (at ?car ?loc)) (not (empty-ferry))))\n"
    " (:action debark :parameters (?car - car ?loc - location)\n"
    "  :precondition (and (on ?car) (at-ferry ?loc))\n"
    "  :effect (and (at ?car ?loc) (empty-ferry) (not (on ?car))))\n"
    " (:action sail :parameters (?from - location ?to - location)\n"
    "  :precondition (and (not-eq ?from ?to) (at-ferry ?from))\n"
    "  :effect (and (at-ferry ?to) (not (at-ferry ?from)))))\n";

static const char *problem =
    "(define (problem p) (:domain ferry)\n"
    " (:objects c0 c1 - car l0 l1 l2 - location)\n"
    " (:init (at c0 l0) (at c1 l2) (at-ferry l0) (empty-ferry)\n"
    "        (not-eq l0 l1) (not-eq l1 l0) (not-eq l1 l2) (not-eq l2 l1))\n"
    " (:goal (and (at c0 l1))))\n";

static int setup(void **state)
{
    pl_loaded_task *lt = malloc(sizeof *lt);
    pl_test_load_texts(domain, problem, "ferry", lt);
    *state = lt;
    return 0;
}

static int teardown(void **state)
{
    pl_loaded_task_free(*state);
    free(*state);
    return 0;
}

static const pl_task *task_of(void **state)
{
    return ((pl_loaded_task *)*state)->task;
}

static void expect_action(const pl_task *t, const char *text, pl_ref_status status, const char *name)
{
    pl_action_ref r;
    pl_resolve_action(t, text, &r);
    if (r.status != status)
        fail_msg("'%s': status %s, expected %s (%s)", text, pl_ref_status_name(r.status),
                 pl_ref_status_name(status), r.detail ? r.detail : "");
    if (name) {
        assert_true(r.action >= 0);
        assert_string_equal(t->actions[r.action].name, name);
    }
    pl_action_ref_clear(&r);
}

static void test_action_spellings(void **state)
{
    const pl_task *t = task_of(state);
    expect_action(t, "(board c0 l0)", PL_REF_OK, "(board c0 l0)");
    expect_action(t, "  ( BOARD   C0 L0 )  ", PL_REF_OK, "(board c0 l0)");
    expect_action(t, "board(c0, l0)", PL_REF_OK, "(board c0 l0)");
    expect_action(t, "Board c0 l0", PL_REF_OK, "(board c0 l0)");
    expect_action(t, "(board c0 l0))", PL_REF_OK, "(board c0 l0)");
}

static void test_action_reasons(void **state)
{
    const pl_task *t = task_of(state);
    expect_action(t, "(fly c0 l0)", PL_REF_UNKNOWN_ACTION, NULL);
    expect_action(t, "(board c0)", PL_REF_WRONG_ARITY, NULL);
    expect_action(t, "(board c9 l0)", PL_REF_UNKNOWN_OBJECT, NULL);
    expect_action(t, "(board l0 l0)", PL_REF_TYPE_MISMATCH, NULL);
    expect_action(t, "(sail l0 l0)", PL_REF_STATICALLY_FALSE, NULL);
    expect_action(t, "(sail l0 (l1))", PL_REF_MALFORMED, NULL);
    expect_action(t, "", PL_REF_MALFORMED, NULL);

    pl_action_ref r;
    pl_resolve_action(t, "(board c0 l0 l1)", &r);
    assert_int_equal(r.status, PL_REF_OK);
    assert_int_equal(r.surplus, 1);
    pl_action_ref_clear(&r);

    pl_resolve_action(t, "(board l0 l0)", &r);
    assert_int_equal(r.bad_arg, 0);
    assert_non_null(strstr(r.detail, "not of type car"));
    pl_action_ref_clear(&r);

    pl_resolve_action(t, "(sail l0 l0)", &r);
    assert_non_null(strstr(r.detail, "(not-eq l0 l0)"));
    pl_action_ref_clear(&r);
}

static void test_atoms(void **state)
{
    const pl_task *t = task_of(state);
    bool is_static;
    char *why;
    int id = pl_resolve_atom(t, "(AT c0 l0)", &is_static, &why);
    assert_true(id >= 0);
    assert_string_equal(t->atoms[id].name, "(at c0 l0)");
    assert_false(is_static);
    assert_null(why);
    assert_int_equal(pl_resolve_atom(t, "(not-eq l0 l1)", &is_static, &why), -1);
    assert_true(is_static);
    assert_non_null(strstr(why, "always true"));
    free(why);
    assert_int_equal(pl_resolve_atom(t, "(at c0)", &is_static, &why), -1);
    assert_non_null(strstr(why, "takes 2 arguments"));
    free(why);
    assert_int_equal(pl_resolve_atom(t, "(flying c0)", &is_static, &why), -1);
    assert_non_null(strstr(why, "unknown predicate"));
    free(why);
}

static void test_plan_file_forms(void **state)
{
    (void)state;
    const char *text = "; a comment line\n"
                       "(board c0 l0) ; trailing comment\n"
                       "0.001: (sail l0 l1) [1]\n"
                       "\n"
                       "2: (debark c0 l1)\n"
                       "(a b) (c d)\n"
                       "move x y\n"
                       "; cost = 3 (unit cost)\n";
    pl_plan_steps p;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_plan_steps_parse(text, &p, &err), PL_OK);
    assert_int_equal(p.count, 6);
    const char *want[] = {"(board c0 l0)", "(sail l0 l1)", "(debark c0 l1)", "(a b)", "(c d)", "move x y"};
    const int lines[] = {2, 3, 5, 6, 6, 7};
    for (int i = 0; i < 6; i++) {
        assert_string_equal(p.steps[i], want[i]);
        assert_int_equal(p.lines[i], lines[i]);
    }
    pl_plan_steps_free(&p);
}

static void test_trace_reports(void **state)
{
    const pl_task *t = task_of(state);
    char *valid[] = {"(board c0 l0)", "(sail l0 l1)", "(debark c0 l1)"};
    pl_trace *tr = pl_trace_new(t, valid, 3);
    assert_true(tr->valid);
    assert_int_equal(tr->lea, 3);
    assert_int_equal(tr->failed_step, -1);
    assert_true(tr->cost == 3.0);
    /* the state after step 1 has the ferry at l1 with c0 on board */
    bool is_static;
    assert_true(pl_state_has(pl_trace_state(tr, 2), pl_resolve_atom(t, "(on c0)", &is_static, NULL)));
    pl_trace_free(tr);

    char *bad[] = {"(board c0 l0)", "(debark c0 l1)", "(sail l0 l1)"};
    tr = pl_trace_new(t, bad, 3);
    assert_false(tr->valid);
    assert_false(tr->executable);
    assert_int_equal(tr->lea, 1);
    assert_int_equal(tr->failed_step, 1);
    assert_int_equal(tr->steps[1].nunmet, 1);
    assert_string_equal(tr->steps[1].unmet[0], "(at-ferry l1)");
    assert_int_equal(tr->nunmet_goals, 1);
    assert_string_equal(tr->unmet_goals[0], "(at c0 l1)");
    /* later steps are still resolved */
    assert_int_equal(tr->steps[2].ref.status, PL_REF_OK);
    pl_trace_free(tr);

    char *short_plan[] = {"(board c0 l0)"};
    tr = pl_trace_new(t, short_plan, 1);
    assert_true(tr->executable);
    assert_false(tr->goal_reached);
    assert_int_equal(tr->lea, 1);
    pl_trace_free(tr);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_action_spellings, setup, teardown),
        cmocka_unit_test_setup_teardown(test_action_reasons, setup, teardown),
        cmocka_unit_test_setup_teardown(test_atoms, setup, teardown),
        cmocka_unit_test(test_plan_file_forms),
        cmocka_unit_test_setup_teardown(test_trace_reports, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
