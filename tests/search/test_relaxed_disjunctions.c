/* Disjunctions and negated derived atoms in the delete relaxation (issue
 * 40 §2), on small tasks counted by hand and checked against Fast
 * Downward (built from source, release):
 *
 *   fast-downward.py choice-domain.pddl choice-problem.pddl \
 *       --search "eager_greedy([ff(),add()], bound=0)"
 *   Initial heuristic value for add: 4
 *   Initial heuristic value for ff: 3
 *   fast-downward.py jam-domain.pddl jam-problem.pddl --search (the same)
 *   Initial heuristic value for add: 5
 *   Initial heuristic value for ff: 4
 *   fast-downward.py gather-domain.pddl gather-problem.pddl (the same)
 *   Initial heuristic value for add: 13
 *   Initial heuristic value for ff: 4
 *
 * Choice: goal (and (g) (or (b) (c))); finish needs (or (b) (d)).  b costs
 * 3 (make-a, make-a2, make-b), c 1, d 2 (make-c, make-d); so (or (b) (d))
 * costs 2, g 3, (or (b) (c)) 1: h_add = 3 + 1 = 4, h_max = 3, and h_FF's
 * relaxed plan is {finish, make-d, make-c} = 3.  Dropping the
 * disjunctions, as the relaxation did, gave h_add 1.
 *
 * Jam: go needs (not (blocked)), blocked holds while some spot is jammed.
 * "not blocked" needs "not jam j1" and "not jam j2" (Fast Downward's
 * default-value axiom), each 2 (get-tool, clear): h_add = 2 + 2 + 1 = 5,
 * h_max = 3, h_FF = {go, clear j1, clear j2, get-tool} = 4.  Dropping the
 * negated derived atom gave 1.
 *
 * Gather: Fast Downward's translator makes each universal quantifier a
 * derived atom, so h_add pays a quantifier's body apart from the rest of
 * the condition, even where they share an atom.  finish needs (made p1),
 * every key part made (p1 and p2: 2) and every first part made (p1 alone,
 * one binding: 1): done = 1 + 1 + 2 + 1 = 5.  Its effect sealed also needs
 * every part made (3): sealed = 5 + 3 = 8, h_add = 13.  With the
 * quantifiers inlined, (made p1) was paid once: done 3, sealed 4, h_add 7.
 * h_max = 2; h_FF = {finish, make p1, make p2, make p3} = 4. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "search/heuristic.h"
#include "task/load.h"
#include "test_support.h"

static const char choice_domain[] =
    "(define (domain choice)\n"
    " (:requirements :strips :disjunctive-preconditions)\n"
    " (:predicates (a) (a2) (b) (c) (d) (g))\n"
    " (:action make-a :effect (a))\n"
    " (:action make-a2 :precondition (a) :effect (a2))\n"
    " (:action make-b :precondition (a2) :effect (b))\n"
    " (:action make-c :effect (c))\n"
    " (:action make-d :precondition (c) :effect (d))\n"
    " (:action finish :precondition (or (b) (d)) :effect (g)))\n";
static const char choice_problem[] = "(define (problem one) (:domain choice)\n"
                                     " (:init)\n"
                                     " (:goal (and (g) (or (b) (c)))))\n";

static const char jam_domain[] =
    "(define (domain jam)\n"
    " (:requirements :strips :typing :negative-preconditions :derived-predicates)\n"
    " (:types spot)\n"
    " (:predicates (jam ?x - spot) (has-tool) (done) (blocked))\n"
    " (:derived (blocked) (exists (?x - spot) (jam ?x)))\n"
    " (:action get-tool :effect (has-tool))\n"
    " (:action clear :parameters (?x - spot)\n"
    "  :precondition (and (jam ?x) (has-tool)) :effect (not (jam ?x)))\n"
    " (:action go :precondition (not (blocked)) :effect (done)))\n";
static const char jam_problem[] = "(define (problem two) (:domain jam)\n"
                                  " (:objects j1 j2 - spot)\n"
                                  " (:init (jam j1) (jam j2))\n"
                                  " (:goal (done)))\n";

static const char gather_domain[] =
    "(define (domain gather)\n"
    " (:requirements :strips :typing :universal-preconditions :conditional-effects)\n"
    " (:types part)\n"
    " (:constants p1 - part)\n"
    " (:predicates (made ?x - part) (key ?x - part) (first ?x - part) (done) (sealed))\n"
    " (:action make :parameters (?x - part) :effect (made ?x))\n"
    " (:action finish\n"
    "  :precondition (and (made p1)\n"
    "                     (forall (?x - part) (imply (key ?x) (made ?x)))\n"
    "                     (forall (?x - part) (imply (first ?x) (made ?x))))\n"
    "  :effect (and (done) (when (forall (?x - part) (made ?x)) (sealed)))))\n";
static const char gather_problem[] = "(define (problem three) (:domain gather)\n"
                                     " (:objects p2 p3 - part)\n"
                                     " (:init (key p1) (key p2) (first p1))\n"
                                     " (:goal (and (done) (sealed))))\n";

/* After the actions `steps` (NULL-terminated, by name) from the initial
 * state: h_add, h_FF and h_max. */
typedef struct {
    const char *steps[4];
    int add, ff, max;
} expected;

/* Applies the actions `steps` (NULL-terminated, by name) to s in place. */
static void walk(const pl_task *t, uint64_t *s, const char *const *steps)
{
    uint64_t *next = pl_state_new(t);
    assert_non_null(next);
    for (int k = 0; steps[k]; k++) {
        int a = 0;
        while (a < t->nactions && strcmp(t->actions[a].name, steps[k]) != 0)
            a++;
        assert_true(a < t->nactions);
        pl_task_apply(t, a, s, next);
        memcpy(s, next, (size_t)t->words * sizeof *s);
    }
    free(next);
}

/* Heuristic k towards the task's goal. */
static pl_heuristic *goal_heuristic(const pl_task *t, const pl_relaxed *r, pl_heuristic_kind k)
{
    int *goal = malloc(((size_t)t->natoms * 2 + 1) * sizeof *goal);
    assert_non_null(goal);
    pl_heuristic *h = pl_heuristic_new(r, k, goal, pl_relaxed_goal_atoms(r, t->goal, goal), NULL);
    free(goal);
    assert_non_null(h);
    return h;
}

static void check(const char *domain, const char *problem, const expected *cases, int ncases)
{
    pl_loaded_task lt;
    pl_test_load_texts(domain, problem, "relaxation", &lt);
    const pl_task *t = lt.task;
    pl_relaxed *r = pl_relaxed_new(t);
    assert_non_null(r);
    uint64_t *s = pl_state_clone(t, t->init);
    assert_non_null(s);
    for (int c = 0; c < ncases; c++) {
        memcpy(s, t->init, (size_t)t->words * sizeof *s);
        walk(t, s, cases[c].steps);
        const pl_heuristic_kind kinds[] = {PL_H_ADD, PL_H_FF, PL_H_MAX};
        const int want[] = {cases[c].add, cases[c].ff, cases[c].max};
        for (int k = 0; k < 3; k++) {
            pl_heuristic *h = goal_heuristic(t, r, kinds[k]);
            int v = pl_heuristic_eval(h, s);
            pl_heuristic_free(h);
            if (v != want[k])
                fail_msg("case %d, %s: %d, expected %d", c, pl_heuristic_name(kinds[k]), v, want[k]);
        }
    }
    free(s);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

static void test_disjunctive_goal_and_precondition(void **state)
{
    (void)state;
    const expected cases[] = {
        {{NULL}, 4, 3, 3},
        /* (or (b) (c)) holds; d costs 1, g 2 */
        {{"(make-c)", NULL}, 2, 2, 2},
    };
    check(choice_domain, choice_problem, cases, 2);
}

static void test_negated_derived_precondition(void **state)
{
    (void)state;
    const expected cases[] = {
        {{NULL}, 5, 4, 3},
        /* one jam left: "not jam j2" 1, "not blocked" 1, done 2 */
        {{"(get-tool)", "(clear j1)", NULL}, 2, 2, 2},
        /* blocked is false: "not blocked" holds, go is left */
        {{"(get-tool)", "(clear j1)", "(clear j2)"}, 1, 1, 1},
    };
    check(jam_domain, jam_problem, cases, 3);
}

/* The auxiliary atoms of a task by kind. */
static void count_aux(const char *domain, const char *problem, int *either, int *all)
{
    pl_loaded_task lt;
    pl_test_load_texts(domain, problem, "kinds", &lt);
    pl_relaxed *r = pl_relaxed_new(lt.task);
    assert_non_null(r);
    const pl_relaxed *hr = r->negated ? r->negated : r;
    *either = *all = 0;
    for (int a = 0; a < hr->natoms; a++) {
        pl_relaxed_atom_kind k = pl_relaxed_atom_kind_of(hr, a);
        *either += k == PL_RELAXED_EITHER;
        *all += k == PL_RELAXED_ALL;
    }
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

static void test_quantifiers_paid_apart(void **state)
{
    (void)state;
    /* gather: finish's two foralls and its effect's; choice: its two ors */
    int either, all;
    count_aux(gather_domain, gather_problem, &either, &all);
    assert_int_equal(either, 0);
    assert_int_equal(all, 3);
    count_aux(choice_domain, choice_problem, &either, &all);
    assert_int_equal(either, 2);
    assert_int_equal(all, 0);
    const expected cases[] = {
        {{NULL}, 13, 4, 2},
        /* p1 made: done 1 + 0 + 1 + 0 = 2, sealed 2 + 2 = 4 */
        {{"(make p1)", NULL}, 6, 3, 2},
    };
    check(gather_domain, gather_problem, cases, 2);
}

/* Helpful actions: an action whose quantified precondition holds in the
 * state is one (Fast Downward's axioms make the condition's atom true
 * there; the auxiliary atom's supporter is no action).  From the state
 * with p1 and p2 made, finish's (made p1) and both quantifiers hold: the
 * relaxed plan is {finish, make p3} and both are helpful. */
static void test_quantified_precondition_helpful(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_test_load_texts(gather_domain, gather_problem, "helpful", &lt);
    const pl_task *t = lt.task;
    pl_relaxed *r = pl_relaxed_new(t);
    assert_non_null(r);
    uint64_t *s = pl_state_clone(t, t->init);
    assert_non_null(s);
    static const char *const steps[] = {"(make p1)", "(make p2)", NULL};
    walk(t, s, steps);
    pl_heuristic *h = goal_heuristic(t, r, PL_H_FF);
    assert_int_equal(pl_heuristic_eval(h, s), 2);
    const int *helpful;
    int n = pl_heuristic_preferred(h, &helpful);
    bool finish = false, make3 = false;
    for (int i = 0; i < n; i++) {
        finish = finish || !strcmp(t->actions[helpful[i]].name, "(finish)");
        make3 = make3 || !strcmp(t->actions[helpful[i]].name, "(make p3)");
    }
    assert_int_equal(n, 2);
    assert_true(finish && make3);
    pl_heuristic_free(h);
    free(s);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

/* A quantifier whose body ignores one of its variables repeats a literal
 * once per binding: (forall (?x ?c - part) (made ?x)) over 3 parts is 9
 * literals of 3 atoms.  The conjunction lists each atom once (the plain
 * relaxation's buffers hold the task's atom count: fuzz_relaxation found
 * the overflow), and the relaxation still prices it (h_add 13 as above). */
static void test_repeated_literals_listed_once(void **state)
{
    (void)state;
    char domain[2 * sizeof gather_domain + 64]; /* room for any split: no truncation warning */
    const char *at = strstr(gather_domain, "(forall (?x - part) (made ?x))");
    assert_non_null(at);
    snprintf(domain, sizeof domain, "%.*s(forall (?x ?c - part) (made ?x))%s", (int)(at - gather_domain),
             gather_domain, at + strlen("(forall (?x - part) (made ?x))"));
    pl_loaded_task lt;
    pl_test_load_texts(domain, gather_problem, "repeats", &lt);
    const pl_task *t = lt.task;
    int cond = PL_GF_TRUE;
    for (int a = 0; a < t->nactions; a++)
        for (int i = 0; i < t->actions[a].neffs; i++)
            if (t->actions[a].effs[i].cond != PL_GF_TRUE)
                cond = t->actions[a].effs[i].cond;
    assert_int_not_equal(cond, PL_GF_TRUE);
    int *out = malloc(((size_t)t->natoms + 1) * sizeof *out);
    assert_non_null(out);
    assert_int_equal(pl_cond_required_atoms(t, cond, out), 3);
    free(out);
    pl_relaxed *r = pl_relaxed_new(t);
    assert_non_null(r);
    pl_heuristic *h = goal_heuristic(t, r, PL_H_ADD);
    assert_int_equal(pl_heuristic_eval(h, t->init), 13);
    pl_heuristic_free(h);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_disjunctive_goal_and_precondition),
        cmocka_unit_test(test_negated_derived_precondition),
        cmocka_unit_test(test_quantifiers_paid_apart),
        cmocka_unit_test(test_quantified_precondition_helpful),
        cmocka_unit_test(test_repeated_literals_listed_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
