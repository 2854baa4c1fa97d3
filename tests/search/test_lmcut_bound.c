/* What LM-cut's cuts of a state say of its successors is admissible:
 * - the successor bound (pl_heuristic_successor_bound), wherever it says
 *   more than the state's value less the action's cost (admissible by
 *   itself);
 * - incremental LM-cut (pl_heuristic_eval_child), wherever it says more than
 *   LM-cut of the successor computed afresh; it is never below the value
 *   less the action's cost, and finds the same dead ends.
 * "Admissible": a search bounded one below the value finds no plan.
 * Checked on every state of an optimal plan of each IPC fixture, and on the
 * question state of every ACPBench-Hard dev question (../shared/data).  And
 * A* with the bound finds the same optimal costs with fewer evaluations. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "search/reach.h"
#include "test_support.h"

typedef struct {
    int states, raised, proven, unknown;
    /* incremental LM-cut: successors, values above and below a fresh LM-cut */
    int children, above, below;
} tally;

/* No plan of cost below `value` from `state` (within `seconds`)?  Fails
 * the test when there is one; counts proven and unknown. */
static void check_no_plan_below(const pl_task *t, const pl_relaxed *r, const uint64_t *state, int value,
                                double seconds, const char *what, const char *label, tally *n)
{
    pl_search_params p = pl_search_defaults();
    p.init = state;
    p.cost_bound = value - 1;
    p.max_seconds = seconds;
    pl_search_result res;
    pl_search_status st = pl_search(t, r, &p, &res);
    if (st == PL_SEARCH_SOLVED)
        fail_msg("%s: %s %d, but a plan of cost %lld follows", label, what, value, res.cost);
    n->proven += st == PL_SEARCH_UNSOLVABLE;
    n->unknown += st != PL_SEARCH_UNSOLVABLE;
    pl_search_result_clear(&res);
}

/* Incremental LM-cut of each successor of the state whose cuts are
 * `cuts`, against LM-cut of the successor afresh. */
static void check_children(const pl_task *t, const pl_relaxed *r, pl_heuristic *lmcut, const uint64_t *state,
                           int h, const int *cuts, double seconds, const char *label, tally *n)
{
    uint64_t *next = pl_state_new(t);
    for (int a = 0; a < t->nactions; a++) {
        if (!pl_task_applicable(t, a, state))
            continue;
        pl_task_apply(t, a, state, next);
        int fresh = pl_heuristic_eval(lmcut, next);
        int inc = pl_heuristic_eval_child(lmcut, next, cuts, a);
        n->children++;
        assert_true(inc >= h - r->action_cost[a]);
        assert_true((inc == PL_H_INF) == (fresh == PL_H_INF));
        n->below += inc < fresh;
        if (inc <= fresh || inc == PL_H_INF)
            continue;
        n->above++;
        char what[512];
        snprintf(what, sizeof what, "%s: incremental LM-cut", t->actions[a].name);
        check_no_plan_below(t, r, next, inc, seconds, what, label, n);
    }
    free(next);
}

/* Every applicable action's bound at `state` against h* of its successor,
 * where the bound is above value - cost: no plan of cost below the bound
 * (a search within `seconds`; unknown when it runs out). */
static void check_state(const pl_task *t, const pl_relaxed *r, pl_heuristic *lmcut, const uint64_t *state,
                        double seconds, const char *label, tally *n)
{
    int h = pl_heuristic_eval(lmcut, state);
    n->states++;
    if (h == PL_H_INF || h == 0)
        return;
    /* the bounds of this evaluation, before the searches below evaluate other states */
    int *bound = malloc(((size_t)t->nactions + 1) * sizeof *bound);
    for (int a = 0; a < t->nactions; a++)
        bound[a] = pl_task_applicable(t, a, state) ? pl_heuristic_successor_bound(lmcut, a) : -1;
    /* no cuts only where LM-cut evaluates as h_max (conditional effects) */
    int ncuts = pl_heuristic_cuts_size(lmcut);
    assert_true(ncuts > 0 || pl_heuristic_kind_used(lmcut) != PL_H_LMCUT);
    int *cuts = malloc((size_t)ncuts * sizeof *cuts + 1);
    if (ncuts)
        memcpy(cuts, pl_heuristic_cuts(lmcut), (size_t)ncuts * sizeof *cuts);
    uint64_t *next = pl_state_new(t);
    for (int a = 0; a < t->nactions; a++) {
        if (bound[a] < 0)
            continue;
        assert_true(bound[a] >= h - r->action_cost[a]);
        if (bound[a] <= h - r->action_cost[a] || bound[a] == 0)
            continue;
        n->raised++;
        pl_task_apply(t, a, state, next);
        char what[512];
        snprintf(what, sizeof what, "%s: successor bound", t->actions[a].name);
        check_no_plan_below(t, r, next, bound[a], seconds, what, label, n);
    }
    if (ncuts)
        check_children(t, r, lmcut, state, h, cuts, seconds, label, n);
    free(next);
    free(cuts);
    free(bound);
}

static pl_heuristic *lmcut_of_goal(const pl_task *t, const pl_relaxed *r)
{
    int *goal = malloc(((size_t)t->natoms + 1) * sizeof *goal);
    int ngoal = pl_cond_required_atoms(t, t->goal, goal);
    pl_heuristic *h = pl_heuristic_new(r, PL_H_LMCUT, goal, ngoal, NULL);
    free(goal);
    assert_non_null(h);
    return h;
}

typedef struct {
    tally n;
    long evaluated_deferred, evaluated_eager;
} fixture_tally;

/* An IPC fixture: each state of an optimal plan; and A* with the bound
 * (deferred evaluation) against A* evaluating every child. */
static void check_fixture(const pl_task *t, const char *name, void *ctx)
{
    fixture_tally *f = ctx;
    pl_relaxed *r = pl_relaxed_new(t);
    pl_heuristic *lmcut = lmcut_of_goal(t, r);
    pl_search_params sp = pl_search_defaults();
    pl_search_result plan, deferred;
    assert_int_equal(pl_search(t, r, &sp, &plan), PL_SEARCH_SOLVED);
    sp.deferred_evaluation = true;
    assert_int_equal(pl_search(t, r, &sp, &deferred), PL_SEARCH_SOLVED);
    if (deferred.cost != plan.cost)
        fail_msg("%s: cost %lld with deferred evaluation, %lld without", name, deferred.cost, plan.cost);
    f->evaluated_deferred += deferred.evaluated;
    f->evaluated_eager += plan.evaluated;
    uint64_t *s = pl_state_clone(t, t->init), *next = pl_state_new(t);
    for (int i = 0; i <= plan.plan_length; i++) {
        check_state(t, r, lmcut, s, 0, name, &f->n);
        if (i == plan.plan_length)
            break;
        pl_task_apply(t, plan.plan[i], s, next);
        memcpy(s, next, (size_t)t->words * sizeof *s);
    }
    free(s);
    free(next);
    pl_search_result_clear(&plan);
    pl_search_result_clear(&deferred);
    pl_heuristic_free(lmcut);
    pl_relaxed_free(r);
}

static void test_ipc_fixtures(void **state)
{
    (void)state;
    fixture_tally f = {{0}, 0, 0};
    pl_test_each_ipc_fixture(check_fixture, &f);
    printf("IPC fixtures: %d plan states, %d successor bounds above value - cost, all proven; A* evaluations %ld "
           "deferred, %ld eager\n",
           f.n.states, f.n.raised, f.evaluated_deferred, f.evaluated_eager);
    printf("IPC fixtures: incremental LM-cut of %d successors: %d above a fresh LM-cut (all proven), %d below\n",
           f.n.children, f.n.above, f.n.below);
    assert_int_equal(f.n.unknown, 0);
    assert_true(f.n.raised > 0);
    assert_true(f.n.above > 0);
    assert_true(f.evaluated_deferred < f.evaluated_eager);
}

/* The question state of a dev problem (its initial state), each search
 * within 0.5 s. */
static void check_dev_problem(const pl_task *t, const char *label, void *ctx)
{
    pl_relaxed *r = pl_relaxed_new(t);
    pl_heuristic *lmcut = lmcut_of_goal(t, r);
    check_state(t, r, lmcut, t->init, 0.5, label, ctx);
    pl_heuristic_free(lmcut);
    pl_relaxed_free(r);
}

static void test_dev_question_states(void **state)
{
    (void)state;
    if (!pl_test_data_dir("acpbench dev questions"))
        return;
    tally n = {0};
    pl_test_each_dev_problem(check_dev_problem, &n);
    printf("dev question states: %d states, %d successor bounds above value - cost and %d incremental LM-cut "
           "values above a fresh one (of %d successors; %d below): %d proven, %d beyond 0.5 s\n",
           n.states, n.raised, n.above, n.children, n.below, n.proven, n.unknown);
    assert_true(n.raised > 0);
    assert_true(n.above > 0);
    assert_true(n.proven * 10 >= n.raised * 9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ipc_fixtures),
        cmocka_unit_test(test_dev_question_states),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
