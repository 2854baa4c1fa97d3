/* Reachability, landmarks, optimal cost and next-action tests. */
#include <stdlib.h>
#include <string.h>

#include "search/mutex.h"
#include "search/reach.h"

const char *pl_answer_name(pl_answer a)
{
    return a == PL_YES ? "yes" : a == PL_NO ? "no" : "unknown";
}

static void apply_limits(pl_search_params *p, const pl_limits *l)
{
    if (!l)
        return;
    p->max_expansions = l->max_expansions;
    p->max_seconds = l->max_seconds;
    p->max_states = l->max_states;
}

static pl_answer answer_of(pl_search_status s, pl_answer solved, pl_answer unsolvable)
{
    return s == PL_SEARCH_SOLVED ? solved : s == PL_SEARCH_UNSOLVABLE ? unsolvable : PL_UNKNOWN;
}

/* True when the h^2 table (computed for the initial state) proves that the
 * atoms can never hold together from `state`. */
static bool mutex_proof(const pl_relaxed *r, const uint64_t *state, const int *atoms, int n)
{
    const pl_task *t = r->task;
    if (!r->mutexes || memcmp(state, t->init, (size_t)t->words * sizeof *state))
        return false;
    return !pl_mutexes_allow(r->mutexes, atoms, n);
}

/* Greedy search with h_FF: its dead ends are relaxed-unreachable, so pruning
 * them keeps "exhausted" a proof.  Lazy: a child is ranked by its parent's
 * estimate until taken, so a search that finds its goal early does not
 * evaluate the children it never takes (the landmark checks of the
 * ACPBench-Hard test load: 0.34 -> 0.30 s). */
static pl_search_params existence_search(const uint64_t *state, const pl_limits *limits)
{
    pl_search_params p = pl_search_defaults();
    p.heuristic = PL_H_FF;
    p.greedy = true;
    p.deferred_evaluation = true;
    p.init = state;
    apply_limits(&p, limits);
    return p;
}

/* Runs the search and maps its outcome; `kept` (may be NULL) receives the
 * result, which is freed otherwise. */
static pl_answer decide(const pl_task *t, const pl_relaxed *r, const pl_search_params *p, pl_answer solved,
                        pl_answer unsolvable, pl_search_result *kept)
{
    pl_search_result res;
    pl_answer a = answer_of(pl_search(t, r, p, &res), solved, unsolvable);
    if (kept)
        *kept = res;
    else
        pl_search_result_clear(&res);
    return a;
}

int pl_relaxed_reachable(const pl_relaxed *r, const uint64_t *state, bool *out_atoms, bool *out_actions)
{
    const pl_task *t = r->task;
    int *unsat = malloc(((size_t)r->nops + 1) * sizeof *unsat);
    int *queue = malloc(((size_t)t->natoms + 1) * sizeof *queue);
    if (!unsat || !queue) {
        free(unsat);
        free(queue);
        return -1;
    }
    int head = 0, tail = 0;
    memset(out_atoms, 0, (size_t)t->natoms * sizeof *out_atoms);
    for (int a = 0; a < t->natoms; a++)
        if (pl_state_has(state, a)) {
            out_atoms[a] = true;
            queue[tail++] = a;
        }
    for (int o = 0; o < r->nops; o++)
        unsat[o] = r->ops[o].npre;
    /* Operators without preconditions fire at once. */
    for (int i = 0; i < r->nno_pre; i++) {
        const pl_relaxed_op *op = &r->ops[r->no_pre_ops[i]];
        for (int k = 0; k < op->neff; k++)
            if (!out_atoms[op->eff[k]]) {
                out_atoms[op->eff[k]] = true;
                queue[tail++] = op->eff[k];
            }
    }
    while (head < tail) {
        int p = queue[head++];
        for (int i = 0; i < r->npre_of[p]; i++) {
            int o = r->pre_of[p][i];
            if (--unsat[o] != 0)
                continue;
            for (int k = 0; k < r->ops[o].neff; k++) {
                int e = r->ops[o].eff[k];
                if (!out_atoms[e]) {
                    out_atoms[e] = true;
                    queue[tail++] = e;
                }
            }
        }
    }
    if (out_actions) {
        int *req = queue; /* reuse as scratch: natoms ints suffice */
        for (int a = 0; a < t->nactions; a++) {
            const pl_gaction *ga = &t->actions[a];
            bool ok = true;
            for (int i = 0; i < ga->npre_pos && ok; i++)
                ok = out_atoms[ga->pre_pos[i]];
            int n = pl_cond_required_atoms(t, ga->pre, req);
            for (int i = 0; i < n && ok; i++)
                ok = out_atoms[req[i]];
            out_actions[a] = ok;
        }
    }
    free(unsat);
    free(queue);
    return 0;
}

int pl_relaxed_dead_end(const pl_task *t, const pl_relaxed *r, const uint64_t *state)
{
    bool *reached = malloc((size_t)t->natoms + 1);
    int *goal = malloc(((size_t)t->natoms + 1) * sizeof *goal);
    int dead = -1;
    if (reached && goal && pl_relaxed_reachable(r, state, reached, NULL) == 0) {
        int n = pl_cond_required_atoms(t, t->goal, goal);
        dead = 0;
        for (int i = 0; i < n && !dead; i++)
            dead = !reached[goal[i]];
    }
    free(reached);
    free(goal);
    return dead;
}

pl_answer pl_atoms_reachable(const pl_task *t, const pl_relaxed *r, const uint64_t *state, const int *atoms, int n,
                             const pl_limits *limits)
{
    bool all = true;
    for (int i = 0; i < n && all; i++)
        all = pl_state_has(state, atoms[i]);
    if (all)
        return PL_YES;
    if (mutex_proof(r, state, atoms, n))
        return PL_NO;
    pl_search_params p = existence_search(state, limits);
    p.goal_atoms = atoms;
    p.ngoal_atoms = n;
    return decide(t, r, &p, PL_YES, PL_NO, NULL);
}

pl_answer pl_atom_reachable(const pl_task *t, const pl_relaxed *r, const uint64_t *state, int atom,
                            const pl_limits *limits)
{
    return pl_atoms_reachable(t, r, state, &atom, 1, limits);
}

pl_answer pl_action_reachable(const pl_task *t, const pl_relaxed *r, const uint64_t *state, int action,
                              const pl_limits *limits)
{
    if (pl_task_applicable(t, action, state))
        return PL_YES;
    const pl_gaction *ga = &t->actions[action];
    int *req = malloc(((size_t)ga->npre_pos + (size_t)t->natoms + 1) * sizeof *req);
    if (req) {
        int n = 0;
        for (int i = 0; i < ga->npre_pos; i++)
            req[n++] = ga->pre_pos[i];
        n += pl_cond_required_atoms(t, ga->pre, req + n);
        bool proof = mutex_proof(r, state, req, n);
        free(req);
        if (proof)
            return PL_NO;
    }
    pl_search_params p = existence_search(state, limits);
    if (ga->pre != PL_GF_TRUE) {
        p.use_goal_cond = true;
        p.goal_cond = ga->pre;
    } else {
        static const int none = -1;
        p.goal_atoms = ga->npre_pos ? ga->pre_pos : &none;
        p.ngoal_atoms = ga->npre_pos;
        p.goal_neg = ga->pre_neg;
        p.ngoal_neg = ga->npre_neg;
    }
    return decide(t, r, &p, PL_YES, PL_NO, NULL);
}

/* True when h^2 from `state` without the `disabled` actions proves the
 * goal unreachable (a goal atom, or a pair of them, that can never hold). */
static bool goal_mutex_without(const pl_task *t, const uint64_t *state, const bool *disabled)
{
    int *goal = malloc(((size_t)t->natoms + 1) * sizeof *goal);
    pl_mutexes *m = goal ? pl_mutexes_new_without(t, state, disabled) : NULL;
    bool proof = m && !pl_mutexes_allow(m, goal, pl_cond_required_atoms(t, t->goal, goal));
    pl_mutexes_free(m);
    free(goal);
    return proof;
}

pl_answer pl_is_landmark(const pl_task *t, const pl_relaxed *r, const uint64_t *state, int atom,
                         const pl_limits *limits, pl_search_result *witness)
{
    if (witness)
        memset(witness, 0, sizeof *witness);
    if (pl_state_has(state, atom))
        return PL_YES;
    bool *disabled = calloc((size_t)t->nactions + 1, sizeof *disabled);
    if (!disabled)
        return PL_UNKNOWN;
    for (int a = 0; a < t->nactions; a++)
        for (int i = 0; i < t->actions[a].neffs; i++) {
            const pl_geffect *e = &t->actions[a].effs[i];
            if (!e->add || e->atom != atom)
                continue;
            if (e->cond != PL_GF_TRUE) {
                free(disabled);
                return PL_UNKNOWN; /* "never achieved" is not a plain action removal */
            }
            disabled[a] = true;
        }
    /* A short search first (most atoms are avoided by the first plans
     * tried, or relaxed-unreachable without their achievers), then the h^2
     * proof (its table costs atoms^2 per pass), then the whole search. */
    enum { SHORT = 1000 }; /* expansions */
    pl_search_params p = existence_search(state, limits);
    p.disabled = disabled;
    long max_expansions = p.max_expansions;
    if (!max_expansions || max_expansions > SHORT)
        p.max_expansions = SHORT;
    pl_search_result res;
    pl_answer a = decide(t, r, &p, PL_NO, PL_YES, &res);
    if (a == PL_UNKNOWN && goal_mutex_without(t, state, disabled)) {
        a = PL_YES;
        res.status = PL_SEARCH_UNSOLVABLE;
        res.limit = NULL;
    }
    if (a == PL_UNKNOWN && p.max_expansions != max_expansions) {
        pl_search_result_clear(&res);
        p.max_expansions = max_expansions;
        /* The long search is mostly a proof that no plan avoids the atom:
         * it meets every state, and evaluating each child at once keeps
         * the dead ones out of the open list (Floor-tile's landmark
         * question: 0.05 s this way, 0.23 s lazily). */
        p.deferred_evaluation = false;
        a = decide(t, r, &p, PL_NO, PL_YES, &res);
    }
    if (witness)
        *witness = res;
    else
        pl_search_result_clear(&res);
    free(disabled);
    return a;
}

/* Records a plan from the checker's state (taking ownership of steps) and
 * makes it the witness of every undecided atom it never makes true.
 * Returns -1 on out of memory (the plan is freed). */
static int add_witness_plan(pl_landmark_checker *c, int *steps, int length)
{
    const pl_task *t = c->t;
    if (c->nplans == c->cap_plans) {
        int cap = c->cap_plans ? 2 * c->cap_plans : 8;
        pl_witness_plan *plans = realloc(c->plans, (size_t)cap * sizeof *plans);
        if (!plans) {
            free(steps);
            return -1;
        }
        c->plans = plans;
        c->cap_plans = cap;
    }
    uint64_t *s = pl_state_clone(t, c->state), *next = pl_state_new(t), *touched = pl_state_clone(t, c->state);
    if (!s || !next || !touched) {
        free(s);
        free(next);
        free(touched);
        free(steps);
        return -1;
    }
    for (int i = 0; i < length; i++) {
        pl_task_apply(t, steps[i], s, next);
        memcpy(s, next, (size_t)t->words * sizeof *s);
        for (int w = 0; w < t->words; w++)
            touched[w] |= s[w];
    }
    int idx = c->nplans++;
    c->plans[idx] = (pl_witness_plan){steps, length};
    for (int a = 0; a < t->natoms; a++)
        if (c->witness[a] < 0 && !pl_state_has(touched, a))
            c->witness[a] = idx;
    free(s);
    free(next);
    free(touched);
    return 0;
}

int pl_landmark_checker_init(pl_landmark_checker *c, const pl_task *t, const pl_relaxed *r, const uint64_t *state,
                             const pl_limits *limits)
{
    memset(c, 0, sizeof *c);
    c->t = t;
    c->r = r;
    if (limits)
        c->limits = *limits;
    c->state = pl_state_clone(t, state);
    c->witness = malloc(((size_t)t->natoms + 1) * sizeof *c->witness);
    c->proven = calloc((size_t)t->natoms + 1, sizeof *c->proven);
    if (!c->state || !c->witness || !c->proven) {
        pl_landmark_checker_free(c);
        return -1;
    }
    for (int a = 0; a < t->natoms; a++)
        c->witness[a] = -1;
    pl_search_params p = existence_search(state, limits);
    pl_search_result res;
    c->solvable = decide(t, r, &p, PL_YES, PL_NO, &res);
    int rc = 0;
    if (c->solvable == PL_YES) {
        rc = add_witness_plan(c, res.plan, res.plan_length);
        res.plan = NULL;
    }
    pl_search_result_clear(&res);
    if (rc < 0)
        pl_landmark_checker_free(c);
    return rc;
}

static void copy_witness(const pl_witness_plan *w, pl_search_result *out)
{
    memset(out, 0, sizeof *out);
    out->status = PL_SEARCH_SOLVED;
    out->plan = malloc(((size_t)w->length + 1) * sizeof *out->plan);
    if (out->plan) {
        memcpy(out->plan, w->steps, (size_t)w->length * sizeof *w->steps);
        out->plan_length = w->length;
    }
}

pl_answer pl_landmark_checker_test(pl_landmark_checker *c, int atom, pl_search_result *witness)
{
    if (c->witness[atom] >= 0) {
        if (witness)
            copy_witness(&c->plans[c->witness[atom]], witness);
        return PL_NO;
    }
    if (c->proven[atom]) {
        if (witness) {
            memset(witness, 0, sizeof *witness);
            witness->status = PL_SEARCH_UNSOLVABLE;
        }
        return PL_YES;
    }
    pl_search_result res;
    pl_answer a = pl_is_landmark(c->t, c->r, c->state, atom, &c->limits, &res);
    c->proven[atom] = a == PL_YES;
    if (a == PL_NO && res.plan) {
        int *steps = malloc(((size_t)res.plan_length + 1) * sizeof *steps);
        if (steps) {
            memcpy(steps, res.plan, (size_t)res.plan_length * sizeof *steps);
            add_witness_plan(c, steps, res.plan_length); /* only a cache: out of memory costs speed */
        }
    }
    if (witness)
        *witness = res;
    else
        pl_search_result_clear(&res);
    return a;
}

void pl_landmark_checker_free(pl_landmark_checker *c)
{
    for (int i = 0; i < c->nplans; i++)
        free(c->plans[i].steps);
    free(c->plans);
    free(c->state);
    free(c->witness);
    free(c->proven);
    memset(c, 0, sizeof *c);
}

static pl_answer optimal_cost(const pl_task *t, const pl_relaxed *r, const uint64_t *state, const pl_limits *limits,
                              long long *cost, pl_search_result *plan, pl_hcache *cache)
{
    pl_search_params p = pl_search_defaults();
    p.init = state;
    p.symmetry = plan ? NULL : r->symmetry; /* an orbit search finds the cost, not the plan */
    p.deferred_evaluation = !plan;
    p.hcache = cache;
    p.pdbs = r->pdbs;
    p.dead_ends = r->dead_ends;
    apply_limits(&p, limits);
    pl_search_result res;
    pl_answer a = decide(t, r, &p, PL_YES, PL_NO, &res);
    if (a == PL_YES)
        *cost = res.cost;
    if (plan)
        *plan = res;
    else
        pl_search_result_clear(&res);
    return a;
}

pl_answer pl_optimal_cost(const pl_task *t, const pl_relaxed *r, const uint64_t *state, const pl_limits *limits,
                          long long *cost, pl_search_result *plan)
{
    return optimal_cost(t, r, state, limits, cost, plan, NULL);
}

pl_answer pl_optimal_cost_shared(const pl_task *t, const pl_relaxed *r, const uint64_t *state,
                                 const pl_limits *limits, long long *cost, pl_hcache *cache)
{
    return optimal_cost(t, r, state, limits, cost, NULL, cache);
}

pl_answer pl_is_next_action_shared(const pl_task *t, const pl_relaxed *r, const uint64_t *state, int action,
                                   long long hstar, const pl_limits *limits, pl_hcache *cache)
{
    if (!pl_task_applicable(t, action, state))
        return PL_NO;
    if (hstar < 0) {
        pl_answer a = optimal_cost(t, r, state, limits, &hstar, NULL, cache);
        if (a != PL_YES)
            return a == PL_NO ? PL_NO : PL_UNKNOWN;
    }
    long long remaining = hstar - r->action_cost[action];
    if (remaining < 0)
        return PL_NO;
    uint64_t *next = pl_state_new(t);
    if (!next)
        return PL_UNKNOWN;
    pl_task_apply(t, action, state, next);
    /* h*(next) >= remaining always; a plan within the bound proves equality. */
    pl_search_params p = pl_search_defaults();
    p.init = next;
    p.cost_bound = remaining;
    p.symmetry = r->symmetry;
    p.deferred_evaluation = true;
    p.hcache = cache;
    p.pdbs = r->pdbs;
    p.dead_ends = r->dead_ends;
    apply_limits(&p, limits);
    pl_answer a = decide(t, r, &p, PL_YES, PL_NO, NULL);
    free(next);
    return a;
}

pl_answer pl_is_next_action(const pl_task *t, const pl_relaxed *r, const uint64_t *state, int action,
                            long long hstar, const pl_limits *limits)
{
    return pl_is_next_action_shared(t, r, state, action, hstar, limits, NULL);
}
