/* h_max, LM-cut (Helmert & Domshlak 2009, as in Fast Downward), h_add, h_FF
 * and blind, over the relaxed task.  Two artificial atoms make every
 * operator uniform: TRUE (the precondition of operators without one) and
 * GOAL (added by an artificial goal operator whose precondition is the goal). */
#include <stdlib.h>
#include <string.h>

#include "heuristic.h"
#include "pl_heap.h"

enum { BEFORE_GOAL_ZONE = 1, GOAL_ZONE = 2 };

struct pl_heuristic {
    const pl_relaxed *r;
    pl_heuristic_kind kind, used;
    int natoms;       /* task atoms + TRUE + GOAL */
    int true_atom, goal_atom;
    int nops;         /* relaxed ops + the goal op (last) */
    const int **pre;
    int *npre;
    const int **eff;
    int *neff;
    int *cost;        /* LM-cut lowers these; reset per evaluation */
    int *base_cost;
    bool *disabled;
    int *unsat;
    int *opval;
    int *supporter;   /* h_max supporter atom of each op */
    int **pre_of;
    int *npre_of;
    int **add_of;
    int *nadd_of;
    int *val;
    int *best_op;     /* h_add achiever, for h_FF */
    unsigned char *status;
    unsigned char *marked;
    int *stack;
    int *goal;
    int ngoal;
    int min_cost;
    pl_heap heap;
};

static void *xcalloc(size_t n, size_t size, bool *ok)
{
    void *p = calloc(n ? n : 1, size);
    if (!p)
        *ok = false;
    return p;
}

pl_heuristic *pl_heuristic_new(const pl_relaxed *r, pl_heuristic_kind kind, const int *goal, int ngoal,
                               const bool *disabled)
{
    pl_heuristic *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    bool ok = true;
    int n = r->task->natoms;
    h->r = r;
    h->kind = h->used = kind;
    if (kind == PL_H_LMCUT && r->split_effects)
        h->used = PL_H_MAX;
    h->true_atom = n;
    h->goal_atom = n + 1;
    h->natoms = n + 2;
    h->nops = r->nops + 1;
    h->pre = xcalloc((size_t)h->nops, sizeof *h->pre, &ok);
    h->npre = xcalloc((size_t)h->nops, sizeof *h->npre, &ok);
    h->eff = xcalloc((size_t)h->nops, sizeof *h->eff, &ok);
    h->neff = xcalloc((size_t)h->nops, sizeof *h->neff, &ok);
    h->cost = xcalloc((size_t)h->nops, sizeof *h->cost, &ok);
    h->base_cost = xcalloc((size_t)h->nops, sizeof *h->base_cost, &ok);
    h->disabled = xcalloc((size_t)h->nops, sizeof *h->disabled, &ok);
    h->unsat = xcalloc((size_t)h->nops, sizeof *h->unsat, &ok);
    h->opval = xcalloc((size_t)h->nops, sizeof *h->opval, &ok);
    h->supporter = xcalloc((size_t)h->nops, sizeof *h->supporter, &ok);
    h->pre_of = xcalloc((size_t)h->natoms, sizeof *h->pre_of, &ok);
    h->npre_of = xcalloc((size_t)h->natoms, sizeof *h->npre_of, &ok);
    h->add_of = xcalloc((size_t)h->natoms, sizeof *h->add_of, &ok);
    h->nadd_of = xcalloc((size_t)h->natoms, sizeof *h->nadd_of, &ok);
    h->val = xcalloc((size_t)h->natoms, sizeof *h->val, &ok);
    h->best_op = xcalloc((size_t)h->natoms, sizeof *h->best_op, &ok);
    h->status = xcalloc((size_t)h->natoms, 1, &ok);
    h->marked = xcalloc((size_t)h->nops, 1, &ok);
    h->stack = xcalloc((size_t)h->natoms + (size_t)h->nops, sizeof *h->stack, &ok);
    h->goal = xcalloc((size_t)ngoal + 1, sizeof *h->goal, &ok);
    if (!ok) {
        pl_heuristic_free(h);
        return NULL;
    }
    memcpy(h->goal, goal, (size_t)ngoal * sizeof *goal);
    h->ngoal = ngoal;
    h->min_cost = PL_H_INF;
    for (int o = 0; o < r->nops; o++) {
        const pl_relaxed_op *op = &r->ops[o];
        h->pre[o] = op->npre ? op->pre : &h->true_atom;
        h->npre[o] = op->npre ? op->npre : 1;
        h->eff[o] = op->eff;
        h->neff[o] = op->neff;
        h->base_cost[o] = op->cost;
        h->disabled[o] = disabled && disabled[op->action];
        if (!h->disabled[o] && op->cost < h->min_cost)
            h->min_cost = op->cost;
    }
    int g = r->nops;
    h->pre[g] = ngoal ? h->goal : &h->true_atom;
    h->npre[g] = ngoal ? ngoal : 1;
    h->eff[g] = &h->goal_atom;
    h->neff[g] = 1;
    /* Per-atom operator lists: the shared relaxed lists plus TRUE/GOAL. */
    for (int a = 0; a < n; a++) {
        h->add_of[a] = r->add_of[a];
        h->nadd_of[a] = r->nadd_of[a];
        int extra = 0;
        for (int i = 0; i < ngoal; i++)
            extra += goal[i] == a;
        if (!extra) {
            h->pre_of[a] = r->pre_of[a];
            h->npre_of[a] = r->npre_of[a];
            continue;
        }
        /* goal atoms also trigger the goal op: private copy of the list */
        int *list = malloc(((size_t)r->npre_of[a] + 1) * sizeof *list);
        if (!list) {
            pl_heuristic_free(h);
            return NULL;
        }
        memcpy(list, r->pre_of[a], (size_t)r->npre_of[a] * sizeof *list);
        list[r->npre_of[a]] = g;
        h->pre_of[a] = list;
        h->npre_of[a] = r->npre_of[a] + 1;
    }
    int *true_ops = malloc(((size_t)r->nno_pre + 2) * sizeof *true_ops);
    if (!true_ops) {
        pl_heuristic_free(h);
        return NULL;
    }
    memcpy(true_ops, r->no_pre_ops, (size_t)r->nno_pre * sizeof *true_ops);
    int ntrue = r->nno_pre;
    if (!ngoal)
        true_ops[ntrue++] = g;
    h->pre_of[h->true_atom] = true_ops;
    h->npre_of[h->true_atom] = ntrue;
    /* GOAL's only achiever is the goal op; mark_goal_plateau handles it. */
    return h;
}

static bool owns_pre_list(const pl_heuristic *h, int a)
{
    if (a == h->true_atom)
        return true;
    return a < h->r->task->natoms && h->pre_of[a] != h->r->pre_of[a];
}

void pl_heuristic_free(pl_heuristic *h)
{
    if (!h)
        return;
    for (int a = 0; h->pre_of && a < h->natoms; a++)
        if (h->pre_of[a] && owns_pre_list(h, a))
            free(h->pre_of[a]);
    free(h->pre);
    free(h->npre);
    free(h->eff);
    free(h->neff);
    free(h->cost);
    free(h->base_cost);
    free(h->disabled);
    free(h->unsat);
    free(h->opval);
    free(h->supporter);
    free(h->pre_of);
    free(h->npre_of);
    free(h->add_of);
    free(h->nadd_of);
    free(h->val);
    free(h->best_op);
    free(h->status);
    free(h->marked);
    free(h->stack);
    free(h->goal);
    pl_heap_free(&h->heap);
    free(h);
}

static void enqueue(pl_heuristic *h, int atom, int cost, int op)
{
    if (cost < h->val[atom]) {
        h->val[atom] = cost;
        h->best_op[atom] = op;
        pl_heap_push(&h->heap, (uint64_t)cost, atom);
    }
}

/* Generalised Dijkstra: h_max (additive = false) or h_add (true). */
static void explore(pl_heuristic *h, const uint64_t *state, bool additive)
{
    int n = h->r->task->natoms;
    for (int a = 0; a < h->natoms; a++)
        h->val[a] = PL_H_INF;
    for (int o = 0; o < h->nops; o++) {
        h->unsat[o] = h->npre[o];
        h->opval[o] = 0;
    }
    pl_heap_clear(&h->heap);
    enqueue(h, h->true_atom, 0, -1);
    for (int a = 0; a < n; a++)
        if (pl_state_has(state, a))
            enqueue(h, a, 0, -1);
    while (h->heap.count) {
        pl_heap_item top = pl_heap_pop(&h->heap);
        int p = top.value, c = (int)top.key;
        if (c > h->val[p])
            continue;
        for (int i = 0; i < h->npre_of[p]; i++) {
            int o = h->pre_of[p][i];
            if (h->disabled[o])
                continue;
            if (additive) {
                long long sum = (long long)h->opval[o] + c;
                h->opval[o] = sum > PL_H_INF / 2 ? PL_H_INF / 2 : (int)sum;
            } else if (c > h->opval[o]) {
                h->opval[o] = c;
            }
            if (--h->unsat[o] == 0) {
                h->supporter[o] = p;
                long long target = (long long)h->opval[o] + h->cost[o];
                if (target >= PL_H_INF)
                    target = PL_H_INF - 1;
                for (int k = 0; k < h->neff[o]; k++)
                    enqueue(h, h->eff[o][k], (int)target, o);
            }
        }
    }
}

static void mark_goal_plateau(pl_heuristic *h, int atom)
{
    int top = 0;
    h->stack[top++] = atom;
    while (top) {
        int p = h->stack[--top];
        if (h->status[p] == GOAL_ZONE)
            continue;
        h->status[p] = GOAL_ZONE;
        if (p == h->goal_atom) {
            int g = h->nops - 1;
            if (h->cost[g] == 0)
                h->stack[top++] = h->supporter[g];
            continue;
        }
        if (p == h->true_atom)
            continue;
        for (int i = 0; i < h->nadd_of[p]; i++) {
            int o = h->add_of[p][i];
            if (!h->disabled[o] && h->cost[o] == 0 && h->unsat[o] == 0)
                h->stack[top++] = h->supporter[o];
        }
    }
}

/* Forward from the state through supporters, stopping at the goal zone;
 * the operators that enter it form the cut.  Returns the cut's cost. */
static int find_cut(pl_heuristic *h, const uint64_t *state, int *cut, int *ncut)
{
    int n = h->r->task->natoms, top = 0;
    *ncut = 0;
    h->status[h->true_atom] = BEFORE_GOAL_ZONE;
    h->stack[top++] = h->true_atom;
    for (int a = 0; a < n; a++)
        if (pl_state_has(state, a)) {
            h->status[a] = BEFORE_GOAL_ZONE;
            h->stack[top++] = a;
        }
    while (top) {
        int p = h->stack[--top];
        for (int i = 0; i < h->npre_of[p]; i++) {
            int o = h->pre_of[p][i];
            if (h->disabled[o] || h->unsat[o] != 0 || h->supporter[o] != p || h->marked[o])
                continue;
            bool into_zone = false;
            for (int k = 0; k < h->neff[o] && !into_zone; k++)
                into_zone = h->status[h->eff[o][k]] == GOAL_ZONE;
            if (into_zone) {
                h->marked[o] = 1;
                cut[(*ncut)++] = o;
                continue;
            }
            for (int k = 0; k < h->neff[o]; k++) {
                int e = h->eff[o][k];
                if (h->status[e] != BEFORE_GOAL_ZONE) {
                    h->status[e] = BEFORE_GOAL_ZONE;
                    h->stack[top++] = e;
                }
            }
        }
    }
    int m = PL_H_INF;
    for (int i = 0; i < *ncut; i++) {
        h->marked[cut[i]] = 0;
        if (h->cost[cut[i]] < m)
            m = h->cost[cut[i]];
    }
    return m;
}

static int lmcut(pl_heuristic *h, const uint64_t *state)
{
    memcpy(h->cost, h->base_cost, (size_t)h->nops * sizeof *h->cost);
    int *cut = malloc((size_t)h->nops * sizeof *cut);
    if (!cut)
        return 0; /* out of memory: 0 is still admissible */
    long long total = 0;
    for (;;) {
        explore(h, state, false);
        if (h->val[h->goal_atom] == PL_H_INF) {
            total = PL_H_INF;
            break;
        }
        if (h->val[h->goal_atom] == 0)
            break;
        memset(h->status, 0, (size_t)h->natoms);
        mark_goal_plateau(h, h->goal_atom);
        int ncut;
        int m = find_cut(h, state, cut, &ncut);
        if (ncut == 0 || m == PL_H_INF || m <= 0)
            break; /* cannot happen with h_max(goal) > 0; stay admissible */
        for (int i = 0; i < ncut; i++)
            h->cost[cut[i]] -= m;
        total += m;
    }
    free(cut);
    return total >= PL_H_INF ? PL_H_INF : (int)total;
}

static int ff(pl_heuristic *h)
{
    if (h->val[h->goal_atom] == PL_H_INF)
        return PL_H_INF;
    memset(h->marked, 0, (size_t)h->nops);
    long long total = 0;
    int top = 0;
    for (int i = 0; i < h->ngoal; i++)
        h->stack[top++] = h->goal[i];
    while (top) {
        int p = h->stack[--top];
        int o = h->best_op[p];
        if (o < 0 || h->val[p] == 0 || h->marked[o])
            continue;
        h->marked[o] = 1;
        total += h->base_cost[o];
        for (int k = 0; k < h->npre[o]; k++)
            h->stack[top++] = h->pre[o][k];
    }
    return total >= PL_H_INF ? PL_H_INF - 1 : (int)total;
}

int pl_heuristic_eval(pl_heuristic *h, const uint64_t *state)
{
    switch (h->used) {
    case PL_H_BLIND: {
        for (int i = 0; i < h->ngoal; i++)
            if (!pl_state_has(state, h->goal[i]))
                return h->min_cost == PL_H_INF ? 0 : h->min_cost;
        return 0;
    }
    case PL_H_LMCUT:
        return lmcut(h, state);
    case PL_H_MAX:
        memcpy(h->cost, h->base_cost, (size_t)h->nops * sizeof *h->cost);
        explore(h, state, false);
        return h->val[h->goal_atom];
    case PL_H_ADD:
        memcpy(h->cost, h->base_cost, (size_t)h->nops * sizeof *h->cost);
        explore(h, state, true);
        return h->val[h->goal_atom];
    case PL_H_FF:
        memcpy(h->cost, h->base_cost, (size_t)h->nops * sizeof *h->cost);
        explore(h, state, true);
        return ff(h);
    }
    return 0;
}

pl_heuristic_kind pl_heuristic_kind_used(const pl_heuristic *h)
{
    return h->used;
}

const char *pl_heuristic_name(pl_heuristic_kind k)
{
    static const char *const names[] = {"blind", "hmax", "lmcut", "hadd", "hff"};
    return (unsigned)k < 5 ? names[k] : "?";
}
