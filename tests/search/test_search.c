/* Search and heuristics on the hand-written IPC fixtures: every optimal
 * search agrees on the optimal cost, heuristics stay below it, greedy plans
 * are valid, limits answer "unknown", and the reachability questions answer
 * what the fixtures make obvious. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "plans/plan.h"
#include "search/backup.h"
#include "search/mutex.h"
#include "search/reach.h"
#include "test_support.h"

static const char *const fixtures[] = {"gripper",   "logistics",         "briefcase", "depot-either", "handshake",
                                       "lab-security", "road-delivery", "blocksworld-upper", "elevator"};

static void load_fixture(const char *name, pl_loaded_task *lt)
{
    char d[512], p[512];
    snprintf(d, sizeof d, "%s/tests/pddl/ipc/%s-domain.pddl", PLANLENS_SOURCE_DIR, name);
    snprintf(p, sizeof p, "%s/tests/pddl/ipc/%s-problem.pddl", PLANLENS_SOURCE_DIR, name);
    pl_error err = PL_ERROR_INIT;
    if (pl_load_task_files(d, p, lt, NULL, &err) != PL_OK)
        fail_msg("%s: %s", name, err.message);
}

static pl_search_result solve(const pl_task *t, const pl_relaxed *r, pl_heuristic_kind h, bool greedy)
{
    pl_search_params p = pl_search_defaults();
    p.heuristic = h;
    p.greedy = greedy;
    pl_search_result res;
    pl_search(t, r, &p, &res);
    return res;
}

/* The plan found is valid when simulated, and its cost is what search said. */
static void assert_plan_valid(const pl_task *t, const pl_search_result *res)
{
    char **steps = calloc((size_t)res->plan_length + 1, sizeof *steps);
    for (int i = 0; i < res->plan_length; i++)
        steps[i] = (char *)t->actions[res->plan[i]].name;
    pl_trace *tr = pl_trace_new(t, steps, res->plan_length);
    assert_true(tr->valid);
    assert_true((long long)tr->cost == res->cost);
    pl_trace_free(tr);
    free(steps);
}

static void test_optimal_searches_agree(void **state)
{
    (void)state;
    for (size_t f = 0; f < sizeof fixtures / sizeof fixtures[0]; f++) {
        pl_loaded_task lt;
        load_fixture(fixtures[f], &lt);
        pl_relaxed *r = pl_relaxed_new(lt.task);
        pl_search_result blind = solve(lt.task, r, PL_H_BLIND, false);
        assert_int_equal(blind.status, PL_SEARCH_SOLVED);
        assert_plan_valid(lt.task, &blind);
        static const pl_heuristic_kind admissible[] = {PL_H_MAX, PL_H_LMCUT};
        for (int k = 0; k < 2; k++) {
            pl_search_result res = solve(lt.task, r, admissible[k], false);
            assert_int_equal(res.status, PL_SEARCH_SOLVED);
            if (res.cost != blind.cost)
                fail_msg("%s: %s cost %lld, blind %lld", fixtures[f], pl_heuristic_name(admissible[k]), res.cost,
                         blind.cost);
            assert_true(res.initial_h <= blind.cost);
            assert_plan_valid(lt.task, &res);
            pl_search_result_clear(&res);
        }
        static const pl_heuristic_kind greedy[] = {PL_H_FF, PL_H_ADD};
        for (int k = 0; k < 2; k++) {
            pl_search_result res = solve(lt.task, r, greedy[k], true);
            assert_int_equal(res.status, PL_SEARCH_SOLVED);
            assert_true(res.cost >= blind.cost);
            assert_plan_valid(lt.task, &res);
            pl_search_result_clear(&res);
        }
        pl_search_result_clear(&blind);
        pl_relaxed_free(r);
        pl_loaded_task_free(&lt);
    }
}

static void test_action_costs_are_optimised(void **state)
{
    (void)state;
    pl_loaded_task lt;
    load_fixture("road-delivery", &lt);
    assert_true(lt.task->has_costs);
    pl_relaxed *r = pl_relaxed_new(lt.task);
    pl_search_result res = solve(lt.task, r, PL_H_LMCUT, false);
    assert_int_equal(res.status, PL_SEARCH_SOLVED);
    /* The fixture's own plan costs 23; delivering p2 first costs 22. */
    assert_int_equal(res.cost, 22);
    pl_search_result_clear(&res);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

static void test_conditional_effects_use_hmax(void **state)
{
    (void)state;
    pl_loaded_task lt;
    load_fixture("briefcase", &lt);
    pl_relaxed *r = pl_relaxed_new(lt.task);
    assert_true(r->split_effects);
    pl_search_result res = solve(lt.task, r, PL_H_LMCUT, false);
    assert_int_equal(res.heuristic_used, PL_H_MAX);
    assert_int_equal(res.status, PL_SEARCH_SOLVED);
    pl_search_result_clear(&res);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

/* Loads a fixture and its relaxation; the parameters of a blind A*. */
static pl_search_params blind_search_on(const char *fixture, pl_loaded_task *lt, pl_relaxed **r)
{
    load_fixture(fixture, lt);
    *r = pl_relaxed_new(lt->task);
    pl_search_params p = pl_search_defaults();
    p.heuristic = PL_H_BLIND;
    return p;
}

static void test_limits_answer_unknown(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_relaxed *r;
    pl_search_params p = blind_search_on("logistics", &lt, &r);
    p.max_expansions = 3;
    pl_search_result res;
    assert_int_equal(pl_search(lt.task, r, &p, &res), PL_SEARCH_LIMIT);
    assert_string_equal(res.limit, "expansions");
    assert_null(res.plan);
    pl_search_result_clear(&res);
    /* a stop request from another thread (here set beforehand) ends a blind
     * search that needs far more than 64 expansions */
    static atomic_bool stop;
    atomic_init(&stop, true);
    pl_search_stop_flag(&stop);
    p.max_expansions = 0;
    assert_int_equal(pl_search(lt.task, r, &p, &res), PL_SEARCH_LIMIT);
    assert_string_equal(res.limit, "stopped");
    pl_search_result_clear(&res);
    atomic_store(&stop, false);
    assert_int_equal(pl_search(lt.task, r, &p, &res), PL_SEARCH_SOLVED);
    pl_search_result_clear(&res);
    pl_search_stop_flag(NULL);
    /* the time limit's clock is read after the first expansion, then about
     * every 10 ms: a limit already past stops the search there (read every
     * 64 expansions, it ran 64; with slow evaluations, far past the limit) */
    p.max_seconds = 1e-9;
    assert_int_equal(pl_search(lt.task, r, &p, &res), PL_SEARCH_LIMIT);
    assert_string_equal(res.limit, "time");
    assert_int_equal(res.expansions, 1);
    pl_search_result_clear(&res);
    p.max_seconds = 0;
    pl_limits limits = {3, 0, 0};
    long long cost = -1;
    /* a limit is never reported as "unsolvable" */
    assert_int_equal(pl_optimal_cost(lt.task, r, lt.task->init, &limits, &cost, NULL), PL_UNKNOWN);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

/* The memory bound: a search that needs B bytes at its peak solves with a
 * bound of B and ends as "unknown: memory" one byte below, holding no more
 * than the bound; pl_search_defaults() carries the process-wide default. */
static void test_memory_limit_answers_unknown(void **state)
{
    (void)state;
    assert_true(pl_search_memory_limit() > 0);
    assert_int_equal(pl_search_defaults().max_bytes, pl_search_memory_limit());
    pl_search_set_memory_limit(12345);
    assert_int_equal(pl_search_defaults().max_bytes, 12345);
    pl_search_set_memory_limit(0);
    pl_loaded_task lt;
    pl_relaxed *r;
    pl_search_params p = blind_search_on("logistics", &lt, &r);
    p.max_bytes = 0;
    pl_search_result res;
    assert_int_equal(pl_search(lt.task, r, &p, &res), PL_SEARCH_SOLVED);
    size_t peak = res.bytes;
    long long cost = res.cost;
    assert_true(peak > 0);
    pl_search_result_clear(&res);
    p.max_bytes = peak;
    assert_int_equal(pl_search(lt.task, r, &p, &res), PL_SEARCH_SOLVED);
    assert_true(res.cost == cost);
    pl_search_result_clear(&res);
    p.max_bytes = peak - 1;
    assert_int_equal(pl_search(lt.task, r, &p, &res), PL_SEARCH_LIMIT);
    assert_string_equal(res.limit, "memory");
    assert_true(res.bytes <= peak - 1);
    assert_null(res.plan);
    pl_search_result_clear(&res);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

typedef struct {
    int calls, layers;
    long long last_f;
    long last_expansions;
} progress_log;

static void log_progress(const pl_search_progress *at, void *ctx)
{
    progress_log *log = ctx;
    assert_true(at->expansions >= log->last_expansions);
    if (at->new_layer) {
        assert_true(log->layers == 0 || at->f > log->last_f);
        log->layers++;
        log->last_f = at->f;
    }
    assert_true(at->bytes > 0);
    log->calls++;
    log->last_expansions = at->expansions;
}

/* Progress: A* reports each f-layer once, in increasing order, from the
 * initial h up to the optimal cost, and periodic calls in between. */
static void test_progress_reports_f_layers(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_relaxed *r;
    pl_search_params p = blind_search_on("logistics", &lt, &r);
    progress_log log = {0};
    p.progress = log_progress;
    p.progress_ctx = &log;
    pl_search_result res;
    assert_int_equal(pl_search(lt.task, r, &p, &res), PL_SEARCH_SOLVED);
    /* blind search on unit costs: f = g + 1 off the goal, so the layers are
     * consecutive from the initial h up to the optimum (or the one below, when
     * the first node of the optimum's layer is a goal) */
    assert_int_equal(log.last_f - res.initial_h + 1, log.layers);
    assert_true(log.last_f == res.cost || log.last_f == res.cost - 1);
    assert_true(log.calls >= log.layers + res.expansions / 128 - 1);
    pl_search_result_clear(&res);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

static int atom(const pl_task *t, const char *text)
{
    bool is_static;
    int id = pl_resolve_atom(t, text, &is_static, NULL);
    if (id < 0)
        fail_msg("no atom %s", text);
    return id;
}

static int action(const pl_task *t, const char *text)
{
    pl_action_ref ref;
    pl_resolve_action(t, text, &ref);
    int a = ref.action;
    pl_action_ref_clear(&ref);
    if (a < 0)
        fail_msg("no action %s", text);
    return a;
}

/* Blocksworld (upper-case fixture): c on a, a and b and d on the table;
 * goal a on b on c on d. */
static void test_reachability_questions(void **state)
{
    (void)state;
    pl_loaded_task lt;
    load_fixture("blocksworld-upper", &lt);
    const pl_task *t = lt.task;
    pl_relaxed *r = pl_relaxed_new(t);
    assert_int_equal(pl_relaxed_add_mutexes(r), 0);
    const pl_limits limits = {100000, 0, 0};
    assert_int_equal(pl_atom_reachable(t, r, t->init, atom(t, "(on d a)"), &limits), PL_YES);
    assert_int_equal(pl_atom_reachable(t, r, t->init, atom(t, "(holding b)"), &limits), PL_YES);
    /* (stack a a) needs (holding a) and (clear a): mutex */
    pl_action_ref ref;
    pl_resolve_action(t, "(stack a a)", &ref);
    if (ref.status == PL_REF_OK)
        assert_int_equal(pl_action_reachable(t, r, t->init, ref.action, &limits), PL_NO);
    else
        assert_int_equal(ref.status, PL_REF_UNREACHABLE);
    pl_action_ref_clear(&ref);
    assert_false(pl_mutex_pair_reachable(r->mutexes, atom(t, "(holding a)"), atom(t, "(handempty)")));
    assert_true(pl_mutex_pair_reachable(r->mutexes, atom(t, "(holding a)"), atom(t, "(clear b)")));
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

static void test_landmarks_and_next_actions(void **state)
{
    (void)state;
    pl_loaded_task lt;
    load_fixture("blocksworld-upper", &lt);
    const pl_task *t = lt.task;
    pl_relaxed *r = pl_relaxed_new(t);
    const pl_limits limits = {100000, 0, 0};
    /* the goal atoms are landmarks; c sits on a and a must move, so (holding a) is one too */
    pl_search_result w;
    assert_int_equal(pl_is_landmark(t, r, t->init, atom(t, "(on a b)"), &limits, &w), PL_YES);
    assert_int_equal(w.status, PL_SEARCH_UNSOLVABLE);
    pl_search_result_clear(&w);
    assert_int_equal(pl_is_landmark(t, r, t->init, atom(t, "(holding a)"), &limits, NULL), PL_YES);
    /* putting c down on the table is avoidable (c can go straight onto d) */
    assert_int_equal(pl_is_landmark(t, r, t->init, atom(t, "(ontable c)"), &limits, &w), PL_NO);
    assert_int_equal(w.status, PL_SEARCH_SOLVED);
    pl_search_result_clear(&w);
    long long hstar = -1;
    assert_int_equal(pl_optimal_cost(t, r, t->init, &limits, &hstar, NULL), PL_YES);
    assert_int_equal(hstar, 6);
    assert_int_equal(pl_is_next_action(t, r, t->init, action(t, "(unstack c a)"), hstar, &limits), PL_YES);
    assert_int_equal(pl_is_next_action(t, r, t->init, action(t, "(pick-up b)"), hstar, &limits), PL_NO);
    assert_int_equal(pl_is_next_action(t, r, t->init, action(t, "(pick-up d)"), -1, &limits), PL_NO);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

/* A column of three tiles, the robot at the bottom: painting the middle tile
 * first leaves the top one unpaintable (a painted tile is never clear again,
 * even in the delete relaxation), so that successor is a dead end. */
static void test_relaxed_dead_ends(void **state)
{
    (void)state;
    static const char domain[] =
        "(define (domain column) (:requirements :strips)"
        " (:predicates (at ?t) (clear ?t) (up ?t ?u) (painted ?t))"
        " (:action move-up :parameters (?t ?u) :precondition (and (at ?t) (up ?u ?t) (clear ?u))"
        "  :effect (and (at ?u) (not (at ?t)) (clear ?t) (not (clear ?u))))"
        " (:action move-down :parameters (?t ?u) :precondition (and (at ?t) (up ?t ?u) (clear ?u))"
        "  :effect (and (at ?u) (not (at ?t)) (clear ?t) (not (clear ?u))))"
        " (:action paint-up :parameters (?u ?t) :precondition (and (at ?t) (up ?u ?t) (clear ?u))"
        "  :effect (and (painted ?u) (not (clear ?u)))))";
    static const char problem[] = "(define (problem column-3) (:domain column) (:objects a b c)"
                                  " (:init (at a) (clear b) (clear c) (up b a) (up c b))"
                                  " (:goal (and (painted b) (painted c))))";
    pl_loaded_task lt;
    pl_test_load_texts(domain, problem, "column", &lt);
    const pl_task *t = lt.task;
    pl_relaxed *r = pl_relaxed_new(t);
    assert_int_equal(pl_relaxed_dead_end(t, r, t->init), 0);
    uint64_t *next = pl_state_new(t);
    pl_task_apply(t, action(t, "(paint-up b a)"), t->init, next);
    assert_int_equal(pl_relaxed_dead_end(t, r, next), 1);
    pl_task_apply(t, action(t, "(move-up a b)"), t->init, next);
    assert_int_equal(pl_relaxed_dead_end(t, r, next), 0);
    const pl_limits limits = {100000, 0, 0};
    assert_int_equal(pl_is_next_action(t, r, t->init, action(t, "(paint-up b a)"), -1, &limits), PL_NO);
    assert_int_equal(pl_is_next_action(t, r, t->init, action(t, "(move-up a b)"), -1, &limits), PL_YES);
    free(next);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

/* Searches sharing a value table answer as searches without it, an
 * optimal plan found leaves h*(n) >= h*(start) - g(n) in the table, and a
 * bounded search that fails leaves h*(start) > bound there. */
/* Bellman backups: 0 -> 1 -> 3 (the goal, 0) and 0 -> 2 -> 4 (at least 5
 * away); 5 <-> 6 lead nowhere and rise to the cap; 4 was not expanded, so
 * it keeps its bound. */
static void test_backed_up_bounds(void **state)
{
    (void)state;
    const pl_edge edges[] = {{0, 1, 1}, {0, 2, 1}, {1, 3, 1}, {2, 4, 1}, {5, 6, 1}, {6, 5, 1}};
    int lb[] = {0, 0, 0, 0, 5, 0, 0};
    const bool expanded[] = {true, true, true, false, false, true, true};
    assert_int_equal(pl_backup_lower_bounds(7, lb, expanded, edges, 6, 10), 0);
    const int want[] = {2, 1, 6, 0, 5, 10, 10};
    for (int n = 0; n < 7; n++)
        if (lb[n] != want[n])
            fail_msg("state %d: bound %d, want %d", n, lb[n], want[n]);
}

/* Runs the search p evaluating every child when generated, then deferred;
 * both must find a plan. */
static void solve_eager_and_deferred(const pl_task *t, const pl_relaxed *r, pl_search_params p,
                                     pl_search_result *eager, pl_search_result *deferred)
{
    p.deferred_evaluation = false;
    assert_int_equal(pl_search(t, r, &p, eager), PL_SEARCH_SOLVED);
    p.deferred_evaluation = true;
    assert_int_equal(pl_search(t, r, &p, deferred), PL_SEARCH_SOLVED);
}

/* Deferred evaluation finds plans of the same optimal cost with fewer
 * evaluations: the children a search never takes from the open list are
 * never evaluated. */
static void test_deferred_evaluation(void **state)
{
    (void)state;
    long eager_evaluations = 0, deferred_evaluations = 0;
    for (size_t f = 0; f < sizeof fixtures / sizeof fixtures[0]; f++) {
        pl_loaded_task lt;
        load_fixture(fixtures[f], &lt);
        pl_relaxed *r = pl_relaxed_new(lt.task);
        pl_search_params p = pl_search_defaults();
        pl_search_result eager, deferred;
        solve_eager_and_deferred(lt.task, r, p, &eager, &deferred);
        p.deferred_evaluation = true;
        if (deferred.cost != eager.cost)
            fail_msg("%s: deferred cost %lld, eager %lld", fixtures[f], deferred.cost, eager.cost);
        assert_plan_valid(lt.task, &deferred);
        p.cost_bound = eager.cost - 1; /* and no plan below the optimal cost */
        pl_search_result bounded;
        assert_int_equal(pl_search(lt.task, r, &p, &bounded), PL_SEARCH_UNSOLVABLE);
        eager_evaluations += eager.evaluated;
        deferred_evaluations += deferred.evaluated;
        pl_search_result_clear(&bounded);
        pl_search_result_clear(&deferred);
        pl_search_result_clear(&eager);
        pl_relaxed_free(r);
        pl_loaded_task_free(&lt);
    }
    print_message("evaluations: eager %ld, deferred %ld\n", eager_evaluations, deferred_evaluations);
    assert_true(deferred_evaluations < eager_evaluations);
}

/* Greedy search with deferred evaluation: valid plans with fewer
 * evaluations, and a goal that holds only in the relaxation still proven
 * out of reach by exhausting the states. */
static void test_greedy_deferred_evaluation(void **state)
{
    (void)state;
    long eager_evaluations = 0, deferred_evaluations = 0;
    for (size_t f = 0; f < sizeof fixtures / sizeof fixtures[0]; f++) {
        pl_loaded_task lt;
        load_fixture(fixtures[f], &lt);
        pl_relaxed *r = pl_relaxed_new(lt.task);
        static const pl_heuristic_kind kinds[] = {PL_H_FF, PL_H_ADD};
        for (size_t k = 0; k < 2; k++) {
            pl_search_params p = pl_search_defaults();
            p.heuristic = kinds[k];
            p.greedy = true;
            pl_search_result eager, deferred;
            solve_eager_and_deferred(lt.task, r, p, &eager, &deferred);
            assert_plan_valid(lt.task, &deferred);
            eager_evaluations += eager.evaluated;
            deferred_evaluations += deferred.evaluated;
            pl_search_result_clear(&deferred);
            pl_search_result_clear(&eager);
        }
        pl_relaxed_free(r);
        pl_loaded_task_free(&lt);
    }
    print_message("greedy evaluations: eager %ld, deferred %ld\n", eager_evaluations, deferred_evaluations);
    assert_true(deferred_evaluations < eager_evaluations);
    /* exhausted: the robot in both rooms at once holds in the relaxation only */
    pl_loaded_task lt;
    load_fixture("gripper", &lt);
    pl_relaxed *r = pl_relaxed_new(lt.task);
    int both[2], nboth = 0;
    for (int a = 0; a < lt.task->natoms; a++)
        if (!strncmp(lt.task->atoms[a].name, "(at-robby ", 10))
            both[nboth++] = a;
    assert_int_equal(nboth, 2);
    pl_search_params p = pl_search_defaults();
    p.heuristic = PL_H_FF;
    p.greedy = true;
    p.deferred_evaluation = true;
    p.goal_atoms = both;
    p.ngoal_atoms = 2;
    pl_search_result res;
    pl_search(lt.task, r, &p, &res);
    assert_int_equal(res.status, PL_SEARCH_UNSOLVABLE);
    assert_true(res.expansions > 50); /* every reachable state: 2 rooms x 3^3 ball places x grippers */
    pl_search_result_clear(&res);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

static void test_shared_values(void **state)
{
    (void)state;
    for (size_t f = 0; f < sizeof fixtures / sizeof fixtures[0]; f++) {
        pl_loaded_task lt;
        load_fixture(fixtures[f], &lt);
        const pl_task *t = lt.task;
        pl_relaxed *r = pl_relaxed_new(t);
        pl_hcache *cache = pl_hcache_new(t->words);
        const pl_limits limits = {200000, 0, 0};
        long long hstar = -1, shared = -2;
        pl_answer a = pl_optimal_cost(t, r, t->init, &limits, &hstar, NULL);
        assert_int_equal(pl_optimal_cost_shared(t, r, t->init, &limits, &shared, cache), a);
        if (a == PL_YES)
            assert_int_equal(shared, hstar);
        int *app = malloc(((size_t)t->nactions + 1) * sizeof *app), n = pl_task_applicable_actions(t, t->init, app);
        if (a == PL_YES) { /* the optimal plan found leaves h*(n) >= hstar - g(n): the start's value is hstar */
            int h = -1;
            assert_true(pl_hcache_get(cache, t->init, &h));
            assert_int_equal(h, hstar);
            uint64_t *next = pl_state_new(t);
            for (int i = 0; i < n; i++) { /* a successor the search evaluated (not all: deferred evaluation) */
                pl_task_apply(t, app[i], t->init, next);
                if (pl_hcache_get(cache, next, &h))
                    assert_true(h >= hstar - r->action_cost[app[i]]);
            }
            free(next);
        }
        for (int i = 0; i < n && a == PL_YES; i++)
            assert_int_equal(pl_is_next_action_shared(t, r, t->init, app[i], hstar, &limits, cache),
                             pl_is_next_action(t, r, t->init, app[i], hstar, &limits));
        if (a == PL_YES && hstar > 0) { /* no plan of cost hstar - 1: the start's value rises to hstar */
            pl_search_params p = pl_search_defaults();
            p.cost_bound = hstar - 1;
            p.hcache = cache;
            pl_search_result res;
            assert_int_equal(pl_search(t, r, &p, &res), PL_SEARCH_UNSOLVABLE);
            pl_search_result_clear(&res);
            int h = -1;
            assert_true(pl_hcache_get(cache, t->init, &h));
            assert_int_equal(h, hstar);
        }
        free(app);
        pl_hcache_free(cache);
        pl_relaxed_free(r);
        pl_loaded_task_free(&lt);
    }
}

/* Monotone tasks: no negative precondition or goal, no conditional effect;
 * there the successor of a superset state is a superset of the successor. */
static void test_monotone_tasks(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        bool monotone;
    } cases[] = {{"gripper", true}, {"logistics", true}, {"briefcase", false}, {"handshake", false}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pl_loaded_task lt;
        load_fixture(cases[i].name, &lt);
        const pl_task *t = lt.task;
        assert_int_equal(pl_task_monotone(t), cases[i].monotone);
        if (cases[i].monotone) { /* one more atom in the state: every action stays applicable, results cover */
            uint64_t *big = pl_state_clone(t, t->init), *a = pl_state_new(t), *b = pl_state_new(t);
            int extra = 0;
            while (extra < t->natoms && pl_state_has(t->init, extra))
                extra++;
            pl_state_set(big, extra, true);
            for (int act = 0; act < t->nactions; act++)
                if (pl_task_applicable(t, act, t->init)) {
                    assert_true(pl_task_applicable(t, act, big));
                    pl_task_apply(t, act, t->init, a);
                    pl_task_apply(t, act, big, b);
                    for (int w = 0; w < t->words; w++)
                        assert_true((a[w] & ~b[w]) == 0);
                }
            free(big);
            free(a);
            free(b);
        }
        pl_loaded_task_free(&lt);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shared_values),
        cmocka_unit_test(test_deferred_evaluation),
        cmocka_unit_test(test_greedy_deferred_evaluation),
        cmocka_unit_test(test_backed_up_bounds),
        cmocka_unit_test(test_monotone_tasks),
        cmocka_unit_test(test_optimal_searches_agree),
        cmocka_unit_test(test_action_costs_are_optimised),
        cmocka_unit_test(test_conditional_effects_use_hmax),
        cmocka_unit_test(test_limits_answer_unknown),
        cmocka_unit_test(test_memory_limit_answers_unknown),
        cmocka_unit_test(test_progress_reports_f_layers),
        cmocka_unit_test(test_reachability_questions),
        cmocka_unit_test(test_landmarks_and_next_actions),
        cmocka_unit_test(test_relaxed_dead_ends),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
