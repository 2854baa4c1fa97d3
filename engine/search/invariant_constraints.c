/* Equality constraint systems of the invariant synthesis
 * (invariant_constraints.h). */
#include <stdlib.h>
#include <string.h>

#include "search/invariant_constraints.h"

/* Grows *items to hold one more element of `size` bytes. */
static bool reserve(pl_csys *s, void **items, int count, int *cap, size_t size)
{
    if (count < *cap)
        return true;
    int n = *cap ? *cap * 2 : 16;
    void *grown = realloc(*items, (size_t)n * size);
    if (!grown) {
        s->oom = true;
        return false;
    }
    *items = grown;
    *cap = n;
    return true;
}

#define RESERVE(s, field, count, cap) reserve((s), (void **)&(s)->field, (s)->count, &(s)->cap, sizeof *(s)->field)

void pl_csys_clear(pl_csys *s)
{
    s->npairs = s->nconjs = s->ndnfs = s->nineqs = s->nnot_constant = 0;
    s->open = PL_CSYS_OPEN_NONE;
    s->oom = false;
}

void pl_csys_free(pl_csys *s)
{
    free(s->pairs);
    free(s->conjs);
    free(s->dnfs);
    free(s->ineqs);
    free(s->not_constant);
    memset(s, 0, sizeof *s);
}

/* Pairs go to the slice opened last: a conjunction or an inequality. */
static void open_slice(pl_csys *s, pl_slice *slice, int kind)
{
    slice->first = s->npairs;
    slice->count = 0;
    s->open = kind;
}

void pl_csys_begin_dnf(pl_csys *s)
{
    if (!RESERVE(s, dnfs, ndnfs, cap_dnfs))
        return;
    s->dnfs[s->ndnfs++] = (pl_slice){s->nconjs, 0};
}

void pl_csys_begin_conj(pl_csys *s)
{
    if (!s->ndnfs || !RESERVE(s, conjs, nconjs, cap_conjs))
        return;
    open_slice(s, &s->conjs[s->nconjs++], PL_CSYS_OPEN_CONJ);
    s->dnfs[s->ndnfs - 1].count++;
}

void pl_csys_begin_ineq(pl_csys *s)
{
    if (!RESERVE(s, ineqs, nineqs, cap_ineqs))
        return;
    open_slice(s, &s->ineqs[s->nineqs++], PL_CSYS_OPEN_INEQ);
}

/* The slice that began last (conjunction or inequality) takes the pair. */
void pl_csys_add_pair(pl_csys *s, int a, int b)
{
    if (!RESERVE(s, pairs, npairs, cap_pairs))
        return;
    pl_slice *open = s->open == PL_CSYS_OPEN_CONJ ? &s->conjs[s->nconjs - 1]
                     : s->open == PL_CSYS_OPEN_INEQ ? &s->ineqs[s->nineqs - 1] : NULL;
    if (!open) {
        s->oom = true; /* no slice is open: the system is unusable */
        return;
    }
    s->pairs[s->npairs++] = (pl_term_pair){a, b};
    open->count++;
}

void pl_csys_add_not_constant(pl_csys *s, int term)
{
    if (RESERVE(s, not_constant, nnot_constant, cap_not_constant))
        s->not_constant[s->nnot_constant++] = term;
}

void pl_csys_extend(pl_csys *s, const pl_csys *o)
{
    int pair_base = s->npairs, conj_base = s->nconjs;
    s->open = PL_CSYS_OPEN_NONE;
    for (int i = 0; i < o->npairs; i++) {
        if (!RESERVE(s, pairs, npairs, cap_pairs))
            return;
        s->pairs[s->npairs++] = o->pairs[i];
    }
    for (int i = 0; i < o->nconjs; i++) {
        if (!RESERVE(s, conjs, nconjs, cap_conjs))
            return;
        s->conjs[s->nconjs++] = (pl_slice){o->conjs[i].first + pair_base, o->conjs[i].count};
    }
    for (int i = 0; i < o->ndnfs; i++) {
        if (!RESERVE(s, dnfs, ndnfs, cap_dnfs))
            return;
        s->dnfs[s->ndnfs++] = (pl_slice){o->dnfs[i].first + conj_base, o->dnfs[i].count};
    }
    for (int i = 0; i < o->nineqs; i++) {
        if (!RESERVE(s, ineqs, nineqs, cap_ineqs))
            return;
        s->ineqs[s->nineqs++] = (pl_slice){o->ineqs[i].first + pair_base, o->ineqs[i].count};
    }
    for (int i = 0; i < o->nnot_constant; i++)
        pl_csys_add_not_constant(s, o->not_constant[i]);
    s->oom = s->oom || o->oom;
}

/* Union-find over a system's distinct terms. */
typedef struct {
    int *terms, *parent, *object;
    int n;
} term_sets;

static int index_of(const term_sets *u, int term)
{
    for (int i = 0; i < u->n; i++)
        if (u->terms[i] == term)
            return i;
    return -1;
}

static int find(term_sets *u, int i)
{
    while (u->parent[i] != i) {
        u->parent[i] = u->parent[u->parent[i]];
        i = u->parent[i];
    }
    return i;
}

static void add_term(term_sets *u, int term)
{
    if (index_of(u, term) < 0)
        u->terms[u->n++] = term;
}

/* Do the conjunctions chosen[] give a solution? */
static bool choice_solves(const pl_csys *s, term_sets *u, const int *chosen)
{
    for (int i = 0; i < u->n; i++)
        u->parent[i] = i;
    for (int d = 0; d < s->ndnfs; d++) {
        const pl_slice *c = &s->conjs[s->dnfs[d].first + chosen[d]];
        for (int k = 0; k < c->count; k++) {
            const pl_term_pair *p = &s->pairs[c->first + k];
            int x = find(u, index_of(u, p->a)), y = find(u, index_of(u, p->b));
            if (x != y)
                u->parent[x] = y;
        }
    }
    for (int i = 0; i < u->n; i++)
        u->object[i] = 0;
    for (int i = 0; i < u->n; i++) {
        if (u->terms[i] >= 0)
            continue;
        int r = find(u, i);
        if (u->object[r] && u->object[r] != u->terms[i])
            return false; /* two objects made equal */
        u->object[r] = u->terms[i];
    }
    for (int i = 0; i < s->nnot_constant; i++)
        if (u->object[find(u, index_of(u, s->not_constant[i]))])
            return false;
    for (int q = 0; q < s->nineqs; q++) {
        bool separated = false;
        for (int k = 0; k < s->ineqs[q].count && !separated; k++) {
            const pl_term_pair *p = &s->pairs[s->ineqs[q].first + k];
            separated = find(u, index_of(u, p->a)) != find(u, index_of(u, p->b));
        }
        if (!separated)
            return false;
    }
    return true;
}

bool pl_csys_solvable(const pl_csys *s, long *budget)
{
    --*budget;
    if (s->oom || *budget < 0)
        return false;
    for (int d = 0; d < s->ndnfs; d++)
        if (s->dnfs[d].count == 0)
            return false;
    int capacity = 2 * s->npairs + s->nnot_constant + 1;
    term_sets u = {malloc((size_t)capacity * sizeof(int)), malloc((size_t)capacity * sizeof(int)),
                   malloc((size_t)capacity * sizeof(int)), 0};
    int *chosen = calloc((size_t)s->ndnfs + 1, sizeof *chosen);
    bool solvable = false;
    if (u.terms && u.parent && u.object && chosen) {
        for (int i = 0; i < s->npairs; i++) {
            add_term(&u, s->pairs[i].a);
            add_term(&u, s->pairs[i].b);
        }
        for (int i = 0; i < s->nnot_constant; i++)
            add_term(&u, s->not_constant[i]);
        /* every combination, the last disjunction turning fastest
         * (itertools.product) */
        while (*budget > 0) {
            --*budget;
            if (choice_solves(s, &u, chosen)) {
                solvable = true;
                break;
            }
            int d = s->ndnfs - 1;
            while (d >= 0 && ++chosen[d] == s->dnfs[d].count)
                chosen[d--] = 0;
            if (d < 0)
                break;
        }
    }
    free(u.terms);
    free(u.parent);
    free(u.object);
    free(chosen);
    return solvable;
}

void pl_classes_build(pl_term_classes *c, const pl_term_pair *pairs, int n)
{
    c->n = 0;
    if (c->cap < 2 * n) {
        int *terms = realloc(c->terms, (size_t)(2 * n) * sizeof *terms);
        if (terms)
            c->terms = terms;
        int *parent = realloc(c->parent, (size_t)(2 * n) * sizeof *parent);
        if (parent)
            c->parent = parent;
        if (!terms || !parent)
            return; /* no classes: every term stands for itself */
        c->cap = 2 * n;
    }
    term_sets u = {c->terms, c->parent, NULL, 0};
    for (int i = 0; i < n; i++) {
        add_term(&u, pairs[i].a);
        add_term(&u, pairs[i].b);
    }
    for (int i = 0; i < u.n; i++)
        u.parent[i] = i;
    for (int i = 0; i < n; i++) {
        int x = find(&u, index_of(&u, pairs[i].a)), y = find(&u, index_of(&u, pairs[i].b));
        if (x != y)
            u.parent[x] = y;
    }
    c->n = u.n;
}

int pl_classes_representative(const pl_term_classes *c, int term)
{
    term_sets u = {c->terms, c->parent, NULL, c->n};
    int i = index_of(&u, term);
    if (i < 0)
        return term;
    int root = find(&u, i);
    for (int k = 0; k < c->n; k++)
        if (c->terms[k] < 0 && find(&u, k) == root)
            return c->terms[k];
    return c->terms[root];
}

void pl_classes_free(pl_term_classes *c)
{
    free(c->terms);
    free(c->parent);
    memset(c, 0, sizeof *c);
}
