/* LM-cut's successor bound (pl_heuristic_successor_bound) is admissible:
 * after LM-cut evaluated a state, the bound it gives for the successor by
 * each applicable action never exceeds h* of that successor.  Checked on
 * every state of an optimal plan of each IPC fixture, and on the question
 * state of every ACPBench-Hard dev question (../shared/data), wherever the
 * bound says more than the old one (the state's value less the action's
 * cost, admissible by itself): a search bounded one below it finds no plan.
 * And A* with it finds the same optimal costs with fewer evaluations. */
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
} tally;

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
    uint64_t *next = pl_state_new(t);
    for (int a = 0; a < t->nactions; a++) {
        if (bound[a] < 0)
            continue;
        assert_true(bound[a] >= h - r->action_cost[a]);
        if (bound[a] <= h - r->action_cost[a] || bound[a] == 0)
            continue;
        n->raised++;
        pl_task_apply(t, a, state, next);
        pl_search_params p = pl_search_defaults();
        p.init = next;
        p.cost_bound = bound[a] - 1;
        p.max_seconds = seconds;
        pl_search_result res;
        pl_search_status st = pl_search(t, r, &p, &res);
        if (st == PL_SEARCH_SOLVED)
            fail_msg("%s: %s: successor bound %d, but a plan of cost %lld follows", label, t->actions[a].name,
                     bound[a], res.cost);
        n->proven += st == PL_SEARCH_UNSOLVABLE;
        n->unknown += st != PL_SEARCH_UNSOLVABLE;
        pl_search_result_clear(&res);
    }
    free(next);
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
    assert_int_equal(f.n.unknown, 0);
    assert_true(f.n.raised > 0);
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
    printf("dev question states: %d states, %d successor bounds above value - cost: %d proven, %d beyond 0.5 s\n",
           n.states, n.raised, n.proven, n.unknown);
    assert_true(n.raised > 0);
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
