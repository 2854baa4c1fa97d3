/* Ground axioms and their evaluation: the derived atoms of a state, stratum
 * by stratum, each stratum to its least fixpoint (its positive literals on
 * atoms of the same stratum grow monotonically; negated ones read lower,
 * finished strata only, which the domain's stratification guarantees). */
#include <stdlib.h>
#include <string.h>

#include "task/ground_internal.h"

typedef struct {
    pl_gaxiom ax;
    int stratum;
} ranked_axiom;

static int by_stratum(const void *a, const void *b)
{
    const ranked_axiom *x = a, *y = b;
    if (x->stratum != y->stratum)
        return x->stratum - y->stratum;
    return x->ax.head - y->ax.head;
}

int pl_ground_axioms(pl_gbuilder *b, const pl_found_actions *found, pl_error *err)
{
    pl_task *t = b->t;
    const pl_domain *d = t->domain;
    if (d->naxioms == 0)
        return PL_OK;
    ranked_axiom *list = malloc(((size_t)found->schema.count + 1) * sizeof *list);
    int binding[PL_MAX_VARS + 1];
    int n = 0;
    if (!list)
        return pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0, "out of memory");
    for (int i = 0; i < found->schema.count; i++) {
        int schema = found->schema.ids[i];
        if (schema < d->nactions)
            continue;
        const pl_action *a = pl_rule_at(d, schema);
        const int *args = found->args.ids + found->offset.ids[i];
        for (int k = 0; k < a->nparams; k++)
            binding[k] = args[k];
        b->vars = a->vars;
        int body = pl_ground_cond(b, a->pre, binding, true);
        int head = pl_task_atom_id(t, a->eff->pred, args);
        if (body == PL_GF_FALSE || head < 0)
            continue;
        list[n].ax = (pl_gaxiom){head, body};
        list[n++].stratum = d->pred_stratum[a->eff->pred];
    }
    qsort(list, (size_t)n, sizeof *list, by_stratum);
    int nstrata = n ? list[n - 1].stratum + 1 : 0;
    t->axioms = pl_arena_alloc(&t->arena, ((size_t)n + 1) * sizeof *t->axioms);
    t->stratum_start = pl_arena_calloc(&t->arena, (size_t)nstrata + 2, sizeof *t->stratum_start);
    t->derived_mask = pl_arena_calloc(&t->arena, (size_t)t->words + 1, sizeof *t->derived_mask);
    if (!t->axioms || !t->stratum_start || !t->derived_mask) {
        free(list);
        return pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0, "out of memory");
    }
    for (int i = 0; i < n; i++) {
        t->axioms[i] = list[i].ax;
        t->stratum_start[list[i].stratum + 1] = i + 1;
    }
    for (int k = 1; k <= nstrata; k++) /* strata without axioms start where the last ended */
        if (t->stratum_start[k] < t->stratum_start[k - 1])
            t->stratum_start[k] = t->stratum_start[k - 1];
    for (int a = 0; a < t->natoms; a++)
        if (d->pred_stratum[t->atoms[a].pred] >= 0)
            pl_state_set(t->derived_mask, a, true);
    t->naxioms = n;
    t->nstrata = nstrata;
    free(list);
    return PL_OK;
}

void pl_task_derive(const pl_task *t, uint64_t *state)
{
    if (!t->derived_mask)
        return;
    for (int w = 0; w < t->words; w++)
        state[w] &= ~t->derived_mask[w];
    for (int k = 0; k < t->nstrata; k++) {
        int first = t->stratum_start[k], end = t->stratum_start[k + 1];
        for (bool changed = true; changed;) {
            changed = false;
            for (int i = first; i < end; i++) {
                const pl_gaxiom *ax = &t->axioms[i];
                if (!pl_state_has(state, ax->head) && pl_task_cond_holds(t, ax->body, state)) {
                    pl_state_set(state, ax->head, true);
                    changed = true;
                }
            }
        }
    }
}
