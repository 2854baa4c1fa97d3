/* LM-cut's goal zone when zero-cost operators add many of its atoms.
 *
 * make-a0 (cost 1) adds a0; each z_i (cost 0) needs a_i and adds every a_j;
 * each w_j (cost 0) needs a_j and adds g, the goal.  h_max is 1 past a0.
 * The goal zone is g and every a_j: popping an a_j meets the supporters of
 * all twelve z_i again.  Marking an atom only when it was popped left those
 * meetings on the stack, about 12 x 12 / 2 of them where it holds one entry
 * per atom and operator (15 + 26), and wrote past it (found by the
 * sanitizer build on labyrinth-sat23, IPC 2023, with `planlens heuristics`).
 * The one cut is make-a0: h_max = LM-cut = 1. */
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

enum { K = 12 };

__attribute__((format(printf, 3, 4))) static void appendf(char *buf, size_t cap, const char *fmt, ...)
{
    size_t at = strlen(buf);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + at, cap - at, fmt, ap);
    va_end(ap);
}

static void test_zone_with_many_free_adders(void **state)
{
    (void)state;
    static char domain[16384];
    char adds[1024] = "";
    for (int j = 0; j < K; j++)
        appendf(adds, sizeof adds, " (a%d)", j);
    snprintf(domain, sizeof domain, "(define (domain zone) (:requirements :strips :action-costs)\n (:predicates (g)");
    for (int i = 0; i < K; i++)
        appendf(domain, sizeof domain, " (a%d)", i);
    appendf(domain, sizeof domain, ")\n (:functions (total-cost) - number)\n");
    appendf(domain, sizeof domain, " (:action make-a0 :effect (and (a0) (increase (total-cost) 1)))\n");
    for (int i = 0; i < K; i++) {
        appendf(domain, sizeof domain, " (:action z%d :precondition (a%d) :effect (and%s))\n", i, i, adds);
        appendf(domain, sizeof domain, " (:action w%d :precondition (a%d) :effect (g))\n", i, i);
    }
    appendf(domain, sizeof domain, ")\n");
    const char *problem = "(define (problem one) (:domain zone) (:init (= (total-cost) 0))\n"
                          " (:goal (g)) (:metric minimize (total-cost)))\n";
    pl_loaded_task lt;
    pl_test_load_texts(domain, problem, "zone", &lt);
    const pl_task *t = lt.task;
    pl_relaxed *r = pl_relaxed_new(t);
    assert_non_null(r);
    int goal[4];
    int ngoal = pl_relaxed_goal_atoms(r, t->goal, goal);
    const pl_heuristic_kind kinds[] = {PL_H_MAX, PL_H_LMCUT};
    for (int k = 0; k < 2; k++) {
        pl_heuristic *h = pl_heuristic_new(r, kinds[k], goal, ngoal, NULL);
        assert_non_null(h);
        assert_int_equal(pl_heuristic_eval(h, t->init), 1);
        pl_heuristic_free(h);
    }
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_zone_with_many_free_adders),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
