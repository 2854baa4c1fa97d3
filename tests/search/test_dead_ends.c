/* The two dead-end tests the grader's long searches use are sound and see
 * what the delete relaxation misses: h^2 from the state (pl_h2_dead_end)
 * and the dead-end pattern databases (pdb.h: a value of PL_H_INF).
 * - Floor-tile, one robot: where tile_6 was painted too early, tile_9 and
 *   the top tile_12 can only be painted from each other: LM-cut is finite,
 *   h^2 says dead.  Where tile_1 was painted, the column tile_4, tile_7,
 *   tile_10 can only be painted from each other: LM-cut is finite and h^2
 *   does not see it (three tiles), the databases say dead.  A* proves both.
 * - On every state of an optimal plan of each IPC fixture and every
 *   successor of each, and on the question state of every ACPBench-Hard
 *   dev question and its successors, wherever either says dead, a search
 *   finds no plan (and neither says dead on a state of a plan).
 * - An A* asking h^2 finds the same optimal cost with fewer evaluations;
 *   one whose first 256 tests find no dead end asks no more. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "search/mutex.h"
#include "search/pdb.h"
#include "search/reach.h"
#include "task/load.h"
#include "test_support.h"

static const char *FLOOR_TILE_DOMAIN =
    "(define (domain floor-tile) (:requirements :typing)\n"
    " (:types color robot tile - object)\n"
    " (:predicates (available-color ?c - color) (clear ?x - tile) (down ?x - tile ?y - tile)\n"
    "  (free-color ?r - robot) (left ?x - tile ?y - tile) (painted ?x - tile ?c - color)\n"
    "  (right ?x - tile ?y - tile) (robot-at ?r - robot ?x - tile) (robot-has ?r - robot ?c - color)\n"
    "  (up ?x - tile ?y - tile))\n"
    " (:action change-color :parameters (?r - robot ?c - color ?c2 - color)\n"
    "  :precondition (and (robot-has ?r ?c) (available-color ?c2))\n"
    "  :effect (and (not (robot-has ?r ?c)) (robot-has ?r ?c2)))\n"
    " (:action down :parameters (?r - robot ?x - tile ?y - tile)\n"
    "  :precondition (and (robot-at ?r ?x) (down ?y ?x) (clear ?y))\n"
    "  :effect (and (robot-at ?r ?y) (not (robot-at ?r ?x)) (clear ?x) (not (clear ?y))))\n"
    " (:action left :parameters (?r - robot ?x - tile ?y - tile)\n"
    "  :precondition (and (robot-at ?r ?x) (left ?y ?x) (clear ?y))\n"
    "  :effect (and (robot-at ?r ?y) (not (robot-at ?r ?x)) (clear ?x) (not (clear ?y))))\n"
    " (:action right :parameters (?r - robot ?x - tile ?y - tile)\n"
    "  :precondition (and (robot-at ?r ?x) (right ?y ?x) (clear ?y))\n"
    "  :effect (and (robot-at ?r ?y) (not (robot-at ?r ?x)) (clear ?x) (not (clear ?y))))\n"
    " (:action up :parameters (?r - robot ?x - tile ?y - tile)\n"
    "  :precondition (and (robot-at ?r ?x) (up ?y ?x) (clear ?y))\n"
    "  :effect (and (robot-at ?r ?y) (not (robot-at ?r ?x)) (clear ?x) (not (clear ?y))))\n"
    " (:action paint-up :parameters (?r - robot ?y - tile ?x - tile ?c - color)\n"
    "  :precondition (and (robot-has ?r ?c) (robot-at ?r ?x) (up ?y ?x) (clear ?y))\n"
    "  :effect (and (not (clear ?y)) (painted ?y ?c)))\n"
    " (:action paint-down :parameters (?r - robot ?y - tile ?x - tile ?c - color)\n"
    "  :precondition (and (robot-has ?r ?c) (robot-at ?r ?x) (down ?y ?x) (clear ?y))\n"
    "  :effect (and (not (clear ?y)) (painted ?y ?c))))\n";

/* Rows bottom to top: 1-3, 4-6, 7-9, 10-12; rows 2-4 to paint; one robot.
 * `painted` is spliced into the initial state. */
static char *floor_tile_problem(const char *painted, const char *clear)
{
    static const char *fmt =
        "(define (problem ft) (:domain floor-tile)\n"
        " (:objects white black - color robot1 - robot tile_1 tile_2 tile_3 tile_4 tile_5 tile_6 tile_7 tile_8\n"
        "  tile_9 tile_10 tile_11 tile_12 - tile)\n"
        " (:init (available-color white) (available-color black) (robot-at robot1 tile_2) (robot-has robot1 white)\n"
        "  (clear tile_1) (clear tile_3) %s %s\n"
        "  (up tile_4 tile_1) (up tile_5 tile_2) (up tile_6 tile_3) (up tile_7 tile_4) (up tile_8 tile_5)\n"
        "  (up tile_9 tile_6) (up tile_10 tile_7) (up tile_11 tile_8) (up tile_12 tile_9)\n"
        "  (down tile_1 tile_4) (down tile_2 tile_5) (down tile_3 tile_6) (down tile_4 tile_7) (down tile_5 tile_8)\n"
        "  (down tile_6 tile_9) (down tile_7 tile_10) (down tile_8 tile_11) (down tile_9 tile_12)\n"
        "  (right tile_2 tile_1) (right tile_3 tile_2) (right tile_5 tile_4) (right tile_6 tile_5)\n"
        "  (right tile_8 tile_7) (right tile_9 tile_8) (right tile_11 tile_10) (right tile_12 tile_11)\n"
        "  (left tile_1 tile_2) (left tile_2 tile_3) (left tile_4 tile_5) (left tile_5 tile_6)\n"
        "  (left tile_7 tile_8) (left tile_8 tile_9) (left tile_10 tile_11) (left tile_11 tile_12))\n"
        " (:goal (and (painted tile_4 white) (painted tile_5 black) (painted tile_6 white) (painted tile_7 black)\n"
        "  (painted tile_8 white) (painted tile_9 black) (painted tile_10 white) (painted tile_11 black)\n"
        "  (painted tile_12 white))))\n";
    size_t n = strlen(fmt) + strlen(painted) + strlen(clear) + 1;
    char *s = malloc(n);
    assert_non_null(s);
    snprintf(s, n, fmt, painted, clear);
    return s;
}

/* The grader's limits (engine/acpbench/grader.c). */
static const pl_pdb_limits PDB_LIMITS = {60000, 600000};
enum { PDB_MAX_ATOMS = 512 };

/* The databases of t's goal, or NULL (none for this task, or too large). */
static pl_pdbs *pdbs_of(const pl_task *t, pl_relaxed *r)
{
    if (t->natoms > PDB_MAX_ATOMS)
        return NULL;
    assert_int_equal(pl_relaxed_add_mutexes(r), 0);
    return pl_pdbs_new(t, r, r->mutexes, &PDB_LIMITS);
}

static pl_h2 *h2_of_goal(const pl_task *t)
{
    int *goal = malloc(((size_t)t->natoms + 1) * sizeof *goal);
    pl_h2 *h = pl_h2_new(t, NULL, goal, pl_cond_required_atoms(t, t->goal, goal));
    free(goal);
    assert_non_null(h);
    return h;
}

static int lmcut_of(const pl_task *t, const pl_relaxed *r, const uint64_t *state)
{
    int *goal = malloc(((size_t)t->natoms + 1) * sizeof *goal);
    pl_heuristic *lmcut = pl_heuristic_new(r, PL_H_LMCUT, goal, pl_cond_required_atoms(t, t->goal, goal), NULL);
    assert_non_null(lmcut);
    int h = pl_heuristic_eval(lmcut, state);
    pl_heuristic_free(lmcut);
    free(goal);
    return h;
}

static pl_search_status astar(const pl_task *t, const pl_relaxed *r, const uint64_t *state, double seconds,
                              pl_search_result *res)
{
    pl_search_params p = pl_search_defaults();
    p.init = state;
    p.max_seconds = seconds;
    return pl_search(t, r, &p, res);
}

/* The state after the named actions from t's initial state (free() it). */
static uint64_t *run_from_init(const pl_task *t, const char **names)
{
    uint64_t *s = pl_state_clone(t, t->init), *next = pl_state_new(t);
    for (; *names; names++) {
        int a = 0;
        while (a < t->nactions && strcmp(t->actions[a].name, *names))
            a++;
        if (a == t->nactions || !pl_task_applicable(t, a, s))
            fail_msg("%s: no such applicable action", *names);
        pl_task_apply(t, a, s, next);
        memcpy(s, next, (size_t)t->words * sizeof *s);
    }
    free(next);
    return s;
}

static void test_floor_tile_painted_too_early(void **state)
{
    (void)state;
    const char *all_clear = "(clear tile_4) (clear tile_5) (clear tile_6) (clear tile_7) (clear tile_8) "
                            "(clear tile_9) (clear tile_10) (clear tile_11) (clear tile_12)";
    const char *six_painted = "(clear tile_4) (clear tile_5) (clear tile_7) (clear tile_8) "
                              "(clear tile_9) (clear tile_10) (clear tile_11) (clear tile_12)";
    char *start = floor_tile_problem("", all_clear), *dead = floor_tile_problem("(painted tile_6 white)", six_painted);
    pl_loaded_task a, b;
    pl_test_load_texts(FLOOR_TILE_DOMAIN, start, "floor-tile start", &a);
    pl_test_load_texts(FLOOR_TILE_DOMAIN, dead, "floor-tile tile_6 painted", &b);
    pl_relaxed *ra = pl_relaxed_new(a.task), *rb = pl_relaxed_new(b.task);
    pl_h2 *ha = h2_of_goal(a.task), *hb = h2_of_goal(b.task);
    pl_pdbs *pa = pdbs_of(a.task, ra);
    assert_non_null(pa);
    assert_false(pl_h2_dead_end(ha, a.task->init));
    assert_true(pl_pdbs_eval(pa, a.task->init) != PL_H_INF);
    assert_true(pl_h2_dead_end(hb, b.task->init));
    assert_int_equal(pl_h2_tests(hb), 1);
    assert_int_equal(pl_h2_dead_ends(hb), 1);
    assert_true(lmcut_of(b.task, rb, b.task->init) != PL_H_INF); /* the delete relaxation misses it */
    pl_search_result res;
    assert_int_equal(astar(b.task, rb, b.task->init, 0, &res), PL_SEARCH_UNSOLVABLE);
    pl_search_result_clear(&res);
    /* From the start, the robot paints tile_1 (not a goal): the column
     * tile_4, tile_7, tile_10 can now only be painted from each other.
     * Three tiles at once: past h^2 and LM-cut, in the column's database. */
    uint64_t *column = run_from_init(a.task, (const char *[]){"(up robot1 tile_2 tile_5)", "(left robot1 tile_5 tile_4)",
                                                              "(paint-down robot1 tile_1 tile_4 white)", NULL});
    assert_false(pl_h2_dead_end(ha, column));
    assert_true(lmcut_of(a.task, ra, column) != PL_H_INF);
    assert_int_equal(pl_pdbs_eval(pa, column), PL_H_INF);
    assert_int_equal(astar(a.task, ra, column, 0, &res), PL_SEARCH_UNSOLVABLE);
    pl_search_result_clear(&res);
    free(column);
    /* an A* asking it: the same optimal cost, fewer evaluations */
    pl_search_params p = pl_search_defaults();
    p.deferred_evaluation = true;
    pl_search_result plain, pruned;
    assert_int_equal(pl_search(a.task, ra, &p, &plain), PL_SEARCH_SOLVED);
    p.dead_ends = ha;
    assert_int_equal(pl_search(a.task, ra, &p, &pruned), PL_SEARCH_SOLVED);
    printf("floor-tile: optimal cost %lld; A* evaluations %ld without the h^2 test, %ld with it (%ld tests, %ld "
           "dead ends)\n",
           plain.cost, plain.evaluated, pruned.evaluated, pl_h2_tests(ha), pl_h2_dead_ends(ha));
    assert_int_equal(pruned.cost, plain.cost);
    assert_true(pl_h2_dead_ends(ha) > 0);
    assert_true(pruned.evaluated < plain.evaluated);
    pl_search_result_clear(&plain);
    pl_search_result_clear(&pruned);
    pl_pdbs_free(pa);
    pl_h2_free(ha);
    pl_h2_free(hb);
    pl_relaxed_free(ra);
    pl_relaxed_free(rb);
    pl_loaded_task_free(&a);
    pl_loaded_task_free(&b);
    free(start);
    free(dead);
}

typedef struct {
    int states, dead, dead_pdbs, flagged, proven, unknown; /* flagged: by either */
    int gated; /* searches that stopped asking h^2 after 256 fruitless tests */
} tally;

/* `state` and each of its successors: wherever h^2 or the databases (may
 * be NULL) say dead, A* (within `seconds`) finds no plan. */
static void check_state_and_successors(const pl_task *t, const pl_relaxed *r, pl_h2 *h, const pl_pdbs *p,
                                       const uint64_t *state, double seconds, const char *label, tally *n)
{
    uint64_t *next = pl_state_new(t);
    for (int a = -1; a < t->nactions; a++) {
        if (a >= 0 && !pl_task_applicable(t, a, state))
            continue;
        if (a >= 0)
            pl_task_apply(t, a, state, next);
        const uint64_t *s = a < 0 ? state : next;
        n->states++;
        bool by_h2 = pl_h2_dead_end(h, s), by_pdbs = p && pl_pdbs_eval(p, s) == PL_H_INF;
        if (!by_h2 && !by_pdbs)
            continue;
        n->dead += by_h2;
        n->dead_pdbs += by_pdbs;
        n->flagged++;
        pl_search_result res;
        pl_search_status st = astar(t, r, s, seconds, &res);
        if (st == PL_SEARCH_SOLVED)
            fail_msg("%s: %s says dead after %s, but a plan of cost %lld follows", label,
                     by_h2 ? "h^2" : "a database", a < 0 ? "nothing" : t->actions[a].name, res.cost);
        n->proven += st == PL_SEARCH_UNSOLVABLE;
        n->unknown += st != PL_SEARCH_UNSOLVABLE;
        pl_search_result_clear(&res);
    }
    free(next);
}

/* A blind A* asking h^2: where its first 256 tests find no dead end, it
 * asks no more, and finds the same optimal cost. */
static void check_gate(const pl_task *t, const pl_relaxed *r, long long cost, const char *name, tally *n)
{
    pl_h2 *h = h2_of_goal(t);
    pl_search_params p = pl_search_defaults();
    p.heuristic = PL_H_BLIND;
    p.dead_ends = h;
    pl_search_result res;
    assert_int_equal(pl_search(t, r, &p, &res), PL_SEARCH_SOLVED);
    if (res.cost != cost)
        fail_msg("%s: cost %lld asking h^2, %lld without", name, res.cost, cost);
    if (res.evaluated > 256 && pl_h2_dead_ends(h) == 0) {
        assert_int_equal(pl_h2_tests(h), 256);
        n->gated++;
    }
    pl_search_result_clear(&res);
    pl_h2_free(h);
}

static void check_fixture(const pl_task *t, const char *name, void *ctx)
{
    pl_relaxed *r = pl_relaxed_new(t);
    pl_h2 *h = h2_of_goal(t);
    pl_pdbs *p = pdbs_of(t, r);
    pl_search_params sp = pl_search_defaults();
    pl_search_result plan;
    assert_int_equal(pl_search(t, r, &sp, &plan), PL_SEARCH_SOLVED);
    check_gate(t, r, plan.cost, name, ctx);
    uint64_t *s = pl_state_clone(t, t->init), *next = pl_state_new(t);
    for (int i = 0; i <= plan.plan_length; i++) {
        if (pl_h2_dead_end(h, s) || (p && pl_pdbs_eval(p, s) == PL_H_INF))
            fail_msg("%s: dead at step %d of an optimal plan", name, i);
        check_state_and_successors(t, r, h, p, s, 0, name, ctx);
        if (i == plan.plan_length)
            break;
        pl_task_apply(t, plan.plan[i], s, next);
        memcpy(s, next, (size_t)t->words * sizeof *s);
    }
    free(s);
    free(next);
    pl_search_result_clear(&plan);
    pl_pdbs_free(p);
    pl_h2_free(h);
    pl_relaxed_free(r);
}

static void test_ipc_fixtures(void **state)
{
    (void)state;
    tally n = {0};
    pl_test_each_ipc_fixture(check_fixture, &n);
    printf("IPC fixtures: %d plan states and successors, %d dead by h^2, %d by the databases, %d proven; %d blind "
           "searches stopped asking h^2 after 256 tests\n",
           n.states, n.dead, n.dead_pdbs, n.proven, n.gated);
    assert_int_equal(n.unknown, 0);
    assert_true(n.states > 0);
    assert_true(n.gated > 0);
}

static void check_dev_problem(const pl_task *t, const char *label, void *ctx)
{
    pl_relaxed *r = pl_relaxed_new(t);
    pl_h2 *h = h2_of_goal(t);
    pl_pdbs *p = pdbs_of(t, r);
    check_state_and_successors(t, r, h, p, t->init, 0.5, label, ctx);
    pl_pdbs_free(p);
    pl_h2_free(h);
    pl_relaxed_free(r);
}

static void test_dev_question_states(void **state)
{
    (void)state;
    if (!pl_test_data_dir("acpbench dev questions"))
        return;
    tally n = {0};
    pl_test_each_dev_problem(check_dev_problem, &n);
    printf("dev question states: %d states and successors, %d dead by h^2, %d by the databases, %d by either: %d "
           "proven, %d beyond 0.5 s\n",
           n.states, n.dead, n.dead_pdbs, n.flagged, n.proven, n.unknown);
    assert_true(n.dead > 0);
    assert_true(n.dead_pdbs > 0);
    assert_true(n.proven * 10 >= n.flagged * 9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_floor_tile_painted_too_early),
        cmocka_unit_test(test_ipc_fixtures),
        cmocka_unit_test(test_dev_question_states),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
