/* The satisficing search (issue 40 §2): landmarks and the landmark-count
 * heuristic on a task counted by hand, and lazy greedy search with
 * preferred operators and landmarks (`plan --search sat`) solving every IPC
 * fixture and every distinct ACPBench dev task (when the data is there)
 * with valid plans.
 *
 * Corridor: cells a - b - c (links both ways) and a dead end e off a; the
 * robot at a; goal (visited c).  Backchaining: (visited c) has one
 * achiever, (move b c), which needs (at b); (at b) can come first only from
 * (move a b) (from c it needs (at c), unreachable without passing b), which
 * needs (at a).  Landmarks: (visited c), (at b), (at a), ordered
 * (at a) -> (at b) -> (visited c).  Values along paths:
 *   a (start): (at a) past and holding; (at b), (visited c) future: 2;
 *   a -> b: (at b) added: 1 ((at a) no longer holds, but its child (at b)
 *     is past, so it is not needed again);
 *   a -> b -> a: (at b) past but no longer holding, and its child
 *     (visited c) not past: needed again, 2;
 *   a -> b -> c: every landmark past, the goal holds: 0.
 *
 * Tower: blocks a, b, c on the table, goal (on a b) (on b c).  Landmarks:
 * the goals, (holding a) and (clear b) before (on a b), (holding b) and
 * (clear c) before (on b c), (clear a), (ontable a) and (handempty) before
 * (holding a), (clear b), (ontable b) and (handempty) before (holding b):
 * 10.  Reasonable orderings (5): (on b c) -> (on a b), since stacking b
 * makes b clear, which (on a b) cannot be with; (holding b) -> (on a b)
 * and (ontable a) -> (on a b) (mutex); (ontable b) -> (on a b) (putting b
 * down makes it clear) and (ontable b) -> (on b c) (mutex).  Values, the
 * future landmarks, along a path that stacks a on b too early:
 *   start: the goals, (holding a), (holding b): 4;
 *   pick-up a: (holding a) is added; (handempty) must hold again before
 *     (holding b): 4;
 *   stack a b: (on a b) is added but its reasonable parent (on b c) is not
 *     past: still future; (clear b) no longer holds before (holding b): 4
 *     (3 without the reasonable orderings);
 *   unstack a b, put-down a: (clear b), then (handempty) added again: 4, 3;
 *   pick-up b, stack b c: 2, 1 ((on a b) still to be added);
 *   pick-up a, stack a b: 1, 0. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "plans/plan.h"
#include "search/landmarks.h"
#include "search/search.h"
#include "test_support.h"

static const char corridor_domain[] =
    "(define (domain corridor) (:requirements :strips)\n"
    " (:predicates (at ?x) (visited ?x) (link ?x ?y))\n"
    " (:action move :parameters (?from ?to)\n"
    "  :precondition (and (at ?from) (link ?from ?to))\n"
    "  :effect (and (at ?to) (not (at ?from)) (visited ?to))))\n";
static const char corridor_problem[] = "(define (problem p) (:domain corridor) (:objects a b c e)\n"
                                       " (:init (at a) (visited a) (link a b) (link b a) (link b c) (link c b)\n"
                                       "  (link a e) (link e a))\n"
                                       " (:goal (visited c)))\n";

static int atom_named(const pl_task *t, const char *name)
{
    for (int p = 0; p < t->natoms; p++)
        if (!strcmp(t->atoms[p].name, name))
            return p;
    fail_msg("no atom %s", name);
    return -1;
}

static int action_named(const pl_task *t, const char *name)
{
    for (int a = 0; a < t->nactions; a++)
        if (!strcmp(t->actions[a].name, name))
            return a;
    fail_msg("no action %s", name);
    return -1;
}

/* Applies the named action to `state` in place. */
static void step(const pl_task *t, uint64_t *state, const char *action)
{
    uint64_t *next = pl_state_new(t);
    pl_task_apply(t, action_named(t, action), state, next);
    memcpy(state, next, (size_t)t->words * sizeof *state);
    free(next);
}

/* From the initial state (value `start`), the landmark-count value after
 * each action of path[0 .. n) is values[i]. */
static void check_values(const pl_task *t, const pl_landmarks *lm, int start, const char *const *path,
                         const int *values, int n)
{
    uint64_t *status = calloc((size_t)pl_landmarks_words(lm), sizeof *status), *s = pl_state_clone(t, t->init);
    pl_landmarks_initial(lm, s, status);
    assert_int_equal(pl_landmarks_value(lm, status), start);
    for (int i = 0; i < n; i++) {
        uint64_t *before = pl_state_clone(t, s);
        step(t, s, path[i]);
        pl_landmarks_progress(lm, status, before, s, status);
        free(before);
        if (pl_landmarks_value(lm, status) != values[i])
            fail_msg("after %s: %d, expected %d", path[i], pl_landmarks_value(lm, status), values[i]);
    }
    free(status);
    free(s);
}

static void test_corridor_landmarks(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_test_load_texts(corridor_domain, corridor_problem, "corridor", &lt);
    const pl_task *t = lt.task;
    pl_relaxed *r = pl_relaxed_new(t);
    assert_non_null(r);
    pl_landmarks *lm = pl_landmarks_new(r, t->init, 0);
    assert_non_null(lm);
    assert_int_equal(pl_landmarks_count(lm), 3);
    assert_true(pl_landmarks_has(lm, atom_named(t, "(visited c)")));
    assert_true(pl_landmarks_has(lm, atom_named(t, "(at b)")));
    assert_true(pl_landmarks_has(lm, atom_named(t, "(at a)")));
    assert_false(pl_landmarks_has(lm, atom_named(t, "(at c)"))); /* no achiever needs it */
    static const char *const path[] = {"(move a b)", "(move b a)", "(move a b)", "(move b c)"};
    static const int values[] = {1, 2, 1, 0};
    check_values(t, lm, 2, path, values, 4);
    pl_landmarks_free(lm);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

static const char blocks_domain[] =
    "(define (domain blocks) (:requirements :strips)\n"
    " (:predicates (on ?x ?y) (ontable ?x) (clear ?x) (handempty) (holding ?x))\n"
    " (:action pick-up :parameters (?x)\n"
    "  :precondition (and (clear ?x) (ontable ?x) (handempty))\n"
    "  :effect (and (not (ontable ?x)) (not (clear ?x)) (not (handempty)) (holding ?x)))\n"
    " (:action put-down :parameters (?x) :precondition (holding ?x)\n"
    "  :effect (and (not (holding ?x)) (clear ?x) (handempty) (ontable ?x)))\n"
    " (:action stack :parameters (?x ?y) :precondition (and (holding ?x) (clear ?y))\n"
    "  :effect (and (not (holding ?x)) (not (clear ?y)) (clear ?x) (handempty) (on ?x ?y)))\n"
    " (:action unstack :parameters (?x ?y) :precondition (and (on ?x ?y) (clear ?x) (handempty))\n"
    "  :effect (and (holding ?x) (clear ?y) (not (clear ?x)) (not (handempty)) (not (on ?x ?y)))))\n";
static const char blocks_problem[] = "(define (problem tower) (:domain blocks) (:objects a b c)\n"
                                     " (:init (ontable a) (ontable b) (ontable c) (clear a) (clear b) (clear c)\n"
                                     "  (handempty))\n"
                                     " (:goal (and (on a b) (on b c))))\n";

static void test_tower_reasonable_orders(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_test_load_texts(blocks_domain, blocks_problem, "tower", &lt);
    const pl_task *t = lt.task;
    pl_relaxed *r = pl_relaxed_new(t);
    assert_non_null(r);
    pl_landmarks *lm = pl_landmarks_new(r, t->init, 0);
    assert_non_null(lm);
    assert_int_equal(pl_landmarks_count(lm), 10);
    assert_int_equal(pl_landmarks_reasonable_count(lm), 5);
    static const char *const path[] = {"(pick-up a)", "(stack a b)", "(unstack a b)", "(put-down a)",
                                       "(pick-up b)", "(stack b c)", "(pick-up a)",   "(stack a b)"};
    static const int values[] = {4, 4, 4, 3, 2, 1, 1, 0};
    check_values(t, lm, 4, path, values, 8);
    pl_landmarks_free(lm);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

/* The plan is valid when simulated, and its cost is what the search said. */
static void assert_plan_valid(const pl_task *t, const pl_search_result *res, const char *name)
{
    char **steps = calloc((size_t)res->plan_length + 1, sizeof *steps);
    for (int i = 0; i < res->plan_length; i++)
        steps[i] = (char *)t->actions[res->plan[i]].name;
    pl_trace *tr = pl_trace_new(t, steps, res->plan_length);
    if (!tr->valid || (long long)tr->cost != res->cost)
        fail_msg("%s: the plan of --search sat is not valid", name);
    pl_trace_free(tr);
    free(steps);
}

typedef struct {
    int solved, unsolvable, unknown;
} tally;

/* Solves with --search sat's configuration: a plan must be valid, and
 * "unsolvable" must agree with greedy search exhausting the space. */
static void solve_sat(const pl_task *t, const char *name, void *ctx)
{
    tally *n = ctx;
    pl_relaxed *r = pl_relaxed_new(t);
    assert_non_null(r);
    pl_search_params p = pl_search_defaults();
    p.lazy = p.landmarks = true;
    p.max_expansions = 50000;
    pl_search_result res;
    pl_search(t, r, &p, &res);
    if (res.status == PL_SEARCH_SOLVED) {
        assert_plan_valid(t, &res, name);
        n->solved++;
    } else if (res.status == PL_SEARCH_UNSOLVABLE) {
        pl_search_params q = pl_search_defaults();
        q.heuristic = PL_H_FF;
        q.greedy = true;
        pl_search_result eager;
        pl_search(t, r, &q, &eager);
        if (eager.status != PL_SEARCH_UNSOLVABLE)
            fail_msg("%s: sat says unsolvable, greedy search %s", name, pl_search_status_name(eager.status));
        pl_search_result_clear(&eager);
        n->unsolvable++;
    } else if (res.status == PL_SEARCH_LIMIT) {
        printf("sat: %s: unknown after %ld expansions\n", name, res.expansions);
        n->unknown++;
    } else {
        fail_msg("%s: %s", name, pl_search_status_name(res.status));
    }
    pl_search_result_clear(&res);
    pl_relaxed_free(r);
}

static void test_ipc_fixtures(void **state)
{
    (void)state;
    tally n = {0, 0, 0};
    int tasks = pl_test_each_ipc_fixture(solve_sat, &n);
    assert_int_equal(n.solved, tasks);
}

static void test_dev_problems(void **state)
{
    (void)state;
    if (!pl_test_data_dir("ACPBench dev questions"))
        skip();
    tally n = {0, 0, 0};
    int tasks = pl_test_each_dev_problem(solve_sat, &n);
    printf("sat: %d of %d dev tasks solved within 50,000 expansions (every plan valid), %d proven unsolvable\n",
           n.solved, tasks, n.unsolvable);
    assert_int_equal(n.solved + n.unsolvable + n.unknown, tasks);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corridor_landmarks),
        cmocka_unit_test(test_tower_reasonable_orders),
        cmocka_unit_test(test_ipc_fixtures),
        cmocka_unit_test(test_dev_problems),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
