#include "groups.h"

#include <stdlib.h>
#include <string.h>

int *pl_select_records(const pl_workspace *ws, const pl_selection *sel, int *n)
{
    int total = sel && sel->subset ? sel->nsubset : pl_workspace_count(ws);
    int *out = malloc((size_t)(total ? total : 1) * sizeof *out);
    *n = 0;
    if (!out)
        return NULL;
    for (int i = 0; i < total; i++) {
        int r = sel && sel->subset ? sel->subset[i] : i;
        if (!sel || !sel->filter || pl_filter_match(sel->filter, pl_workspace_record(ws, r)))
            out[(*n)++] = r;
    }
    return out;
}

static const pl_workspace *sort_ws;

static int by_group(const void *x, const void *y)
{
    const pl_ws_record *a = pl_workspace_record(sort_ws, *(const int *)x);
    const pl_ws_record *b = pl_workspace_record(sort_ws, *(const int *)y);
    int c = strcmp(a->model, b->model);
    if (!c)
        c = strcmp(a->task, b->task);
    return c ? c : (*(const int *)x > *(const int *)y) - (*(const int *)x < *(const int *)y);
}

pl_group *pl_group_records(const pl_workspace *ws, const int *records, int n, int *ngroups)
{
    *ngroups = 0;
    int *order = malloc((size_t)(n ? n : 1) * sizeof *order);
    pl_group *groups = calloc((size_t)(n ? n : 1), sizeof *groups);
    if (!order || !groups) {
        free(order);
        free(groups);
        return NULL;
    }
    memcpy(order, records, (size_t)n * sizeof *order);
    sort_ws = ws; /* the UI thread is the only caller */
    qsort(order, (size_t)n, sizeof *order, by_group);
    for (int i = 0; i < n;) {
        const pl_ws_record *first = pl_workspace_record(ws, order[i]);
        int end = i;
        while (end < n && !strcmp(pl_workspace_record(ws, order[end])->model, first->model) &&
               !strcmp(pl_workspace_record(ws, order[end])->task, first->task))
            end++;
        pl_group *g = &groups[(*ngroups)++];
        g->model = first->model;
        g->task = first->task;
        g->n = end - i;
        if (!(g->members = malloc((size_t)g->n * sizeof *g->members))) {
            pl_groups_free(groups, *ngroups);
            free(order);
            *ngroups = 0;
            return NULL;
        }
        memcpy(g->members, order + i, (size_t)g->n * sizeof *g->members);
        i = end;
    }
    free(order);
    return groups;
}

void pl_groups_free(pl_group *g, int n)
{
    for (int i = 0; g && i < n; i++)
        free(g[i].members);
    free(g);
}
