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
        const pl_ws_record *rec = pl_workspace_record(ws, r);
        if (!sel || ((!sel->scope || pl_filter_match(sel->scope, rec)) &&
                     (!sel->filter || pl_filter_match(sel->filter, rec))))
            out[(*n)++] = r;
    }
    return out;
}

/* The workspace numbers its runs × tasks in order: one counting pass places
 * every record in its group. */
pl_group *pl_group_records(const pl_workspace *ws, const int *records, int n, int *ngroups)
{
    int total = pl_workspace_ngroups(ws);
    int *count = calloc((size_t)total + 1, sizeof *count), *slot = calloc((size_t)total + 1, sizeof *slot);
    pl_group *groups = calloc((size_t)total + 1, sizeof *groups);
    *ngroups = 0;
    if (!count || !slot || !groups)
        goto oom;
    for (int i = 0; i < n; i++)
        count[pl_workspace_record(ws, records[i])->group]++;
    for (int g = 0; g < total; g++) {
        if (!count[g])
            continue;
        slot[g] = *ngroups;
        pl_group *out = &groups[(*ngroups)++];
        out->model = pl_workspace_group_model(ws, g);
        out->task = pl_workspace_group_task(ws, g);
        if (!(out->members = malloc((size_t)count[g] * sizeof *out->members)))
            goto oom;
    }
    for (int i = 0; i < n; i++) {
        pl_group *g = &groups[slot[pl_workspace_record(ws, records[i])->group]];
        g->members[g->n++] = records[i];
    }
    free(count);
    free(slot);
    return groups;
oom:
    free(count);
    free(slot);
    pl_groups_free(groups, *ngroups);
    *ngroups = 0;
    return NULL;
}

void pl_groups_free(pl_group *g, int n)
{
    for (int i = 0; g && i < n; i++)
        free(g[i].members);
    free(g);
}
