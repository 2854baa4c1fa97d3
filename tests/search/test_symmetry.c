/* Interchangeable objects and orbit search: on a Ferry task the cars bound
 * for the same place form a class, symmetric states share a representative,
 * and searches up to symmetry find the same optimal costs and next actions
 * as plain ones; on the IPC fixtures the optimal costs agree too.  A
 * corridor's mirror image, which no swap of two objects gives, is found as
 * a structural symmetry. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "plans/plan.h"
#include "search/reach.h"
#include "search/structural.h"
#include "search/symmetry.h"
#include "test_support.h"

static const char *const ferry_domain =
    "(define (domain ferry) (:requirements :strips :typing) (:types car location)\n"
    " (:predicates (at ?c - car ?l - location) (at-ferry ?l - location) (empty-ferry) (on ?c - car))\n"
    " (:action sail :parameters (?from ?to - location) :precondition (at-ferry ?from)\n"
    "  :effect (and (at-ferry ?to) (not (at-ferry ?from))))\n"
    " (:action board :parameters (?c - car ?l - location)\n"
    "  :precondition (and (at ?c ?l) (at-ferry ?l) (empty-ferry))\n"
    "  :effect (and (on ?c) (not (at ?c ?l)) (not (empty-ferry))))\n"
    " (:action debark :parameters (?c - car ?l - location) :precondition (and (on ?c) (at-ferry ?l))\n"
    "  :effect (and (at ?c ?l) (empty-ferry) (not (on ?c)))))\n";

/* c0..c3 go to l1 (c0, c1 start at l0, c2 at l1, c3 at l2); c4, c5 go to l0. */
static const char *const ferry_problem =
    "(define (problem p) (:domain ferry)\n"
    " (:objects c0 c1 c2 c3 c4 c5 - car l0 l1 l2 - location)\n"
    " (:init (at c0 l0) (at c1 l0) (at c2 l1) (at c3 l2) (at c4 l1) (at c5 l2) (at-ferry l0) (empty-ferry))\n"
    " (:goal (and (at c0 l1) (at c1 l1) (at c2 l1) (at c3 l1) (at c4 l0) (at c5 l0))))\n";

static void load_ferry(pl_loaded_task *lt)
{
    pl_error err = PL_ERROR_INIT;
    if (pl_load_task_texts(ferry_domain, strlen(ferry_domain), "d", ferry_problem, strlen(ferry_problem), "p", lt,
                           NULL, &err) != PL_OK)
        fail_msg("%s", err.message);
}

static int action(const pl_task *t, const char *name)
{
    pl_action_ref r;
    pl_ref_status st = pl_resolve_action(t, name, &r);
    int a = st == PL_REF_OK ? r.action : -1;
    pl_action_ref_clear(&r);
    assert_true(a >= 0);
    return a;
}

static uint64_t *successor(const pl_task *t, const char *name)
{
    uint64_t *next = pl_state_new(t);
    pl_task_apply(t, action(t, name), t->init, next);
    return next;
}

static void test_ferry_classes_and_representatives(void **state)
{
    (void)state;
    pl_loaded_task lt;
    load_ferry(&lt);
    const pl_task *t = lt.task;
    pl_symmetry *s = pl_symmetry_new(t);
    assert_non_null(s);
    /* {c0..c3} and {c4, c5}; the three locations differ in the goal */
    assert_int_equal(pl_symmetry_classes(s), 2);
    uint64_t *scratch = pl_symmetry_scratch_new(s), *x = pl_state_new(t), *y = pl_state_new(t);
    uint64_t *b0 = successor(t, "(board c0 l0)"), *b1 = successor(t, "(board c1 l0)");
    uint64_t *sail = successor(t, "(sail l0 l1)");
    assert_memory_not_equal(b0, b1, (size_t)t->words * sizeof *b0);
    pl_symmetry_canonical(s, b0, x, scratch);
    pl_symmetry_canonical(s, b1, y, scratch);
    assert_memory_equal(x, y, (size_t)t->words * sizeof *x); /* c0 and c1 swapped */
    pl_symmetry_canonical(s, sail, y, scratch);
    assert_memory_not_equal(x, y, (size_t)t->words * sizeof *x);
    free(scratch), free(x), free(y), free(b0), free(b1), free(sail);
    pl_symmetry_free(s);
    pl_loaded_task_free(&lt);
}

/* Next-action answers and h* with and without symmetry, for every
 * applicable action of the initial state. */
static void test_ferry_orbit_search_agrees(void **state)
{
    (void)state;
    pl_loaded_task lt;
    load_ferry(&lt);
    const pl_task *t = lt.task;
    pl_relaxed *plain = pl_relaxed_new(t), *sym = pl_relaxed_new(t);
    assert_int_equal(pl_relaxed_add_symmetry(sym), 0);
    pl_limits limits = {0, 30, 0};
    long long h_plain = -1, h_sym = -2;
    assert_int_equal(pl_optimal_cost(t, plain, t->init, &limits, &h_plain, NULL), PL_YES);
    assert_int_equal(pl_optimal_cost(t, sym, t->init, &limits, &h_sym, NULL), PL_YES);
    assert_int_equal(h_plain, h_sym);
    int *app = malloc(((size_t)t->nactions + 1) * sizeof *app), n = pl_task_applicable_actions(t, t->init, app);
    int yes = 0;
    for (int i = 0; i < n; i++) {
        pl_answer a = pl_is_next_action(t, plain, t->init, app[i], h_plain, &limits);
        assert_int_equal(pl_is_next_action(t, sym, t->init, app[i], h_sym, &limits), a);
        yes += a == PL_YES;
    }
    assert_true(yes > 0 && yes < n);
    free(app);
    pl_relaxed_free(plain);
    pl_relaxed_free(sym);
    pl_loaded_task_free(&lt);
}

/* A corridor c1 - c2 - c3 - c4 - c5 walked by moves of two kinds (left and
 * right), to visit both ends.  No two cells are interchangeable (their
 * neighbours differ); the mirror image c1 <-> c5, c2 <-> c4, which also
 * trades left moves for right ones, maps the task onto itself. */
static const char *const corridor_domain =
    "(define (domain corridor) (:requirements :strips :typing) (:types cell)\n"
    " (:predicates (at ?c - cell) (visited ?c - cell) (left-of ?a ?b - cell))\n"
    " (:action go-left :parameters (?from ?to - cell) :precondition (and (at ?from) (left-of ?to ?from))\n"
    "  :effect (and (at ?to) (visited ?to) (not (at ?from))))\n"
    " (:action go-right :parameters (?from ?to - cell) :precondition (and (at ?from) (left-of ?from ?to))\n"
    "  :effect (and (at ?to) (visited ?to) (not (at ?from)))))\n";

static const char *const corridor_problem =
    "(define (problem p) (:domain corridor) (:objects c1 c2 c3 c4 c5 - cell)\n"
    " (:init (at c2) (visited c2) (left-of c1 c2) (left-of c2 c3) (left-of c3 c4) (left-of c4 c5))\n"
    " (:goal (and (visited c1) (visited c5))))\n";

static void test_corridor_mirror(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_error err = PL_ERROR_INIT;
    if (pl_load_task_texts(corridor_domain, strlen(corridor_domain), "d", corridor_problem, strlen(corridor_problem),
                           "p", &lt, NULL, &err) != PL_OK)
        fail_msg("%s", err.message);
    const pl_task *t = lt.task;
    pl_relaxed *plain = pl_relaxed_new(t), *sym = pl_relaxed_new(t);
    assert_int_equal(pl_relaxed_add_symmetry(sym), 0);
    assert_true(pl_symmetry_trivial(sym->symmetry));
    assert_int_equal(pl_symmetry_add_structural(sym->symmetry, t), 0);
    assert_false(pl_symmetry_trivial(sym->symmetry));
    /* at c2 having visited c2, and its mirror image at c4 having visited c4 */
    uint64_t *x = pl_state_new(t), *y = pl_state_new(t), *cx = pl_state_new(t), *cy = pl_state_new(t);
    uint64_t *scratch = pl_symmetry_scratch_new(sym->symmetry);
    memcpy(x, t->init, (size_t)t->words * sizeof *x);
    pl_task_apply(t, action(t, "(go-right c2 c3)"), x, y);
    pl_task_apply(t, action(t, "(go-right c3 c4)"), y, x);
    memset(y, 0, (size_t)t->words * sizeof *y);
    for (int a = 0; a < t->natoms; a++) /* at c4, visited c4 only */
        if (!strcmp(t->atoms[a].name, "(at c4)") || !strcmp(t->atoms[a].name, "(visited c4)"))
            pl_state_set(y, a, true);
    pl_symmetry_canonical(sym->symmetry, t->init, cx, scratch);
    pl_symmetry_canonical(sym->symmetry, y, cy, scratch);
    assert_memory_equal(cx, cy, (size_t)t->words * sizeof *cx);
    pl_limits limits = {0, 30, 0};
    long long h_plain = -1, h_sym = -2;
    assert_int_equal(pl_optimal_cost(t, plain, t->init, &limits, &h_plain, NULL), PL_YES);
    assert_int_equal(pl_optimal_cost(t, sym, t->init, &limits, &h_sym, NULL), PL_YES);
    assert_int_equal(h_plain, 5); /* left to c1, then right to c5 */
    assert_int_equal(h_sym, h_plain);
    free(x), free(y), free(cx), free(cy), free(scratch);
    pl_relaxed_free(plain);
    pl_relaxed_free(sym);
    pl_loaded_task_free(&lt);
}

static void test_fixtures_orbit_costs(void **state)
{
    (void)state;
    static const char *const fixtures[] = {"gripper", "logistics", "briefcase", "handshake", "elevator"};
    int with_classes = 0;
    for (size_t f = 0; f < sizeof fixtures / sizeof fixtures[0]; f++) {
        char d[512], p[512];
        snprintf(d, sizeof d, "%s/tests/pddl/ipc/%s-domain.pddl", PLANLENS_SOURCE_DIR, fixtures[f]);
        snprintf(p, sizeof p, "%s/tests/pddl/ipc/%s-problem.pddl", PLANLENS_SOURCE_DIR, fixtures[f]);
        pl_loaded_task lt;
        pl_error err = PL_ERROR_INIT;
        if (pl_load_task_files(d, p, &lt, NULL, &err) != PL_OK)
            fail_msg("%s: %s", fixtures[f], err.message);
        pl_relaxed *plain = pl_relaxed_new(lt.task), *sym = pl_relaxed_new(lt.task);
        assert_int_equal(pl_relaxed_add_symmetry(sym), 0);
        with_classes += !pl_symmetry_trivial(sym->symmetry);
        pl_limits limits = {0, 30, 0};
        long long a = -1, b = -2;
        assert_int_equal(pl_optimal_cost(lt.task, plain, lt.task->init, &limits, &a, NULL), PL_YES);
        assert_int_equal(pl_optimal_cost(lt.task, sym, lt.task->init, &limits, &b, NULL), PL_YES);
        assert_int_equal(a, b);
        assert_int_equal(pl_symmetry_add_structural(sym->symmetry, lt.task), 0); /* and the structural ones */
        b = -2;
        assert_int_equal(pl_optimal_cost(lt.task, sym, lt.task->init, &limits, &b, NULL), PL_YES);
        assert_int_equal(a, b);
        pl_relaxed_free(plain);
        pl_relaxed_free(sym);
        pl_loaded_task_free(&lt);
    }
    assert_true(with_classes > 0); /* gripper's balls at least */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ferry_classes_and_representatives),
        cmocka_unit_test(test_ferry_orbit_search_agrees),
        cmocka_unit_test(test_fixtures_orbit_costs),
        cmocka_unit_test(test_corridor_mirror),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
