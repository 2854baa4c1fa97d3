/* h_max, LM-cut (Helmert & Domshlak 2009, incremental as in Fast Downward),
 * h_add, h_FF and blind, over the relaxed task.  Two artificial atoms make
 * every operator uniform: TRUE (the precondition of operators without one)
 * and GOAL (added by an artificial goal operator whose precondition is the
 * goal).  Disabled operators simply never become reachable. */
#include <stdlib.h>
#include <string.h>

#include "search/heuristic.h"
#include "search/relaxed_queue.h"

enum { BEFORE_GOAL_ZONE = 1, GOAL_ZONE = 2 };
enum { NEVER = 1 << 29 }; /* unsatisfied-precondition count of a disabled op */

typedef struct {
    const int *pre;
    const int *eff;
    int npre, neff;
    int cost, base_cost;
    int unsat;
    int opval;           /* h_max / h_add value of the precondition */
    int supporter;       /* h_max supporter atom */
    int supporter_cost;  /* its value when chosen */
    int next_sup, prev_sup; /* LM-cut: the list of ops with the same supporter */
    unsigned zone_epoch;    /* LM-cut: == epoch when the op achieves a goal-zone atom */
    bool disabled;
    bool marked;
} hop;

struct pl_heuristic {
    const pl_relaxed *r;
    pl_heuristic_kind kind, used;
    int natoms;       /* task atoms + TRUE + GOAL */
    int true_atom, goal_atom;
    int nops;         /* relaxed ops + the goal op (last) */
    hop *ops;
    int **pre_of;
    int *npre_of;
    bool *own_pre_of; /* pre_of[a] is a private copy (goal atoms, TRUE) */
    int *val;
    int *sup_head;    /* LM-cut: per atom, the first op it supports (-1 none) */
    int *best_op;     /* h_add achiever, for h_FF */
    unsigned char *status;
    int *stack;
    int *state_atoms; /* the evaluated state's atoms (list_state_atoms) */
    const int *fact_order; /* h_add, h_FF: the order to list them in (r->fact_order) */
    int nstate_atoms;
    int *cut;
    int *goal;
    int ngoal;
    int min_cost;
    unsigned epoch;   /* LM-cut: counts goal zones, so op marks need no clearing */
    /* The last LM-cut evaluation's cuts, per ground action: the summed cost
     * of the cuts it is in (pl_heuristic_successor_bound); the actions with
     * a non-zero sum are listed so that the next evaluation clears them. */
    int *cut_weight;
    int *weighted;
    int nweighted;
    int last_lmcut;   /* that evaluation's value; -1 = the last evaluation found no cuts */
    /* h_FF: counted[a] == ff_epoch when ground action a's cost is in the
     * relaxed plan already (its conditional effects are ops of their own) */
    unsigned *counted;
    unsigned ff_epoch;
    /* h_FF's helpful actions (pl_heuristic_preferred): preferred_mark[a] ==
     * ff_epoch when listed in preferred[0 .. npreferred) */
    unsigned *preferred_mark;
    int *preferred;
    int npreferred;
    /* Those cuts themselves (pl_heuristic_cuts): rec[0] cuts, then each as
     * its cost, its size and its relaxed operators; cuts_complete is false
     * when one could not be recorded (out of memory). */
    int *rec;
    int nrec, cap_rec;
    bool cuts_complete;
    pl_rqueue q;
};

pl_heuristic *pl_heuristic_new(const pl_relaxed *r, pl_heuristic_kind kind, const int *goal, int ngoal,
                               const bool *disabled)
{
    pl_heuristic *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    if (r->negated)
        r = r->negated; /* the relaxation with "not p" atoms */
    int n = r->natoms;
    h->r = r;
    h->kind = h->used = kind;
    if (kind == PL_H_LMCUT && r->split_effects)
        h->used = PL_H_MAX;
    h->true_atom = n;
    h->goal_atom = n + 1;
    h->natoms = n + 2;
    h->nops = r->nops + 1;
    h->ops = calloc((size_t)h->nops, sizeof *h->ops);
    h->pre_of = calloc((size_t)h->natoms, sizeof *h->pre_of);
    h->npre_of = calloc((size_t)h->natoms, sizeof *h->npre_of);
    h->own_pre_of = calloc((size_t)h->natoms, sizeof *h->own_pre_of);
    h->val = calloc((size_t)h->natoms, sizeof *h->val);
    h->sup_head = calloc((size_t)h->natoms, sizeof *h->sup_head);
    h->best_op = calloc((size_t)h->natoms, sizeof *h->best_op);
    h->status = calloc((size_t)h->natoms, 1);
    h->stack = calloc((size_t)h->natoms + (size_t)h->nops, sizeof *h->stack);
    h->cut = calloc((size_t)h->nops, sizeof *h->cut);
    h->state_atoms = calloc((size_t)n + 1, sizeof *h->state_atoms);
    h->goal = calloc((size_t)ngoal + 1, sizeof *h->goal);
    h->cut_weight = calloc((size_t)r->task->nactions + 1, sizeof *h->cut_weight);
    h->weighted = calloc((size_t)r->task->nactions + 1, sizeof *h->weighted);
    h->counted = calloc((size_t)r->task->nactions + 1, sizeof *h->counted);
    h->preferred_mark = calloc((size_t)r->task->nactions + 1, sizeof *h->preferred_mark);
    h->preferred = calloc((size_t)r->task->nactions + 1, sizeof *h->preferred);
    h->last_lmcut = -1;
    if (!h->counted || !h->preferred_mark || !h->preferred || !h->cut_weight || !h->weighted || !h->ops || !h->pre_of || !h->npre_of || !h->own_pre_of || !h->val ||
        !h->sup_head || !h->best_op || !h->status || !h->stack || !h->cut || !h->goal || !h->state_atoms) {
        pl_heuristic_free(h);
        return NULL;
    }
    if (ngoal)
        memcpy(h->goal, goal, (size_t)ngoal * sizeof *goal);
    h->ngoal = ngoal;

    h->min_cost = PL_H_INF;
    /* h_add and h_FF explore as Fast Downward does: in its operator order,
     * with the effects it keeps (heuristic.h), unless actions are disabled
     * (a dropped effect's dominating operator may be one of them) */
    bool fd_order = kind == PL_H_ADD || kind == PL_H_FF, fd_effects = fd_order && !disabled;
    for (int o = 0; o < r->nops; o++) {
        const pl_relaxed_op *op = &r->ops[o];
        hop *ho = &h->ops[o];
        ho->pre = op->npre ? op->pre : &h->true_atom;
        ho->npre = op->npre ? op->npre : 1;
        ho->eff = fd_effects ? op->fd_eff : op->eff;
        ho->neff = fd_effects ? op->nfd_eff : op->neff;
        ho->base_cost = op->cost;
        ho->disabled = disabled && op->action >= 0 && disabled[op->action];
        if (!ho->disabled && op->cost < h->min_cost)
            h->min_cost = op->cost;
    }
    hop *g = &h->ops[r->nops];
    g->pre = ngoal ? h->goal : &h->true_atom;
    g->npre = ngoal ? ngoal : 1;
    g->eff = &h->goal_atom;
    g->neff = 1;
    int *const *pre_of = fd_order ? r->ordered_pre_of : r->pre_of;
    h->fact_order = fd_order ? r->fact_order : NULL;
    for (int a = 0; a < n; a++) {
        h->pre_of[a] = pre_of[a];
        h->npre_of[a] = r->npre_of[a];
    }
    /* Goal atoms also trigger the goal op: they get private list copies. */
    for (int i = 0; i < ngoal; i++) {
        int a = goal[i];
        if (h->own_pre_of[a])
            continue;
        int *list = malloc(((size_t)r->npre_of[a] + 1) * sizeof *list);
        if (!list) {
            pl_heuristic_free(h);
            return NULL;
        }
        if (r->npre_of[a])
            memcpy(list, pre_of[a], (size_t)r->npre_of[a] * sizeof *list);
        list[r->npre_of[a]] = r->nops;
        h->pre_of[a] = list;
        h->npre_of[a] = r->npre_of[a] + 1;
        h->own_pre_of[a] = true;
    }
    int *true_ops = malloc(((size_t)r->nno_pre + 2) * sizeof *true_ops);
    if (!true_ops) {
        pl_heuristic_free(h);
        return NULL;
    }
    if (r->nno_pre)
        memcpy(true_ops, fd_order ? r->ordered_no_pre_ops : r->no_pre_ops, (size_t)r->nno_pre * sizeof *true_ops);
    int ntrue = r->nno_pre;
    if (!ngoal)
        true_ops[ntrue++] = r->nops;
    h->pre_of[h->true_atom] = true_ops;
    h->npre_of[h->true_atom] = ntrue;
    h->own_pre_of[h->true_atom] = true;
    return h;
}

void pl_heuristic_free(pl_heuristic *h)
{
    if (!h)
        return;
    for (int a = 0; h->pre_of && h->own_pre_of && a < h->natoms; a++)
        if (h->own_pre_of[a])
            free(h->pre_of[a]);
    free(h->ops);
    free(h->pre_of);
    free(h->npre_of);
    free(h->own_pre_of);
    free(h->val);
    free(h->sup_head);
    free(h->best_op);
    free(h->status);
    free(h->stack);
    free(h->cut);
    free(h->state_atoms);
    free(h->goal);
    free(h->cut_weight);
    free(h->weighted);
    free(h->counted);
    free(h->preferred_mark);
    free(h->preferred);
    free(h->rec);
    pl_rq_free(&h->q);
    free(h);
}

static bool relaxed_atom_holds(const pl_heuristic *h, const uint64_t *state, int atom)
{
    int n = h->r->task->natoms;
    if (atom >= n + h->r->nnegated)
        return false; /* an auxiliary atom: the exploration decides */
    return atom < n ? pl_state_has(state, atom) : !pl_state_has(state, h->r->negated_base[atom - n]);
}

/* Lists the relaxed atoms true in `state` in h->state_atoms (the task's
 * atoms it holds, the "not p" atoms of those it does not): the exploration
 * and each of LM-cut's cut searches start from them.  h_add and h_FF list
 * them in Fast Downward's order, which breaks their ties as its do. */
static void list_state_atoms(pl_heuristic *h, const uint64_t *state)
{
    int n = h->r->task->natoms, count = 0;
    int *out = h->state_atoms;
    if (h->fact_order) {
        for (int i = 0, total = n + h->r->nnegated; i < total; i++)
            if (relaxed_atom_holds(h, state, h->fact_order[i]))
                out[count++] = h->fact_order[i];
        h->nstate_atoms = count;
        return;
    }
    for (int w = 0, words = h->r->task->words; w < words; w++)
        for (uint64_t bits = state[w]; bits; bits &= bits - 1) {
            int a = w * 64 + __builtin_ctzll(bits);
            if (a < n)
                out[count++] = a;
        }
    for (int i = 0; i < h->r->nnegated; i++)
        if (!pl_state_has(state, h->r->negated_base[i]))
            out[count++] = n + i;
    h->nstate_atoms = count;
}

static inline void enqueue(pl_heuristic *h, int atom, int cost, int op)
{
    if (cost < h->val[atom]) {
        h->val[atom] = cost;
        h->best_op[atom] = op;
        pl_rq_push(&h->q, cost, atom);
    }
}

/* LM-cut walks from each atom to the operators it supports: each reached
 * operator sits in its supporter's list, so the walk does not scan every
 * operator that merely has the atom as a precondition. */
static void link_supported(pl_heuristic *h, int o, int atom)
{
    hop *op = &h->ops[o];
    op->supporter = atom;
    op->prev_sup = -1;
    op->next_sup = h->sup_head[atom];
    if (op->next_sup >= 0)
        h->ops[op->next_sup].prev_sup = o;
    h->sup_head[atom] = o;
}

static void unlink_supported(pl_heuristic *h, int o)
{
    hop *op = &h->ops[o];
    if (op->prev_sup >= 0)
        h->ops[op->prev_sup].next_sup = op->next_sup;
    else
        h->sup_head[op->supporter] = op->next_sup;
    if (op->next_sup >= 0)
        h->ops[op->next_sup].prev_sup = op->prev_sup;
}

/* Generalised Dijkstra: h_max (additive = false) or h_add (true), with
 * every operator at its own cost (LM-cut lowers them afterwards).  The
 * tables are restrict-qualified locals: without that, every store to an
 * atom's value may alias the queue's counters and the table pointers, which
 * the inner loop would reload (a fifth of all grading time is spent here). */
static void explore_reset(pl_heuristic *h)
{
    for (int a = 0, n = h->natoms; a < n; a++) {
        h->val[a] = PL_H_INF;
        h->sup_head[a] = -1;
    }
    for (int o = 0, n = h->nops; o < n; o++) {
        hop *op = &h->ops[o];
        op->cost = op->base_cost;
        op->unsat = op->disabled ? NEVER : op->npre;
        op->opval = 0;
    }
}

/* The Dijkstra itself, from explore_reset's tables (incremental LM-cut
 * lowers some operators' costs in between). */
static void explore_run(pl_heuristic *h, bool additive)
{
    hop *restrict ops = h->ops;
    int *restrict val = h->val;
    int *restrict best_op = h->best_op;
    int *const *pre_of = h->pre_of;
    const int *npre_of = h->npre_of;
    pl_rqueue *q = &h->q;
    pl_rq_clear(q);
    enqueue(h, h->true_atom, 0, -1);
    for (int i = 0; i < h->nstate_atoms; i++)
        enqueue(h, h->state_atoms[i], 0, -1);
    while (q->count) {
        int c;
        int p = pl_rq_pop(q, &c);
        if (c > val[p])
            continue;
        const int *list = pre_of[p];
        for (int i = 0, m = npre_of[p]; i < m; i++) {
            int o = list[i];
            hop *op = &ops[o];
            if (additive) {
                long long sum = (long long)op->opval + c;
                op->opval = sum > PL_H_INF / 2 ? PL_H_INF / 2 : (int)sum;
            } else if (c > op->opval) {
                op->opval = c;
            }
            if (--op->unsat == 0) {
                if (additive)
                    op->supporter = p;
                else
                    link_supported(h, o, p);
                op->supporter_cost = c;
                long long sum = (long long)op->opval + op->cost;
                int target = sum >= PL_H_INF ? PL_H_INF - 1 : (int)sum;
                for (int k = 0, ne = op->neff; k < ne; k++) {
                    int e = op->eff[k];
                    if (target < val[e]) {
                        val[e] = target;
                        best_op[e] = o;
                        pl_rq_push(q, target, e);
                    }
                }
            }
        }
    }
}

static void explore(pl_heuristic *h, bool additive)
{
    explore_reset(h);
    explore_run(h, additive);
}

/* After the costs of the cut operators dropped, lower the h_max values that
 * depend on them (Fast Downward's incremental exploration). */
static void explore_incremental(pl_heuristic *h, int ncut)
{
    pl_rq_clear(&h->q);
    for (int i = 0; i < ncut; i++) {
        const hop *op = &h->ops[h->cut[i]];
        for (int k = 0; k < op->neff; k++)
            enqueue(h, op->eff[k], op->supporter_cost + op->cost, h->cut[i]);
    }
    while (h->q.count) {
        int c;
        int p = pl_rq_pop(&h->q, &c);
        if (c > h->val[p])
            continue;
        /* only the operators p supports can get cheaper: p's supporter list */
        for (int o = h->sup_head[p], next; o >= 0; o = next) {
            hop *op = &h->ops[o];
            next = op->next_sup; /* o may move to another atom's list below */
            if (op->supporter_cost <= c)
                continue;
            /* the supporter got cheaper: the most expensive precondition may now be another */
            int best = op->pre[0];
            for (int k = 1; k < op->npre; k++)
                if (h->val[op->pre[k]] > h->val[best])
                    best = op->pre[k];
            int old = op->supporter_cost;
            if (best != p) {
                unlink_supported(h, o);
                link_supported(h, o, best);
            }
            op->supporter_cost = h->val[best];
            if (op->supporter_cost != old)
                for (int k = 0; k < op->neff; k++)
                    enqueue(h, op->eff[k], op->supporter_cost + op->cost, o);
        }
    }
}

/* The goal zone: atoms that reach the goal through cost-0 supporters.  Each
 * operator achieving one of them is marked as entering the zone.  An atom
 * joins the zone when pushed, so it is pushed once: an operator adding
 * several zone atoms meets its supporter once per atom, which overflowed
 * the stack (natoms + nops) when the zone was marked on popping. */
static void mark_goal_plateau(pl_heuristic *h)
{
    hop *ops = h->ops;
    if (++h->epoch == 0) { /* wrapped: old marks could match again */
        for (int o = 0; o < h->nops; o++)
            ops[o].zone_epoch = 0;
        h->epoch = 1;
    }
    /* the tables in locals, as in find_cut */
    const unsigned epoch = h->epoch;
    unsigned char *status = h->status;
    int *stack = h->stack;
    const int goal_atom = h->goal_atom, true_atom = h->true_atom;
    int *const *add_of = h->r->add_of;
    const int *nadd_of = h->r->nadd_of;
    int top = 0;
    status[goal_atom] = GOAL_ZONE;
    stack[top++] = goal_atom;
    while (top) {
        int p = stack[--top], next = -1;
        if (p == goal_atom) {
            hop *g = &ops[h->nops - 1];
            g->zone_epoch = epoch;
            if (g->cost == 0)
                next = g->supporter;
        } else if (p != true_atom) {
            const int *adders = add_of[p];
            for (int i = 0, m = nadd_of[p]; i < m; i++) {
                hop *op = &ops[adders[i]];
                op->zone_epoch = epoch;
                if (op->cost == 0 && op->unsat == 0 && status[op->supporter] != GOAL_ZONE) {
                    status[op->supporter] = GOAL_ZONE;
                    stack[top++] = op->supporter;
                }
            }
        }
        if (next >= 0 && status[next] != GOAL_ZONE) {
            status[next] = GOAL_ZONE;
            stack[top++] = next;
        }
    }
}

/* Forward from the state through supporters, stopping at the goal zone;
 * the operators that enter it form the cut.  Returns the cut's cost.  Each
 * atom is pushed once and each operator sits in its supporter's list only,
 * so each operator is met at most once. */
static int find_cut(pl_heuristic *h, int *ncut)
{
    /* the tables in locals: each store through the byte array `status` may
     * alias any field of h, which the loop would otherwise reload */
    hop *ops = h->ops;
    unsigned char *status = h->status;
    int *stack = h->stack, *cut = h->cut;
    const int *sup_head = h->sup_head;
    const unsigned epoch = h->epoch;
    int top = 0, n = 0;
    status[h->true_atom] = BEFORE_GOAL_ZONE;
    stack[top++] = h->true_atom;
    for (int i = 0; i < h->nstate_atoms; i++) {
        status[h->state_atoms[i]] = BEFORE_GOAL_ZONE;
        stack[top++] = h->state_atoms[i];
    }
    while (top) {
        int p = stack[--top];
        for (int o = sup_head[p]; o >= 0; o = ops[o].next_sup) {
            const hop *op = &ops[o];
            if (op->zone_epoch == epoch) {
                cut[n++] = o;
                continue;
            }
            const int *eff = op->eff;
            for (int k = 0, m = op->neff; k < m; k++) {
                int e = eff[k];
                if (status[e] != BEFORE_GOAL_ZONE) {
                    status[e] = BEFORE_GOAL_ZONE;
                    stack[top++] = e;
                }
            }
        }
    }
    *ncut = n;
    int m = PL_H_INF;
    for (int i = 0; i < n; i++)
        if (ops[cut[i]].cost < m)
            m = ops[cut[i]].cost;
    return m;
}

static bool record_cut(pl_heuristic *h, const int *cut, int ncut, int m)
{
    if (h->nrec + ncut + 2 > h->cap_rec) {
        int cap = h->cap_rec ? h->cap_rec : 256;
        while (cap < h->nrec + ncut + 2)
            cap *= 2;
        int *rec = realloc(h->rec, (size_t)cap * sizeof *rec);
        if (!rec)
            return false;
        h->rec = rec;
        h->cap_rec = cap;
    }
    h->rec[h->nrec++] = m;
    h->rec[h->nrec++] = ncut;
    memcpy(h->rec + h->nrec, cut, (size_t)ncut * sizeof *cut);
    h->nrec += ncut;
    h->rec[0]++;
    return true;
}

/* Adds the cut's cost m to the weight of each action in it (the goal op is
 * no action) and records the cut. */
static void take_cut(pl_heuristic *h, const int *cut, int ncut, int m)
{
    const pl_relaxed_op *rops = h->r->ops;
    for (int i = 0; i < ncut; i++) {
        if (cut[i] == h->nops - 1 || rops[cut[i]].action < 0)
            continue;
        int a = rops[cut[i]].action;
        if (!h->cut_weight[a])
            h->weighted[h->nweighted++] = a;
        h->cut_weight[a] += m;
    }
    if (h->cuts_complete && !record_cut(h, cut, ncut, m))
        h->cuts_complete = false;
}

/* LM-cut's rounds from the current h_max values, `total` already taken. */
static int lmcut_rounds(pl_heuristic *h, long long total)
{
    for (;;) {
        if (h->val[h->goal_atom] == PL_H_INF)
            return PL_H_INF;
        if (h->val[h->goal_atom] == 0)
            break;
        memset(h->status, 0, (size_t)h->natoms);
        mark_goal_plateau(h);
        int ncut;
        int m = find_cut(h, &ncut);
        if (ncut == 0 || m == PL_H_INF || m <= 0)
            break; /* cannot happen while h_max(goal) > 0; stopping stays admissible */
        for (int i = 0; i < ncut; i++)
            h->ops[h->cut[i]].cost -= m;
        take_cut(h, h->cut, ncut, m);
        total += m;
        explore_incremental(h, ncut);
    }
    h->last_lmcut = total >= PL_H_INF ? PL_H_INF - 1 : (int)total;
    return h->last_lmcut;
}

static int lmcut(pl_heuristic *h)
{
    explore(h, false);
    return lmcut_rounds(h, 0);
}

/* Does relaxed atom q hold in the evaluated state?  An atom of the state
 * has no supporter; an auxiliary atom (a disjunction's, a quantifier's)
 * holds when its supporter, an operator that is no action, had all its
 * preconditions hold (Fast Downward evaluates such conditions as axioms in
 * every state).  Such atoms come after those they depend on: this ends. */
static bool given(const pl_heuristic *h, int q)
{
    int o = h->best_op[q];
    if (o < 0)
        return true;
    if (o >= h->r->nops || h->r->ops[o].action >= 0 || h->val[q] != 0)
        return false;
    const hop *op = &h->ops[o];
    for (int k = 0; k < op->npre; k++)
        if (!given(h, op->pre[k]))
            return false;
    return true;
}

/* h_FF as Fast Downward's ff() computes it: from each goal atom back
 * through its h_add supporter (best_op, the first achiever found at the
 * lowest cost) to atoms of the state, each atom once; the relaxed plan is
 * the set of operators met (marked), and each ground action in it is paid
 * once, however many of its operators (conditional effects) it has.  An
 * operator all of whose preconditions hold in the state (given) is a
 * helpful action (Fast Downward's preferred operator), listed in
 * h->preferred. */
static int ff(pl_heuristic *h)
{
    h->npreferred = 0;
    if (h->val[h->goal_atom] == PL_H_INF)
        return PL_H_INF;
    hop *ops = h->ops;
    const int *best_op = h->best_op;
    const pl_relaxed_op *rops = h->r->ops;
    for (int o = 0; o < h->nops; o++)
        ops[o].marked = false;
    if (++h->ff_epoch == 0) { /* wrapped: old marks could match again */
        memset(h->counted, 0, (size_t)h->r->task->nactions * sizeof *h->counted);
        memset(h->preferred_mark, 0, (size_t)h->r->task->nactions * sizeof *h->preferred_mark);
        h->ff_epoch = 1;
    }
    long long total = 0;
    int top = 0;
    /* each atom goes on the stack once: the stack holds natoms + nops */
    memset(h->status, 0, (size_t)h->natoms);
    for (int i = 0; i < h->ngoal; i++)
        if (!h->status[h->goal[i]]) {
            h->status[h->goal[i]] = 1;
            h->stack[top++] = h->goal[i];
        }
    while (top) {
        int p = h->stack[--top];
        int o = best_op[p];
        if (o < 0 || ops[o].marked) /* true in the state, or met already */
            continue;
        hop *op = &ops[o];
        op->marked = true;
        bool helpful = true;
        for (int k = 0; k < op->npre; k++) {
            int q = op->pre[k];
            helpful = helpful && given(h, q);
            if (!h->status[q]) {
                h->status[q] = 1;
                h->stack[top++] = q;
            }
        }
        int a = o < h->r->nops ? rops[o].action : -1; /* the goal op and axioms are no actions */
        if (a < 0)
            continue;
        if (h->counted[a] != h->ff_epoch) {
            h->counted[a] = h->ff_epoch;
            total += op->base_cost;
        }
        if (helpful && h->preferred_mark[a] != h->ff_epoch) {
            h->preferred_mark[a] = h->ff_epoch;
            h->preferred[h->npreferred++] = a;
        }
    }
    return total >= PL_H_INF ? PL_H_INF - 1 : (int)total;
}

void pl_heuristic_unit_costs(pl_heuristic *h)
{
    const pl_relaxed_op *rops = h->r->ops;
    h->min_cost = PL_H_INF;
    for (int o = 0; o < h->r->nops; o++) {
        h->ops[o].base_cost = rops[o].action >= 0;
        if (!h->ops[o].disabled && h->ops[o].base_cost < h->min_cost)
            h->min_cost = h->ops[o].base_cost;
    }
}

int pl_heuristic_preferred(const pl_heuristic *h, const int **actions)
{
    *actions = h->preferred;
    return h->used == PL_H_FF ? h->npreferred : 0;
}

static bool record_start(pl_heuristic *h)
{
    if (!h->rec && !(h->rec = malloc(256 * sizeof *h->rec)))
        return false;
    h->cap_rec = h->cap_rec ? h->cap_rec : 256;
    h->rec[0] = 0;
    h->nrec = 1;
    return true;
}

/* Forgets the last evaluation's cuts; true when `state` is a goal state,
 * worth 0 under every estimate (A* evaluates every goal child it
 * generates), else lists its atoms. */
static bool begin_eval(pl_heuristic *h, const uint64_t *state)
{
    for (int i = 0; i < h->nweighted; i++)
        h->cut_weight[h->weighted[i]] = 0;
    h->nweighted = 0;
    h->last_lmcut = -1;
    h->npreferred = 0;
    h->nrec = 0;
    h->cuts_complete = record_start(h);
    int i = 0;
    while (i < h->ngoal && relaxed_atom_holds(h, state, h->goal[i]))
        i++;
    if (i == h->ngoal)
        return true;
    if (h->used != PL_H_BLIND)
        list_state_atoms(h, state);
    return false;
}

int pl_heuristic_eval(pl_heuristic *h, const uint64_t *state)
{
    if (begin_eval(h, state))
        return 0;
    switch (h->used) {
    case PL_H_BLIND:
        return h->min_cost == PL_H_INF ? 0 : h->min_cost;
    case PL_H_LMCUT:
        return lmcut(h);
    case PL_H_MAX:
        explore(h, false);
        return h->val[h->goal_atom];
    case PL_H_ADD:
        explore(h, true);
        return h->val[h->goal_atom];
    case PL_H_FF:
        explore(h, true);
        return ff(h);
    }
    return 0;
}

static bool cut_has_action(const pl_heuristic *h, const int *cut, int n, int action)
{
    for (int i = 0; i < n; i++)
        if (cut[i] != h->nops - 1 && h->r->ops[cut[i]].action == action)
            return true;
    return false;
}

int pl_heuristic_eval_child(pl_heuristic *h, const uint64_t *state, const int *parent_cuts, int action)
{
    if (h->used != PL_H_LMCUT)
        return pl_heuristic_eval(h, state);
    if (begin_eval(h, state))
        return 0;
    explore_reset(h);
    long long total = 0;
    const int *at = parent_cuts + 1;
    for (int i = 0; i < parent_cuts[0]; i++) {
        int m = at[0], n = at[1];
        const int *cut = at + 2;
        at += 2 + n;
        if (cut_has_action(h, cut, n, action))
            continue;
        for (int k = 0; k < n; k++)
            h->ops[cut[k]].cost -= m;
        take_cut(h, cut, n, m);
        total += m;
    }
    explore_run(h, false);
    return lmcut_rounds(h, total);
}

int pl_heuristic_cuts_size(const pl_heuristic *h)
{
    return h->last_lmcut < 0 || h->last_lmcut == PL_H_INF || !h->cuts_complete ? 0 : h->nrec;
}

const int *pl_heuristic_cuts(const pl_heuristic *h)
{
    return h->rec;
}

/* Every cut is a landmark of the state: each plan from it uses one of its
 * actions.  A plan from the successor by `action`, after that action, is a
 * plan from the state, so the cuts without the action are landmarks of the
 * successor, and their costs (a cost partitioning) still add up admissibly. */
int pl_heuristic_successor_bound(const pl_heuristic *h, int action)
{
    if (h->last_lmcut < 0 || h->last_lmcut == PL_H_INF)
        return -1;
    int b = h->last_lmcut - h->cut_weight[action];
    return b > 0 ? b : 0;
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

/* The explanation hooks (issue 39 §1): the planner's own tables, read by
 * engine/teach/heuristic_explain.c after an evaluation. */
int pl_heuristic_atom_value(const pl_heuristic *h, int atom)
{
    return h->val[atom];
}

int pl_heuristic_achiever(const pl_heuristic *h, int atom)
{
    return h->val[atom] == PL_H_INF ? -1 : h->best_op[atom];
}

bool pl_heuristic_in_relaxed_plan(const pl_heuristic *h, int op)
{
    return h->ops[op].marked;
}
