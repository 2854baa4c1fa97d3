/* Reasonable orderings between landmarks (landmark_orders.h). */
#include <stdlib.h>
#include <string.h>

#include "search/landmark_orders.h"

/* Interference tests beyond this many are skipped (the orderings found are
 * kept): a goal is tested against every landmark. */
enum { MAX_TESTS = 20000000 };

typedef struct {
    const pl_relaxed *r;
    const pl_mutexes *mx;
    const int *atom;
    /* per landmark, once computed: the unconditional effects every action
     * adding it has (an add e as e, a delete of q as -q - 1), sorted */
    int **shared;
    int *nshared;
    bool *computed;
    long tests;
} orders;

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Can relaxed atoms a and b never hold together?  Known for a task atom
 * and its "not" atom, and for two task atoms with h^2's table. */
static bool mutex(const orders *o, int a, int b)
{
    int n = o->r->task->natoms, negated_end = n + o->r->nnegated;
    if (a == b)
        return false;
    if (a >= n && a < negated_end && b < n)
        return o->r->negated_base[a - n] == b;
    if (b >= n && b < negated_end && a < n)
        return o->r->negated_base[b - n] == a;
    return a < n && b < n && o->mx && !pl_mutex_pair_reachable(o->mx, a, b);
}

/* Is effect e (coded as in orders.shared) mutex with relaxed atom b? */
static bool effect_mutex(const orders *o, int e, int b)
{
    return e < 0 ? -e - 1 == b : mutex(o, e, b);
}

/* The unconditional effects of ground action a, coded and sorted, into
 * out (room for every effect); returns the count. */
static int action_effects(const pl_task *t, int a, int *out)
{
    const pl_gaction *ga = &t->actions[a];
    int k = 0;
    for (int i = 0; i < ga->neffs; i++)
        if (ga->effs[i].cond == PL_GF_TRUE)
            out[k++] = ga->effs[i].add ? ga->effs[i].atom : -ga->effs[i].atom - 1;
    qsort(out, (size_t)k, sizeof *out, cmp_int);
    return k;
}

/* Keeps in set[0 .. n) what also is in other[0 .. m) (both sorted). */
static int intersect(int *set, int n, const int *other, int m)
{
    int k = 0;
    for (int i = 0, j = 0; i < n && j < m;) {
        if (set[i] < other[j])
            i++;
        else if (set[i] > other[j])
            j++;
        else {
            set[k++] = set[i++];
            j++;
        }
    }
    return k;
}

/* The shared effects of the actions adding landmark i's atom (none when
 * an operator that is no action adds it).  Returns -1 on out of memory. */
static int shared_effects(orders *o, int i)
{
    if (o->computed[i])
        return 0;
    const pl_relaxed *r = o->r;
    const pl_task *t = r->task;
    int p = o->atom[i], *set = NULL, n = 0, longest = 0;
    for (int k = 0; k < r->nadd_of[p]; k++) {
        int a = r->ops[r->add_of[p][k]].action;
        if (a < 0) {
            longest = -1;
            break;
        }
        longest = t->actions[a].neffs > longest ? t->actions[a].neffs : longest;
    }
    if (longest > 0 && r->nadd_of[p] > 0) {
        set = malloc(2 * ((size_t)longest + 1) * sizeof *set);
        if (!set)
            return -1;
        int *other = set + longest + 1;
        for (int k = 0; k < r->nadd_of[p]; k++) {
            int a = r->ops[r->add_of[p][k]].action;
            if (k == 0)
                n = action_effects(t, a, set);
            else
                n = intersect(set, n, other, action_effects(t, a, other));
            if (n == 0)
                break;
        }
    }
    o->shared[i] = set;
    o->nshared[i] = n;
    o->computed[i] = true;
    return 0;
}

/* Does landmark b interfere with landmark a (a must come first)?  -1 on
 * out of memory. */
static int interferes(orders *o, int a, int b)
{
    int pa = o->atom[a], pb = o->atom[b];
    o->tests++;
    if (pa == pb)
        return 0;
    if (mutex(o, pa, pb))
        return 1;
    if (shared_effects(o, a) < 0)
        return -1;
    for (int k = 0; k < o->nshared[a]; k++) {
        int e = o->shared[a][k];
        if (e != pa && e != pb && effect_mutex(o, e, pb))
            return 1;
    }
    return 0;
}

static bool gn_ordered(const pl_lm_adjacency *children, int a, int b)
{
    for (int k = children->start[a]; k < children->start[a + 1]; k++)
        if (children->list[k] == b)
            return true;
    return false;
}

static int push_pair(int **pairs, int *npairs, int *cap, int a, int b)
{
    if (*npairs + 2 > *cap) {
        int c = *cap ? *cap * 2 : 64;
        int *p = realloc(*pairs, (size_t)c * sizeof *p);
        if (!p)
            return -1;
        *pairs = p;
        *cap = c;
    }
    (*pairs)[(*npairs)++] = a;
    (*pairs)[(*npairs)++] = b;
    return 0;
}

/* Marks x and its ancestors (through greedy-necessary parents) in mark
 * with `epoch`, listing the new ones in list. */
static void collect_ancestors(const pl_lm_adjacency *parents, int x, unsigned *mark, unsigned epoch, int *list,
                              int *count, int *stack)
{
    int top = 0;
    if (mark[x] == epoch)
        return;
    mark[x] = epoch;
    list[(*count)++] = x;
    stack[top++] = x;
    while (top) {
        int y = stack[--top];
        for (int k = parents->start[y]; k < parents->start[y + 1]; k++) {
            int z = parents->list[k];
            if (mark[z] != epoch) {
                mark[z] = epoch;
                list[(*count)++] = z;
                stack[top++] = z;
            }
        }
    }
}

int pl_lm_reasonable_orders(const pl_relaxed *r, const pl_mutexes *mx, int n, const int *atom, const bool *goal,
                            const pl_lm_adjacency *gn_children, const pl_lm_adjacency *gn_parents, int **pairs,
                            int *npairs, int *cap)
{
    orders o = {r, mx, atom, calloc((size_t)n + 1, sizeof(int *)), calloc((size_t)n + 1, sizeof(int)),
                calloc((size_t)n + 1, sizeof(bool)), 0};
    unsigned *mark = calloc((size_t)n + 1, sizeof *mark);
    int *candidates = malloc(((size_t)n + 1) * sizeof *candidates);
    int *stack = malloc(((size_t)n + 1) * sizeof *stack);
    int rc = o.shared && o.nshared && o.computed && mark && candidates && stack ? 0 : -1;
    for (int b = 0; rc == 0 && b < n && o.tests < MAX_TESTS; b++) {
        int count = 0;
        if (goal[b]) {
            for (int a = 0; a < n; a++)
                candidates[count++] = a;
        } else {
            unsigned epoch = (unsigned)b + 1;
            for (int k = gn_children->start[b]; k < gn_children->start[b + 1]; k++) {
                int c = gn_children->list[k];
                for (int j = gn_parents->start[c]; j < gn_parents->start[c + 1]; j++)
                    if (gn_parents->list[j] != b)
                        collect_ancestors(gn_parents, gn_parents->list[j], mark, epoch, candidates, &count, stack);
            }
        }
        for (int i = 0; rc == 0 && i < count; i++) {
            int a = candidates[i];
            if (a == b || gn_ordered(gn_children, a, b))
                continue;
            int v = interferes(&o, a, b);
            if (v < 0 || (v > 0 && push_pair(pairs, npairs, cap, a, b) < 0))
                rc = -1;
        }
    }
    for (int i = 0; o.shared && i < n; i++)
        free(o.shared[i]);
    free(o.shared);
    free(o.nshared);
    free(o.computed);
    free(mark);
    free(candidates);
    free(stack);
    return rc;
}
