/* Fast Downward's variable order (fact_order.h). */
#include <stdlib.h>
#include <string.h>

#include "search/fact_order.h"
#include "search/causal_graph.h"
#include "search/invariants.h"
#include "base/sort.h"

typedef struct {
    int nvars;
    int *var_start; /* variable v: var_atoms[var_start[v] .. var_start[v + 1]) */
    int *var_atoms;
    int *var_of;    /* per atom */
} variables;

typedef struct {
    const int *atoms;
    int n;
    const int *rank;
} group_ref;

static int cmp_group_refs(const void *x, const void *y)
{
    const group_ref *a = x, *b = y;
    for (int i = 0; i < a->n && i < b->n; i++)
        if (a->rank[a->atoms[i]] != a->rank[b->atoms[i]])
            return a->rank[a->atoms[i]] < a->rank[b->atoms[i]] ? -1 : 1;
    return (a->n > b->n) - (a->n < b->n);
}

/* choose_groups: the largest remaining group (the last one listed among
 * equals) takes its atoms out of every other group, until none has two;
 * the atoms left over are variables of their own.  Atoms the goal wants
 * false never join a group. */
static int choose_variables(const pl_task *t, const pl_fd_groups *g, variables *out)
{
    const int *rank = g->rank;
    int n = t->natoms, ng = g->ngroups;
    int *size = calloc((size_t)ng + 1, sizeof *size);
    bool *in = calloc((size_t)g->start[ng] + 1, sizeof *in); /* per group entry: still a member */
    /* groups by size: a stack per size, linked through next_in_stack */
    int *next_in_stack = malloc(((size_t)ng + 1) * sizeof *next_in_stack);
    int *top_of = malloc(((size_t)n + 2) * sizeof *top_of);
    int *neg_goal = malloc(((size_t)n + 1) * sizeof *neg_goal);
    bool *goal_false = calloc((size_t)n + 1, sizeof *goal_false);
    int *chosen = malloc(((size_t)n + 1) * sizeof *chosen);
    int *chosen_start = malloc(((size_t)ng + 2) * sizeof *chosen_start);
    bool *covered = calloc((size_t)n + 1, sizeof *covered);
    /* entries of each atom, to remove it from every group at once */
    int *fact_start = calloc((size_t)n + 2, sizeof *fact_start);
    int *fact_entries = malloc(((size_t)g->start[ng] + 1) * sizeof *fact_entries);
    int *entry_group = malloc(((size_t)g->start[ng] + 1) * sizeof *entry_group);
    group_ref *refs = malloc(((size_t)ng + (size_t)n + 1) * sizeof *refs);
    int rc = -1;
    if (!size || !in || !next_in_stack || !top_of || !neg_goal || !goal_false || !chosen ||
        !chosen_start || !covered || !fact_start || !fact_entries || !entry_group || !refs)
        goto done;
    int nneg = pl_cond_required_false(t, t->goal, neg_goal);
    for (int i = 0; i < nneg; i++)
        goal_false[neg_goal[i]] = true;
    int max_size = 0;
    for (int k = 0; k < ng; k++)
        for (int e = g->start[k]; e < g->start[k + 1]; e++) {
            entry_group[e] = k;
            in[e] = !goal_false[g->atoms[e]];
            size[k] += in[e];
            fact_start[g->atoms[e] + 1] += in[e];
        }
    for (int a = 0; a < n; a++)
        fact_start[a + 1] += fact_start[a];
    int *fill = calloc((size_t)n + 1, sizeof *fill);
    if (!fill)
        goto done;
    for (int e = 0; e < g->start[ng]; e++)
        if (in[e]) {
            int a = g->atoms[e];
            fact_entries[fact_start[a] + fill[a]++] = e;
        }
    free(fill);
    for (int s = 0; s <= n + 1; s++)
        top_of[s] = -1;
    for (int k = 0; k < ng; k++) { /* pushing in order: the last group pops first */
        next_in_stack[k] = top_of[size[k]];
        top_of[size[k]] = k;
        max_size = size[k] > max_size ? size[k] : max_size;
    }
    int nchosen_groups = 0, nchosen = 0;
    for (;;) {
        int top = -1;
        while (max_size > 1 && top < 0) {
            while (top_of[max_size] >= 0) {
                int k = top_of[max_size];
                top_of[max_size] = next_in_stack[k];
                if (size[k] == max_size) {
                    top = k;
                    break;
                }
                next_in_stack[k] = top_of[size[k]];
                top_of[size[k]] = k;
            }
            if (top < 0)
                max_size--;
        }
        if (top < 0)
            break;
        chosen_start[nchosen_groups++] = nchosen;
        for (int e = g->start[top]; e < g->start[top + 1]; e++) {
            if (!in[e])
                continue;
            int a = g->atoms[e];
            chosen[nchosen++] = a;
            covered[a] = true;
            for (int f = fact_start[a]; f < fact_start[a + 1]; f++)
                if (in[fact_entries[f]]) {
                    in[fact_entries[f]] = false;
                    size[entry_group[fact_entries[f]]]--;
                }
        }
    }
    chosen_start[nchosen_groups] = nchosen;
    /* the chosen groups (each keeps its group's atom order), the uncovered
     * atoms alone, all sorted */
    int nrefs = 0;
    for (int k = 0; k < nchosen_groups; k++) {
        int *atoms = chosen + chosen_start[k];
        int len = chosen_start[k + 1] - chosen_start[k];
        refs[nrefs++] = (group_ref){atoms, len, rank};
    }
    int *singles = malloc(((size_t)n + 1) * sizeof *singles);
    if (!singles)
        goto done;
    int nsingles = 0;
    for (int a = 0; a < n; a++)
        if (!covered[a])
            singles[nsingles++] = a;
    for (int i = 0; i < nsingles; i++)
        refs[nrefs++] = (group_ref){&singles[i], 1, rank};
    pl_sort(refs, (size_t)nrefs, sizeof *refs, cmp_group_refs);
    out->nvars = nrefs;
    out->var_start = malloc(((size_t)nrefs + 1) * sizeof *out->var_start);
    out->var_atoms = malloc(((size_t)n + 1) * sizeof *out->var_atoms);
    out->var_of = malloc(((size_t)n + 1) * sizeof *out->var_of);
    if (out->var_start && out->var_atoms && out->var_of) {
        int at = 0;
        for (int v = 0; v < nrefs; v++) {
            out->var_start[v] = at;
            for (int i = 0; i < refs[v].n; i++) {
                out->var_of[refs[v].atoms[i]] = v;
                out->var_atoms[at++] = refs[v].atoms[i];
            }
        }
        out->var_start[nrefs] = at;
        rc = 0;
    }
    free(singles);
done:
    free(size);
    free(in);
    free(next_in_stack);
    free(top_of);
    free(neg_goal);
    free(goal_false);
    free(chosen);
    free(chosen_start);
    free(covered);
    free(fact_start);
    free(fact_entries);
    free(entry_group);
    free(refs);
    return rc;
}

int *pl_fd_fact_order(const pl_task *t, int nnegated, const int *negated_base)
{
    int n = t->natoms, total = n + nnegated;
    pl_fd_groups groups;
    variables vars = {0};
    int *order = NULL, *result = NULL, *negated_of = NULL;
    bool *placed = NULL;
    if (pl_fd_groups_find(t, &groups) < 0)
        return NULL;
    if (choose_variables(t, &groups, &vars) < 0)
        goto done;
    order = malloc(((size_t)vars.nvars + 1) * sizeof *order);
    result = malloc(((size_t)total + 1) * sizeof *result);
    negated_of = malloc(((size_t)n + 1) * sizeof *negated_of);
    placed = calloc((size_t)total + 1, sizeof *placed);
    int norder = order ? pl_causal_graph_order(t, vars.var_of, vars.nvars, order) : -1;
    if (!result || !negated_of || !placed || norder < 0) {
        free(result);
        result = NULL;
        goto done;
    }
    for (int a = 0; a < n; a++)
        negated_of[a] = -1;
    for (int i = 0; i < nnegated; i++)
        negated_of[negated_base[i]] = n + i;
    for (int i = 0; i < norder; i++) {
        int v = order[i];
        for (int k = vars.var_start[v]; k < vars.var_start[v + 1]; k++)
            placed[vars.var_atoms[k]] = true;
        int single = vars.var_start[v + 1] - vars.var_start[v] == 1 ? vars.var_atoms[vars.var_start[v]] : -1;
        if (single >= 0 && negated_of[single] >= 0)
            placed[negated_of[single]] = true;
    }
    int at = 0;
    for (int a = 0; a < total; a++)
        if (!placed[a])
            result[at++] = a;
    for (int i = 0; i < norder; i++) {
        int v = order[i];
        for (int k = vars.var_start[v]; k < vars.var_start[v + 1]; k++)
            result[at++] = vars.var_atoms[k];
        int single = vars.var_start[v + 1] - vars.var_start[v] == 1 ? vars.var_atoms[vars.var_start[v]] : -1;
        if (single >= 0 && negated_of[single] >= 0)
            result[at++] = negated_of[single];
    }
done:
    pl_fd_groups_free(&groups);
    free(order);
    free(negated_of);
    free(placed);
    free(vars.var_start);
    free(vars.var_atoms);
    free(vars.var_of);
    return result;
}
