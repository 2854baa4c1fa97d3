/* The grader object: its options and the per-question cache of what the
 * sound checks need (the grounded task, mutexes, landmarks, h*, next-action
 * answers), built on first use and shared by every response to a question. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acpbench/grade_internal.h"
#include "search/pdb.h"
#include "search/structural.h"

pl_acp_grade_options pl_acp_grade_default_options(void)
{
    return (pl_acp_grade_options){3.0, 5.0, 10.0, true, NULL};
}

pl_acp_grader *pl_acp_grader_new(const pl_acp_grade_options *options)
{
    pl_acp_grader *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->opts = options ? *options : pl_acp_grade_default_options();
    return g;
}

static void cache_clear(acp_question_cache *c)
{
    if (c->has_landmarks)
        pl_landmark_checker_free(&c->landmarks);
    pl_relaxed_free(c->relaxed);
    free(c->next_action);
    free(c->official_next);
    free(c->orbit_rep);
    pl_hcache_free(c->hcache);
    free(c->orbit_states);
    free(c->orbit_actions);
    free(c->none_witness);
    if (c->load_status > 0)
        pl_loaded_task_free(&c->lt);
    pl_error_clear(&c->load_error);
}

void pl_acp_grader_free(pl_acp_grader *g)
{
    if (!g)
        return;
    for (int i = 0; i < g->cap; i++)
        if (g->caches[i].q)
            cache_clear(&g->caches[i]);
    free(g->caches);
    free(g);
}

static size_t slot_of(const pl_acp_question *q, int cap)
{
    uintptr_t h = (uintptr_t)q;
    h ^= h >> 17;
    h *= (uintptr_t)0x9e3779b97f4a7c15u;
    return (size_t)(h >> 7) & (size_t)(cap - 1);
}

static acp_question_cache *find_slot(acp_question_cache *caches, int cap, const pl_acp_question *q)
{
    size_t i = slot_of(q, cap);
    while (caches[i].q && caches[i].q != q)
        i = (i + 1) & (size_t)(cap - 1);
    return &caches[i];
}

static int grow(pl_acp_grader *g)
{
    int cap = g->cap ? 2 * g->cap : 64;
    acp_question_cache *caches = calloc((size_t)cap, sizeof *caches);
    if (!caches)
        return -1;
    for (int i = 0; i < g->cap; i++)
        if (g->caches[i].q)
            *find_slot(caches, cap, g->caches[i].q) = g->caches[i];
    free(g->caches);
    g->caches = caches;
    g->cap = cap;
    return 0;
}

double acp_thread_cpu_seconds(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
        return (double)clock() / CLOCKS_PER_SEC;
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* 1 when the question's task is loaded into c, else -1 with c->load_error set.
 * PDDL errors are located as "<file>[record N].PDDL_problem:line:col". */
static int load_question_task(acp_question_cache *c, const pl_acp_question *q)
{
    if (!q->domain_pddl || !q->problem_pddl) {
        pl_error_set(&c->load_error, PL_ERR_SEMANTIC, q->source, q->record, 0, "question %s has no PDDL", q->id);
        return -1;
    }
    char *dname = pl_strdup_printf("%s[record %d].PDDL_domain", q->source ? q->source : "?", q->record);
    char *pname = pl_strdup_printf("%s[record %d].PDDL_problem", q->source ? q->source : "?", q->record);
    int rc = dname && pname &&
                     pl_load_task_texts(q->domain_pddl, strlen(q->domain_pddl), dname, q->problem_pddl,
                                        strlen(q->problem_pddl), pname, &c->lt, NULL, &c->load_error) == PL_OK
                 ? 1
                 : -1;
    free(dname);
    free(pname);
    if (rc > 0 && !(c->relaxed = pl_relaxed_new(c->lt.task))) {
        pl_loaded_task_free(&c->lt);
        rc = -1;
    }
    if (rc < 0 && !c->load_error.message)
        pl_error_set(&c->load_error, PL_ERR_LIMIT, NULL, 0, 0, "out of memory");
    c->cpu_start = acp_thread_cpu_seconds();
    return rc;
}

acp_question_cache *acp_cache_get(pl_acp_grader *g, const pl_acp_question *q, pl_error *err)
{
    if ((g->used + 1) * 2 > g->cap && grow(g) < 0) {
        pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0, "out of memory");
        return NULL;
    }
    acp_question_cache *c = find_slot(g->caches, g->cap, q);
    if (!c->q) {
        c->q = q;
        g->used++;
    }
    if (c->load_status == 0)
        c->load_status = load_question_task(c, q);
    if (c->load_status < 0) {
        pl_error_set(err, c->load_error.code, c->load_error.file, c->load_error.line, c->load_error.column, "%s",
                     c->load_error.message ? c->load_error.message : "out of memory");
        return NULL;
    }
    return c;
}

acp_question_cache *acp_task_for(pl_acp_grader *g, const pl_acp_question *q, pl_acp_verdict *v)
{
    pl_error err = PL_ERROR_INIT;
    acp_question_cache *c = acp_cache_get(g, q, &err);
    if (!c) {
        char *msg = pl_error_format(&err);
        acp_reason(v, "no sound check: the question's PDDL does not load (%s)", msg ? msg : "out of memory");
        free(msg);
    }
    pl_error_clear(&err);
    return c;
}

int acp_cache_mutexes(acp_question_cache *c)
{
    if (!c->has_mutexes) {
        if (pl_relaxed_add_mutexes(c->relaxed) != 0)
            return -1;
        c->has_mutexes = true;
    }
    return 0;
}

pl_landmark_checker *acp_cache_landmarks(acp_question_cache *c, const pl_limits *lim)
{
    if (!c->has_landmarks) {
        if (pl_landmark_checker_init(&c->landmarks, c->lt.task, c->relaxed, c->lt.task->init, lim) != 0)
            return NULL;
        c->has_landmarks = true;
    }
    return &c->landmarks;
}

/* Structural symmetries cost a graph-automorphism search (up to 70 ms on
 * ACPBench's largest Alfred tasks, a few ms on most) and pay off only where
 * searches are long (Floor-tile's mirror halves its h* search) or many
 * (Swap's 52 successor checks fall into a few orbits).  So a question gets
 * them once its checks have taken this much CPU: at most about twice the
 * time a question that never needed them would have taken. */
static const double STRUCTURAL_AFTER_SECONDS = 0.04;

/* The symmetries the question's searches share: interchangeable objects,
 * and the task's structural symmetries once the question has proved
 * costly; NULL when out of memory (the searches then run without). */
static const pl_symmetry *question_symmetry(acp_question_cache *c)
{
    if (pl_relaxed_add_symmetry(c->relaxed) != 0)
        return NULL;
    if (!c->has_structural && acp_thread_cpu_seconds() - c->cpu_start > STRUCTURAL_AFTER_SECONDS) {
        c->has_structural = true;
        if (pl_symmetry_add_structural(c->relaxed->symmetry, c->lt.task) == 0 && c->orbit_rep) {
            /* orbits found so far stay right but coarser: find them again */
            for (int a = 0; a < c->lt.task->nactions; a++)
                c->orbit_rep[a] = -1;
            c->norbits = 0;
        }
    }
    return c->relaxed->symmetry;
}

/* Pattern databases cost a few hundred thousand abstract states' worth of
 * work (0.02-0.04 s on Floor-tile and Ferry) and pay off on long A*
 * searches whose LM-cut values stay far below h* (Floor-tile: 15 where h*
 * is 25; with them that search expands half the states).  So a question
 * gets them with the structural symmetries, once its A* for h* of the
 * question state runs past STRUCTURAL_AFTER_SECONDS (or the question has
 * cost that much before), and the later searches towards its goal share
 * them. */
static const pl_pdb_limits PDB_LIMITS = {60000, 600000};
/* Their groups come from h^2 mutexes, quadratic in the atoms: on the larger
 * tasks (Alfred: 1,750 atoms, 0.15 s) they cost more than they save. */
enum { PDB_MAX_ATOMS = 512 };

/* Does LM-cut say more than twice what the databases say of the question
 * state?  Then they rarely beat it on the states a search meets (Ferry: 15
 * against 43, Grid: 5 against 10; Floor-tile: 10 against 15) and only cost
 * their lookups. */
static bool lmcut_far_above(const acp_question_cache *c, const pl_pdbs *p)
{
    const pl_task *t = c->lt.task;
    int *goal = malloc(((size_t)t->natoms + 1) * sizeof *goal);
    pl_heuristic *lmcut = goal ? pl_heuristic_new(c->relaxed, PL_H_LMCUT, goal,
                                                  pl_cond_required_atoms(t, t->goal, goal), NULL)
                               : NULL;
    int h = lmcut ? pl_heuristic_eval(lmcut, t->init) : 0, hp = pl_pdbs_eval(p, t->init);
    pl_heuristic_free(lmcut);
    free(goal);
    return hp != PL_H_INF && h != PL_H_INF && (long long)2 * hp <= h;
}

/* The h^2 dead-end test (mutex.h) comes with the databases, for the same
 * searches and the same task sizes; the searches stop asking it where it
 * finds too few dead ends (search.h). */
static void add_dead_ends(acp_question_cache *c)
{
    const pl_task *t = c->lt.task;
    int *goal = malloc(((size_t)t->natoms + 1) * sizeof *goal);
    if (goal)
        c->relaxed->dead_ends = pl_h2_new(t, NULL, goal, pl_cond_required_atoms(t, t->goal, goal));
    free(goal);
}

static void add_pdbs(acp_question_cache *c)
{
    if (!c->has_pdbs && c->lt.task->natoms <= PDB_MAX_ATOMS && acp_cache_mutexes(c) == 0) {
        pl_pdbs *p = pl_pdbs_new(c->lt.task, c->relaxed, c->relaxed->mutexes, &PDB_LIMITS);
        if (p && lmcut_far_above(c, p))
            pl_pdbs_free(p);
        else
            c->relaxed->pdbs = p;
        add_dead_ends(c);
    }
    c->has_pdbs = true;
}

const pl_pdbs *acp_cache_pdbs(acp_question_cache *c)
{
    return c->relaxed->pdbs;
}

pl_answer acp_cache_hstar(acp_question_cache *c, const pl_limits *lim, long long *hstar)
{
    /* A limit hit under a shorter time limit (the official checks') is tried again with a longer one. */
    if (!c->has_hstar || (c->hstar_known == PL_UNKNOWN && lim->max_seconds > c->hstar_seconds)) {
        question_symmetry(c);
        /* a search still running after the first slice goes on with the structural symmetries and the databases */
        bool sliced = !c->has_structural && (lim->max_seconds <= 0 || lim->max_seconds > STRUCTURAL_AFTER_SECONDS);
        pl_limits first = *lim;
        if (sliced)
            first.max_seconds = STRUCTURAL_AFTER_SECONDS;
        else if (c->has_structural)
            add_pdbs(c);
        pl_hcache *cache = acp_cache_hcache(c);
        c->hstar_known = pl_optimal_cost_shared(c->lt.task, c->relaxed, c->lt.task->init, &first, &c->hstar, cache);
        if (c->hstar_known == PL_UNKNOWN && sliced) {
            question_symmetry(c); /* adds them (out of memory: the search goes on without) */
            add_pdbs(c);
            c->hstar_known = pl_optimal_cost_shared(c->lt.task, c->relaxed, c->lt.task->init, lim, &c->hstar, cache);
        }
        c->has_hstar = true;
        c->hstar_seconds = lim->max_seconds;
        c->init_solvable |= c->hstar_known == PL_YES;
    }
    *hstar = c->hstar;
    return c->hstar_known;
}

/* The successor of the question state by `action` (free() it); NULL when
 * out of memory. */
static uint64_t *successor(const acp_question_cache *c, int action)
{
    uint64_t *next = pl_state_new(c->lt.task);
    if (next)
        pl_task_apply(c->lt.task, action, c->lt.task->init, next);
    return next;
}

bool acp_cache_dead_successor(acp_question_cache *c, int action)
{
    uint64_t *next = successor(c, action);
    bool dead = next && pl_relaxed_dead_end(c->lt.task, c->relaxed, next) == 1;
    free(next);
    return dead;
}

bool acp_cache_noop_successor(acp_question_cache *c, int action)
{
    uint64_t *next = successor(c, action);
    bool same = next && pl_state_equal(next, c->lt.task->init, c->lt.task->words);
    free(next);
    return same;
}

static bool has_next_action_table(acp_question_cache *c)
{
    if (!c->next_action && (c->next_action = malloc((size_t)c->lt.task->nactions + 1)))
        memset(c->next_action, -1, (size_t)c->lt.task->nactions + 1);
    return c->next_action != NULL;
}

void acp_cache_record_next_action(acp_question_cache *c, int action, pl_answer a)
{
    if (has_next_action_table(c))
        c->next_action[action] = (signed char)a;
}

pl_answer acp_cache_next_action(acp_question_cache *c, int action, const pl_limits *lim, long long *hstar)
{
    const pl_task *t = c->lt.task;
    if (!has_next_action_table(c))
        return PL_UNKNOWN;
    int rep = acp_cache_orbit_action(c, action);
    /* A dead end is on no plan: no h* of the question state needed (floor-tile's wrong paint jobs). */
    if (c->next_action[rep] < 0 && pl_task_applicable(t, rep, t->init) && acp_cache_dead_successor(c, rep))
        c->next_action[rep] = PL_NO;
    /* A no-op with a cost leaves h* as it is, so it is one step closer to nothing. */
    if (c->next_action[rep] < 0 && c->relaxed->action_cost[rep] > 0 && pl_task_applicable(t, rep, t->init)
        && acp_cache_noop_successor(c, rep))
        c->next_action[rep] = PL_NO;
    if (c->next_action[rep] >= 0) {
        *hstar = c->has_hstar && c->hstar_known == PL_YES ? c->hstar : -1;
        return (pl_answer)c->next_action[rep];
    }
    if (acp_cache_hstar(c, lim, hstar) != PL_YES)
        return PL_UNKNOWN;
    c->next_action[rep] =
        (signed char)pl_is_next_action_shared(t, c->relaxed, t->init, rep, *hstar, lim, acp_cache_hcache(c));
    return (pl_answer)c->next_action[rep];
}

pl_hcache *acp_cache_hcache(acp_question_cache *c)
{
    if (!c->hcache)
        c->hcache = pl_hcache_new(c->lt.task->words); /* NULL: the searches run without */
    return c->hcache;
}

/* Records the representative `canon` of action's successor as a new orbit. */
static void add_orbit(acp_question_cache *c, const uint64_t *canon, int action)
{
    size_t words = (size_t)c->lt.task->words;
    if (c->norbits == c->cap_orbits) {
        int cap = c->cap_orbits ? 2 * c->cap_orbits : 16;
        uint64_t *states = realloc(c->orbit_states, (size_t)cap * words * sizeof *states);
        if (states)
            c->orbit_states = states;
        int *actions = realloc(c->orbit_actions, (size_t)cap * sizeof *actions);
        if (actions)
            c->orbit_actions = actions;
        if (!states || !actions)
            return; /* only a cache */
        c->cap_orbits = cap;
    }
    memcpy(c->orbit_states + (size_t)c->norbits * words, canon, words * sizeof *canon);
    c->orbit_actions[c->norbits++] = action;
}

int acp_cache_orbit_action(acp_question_cache *c, int action)
{
    const pl_task *t = c->lt.task;
    if (!c->orbit_rep) {
        c->orbit_rep = malloc(((size_t)t->nactions + 1) * sizeof *c->orbit_rep);
        if (!c->orbit_rep)
            return action;
        for (int a = 0; a < t->nactions; a++)
            c->orbit_rep[a] = -1;
    }
    if (c->orbit_rep[action] >= 0)
        return c->orbit_rep[action];
    int rep = action;
    const pl_symmetry *sym = question_symmetry(c);
    uint64_t *next = sym && !pl_symmetry_trivial(sym) ? pl_state_new(t) : NULL;
    uint64_t *canon = next ? pl_state_new(t) : NULL, *scratch = canon ? pl_symmetry_scratch_new(sym) : NULL;
    if (scratch) {
        pl_task_apply(t, action, t->init, next);
        pl_symmetry_canonical(sym, next, canon, scratch);
        size_t bytes = (size_t)t->words * sizeof *canon;
        int k = 0;
        /* the same state by an action of another cost is another next-action question */
        int *cost = c->relaxed->action_cost;
        while (k < c->norbits && (memcmp(c->orbit_states + (size_t)k * (size_t)t->words, canon, bytes)
                                  || cost[c->orbit_actions[k]] != cost[action]))
            k++;
        if (k < c->norbits)
            rep = c->orbit_actions[k];
        else
            add_orbit(c, canon, action);
    }
    free(next);
    free(canon);
    free(scratch);
    c->orbit_rep[action] = rep;
    return rep;
}

void pl_acp_grader_forget(pl_acp_grader *g, const pl_acp_question *q)
{
    if (!g->cap)
        return;
    acp_question_cache *c = find_slot(g->caches, g->cap, q);
    if (!c->q)
        return;
    cache_clear(c);
    memset(c, 0, sizeof *c);
    /* Re-insert the run after the emptied slot so probing still finds it. */
    for (size_t i = (size_t)(c - g->caches + 1) & (size_t)(g->cap - 1); g->caches[i].q;
         i = (i + 1) & (size_t)(g->cap - 1)) {
        acp_question_cache moved = g->caches[i];
        memset(&g->caches[i], 0, sizeof moved);
        *find_slot(g->caches, g->cap, moved.q) = moved;
    }
    g->used--;
}
