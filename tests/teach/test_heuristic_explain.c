/* The heuristics explained (issue 39 §1, engine/teach/heuristic_explain.h)
 * on small tasks counted by hand, and against the planner on the IPC
 * fixtures.
 *
 * Line (action costs): places a b c d, roads a-b (1), b-c (1), a-c (3),
 * c-d (2); moving to a place visits it; from (at a) the goal is
 * (visited b) (at d):
 *   h_max: (at b) 1, (at c) min(1 + 1, 3) = 2, (at d) 2 + 2 = 4 = h_max,
 *     the critical path (at d) <- (at c) <- (at b) <- (at a);
 *   h_add = (visited b) 1 + (at d) 4 = 5;
 *   h_FF: {move a b, move b c, move c d} = 1 + 1 + 2 = 4, one action a layer;
 *   LM-cut: {move c d} 2, then {move a c, move b c} 1, then {move a b} 1 = 4;
 *   h* = 4 (a b c d), blind = 1 (the cheapest action).
 * Line without costs (unit): h_max 2 ((at c) by move a c at 1), h_add 3,
 *   h_FF 3 ({move a b, move a c, move c d}), LM-cut 3, h* 3 (a b c d).
 * Dead ends: from (at d) nothing moves (h_max = inf: the relaxation proves
 *   it, (visited b) unreachable); with the goal (visited b) (visited c)
 *   (at b) each atom is one move away (h_max 1) and reachable alone, but
 *   roads go one way, so not all together: exhaustive search proves it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "plans/plan.h"
#include "search/reach.h"
#include "teach/heuristic_explain.h"
#include "teach/rpg.h"
#include "teach/start_state.h"
#include "test_support.h"

static const char line_domain[] =
    "(define (domain line)\n"
    " (:requirements :strips :typing :action-costs)\n"
    " (:types place)\n"
    " (:predicates (at ?p - place) (road ?a ?b - place) (visited ?p - place))\n"
    " (:functions (total-cost) - number (len ?a ?b - place) - number)\n"
    " (:action move :parameters (?a ?b - place)\n"
    "  :precondition (and (at ?a) (road ?a ?b))\n"
    "  :effect (and (not (at ?a)) (at ?b) (visited ?b) (increase (total-cost) (len ?a ?b)))))\n";
static const char line_problem[] =
    "(define (problem three) (:domain line)\n"
    " (:objects a b c d - place)\n"
    " (:init (at a) (road a b) (road b c) (road a c) (road c d)\n"
    "  (= (len a b) 1) (= (len b c) 1) (= (len a c) 3) (= (len c d) 2) (= (total-cost) 0))\n"
    " (:goal (and (visited b) (at d)))\n"
    " (:metric minimize (total-cost)))\n";
static const char unit_domain[] =
    "(define (domain line)\n"
    " (:requirements :strips :typing)\n"
    " (:types place)\n"
    " (:predicates (at ?p - place) (road ?a ?b - place) (visited ?p - place))\n"
    " (:action move :parameters (?a ?b - place)\n"
    "  :precondition (and (at ?a) (road ?a ?b))\n"
    "  :effect (and (not (at ?a)) (at ?b) (visited ?b))))\n";
static const char unit_problem[] = "(define (problem three) (:domain line)\n"
                                   " (:objects a b c d - place)\n"
                                   " (:init (at a) (road a b) (road b c) (road a c) (road c d))\n"
                                   " (:goal (and (visited b) (at d))))\n";
static const char trap_problem[] = "(define (problem trap) (:domain line)\n"
                                   " (:objects a b c d - place)\n"
                                   " (:init (at a) (road a b) (road b c) (road a c) (road c d))\n"
                                   " (:goal (and (visited b) (visited c) (at b))))\n";

static const pl_limits limits = {0, 10, 0};

static int atom_named(const pl_relaxed *hr, const char *name)
{
    char buf[256];
    for (int a = 0; a < hr->natoms; a++)
        if (!strcmp(pl_hx_atom_name(hr, a, buf, sizeof buf), name))
            return a;
    fail_msg("no atom %s", name);
    return -1;
}

static const char *op_text(const pl_heuristic_explanation *x, int op)
{
    static char buf[256];
    return op < 0 ? "-" : pl_hx_op_name(x->hr, op, buf, sizeof buf);
}

/* The relaxed plan's cost: each action of its operators once. */
static int plan_cost(const pl_heuristic_explanation *x)
{
    bool *seen = calloc((size_t)x->task->nactions + 1, sizeof *seen);
    int cost = 0;
    for (int o = 0; o < x->hr->nops; o++) {
        int a = x->hr->ops[o].action;
        if (x->plan_layer[o] && a >= 0 && !seen[a]) {
            seen[a] = true;
            cost += x->hr->ops[o].cost;
        }
    }
    free(seen);
    return cost;
}

static void test_line_costs(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_test_load_texts(line_domain, line_problem, "line", &lt);
    pl_relaxed *r = pl_relaxed_new(lt.task);
    pl_heuristic_explanation x;
    assert_int_equal(pl_heuristic_explain(lt.task, r, lt.task->init, &limits, &x), 0);
    assert_int_equal(x.blind, 1);
    assert_int_equal(x.hmax, 4);
    assert_int_equal(x.hadd, 5);
    assert_int_equal(x.hff, 4);
    assert_int_equal(x.lmcut, 4);
    assert_int_equal(x.hstar_answer, PL_YES);
    assert_int_equal(x.hstar, 4);
    assert_false(x.dead_end);
    assert_int_equal(x.plan_length, 3);
    /* tables */
    int at_c = atom_named(x.hr, "(at c)"), at_d = atom_named(x.hr, "(at d)");
    assert_int_equal(x.max.atom[at_c], 2);
    assert_string_equal(op_text(&x, x.max.achiever[at_c]), "(move b c)");
    assert_int_equal(x.max.atom[at_d], 4);
    assert_int_equal(x.add.atom[atom_named(x.hr, "(visited b)")], 1);
    assert_int_equal(x.max.achiever[atom_named(x.hr, "(at a)")], -1);
    int *path = malloc((size_t)x.hr->natoms * sizeof *path);
    static const char *const want[] = {"(at d)", "(at c)", "(at b)", "(at a)"};
    assert_int_equal(pl_hx_critical_path(&x, path), 4);
    for (int i = 0; i < 4; i++)
        assert_int_equal(path[i], atom_named(x.hr, want[i]));
    /* supports: the goal atoms first, then their achievers' preconditions */
    int n = pl_hx_supports(&x, path);
    assert_int_equal(n, 5);
    assert_int_equal(path[0], atom_named(x.hr, "(visited b)"));
    assert_int_equal(path[1], at_d);
    free(path);
    /* h_FF: three layers of one action, paying h_FF */
    assert_int_equal(x.plan_layers, 3);
    assert_int_equal(plan_cost(&x), x.hff);
    for (int o = 0; o < x.hr->nops; o++)
        if (!strcmp(op_text(&x, o), "(move c d)"))
            assert_int_equal(x.plan_layer[o], 3);
        else if (!strcmp(op_text(&x, o), "(move a c)"))
            assert_int_equal(x.plan_layer[o], 0);
    /* LM-cut: the cuts in order */
    assert_non_null(x.cuts);
    assert_int_equal(x.cuts[0], 3);
    const int *at = x.cuts + 1;
    static const int costs[] = {2, 1, 1}, sizes[] = {1, 2, 1};
    for (int i = 0; i < 3; i++) {
        assert_int_equal(at[0], costs[i]);
        assert_int_equal(at[1], sizes[i]);
        at += 2 + at[1];
    }
    pl_heuristic_explanation_clear(&x);

    /* after the plan's first action: (at b) */
    uint64_t *s = pl_state_new(lt.task);
    pl_action_ref ref;
    pl_resolve_action(lt.task, "(move a b)", &ref);
    pl_task_apply(lt.task, ref.action, lt.task->init, s);
    pl_action_ref_clear(&ref);
    assert_int_equal(pl_heuristic_explain(lt.task, r, s, &limits, &x), 0);
    assert_int_equal(x.hmax, 3);
    assert_int_equal(x.hadd, 3);
    assert_int_equal(x.hstar, 3);
    pl_heuristic_explanation_clear(&x);
    free(s);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

static void test_line_unit(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_test_load_texts(unit_domain, unit_problem, "line-unit", &lt);
    pl_relaxed *r = pl_relaxed_new(lt.task);
    pl_heuristic_explanation x;
    assert_int_equal(pl_heuristic_explain(lt.task, r, lt.task->init, &limits, &x), 0);
    assert_int_equal(x.hmax, 2);
    assert_int_equal(x.hadd, 3);
    assert_int_equal(x.hff, 3);
    assert_int_equal(x.lmcut, 3);
    assert_int_equal(x.hstar, 3);
    assert_string_equal(op_text(&x, x.max.achiever[atom_named(x.hr, "(at c)")]), "(move a c)");
    assert_int_equal(plan_cost(&x), 3);
    /* the relaxed planning graph: goal level = h_max with unit costs */
    pl_rpg g;
    assert_int_equal(pl_rpg_build(lt.task, r, lt.task->init, &g), 0);
    assert_int_equal(g.goal_level, 2);
    assert_int_equal(g.atom_level[atom_named(g.hr, "(at c)")], 1);
    assert_int_equal(g.atom_level[atom_named(g.hr, "(at d)")], 2);
    assert_int_equal(g.nlevels, 3);
    assert_int_equal(g.hff, 3);
    pl_rpg_clear(&g);
    pl_heuristic_explanation_clear(&x);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

static void test_dead_ends(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_test_load_texts(unit_domain, unit_problem, "line-unit", &lt);
    pl_relaxed *r = pl_relaxed_new(lt.task);
    uint64_t *s = pl_state_new(lt.task);
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_start_state_parse(lt.task, "(at d) ; stuck\n", "s", s, &err), PL_OK);
    pl_heuristic_explanation x;
    assert_int_equal(pl_heuristic_explain(lt.task, r, s, &limits, &x), 0);
    assert_int_equal(x.hmax, PL_H_INF);
    assert_int_equal(x.lmcut, PL_H_INF);
    assert_true(x.dead_end);
    assert_true(x.dead_end_by_relaxation);
    assert_false(x.together);
    assert_int_equal(x.nunreachable, 1);
    assert_string_equal(x.unreachable[0], "(visited b)");
    assert_int_equal(pl_hx_critical_path(&x, NULL), 0);
    pl_heuristic_explanation_clear(&x);
    free(s);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);

    pl_test_load_texts(unit_domain, trap_problem, "trap", &lt);
    r = pl_relaxed_new(lt.task);
    assert_int_equal(pl_heuristic_explain(lt.task, r, lt.task->init, &limits, &x), 0);
    assert_int_equal(x.hmax, 1); /* each goal atom one move away */
    assert_true(x.dead_end);
    assert_false(x.dead_end_by_relaxation);
    assert_true(x.together);
    assert_int_equal(x.nunreachable, 3);
    assert_true(x.lmcut <= 3); /* admissible for any finite h*: a number, not infinity */
    pl_heuristic_explanation_clear(&x);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

/* The planner's own numbers: a fresh evaluator and A* agree with the
 * explanation, h_max <= LM-cut <= h*, the relaxed plan costs h_FF, each
 * table entry is its achiever's value, and with unit costs the graph's
 * goal level is h_max -- in every state along each fixture's plan. */
static void check_state(const pl_task *t, const pl_relaxed *r, const uint64_t *s, const char *name)
{
    pl_heuristic_explanation x;
    pl_limits quick = {0, 5, 0};
    assert_int_equal(pl_heuristic_explain(t, r, s, &quick, &x), 0);
    if (x.goal_state) {
        pl_heuristic_explanation_clear(&x);
        return;
    }
    int *goal = malloc(((size_t)t->natoms * 2 + 1) * sizeof *goal);
    int ngoal = pl_relaxed_goal_atoms(r, t->goal, goal);
    static const pl_heuristic_kind kinds[] = {PL_H_MAX, PL_H_ADD, PL_H_FF, PL_H_LMCUT};
    const int got[] = {x.hmax, x.hadd, x.hff, x.lmcut};
    for (int k = 0; k < 4; k++) {
        pl_heuristic *h = pl_heuristic_new(r, kinds[k], goal, ngoal, NULL);
        int v = pl_heuristic_eval(h, s);
        if (v != got[k])
            fail_msg("%s: %s %d, the planner %d", name, pl_heuristic_name(kinds[k]), got[k], v);
        pl_heuristic_free(h);
    }
    free(goal);
    if (x.hmax != PL_H_INF) {
        assert_true(x.hmax <= x.lmcut);
        if (x.hstar_answer == PL_YES)
            assert_true(x.lmcut <= x.hstar);
        assert_int_equal(plan_cost(&x), x.hff);
    }
    long long cost;
    if (pl_optimal_cost(t, r, s, &quick, &cost, NULL) == PL_YES && x.hstar_answer == PL_YES)
        assert_int_equal(cost, x.hstar);
    for (int a = 0; a < x.hr->natoms; a++) {
        if (x.max.achiever[a] >= 0)
            assert_int_equal(x.max.atom[a], x.max.op[x.max.achiever[a]]);
        if (x.add.achiever[a] >= 0)
            assert_int_equal(x.add.atom[a], x.add.op[x.add.achiever[a]]);
    }
    if (!t->has_costs && !t->naxioms) {
        pl_rpg g;
        assert_int_equal(pl_rpg_build(t, r, s, &g), 0);
        assert_int_equal(g.goal_level, x.hmax == PL_H_INF ? -1 : x.hmax);
        pl_rpg_clear(&g);
    }
    pl_heuristic_explanation_clear(&x);
}

static void check_fixture(const pl_task *t, const char *name, void *ctx)
{
    int *count = ctx;
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/pddl/ipc/%s-plan.txt", PLANLENS_SOURCE_DIR, name);
    pl_start_spec spec = {path, -1, NULL};
    pl_start_state start;
    pl_error err = PL_ERROR_INIT;
    if (pl_start_state_read(t, &spec, &start, &err) != PL_OK) {
        pl_error_clear(&err);
        return;
    }
    pl_relaxed *r = pl_relaxed_new(t);
    uint64_t *s = pl_state_clone(t, t->init), *next = pl_state_new(t);
    for (int i = 0; i <= start.steps && i < 12; i++) {
        check_state(t, r, s, name);
        (*count)++;
        if (i < start.steps) {
            pl_task_apply(t, start.actions[i], s, next);
            memcpy(s, next, (size_t)t->words * sizeof *s);
        }
    }
    free(s);
    free(next);
    pl_relaxed_free(r);
    pl_start_state_clear(&start);
}

static void test_fixtures_agree_with_the_planner(void **state)
{
    (void)state;
    int states = 0;
    assert_true(pl_test_each_ipc_fixture(check_fixture, &states) > 5);
    assert_true(states > 30);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_line_costs),
        cmocka_unit_test(test_line_unit),
        cmocka_unit_test(test_dead_ends),
        cmocka_unit_test(test_fixtures_agree_with_the_planner),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
