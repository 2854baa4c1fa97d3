/* A search run in memory and replayed (views/search_replay.h,
 * pl_replay_search): as many records as the search's expansions, the same
 * plan, the expansion limit said on screen, a start other than the
 * initial state. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "search_replay.h"
#include "test_support.h"

/* Three blocks from a tower c-b-a to a tower a-b-c: a few hundred expansions at most. */
static const char domain[] =
    "(define (domain bw) (:requirements :strips)"
    " (:predicates (on ?x ?y) (ontable ?x) (clear ?x) (handempty) (holding ?x))"
    " (:action pick-up :parameters (?x) :precondition (and (clear ?x) (ontable ?x) (handempty))"
    "  :effect (and (not (ontable ?x)) (not (clear ?x)) (not (handempty)) (holding ?x)))"
    " (:action put-down :parameters (?x) :precondition (holding ?x)"
    "  :effect (and (not (holding ?x)) (clear ?x) (handempty) (ontable ?x)))"
    " (:action stack :parameters (?x ?y) :precondition (and (holding ?x) (clear ?y))"
    "  :effect (and (not (holding ?x)) (not (clear ?y)) (clear ?x) (handempty) (on ?x ?y)))"
    " (:action unstack :parameters (?x ?y) :precondition (and (on ?x ?y) (clear ?x) (handempty))"
    "  :effect (and (holding ?x) (clear ?y) (not (clear ?x)) (not (handempty)) (not (on ?x ?y)))))";
static const char problem[] =
    "(define (problem p) (:domain bw) (:objects a b c)"
    " (:init (ontable a) (on b a) (on c b) (clear c) (handempty))"
    " (:goal (and (on a b) (on b c))))";

/* The last line of the screen's fixed header: where the limit is said, on every screen. */
static void check_limit_line(const pl_view_model *vm)
{
    assert_true(vm->nfixed > 0);
    char *line = pl_vm_line_text(&vm->lines[vm->nfixed - 1]);
    assert_non_null(line);
    assert_string_equal(line, "stopped at the limit of 3 expansions: the search did not finish");
    free(line);
}

/* The replay of `name` from `init` against the same search run alone. */
static void check_search(const pl_task *t, const pl_relaxed *rx, const char *name, const uint64_t *init)
{
    pl_replay_search_opts o = {.init = init};
    assert_true(pl_replay_search_named(name, &o));
    pl_search_replay r;
    pl_search_result res;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_replay_search(t, rx, &o, &r, &res, &err), PL_OK);

    pl_search_params p = pl_search_defaults();
    p.heuristic = o.heuristic;
    p.greedy = o.greedy;
    p.init = init;
    pl_search_result alone;
    assert_int_equal(pl_search(t, rx, &p, &alone), PL_SEARCH_SOLVED);
    assert_int_equal(res.status, PL_SEARCH_SOLVED);
    assert_true(alone.expansions > 1);
    assert_int_equal(r.nrecords, alone.expansions);
    assert_int_equal(r.nrecords, res.expansions);
    assert_string_equal(r.end, "solved");
    assert_string_equal(r.search, name);
    assert_int_equal(r.limit, 0);
    assert_true(r.has_goal);
    assert_int_equal(r.goal_g, alone.cost);

    const char **plan;
    int len = pl_replay_plan(&r, &plan);
    assert_int_equal(len, alone.plan_length);
    for (int i = 0; i < len; i++)
        assert_string_equal(plan[i], t->actions[alone.plan[i]].name);
    free(plan);
    for (long k = 0; k < r.nrecords; k++) /* records by n, parents before children */
        assert_true(r.records[k].n == k + 1 && r.records[k].parent < r.records[k].n);
    pl_search_result_clear(&res);
    pl_search_result_clear(&alone);
    pl_replay_free(&r);
}

static void test_replay_matches_the_search(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_test_load_texts(domain, problem, "bw", &lt);
    pl_relaxed *rx = pl_relaxed_new(lt.task);
    assert_non_null(rx);
    const char *names[] = {"astar-blind", "astar-hmax", "astar-lmcut", "gbfs-ff", "gbfs-add"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        check_search(lt.task, rx, names[i], NULL);
    pl_relaxed_free(rx);
    pl_loaded_task_free(&lt);
}

/* From the state after unstack c b: the optimal plan is one action shorter. */
static void test_replay_from_a_walked_state(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_test_load_texts(domain, problem, "bw", &lt);
    const pl_task *t = lt.task;
    pl_relaxed *rx = pl_relaxed_new(t);
    int unstack = -1;
    for (int a = 0; a < t->nactions; a++)
        if (!strcmp(t->actions[a].name, "(unstack c b)"))
            unstack = a;
    assert_true(unstack >= 0 && pl_task_applicable(t, unstack, t->init));
    uint64_t *s = pl_state_clone(t, t->init);
    pl_task_apply(t, unstack, t->init, s);
    check_search(t, rx, "astar-hmax", s);

    pl_replay_search_opts o = {.init = s}, from_init = {0}, none = {0};
    assert_true(pl_replay_search_named("lmcut", &none) && none.heuristic == PL_H_LMCUT && !none.greedy);
    assert_false(pl_replay_search_named("ff", &none) || pl_replay_search_named("trace.jsonl", &none));
    pl_replay_search_named("astar-blind", &o);
    pl_replay_search_named("astar-blind", &from_init);
    pl_search_replay a, b;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_replay_search(t, rx, &o, &a, NULL, &err), PL_OK);
    assert_int_equal(pl_replay_search(t, rx, &from_init, &b, NULL, &err), PL_OK);
    assert_int_equal(a.goal_g + 1, b.goal_g);
    bool holding = false; /* the first record is the walked state, not the initial one */
    for (int i = 0; i < a.records[0].natoms; i++)
        holding |= !strcmp(a.records[0].atoms[i], "(holding c)");
    assert_true(holding);
    pl_replay_free(&a);
    pl_replay_free(&b);
    free(s);
    pl_relaxed_free(rx);
    pl_loaded_task_free(&lt);
}

static void test_replay_stops_at_the_limit(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_test_load_texts(domain, problem, "bw", &lt);
    pl_relaxed *rx = pl_relaxed_new(lt.task);
    pl_replay_search_opts o = {.max_expansions = 3};
    pl_replay_search_named("astar-blind", &o);
    pl_search_replay r;
    pl_search_result res;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_replay_search(lt.task, rx, &o, &r, &res, &err), PL_OK);
    assert_int_equal(res.status, PL_SEARCH_LIMIT);
    assert_int_equal(r.nrecords, res.expansions);
    assert_int_equal(r.nrecords, 4); /* the fourth node is taken, not expanded: the limit ends the search there */
    assert_int_equal(r.records[3].nsuccessors, 0);
    assert_int_equal(r.limit, 3);
    assert_string_equal(r.end, "unknown");
    assert_false(r.has_goal);
    pl_view_model vm;
    pl_replay_view(&r, true, &vm);
    check_limit_line(&vm);
    pl_vm_free(&vm);
    pl_replay_go(&r, r.nrecords + 1);
    pl_replay_view(&r, true, &vm);
    check_limit_line(&vm);
    pl_vm_free(&vm);
    pl_search_result_clear(&res);
    pl_replay_free(&r);
    pl_relaxed_free(rx);
    pl_loaded_task_free(&lt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_replay_matches_the_search),
        cmocka_unit_test(test_replay_from_a_walked_state),
        cmocka_unit_test(test_replay_stops_at_the_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
