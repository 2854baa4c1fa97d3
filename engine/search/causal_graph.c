/* Fast Downward's causal-graph variable order (causal_graph.h). */
#include <stdlib.h>
#include <string.h>

#include "search/causal_graph.h"
#include "base/hashmap.h"
#include "base/heap.h"
#include "base/sort.h"

enum { GOAL_WEIGHT = 100000 }; /* MaxDAG's extra weight on arcs into goal variables */

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}

typedef struct {
    pl_hashmap index; /* (source, target) -> arc */
    int *src, *dst, *weight;
    int narcs, cap;
} arcs;

static bool add_arc(arcs *g, int s, int t)
{
    int key[2] = {s, t};
    int id = pl_hashmap_put(&g->index, key, 2, g->narcs);
    if (id == -2)
        return false;
    if (id < g->narcs) {
        g->weight[id]++;
        return true;
    }
    if (g->narcs == g->cap) {
        int cap = g->cap ? g->cap * 2 : 256;
        int *src = realloc(g->src, (size_t)cap * sizeof *src);
        if (src)
            g->src = src;
        int *dst = realloc(g->dst, (size_t)cap * sizeof *dst);
        if (dst)
            g->dst = dst;
        int *weight = realloc(g->weight, (size_t)cap * sizeof *weight);
        if (weight)
            g->weight = weight;
        if (!src || !dst || !weight)
            return false;
        g->cap = cap;
    }
    g->src[g->narcs] = s;
    g->dst[g->narcs] = t;
    g->weight[g->narcs++] = 1;
    return true;
}

/* Marks variables in a list once (stamp per call). */
typedef struct {
    int *stamp;
    int now;
    int *list;
    int n;
} var_set;

static void var_set_start(var_set *s)
{
    s->now++;
    s->n = 0;
}

static void var_set_add(var_set *s, int v)
{
    if (s->stamp[v] != s->now) {
        s->stamp[v] = s->now;
        s->list[s->n++] = v;
    }
}

/* The variables of a condition's required literals into s. */
static void condition_vars(const pl_task *t, int cond, const int *var_of, int *buf, var_set *s)
{
    if (cond == PL_GF_TRUE)
        return;
    int n = pl_cond_required_atoms(t, cond, buf);
    for (int i = 0; i < n; i++)
        var_set_add(s, var_of[buf[i]]);
    n = pl_cond_required_false(t, cond, buf);
    for (int i = 0; i < n; i++)
        var_set_add(s, var_of[buf[i]]);
}

static bool in_list(const int *list, int n, int x)
{
    for (int i = 0; i < n; i++)
        if (list[i] == x)
            return true;
    return false;
}

/* Does the action add back, under the same condition, the atom that
 * delete effect e deletes?  Then the add wins and the delete is no effect. */
static bool readded(const pl_gaction *act, const pl_geffect *e)
{
    for (int i = 0; i < act->neffs; i++)
        if (act->effs[i].add && act->effs[i].atom == e->atom && act->effs[i].cond == e->cond)
            return true;
    return false;
}

/* Arcs from each precondition variable, and each effect condition's, to the
 * variable an effect changes, one per operator effect (CausalGraph's
 * weight_graph_from_ops and _from_axioms); effects that change nothing
 * (adding what the precondition requires, deleting what the action adds
 * back) are none. */
static bool build_arcs(const pl_task *t, const int *var_of, int nvars, arcs *g)
{
    int n = t->natoms;
    int *buf = malloc(((size_t)n + 1) * sizeof *buf);
    int *required = malloc(((size_t)n + 1) * sizeof *required);
    var_set pre = {calloc((size_t)nvars + 1, sizeof(int)), 0, malloc(((size_t)nvars + 1) * sizeof(int)), 0};
    var_set cond = {calloc((size_t)nvars + 1, sizeof(int)), 0, malloc(((size_t)nvars + 1) * sizeof(int)), 0};
    int *entry_var = NULL, *entry_cond = NULL, cap_entries = 0;
    bool ok = buf && required && pre.stamp && pre.list && cond.stamp && cond.list;
    for (int a = 0; a < t->nactions && ok; a++) {
        const pl_gaction *act = &t->actions[a];
        var_set_start(&pre);
        condition_vars(t, act->grounded_pre, var_of, buf, &pre);
        int nrequired = act->grounded_pre == PL_GF_TRUE ? 0 : pl_cond_required_atoms(t, act->grounded_pre, required);
        if (act->neffs > cap_entries) {
            cap_entries = act->neffs;
            int *ev = realloc(entry_var, (size_t)cap_entries * sizeof *ev);
            if (ev)
                entry_var = ev;
            int *ec = realloc(entry_cond, (size_t)cap_entries * sizeof *ec);
            if (ec)
                entry_cond = ec;
            if (!ev || !ec) {
                ok = false;
                break;
            }
        }
        int nentries = 0;
        for (int e = 0; e < act->neffs; e++) {
            const pl_geffect *ef = &act->effs[e];
            if (ef->add && ef->cond == PL_GF_TRUE && in_list(required, nrequired, ef->atom))
                continue;
            if (!ef->add && readded(act, ef))
                continue;
            int v = var_of[ef->atom];
            bool seen = false;
            for (int k = 0; k < nentries && !seen; k++)
                seen = entry_var[k] == v && entry_cond[k] == ef->cond;
            if (!seen) {
                entry_var[nentries] = v;
                entry_cond[nentries++] = ef->cond;
            }
        }
        for (int k = 0; k < nentries && ok; k++) {
            var_set_start(&cond);
            condition_vars(t, entry_cond[k], var_of, buf, &cond);
            for (int i = 0; i < pre.n && ok; i++)
                if (pre.list[i] != entry_var[k])
                    ok = add_arc(g, pre.list[i], entry_var[k]);
            for (int i = 0; i < cond.n && ok; i++)
                if (cond.list[i] != entry_var[k] && pre.stamp[cond.list[i]] != pre.now)
                    ok = add_arc(g, cond.list[i], entry_var[k]);
        }
    }
    for (int x = 0; x < t->naxioms && ok; x++) {
        int head = var_of[t->axioms[x].head];
        var_set_start(&cond);
        condition_vars(t, t->axioms[x].body, var_of, buf, &cond);
        for (int i = 0; i < cond.n && ok; i++)
            if (cond.list[i] != head)
                ok = add_arc(g, cond.list[i], head);
    }
    free(buf);
    free(required);
    free(pre.stamp);
    free(pre.list);
    free(cond.stamp);
    free(cond.list);
    free(entry_var);
    free(entry_cond);
    return ok;
}

/* Arcs by source then target (succ) and by target (pred), as index lists. */
typedef struct {
    int *succ_start, *succ; /* arc ids */
    int *pred_start, *pred;
} adjacency;

static int build_adjacency(const arcs *g, int nvars, adjacency *adj)
{
    adj->succ_start = calloc((size_t)nvars + 2, sizeof(int));
    adj->pred_start = calloc((size_t)nvars + 2, sizeof(int));
    adj->succ = malloc(((size_t)g->narcs + 1) * sizeof(int));
    adj->pred = malloc(((size_t)g->narcs + 1) * sizeof(int));
    uint64_t *keys = malloc(((size_t)g->narcs + 1) * sizeof *keys);
    if (!adj->succ_start || !adj->pred_start || !adj->succ || !adj->pred || !keys) {
        free(keys);
        return -1;
    }
    for (int i = 0; i < g->narcs; i++) {
        adj->succ_start[g->src[i] + 1]++;
        adj->pred_start[g->dst[i] + 1]++;
        keys[i] = (uint64_t)(uint32_t)g->src[i] << 32 | (uint32_t)g->dst[i];
    }
    for (int v = 0; v < nvars; v++) {
        adj->succ_start[v + 1] += adj->succ_start[v];
        adj->pred_start[v + 1] += adj->pred_start[v];
    }
    pl_sort(keys, (size_t)g->narcs, sizeof *keys, cmp_u64);
    int *fill = calloc((size_t)nvars + 1, sizeof *fill);
    if (!fill) {
        free(keys);
        return -1;
    }
    for (int i = 0; i < g->narcs; i++) {
        int key[2] = {(int)(keys[i] >> 32), (int)(uint32_t)keys[i]};
        int id = pl_hashmap_get(&g->index, key, 2);
        adj->succ[i] = id;
        adj->pred[adj->pred_start[key[1]] + fill[key[1]]++] = id;
    }
    free(fill);
    free(keys);
    return 0;
}

static void free_adjacency(adjacency *adj)
{
    free(adj->succ_start);
    free(adj->succ);
    free(adj->pred_start);
    free(adj->pred);
}

/* Tarjan's algorithm as translate/sccs.py runs it: roots in variable
 * order, successors in ascending order; the components come out in
 * topological order, each as its slice of Tarjan's stack.  comp_start /
 * comp hold them; returns the count, or -1 out of memory. */
static int sccs(const arcs *g, const adjacency *adj, int nvars, int *comp_start, int *comp)
{
    int *index = calloc((size_t)nvars + 1, sizeof *index);
    int *low = malloc(((size_t)nvars + 1) * sizeof *low);
    int *stack_pos = malloc(((size_t)nvars + 1) * sizeof *stack_pos); /* -1: not on the stack */
    int *stack = malloc(((size_t)nvars + 1) * sizeof *stack);
    int *frame_v = malloc(((size_t)nvars + 1) * sizeof *frame_v);
    int *frame_i = malloc(((size_t)nvars + 1) * sizeof *frame_i);
    int *found = malloc(((size_t)nvars + 1) * sizeof *found); /* components in finishing order */
    int *found_start = malloc(((size_t)nvars + 2) * sizeof *found_start);
    int ncomp = -1;
    if (!index || !low || !stack_pos || !stack || !frame_v || !frame_i || !found || !found_start)
        goto done;
    int counter = 0, sp = 0, nfound = 0, nfound_atoms = 0;
    for (int v = 0; v < nvars; v++)
        stack_pos[v] = -1;
    for (int root = 0; root < nvars; root++) {
        if (index[root])
            continue;
        int depth = 0;
        frame_v[0] = root;
        frame_i[0] = adj->succ_start[root];
        index[root] = low[root] = ++counter;
        stack_pos[root] = sp;
        stack[sp++] = root;
        while (depth >= 0) {
            int v = frame_v[depth];
            if (frame_i[depth] < adj->succ_start[v + 1]) {
                int w = g->dst[adj->succ[frame_i[depth]++]];
                if (!index[w]) {
                    index[w] = low[w] = ++counter;
                    stack_pos[w] = sp;
                    stack[sp++] = w;
                    depth++;
                    frame_v[depth] = w;
                    frame_i[depth] = adj->succ_start[w];
                } else if (stack_pos[w] >= 0 && index[w] < low[v]) {
                    low[v] = index[w];
                }
                continue;
            }
            if (low[v] == index[v]) {
                int base = stack_pos[v];
                found_start[nfound++] = nfound_atoms;
                for (int k = base; k < sp; k++) {
                    found[nfound_atoms++] = stack[k];
                    stack_pos[stack[k]] = -1;
                }
                sp = base;
            }
            depth--;
            if (depth >= 0 && low[v] < low[frame_v[depth]])
                low[frame_v[depth]] = low[v];
        }
    }
    found_start[nfound] = nfound_atoms;
    /* reversed: topological order */
    int at = 0;
    for (int c = nfound - 1, k = 0; c >= 0; c--, k++) {
        comp_start[k] = at;
        for (int i = found_start[c]; i < found_start[c + 1]; i++)
            comp[at++] = found[i];
    }
    comp_start[nfound] = at;
    ncomp = nfound;
done:
    free(index);
    free(low);
    free(stack_pos);
    free(stack);
    free(frame_v);
    free(frame_i);
    free(found);
    free(found_start);
    return ncomp;
}

/* MaxDAG: within a cycle of the causal graph, repeatedly take the variable
 * whose incoming arcs from the variables not taken weigh least (ties: the
 * one that reached that weight first, the component's order at the start);
 * arcs into goal variables weigh GOAL_WEIGHT more, so they come last. */
static int max_dag(const arcs *g, const adjacency *adj, const int *members, int n, const bool *goal, bool *in_comp,
                   long long *incoming, bool *done, int *out)
{
    pl_heap heap = {0};
    int nout = 0;
    uint32_t seq = 0;
    bool ok = true;
    for (int i = 0; i < n; i++) {
        in_comp[members[i]] = true;
        incoming[members[i]] = 0;
        done[members[i]] = false;
    }
    for (int i = 0; i < n; i++) {
        int v = members[i];
        for (int k = adj->succ_start[v]; k < adj->succ_start[v + 1]; k++) {
            int arc = adj->succ[k], w = g->dst[arc];
            if (in_comp[w])
                incoming[w] += g->weight[arc] + (goal[w] ? GOAL_WEIGHT + g->weight[arc] : 0);
        }
    }
    for (int i = 0; i < n && ok; i++)
        ok = pl_heap_push(&heap, (uint64_t)incoming[members[i]] << 32 | seq++, members[i]);
    while (ok && heap.count) {
        pl_heap_item it = pl_heap_pop(&heap);
        int v = it.value;
        if (done[v] || (long long)(it.key >> 32) != incoming[v])
            continue; /* taken, or its weight fell since */
        done[v] = true;
        out[nout++] = v;
        for (int k = adj->succ_start[v]; k < adj->succ_start[v + 1] && ok; k++) {
            int arc = adj->succ[k], w = g->dst[arc];
            if (!in_comp[w] || done[w])
                continue;
            /* a goal variable's arc is listed twice (weight + GOAL_WEIGHT,
             * weight): each removal takes the weight off once */
            for (int copy = 0; copy < (goal[w] ? 2 : 1) && ok; copy++) {
                incoming[w] -= g->weight[arc];
                ok = pl_heap_push(&heap, (uint64_t)incoming[w] << 32 | seq++, w);
            }
        }
    }
    for (int i = 0; i < n; i++)
        in_comp[members[i]] = false;
    pl_heap_free(&heap);
    return ok ? nout : -1;
}

/* The variable order: components in topological order, each cycle broken
 * by max_dag; then only the variables some goal variable depends on
 * (calculate_important_vars).  Returns the count, or -1. */
int pl_causal_graph_order(const pl_task *t, const int *var_of, int nvars, int *order)
{
    int nv = nvars;
    arcs g = {PL_HASHMAP_INIT, NULL, NULL, NULL, 0, 0};
    adjacency adj = {0};
    int *comp_start = malloc(((size_t)nv + 2) * sizeof *comp_start);
    int *comp = malloc(((size_t)nv + 1) * sizeof *comp);
    int *ordered = malloc(((size_t)nv + 1) * sizeof *ordered);
    bool *goal = calloc((size_t)nv + 1, sizeof *goal);
    bool *in_comp = calloc((size_t)nv + 1, sizeof *in_comp);
    bool *done = calloc((size_t)nv + 1, sizeof *done);
    bool *needed = calloc((size_t)nv + 1, sizeof *needed);
    long long *incoming = malloc(((size_t)nv + 1) * sizeof *incoming);
    int *buf = malloc(((size_t)t->natoms + 1) * sizeof *buf);
    int *stack = malloc(((size_t)nv + 1) * sizeof *stack);
    int count = -1;
    if (!comp_start || !comp || !ordered || !goal || !in_comp || !done || !needed || !incoming || !buf || !stack ||
        !build_arcs(t, var_of, nv, &g) || build_adjacency(&g, nv, &adj) < 0)
        goto done;
    int n = pl_cond_required_atoms(t, t->goal, buf);
    for (int i = 0; i < n; i++)
        goal[var_of[buf[i]]] = true;
    n = pl_cond_required_false(t, t->goal, buf);
    for (int i = 0; i < n; i++)
        goal[var_of[buf[i]]] = true;
    int ncomp = sccs(&g, &adj, nv, comp_start, comp);
    if (ncomp < 0)
        goto done;
    int nordered = 0;
    for (int c = 0; c < ncomp; c++) {
        int size = comp_start[c + 1] - comp_start[c];
        if (size == 1) {
            ordered[nordered++] = comp[comp_start[c]];
            continue;
        }
        int got = max_dag(&g, &adj, comp + comp_start[c], size, goal, in_comp, incoming, done, ordered + nordered);
        if (got < 0)
            goto done;
        nordered += got;
    }
    int top = 0;
    for (int v = 0; v < nv; v++)
        if (goal[v] && !needed[v]) {
            needed[v] = true;
            stack[top++] = v;
        }
    while (top) {
        int v = stack[--top];
        for (int k = adj.pred_start[v]; k < adj.pred_start[v + 1]; k++) {
            int u = g.src[adj.pred[k]];
            if (!needed[u]) {
                needed[u] = true;
                stack[top++] = u;
            }
        }
    }
    count = 0;
    for (int i = 0; i < nordered; i++)
        if (needed[ordered[i]])
            order[count++] = ordered[i];
done:
    pl_hashmap_free(&g.index);
    free(g.src);
    free(g.dst);
    free(g.weight);
    free_adjacency(&adj);
    free(comp_start);
    free(comp);
    free(ordered);
    free(goal);
    free(in_comp);
    free(done);
    free(needed);
    free(incoming);
    free(buf);
    free(stack);
    return count;
}

