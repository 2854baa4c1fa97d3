/* The successor generator: a trie over the actions' positive preconditions. */
#include <stdlib.h>
#include <string.h>

#include "base/sort.h"
#include "search/successors.h"

typedef struct {
    int first_action, nactions;   /* actions[first ..): every positive precondition tested */
    int first_branch, nbranches;  /* branches[first ..) */
} sg_node;

typedef struct {
    int atom;  /* taken when the state holds it */
    int child; /* node */
} sg_branch;

struct pl_successors {
    const pl_task *t;
    sg_node *nodes;
    int nnodes;
    sg_branch *branches;
    int nbranches;
    int *actions;                 /* in trie order */
    bool *full_test;              /* per action: negative or non-conjunctive precondition left */
};

/* An action's precondition atoms in the global order, while building. */
typedef struct {
    const int *keys;
    int len;
    int action;
} entry;

static int cmp_entry(const void *a, const void *b)
{
    const entry *x = a, *y = b;
    for (int i = 0; i < x->len && i < y->len; i++)
        if (x->keys[i] != y->keys[i])
            return x->keys[i] < y->keys[i] ? -1 : 1;
    if (x->len != y->len)
        return x->len < y->len ? -1 : 1;
    return (x->action > y->action) - (x->action < y->action);
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The node for entries [lo, hi), which agree on their first `depth` keys
 * and are sorted; returns its index.  Keys are ranks: rank_atom maps back. */
static int build(pl_successors *g, const entry *e, int lo, int hi, int depth, const int *rank_atom)
{
    int id = g->nnodes++;
    int at = lo;
    for (; at < hi && e[at].len == depth; at++)
        g->actions[at] = e[at].action;
    g->nodes[id] = (sg_node){lo, at - lo, g->nbranches, 0};
    int groups = 0;
    for (int i = at; i < hi; i++)
        groups += i == at || e[i].keys[depth] != e[i - 1].keys[depth];
    int first = g->nbranches;
    g->nbranches += groups;
    g->nodes[id].nbranches = groups;
    for (int k = 0, i = at; i < hi; k++) {
        int j = i + 1;
        while (j < hi && e[j].keys[depth] == e[i].keys[depth])
            j++;
        int child = build(g, e, i, j, depth + 1, rank_atom);
        g->branches[first + k] = (sg_branch){rank_atom[e[i].keys[depth]], child};
        i = j;
    }
    return id;
}

pl_successors *pl_successors_new(const pl_task *t)
{
    pl_successors *g = calloc(1, sizeof *g);
    int n = t->nactions;
    int *freq = calloc((size_t)t->natoms + 1, sizeof *freq);
    int *rank_atom = malloc(((size_t)t->natoms + 1) * sizeof *rank_atom);
    int *atom_rank = malloc(((size_t)t->natoms + 1) * sizeof *atom_rank);
    entry *e = malloc(((size_t)n + 1) * sizeof *e);
    size_t total = 0;
    for (int a = 0; a < n; a++)
        total += (size_t)t->actions[a].npre_pos;
    int *keys = malloc((total + 1) * sizeof *keys);
    if (g) {
        g->t = t;
        /* a trie over n lists of `total` keys: at most total + 1 nodes and total branches */
        g->nodes = malloc((total + 1) * sizeof *g->nodes);
        g->branches = malloc((total + 1) * sizeof *g->branches);
        g->actions = malloc(((size_t)n + 1) * sizeof *g->actions);
        g->full_test = calloc((size_t)n + 1, sizeof *g->full_test);
    }
    if (!g || !freq || !rank_atom || !atom_rank || !e || !keys || !g->nodes || !g->branches || !g->actions ||
        !g->full_test) {
        pl_successors_free(g);
        g = NULL;
        goto done;
    }
    /* the global order: atoms most actions require first (by count, then id),
     * so that the lists share long prefixes and the trie stays small */
    for (int a = 0; a < n; a++)
        for (int i = 0; i < t->actions[a].npre_pos; i++)
            freq[t->actions[a].pre_pos[i]]++;
    /* counting sort by frequency (descending), stable in atom id */
    int maxf = 0;
    for (int p = 0; p < t->natoms; p++)
        maxf = freq[p] > maxf ? freq[p] : maxf;
    int *start = calloc((size_t)maxf + 2, sizeof *start);
    if (!start) {
        pl_successors_free(g);
        g = NULL;
        goto done;
    }
    for (int p = 0; p < t->natoms; p++)
        start[maxf - freq[p] + 1]++;
    for (int f = 1; f <= maxf + 1; f++)
        start[f] += start[f - 1];
    for (int p = 0; p < t->natoms; p++)
        rank_atom[start[maxf - freq[p]]++] = p;
    free(start);
    for (int r = 0; r < t->natoms; r++)
        atom_rank[rank_atom[r]] = r;
    size_t used = 0;
    for (int a = 0; a < n; a++) {
        const pl_gaction *ga = &t->actions[a];
        int *k = keys + used, len = 0;
        for (int i = 0; i < ga->npre_pos; i++)
            k[len++] = atom_rank[ga->pre_pos[i]];
        pl_sort(k, (size_t)len, sizeof *k, cmp_int);
        int u = 0;
        for (int i = 0; i < len; i++)
            if (u == 0 || k[i] != k[u - 1])
                k[u++] = k[i];
        e[a] = (entry){k, u, a};
        used += (size_t)len;
        g->full_test[a] = ga->npre_neg > 0 || ga->pre != PL_GF_TRUE;
    }
    pl_sort(e, (size_t)n, sizeof *e, cmp_entry);
    build(g, e, 0, n, 0, rank_atom);
done:
    free(freq);
    free(rank_atom);
    free(atom_rank);
    free(e);
    free(keys);
    return g;
}

void pl_successors_free(pl_successors *g)
{
    if (!g)
        return;
    free(g->nodes);
    free(g->branches);
    free(g->actions);
    free(g->full_test);
    free(g);
}

static int walk(const pl_successors *g, int id, const uint64_t *state, int *out, int n)
{
    const sg_node *node = &g->nodes[id];
    for (int i = 0; i < node->nactions; i++) {
        int a = g->actions[node->first_action + i];
        if (!g->full_test[a] || pl_task_applicable(g->t, a, state))
            out[n++] = a;
    }
    const sg_branch *b = g->branches + node->first_branch;
    for (int i = 0; i < node->nbranches; i++)
        if (pl_state_has(state, b[i].atom))
            n = walk(g, b[i].child, state, out, n);
    return n;
}

int pl_successors_applicable(const pl_successors *g, const uint64_t *state, int *out)
{
    int n = walk(g, 0, state, out, 0);
    /* in action order, as a scan over every action gives them: searches
     * break ties by generation order, and their results stay the same */
    if (n < 32) {
        for (int i = 1; i < n; i++) {
            int x = out[i], j = i;
            for (; j > 0 && out[j - 1] > x; j--)
                out[j] = out[j - 1];
            out[j] = x;
        }
    } else {
        pl_sort(out, (size_t)n, sizeof *out, cmp_int);
    }
    return n;
}
