#include "search/mutex.h"

#include <stdlib.h>
#include <string.h>

#include "search/heuristic.h"

bool pl_mutexes_allow(const pl_mutexes *m, const int *atoms, int n)
{
    for (int i = 0; i < n; i++)
        for (int j = i; j < n; j++)
            if (!pl_mutex_pair_reachable(m, atoms[i], atoms[j]))
                return false;
    return true;
}

void pl_mutexes_free(pl_mutexes *m)
{
    if (!m)
        return;
    free(m->rows);
    free(m);
}

struct pl_h2 {
    int nops, words;
    /* op o: positive preconditions pre[pre_start[o] .. pre_start[o + 1]),
     * adds and (unconditional) deletes likewise */
    int *pre_start, *pre, *add_start, *add, *del_start, *del;
    int *goal, ngoal;
    pl_mutexes table;
    uint64_t *reach;  /* the table's diagonal: atoms reachable alone */
    uint64_t *compat; /* scratch row */
    /* Semi-naive sweeps: an action runs again only when a row of its
     * preconditions (or, without preconditions, `reach`) changed after its
     * last run. */
    long tick, reach_tick;
    long *row_tick, *op_tick;
    bool *on; /* per action: found enabled (it stays so within a run) */
    long tests, dead;
};

static uint64_t *row_of(pl_h2 *h, int a)
{
    return h->table.rows + (size_t)a * (size_t)h->words;
}

/* Lists each action's positive preconditions (those its condition
 * requires too), adds and unconditional deletes; -1 on out of memory. */
static int compile_ops(pl_h2 *h, const pl_task *t, const bool *disabled)
{
    size_t neff = 0, cap_pre = (size_t)t->natoms + 1;
    for (int a = 0; a < t->nactions; a++)
        neff += (size_t)t->actions[a].neffs;
    h->pre_start = malloc(((size_t)t->nactions + 1) * sizeof *h->pre_start);
    h->add_start = malloc(((size_t)t->nactions + 1) * sizeof *h->add_start);
    h->del_start = malloc(((size_t)t->nactions + 1) * sizeof *h->del_start);
    h->pre = malloc(cap_pre * sizeof *h->pre);
    h->add = malloc((neff + 1) * sizeof *h->add);
    h->del = malloc((neff + 1) * sizeof *h->del);
    if (!h->pre_start || !h->add_start || !h->del_start || !h->pre || !h->add || !h->del)
        return -1;
    size_t np = 0;
    int na = 0, nd = 0;
    h->nops = 0;
    for (int a = 0; a < t->nactions; a++) {
        if (disabled && disabled[a])
            continue;
        const pl_gaction *ga = &t->actions[a];
        /* room for every atom the condition could require */
        size_t need = np + (size_t)ga->npre_pos + (size_t)t->natoms + 1;
        if (need > cap_pre) {
            size_t cap = 2 * cap_pre > need ? 2 * cap_pre : need;
            int *pre = realloc(h->pre, cap * sizeof *pre);
            if (!pre)
                return -1;
            h->pre = pre;
            cap_pre = cap;
        }
        h->pre_start[h->nops] = (int)np;
        h->add_start[h->nops] = na;
        h->del_start[h->nops] = nd;
        for (int i = 0; i < ga->npre_pos; i++)
            h->pre[np++] = ga->pre_pos[i];
        np += (size_t)pl_cond_required_atoms(t, ga->pre, h->pre + np);
        for (int i = 0; i < ga->neffs; i++) {
            const pl_geffect *e = &ga->effs[i];
            if (e->add)
                h->add[na++] = e->atom;
            else if (e->cond == PL_GF_TRUE)
                h->del[nd++] = e->atom;
        }
        h->nops++;
    }
    h->pre_start[h->nops] = (int)np;
    h->add_start[h->nops] = na;
    h->del_start[h->nops] = nd;
    return 0;
}

pl_h2 *pl_h2_new(const pl_task *t, const bool *disabled, const int *goal, int ngoal)
{
    pl_h2 *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    int n = t->natoms, w = t->words;
    h->words = w;
    h->table.natoms = n;
    h->table.words = w;
    h->table.rows = malloc(((size_t)n * (size_t)w + 1) * sizeof *h->table.rows);
    h->reach = malloc(((size_t)w + 1) * sizeof *h->reach);
    h->compat = malloc(((size_t)w + 1) * sizeof *h->compat);
    h->row_tick = malloc(((size_t)n + 1) * sizeof *h->row_tick);
    h->op_tick = malloc(((size_t)t->nactions + 1) * sizeof *h->op_tick);
    h->on = malloc((size_t)t->nactions + 1);
    h->goal = malloc(((size_t)ngoal + 1) * sizeof *h->goal);
    if (!h->table.rows || !h->reach || !h->compat || !h->row_tick || !h->op_tick || !h->on || !h->goal
        || compile_ops(h, t, disabled) < 0) {
        pl_h2_free(h);
        return NULL;
    }
    if (ngoal > 0)
        memcpy(h->goal, goal, (size_t)ngoal * sizeof *goal);
    h->ngoal = ngoal;
    return h;
}

void pl_h2_free(pl_h2 *h)
{
    if (!h)
        return;
    free(h->pre_start);
    free(h->pre);
    free(h->add_start);
    free(h->add);
    free(h->del_start);
    free(h->del);
    free(h->goal);
    free(h->table.rows);
    free(h->reach);
    free(h->compat);
    free(h->row_tick);
    free(h->op_tick);
    free(h->on);
    free(h);
}

/* Sets the pairs {a, c} for every c in `with` (a's row and, by symmetry,
 * each c's); true when one was new. */
static bool set_pairs(pl_h2 *h, int a, const uint64_t *with)
{
    uint64_t *ra = row_of(h, a);
    bool changed = false;
    for (int k = 0; k < h->words; k++) {
        uint64_t diff = with[k] & ~ra[k];
        if (!diff)
            continue;
        ra[k] |= diff;
        changed = true;
        while (diff) {
            int c = k * 64 + __builtin_ctzll(diff);
            diff &= diff - 1;
            pl_state_set(row_of(h, c), a, true);
            h->row_tick[c] = h->tick;
        }
    }
    if (changed)
        h->row_tick[a] = h->tick;
    return changed;
}

/* Every pair among op o's preconditions (each alone included) reachable? */
static bool enabled(const pl_h2 *h, int o)
{
    return pl_mutexes_allow(&h->table, h->pre + h->pre_start[o], h->pre_start[o + 1] - h->pre_start[o]);
}

static bool inputs_changed(const pl_h2 *h, int o)
{
    if (h->pre_start[o] == h->pre_start[o + 1])
        return h->reach_tick > h->op_tick[o];
    for (int i = h->pre_start[o]; i < h->pre_start[o + 1]; i++)
        if (h->row_tick[h->pre[i]] > h->op_tick[o])
            return true;
    return false;
}

/* One run of action o: its adds hold together, and each with every atom
 * the action keeps that can hold with all of its preconditions.  A pair
 * {c, p} is only ever set when c and p are reachable, so the atoms that
 * can hold with a precondition are reachable. */
static bool run_op(pl_h2 *h, int o)
{
    int w = h->words;
    uint64_t *compat = h->compat;
    if (h->pre_start[o] == h->pre_start[o + 1]) {
        memcpy(compat, h->reach, (size_t)w * sizeof *compat);
    } else {
        memcpy(compat, row_of(h, h->pre[h->pre_start[o]]), (size_t)w * sizeof *compat);
        for (int i = h->pre_start[o] + 1; i < h->pre_start[o + 1]; i++) {
            const uint64_t *r = row_of(h, h->pre[i]);
            for (int k = 0; k < w; k++)
                compat[k] &= r[k];
        }
    }
    for (int i = h->del_start[o]; i < h->del_start[o + 1]; i++)
        pl_state_set(compat, h->del[i], false);
    /* the adds keep company with each other (and each with itself) */
    for (int i = h->add_start[o]; i < h->add_start[o + 1]; i++)
        pl_state_set(compat, h->add[i], true);
    bool changed = false;
    for (int i = h->add_start[o]; i < h->add_start[o + 1]; i++) {
        int a = h->add[i];
        if (!pl_state_has(h->reach, a)) {
            pl_state_set(h->reach, a, true);
            h->reach_tick = h->tick;
        }
        changed |= set_pairs(h, a, compat);
    }
    return changed;
}

/* Fills the table from `state` to its fixpoint, or (stop_at_goal) until
 * every goal pair is reachable; returns whether they are. */
static bool compute(pl_h2 *h, const uint64_t *state, bool stop_at_goal)
{
    int n = h->table.natoms, w = h->words;
    memset(h->table.rows, 0, (size_t)n * (size_t)w * sizeof *h->table.rows);
    memcpy(h->reach, state, (size_t)w * sizeof *h->reach);
    for (int a = 0; a < n; a++)
        if (pl_state_has(state, a))
            memcpy(row_of(h, a), state, (size_t)w * sizeof *state);
    h->tick = 1;
    h->reach_tick = 1;
    for (int a = 0; a < n; a++)
        h->row_tick[a] = 1;
    memset(h->op_tick, 0, (size_t)h->nops * sizeof *h->op_tick);
    memset(h->on, 0, (size_t)h->nops);
    bool changed = true;
    while (changed) {
        if (stop_at_goal && pl_mutexes_allow(&h->table, h->goal, h->ngoal))
            return true;
        changed = false;
        for (int o = 0; o < h->nops; o++) {
            if (!inputs_changed(h, o) || !(h->on[o] || (h->on[o] = enabled(h, o))))
                continue;
            h->op_tick[o] = h->tick;
            h->tick++;
            changed |= run_op(h, o);
        }
    }
    return pl_mutexes_allow(&h->table, h->goal, h->ngoal);
}

bool pl_h2_dead_end(pl_h2 *h, const uint64_t *state)
{
    h->tests++;
    bool dead = !compute(h, state, true);
    h->dead += dead;
    return dead;
}

long pl_h2_tests(const pl_h2 *h)
{
    return h->tests;
}

long pl_h2_dead_ends(const pl_h2 *h)
{
    return h->dead;
}

pl_mutexes *pl_mutexes_new_without(const pl_task *t, const uint64_t *state, const bool *disabled)
{
    pl_mutexes *m = malloc(sizeof *m);
    pl_h2 *h = m ? pl_h2_new(t, disabled, NULL, 0) : NULL;
    if (!h) {
        free(m);
        return NULL;
    }
    compute(h, state, false);
    *m = h->table;
    h->table.rows = NULL;
    pl_h2_free(h);
    return m;
}

pl_mutexes *pl_mutexes_new(const pl_task *t, const uint64_t *state)
{
    return pl_mutexes_new_without(t, state, NULL);
}
