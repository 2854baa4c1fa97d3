/* Fast Downward's invariant synthesis (invariants.h): candidates, the
 * balance check and refinement.  Names follow translate/invariants.py so
 * the two read side by side. */
#include <stdlib.h>
#include <string.h>

#include "search/invariant_internal.h"

/* ---- candidates ---- */

static int cmp_parts(const inv_part *x, const inv_part *y)
{
    if (x->pred != y->pred)
        return x->pred < y->pred ? -1 : 1;
    for (int i = 0; i < x->nargs && i < y->nargs; i++)
        if (x->args[i] != y->args[i])
            return x->args[i] < y->args[i] ? -1 : 1;
    return (x->nargs > y->nargs) - (x->nargs < y->nargs);
}

const inv_part *inv_part_of(const inv_finder *f, const inv_candidate *c, int pred)
{
    for (int i = 0; i < c->nparts; i++)
        if (f->parts[c->first + i].pred == pred)
            return &f->parts[c->first + i];
    return NULL;
}

/* Queues the invariant made of c's parts and `extra` (NULL: none) unless
 * it was seen or the candidates are at their limit. */
static void enqueue(inv_finder *f, const inv_candidate *c, const inv_part *extra)
{
    int n = (c ? c->nparts : 0) + (extra != NULL);
    if (f->ncands >= INV_MAX_CANDIDATES)
        return;
    if (f->nparts + n > f->cap_parts) {
        int cap = f->cap_parts ? f->cap_parts * 2 : 256;
        while (cap < f->nparts + n)
            cap *= 2;
        inv_part *grown = realloc(f->parts, (size_t)cap * sizeof *grown);
        if (!grown) {
            f->oom = true;
            return;
        }
        f->parts = grown;
        f->cap_parts = cap;
    }
    inv_part *np = &f->parts[f->nparts];
    int k = 0;
    for (int i = 0; c && i < c->nparts; i++)
        np[k++] = f->parts[c->first + i];
    int extra_at = -1;
    if (extra) {
        extra_at = k;
        while (extra_at > 0 && cmp_parts(&np[extra_at - 1], extra) > 0) {
            np[extra_at] = np[extra_at - 1];
            extra_at--;
        }
        np[extra_at] = *extra;
        k++;
    }
    int key[INV_MAX_KEY], len = 0;
    for (int i = 0; i < k; i++) {
        if (len + 3 + np[i].nargs > INV_MAX_KEY)
            return; /* too wide to remember: never a candidate */
        key[len++] = np[i].pred;
        key[len++] = np[i].omitted;
        key[len++] = np[i].nargs;
        for (int j = 0; j < np[i].nargs; j++)
            key[len++] = np[i].args[j];
    }
    int stored = pl_hashmap_put(&f->seen, key, len, f->ncands);
    if (stored == -2) {
        f->oom = true;
        return;
    }
    if (stored != f->ncands)
        return; /* seen */
    if (extra_at >= 0) { /* the caller's arguments may be its scratch: keep a copy */
        size_t bytes = (size_t)(extra->nargs ? extra->nargs : 1) * sizeof(int);
        np[extra_at].args = pl_arena_memdup(&f->arena, extra->args, bytes);
        if (!np[extra_at].args) {
            f->oom = true;
            return;
        }
    }
    if (f->ncands == f->cap_cands) {
        int cap = f->cap_cands ? f->cap_cands * 2 : 64;
        inv_candidate *grown = realloc(f->cands, (size_t)cap * sizeof *grown);
        if (!grown) {
            f->oom = true;
            return;
        }
        f->cands = grown;
        f->cap_cands = cap;
    }
    f->cands[f->ncands++] = (inv_candidate){f->nparts, k};
    f->nparts += k;
}

/* Per fluent predicate: one part over all its arguments, and one counting
 * each position (get_initial_invariants). */
static void initial_candidates(inv_finder *f)
{
    bool *fluent = calloc((size_t)f->d->npreds + 1, sizeof *fluent);
    if (!fluent) {
        f->oom = true;
        return;
    }
    for (int i = 0; i < f->nacts; i++)
        for (int e = 0; e < f->acts[i].neffs; e++)
            fluent[f->acts[i].effs[e].atom.pred] = true;
    for (int p = 0; p < f->d->npreds && !f->oom; p++) {
        if (!fluent[p])
            continue;
        int arity = f->d->preds[p].arity;
        for (int omitted = -1; omitted < arity; omitted++) {
            int args[PL_MAX_ARITY];
            for (int i = 0, next = 0; i < arity; i++)
                args[i] = i == omitted ? INV_COUNTED : next++;
            inv_part x = {p, omitted, arity, args};
            enqueue(f, NULL, &x);
        }
    }
    free(fluent);
}

/* ---- the balance check ---- */

static void ensure_inequality(pl_csys *s, const inv_lit *a, const inv_lit *b)
{
    if (a->pred != b->pred || !a->nargs)
        return;
    pl_csys_begin_ineq(s);
    for (int i = 0; i < a->nargs; i++)
        pl_csys_add_pair(s, a->args[i], b->args[i]);
}

static void cover_pairs(pl_csys *s, const inv_part *p, const inv_lit *l)
{
    for (int i = 0; i < p->nargs; i++)
        if (p->args[i] != INV_COUNTED)
            pl_csys_add_pair(s, PL_INV_PARAM + p->args[i], l->args[i]);
}

/* The invariant's parameters equal the literal's arguments. */
static void ensure_cover(const inv_finder *f, pl_csys *s, const inv_candidate *c, const inv_lit *l)
{
    pl_csys_begin_dnf(s);
    pl_csys_begin_conj(s);
    cover_pairs(s, inv_part_of(f, c, l->pred), l);
}

/* The literals lits[0..n) can hold together. */
static void ensure_conjunction_sat(pl_csys *s, const inv_lit *lits, int n)
{
    for (int i = 0; i < n; i++) {
        const inv_lit *l = &lits[i];
        if (l->pred != INV_EQ)
            continue;
        if (l->neg) {
            pl_csys_begin_ineq(s);
        } else {
            pl_csys_begin_dnf(s);
            pl_csys_begin_conj(s);
        }
        pl_csys_add_pair(s, l->args[0], l->args[1]);
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            const inv_lit *pos = &lits[i], *neg = &lits[j];
            if (pos->pred == INV_EQ || pos->neg || !neg->neg || pos->pred != neg->pred || !pos->nargs)
                continue;
            pl_csys_begin_ineq(s);
            for (int k = 0; k < pos->nargs; k++)
                pl_csys_add_pair(s, neg->args[k], pos->args[k]);
        }
}

/* f->scratch = the three literal lists, then extra1 and extra2 (either may
 * be NULL); returns the count. */
static int gather(inv_finder *f, const inv_lit *first, int nfirst, const inv_lit *second, int nsecond,
                  const inv_lit *third, int nthird, const inv_lit *extra1, const inv_lit *extra2)
{
    int n = nfirst + nsecond + nthird + 2;
    if (n > f->cap_scratch) {
        inv_lit *grown = realloc(f->scratch, (size_t)n * sizeof *grown);
        if (!grown) {
            f->oom = true;
            return 0;
        }
        f->scratch = grown;
        f->cap_scratch = n;
    }
    int k = 0;
    for (int i = 0; i < nfirst; i++)
        f->scratch[k++] = first[i];
    for (int i = 0; i < nsecond; i++)
        f->scratch[k++] = second[i];
    for (int i = 0; i < nthird; i++)
        f->scratch[k++] = third[i];
    if (extra1)
        f->scratch[k++] = *extra1;
    if (extra2)
        f->scratch[k++] = *extra2;
    return k;
}

static inv_lit negated(inv_lit l)
{
    l.neg = !l.neg;
    return l;
}

/* Could the action add two atoms of one instance of the invariant? */
static bool too_heavy(inv_finder *f, const inv_action *a, const inv_candidate *c)
{
    for (int i = 0; i < a->nheavy; i++) {
        const inv_eff *e1 = &a->heavy[i];
        if (e1->atom.neg || !inv_part_of(f, c, e1->atom.pred))
            continue;
        for (int j = i + 1; j < a->nheavy; j++) {
            const inv_eff *e2 = &a->heavy[j];
            if (e2->atom.neg || !inv_part_of(f, c, e2->atom.pred))
                continue;
            pl_csys *s = &f->sys;
            pl_csys_clear(s);
            ensure_inequality(s, &e1->atom, &e2->atom);
            ensure_cover(f, s, c, &e1->atom);
            ensure_cover(f, s, c, &e2->atom);
            inv_lit n1 = negated(e1->atom), n2 = negated(e2->atom);
            int n = gather(f, a->pre, a->npre, e1->cond, e1->ncond, e2->cond, e2->ncond, &n1, &n2);
            ensure_conjunction_sat(s, f->scratch, n);
            if (pl_csys_solvable(s, &f->budget))
                return true;
        }
    }
    return false;
}

/* Does the delete effect consume an atom of the instance that `add`
 * produces into, whenever it produces (the literals of `produced`)? */
static bool balances(inv_finder *f, const inv_candidate *c, const inv_eff *add, const inv_eff *del,
                     const inv_lit *produced, int nproduced)
{
    pl_csys *s = &f->sys;
    pl_csys_clear(s);
    pl_csys_begin_dnf(s);
    pl_csys_begin_conj(s);
    cover_pairs(s, inv_part_of(f, c, add->atom.pred), &add->atom);
    ensure_cover(f, s, c, &del->atom);
    for (int i = 0; i <= del->ncond; i++) {
        inv_lit need = i < del->ncond ? del->cond[i] : negated(del->atom);
        pl_csys_begin_dnf(s);
        int possible = 0;
        for (int k = 0; k < nproduced; k++) {
            const inv_lit *m = &produced[k];
            if (m->pred != need.pred || m->neg != need.neg)
                continue;
            pl_csys_begin_conj(s);
            for (int j = 0; j < need.nargs; j++)
                pl_csys_add_pair(s, need.args[j], m->args[j]);
            possible++;
        }
        if (!possible)
            return false;
    }
    ensure_inequality(s, &add->atom, &del->atom);
    pl_csys_extend(s, &f->params_sys);
    return pl_csys_solvable(s, &f->budget);
}

/* ---- refinement ---- */

typedef struct {
    int positions[PL_MAX_ARITY]; /* the other literal's positions holding one value */
    int npositions;
    int img[PL_MAX_ARITY + 1];   /* invariant parameters (or INV_COUNTED) they may take */
    int nimg;
} factor;

/* Every bijection of each factor's positions onto its parameters, in
 * turn (instantiate_factored_mapping); each complete one is a new part. */
static void each_mapping(inv_finder *f, const inv_candidate *c, const inv_lit *other, factor *fs, int nf, int at,
                         int *args)
{
    if (f->oom || f->budget <= 0)
        return;
    if (at == nf) {
        int omitted = -1;
        for (int i = 0; i < other->nargs; i++)
            if (args[i] == INV_COUNTED)
                omitted = i;
        inv_part x = {other->pred, omitted, other->nargs, args};
        enqueue(f, c, &x);
        f->budget--;
        return;
    }
    factor *x = &fs[at];
    /* permutations of img by swapping (all of them, each once) */
    int n = x->nimg, idx[PL_MAX_ARITY + 1];
    for (int i = 0; i < n; i++)
        idx[i] = 0;
    for (int i = 0; i < n; i++)
        args[x->positions[i]] = x->img[i];
    each_mapping(f, c, other, fs, nf, at + 1, args);
    for (int i = 1; i < n && f->budget > 0 && !f->oom;) { /* Heap's algorithm */
        if (idx[i] < i) {
            int j = i % 2 ? idx[i] : 0, tmp = x->img[j];
            x->img[j] = x->img[i];
            x->img[i] = tmp;
            for (int k = 0; k < n; k++)
                args[x->positions[k]] = x->img[k];
            each_mapping(f, c, other, fs, nf, at + 1, args);
            idx[i]++;
            i = 1;
        } else {
            idx[i++] = 0;
        }
    }
}

/* The parts over `other`'s predicate that would let `other` (a delete
 * effect) balance `own` (an add effect) of part p (possible_matches). */
static void possible_matches(inv_finder *f, const inv_candidate *c, const inv_part *p, const inv_lit *own,
                             const inv_lit *other)
{
    int arity = p->nargs - (p->omitted >= 0);
    int allowed = other->nargs - arity;
    if (allowed != 0 && allowed != 1)
        return;
    factor fs[PL_MAX_ARITY];
    int nf = 0;
    bool done[PL_MAX_ARITY] = {false};
    for (int i = 0; i < other->nargs; i++) {
        if (done[i])
            continue;
        factor *x = &fs[nf++];
        x->npositions = x->nimg = 0;
        for (int j = i; j < other->nargs; j++)
            if (other->args[j] == other->args[i]) {
                x->positions[x->npositions++] = j;
                done[j] = true;
            }
        for (int pos = 0; pos < p->nargs; pos++)
            if (pos != p->omitted && own->args[pos] == other->args[i])
                x->img[x->nimg++] = p->args[pos];
        int diff = x->nimg - x->npositions;
        if (diff >= 1 || diff <= -2 || (diff == -1 && !allowed))
            return;
        if (diff) {
            x->img[x->nimg++] = INV_COUNTED;
            allowed = 0;
        }
    }
    int args[PL_MAX_ARITY] = {0};
    each_mapping(f, c, other, fs, nf, 0, args);
}

static void refine(inv_finder *f, const inv_candidate *c, const inv_action *a, const inv_eff *add)
{
    const inv_part *p = inv_part_of(f, c, add->atom.pred);
    inv_part own = *p; /* f->parts may move as candidates are queued */
    for (int e = 0; e < a->neffs; e++) {
        const inv_eff *del = &a->effs[e];
        if (del->atom.neg && !inv_part_of(f, c, del->atom.pred))
            possible_matches(f, c, &own, &add->atom, &del->atom);
    }
}

/* Is `add` unbalanced: can it add an atom of an instance without a delete
 * effect surely consuming one?  Then queues the refinements. */
static bool add_unbalanced(inv_finder *f, const inv_candidate *c, const inv_action *a, const inv_eff *add)
{
    inv_lit produced_by = negated(add->atom);
    int nproduced = gather(f, a->pre, a->npre, add->cond, add->ncond, NULL, 0, &produced_by, NULL);
    inv_lit *produced = malloc((size_t)(nproduced ? nproduced : 1) * sizeof *produced);
    if (!produced) {
        f->oom = true;
        return true;
    }
    memcpy(produced, f->scratch, (size_t)nproduced * sizeof *produced);
    /* the parameters may not be bound to constants, nor to each other,
     * beyond what covering the add effect implies */
    const inv_part *p = inv_part_of(f, c, add->atom.pred);
    pl_term_pair cover[PL_MAX_ARITY];
    int ncover = 0;
    for (int i = 0; i < p->nargs; i++)
        if (p->args[i] != INV_COUNTED)
            cover[ncover++] = (pl_term_pair){PL_INV_PARAM + p->args[i], add->atom.args[i]};
    pl_classes_build(&f->classes, cover, ncover);
    int params[2 * PL_MAX_VARS], nparams = 0;
    for (int i = 0; i < a->nparams; i++)
        params[nparams++] = a->params[i];
    for (int i = 0; i < add->nvars; i++)
        params[nparams++] = add->vars[i];
    pl_csys *ps = &f->params_sys;
    pl_csys_clear(ps);
    for (int i = 0; i < nparams; i++)
        if (pl_classes_representative(&f->classes, params[i]) >= 0)
            pl_csys_add_not_constant(ps, params[i]);
    for (int i = 0; i < nparams; i++)
        for (int j = i + 1; j < nparams; j++)
            if (pl_classes_representative(&f->classes, params[i]) !=
                pl_classes_representative(&f->classes, params[j])) {
                pl_csys_begin_ineq(ps);
                pl_csys_add_pair(ps, params[i], params[j]);
            }
    bool balanced = false;
    for (int e = 0; e < a->neffs && !balanced; e++) {
        const inv_eff *del = &a->effs[e];
        if (del->atom.neg && inv_part_of(f, c, del->atom.pred))
            balanced = balances(f, c, add, del, produced, nproduced);
    }
    free(produced);
    if (balanced)
        return false;
    refine(f, c, a, add);
    return true;
}

static bool adds_part(const inv_finder *f, const inv_action *a, const inv_candidate *c)
{
    for (int e = 0; e < a->neffs; e++)
        if (!a->effs[e].atom.neg && inv_part_of(f, c, a->effs[e].atom.pred))
            return true;
    return false;
}

/* Fast Downward draws the threatening actions in a seeded random order;
 * here they go in the domain's order.  Only which refinements an invalid
 * candidate queues can differ. */
static bool check_balance(inv_finder *f, int ci)
{
    for (int i = 0; i < f->nacts && !f->oom && f->budget > 0; i++) {
        const inv_action *a = &f->acts[i];
        inv_candidate c = f->cands[ci];
        f->budget--;
        if (!adds_part(f, a, &c))
            continue;
        if (too_heavy(f, a, &c))
            return false;
        for (int e = 0; e < a->neffs; e++) {
            const inv_eff *add = &a->effs[e];
            if (!add->atom.neg && inv_part_of(f, &c, add->atom.pred) && add_unbalanced(f, &c, a, add))
                return false;
        }
    }
    return !f->oom && f->budget > 0;
}
int inv_prove(inv_finder *f, int **proved)
{
    initial_candidates(f);
    int nproved = 0, cap = 0;
    *proved = NULL;
    for (int ci = 0; ci < f->ncands && !f->oom && f->budget > 0; ci++) {
        if (!check_balance(f, ci))
            continue;
        if (nproved == cap) {
            cap = cap ? cap * 2 : 16;
            int *grown = realloc(*proved, (size_t)cap * sizeof *grown);
            if (!grown) {
                f->oom = true;
                break;
            }
            *proved = grown;
        }
        (*proved)[nproved++] = ci;
    }
    return f->oom ? -1 : nproved;
}
