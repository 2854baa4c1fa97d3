/* Pattern databases (pdb.h) are admissible: on the IPC fixtures and on the
 * question state of every ACPBench-Hard dev question (../shared/data), their
 * value never exceeds h* of any state on an optimal plan (whose suffixes are
 * optimal plans themselves), nor of the state's symmetric representative,
 * and A* maximising them with LM-cut finds plans of the optimal cost. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "search/pdb.h"
#include "search/pdb_groups.h"
#include "search/reach.h"
#include "search/structural.h"
#include "test_support.h"

/* The grader's limits (acpbench/grader.c). */
static const pl_pdb_limits limits = {60000, 600000};

typedef struct {
    int tasks, with_pdbs, unknown, states, raised; /* unknown: h* not found in time; raised: states
                                                     where the databases beat LM-cut */
} tally;

/* The databases' value of `state` and of its representative stays within
 * `hstar`; returns the value. */
static int check_state(const pl_pdbs *p, const pl_symmetry *sym, const uint64_t *state, long long hstar,
                       const pl_task *t, const char *label, int step)
{
    int h = pl_pdbs_eval(p, state);
    if (h != PL_H_INF ? h > hstar : true)
        fail_msg("%s: step %d: databases say %d, h* is %lld", label, step, h, hstar);
    if (sym && !pl_symmetry_trivial(sym)) {
        uint64_t *canon = pl_state_new(t), *scratch = pl_symmetry_scratch_new(sym);
        pl_symmetry_canonical(sym, state, canon, scratch);
        int hc = pl_pdbs_eval(p, canon);
        if (hc != PL_H_INF ? hc > hstar : true)
            fail_msg("%s: step %d: databases say %d of the representative, h* is %lld", label, step, hc, hstar);
        free(canon);
        free(scratch);
    }
    return h;
}

/* Checks the databases of t along an optimal plan from its initial state,
 * found by A* with LM-cut within `seconds`. */
static void check_task(const pl_task *t, const char *label, double seconds, tally *n)
{
    pl_relaxed *r = pl_relaxed_new(t);
    assert_non_null(r);
    assert_int_equal(pl_relaxed_add_mutexes(r), 0);
    pl_pdbs *p = pl_pdbs_new(t, r, r->mutexes, &limits);
    n->tasks++;
    if (!p) {
        pl_relaxed_free(r);
        return;
    }
    n->with_pdbs++;
    assert_int_equal(pl_relaxed_add_symmetry(r), 0);
    pl_symmetry *sym = r->symmetry;
    assert_int_equal(pl_symmetry_add_structural(sym, t), 0);
    pl_limits lim = {0, seconds, 0};
    long long hstar;
    pl_search_result plan;
    pl_answer a = pl_optimal_cost(t, r, t->init, &lim, &hstar, &plan);
    if (a == PL_YES) {
        int *goal = malloc(((size_t)t->natoms + 1) * sizeof *goal);
        int ngoal = pl_cond_required_atoms(t, t->goal, goal);
        pl_heuristic *lmcut = pl_heuristic_new(r, PL_H_LMCUT, goal, ngoal, NULL);
        uint64_t *s = pl_state_clone(t, t->init), *next = pl_state_new(t);
        long long g = 0;
        for (int i = 0; i <= plan.plan_length; i++) {
            int h = check_state(p, sym, s, hstar - g, t, label, i);
            n->states++;
            n->raised += h > pl_heuristic_eval(lmcut, s);
            if (i == plan.plan_length)
                break;
            pl_task_apply(t, plan.plan[i], s, next);
            memcpy(s, next, (size_t)t->words * sizeof *s);
            g += r->action_cost[plan.plan[i]];
        }
        free(s);
        free(next);
        pl_heuristic_free(lmcut);
        free(goal);
    } else if (a == PL_UNKNOWN) { /* h* of the state alone, by the faster search up to symmetry */
        pl_limits longer = {0, 4 * seconds, 0};
        if (pl_optimal_cost_shared(t, r, t->init, &longer, &hstar, NULL) == PL_YES) {
            check_state(p, sym, t->init, hstar, t, label, 0);
            n->states++;
        } else {
            n->unknown++;
        }
    }
    pl_search_result_clear(&plan);
    pl_pdbs_free(p);
    pl_relaxed_free(r);
}

/* Each IPC fixture: its plan states, and A* with the databases finds the
 * cost A* finds without them. */
static void check_fixture(const pl_task *t, const char *name, void *ctx)
{
    check_task(t, name, 0, ctx);
    pl_relaxed *r = pl_relaxed_new(t);
    pl_relaxed_add_mutexes(r);
    pl_pdbs *p = pl_pdbs_new(t, r, r->mutexes, &limits);
    pl_search_params sp = pl_search_defaults();
    pl_search_result plain, with;
    pl_search(t, r, &sp, &plain);
    sp.pdbs = p;
    pl_search(t, r, &sp, &with);
    assert_int_equal(plain.status, PL_SEARCH_SOLVED);
    assert_int_equal(with.status, PL_SEARCH_SOLVED);
    if (with.cost != plain.cost)
        fail_msg("%s: cost %lld with the databases, %lld without", name, with.cost, plain.cost);
    /* The databases only raise h; A* still breaks ties among equal f by
     * its own order, so a few more expansions (5 %) are no regression. */
    if (p && with.expansions > plain.expansions + plain.expansions / 20 + 2)
        fail_msg("%s: %lld expansions with the databases, %lld without", name, (long long)with.expansions,
                 (long long)plain.expansions);
    pl_search_result_clear(&plain);
    pl_search_result_clear(&with);
    pl_pdbs_free(p);
    pl_relaxed_free(r);
}

static void test_ipc_fixtures(void **state)
{
    (void)state;
    tally n = {0};
    pl_test_each_ipc_fixture(check_fixture, &n);
    printf("IPC fixtures: %d tasks, %d with databases, %d plan states checked\n", n.tasks, n.with_pdbs, n.states);
    assert_true(n.with_pdbs >= 3);
}

/* The mutex groups of the first nexta dev question of the domain named
 * `domain` (its PDDL_domain contains the name); 0 when there is none. */
static int groups_of(const char *domain, pl_loaded_task *lt, pl_pdb_groups *g)
{
    cJSON *qs = pl_test_read_json(pl_test_acpbench_path("nexta", "dev"));
    cJSON *q;
    int found = 0;
    cJSON_ArrayForEach(q, qs)
    {
        const char *dom = cJSON_GetStringValue(cJSON_GetObjectItem(q, "PDDL_domain"));
        if (found || !strstr(dom, domain))
            continue;
        found = 1;
        pl_test_load_texts(dom, cJSON_GetStringValue(cJSON_GetObjectItem(q, "PDDL_problem")), domain, lt);
        pl_mutexes *m = pl_mutexes_new(lt->task, lt->task->init);
        assert_int_equal(pl_pdb_groups_find(lt->task, m, g), 0);
        pl_mutexes_free(m);
    }
    cJSON_Delete(qs);
    return found;
}

/* The group that holds `atom` (by name) and its size; 0 when none has it
 * with another atom. */
static int group_size_of(const pl_loaded_task *lt, const pl_pdb_groups *g, const char *atom)
{
    int best = 0;
    for (int k = 0; k < g->n; k++)
        for (int i = g->start[k]; i < g->start[k + 1]; i++)
            if (!strcmp(lt->task->atoms[g->atoms[i]].name, atom) && g->start[k + 1] - g->start[k] > best)
                best = g->start[k + 1] - g->start[k];
    return best > 1 ? best : 0;
}

/* Floor-tile: one group per robot's position and one per tile (clear,
 * painted either colour, or a robot on it).  Grid: one per key (on each
 * place, or held), although pickup-and-loose of the key held would add two
 * of its atoms (it never applies: it requires two). */
static void test_groups(void **state)
{
    (void)state;
    if (!pl_test_data_dir("acpbench nexta dev questions"))
        return;
    pl_loaded_task lt;
    pl_pdb_groups g;
    assert_true(groups_of("floor-tile", &lt, &g));
    char atom[64];
    int tile = -1, robot = -1, places = 0;
    for (int a = 0; a < lt.task->natoms; a++)
        if (sscanf(lt.task->atoms[a].name, "(robot-at robot1 tile_%d)", &tile) == 1) {
            robot = a;
            places++;
        }
    assert_true(places > 2);
    assert_int_equal(group_size_of(&lt, &g, lt.task->atoms[robot].name), places); /* robot1 on each tile */
    snprintf(atom, sizeof atom, "(clear tile_%d)", tile);
    assert_int_equal(group_size_of(&lt, &g, atom), 5); /* clear, black, white, robot1 or robot2 there */
    pl_pdb_groups_free(&g);
    pl_loaded_task_free(&lt);
    assert_true(groups_of("grid", &lt, &g));
    int key_places = 0, key_at = -1;
    for (int a = 0; a < lt.task->natoms; a++)
        if (!strncmp(lt.task->atoms[a].name, "(at key0-0 ", 11)) {
            key_at = a;
            key_places++;
        }
    assert_true(key_places > 1);
    assert_int_equal(group_size_of(&lt, &g, lt.task->atoms[key_at].name), key_places + 1); /* or held */
    pl_pdb_groups_free(&g);
    pl_loaded_task_free(&lt);
}

static void check_dev_problem(const pl_task *t, const char *label, void *ctx)
{
    check_task(t, label, 1.0, ctx);
}

static void test_dev_question_states(void **state)
{
    (void)state;
    if (!pl_test_data_dir("acpbench dev questions"))
        return;
    tally n = {0};
    pl_test_each_dev_problem(check_dev_problem, &n);
    printf("dev question states: %d tasks, %d with databases (%d with h* beyond 4 s), %d plan states checked, %d "
           "above LM-cut\n",
           n.tasks, n.with_pdbs, n.unknown, n.states, n.raised);
    assert_true(n.with_pdbs > 0);
    assert_true(n.raised > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ipc_fixtures),
        cmocka_unit_test(test_groups),
        cmocka_unit_test(test_dev_question_states),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
