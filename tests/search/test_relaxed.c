/* The delete relaxation's tables (pl_relaxed_new): every op's precondition
 * and add lists are the action's atoms, sorted and without repeats (short
 * lists by insertion sort, long ones by qsort), and the atom -> op indexes
 * (pre_of, add_of, no_pre_ops), which share one block per index, list
 * exactly the ops that name the atom, in op order.  And the estimates built
 * on it: 0 at a goal state (without exploring), above 0 before it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cmocka.h>

#include "search/heuristic.h"
#include "task/load.h"
#include "test_support.h"

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The action's positive precondition atoms, sorted, without repeats. */
static int expected_pre(const pl_task *t, int a, int *out)
{
    const pl_gaction *ga = &t->actions[a];
    int n = 0;
    for (int i = 0; i < ga->npre_pos; i++)
        out[n++] = ga->pre_pos[i];
    n += pl_cond_required_atoms(t, ga->pre, out + n);
    qsort(out, (size_t)n, sizeof *out, cmp_int);
    int k = 0;
    for (int i = 0; i < n; i++)
        if (k == 0 || out[i] != out[k - 1])
            out[k++] = out[i];
    return k;
}

static bool contains(const int *v, int n, int x)
{
    for (int i = 0; i < n; i++)
        if (v[i] == x)
            return true;
    return false;
}

/* Checks every table of r against the task; returns the longest precondition list. */
static int check_relaxed(const pl_task *t, const pl_relaxed *r)
{
    int *want = malloc(((size_t)t->natoms * 2 + 1) * sizeof *want);
    int longest = 0;
    assert_non_null(want);
    for (int o = 0; o < r->nops; o++) {
        const pl_relaxed_op *op = &r->ops[o];
        for (int i = 1; i < op->npre; i++)
            assert_true(op->pre[i - 1] < op->pre[i]);
        for (int i = 1; i < op->neff; i++)
            assert_true(op->eff[i - 1] < op->eff[i]);
        if (!r->split_effects) {
            int n = expected_pre(t, op->action, want);
            assert_int_equal(op->npre, n);
            assert_memory_equal(op->pre, want, (size_t)n * sizeof *want);
        }
        longest = op->npre > longest ? op->npre : longest;
    }
    for (int a = 0; a < t->natoms; a++) {
        int npre = 0, nadd = 0;
        for (int o = 0; o < r->nops; o++) {
            if (contains(r->ops[o].pre, r->ops[o].npre, a)) {
                assert_true(npre < r->npre_of[a]);
                assert_int_equal(r->pre_of[a][npre++], o);
            }
            if (contains(r->ops[o].eff, r->ops[o].neff, a)) {
                assert_true(nadd < r->nadd_of[a]);
                assert_int_equal(r->add_of[a][nadd++], o);
            }
        }
        assert_int_equal(npre, r->npre_of[a]);
        assert_int_equal(nadd, r->nadd_of[a]);
    }
    int nno_pre = 0;
    for (int o = 0; o < r->nops; o++)
        if (r->ops[o].npre == 0)
            assert_int_equal(r->no_pre_ops[nno_pre++], o);
    assert_int_equal(nno_pre, r->nno_pre);
    free(want);
    return longest;
}

static void test_fixture_tables(void **state)
{
    (void)state;
    static const char *const fixtures[] = {"gripper", "logistics", "briefcase", "depot-either", "elevator"};
    for (size_t f = 0; f < sizeof fixtures / sizeof fixtures[0]; f++) {
        char d[512], p[512];
        snprintf(d, sizeof d, "%s/tests/pddl/ipc/%s-domain.pddl", PLANLENS_SOURCE_DIR, fixtures[f]);
        snprintf(p, sizeof p, "%s/tests/pddl/ipc/%s-problem.pddl", PLANLENS_SOURCE_DIR, fixtures[f]);
        pl_loaded_task lt;
        pl_error err = PL_ERROR_INIT;
        if (pl_load_task_files(d, p, &lt, NULL, &err) != PL_OK)
            fail_msg("%s: %s", fixtures[f], err.message);
        pl_relaxed *r = pl_relaxed_new(lt.task);
        assert_non_null(r);
        assert_true(r->nops > 0);
        check_relaxed(lt.task, r);
        pl_relaxed_free(r);
        pl_loaded_task_free(&lt);
    }
}

/* Preconditions written out of order and with repeats, 5 and 20 of them:
 * both sorts, the repeats dropped. */
static void test_long_and_repeated_preconditions(void **state)
{
    (void)state;
    static const char domain[] =
        "(define (domain lists) (:constants o0 o1 o2 o3 o4 o5 o6 o7 o8 o9) (:predicates (p ?x) (done) (half))\n"
        " (:action short :parameters () :precondition (and (p o4) (p o1) (p o4) (p o3) (p o1))\n"
        "  :effect (half))\n"
        " (:action long :parameters ()\n"
        "  :precondition (and (p o9) (p o8) (p o7) (p o6) (p o5) (p o4) (p o3) (p o2) (p o1) (p o0)\n"
        "                     (p o9) (p o0) (p o5) (half) (p o7) (p o3) (p o8) (p o2) (p o6) (p o1))\n"
        "  :effect (and (done) (half) (done) (not (p o0)))))";
    static const char problem[] =
        "(define (problem lists1) (:domain lists)\n"
        " (:init (p o0) (p o1) (p o2) (p o3) (p o4) (p o5) (p o6) (p o7) (p o8) (p o9))\n"
        " (:goal (done)))";
    pl_loaded_task lt;
    pl_error err = PL_ERROR_INIT;
    if (pl_load_task_texts(domain, strlen(domain), "d", problem, strlen(problem), "p", &lt, NULL, &err) != PL_OK)
        fail_msg("%s", err.message);
    pl_relaxed *r = pl_relaxed_new(lt.task);
    assert_non_null(r);
    assert_int_equal(r->nops, 2);
    assert_int_equal(r->ops[0].npre, 3);  /* (p o1) (p o3) (p o4) */
    assert_int_equal(r->ops[1].npre, 11); /* ten (p o_i) and (half) */
    assert_int_equal(r->ops[1].neff, 2);  /* (done) (half) */
    assert_int_equal(check_relaxed(lt.task, r), 11);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

/* Every heuristic: 0 at the end of the fixture's plan (a goal state), > 0
 * at the start and at every state of the plan before the goal holds. */
static void test_goal_states_are_worth_zero(void **state)
{
    (void)state;
    char d[512], p[512], plan_path[512];
    snprintf(d, sizeof d, "%s/tests/pddl/ipc/gripper-domain.pddl", PLANLENS_SOURCE_DIR);
    snprintf(p, sizeof p, "%s/tests/pddl/ipc/gripper-problem.pddl", PLANLENS_SOURCE_DIR);
    snprintf(plan_path, sizeof plan_path, "%s/tests/pddl/ipc/gripper-plan.txt", PLANLENS_SOURCE_DIR);
    pl_loaded_task lt;
    pl_error err = PL_ERROR_INIT;
    if (pl_load_task_files(d, p, &lt, NULL, &err) != PL_OK)
        fail_msg("%s", err.message);
    const pl_task *t = lt.task;
    pl_relaxed *r = pl_relaxed_new(t);
    int *goal = malloc(((size_t)t->natoms + 1) * sizeof *goal);
    uint64_t *s = calloc((size_t)t->words, sizeof *s), *next = calloc((size_t)t->words, sizeof *next);
    assert_true(r && goal && s && next);
    int ngoal = pl_cond_required_atoms(t, t->goal, goal);
    /* the plan's actions, by name, from the fixture's plan file */
    FILE *f = fopen(plan_path, "r");
    assert_non_null(f);
    int steps[64], nsteps = 0;
    char line[256];
    while (nsteps < 64 && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        for (int a = 0; a < t->nactions; a++)
            if (!strcasecmp(t->actions[a].name, line))
                steps[nsteps++] = a;
    }
    fclose(f);
    assert_true(nsteps > 0);
    static const pl_heuristic_kind kinds[] = {PL_H_BLIND, PL_H_MAX, PL_H_LMCUT, PL_H_ADD, PL_H_FF};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        pl_heuristic *h = pl_heuristic_new(r, kinds[k], goal, ngoal, NULL);
        assert_non_null(h);
        memcpy(s, t->init, (size_t)t->words * sizeof *s);
        for (int i = 0; i < nsteps; i++) {
            assert_false(pl_task_goal_reached(t, s));
            assert_true(pl_heuristic_eval(h, s) > 0);
            assert_true(pl_task_applicable(t, steps[i], s));
            pl_task_apply(t, steps[i], s, next);
            memcpy(s, next, (size_t)t->words * sizeof *s);
        }
        assert_true(pl_task_goal_reached(t, s));
        assert_int_equal(pl_heuristic_eval(h, s), 0);
        pl_heuristic_free(h);
    }
    free(s);
    free(next);
    free(goal);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_goal_states_are_worth_zero),
        cmocka_unit_test(test_fixture_tables),
        cmocka_unit_test(test_long_and_repeated_preconditions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
