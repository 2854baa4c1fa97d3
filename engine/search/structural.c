/* The description graph: a vertex per atom (coloured by whether the goal
 * holds it) and one per action (coloured by its cost); an action's
 * positive preconditions are joined to it directly, its other lists
 * (negative preconditions, adds, deletes) through one vertex per non-empty
 * list, coloured by the list's kind.  Its automorphisms, restricted to the
 * atom vertices, are the structural symmetries.  Structurally equal actions
 * are one vertex. */
#define _POSIX_C_SOURCE 200809L /* dlopen */
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <bliss/bliss_C.h>

#include "search/structural.h"
#include "base/sort.h"

/* bliss, loaded on first use by its soname (only the grader's costly
 * questions need it), so that no other command maps it and the C++ and GMP
 * libraries it brings.  Not loadable: no structural symmetries. */
#define PL_BLISS_FUNCTIONS(X) X(bliss_new) X(bliss_add_vertex) X(bliss_add_edge) X(bliss_find_automorphisms) \
    X(bliss_release)

static struct {
#define PL_BLISS_POINTER(name) __typeof__(name) *name;
    PL_BLISS_FUNCTIONS(PL_BLISS_POINTER)
#undef PL_BLISS_POINTER
} bliss;
static bool bliss_loaded;
static pthread_once_t bliss_once = PTHREAD_ONCE_INIT;

static void load_bliss(void)
{
    void *so = dlopen(PLANLENS_BLISS_SONAME, RTLD_NOW | RTLD_LOCAL);
    bool ok = so != NULL;
    /* POSIX: a function's address comes back from dlsym as an object pointer. */
#define PL_BLISS_LOAD(name) ok = ok && (*(void **)&bliss.name = dlsym(so, #name)) != NULL;
    PL_BLISS_FUNCTIONS(PL_BLISS_LOAD)
#undef PL_BLISS_LOAD
    bliss_loaded = ok;
}

enum { MAX_VERTICES = 1000000 };
enum { NOT_GOAL, GOAL, PRE_NEG, ADDS, DELS, ACTION }; /* ACTION + cost rank */

typedef struct {
    int natoms;
    int *perms; /* ngens * natoms */
    int ngens, cap;
    bool failed;
} generators;

static void keep_generator(void *user, unsigned int n, const unsigned int *aut)
{
    generators *g = user;
    (void)n;
    if (g->failed)
        return;
    if (g->ngens == g->cap) {
        int cap = g->cap ? 2 * g->cap : 8;
        int *perms = realloc(g->perms, (size_t)cap * (size_t)g->natoms * sizeof *perms);
        if (!perms) {
            g->failed = true;
            return;
        }
        g->perms = perms;
        g->cap = cap;
    }
    int *perm = g->perms + (size_t)g->ngens * (size_t)g->natoms;
    for (int a = 0; a < g->natoms; a++)
        perm[a] = (int)aut[a]; /* atoms are the first vertices and keep their colours */
    g->ngens++;
}

static int compare_doubles(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* The rank of each action's cost among the distinct costs: its colour. */
static int *cost_ranks(const pl_task *t)
{
    double *costs = malloc(((size_t)t->nactions + 1) * sizeof *costs);
    int *rank = malloc(((size_t)t->nactions + 1) * sizeof *rank);
    if (!costs || !rank) {
        free(costs);
        free(rank);
        return NULL;
    }
    for (int a = 0; a < t->nactions; a++)
        costs[a] = t->actions[a].cost;
    pl_sort(costs, (size_t)t->nactions, sizeof *costs, compare_doubles);
    int distinct = 0;
    for (int a = 0; a < t->nactions; a++)
        if (distinct == 0 || costs[a] != costs[distinct - 1])
            costs[distinct++] = costs[a];
    for (int a = 0; a < t->nactions; a++) {
        int lo = 0, hi = distinct - 1;
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (costs[mid] < t->actions[a].cost)
                lo = mid + 1;
            else
                hi = mid;
        }
        rank[a] = lo;
    }
    free(costs);
    return rank;
}

static int compare_ints(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

/* The action's structure as a key: cost rank, then each list sorted after
 * its length (preconditions, negative ones, adds, deletes).  Returns its
 * length; key holds 5 + npre + nneg + 2 * neffs ints. */
static int action_key(const pl_gaction *ga, int rank, int *key)
{
    int n = 0;
    key[n++] = rank;
    const int *lists[2] = {ga->pre_pos, ga->pre_neg};
    const int sizes[2] = {ga->npre_pos, ga->pre_neg ? ga->npre_neg : 0};
    for (int l = 0; l < 2; l++) {
        key[n++] = sizes[l];
        memcpy(key + n, lists[l], (size_t)sizes[l] * sizeof *key);
        pl_sort(key + n, (size_t)sizes[l], sizeof *key, compare_ints);
        n += sizes[l];
    }
    for (int add = 1; add >= 0; add--) {
        int at = n++, m = 0;
        for (int e = 0; e < ga->neffs; e++)
            if (ga->effs[e].add == add)
                key[n + m++] = ga->effs[e].atom;
        pl_sort(key + n, (size_t)m, sizeof *key, compare_ints);
        key[at] = m;
        n += m;
    }
    return n;
}

static uint64_t hash_key(const int *key, int n)
{
    uint64_t h = 0x9e3779b97f4a7c15u;
    for (int i = 0; i < n; i++)
        h = (h ^ (uint64_t)(unsigned)key[i]) * 0x100000001b3u;
    return h ^ (h >> 29);
}

/* Marks every action structurally equal to an earlier one (Swap's
 * (swap a b r s) and (swap b a s r)): copies add nothing to the symmetries
 * but a generator each for bliss to find.  Returns 0 or -1. */
static int mark_copies(const pl_task *t, const int *rank, bool *copy)
{
    int width = 8;
    for (int a = 0; a < t->nactions; a++) {
        const pl_gaction *ga = &t->actions[a];
        int w = 5 + ga->npre_pos + ga->npre_neg + 2 * ga->neffs;
        width = w > width ? w : width;
    }
    int nslots = 1;
    while (nslots < 2 * t->nactions + 2)
        nslots *= 2;
    size_t nactions = t->nactions > 0 ? (size_t)t->nactions : 0;
    int *keys = malloc((nactions * (size_t)width + 1) * sizeof *keys), *len = malloc((nactions + 1) * sizeof *len);
    int *slot = malloc((size_t)nslots * sizeof *slot);
    if (!keys || !len || !slot) {
        free(keys);
        free(len);
        free(slot);
        return -1;
    }
    for (int i = 0; i < nslots; i++)
        slot[i] = -1;
    for (int a = 0; a < t->nactions; a++) {
        int *key = keys + (size_t)a * (size_t)width;
        len[a] = action_key(&t->actions[a], rank[a], key);
        size_t i = hash_key(key, len[a]) & (size_t)(nslots - 1);
        copy[a] = false;
        for (; slot[i] >= 0 && !copy[a]; i = (i + 1) & (size_t)(nslots - 1)) {
            int b = slot[i];
            copy[a] = len[b] == len[a] && !memcmp(keys + (size_t)b * (size_t)width, key, (size_t)len[a] * sizeof *key);
        }
        if (!copy[a])
            slot[i] = a;
    }
    free(keys);
    free(len);
    free(slot);
    return 0;
}

static void link_list(BlissGraph *graph, unsigned int action, unsigned int colour, const int *atoms, int n)
{
    if (n == 0)
        return;
    unsigned int list = bliss.bliss_add_vertex(graph, colour);
    bliss.bliss_add_edge(graph, action, list);
    for (int i = 0; i < n; i++)
        bliss.bliss_add_edge(graph, list, (unsigned int)atoms[i]);
}

static void link_effects(BlissGraph *graph, unsigned int action, const pl_gaction *ga, bool add, int *buf)
{
    int n = 0;
    for (int e = 0; e < ga->neffs; e++)
        if (ga->effs[e].add == add)
            buf[n++] = ga->effs[e].atom;
    link_list(graph, action, add ? ADDS : DELS, buf, n);
}

int pl_symmetry_add_structural(pl_symmetry *s, const pl_task *t)
{
    bool *is_goal = calloc((size_t)t->natoms + 1, sizeof *is_goal);
    if (!is_goal)
        return -1;
    pthread_once(&bliss_once, load_bliss);
    bool supported = bliss_loaded && pl_symmetry_task_supported(t, is_goal);
    long long vertices = (long long)t->natoms + 6LL * t->nactions;
    if (!supported || vertices > MAX_VERTICES || t->natoms == 0) {
        free(is_goal);
        return 0;
    }
    int max_effs = 1;
    for (int a = 0; a < t->nactions; a++)
        max_effs = t->actions[a].neffs > max_effs ? t->actions[a].neffs : max_effs;
    int *rank = cost_ranks(t), *buf = malloc((size_t)max_effs * sizeof *buf);
    bool *copy = malloc(((size_t)t->nactions + 1) * sizeof *copy);
    BlissGraph *graph = rank && buf && copy && mark_copies(t, rank, copy) == 0 ? bliss.bliss_new(0) : NULL;
    generators g = {.natoms = t->natoms};
    int rc = graph ? 0 : -1;
    if (graph) {
        for (int a = 0; a < t->natoms; a++)
            bliss.bliss_add_vertex(graph, is_goal[a] ? GOAL : NOT_GOAL);
        for (int a = 0; a < t->nactions; a++) {
            const pl_gaction *ga = &t->actions[a];
            if (copy[a])
                continue;
            unsigned int v = bliss.bliss_add_vertex(graph, (unsigned int)(ACTION + rank[a]));
            for (int i = 0; i < ga->npre_pos; i++)
                bliss.bliss_add_edge(graph, v, (unsigned int)ga->pre_pos[i]);
            link_list(graph, v, PRE_NEG, ga->pre_neg, ga->npre_neg);
            link_effects(graph, v, ga, true, buf);
            link_effects(graph, v, ga, false, buf);
        }
        BlissStats stats;
        bliss.bliss_find_automorphisms(graph, keep_generator, &g, &stats);
        bliss.bliss_release(graph);
        if (g.failed)
            rc = -1;
        else if (g.ngens > 0)
            rc = pl_symmetry_add_generators(s, g.perms, g.ngens);
    }
    free(g.perms);
    free(copy);
    free(rank);
    free(buf);
    free(is_goal);
    return rc;
}
