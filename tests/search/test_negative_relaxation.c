/* Negative conditions and conditional effects in the delete relaxation
 * (issue 40 §1), on small tasks whose estimates are counted by hand.
 *
 * Lamps: every goal is negative ((not (on l1)) (not (on l2))).  Switching a
 * lamp off needs the key; taking the key needs not holding it.  The
 * heuristics see "not p" atoms (true where p is false, added by the actions
 * deleting p), so from the initial state:
 *   take-key costs 1 (its "not has-key" holds); each switch-off then
 *   reaches its "not on" at h_max 1+1 = 2, h_add 1+0+1 = 2;
 *   h_max = max(2, 2) = 2, h_add = 2 + 2 = 4,
 *   h_FF = |{take-key, switch-off l1, switch-off l2}| = 3 (= h*),
 *   LM-cut = 3 (three disjoint landmarks of cost 1).
 * Dropping the negative goals, every estimate was 0.
 *
 * Flip: one action (cost 5) with two conditional effects, one of which also
 * needs (ready), made by prepare (cost 2).  Goal (b) and (d):
 *   h_add = 5 + (2 + 5) = 12 (each goal atom pays its way), h_max = 7,
 *   h_FF = 5 + 2 = 7: the relaxed plan is {flip, prepare}, flip paid once
 *   although two of its effects are in it (it was 12). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "search/heuristic.h"
#include "search/search.h"
#include "task/load.h"
#include "test_support.h"

static const char lamps_domain[] =
    "(define (domain lamps)\n"
    " (:requirements :strips :typing :negative-preconditions)\n"
    " (:types lamp)\n"
    " (:predicates (on ?l - lamp) (has-key))\n"
    " (:action take-key :precondition (not (has-key)) :effect (has-key))\n"
    " (:action switch-off :parameters (?l - lamp)\n"
    "  :precondition (and (has-key) (on ?l)) :effect (not (on ?l)))\n"
    " (:action switch-on :parameters (?l - lamp)\n"
    "  :precondition (not (on ?l)) :effect (on ?l)))\n";
static const char lamps_problem[] = "(define (problem two) (:domain lamps)\n"
                                    " (:objects l1 l2 - lamp)\n"
                                    " (:init (on l1) (on l2))\n"
                                    " (:goal (and (not (on l1)) (not (on l2)))))\n";

static const char flip_domain[] =
    "(define (domain flip)\n"
    " (:requirements :strips :conditional-effects :action-costs)\n"
    " (:predicates (a) (b) (c) (d) (ready))\n"
    " (:functions (total-cost) - number)\n"
    " (:action flip :effect (and (when (a) (b)) (when (and (c) (ready)) (d)) (increase (total-cost) 5)))\n"
    " (:action prepare :effect (and (ready) (increase (total-cost) 2))))\n";
static const char flip_problem[] = "(define (problem one) (:domain flip)\n"
                                   " (:init (a) (c) (= (total-cost) 0))\n"
                                   " (:goal (and (b) (d)))\n"
                                   " (:metric minimize (total-cost)))\n";

/* h of kind k for the task's own goal in `state` (NULL: the initial state). */
static int h_of(const pl_relaxed *r, pl_heuristic_kind k, const uint64_t *state)
{
    const pl_task *t = r->task;
    int *goal = malloc(((size_t)t->natoms * 2 + 1) * sizeof *goal);
    assert_non_null(goal);
    pl_heuristic *h = pl_heuristic_new(r, k, goal, pl_relaxed_goal_atoms(r, t->goal, goal), NULL);
    free(goal);
    assert_non_null(h);
    int v = pl_heuristic_eval(h, state ? state : t->init);
    pl_heuristic_free(h);
    return v;
}

static int action_named(const pl_task *t, const char *name)
{
    for (int a = 0; a < t->nactions; a++)
        if (strcmp(t->actions[a].name, name) == 0)
            return a;
    fail_msg("no action %s", name);
    return -1;
}

static void test_negative_goals(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_test_load_texts(lamps_domain, lamps_problem, "lamps", &lt);
    const pl_task *t = lt.task;
    pl_relaxed *r = pl_relaxed_new(t);
    assert_non_null(r);
    assert_non_null(r->negated);
    /* "not p" for has-key (a precondition), on l1 and on l2 (preconditions, goals) */
    assert_int_equal(pl_relaxed_atom_count(r), t->natoms + 3);
    assert_int_equal(h_of(r, PL_H_MAX, NULL), 2);
    assert_int_equal(h_of(r, PL_H_ADD, NULL), 4);
    assert_int_equal(h_of(r, PL_H_FF, NULL), 3);
    assert_int_equal(h_of(r, PL_H_LMCUT, NULL), 3);

    /* After take-key and switch-off l1: one lamp left, one action. */
    uint64_t *s = pl_state_clone(t, t->init), *next = pl_state_new(t);
    pl_task_apply(t, action_named(t, "(take-key)"), s, next);
    pl_task_apply(t, action_named(t, "(switch-off l1)"), next, s);
    static const pl_heuristic_kind kinds[] = {PL_H_MAX, PL_H_ADD, PL_H_FF, PL_H_LMCUT};
    for (int i = 0; i < 4; i++)
        assert_int_equal(h_of(r, kinds[i], s), 1);
    pl_task_apply(t, action_named(t, "(switch-off l2)"), s, next);
    assert_true(pl_task_goal_reached(t, next));
    for (int i = 0; i < 4; i++)
        assert_int_equal(h_of(r, kinds[i], next), 0);

    /* Greedy search with h_FF now sees the way: straight to the goal. */
    pl_search_params p = pl_search_defaults();
    p.heuristic = PL_H_FF;
    p.greedy = true;
    pl_search_result res;
    assert_int_equal(pl_search(t, r, &p, &res), PL_SEARCH_SOLVED);
    assert_int_equal(res.initial_h, 3);
    assert_int_equal(res.plan_length, 3);
    assert_int_equal(res.expansions, 3);
    pl_search_result_clear(&res);
    /* A* with LM-cut: optimal, 3. */
    p = pl_search_defaults();
    assert_int_equal(pl_search(t, r, &p, &res), PL_SEARCH_SOLVED);
    assert_int_equal(res.cost, 3);
    pl_search_result_clear(&res);

    /* A goal given as atoms: the negated ones reach the heuristic too. */
    int on1 = -1;
    for (int a = 0; a < t->natoms; a++)
        if (strcmp(t->atoms[a].name, "(on l1)") == 0)
            on1 = a;
    assert_true(on1 >= 0);
    assert_true(pl_relaxed_negated_atom(r, on1) >= t->natoms);
    p = pl_search_defaults();
    p.heuristic = PL_H_MAX;
    p.greedy = true;
    p.goal_atoms = &on1;
    p.ngoal_atoms = 0;
    p.goal_neg = &on1;
    p.ngoal_neg = 1;
    assert_int_equal(pl_search(t, r, &p, &res), PL_SEARCH_SOLVED);
    assert_int_equal(res.initial_h, 2);
    assert_int_equal(res.plan_length, 2);
    pl_search_result_clear(&res);

    free(s);
    free(next);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

static void test_conditional_effects_pay_once(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_test_load_texts(flip_domain, flip_problem, "flip", &lt);
    pl_relaxed *r = pl_relaxed_new(lt.task);
    assert_non_null(r);
    assert_true(r->split_effects);
    assert_null(r->negated); /* nothing is required false */
    assert_int_equal(h_of(r, PL_H_MAX, NULL), 7);
    assert_int_equal(h_of(r, PL_H_ADD, NULL), 12);
    assert_int_equal(h_of(r, PL_H_FF, NULL), 7);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

/* A task without negative conditions keeps the plain relaxation. */
static void test_positive_task_unchanged(void **state)
{
    (void)state;
    static const char d[] = "(define (domain p) (:predicates (x) (y))\n"
                            " (:action ax :effect (x)) (:action ay :precondition (x) :effect (and (y) (not (x)))))\n";
    static const char p[] = "(define (problem q) (:domain p) (:init) (:goal (y)))\n";
    pl_loaded_task lt;
    pl_test_load_texts(d, p, "positive", &lt);
    pl_relaxed *r = pl_relaxed_new(lt.task);
    assert_non_null(r);
    assert_null(r->negated);
    assert_int_equal(pl_relaxed_atom_count(r), lt.task->natoms);
    assert_int_equal(h_of(r, PL_H_ADD, NULL), 2);
    assert_int_equal(h_of(r, PL_H_FF, NULL), 2);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_negative_goals),
        cmocka_unit_test(test_conditional_effects_pay_once),
        cmocka_unit_test(test_positive_task_unchanged),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
