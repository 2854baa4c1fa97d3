/* Mutex groups: cliques of h^2 mutexes that the actions keep. */
#include <stdlib.h>
#include <string.h>

#include "search/pdb_groups.h"
#include "base/sort.h"

static bool mutex(const pl_mutexes *m, int a, int b)
{
    return !pl_mutex_pair_reachable(m, a, b);
}

static bool in_list(const int *list, int n, int atom)
{
    for (int i = 0; i < n; i++)
        if (list[i] == atom)
            return true;
    return false;
}

/* Does every action keep "at most one atom of the group holds"?  An action
 * that adds an atom of it must require that atom, or require and delete
 * another one; one that requires two never applies where the group holds
 * (Grid's pickup-and-loose of the key it holds). */
static bool group_kept(const pl_task *t, const bool *member)
{
    for (int a = 0; a < t->nactions; a++) {
        const pl_gaction *act = &t->actions[a];
        int required = 0;
        for (int i = 0; i < act->npre_pos; i++)
            required += member[act->pre_pos[i]];
        if (required > 1)
            continue;
        int added = -1, nadded = 0;
        for (int e = 0; e < act->neffs; e++)
            if (act->effs[e].add && member[act->effs[e].atom] && !(nadded && act->effs[e].atom == added)) {
                added = act->effs[e].atom;
                nadded++;
            }
        if (nadded == 0)
            continue;
        if (nadded > 1)
            return false;
        if (in_list(act->pre_pos, act->npre_pos, added))
            continue;
        bool swapped = false;
        for (int e = 0; e < act->neffs && !swapped; e++) {
            int b = act->effs[e].atom;
            swapped = !act->effs[e].add && b != added && member[b] && in_list(act->pre_pos, act->npre_pos, b);
        }
        if (!swapped)
            return false;
    }
    return true;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Is the sorted group atoms[0..n) already among the first `count` groups? */
static bool known(const pl_pdb_groups *g, int count, const int *atoms, int n)
{
    for (int k = 0; k < count; k++)
        if (g->start[k + 1] - g->start[k] == n && !memcmp(g->atoms + g->start[k], atoms, (size_t)n * sizeof *atoms))
            return true;
    return false;
}

int pl_pdb_groups_find(const pl_task *t, const pl_mutexes *m, pl_pdb_groups *out)
{
    int na = t->natoms;
    memset(out, 0, sizeof *out);
    /* at most one group per seed atom, and one singleton per atom */
    out->start = malloc(((size_t)2 * (size_t)na + 2) * sizeof *out->start);
    int *clique = malloc(((size_t)na + 1) * sizeof *clique);
    bool *member = calloc((size_t)na + 1, sizeof *member);
    bool *covered = calloc((size_t)na + 1, sizeof *covered);
    size_t cap = (size_t)na + 16, used = 0;
    out->atoms = malloc(cap * sizeof *out->atoms);
    if (!out->start || !clique || !member || !covered || !out->atoms)
        goto oom;
    out->start[0] = 0;
    for (int seed = 0; seed < na; seed++) {
        if (!pl_mutex_pair_reachable(m, seed, seed))
            continue; /* never holds */
        int n = 0;
        clique[n++] = seed;
        /* atoms of the seed's predicate first: (robot-at r1 x) for all x, before (clear x) */
        for (int pass = 0; pass < 2; pass++)
            for (int c = 0; c < na; c++) {
                if (c == seed || (t->atoms[c].pred == t->atoms[seed].pred) != (pass == 0)
                    || !pl_mutex_pair_reachable(m, c, c))
                    continue;
                bool all = true;
                for (int i = 0; i < n && all; i++)
                    all = mutex(m, c, clique[i]);
                if (all)
                    clique[n++] = c;
            }
        if (n < 2)
            continue;
        pl_sort(clique, (size_t)n, sizeof *clique, cmp_int);
        if (known(out, out->n, clique, n))
            continue;
        for (int i = 0; i < n; i++)
            member[clique[i]] = true;
        bool kept = group_kept(t, member);
        for (int i = 0; i < n; i++)
            member[clique[i]] = false;
        if (!kept)
            continue;
        if (used + (size_t)n > cap) {
            while (used + (size_t)n > cap)
                cap *= 2;
            int *atoms = realloc(out->atoms, cap * sizeof *atoms);
            if (!atoms)
                goto oom;
            out->atoms = atoms;
        }
        memcpy(out->atoms + used, clique, (size_t)n * sizeof *clique);
        used += (size_t)n;
        for (int i = 0; i < n; i++)
            covered[clique[i]] = true;
        out->start[++out->n] = (int)used;
    }
    for (int a = 0; a < na; a++) {
        if (covered[a] || !pl_mutex_pair_reachable(m, a, a))
            continue;
        if (used + 1 > cap) {
            int *atoms = realloc(out->atoms, (cap *= 2) * sizeof *atoms);
            if (!atoms)
                goto oom;
            out->atoms = atoms;
        }
        out->atoms[used++] = a;
        out->start[++out->n] = (int)used;
    }
    free(clique);
    free(member);
    free(covered);
    return 0;
oom:
    free(clique);
    free(member);
    free(covered);
    pl_pdb_groups_free(out);
    return -1;
}

void pl_pdb_groups_free(pl_pdb_groups *g)
{
    free(g->start);
    free(g->atoms);
    memset(g, 0, sizeof *g);
}
