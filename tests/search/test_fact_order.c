/* Fast Downward's mutex groups and variable order (invariants.h,
 * fact_order.h), and the h_FF tie they break (issue 40 §2).  The expected
 * values are Fast Downward's (built from source, release, 5ea802478):
 *
 *   python3 -m translate.invariant_finder log-domain.pddl log-problem.pddl
 *   (the groups), python3 -m translate DOMAIN PROBLEM (output.sas: the
 *   variables in order), and fast-downward.py DOMAIN PROBLEM --search
 *   "eager_greedy([ff(),add()], bound=0)" (initial h_add, h_FF).
 *
 * Logistics: {at truck *}, and per package {at p *, in p truck}: "at" alone
 * is no invariant (unload adds at without deleting an at), so the
 * synthesis refines it with the predicate unload deletes.  Variables:
 * truck, p2, p1 (the packages are goal variables: last).
 *
 * Blocks: per block {clear b, holding b, on * b} and {holding b, on b *,
 * ontable b}, and {handempty, holding *}: seven groups.
 *
 * Tie: p is reached at cost 2 through u (make-u, via-u) or through w
 * (make-w, via-w); the goal r needs u too.  Fast Downward's variables come
 * in the order y x w u r p, so x is met last, u is queued before w and w,
 * taken first from the last-in-first-out bucket, supports p: the relaxed
 * plan is {via-w, make-w, make-u, finish}, h_FF 4.  In the task's own atom
 * order (x before y) u supports p and h_FF was 3.  h_add is 4 either way. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "search/fact_order.h"
#include "search/heuristic.h"
#include "search/invariants.h"
#include "task/load.h"
#include "test_support.h"

static const char log_domain[] =
    "(define (domain log)\n"
    " (:requirements :strips :typing)\n"
    " (:types place vehicle package)\n"
    " (:predicates (at ?o - (either vehicle package) ?l - place) (in ?p - package ?v - vehicle))\n"
    " (:action drive :parameters (?v - vehicle ?from ?to - place)\n"
    "  :precondition (at ?v ?from)\n"
    "  :effect (and (not (at ?v ?from)) (at ?v ?to)))\n"
    " (:action load :parameters (?p - package ?v - vehicle ?l - place)\n"
    "  :precondition (and (at ?p ?l) (at ?v ?l))\n"
    "  :effect (and (not (at ?p ?l)) (in ?p ?v)))\n"
    " (:action unload :parameters (?p - package ?v - vehicle ?l - place)\n"
    "  :precondition (and (in ?p ?v) (at ?v ?l))\n"
    "  :effect (and (not (in ?p ?v)) (at ?p ?l))))\n";
static const char log_problem[] = "(define (problem two) (:domain log)\n"
                                  " (:objects l1 l2 l3 - place truck - vehicle p1 p2 - package)\n"
                                  " (:init (at truck l1) (at p1 l2) (at p2 l3))\n"
                                  " (:goal (and (at p1 l3) (at p2 l1))))\n";

static const char bw_domain[] =
    "(define (domain bw)\n"
    " (:requirements :strips)\n"
    " (:predicates (on ?x ?y) (ontable ?x) (clear ?x) (handempty) (holding ?x))\n"
    " (:action pick-up :parameters (?x)\n"
    "  :precondition (and (clear ?x) (ontable ?x) (handempty))\n"
    "  :effect (and (not (ontable ?x)) (not (clear ?x)) (not (handempty)) (holding ?x)))\n"
    " (:action put-down :parameters (?x)\n"
    "  :precondition (holding ?x)\n"
    "  :effect (and (not (holding ?x)) (clear ?x) (handempty) (ontable ?x)))\n"
    " (:action stack :parameters (?x ?y)\n"
    "  :precondition (and (holding ?x) (clear ?y))\n"
    "  :effect (and (not (holding ?x)) (not (clear ?y)) (clear ?x) (handempty) (on ?x ?y)))\n"
    " (:action unstack :parameters (?x ?y)\n"
    "  :precondition (and (on ?x ?y) (clear ?x) (handempty))\n"
    "  :effect (and (holding ?x) (clear ?y) (not (clear ?x)) (not (handempty)) (not (on ?x ?y)))))\n";
static const char bw_problem[] = "(define (problem three) (:domain bw)\n"
                                 " (:objects a b c)\n"
                                 " (:init (clear a) (on a b) (ontable b) (clear c) (ontable c) (handempty))\n"
                                 " (:goal (and (on b c) (on c a))))\n";

static const char tie_domain[] = "(define (domain tie)\n"
                                 " (:requirements :strips)\n"
                                 " (:predicates (x) (y) (u) (w) (p) (r))\n"
                                 " (:action spoil-x :precondition (x) :effect (not (x)))\n"
                                 " (:action spoil-y :precondition (y) :effect (not (y)))\n"
                                 " (:action make-u :precondition (x) :effect (u))\n"
                                 " (:action make-w :precondition (y) :effect (w))\n"
                                 " (:action via-u :precondition (u) :effect (p))\n"
                                 " (:action via-w :precondition (w) :effect (p))\n"
                                 " (:action finish :precondition (u) :effect (r)))\n";
static const char tie_problem[] = "(define (problem one) (:domain tie)\n"
                                  " (:init (x) (y))\n"
                                  " (:goal (and (p) (r))))\n";

static const char res_domain[] = "(define (domain res)\n"
                                 " (:requirements :strips)\n"
                                 " (:predicates (free-a) (free-b) (start) (mid) (done))\n"
                                 " (:action break-a :precondition (free-a) :effect (not (free-a)))\n"
                                 " (:action break-b :precondition (free-b) :effect (not (free-b)))\n"
                                 " (:action use-a :precondition (and (free-a) (start))\n"
                                 "  :effect (and (not (free-a)) (free-a) (mid) (not (start))))\n"
                                 " (:action use-b :precondition (and (free-b) (mid))\n"
                                 "  :effect (and (not (free-b)) (free-b) (done) (not (mid)))))\n";
static const char res_problem[] = "(define (problem one) (:domain res)\n"
                                  " (:init (free-a) (free-b) (start))\n"
                                  " (:goal (done)))\n";

/* Group g as its atoms' names joined by spaces. */
static void group_text(const pl_task *t, const pl_fd_groups *g, int k, char *out, size_t cap)
{
    size_t at = 0;
    out[0] = '\0';
    for (int i = g->start[k]; i < g->start[k + 1]; i++)
        at += (size_t)snprintf(out + at, cap - at, "%s%s", at ? " " : "", t->atoms[g->atoms[i]].name);
}

static void expect_groups(const char *domain, const char *problem, const char *const *want, int nwant)
{
    pl_loaded_task lt;
    pl_test_load_texts(domain, problem, "groups", &lt);
    pl_fd_groups g;
    assert_int_equal(pl_fd_groups_find(lt.task, &g), 0);
    char text[1024];
    for (int k = 0; k < g.ngroups; k++) {
        group_text(lt.task, &g, k, text, sizeof text);
        bool expected = false;
        for (int i = 0; i < nwant && !expected; i++)
            expected = strcmp(text, want[i]) == 0;
        if (!expected)
            fail_msg("unexpected group %d: %s", k, text);
    }
    assert_int_equal(g.ngroups, nwant);
    pl_fd_groups_free(&g);
    pl_loaded_task_free(&lt);
}

static void test_logistics_groups(void **state)
{
    (void)state;
    const char *const want[] = {"(at truck l1) (at truck l2) (at truck l3)",
                                "(at p1 l1) (at p1 l2) (at p1 l3) (in p1 truck)",
                                "(at p2 l1) (at p2 l2) (at p2 l3) (in p2 truck)"};
    expect_groups(log_domain, log_problem, want, 3);
}

static void test_blocks_groups(void **state)
{
    (void)state;
    const char *const want[] = {
        "(clear a) (holding a) (on a a) (on b a) (on c a)", "(clear b) (holding b) (on a b) (on b b) (on c b)",
        "(clear c) (holding c) (on a c) (on b c) (on c c)", "(holding a) (on a a) (on a b) (on a c) (ontable a)",
        "(holding b) (on b a) (on b b) (on b c) (ontable b)", "(holding c) (on c a) (on c b) (on c c) (ontable c)",
        "(handempty) (holding a) (holding b) (holding c)"};
    expect_groups(bw_domain, bw_problem, want, 7);
}

/* The task's atoms in Fast Downward's order, as one line (the "not p"
 * atoms and those it has no variable for left out: they come first). */
static void order_text(const char *domain, const char *problem, char *out, size_t cap)
{
    pl_loaded_task lt;
    pl_test_load_texts(domain, problem, "order", &lt);
    const pl_task *t = lt.task;
    int *order = pl_fd_fact_order(t, 0, NULL);
    assert_non_null(order);
    size_t at = 0;
    out[0] = '\0';
    for (int i = 0; i < t->natoms; i++)
        at += (size_t)snprintf(out + at, cap - at, "%s%s", at ? " " : "", t->atoms[order[i]].name);
    free(order);
    pl_loaded_task_free(&lt);
}

static void test_logistics_variable_order(void **state)
{
    (void)state;
    char text[1024];
    order_text(log_domain, log_problem, text, sizeof text);
    assert_string_equal(text, "(at truck l1) (at truck l2) (at truck l3) (at p2 l1) (at p2 l2) (at p2 l3) (in p2 truck) "
                              "(at p1 l1) (at p1 l2) (at p1 l3) (in p1 truck)");
}

static void test_tie_broken_by_variable_order(void **state)
{
    (void)state;
    char text[256];
    order_text(tie_domain, tie_problem, text, sizeof text);
    assert_string_equal(text, "(y) (x) (w) (u) (r) (p)");
    pl_loaded_task lt;
    pl_test_load_texts(tie_domain, tie_problem, "tie", &lt);
    const pl_task *t = lt.task;
    pl_relaxed *r = pl_relaxed_new(t);
    assert_non_null(r);
    int goal[16];
    int ngoal = pl_relaxed_goal_atoms(r, t->goal, goal);
    const pl_heuristic_kind kinds[] = {PL_H_ADD, PL_H_FF};
    for (int k = 0; k < 2; k++) {
        pl_heuristic *h = pl_heuristic_new(r, kinds[k], goal, ngoal, NULL);
        assert_non_null(h);
        assert_int_equal(pl_heuristic_eval(h, t->init), 4);
        pl_heuristic_free(h);
    }
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

/* Resources: use-a deletes (free-a) and adds it back, which Fast Downward
 * reads as no effect on free-a's variable (the add wins), so free-a and
 * free-b are sources of the causal graph and come in reverse (Tarjan's
 * order): output.sas lists free-b, free-a, then {done, mid, start}.  Read
 * as an effect, the delete made use-a's arcs point into free-a and the
 * order began with free-a. */
static void test_readded_delete_is_no_effect(void **state)
{
    (void)state;
    char text[256];
    order_text(res_domain, res_problem, text, sizeof text);
    assert_string_equal(text, "(free-b) (free-a) (done) (mid) (start)");
}

/* A hostile domain: sixteen arguments that all repeat one variable.  The
 * refinement of (p ?x ... ?x) by (q ?x ... ?x) has 16! candidate mappings;
 * the work budget ends the synthesis (before, Heap's permutation loop ran
 * on after it was spent), and the task still gets its order and h_add. */
static void test_repeated_arguments_end(void **state)
{
    (void)state;
    char domain[1024], args[128] = "", vars[128] = "";
    for (int i = 0; i < 16; i++) {
        snprintf(args + strlen(args), sizeof args - strlen(args), " ?a%d", i);
        snprintf(vars + strlen(vars), sizeof vars - strlen(vars), " ?x");
    }
    snprintf(domain, sizeof domain,
             "(define (domain wide) (:requirements :strips)\n"
             " (:predicates (p%s) (q%s))\n"
             " (:action turn :parameters (?x) :precondition (q%s)\n"
             "  :effect (and (p%s) (not (q%s)))))\n",
             args, args, vars, vars, vars);
    const char *problem = "(define (problem w) (:domain wide) (:objects o)\n"
                          " (:init (q o o o o o o o o o o o o o o o o))\n"
                          " (:goal (p o o o o o o o o o o o o o o o o)))\n";
    pl_loaded_task lt;
    pl_test_load_texts(domain, problem, "wide", &lt);
    pl_fd_groups g;
    assert_int_equal(pl_fd_groups_find(lt.task, &g), 0);
    pl_fd_groups_free(&g);
    pl_relaxed *r = pl_relaxed_new(lt.task);
    assert_non_null(r);
    int goal[4];
    int ngoal = pl_relaxed_goal_atoms(r, lt.task->goal, goal);
    pl_heuristic *h = pl_heuristic_new(r, PL_H_ADD, goal, ngoal, NULL);
    assert_int_equal(pl_heuristic_eval(h, lt.task->init), 1);
    pl_heuristic_free(h);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_logistics_groups),
        cmocka_unit_test(test_blocks_groups),
        cmocka_unit_test(test_logistics_variable_order),
        cmocka_unit_test(test_tie_broken_by_variable_order),
        cmocka_unit_test(test_readded_delete_is_no_effect),
        cmocka_unit_test(test_repeated_arguments_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
