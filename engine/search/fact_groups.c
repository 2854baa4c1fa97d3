/* Mutex groups from the proved invariants (invariants.h), as
 * translate/invariant_finder.py's useful_groups and fact_groups.py's
 * instantiation make them. */
#include <stdlib.h>
#include <string.h>

#include "search/invariants.h"
#include "search/invariant_internal.h"
#include "base/sort.h"

typedef struct {
    const pl_task *t;
    int atom;
} ranked_atom;

static int cmp_atom_keys(const void *x, const void *y)
{
    const ranked_atom *a = x, *b = y;
    const pl_task *t = a->t;
    const pl_gatom *p = &t->atoms[a->atom], *q = &t->atoms[b->atom];
    int c = strcmp(t->domain->preds[p->pred].name, t->domain->preds[q->pred].name);
    int n = t->domain->preds[p->pred].arity, m = t->domain->preds[q->pred].arity;
    for (int i = 0; !c && i < n && i < m; i++)
        c = strcmp(t->problem->objects[p->args[i]].name, t->problem->objects[q->args[i]].name);
    if (!c)
        c = (n > m) - (n < m);
    return c ? c : (a->atom > b->atom) - (a->atom < b->atom);
}

int *pl_fd_atom_ranks(const pl_task *t)
{
    ranked_atom *order = malloc(((size_t)t->natoms + 1) * sizeof *order);
    int *rank = malloc(((size_t)t->natoms + 1) * sizeof *rank);
    if (!order || !rank) {
        free(order);
        free(rank);
        return NULL;
    }
    for (int a = 0; a < t->natoms; a++)
        order[a] = (ranked_atom){t, a};
    pl_sort(order, (size_t)t->natoms, sizeof *order, cmp_atom_keys);
    for (int i = 0; i < t->natoms; i++)
        rank[order[i].atom] = i;
    free(order);
    return rank;
}

typedef struct {
    int *atoms;
    int n, cap;
} int_list;

static bool push_int(int_list *l, int x)
{
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 64;
        int *grown = realloc(l->atoms, (size_t)cap * sizeof *grown);
        if (!grown)
            return false;
        l->atoms = grown;
        l->cap = cap;
    }
    l->atoms[l->n++] = x;
    return true;
}

/* The atoms of one instance: each part with the parameters bound, its
 * counted position over every object (expand_group). */
static bool instantiate(const inv_finder *f, const inv_candidate *c, const int *params, int_list *out)
{
    const pl_task *t = f->t;
    int args[PL_MAX_ARITY];
    for (int i = 0; i < c->nparts; i++) {
        const inv_part *p = &f->parts[c->first + i];
        for (int k = 0; k < p->nargs; k++)
            args[k] = p->args[k] == INV_COUNTED ? 0 : params[p->args[k]];
        int first = p->omitted >= 0 ? 0 : -1, last = p->omitted >= 0 ? t->problem->nobjects : 0;
        for (int o = first; o < last; o++) {
            if (o >= 0)
                args[p->omitted] = o;
            int atom = pl_task_atom_id(t, p->pred, args);
            if (atom >= 0 && !push_int(out, atom))
                return false;
        }
    }
    return true;
}

typedef struct {
    const int *rank;
    int atom;
} by_rank;

static int cmp_by_rank(const void *x, const void *y)
{
    const by_rank *a = x, *b = y;
    return (a->rank[a->atom] > b->rank[b->atom]) - (a->rank[a->atom] < b->rank[b->atom]);
}

typedef struct {
    const int *atoms;
    int n;
    const int *rank;
} group_view;

/* Lists of ranks compared as Python compares lists (sort_groups). */
static int cmp_groups(const void *x, const void *y)
{
    const group_view *a = x, *b = y;
    for (int i = 0; i < a->n && i < b->n; i++) {
        int ra = a->rank[a->atoms[i]], rb = a->rank[b->atoms[i]];
        if (ra != rb)
            return ra < rb ? -1 : 1;
    }
    return (a->n > b->n) - (a->n < b->n);
}

/* The key of the instance of candidate ci that initial atom ia belongs to
 * (ci, then the invariant's parameters as ia binds them); its length. */
static int instance_key(const inv_part *p, int ci, const pl_init_atom *ia, int *key)
{
    key[0] = ci;
    for (int k = 0; k < p->nargs; k++)
        if (k != p->omitted)
            key[1 + p->args[k]] = ia->args[k];
    return 1 + p->nargs - (p->omitted >= 0);
}

/* Every instance of a proved invariant that holds exactly one initial
 * atom (useful_groups), each sorted, the list sorted (sort_groups). */
static int collect_groups(inv_finder *f, const int *proved, int nproved, const int *rank, pl_fd_groups *out)
{
    const pl_task *t = f->t;
    const pl_problem *pb = t->problem;
    pl_hashmap instances = PL_HASHMAP_INIT;
    /* per instance: the initial atoms in it, the first one, its candidate */
    int_list counts = {0}, first_atom = {0}, cand = {0}, members = {0}, starts = {0};
    int key[PL_MAX_ARITY + 1];
    bool ok = true;
    for (int i = 0; i < pb->ninit && ok; i++) {
        const pl_init_atom *ia = &pb->init[i];
        for (int k = 0; k < nproved && ok; k++) {
            const inv_part *p = inv_part_of(f, &f->cands[proved[k]], ia->pred);
            if (!p)
                continue;
            int id = pl_hashmap_put(&instances, key, instance_key(p, proved[k], ia, key), counts.n);
            if (id == -2)
                ok = false;
            else if (id == counts.n)
                ok = push_int(&counts, 1) && push_int(&first_atom, i) && push_int(&cand, proved[k]);
            else
                counts.atoms[id]++;
        }
    }
    for (int id = 0; id < counts.n && ok; id++) {
        if (counts.atoms[id] != 1)
            continue;
        const inv_candidate *c = &f->cands[cand.atoms[id]];
        const pl_init_atom *ia = &pb->init[first_atom.atoms[id]];
        instance_key(inv_part_of(f, c, ia->pred), cand.atoms[id], ia, key);
        int before = members.n;
        ok = push_int(&starts, members.n) && instantiate(f, c, key + 1, &members);
        if (ok && members.n == before)
            starts.n--; /* no reachable atom: no group */
    }
    pl_hashmap_free(&instances);
    free(counts.atoms);
    free(first_atom.atoms);
    free(cand.atoms);
    group_view *views = ok ? malloc(((size_t)starts.n + 1) * sizeof *views) : NULL;
    by_rank *tmp = ok ? malloc(((size_t)members.n + 1) * sizeof *tmp) : NULL;
    out->start = ok ? malloc(((size_t)starts.n + 1) * sizeof *out->start) : NULL;
    out->atoms = ok ? malloc(((size_t)members.n + 1) * sizeof *out->atoms) : NULL;
    if (!views || !tmp || !out->start || !out->atoms) {
        free(views);
        free(tmp);
        free(members.atoms);
        free(starts.atoms);
        pl_fd_groups_free(out);
        return -1;
    }
    for (int g = 0; g < starts.n; g++) {
        int from = starts.atoms[g], to = g + 1 < starts.n ? starts.atoms[g + 1] : members.n;
        for (int k = from; k < to; k++)
            tmp[k - from] = (by_rank){rank, members.atoms[k]};
        pl_sort(tmp, (size_t)(to - from), sizeof *tmp, cmp_by_rank);
        for (int k = from; k < to; k++)
            members.atoms[k] = tmp[k - from].atom;
        views[g] = (group_view){members.atoms + from, to - from, rank};
    }
    pl_sort(views, (size_t)starts.n, sizeof *views, cmp_groups);
    int at = 0;
    for (int g = 0; g < starts.n; g++) {
        out->start[g] = at;
        memcpy(out->atoms + at, views[g].atoms, (size_t)views[g].n * sizeof *out->atoms);
        at += views[g].n;
    }
    out->start[starts.n] = at;
    out->ngroups = starts.n;
    free(views);
    free(tmp);
    free(members.atoms);
    free(starts.atoms);
    return 0;
}

int pl_fd_groups_find(const pl_task *t, pl_fd_groups *out)
{
    memset(out, 0, sizeof *out);
    inv_finder f = {.t = t, .d = t->domain, .budget = INV_WORK_BUDGET};
    inv_normalise(&f);
    int *proved = NULL;
    int nproved = f.oom ? -1 : inv_prove(&f, &proved);
    int *rank = nproved < 0 ? NULL : pl_fd_atom_ranks(t);
    int rc = rank ? collect_groups(&f, proved, nproved, rank, out) : -1;
    if (rc == 0)
        out->rank = rank;
    else
        free(rank);
    free(proved);
    free(f.parts);
    free(f.cands);
    free(f.scratch);
    pl_hashmap_free(&f.seen);
    pl_csys_free(&f.sys);
    pl_csys_free(&f.params_sys);
    pl_classes_free(&f.classes);
    pl_arena_free(&f.arena);
    return rc;
}

void pl_fd_groups_free(pl_fd_groups *g)
{
    free(g->rank);
    free(g->start);
    free(g->atoms);
    memset(g, 0, sizeof *g);
}
