/* Pattern databases over mutex groups, added up by saturated cost
 * partitioning (pdb.h). */
#include <stdlib.h>
#include <string.h>

#include "base/heap.h"
#include "search/pdb.h"
#include "search/pdb_groups.h"

typedef struct {
    int nvars;
    int *group; /* per pattern variable: its group */
    int *slot;  /* per pattern variable: its group's place in pl_pdbs.used */
    int *dom;   /* group size + 1 ("none") */
    long *mult; /* mixed-radix place value */
    long nstates;
    int *dist;  /* goal distance per abstract state, PL_H_INF for none */
    bool dead_only; /* read for its dead ends only, outside the cost partitioning */
} pdb;

/* Groups the databases read, each read once per evaluation. */
enum { MAX_USED = 256 };

struct pl_pdbs {
    pl_pdb_groups groups;
    int n;
    pdb *dbs;
    long states;
    int used[MAX_USED];
    int nused;
};

/* ---- abstract operators ---- */

/* One action's effect on one pattern variable: next[value], -1 where the
 * action does not apply. */
typedef struct {
    int var;
    int *next;
} op_part;

typedef struct {
    int action;
    int cost;
    int first, count; /* parts[first .. first + count) */
} abs_op;

typedef struct {
    abs_op *ops;
    int nops;
    op_part *parts;
    int nparts;
    int *tables; /* the next[] arrays back to back */
} abs_ops;

static void abs_ops_free(abs_ops *o)
{
    free(o->ops);
    free(o->parts);
    free(o->tables);
}

static int value_of(const pl_pdb_groups *g, int group, int atom)
{
    for (int i = g->start[group]; i < g->start[group + 1]; i++)
        if (g->atoms[i] == atom)
            return i - g->start[group];
    return -1;
}

/* The abstract operators of the pattern: every action with an effect on a
 * pattern variable that can apply in some abstract state. */
static int build_ops(const pl_task *t, const pl_pdb_groups *g, const pdb *db, const int *cost, abs_ops *out)
{
    memset(out, 0, sizeof *out);
    long table_len = 0;
    for (int k = 0; k < db->nvars; k++)
        table_len += db->dom[k];
    out->ops = malloc(((size_t)t->nactions + 1) * sizeof *out->ops);
    out->parts = malloc(((size_t)t->nactions * (size_t)db->nvars + 1) * sizeof *out->parts);
    out->tables = malloc(((size_t)t->nactions * (size_t)table_len + 1) * sizeof *out->tables);
    if (!out->ops || !out->parts || !out->tables) {
        abs_ops_free(out);
        return -1;
    }
    int *table = out->tables;
    for (int a = 0; a < t->nactions; a++) {
        const pl_gaction *act = &t->actions[a];
        abs_op op = {a, cost[a], out->nparts, 0};
        bool applicable = true, effect = false;
        for (int k = 0; k < db->nvars && applicable; k++) {
            int grp = db->group[k], none = db->dom[k] - 1, pre = -1, add = -1;
            bool touched = false;
            for (int i = 0; i < act->npre_pos && applicable; i++) {
                int v = value_of(g, grp, act->pre_pos[i]);
                if (v >= 0) {
                    applicable = pre < 0 || pre == v;
                    pre = v;
                    touched = true;
                }
            }
            for (int i = 0; i < db->dom[k]; i++)
                table[i] = pre < 0 || pre == i ? i : -1;
            for (int e = 0; e < act->neffs && applicable; e++) {
                int v = value_of(g, grp, act->effs[e].atom);
                if (v < 0 || act->effs[e].add)
                    continue;
                for (int i = 0; i < db->dom[k]; i++)
                    if (table[i] == v)
                        table[i] = none;
            }
            for (int e = 0; e < act->neffs && applicable; e++) {
                int v = value_of(g, grp, act->effs[e].atom);
                if (v < 0 || !act->effs[e].add)
                    continue;
                applicable = add < 0 || add == v; /* two atoms of a group: never in a reachable state */
                add = v;
            }
            for (int i = 0; i < db->dom[k] && add >= 0; i++)
                if (table[i] >= 0)
                    table[i] = add;
            for (int i = 0; i < db->dom[k]; i++)
                if (table[i] >= 0 && table[i] != i)
                    effect = touched = true;
            if (touched) {
                out->parts[out->nparts++] = (op_part){k, table};
                op.count++;
                table += db->dom[k];
            }
        }
        if (applicable && effect) {
            out->ops[out->nops++] = op;
        } else { /* drop its parts */
            while (out->nparts > op.first) {
                out->nparts--;
                table -= db->dom[out->parts[out->nparts].var];
            }
        }
    }
    return 0;
}

/* ---- one database ---- */

typedef struct {
    int from, to, op;
} transition;

enum { MAX_WORK = 1 << 23 }; /* (abstract state, applicable operator) pairs per database */

static void pdb_free(pdb *db)
{
    free(db->group);
    free(db->slot);
    free(db->dom);
    free(db->mult);
    free(db->dist);
}

/* The least value v >= from of a variable with `dom` values that `next`
 * (NULL: every value) allows, or -1. */
static int allowed_from(const int *next, int dom, int from)
{
    for (int v = from; v < dom; v++)
        if (!next || next[v] >= 0)
            return v;
    return -1;
}

/* How many abstract states each operator applies in, summed: the work of
 * transitions_of. */
static double matches(const pdb *db, const abs_ops *ops)
{
    double sum = 0;
    for (int o = 0; o < ops->nops; o++) {
        double n = (double)db->nstates;
        for (int i = 0; i < ops->ops[o].count; i++) {
            const op_part *p = &ops->parts[ops->ops[o].first + i];
            int allowed = 0;
            for (int v = 0; v < db->dom[p->var]; v++)
                allowed += p->next[v] >= 0;
            n = n / db->dom[p->var] * allowed;
        }
        sum += n;
    }
    return sum;
}

/* All transitions that change the abstract state, into *out: each operator
 * walks the states where it applies (an odometer over the values its
 * parts allow).  -1 when out of memory. */
static long transitions_of(const pdb *db, const abs_ops *ops, transition **out)
{
    int nv = db->nvars;
    long n = 0, cap = 1024;
    transition *tr = malloc((size_t)cap * sizeof *tr);
    int *digit = calloc((size_t)nv + 1, sizeof *digit);
    const int **next = calloc((size_t)nv + 1, sizeof *next);
    if (!tr || !digit || !next)
        goto oom;
    for (int o = 0; o < ops->nops; o++) {
        const abs_op *op = &ops->ops[o];
        for (int k = 0; k < nv; k++)
            next[k] = NULL;
        for (int i = 0; i < op->count; i++)
            next[ops->parts[op->first + i].var] = ops->parts[op->first + i].next;
        bool more = true;
        for (int k = 0; k < nv && more; k++)
            more = (digit[k] = allowed_from(next[k], db->dom[k], 0)) >= 0;
        while (more) {
            long from = 0, to = 0;
            for (int k = 0; k < nv; k++) {
                from += digit[k] * db->mult[k];
                to += (next[k] ? next[k][digit[k]] : digit[k]) * db->mult[k];
            }
            if (to != from) {
                if (n == cap) {
                    transition *grown = realloc(tr, (size_t)(cap *= 2) * sizeof *tr);
                    if (!grown)
                        goto oom;
                    tr = grown;
                }
                tr[n++] = (transition){(int)from, (int)to, o};
            }
            int k = 0;
            for (; k < nv; k++) {
                int d = allowed_from(next[k], db->dom[k], digit[k] + 1);
                if (d >= 0) {
                    digit[k] = d;
                    break;
                }
                digit[k] = allowed_from(next[k], db->dom[k], 0);
            }
            more = k < nv;
        }
    }
    free(digit);
    free(next);
    *out = tr;
    return n;
oom:
    free(tr);
    free(digit);
    free(next);
    return -1;
}

/* The goal values of the pattern's variables (-1: any). */
static void goal_values(const pl_task *t, const pl_pdb_groups *g, const pdb *db, int *goal)
{
    int *atoms = malloc(((size_t)t->natoms + 1) * sizeof *atoms);
    int n = atoms ? pl_cond_required_atoms(t, t->goal, atoms) : 0;
    for (int k = 0; k < db->nvars; k++) {
        goal[k] = -1;
        for (int i = 0; i < n; i++) {
            int v = value_of(g, db->group[k], atoms[i]);
            if (v >= 0)
                goal[k] = v;
        }
    }
    free(atoms);
}

/* Goal distances by Dijkstra backwards over the transitions. */
static int distances(const pl_task *t, const pl_pdb_groups *g, pdb *db, const abs_ops *ops, const transition *tr,
                     long ntr)
{
    long ns = db->nstates;
    int *first = calloc((size_t)ns + 2, sizeof *first);
    int *back = malloc(((size_t)ntr + 1) * sizeof *back); /* transition ids by target */
    int *goal = malloc(((size_t)db->nvars + 1) * sizeof *goal);
    int *digit = calloc((size_t)db->nvars + 1, sizeof *digit);
    db->dist = malloc((size_t)ns * sizeof *db->dist);
    pl_heap heap = {0};
    int rc = -1;
    if (!first || !back || !goal || !digit || !db->dist)
        goto done;
    for (long i = 0; i < ntr; i++)
        first[tr[i].to + 1]++;
    for (long s = 0; s < ns; s++)
        first[s + 1] += first[s];
    for (long i = 0; i < ntr; i++)
        back[first[tr[i].to]++] = (int)i;
    for (long s = ns; s > 0; s--)
        first[s] = first[s - 1];
    first[0] = 0;
    goal_values(t, g, db, goal);
    for (long s = 0; s < ns; s++) {
        bool is_goal = true;
        for (int k = 0; k < db->nvars && is_goal; k++)
            is_goal = goal[k] < 0 || goal[k] == digit[k];
        db->dist[s] = is_goal ? 0 : PL_H_INF;
        if (is_goal && !pl_heap_push(&heap, 0, (int)s))
            goto done;
        for (int k = 0; k < db->nvars && ++digit[k] == db->dom[k]; k++)
            digit[k] = 0;
    }
    while (heap.count) {
        pl_heap_item top = pl_heap_pop(&heap);
        int s = top.value;
        if ((int)top.key != db->dist[s])
            continue;
        for (int i = first[s]; i < first[s + 1]; i++) {
            const transition *e = &tr[back[i]];
            long d = (long)db->dist[s] + ops->ops[e->op].cost;
            if (d < db->dist[e->from]) {
                db->dist[e->from] = (int)d;
                if (!pl_heap_push(&heap, (uint64_t)d, e->from))
                    goto done;
            }
        }
    }
    rc = 0;
done:
    free(first);
    free(back);
    free(goal);
    free(digit);
    pl_heap_free(&heap);
    return rc;
}

/* Builds the database of `pattern` (groups) under `cost`, then lowers
 * `cost` by what it used: each action's saturated cost, the most one of
 * its transitions lowers the distance.  0, or -1 (db empty). */
static int pdb_build(const pl_task *t, const pl_pdb_groups *g, const int *pattern, int npattern, int *cost, pdb *db)
{
    memset(db, 0, sizeof *db);
    db->nvars = npattern;
    db->group = malloc((size_t)npattern * sizeof *db->group);
    db->dom = malloc((size_t)npattern * sizeof *db->dom);
    db->mult = malloc((size_t)npattern * sizeof *db->mult);
    if (!db->group || !db->dom || !db->mult) {
        pdb_free(db);
        return -1;
    }
    db->nstates = 1;
    for (int k = 0; k < npattern; k++) {
        db->group[k] = pattern[k];
        db->dom[k] = g->start[pattern[k] + 1] - g->start[pattern[k]] + 1;
        db->mult[k] = db->nstates;
        db->nstates *= db->dom[k];
    }
    abs_ops ops;
    transition *tr = NULL;
    long ntr = -1;
    bool have_ops = build_ops(t, g, db, cost, &ops) == 0;
    /* past this many transitions, the database costs more than it saves */
    if (have_ops && matches(db, &ops) <= MAX_WORK) {
        ntr = transitions_of(db, &ops, &tr);
        if (ntr >= 0 && distances(t, g, db, &ops, tr, ntr) != 0)
            ntr = -1;
    }
    if (ntr >= 0) {
        int *sat = calloc((size_t)ops.nops + 1, sizeof *sat);
        if (!sat) {
            ntr = -1;
        } else {
            for (long i = 0; i < ntr; i++) {
                int hf = db->dist[tr[i].from], ht = db->dist[tr[i].to];
                if (hf != PL_H_INF && ht != PL_H_INF && hf - ht > sat[tr[i].op])
                    sat[tr[i].op] = hf - ht;
            }
            for (int o = 0; o < ops.nops; o++)
                cost[ops.ops[o].action] -= sat[o];
            free(sat);
        }
    }
    if (have_ops)
        abs_ops_free(&ops);
    free(tr);
    if (ntr < 0) {
        pdb_free(db);
        return -1;
    }
    return 0;
}

/* ---- patterns ---- */

/* Which groups hold each atom, and which actions change each group. */
typedef struct {
    int *atom_first, *atom_groups; /* atom a: atom_groups[atom_first[a] .. atom_first[a + 1]) */
    int *group_first, *changers;   /* group k: changers[group_first[k] .. group_first[k + 1]) */
} group_index;

static void index_free(group_index *x)
{
    free(x->atom_first);
    free(x->atom_groups);
    free(x->group_first);
    free(x->changers);
}

static int index_build(const pl_task *t, const pl_pdb_groups *g, group_index *x)
{
    int na = t->natoms, ng = g->n;
    long nchanges = 0;
    x->atom_first = calloc((size_t)na + 2, sizeof *x->atom_first);
    x->atom_groups = malloc(((size_t)g->start[ng] + 1) * sizeof *x->atom_groups);
    x->group_first = calloc((size_t)ng + 2, sizeof *x->group_first);
    int *last = malloc(((size_t)ng + 1) * sizeof *last);
    if (!x->atom_first || !x->atom_groups || !x->group_first || !last)
        goto oom;
    for (int i = 0; i < g->start[ng]; i++)
        x->atom_first[g->atoms[i] + 1]++;
    for (int a = 0; a < na; a++)
        x->atom_first[a + 1] += x->atom_first[a];
    for (int k = 0; k < ng; k++)
        for (int i = g->start[k]; i < g->start[k + 1]; i++)
            x->atom_groups[x->atom_first[g->atoms[i]]++] = k;
    for (int a = na; a > 0; a--)
        x->atom_first[a] = x->atom_first[a - 1];
    x->atom_first[0] = 0;
    /* two passes over the effects: count, then fill (each action once per group) */
    for (int pass = 0; pass < 2; pass++) {
        for (int k = 0; k < ng; k++)
            last[k] = -1;
        for (int a = 0; a < t->nactions; a++)
            for (int e = 0; e < t->actions[a].neffs; e++) {
                int atom = t->actions[a].effs[e].atom;
                for (int i = x->atom_first[atom]; i < x->atom_first[atom + 1]; i++) {
                    int k = x->atom_groups[i];
                    if (last[k] == a)
                        continue;
                    last[k] = a;
                    if (pass == 0)
                        x->group_first[k + 1]++;
                    else
                        x->changers[x->group_first[k]++] = a;
                }
            }
        if (pass == 0) {
            for (int k = 0; k < ng; k++)
                x->group_first[k + 1] += x->group_first[k];
            nchanges = x->group_first[ng];
            if (!(x->changers = malloc(((size_t)nchanges + 1) * sizeof *x->changers)))
                goto oom;
        }
    }
    for (int k = ng; k > 0; k--)
        x->group_first[k] = x->group_first[k - 1];
    x->group_first[0] = 0;
    free(last);
    return 0;
oom:
    free(last);
    index_free(x);
    return -1;
}

/* The largest group holding `atom`, or -1. */
static int group_of(const pl_pdb_groups *g, const group_index *x, int atom)
{
    int best = -1, size = 0;
    for (int i = x->atom_first[atom]; i < x->atom_first[atom + 1]; i++) {
        int k = x->atom_groups[i];
        if (g->start[k + 1] - g->start[k] > size) {
            best = k;
            size = g->start[k + 1] - g->start[k];
        }
    }
    return best;
}

/* One pattern per goal atom: its group, then the groups of the
 * preconditions of the actions that change the pattern's groups, nearest
 * first and goal groups before others (a Floor-tile tile's pattern takes
 * the tile below it, from which it is painted, and the robots), while the
 * database stays within max_states.  Returns the pattern's length. */
static int goal_pattern(const pl_task *t, const pl_pdb_groups *g, const group_index *x, const bool *is_goal_group,
                        int goal_group, long max_states, int *pattern, bool *in_pattern)
{
    int n = 0;
    long states = g->start[goal_group + 1] - g->start[goal_group] + 1;
    pattern[n++] = goal_group;
    in_pattern[goal_group] = true;
    for (int head = 0; head < n; head++) {
        int grp = pattern[head];
        for (int pass = 0; pass < 2; pass++)
            for (int c = x->group_first[grp]; c < x->group_first[grp + 1]; c++) {
                const pl_gaction *act = &t->actions[x->changers[c]];
                for (int i = 0; i < act->npre_pos; i++)
                    for (int j = x->atom_first[act->pre_pos[i]]; j < x->atom_first[act->pre_pos[i] + 1]; j++) {
                        int pg = x->atom_groups[j];
                        long dom = g->start[pg + 1] - g->start[pg] + 1;
                        if (in_pattern[pg] || is_goal_group[pg] != (pass == 0) || states * dom > max_states)
                            continue;
                        in_pattern[pg] = true;
                        pattern[n++] = pg;
                        states *= dom;
                    }
            }
    }
    for (int i = 0; i < n; i++)
        in_pattern[pattern[i]] = false;
    return n;
}

/* A dead-end pattern from goal atom `goal_atom`: its group, then for each
 * action adding a goal atom of the pattern, the smallest group of each of
 * its preconditions, while the database stays within max_states.  It
 * follows where a goal can only be reached from: in Floor-tile, tile_10 is
 * painted only from tile_7, tile_7 from tile_4 or tile_10, tile_4 from
 * tile_1 or tile_7, so the pattern holds the column, and a state where
 * tile_1 was painted is a dead end in it (three goal tiles that need each
 * other, which h^2 and LM-cut do not see).  Returns the pattern's length. */
static int chain_pattern(const pl_task *t, const pl_pdb_groups *g, const group_index *x, const bool *is_goal_atom,
                         int goal_atom, long max_states, int *pattern, bool *in_pattern, int *queue)
{
    int n = 0, nq = 0;
    int first = group_of(g, x, goal_atom);
    long states = g->start[first + 1] - g->start[first] + 1;
    pattern[n++] = first;
    in_pattern[first] = true;
    queue[nq++] = goal_atom;
    for (int head = 0; head < nq; head++) {
        /* every action adding the atom changes each group holding it */
        int held_in = group_of(g, x, queue[head]);
        for (int c = x->group_first[held_in]; c < x->group_first[held_in + 1]; c++) {
            const pl_gaction *act = &t->actions[x->changers[c]];
            bool adds = false;
            for (int e = 0; e < act->neffs && !adds; e++)
                adds = act->effs[e].add && act->effs[e].atom == queue[head];
            for (int i = 0; adds && i < act->npre_pos; i++) {
                int p = act->pre_pos[i], pg = -1, size = 0;
                for (int j = x->atom_first[p]; j < x->atom_first[p + 1]; j++) {
                    int k = x->atom_groups[j], sk = g->start[k + 1] - g->start[k];
                    if (sk >= 2 && (pg < 0 || sk < size)) {
                        pg = k;
                        size = sk;
                    }
                }
                if (pg < 0 || in_pattern[pg] || states * (size + 1) > max_states)
                    continue;
                in_pattern[pg] = true;
                pattern[n++] = pg;
                states *= size + 1;
                for (int j = g->start[pg]; j < g->start[pg + 1]; j++)
                    if (is_goal_atom[g->atoms[j]])
                        queue[nq++] = g->atoms[j];
            }
        }
    }
    for (int i = 0; i < n; i++)
        in_pattern[pattern[i]] = false;
    return n;
}

static bool strips(const pl_task *t)
{
    if (t->naxioms)
        return false;
    for (int a = 0; a < t->nactions; a++)
        if (t->actions[a].pre != PL_GF_TRUE || t->actions[a].conditional)
            return false;
    return true;
}

/* Gives each variable of db its group's slot in p->used; -1 (nothing
 * changed) when they would pass MAX_USED or out of memory. */
static int use_groups(pl_pdbs *p, pdb *db)
{
    int nused = p->nused;
    if (!(db->slot = malloc(((size_t)db->nvars + 1) * sizeof *db->slot)))
        return -1;
    for (int k = 0; k < db->nvars; k++) {
        int u = 0;
        while (u < nused && p->used[u] != db->group[k])
            u++;
        if (u == nused) {
            if (nused == MAX_USED)
                return -1;
            p->used[nused++] = db->group[k];
        }
        db->slot[k] = u;
    }
    p->nused = nused;
    return 0;
}

/* Is the pattern of n groups (marked in in_set) the same set as a
 * dead-end database's already built? */
static bool same_dead_pattern(const pl_pdbs *p, int n, const bool *in_set)
{
    for (int i = 0; i < p->n; i++) {
        const pdb *db = &p->dbs[i];
        if (!db->dead_only || db->nvars != n)
            continue;
        int k = 0;
        while (k < n && in_set[db->group[k]])
            k++;
        if (k == n)
            return true;
    }
    return false;
}

/* The dead-end databases (chain_pattern), one per goal atom, at the
 * task's own costs (their values are not added, so they take no share). */
static void build_dead_ends(const pl_task *t, pl_pdbs *p, const group_index *x, const int *goal, int ngoal,
                            const int *action_cost, int *pattern, bool *in_pattern)
{
    enum { DEAD_MAX_STATES = 20000, DEAD_MAX_TOTAL = 200000 };
    const pl_pdb_groups *g = &p->groups;
    bool *is_goal_atom = calloc((size_t)t->natoms + 1, sizeof *is_goal_atom);
    int *queue = malloc(((size_t)t->natoms + 1) * sizeof *queue);
    int *cost = malloc(((size_t)t->nactions + 1) * sizeof *cost);
    long total = 0;
    if (is_goal_atom && queue && cost) {
        for (int i = 0; i < ngoal; i++)
            is_goal_atom[goal[i]] = true;
        for (int i = 0; i < ngoal && total < DEAD_MAX_TOTAL; i++) {
            int gg = group_of(g, x, goal[i]);
            if (gg < 0 || g->start[gg + 1] - g->start[gg] < 2)
                continue;
            int n = chain_pattern(t, g, x, is_goal_atom, goal[i], DEAD_MAX_STATES, pattern, in_pattern, queue);
            for (int k = 0; k < n; k++)
                in_pattern[pattern[k]] = true;
            bool seen = n < 2 || same_dead_pattern(p, n, in_pattern);
            for (int k = 0; k < n; k++)
                in_pattern[pattern[k]] = false;
            memcpy(cost, action_cost, (size_t)t->nactions * sizeof *cost);
            if (seen || pdb_build(t, g, pattern, n, cost, &p->dbs[p->n]) != 0)
                continue;
            p->dbs[p->n].dead_only = true;
            if (use_groups(p, &p->dbs[p->n]) != 0) {
                pdb_free(&p->dbs[p->n]);
                break;
            }
            total += p->dbs[p->n].nstates;
            p->states += p->dbs[p->n++].nstates;
        }
    }
    free(is_goal_atom);
    free(queue);
    free(cost);
}

/* Builds the databases, one per goal atom whose largest group has more
 * than one atom, in the goal's order, into p; then the dead-end ones. */
static void build_all(const pl_task *t, pl_pdbs *p, const int *goal, int ngoal, const int *action_cost, int *cost,
                      const pl_pdb_limits *lim)
{
    const pl_pdb_groups *g = &p->groups;
    group_index x = {0};
    int *pattern = malloc(((size_t)g->n + 1) * sizeof *pattern);
    bool *in_pattern = calloc((size_t)g->n + 1, sizeof *in_pattern);
    bool *is_goal_group = calloc((size_t)g->n + 1, sizeof *is_goal_group);
    p->dbs = malloc((2 * (size_t)ngoal + 1) * sizeof *p->dbs);
    if (pattern && in_pattern && is_goal_group && p->dbs && index_build(t, g, &x) == 0) {
        for (int i = 0; i < ngoal; i++)
            for (int j = x.atom_first[goal[i]]; j < x.atom_first[goal[i] + 1]; j++)
                is_goal_group[x.atom_groups[j]] = true;
        for (int i = 0; i < ngoal && p->states < lim->max_total_states; i++) {
            int gg = group_of(g, &x, goal[i]);
            if (gg < 0 || g->start[gg + 1] - g->start[gg] < 2)
                continue; /* a lone atom's database knows little */
            int n = goal_pattern(t, g, &x, is_goal_group, gg, lim->max_states, pattern, in_pattern);
            if (pdb_build(t, g, pattern, n, cost, &p->dbs[p->n]) != 0)
                continue;
            if (use_groups(p, &p->dbs[p->n]) != 0) {
                pdb_free(&p->dbs[p->n]);
                break;
            }
            p->states += p->dbs[p->n++].nstates;
        }
        build_dead_ends(t, p, &x, goal, ngoal, action_cost, pattern, in_pattern);
        index_free(&x);
    }
    free(pattern);
    free(in_pattern);
    free(is_goal_group);
}

pl_pdbs *pl_pdbs_new(const pl_task *t, const pl_relaxed *r, const pl_mutexes *m, const pl_pdb_limits *lim)
{
    if (!strips(t) || !r->integral_costs)
        return NULL;
    pl_pdbs *p = calloc(1, sizeof *p);
    int *goal = malloc(((size_t)t->natoms + 1) * sizeof *goal);
    int *cost = malloc(((size_t)t->nactions + 1) * sizeof *cost);
    if (!p || !goal || !cost || pl_pdb_groups_find(t, m, &p->groups) != 0) {
        free(p);
        free(goal);
        free(cost);
        return NULL;
    }
    memcpy(cost, r->action_cost, (size_t)t->nactions * sizeof *cost);
    build_all(t, p, goal, pl_cond_required_atoms(t, t->goal, goal), r->action_cost, cost, lim);
    free(goal);
    free(cost);
    if (!p->n) {
        pl_pdbs_free(p);
        return NULL;
    }
    return p;
}

void pl_pdbs_free(pl_pdbs *p)
{
    if (!p)
        return;
    for (int i = 0; i < p->n; i++)
        pdb_free(&p->dbs[i]);
    free(p->dbs);
    pl_pdb_groups_free(&p->groups);
    free(p);
}

int pl_pdbs_eval(const pl_pdbs *p, const uint64_t *state)
{
    /* each group's value: the index of its atom that holds, its size for
     * none, -1 when two hold (a state the groups do not describe) */
    int value[MAX_USED];
    const pl_pdb_groups *g = &p->groups;
    for (int u = 0; u < p->nused; u++) {
        int grp = p->used[u], first = g->start[grp], v = g->start[grp + 1] - first;
        for (int i = first; i < g->start[grp + 1]; i++)
            if (pl_state_has(state, g->atoms[i])) {
                if (v != g->start[grp + 1] - first) {
                    v = -1;
                    break;
                }
                v = i - first;
            }
        value[u] = v;
    }
    long long sum = 0;
    for (int i = 0; i < p->n; i++) {
        const pdb *db = &p->dbs[i];
        long idx = 0;
        int k = 0;
        for (; k < db->nvars && value[db->slot[k]] >= 0; k++)
            idx += value[db->slot[k]] * db->mult[k];
        if (k < db->nvars)
            continue;
        if (db->dist[idx] == PL_H_INF)
            return PL_H_INF;
        if (!db->dead_only)
            sum += db->dist[idx];
    }
    return sum >= PL_H_INF ? PL_H_INF - 1 : (int)sum;
}

int pl_pdbs_count(const pl_pdbs *p)
{
    return p ? p->n : 0;
}

long pl_pdbs_states(const pl_pdbs *p)
{
    return p ? p->states : 0;
}
