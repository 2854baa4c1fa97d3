/* The successor generator (issue 40 §2) lists exactly the actions a scan
 * over every ground action finds applicable, in the same order, in every
 * state of random walks on the IPC fixtures (negative and disjunctive
 * preconditions among them) and, when the shared data is there, on every
 * distinct task of the ACPBench dev questions; and a hand-made task whose
 * actions share precondition prefixes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/random.h"
#include "search/successors.h"
#include "test_support.h"

/* Compares the generator with the full scan in `steps` states of a walk. */
static void check_walk(const pl_task *t, const char *name, int steps)
{
    pl_successors *g = pl_successors_new(t);
    assert_non_null(g);
    int *want = malloc(((size_t)t->nactions + 1) * sizeof *want);
    int *got = malloc(((size_t)t->nactions + 1) * sizeof *got);
    uint64_t *s = pl_state_clone(t, t->init), *next = pl_state_new(t);
    assert_true(want && got && s && next);
    uint64_t seed = 0x5eed;
    for (int step = 0; step < steps; step++) {
        int n = pl_task_applicable_actions(t, s, want);
        int m = pl_successors_applicable(g, s, got);
        if (n != m || memcmp(want, got, (size_t)n * sizeof *want))
            fail_msg("%s step %d: %d applicable, generator %d", name, step, n, m);
        if (n == 0)
            break;
        pl_task_apply(t, want[pl_next_random(&seed) % (uint64_t)n], s, next);
        uint64_t *tmp = s;
        s = next;
        next = tmp;
    }
    free(s);
    free(next);
    free(want);
    free(got);
    pl_successors_free(g);
}

static void walk_fixture(const pl_task *t, const char *name, void *ctx)
{
    (void)ctx;
    check_walk(t, name, 200);
}

static void test_ipc_fixtures(void **state)
{
    (void)state;
    assert_true(pl_test_each_ipc_fixture(walk_fixture, NULL) >= 9);
}

static void test_dev_problems(void **state)
{
    (void)state;
    if (!pl_test_data_dir("ACPBench dev questions"))
        skip();
    assert_true(pl_test_each_dev_problem(walk_fixture, NULL) > 0);
}

/* Four actions over (a) (b) (c): the trie shares the prefix (a) of three of
 * them; `none` has no precondition; `nb` needs (a) and not (b). */
static void test_shared_prefixes(void **state)
{
    (void)state;
    static const char domain[] =
        "(define (domain prefixes) (:requirements :strips :negative-preconditions)\n"
        " (:predicates (a) (b) (c) (d))\n"
        " (:action ab :precondition (and (a) (b)) :effect (d))\n"
        " (:action ac :precondition (and (a) (c)) :effect (d))\n"
        " (:action nb :precondition (and (a) (not (b))) :effect (b))\n"
        " (:action none :effect (and (a) (not (d)) (not (c))))\n"
        " (:action mk-c :precondition (b) :effect (c)))\n";
    static const char problem[] = "(define (problem p) (:domain prefixes) (:init) (:goal (d)))\n";
    pl_loaded_task lt;
    pl_test_load_texts(domain, problem, "prefixes", &lt);
    const pl_task *t = lt.task;
    pl_successors *g = pl_successors_new(t);
    assert_non_null(g);
    int out[8];
    uint64_t *s = pl_state_new(t);
    assert_int_equal(pl_successors_applicable(g, s, out), 1); /* none */
    assert_string_equal(t->actions[out[0]].name, "(none)");
    static const char *const atoms[] = {"(a)", "(b)", "(c)"};
    for (int i = 0; i < 3; i++)
        for (int p = 0; p < t->natoms; p++)
            if (!strcmp(t->atoms[p].name, atoms[i]))
                pl_state_set(s, p, true);
    int n = pl_successors_applicable(g, s, out); /* ab, ac, none, mk-c; nb blocked by (b) */
    assert_int_equal(n, 4);
    for (int i = 0; i < n; i++)
        assert_string_not_equal(t->actions[out[i]].name, "(nb)");
    free(s);
    pl_successors_free(g);
    pl_loaded_task_free(&lt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shared_prefixes),
        cmocka_unit_test(test_ipc_fixtures),
        cmocka_unit_test(test_dev_problems),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
