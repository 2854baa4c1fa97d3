/* Action costs read from numeric functions (:action-costs): a function
 * without arguments, as ricochet-robots and recharging-robots (IPC 2023)
 * charge every move `(increase (total-cost) (move-cost))`, and one with
 * arguments.  Looking up the value of a function without arguments compared
 * two empty, NULL argument lists with memcmp: undefined, and the sanitizer
 * build stopped there on nine IPC domains. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "task/load.h"
#include "test_support.h"

static const char domain[] = "(define (domain costs) (:requirements :strips :typing :action-costs)\n"
                             " (:types place)\n"
                             " (:predicates (at ?p - place))\n"
                             " (:functions (total-cost) - number (move-cost) - number\n"
                             "             (road ?a ?b - place) - number)\n"
                             " (:action hop :parameters (?a ?b - place) :precondition (at ?a)\n"
                             "  :effect (and (not (at ?a)) (at ?b) (increase (total-cost) (move-cost))))\n"
                             " (:action drive :parameters (?a ?b - place) :precondition (at ?a)\n"
                             "  :effect (and (not (at ?a)) (at ?b) (increase (total-cost) (road ?a ?b)))))\n";
static const char problem[] = "(define (problem two) (:domain costs)\n"
                              " (:objects x y - place)\n"
                              " (:init (at x) (= (total-cost) 0) (= (move-cost) 3)\n"
                              "        (= (road x y) 5) (= (road y x) 7) (= (road x x) 1) (= (road y y) 1))\n"
                              " (:goal (at y)) (:metric minimize (total-cost)))\n";

static double cost_of(const pl_task *t, const char *name)
{
    for (int a = 0; a < t->nactions; a++)
        if (!strcmp(t->actions[a].name, name))
            return t->actions[a].cost;
    fail_msg("no action %s", name);
    return -1;
}

static void test_costs_from_functions(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_test_load_texts(domain, problem, "costs", &lt);
    const pl_task *t = lt.task;
    assert_true(t->has_costs);
    assert_true(cost_of(t, "(hop x y)") == 3.0);
    assert_true(cost_of(t, "(hop y x)") == 3.0);
    assert_true(cost_of(t, "(drive x y)") == 5.0);
    assert_true(cost_of(t, "(drive y x)") == 7.0);
    pl_loaded_task_free(&lt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_costs_from_functions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
