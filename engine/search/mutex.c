#include "search/mutex.h"

#include <stdlib.h>
#include <string.h>

#include "search/heuristic.h"

static void set_pair(pl_mutexes *m, int a, int b, bool *changed)
{
    size_t n = (size_t)m->natoms;
    if (!m->pair[(size_t)a * n + (size_t)b]) {
        m->pair[(size_t)a * n + (size_t)b] = m->pair[(size_t)b * n + (size_t)a] = 1;
        *changed = true;
    }
}

bool pl_mutexes_allow(const pl_mutexes *m, const int *atoms, int n)
{
    for (int i = 0; i < n; i++)
        for (int j = i; j < n; j++)
            if (!pl_mutex_pair_reachable(m, atoms[i], atoms[j]))
                return false;
    return true;
}

/* An action's positive precondition, adds and (unconditional) deletes. */
typedef struct {
    int *pre, *add, *del;
    int npre, nadd, ndel;
} pair_op;

static int build_ops(const pl_task *t, pair_op *ops, unsigned char *in_del)
{
    (void)in_del;
    for (int a = 0; a < t->nactions; a++) {
        const pl_gaction *ga = &t->actions[a];
        pair_op *op = &ops[a];
        op->pre = malloc(((size_t)ga->npre_pos + (size_t)t->natoms + 1) * sizeof *op->pre);
        op->add = malloc(((size_t)ga->neffs + 1) * sizeof *op->add);
        op->del = malloc(((size_t)ga->neffs + 1) * sizeof *op->del);
        if (!op->pre || !op->add || !op->del)
            return -1;
        for (int i = 0; i < ga->npre_pos; i++)
            op->pre[op->npre++] = ga->pre_pos[i];
        op->npre += pl_cond_required_atoms(t, ga->pre, op->pre + op->npre);
        for (int i = 0; i < ga->neffs; i++) {
            const pl_geffect *e = &ga->effs[i];
            if (e->add)
                op->add[op->nadd++] = e->atom;
            else if (e->cond == PL_GF_TRUE)
                op->del[op->ndel++] = e->atom;
        }
    }
    return 0;
}

static bool op_enabled(const pl_mutexes *m, const pair_op *op)
{
    return pl_mutexes_allow(m, op->pre, op->npre);
}

static bool compatible_with_pre(const pl_mutexes *m, const pair_op *op, int c)
{
    for (int i = 0; i < op->npre; i++)
        if (!pl_mutex_pair_reachable(m, c, op->pre[i]))
            return false;
    return true;
}

pl_mutexes *pl_mutexes_new(const pl_task *t, const uint64_t *state)
{
    return pl_mutexes_new_without(t, state, NULL);
}

pl_mutexes *pl_mutexes_new_without(const pl_task *t, const uint64_t *state, const bool *disabled)
{
    pl_mutexes *m = calloc(1, sizeof *m);
    pair_op *ops = calloc((size_t)t->nactions + 1, sizeof *ops);
    unsigned char *mark = calloc((size_t)t->natoms + 1, 1);
    int n = t->natoms;
    if (m)
        m->pair = calloc((size_t)n * (size_t)n + 1, 1);
    if (!m || !ops || !mark || !m->pair || build_ops(t, ops, mark) < 0) {
        pl_mutexes_free(m);
        m = NULL;
        goto done;
    }
    m->natoms = n;
    bool changed = false;
    for (int a = 0; a < n; a++)
        for (int b = a; b < n; b++)
            if (pl_state_has(state, a) && pl_state_has(state, b))
                set_pair(m, a, b, &changed);
    do {
        changed = false;
        for (int o = 0; o < t->nactions; o++) {
            const pair_op *op = &ops[o];
            if ((disabled && disabled[o]) || !op_enabled(m, op))
                continue;
            for (int i = 0; i < op->nadd; i++)
                for (int j = i; j < op->nadd; j++)
                    set_pair(m, op->add[i], op->add[j], &changed);
            /* an atom that survives the action keeps company with its adds */
            for (int i = 0; i < op->ndel; i++)
                mark[op->del[i]] = 1;
            for (int i = 0; i < op->nadd; i++)
                mark[op->add[i]] |= 2;
            for (int c = 0; c < n; c++) {
                if (mark[c] || !pl_mutex_pair_reachable(m, c, c) || !compatible_with_pre(m, op, c))
                    continue;
                for (int i = 0; i < op->nadd; i++)
                    set_pair(m, op->add[i], c, &changed);
            }
            for (int i = 0; i < op->ndel; i++)
                mark[op->del[i]] = 0;
            for (int i = 0; i < op->nadd; i++)
                mark[op->add[i]] = 0;
        }
    } while (changed);
done:
    for (int o = 0; ops && o < t->nactions; o++) {
        free(ops[o].pre);
        free(ops[o].add);
        free(ops[o].del);
    }
    free(ops);
    free(mark);
    return m;
}

void pl_mutexes_free(pl_mutexes *m)
{
    if (!m)
        return;
    free(m->pair);
    free(m);
}
