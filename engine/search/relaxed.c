/* The delete relaxation of a grounded task, built once and shared. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "search/heuristic.h"
#include "search/mutex.h"
#include "search/symmetry.h"

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int sort_unique(int *v, int n)
{
    if (n < 2)
        return n;
    qsort(v, (size_t)n, sizeof *v, cmp_int);
    int k = 1;
    for (int i = 1; i < n; i++)
        if (v[i] != v[k - 1])
            v[k++] = v[i];
    return k;
}

typedef struct {
    pl_relaxed_op *ops;
    int count, cap;
} op_list;

static int add_op(op_list *l, const int *pre, int npre, const int *eff, int neff, int cost, int action)
{
    if (neff == 0)
        return 0; /* adds nothing: irrelevant to every relaxed estimate */
    if (l->count == l->cap) {
        int cap = l->cap ? l->cap * 2 : 64;
        pl_relaxed_op *ops = realloc(l->ops, (size_t)cap * sizeof *ops);
        if (!ops)
            return -1;
        l->ops = ops;
        l->cap = cap;
    }
    pl_relaxed_op *op = &l->ops[l->count];
    op->pre = malloc(((size_t)npre + 1) * sizeof *op->pre);
    op->eff = malloc(((size_t)neff + 1) * sizeof *op->eff);
    if (!op->pre || !op->eff) {
        free(op->pre);
        free(op->eff);
        return -1;
    }
    for (int i = 0; i < npre; i++)
        op->pre[i] = pre[i];
    for (int i = 0; i < neff; i++)
        op->eff[i] = eff[i];
    op->npre = sort_unique(op->pre, npre);
    op->neff = sort_unique(op->eff, neff);
    op->cost = cost;
    op->action = action;
    l->count++;
    return 0;
}

/* Index lists atom -> ops, in two passes (count, fill). */
static int build_index(const pl_relaxed *r, int natoms, bool pre, int ***lists, int **counts)
{
    *counts = calloc((size_t)natoms + 1, sizeof **counts);
    *lists = calloc((size_t)natoms + 1, sizeof **lists);
    if (!*counts || !*lists)
        return -1;
    for (int o = 0; o < r->nops; o++) {
        const pl_relaxed_op *op = &r->ops[o];
        for (int i = 0; i < (pre ? op->npre : op->neff); i++)
            (*counts)[pre ? op->pre[i] : op->eff[i]]++;
    }
    for (int a = 0; a < natoms; a++) {
        (*lists)[a] = malloc(((size_t)(*counts)[a] + 1) * sizeof(int));
        if (!(*lists)[a])
            return -1;
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

pl_relaxed *pl_relaxed_new(const pl_task *t)
{
    pl_relaxed *r = calloc(1, sizeof *r);
    int *pre = malloc(((size_t)t->natoms * 2 + 1) * sizeof *pre);
    int *eff = malloc(((size_t)t->natoms + 1) * sizeof *eff);
    if (!r || !pre || !eff)
        goto fail;
    r->task = t;
    r->integral_costs = true;
    r->action_cost = malloc(((size_t)t->nactions + 1) * sizeof *r->action_cost);
    if (!r->action_cost)
        goto fail;
    op_list ops = {0};
    for (int a = 0; a < t->nactions; a++) {
        const pl_gaction *ga = &t->actions[a];
        double c = ga->cost;
        if (c < 0 || c != floor(c) || c > 1e9)
            r->integral_costs = false;
        int cost = (int)c;
        r->action_cost[a] = cost;
        int npre = 0;
        for (int i = 0; i < ga->npre_pos; i++)
            pre[npre++] = ga->pre_pos[i];
        npre += pl_cond_required_atoms(t, ga->pre, pre + npre);
        int neff = 0;
        for (int i = 0; i < ga->neffs; i++)
            if (ga->effs[i].add && ga->effs[i].cond == PL_GF_TRUE)
                eff[neff++] = ga->effs[i].atom;
        if (add_op(&ops, pre, npre, eff, neff, cost, a) < 0)
            goto fail_ops;
        for (int i = 0; i < ga->neffs; i++) {
            if (!ga->effs[i].add || ga->effs[i].cond == PL_GF_TRUE)
                continue;
            int extra = pl_cond_required_atoms(t, ga->effs[i].cond, pre + npre);
            if (add_op(&ops, pre, npre + extra, &ga->effs[i].atom, 1, cost, a) < 0)
                goto fail_ops;
            r->split_effects = true;
        }
        continue;
    fail_ops:
        r->ops = ops.ops;
        r->nops = ops.count;
        goto fail;
    }
    r->ops = ops.ops;
    r->nops = ops.count;
    if (build_index(r, t->natoms, true, &r->pre_of, &r->npre_of) < 0 ||
        build_index(r, t->natoms, false, &r->add_of, &r->nadd_of) < 0)
        goto fail;
    r->no_pre_ops = malloc(((size_t)r->nops + 1) * sizeof *r->no_pre_ops);
    if (!r->no_pre_ops)
        goto fail;
    for (int o = 0; o < r->nops; o++)
        if (r->ops[o].npre == 0)
            r->no_pre_ops[r->nno_pre++] = o;
    free(pre);
    free(eff);
    return r;
fail:
    free(pre);
    free(eff);
    pl_relaxed_free(r);
    return NULL;
}

void pl_relaxed_free(pl_relaxed *r)
{
    if (!r)
        return;
    for (int o = 0; o < r->nops; o++) {
        free(r->ops[o].pre);
        free(r->ops[o].eff);
    }
    free(r->ops);
    int natoms = r->task ? r->task->natoms : 0;
    for (int a = 0; r->pre_of && a < natoms; a++)
        free(r->pre_of[a]);
    for (int a = 0; r->add_of && a < natoms; a++)
        free(r->add_of[a]);
    free(r->pre_of);
    free(r->npre_of);
    free(r->add_of);
    free(r->nadd_of);
    free(r->no_pre_ops);
    free(r->action_cost);
    pl_mutexes_free(r->mutexes);
    pl_symmetry_free(r->symmetry);
    free(r);
}

int pl_relaxed_add_mutexes(pl_relaxed *r)
{
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
