/* Ground axioms and their evaluation: the derived atoms of a state, stratum
 * by stratum, each stratum to its least fixpoint (its positive literals on
 * atoms of the same stratum grow monotonically; negated ones read lower,
 * finished strata only, which the domain's stratification guarantees).
 * Each axiom is tried once, then again only when an atom its body reads
 * became true. */
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

static int index_users(pl_task *t);

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
        /* a task whose rules all lack parameters stores no arguments at all */
        const int *args = a->nparams ? found->args.ids + found->offset.ids[i] : NULL;
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
        if (d->pred_stratum[t->atoms[a].pred] >= 0) {
            pl_state_set(t->derived_mask, a, true);
            t->nderived++;
        }
    t->naxioms = n;
    t->nstrata = nstrata;
    free(list);
    return index_users(t) < 0 ? pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0, "out of memory") : PL_OK;
}

/* Calls fn for every atom of ground condition `cond` (repeats possible). */
static void each_atom(const pl_task *t, int cond, void (*fn)(void *ctx, int atom), void *ctx)
{
    if (cond < 0)
        return;
    const pl_gnode *n = &t->gnodes[cond];
    if (n->kind == PL_G_LIT) {
        fn(ctx, n->atom);
        return;
    }
    for (int i = 0; i < n->count; i++)
        each_atom(t, t->gkids[n->first + i], fn, ctx);
}

typedef struct {
    pl_task *t;
    int axiom;
    int *last; /* per atom: the last axiom counted for it (no repeats) */
} user_pass;

static void count_user(void *ctx, int atom)
{
    user_pass *u = ctx;
    if (u->last[atom] != u->axiom) {
        u->last[atom] = u->axiom;
        u->t->users_start[atom + 1]++;
    }
}

static void add_user(void *ctx, int atom)
{
    user_pass *u = ctx;
    if (u->last[atom] != u->axiom) {
        u->last[atom] = u->axiom;
        u->t->users[u->t->users_start[atom]++] = u->axiom;
    }
}

/* The index atom -> axioms whose body reads it: when a derived atom becomes
 * true, only those can become true with it. */
static int index_users(pl_task *t)
{
    int *last = malloc(((size_t)t->natoms + 1) * sizeof *last);
    t->users_start = pl_arena_calloc(&t->arena, (size_t)t->natoms + 2, sizeof *t->users_start);
    if (!last || !t->users_start) {
        free(last);
        return -1;
    }
    user_pass u = {t, 0, last};
    for (int a = 0; a < t->natoms; a++)
        last[a] = -1;
    for (u.axiom = 0; u.axiom < t->naxioms; u.axiom++)
        each_atom(t, t->axioms[u.axiom].body, count_user, &u);
    for (int a = 0; a < t->natoms; a++)
        t->users_start[a + 1] += t->users_start[a];
    t->users = pl_arena_alloc(&t->arena, ((size_t)t->users_start[t->natoms] + 1) * sizeof *t->users);
    if (!t->users) {
        free(last);
        return -1;
    }
    for (int a = 0; a < t->natoms; a++)
        last[a] = -1;
    for (u.axiom = 0; u.axiom < t->naxioms; u.axiom++) /* fills each list, moving its start to its end */
        each_atom(t, t->axioms[u.axiom].body, add_user, &u);
    for (int a = t->natoms; a > 0; a--)
        t->users_start[a] = t->users_start[a - 1];
    t->users_start[0] = 0;
    free(last);
    return 0;
}

/* Axiom i of the stratum [first, end): when its body holds, its head is set
 * and pushed (each derived atom at most once). */
static inline void fire(const pl_task *t, uint64_t *state, int i, int *stack, int *top)
{
    const pl_gaxiom *ax = &t->axioms[i];
    if (!pl_state_has(state, ax->head) && pl_task_cond_holds(t, ax->body, state)) {
        pl_state_set(state, ax->head, true);
        stack[(*top)++] = ax->head;
    }
}

void pl_task_derive(const pl_task *t, uint64_t *state)
{
    if (!t->derived_mask)
        return;
    for (int w = 0; w < t->words; w++)
        state[w] &= ~t->derived_mask[w];
    int local[256];
    int *stack = t->nderived <= 256 ? local : malloc((size_t)t->nderived * sizeof *stack);
    if (!stack) /* out of memory: the derived atoms stay false */
        return;
    for (int k = 0; k < t->nstrata; k++) {
        int first = t->stratum_start[k], end = t->stratum_start[k + 1], top = 0;
        for (int i = first; i < end; i++)
            fire(t, state, i, stack, &top);
        /* semi-naive: a new atom can only enable the axioms that read it */
        while (top) {
            int atom = stack[--top];
            for (int u = t->users_start[atom]; u < t->users_start[atom + 1]; u++)
                if (t->users[u] >= first && t->users[u] < end)
                    fire(t, state, t->users[u], stack, &top);
        }
    }
    if (stack != local)
        free(stack);
}
