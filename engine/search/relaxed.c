/* The delete relaxation of a grounded task, built once and shared. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/hashmap.h"
#include "base/sort.h"
#include "search/heuristic.h"
#include "search/fact_order.h"
#include "search/mutex.h"
#include "search/pdb.h"
#include "search/relaxed_conditions.h"
#include "search/successors.h"
#include "search/symmetry.h"

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Sorts v and drops repeats; returns the new length.  Lists are a handful of
 * atoms: insertion sort below 16 (qsort's set-up cost more than the sort). */
static int sort_unique(int *v, int n)
{
    if (n < 2)
        return n;
    if (n < 16) {
        for (int i = 1; i < n; i++) {
            int x = v[i], j = i;
            for (; j > 0 && v[j - 1] > x; j--)
                v[j] = v[j - 1];
            v[j] = x;
        }
    } else {
        pl_sort(v, (size_t)n, sizeof *v, cmp_int);
    }
    int k = 1;
    for (int i = 1; i < n; i++)
        if (v[i] != v[k - 1])
            v[k++] = v[i];
    return k;
}

/* The ops under construction: their pre and eff lists live in one growing
 * pool (offsets until the pool stops moving), so a task costs a few
 * allocations, not two per op. */
typedef struct {
    pl_relaxed_op *ops;
    size_t *pre_at, *eff_at;
    int count, cap;
    int *pool;
    size_t used, pool_cap;
} op_list;

static int *pool_reserve(op_list *l, size_t n)
{
    if (l->used + n > l->pool_cap) {
        size_t cap = l->pool_cap ? l->pool_cap * 2 : 1024;
        while (cap < l->used + n)
            cap *= 2;
        int *pool = realloc(l->pool, cap * sizeof *pool);
        if (!pool)
            return NULL;
        l->pool = pool;
        l->pool_cap = cap;
    }
    return l->pool + l->used;
}

static int add_op(op_list *l, const int *pre, int npre, const int *eff, int neff, int cost, int action)
{
    if (neff == 0)
        return 0; /* adds nothing: irrelevant to every relaxed estimate */
    if (l->count == l->cap) {
        int cap = l->cap ? l->cap * 2 : 64;
        pl_relaxed_op *ops = realloc(l->ops, (size_t)cap * sizeof *ops);
        if (ops)
            l->ops = ops;
        size_t *pre_at = realloc(l->pre_at, (size_t)cap * sizeof *pre_at);
        if (pre_at)
            l->pre_at = pre_at;
        size_t *eff_at = realloc(l->eff_at, (size_t)cap * sizeof *eff_at);
        if (eff_at)
            l->eff_at = eff_at;
        if (!ops || !pre_at || !eff_at)
            return -1;
        l->cap = cap;
    }
    int *dst = pool_reserve(l, (size_t)npre + (size_t)neff);
    if (!dst)
        return -1;
    pl_relaxed_op *op = &l->ops[l->count];
    if (npre)
        memcpy(dst, pre, (size_t)npre * sizeof *pre);
    op->npre = sort_unique(dst, npre);
    l->pre_at[l->count] = l->used;
    l->used += (size_t)op->npre;
    dst = l->pool + l->used;
    memcpy(dst, eff, (size_t)neff * sizeof *eff);
    op->neff = sort_unique(dst, neff);
    l->eff_at[l->count] = l->used;
    l->used += (size_t)op->neff;
    op->cost = cost;
    op->action = action;
    l->count++;
    return 0;
}

/* Index lists atom -> ops (counts, then every list in one block, filled in
 * op order). */
static int build_index(const pl_relaxed *r, int natoms, bool pre, int ***lists, int **counts, int **pool)
{
    *counts = calloc((size_t)natoms + 1, sizeof **counts);
    *lists = calloc((size_t)natoms + 1, sizeof **lists);
    if (!*counts || !*lists)
        return -1;
    size_t total = 0;
    for (int o = 0; o < r->nops; o++) {
        const pl_relaxed_op *op = &r->ops[o];
        int n = pre ? op->npre : op->neff;
        total += (size_t)n;
        for (int i = 0; i < n; i++)
            (*counts)[pre ? op->pre[i] : op->eff[i]]++;
    }
    *pool = malloc((total + 1) * sizeof **pool);
    if (!*pool)
        return -1;
    size_t at = 0;
    for (int a = 0; a < natoms; a++) {
        (*lists)[a] = *pool + at;
        at += (size_t)(*counts)[a];
        (*counts)[a] = 0;
    }
    for (int o = 0; o < r->nops; o++) {
        const pl_relaxed_op *op = &r->ops[o];
        for (int i = 0; i < (pre ? op->npre : op->neff); i++) {
            int a = pre ? op->pre[i] : op->eff[i];
            (*lists)[a][(*counts)[a]++] = o;
        }
    }
    return 0;
}

/* Action names compared as Fast Downward's operator names, "move a b"
 * without the parentheses planlens writes. */
static int cmp_names(const char *x, const char *y)
{
    x += *x == '(';
    y += *y == '(';
    for (;; x++, y++) {
        unsigned char cx = *x == ')' ? 0 : (unsigned char)*x, cy = *y == ')' ? 0 : (unsigned char)*y;
        if (cx != cy || !cx)
            return (cx > cy) - (cx < cy);
    }
}

typedef struct {
    const char *name;
    int action;
} named_action;

static int cmp_actions(const void *a, const void *b)
{
    const named_action *x = a, *y = b;
    int c = cmp_names(x->name, y->name);
    return c ? c : (x->action > y->action) - (x->action < y->action);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* rank[o]: op o's place in Fast Downward's operator order (its action's
 * place by name; axioms after every action), NULL on out of memory. */
static int *op_ranks(const pl_relaxed *r)
{
    const pl_task *t = r->task;
    named_action *by_name = malloc(((size_t)t->nactions + 1) * sizeof *by_name);
    int *place = malloc(((size_t)t->nactions + 1) * sizeof *place);
    int *rank = malloc(((size_t)r->nops + 1) * sizeof *rank);
    if (by_name && place && rank) {
        for (int a = 0; a < t->nactions; a++)
            by_name[a] = (named_action){t->actions[a].name, a};
        pl_sort(by_name, (size_t)t->nactions, sizeof *by_name, cmp_actions);
        for (int i = 0; i < t->nactions; i++)
            place[by_name[i].action] = i;
        for (int o = 0; o < r->nops; o++)
            rank[o] = r->ops[o].action >= 0 ? place[r->ops[o].action] : t->nactions;
    } else {
        free(rank);
        rank = NULL;
    }
    free(by_name);
    free(place);
    return rank;
}

/* list[0..n) sorted by (rank, op): the ops of one action stay in order. */
static void sort_by_rank(int *list, int n, const int *rank, uint64_t *keys)
{
    for (int i = 0; i < n; i++)
        keys[i] = (uint64_t)(uint32_t)rank[list[i]] << 32 | (uint32_t)list[i];
    pl_sort(keys, (size_t)n, sizeof *keys, cmp_u64);
    for (int i = 0; i < n; i++)
        list[i] = (int)(uint32_t)keys[i];
}

/* The pre_of lists and the ops without precondition in Fast Downward's
 * operator order (heuristic.h). */
static int build_ordered(pl_relaxed *r)
{
    int *rank = op_ranks(r);
    size_t total = 0;
    int longest = r->nno_pre;
    for (int a = 0; a < r->natoms; a++) {
        total += (size_t)r->npre_of[a];
        longest = r->npre_of[a] > longest ? r->npre_of[a] : longest;
    }
    uint64_t *keys = malloc(((size_t)longest + 1) * sizeof *keys);
    r->ordered_pre_of = calloc((size_t)r->natoms + 1, sizeof *r->ordered_pre_of);
    r->ordered_pre_of_pool = malloc((total + 1) * sizeof *r->ordered_pre_of_pool);
    r->ordered_no_pre_ops = malloc(((size_t)r->nno_pre + 1) * sizeof *r->ordered_no_pre_ops);
    if (!rank || !keys || !r->ordered_pre_of || !r->ordered_pre_of_pool || !r->ordered_no_pre_ops) {
        free(rank);
        free(keys);
        return -1;
    }
    size_t at = 0;
    for (int a = 0; a < r->natoms; a++) {
        int *list = r->ordered_pre_of_pool + at;
        memcpy(list, r->pre_of[a], (size_t)r->npre_of[a] * sizeof *list);
        sort_by_rank(list, r->npre_of[a], rank, keys);
        r->ordered_pre_of[a] = list;
        at += (size_t)r->npre_of[a];
    }
    memcpy(r->ordered_no_pre_ops, r->no_pre_ops, (size_t)r->nno_pre * sizeof *r->ordered_no_pre_ops);
    sort_by_rank(r->ordered_no_pre_ops, r->nno_pre, rank, keys);
    free(rank);
    free(keys);
    return 0;
}

/* Fast Downward's simplification of the unary operators (an operator per
 * effect): an effect e of op o is dropped when another op adds e from a
 * subset of o's preconditions (o having at most 5) at no higher cost, the
 * first such op in Fast Downward's operator order among equally cheap ones
 * with the same preconditions.  It
 * changes no h_add or h_max value, only which of equally cheap achievers
 * is met first, which h_FF's relaxed plan follows.  Fills every op's
 * fd_eff; -1 on out of memory. */
enum { MAX_DOMINATED_PRE = 5 };
static int drop_dominated(pl_relaxed *r)
{
    size_t total = 0;
    for (int o = 0; o < r->nops; o++)
        total += (size_t)r->ops[o].neff;
    r->fd_eff_pool = malloc((total + 1) * sizeof *r->fd_eff_pool);
    int *best = malloc(((total + 1)) * sizeof *best); /* per key slot: its cheapest op */
    int *rank = op_ranks(r); /* ties: the op first in Fast Downward's order */
    pl_hashmap index = PL_HASHMAP_INIT;
    int rc = r->fd_eff_pool && best && rank ? 0 : -1;
    int key[MAX_DOMINATED_PRE + 1], slots = 0;
    for (int o = 0; rc == 0 && o < r->nops; o++) {
        const pl_relaxed_op *op = &r->ops[o];
        if (op->npre > MAX_DOMINATED_PRE)
            continue;
        memcpy(key + 1, op->pre, (size_t)op->npre * sizeof *key);
        for (int k = 0; rc == 0 && k < op->neff; k++) {
            key[0] = op->eff[k];
            int slot = pl_hashmap_put(&index, key, op->npre + 1, slots);
            if (slot < 0)
                rc = -1;
            else if (slot == slots)
                best[slots++] = o;
            else if (op->cost < r->ops[best[slot]].cost ||
                     (op->cost == r->ops[best[slot]].cost && rank[o] < rank[best[slot]]))
                best[slot] = o;
        }
    }
    size_t at = 0;
    for (int o = 0; rc == 0 && o < r->nops; o++) {
        pl_relaxed_op *op = &r->ops[o];
        op->fd_eff = r->fd_eff_pool + at;
        op->nfd_eff = 0;
        for (int k = 0; k < op->neff; k++) {
            bool dominated = false;
            for (int mask = 0; op->npre <= MAX_DOMINATED_PRE && mask < 1 << op->npre && !dominated; mask++) {
                int len = 1;
                key[0] = op->eff[k];
                for (int i = 0; i < op->npre; i++)
                    if (mask >> i & 1)
                        key[len++] = op->pre[i];
                int slot = pl_hashmap_get(&index, key, len);
                dominated = slot >= 0 && best[slot] != o && r->ops[best[slot]].cost <= op->cost;
            }
            if (!dominated)
                op->fd_eff[op->nfd_eff++] = op->eff[k];
        }
        at += (size_t)op->nfd_eff;
    }
    free(best);
    free(rank);
    pl_hashmap_free(&index);
    return rc;
}

/* Moves the finished ops into r: pointers into the pool, now that it stays. */
static void take_ops(pl_relaxed *r, op_list *l)
{
    r->ops = l->ops;
    r->nops = l->count;
    r->op_atoms = l->pool;
    for (int o = 0; o < l->count; o++) {
        r->ops[o].pre = l->pool + l->pre_at[o];
        r->ops[o].eff = l->pool + l->eff_at[o];
    }
    free(l->pre_at);
    free(l->eff_at);
}

/* A growing list of relaxed atoms. */
typedef struct {
    int *v;
    int n, cap;
} atom_buf;

static int buf_push(atom_buf *b, int atom)
{
    if (b->n == b->cap) {
        int cap = b->cap ? b->cap * 2 : 64;
        int *v = realloc(b->v, (size_t)cap * sizeof *v);
        if (!v)
            return -1;
        b->v = v;
        b->cap = cap;
    }
    b->v[b->n++] = atom;
    return 0;
}

/* The relaxed atoms of condition `cond` appended to b: with negation (rc
 * set) all of it as relaxed_conditions.h compiles it; without, the atoms it
 * requires (the plain relaxation that reachability and landmarks read). */
static int cond_atoms(const pl_relaxed *r, pl_rc *rc, int cond, atom_buf *b)
{
    if (rc)
        return pl_rc_compile(rc, cond, &b->v, &b->n, &b->cap);
    int need = b->n + r->task->natoms + 1;
    if (need > b->cap) {
        int *v = realloc(b->v, (size_t)need * sizeof *v);
        if (!v)
            return -1;
        b->v = v;
        b->cap = need;
    }
    b->n += pl_cond_required_atoms(r->task, cond, b->v + b->n);
    return 0;
}

/* The relaxed precondition of ground action a into pre. */
static int action_pre(const pl_relaxed *r, pl_rc *rc, const pl_gaction *ga, atom_buf *pre)
{
    pre->n = 0;
    if (rc) /* the whole precondition as grounded: its quantifiers are atoms */
        return cond_atoms(r, rc, ga->grounded_pre, pre);
    for (int i = 0; i < ga->npre_pos; i++)
        if (buf_push(pre, ga->pre_pos[i]) < 0)
            return -1;
    return cond_atoms(r, rc, ga->pre, pre);
}

/* The relaxed atom an effect makes true: its atom when it adds; with
 * negation, the "not p" atom of a deleted p that has one (unless the action
 * adds p unconditionally too: adds win); else -1. */
static int effect_atom(const pl_relaxed *r, const pl_gaction *ga, const pl_geffect *e)
{
    if (e->add)
        return e->atom;
    if (!r->negated_of || r->negated_of[e->atom] < 0)
        return -1;
    for (int i = 0; i < ga->neffs; i++)
        if (ga->effs[i].add && ga->effs[i].cond == PL_GF_TRUE && ga->effs[i].atom == e->atom)
            return -1;
    return r->negated_of[e->atom];
}

/* With negation: the goal's relaxed atoms (r->goal_atoms), then the
 * compiler's own operators (disjunctions, "not d" for derived d), cost 0,
 * after the actions' and the axioms'. */
static int finish_compiled(pl_relaxed *r, pl_rc *rc, op_list *ops)
{
    atom_buf goal = {0};
    if (pl_rc_compile(rc, r->task->goal, &goal.v, &goal.n, &goal.cap) < 0 || pl_rc_finish(rc) < 0) {
        free(goal.v);
        return -1;
    }
    r->goal_atoms = goal.v;
    r->ngoal_atoms = sort_unique(goal.v, goal.n);
    for (int o = 0, n = pl_rc_nops(rc); o < n; o++) {
        int npre, eff = pl_rc_op_eff(rc, o);
        const int *pre = pl_rc_op_pre(rc, o, &npre);
        if (add_op(ops, pre, npre, &eff, 1, 0, -1) < 0)
            return -1;
    }
    r->natoms = pl_rc_end_atom(rc);
    int first = r->task->natoms + r->nnegated;
    r->aux_kind = malloc((size_t)(r->natoms - first) + 1);
    if (!r->aux_kind)
        return -1;
    for (int a = first; a < r->natoms; a++) {
        pl_rc_aux_kind k = pl_rc_atom_kind(rc, a);
        r->aux_kind[a - first] = k == PL_RC_ALL ? PL_RELAXED_ALL : k == PL_RC_FALSE ? PL_RELAXED_FALSE : PL_RELAXED_EITHER;
    }
    return 0;
}

/* The relaxed ops and their indexes: one op per action for its unconditional
 * effects, one more per conditional effect (its condition joins the
 * precondition). */
static int build_ops(pl_relaxed *r)
{
    const pl_task *t = r->task;
    int *eff = malloc(((size_t)t->natoms * 2 + 1) * sizeof *eff);
    atom_buf pre = {0};
    op_list ops = {0};
    pl_rc *rc = r->negated_of ? pl_rc_new(t, r->negated_of, t->natoms + r->nnegated) : NULL;
    if (!eff || (r->negated_of && !rc) || !pool_reserve(&ops, 1))
        goto fail;
    for (int a = 0; a < t->nactions; a++) {
        const pl_gaction *ga = &t->actions[a];
        int cost = r->action_cost[a];
        if (action_pre(r, rc, ga, &pre) < 0)
            goto fail;
        int npre = pre.n, neff = 0;
        for (int i = 0; i < ga->neffs; i++) {
            int e = ga->effs[i].cond == PL_GF_TRUE ? effect_atom(r, ga, &ga->effs[i]) : -1;
            if (e >= 0)
                eff[neff++] = e;
        }
        if (add_op(&ops, pre.v, npre, eff, neff, cost, a) < 0)
            goto fail;
        for (int i = 0; i < ga->neffs; i++) {
            const pl_geffect *ge = &ga->effs[i];
            int e = ge->cond == PL_GF_TRUE ? -1 : effect_atom(r, ga, ge);
            if (e < 0)
                continue;
            pre.n = npre;
            if (cond_atoms(r, rc, ge->cond, &pre) < 0 || add_op(&ops, pre.v, pre.n, &e, 1, cost, a) < 0)
                goto fail;
            r->split_effects = true;
        }
    }
    /* Axioms are operators of cost 0 adding their derived atom, as in Fast
     * Downward's relaxation. */
    for (int i = 0; i < t->naxioms; i++) {
        const pl_gaxiom *ax = &t->axioms[i];
        pre.n = 0;
        if (cond_atoms(r, rc, ax->body, &pre) < 0 || add_op(&ops, pre.v, pre.n, &ax->head, 1, 0, -1) < 0)
            goto fail;
    }
    if (rc && finish_compiled(r, rc, &ops) < 0)
        goto fail;
    take_ops(r, &ops);
    memset(&ops, 0, sizeof ops);
    if (build_index(r, r->natoms, true, &r->pre_of, &r->npre_of, &r->pre_of_pool) < 0 ||
        build_index(r, r->natoms, false, &r->add_of, &r->nadd_of, &r->add_of_pool) < 0)
        goto fail;
    r->no_pre_ops = malloc(((size_t)r->nops + 1) * sizeof *r->no_pre_ops);
    if (!r->no_pre_ops)
        goto fail;
    for (int o = 0; o < r->nops; o++)
        if (r->ops[o].npre == 0)
            r->no_pre_ops[r->nno_pre++] = o;
    if (build_ordered(r) < 0 || drop_dominated(r) < 0)
        goto fail;
    pl_rc_free(rc);
    free(pre.v);
    free(eff);
    return 0;
fail:
    free(ops.ops);
    free(ops.pre_at);
    free(ops.eff_at);
    free(ops.pool);
    pl_rc_free(rc);
    free(pre.v);
    free(eff);
    return -1;
}

/* The relaxation with negation: besides the task's atoms, an atom "not p"
 * for each p that a precondition, an effect condition or the goal requires
 * false (as Fast Downward's translator does).  It holds where p does not,
 * actions deleting p achieve it, and it joins the relaxed preconditions (and
 * goals) that require p false.  NULL (and *failed false) when no condition
 * requires an atom false. */
static pl_relaxed *negated_new(const pl_relaxed *plain, bool *failed)
{
    const pl_task *t = plain->task;
    unsigned char *seen = calloc((size_t)t->natoms + 1, 1);
    pl_relaxed *r = NULL;
    *failed = true;
    bool needs_aux = false;
    if (!seen || pl_rc_discover(t, seen, &needs_aux) < 0)
        goto done;
    int count = 0;
    for (int p = 0; p < t->natoms; p++)
        count += seen[p];
    *failed = false;
    if (count == 0 && !needs_aux)
        goto done;
    *failed = true;
    r = calloc(1, sizeof *r);
    if (!r)
        goto done;
    r->task = t;
    r->integral_costs = plain->integral_costs;
    r->natoms = t->natoms + count;
    r->negated_of = malloc(((size_t)t->natoms + 1) * sizeof *r->negated_of);
    r->negated_base = malloc(((size_t)count + 1) * sizeof *r->negated_base);
    r->action_cost = malloc(((size_t)t->nactions + 1) * sizeof *r->action_cost);
    if (!r->negated_of || !r->negated_base || !r->action_cost)
        goto done;
    memcpy(r->action_cost, plain->action_cost, (size_t)t->nactions * sizeof *r->action_cost);
    for (int p = 0; p < t->natoms; p++) {
        r->negated_of[p] = seen[p] ? t->natoms + r->nnegated : -1;
        if (seen[p])
            r->negated_base[r->nnegated++] = p;
    }
    if (build_ops(r) < 0)
        goto done;
    *failed = false;
done:
    if (*failed) {
        pl_relaxed_free(r);
        r = NULL;
    }
    free(seen);
    return r;
}

pl_relaxed *pl_relaxed_new(const pl_task *t)
{
    pl_relaxed *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->task = t;
    r->natoms = t->natoms;
    r->integral_costs = true;
    r->action_cost = malloc(((size_t)t->nactions + 1) * sizeof *r->action_cost);
    if (!r->action_cost)
        goto fail;
    for (int a = 0; a < t->nactions; a++) {
        double c = t->actions[a].cost;
        if (c < 0 || c != floor(c) || c > 1e9)
            r->integral_costs = false; /* search refuses the task; the value below only has to be defined */
        r->action_cost[a] = c >= 0 && c <= 1e9 ? (int)c : c > 1e9 ? 1000000000 : 0;
    }
    bool failed;
    if (build_ops(r) < 0)
        goto fail;
    r->negated = negated_new(r, &failed);
    if (failed)
        goto fail;
    r->successors = pl_successors_new(t);
    if (!r->successors)
        goto fail;
    pl_relaxed *hr = r->negated ? r->negated : r;
    hr->fact_order = pl_fd_fact_order(t, hr->nnegated, hr->negated_base);
    if (!hr->fact_order)
        goto fail;
    return r;
fail:
    pl_relaxed_free(r);
    return NULL;
}

int pl_relaxed_goal_atoms(const pl_relaxed *r, int cond, int *out)
{
    const pl_relaxed *hr = r->negated ? r->negated : r;
    if (hr->negated_of && cond == r->task->goal) {
        /* compiled whole; beyond out's 2 x natoms (never seen) conjuncts are dropped */
        int n = hr->ngoal_atoms < 2 * r->task->natoms ? hr->ngoal_atoms : 2 * r->task->natoms;
        if (n)
            memcpy(out, hr->goal_atoms, (size_t)n * sizeof *out);
        return n;
    }
    int n = pl_cond_required_atoms(r->task, cond, out);
    if (!hr->negated_of)
        return n;
    int base = n, k = pl_cond_required_false(r->task, cond, out + base);
    for (int i = 0; i < k; i++) {
        int aux = hr->negated_of[out[base + i]]; /* read before out[n], n <= base + i, is written */
        if (aux >= 0)
            out[n++] = aux;
    }
    return n;
}

int pl_relaxed_negated_atom(const pl_relaxed *r, int atom)
{
    const pl_relaxed *hr = r->negated ? r->negated : r;
    return hr->negated_of ? hr->negated_of[atom] : -1;
}

pl_relaxed_atom_kind pl_relaxed_atom_kind_of(const pl_relaxed *hr, int atom)
{
    int n = hr->task->natoms;
    if (atom < n)
        return PL_RELAXED_TASK_ATOM;
    if (atom < n + hr->nnegated)
        return PL_RELAXED_NOT_ATOM;
    return hr->aux_kind ? (pl_relaxed_atom_kind)hr->aux_kind[atom - n - hr->nnegated] : PL_RELAXED_EITHER;
}

int pl_relaxed_atom_count(const pl_relaxed *r)
{
    return r->negated ? r->negated->natoms : r->natoms;
}

void pl_relaxed_free(pl_relaxed *r)
{
    if (!r)
        return;
    free(r->ops);
    free(r->op_atoms);
    free(r->pre_of);
    free(r->pre_of_pool);
    free(r->npre_of);
    free(r->add_of);
    free(r->add_of_pool);
    free(r->nadd_of);
    free(r->no_pre_ops);
    free(r->ordered_pre_of);
    free(r->ordered_pre_of_pool);
    free(r->ordered_no_pre_ops);
    free(r->fact_order);
    free(r->fd_eff_pool);
    free(r->action_cost);
    free(r->negated_of);
    free(r->negated_base);
    free(r->goal_atoms);
    free(r->aux_kind);
    pl_relaxed_free(r->negated);
    pl_mutexes_free(r->mutexes);
    pl_symmetry_free(r->symmetry);
    pl_pdbs_free(r->pdbs);
    pl_h2_free(r->dead_ends);
    pl_successors_free(r->successors);
    free(r);
}

int pl_relaxed_add_mutexes(pl_relaxed *r)
{
    if (r->task->naxioms)
        return 0; /* h^2 reads actions only: derived atoms would look unreachable */
    if (!r->mutexes)
        r->mutexes = pl_mutexes_new(r->task, r->task->init);
    return r->mutexes ? 0 : -1;
}

int pl_relaxed_add_symmetry(pl_relaxed *r)
{
    if (!r->symmetry)
        r->symmetry = pl_symmetry_new(r->task);
    return r->symmetry ? 0 : -1;
}
