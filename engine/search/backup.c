/* The fixpoint of pl_backup_lower_bounds with a work list: a state is
 * looked at again only when a successor's bound rose.  Bounds only rise and
 * stop at the cap, so it ends after at most cap rises per state; with large
 * action costs that could be many, so the work is capped too: every bound
 * on the way is a valid one. */
#include <stdlib.h>

#include "search/backup.h"

/* Edge indices grouped by `from` (out) or `to` (in). */
static int *group_edges(int nnodes, const pl_edge *edges, long nedges, bool by_to, long **start_out)
{
    long *start = calloc((size_t)nnodes + 1, sizeof *start);
    int *items = malloc(((size_t)nedges + 1) * sizeof *items);
    long *fill = malloc(((size_t)nnodes + 1) * sizeof *fill);
    if (!start || !items || !fill) {
        free(start);
        free(items);
        free(fill);
        return NULL;
    }
    for (long e = 0; e < nedges; e++)
        start[(by_to ? edges[e].to : edges[e].from) + 1]++;
    for (int n = 0; n < nnodes; n++) {
        start[n + 1] += start[n];
        fill[n] = start[n];
    }
    for (long e = 0; e < nedges; e++)
        items[fill[by_to ? edges[e].to : edges[e].from]++] = (int)e;
    free(fill);
    *start_out = start;
    return items;
}

int pl_backup_lower_bounds(int nnodes, int *lb, const bool *expanded, const pl_edge *edges, long nedges, int cap)
{
    long *out_start = NULL, *in_start = NULL;
    int *out = group_edges(nnodes, edges, nedges, false, &out_start);
    int *in = out ? group_edges(nnodes, edges, nedges, true, &in_start) : NULL;
    int *queue = malloc(((size_t)nnodes + 1) * sizeof *queue);
    bool *queued = calloc((size_t)nnodes + 1, sizeof *queued);
    int rc = out && in && queue && queued ? 0 : -1;
    /* a ring: each state is in it at most once */
    int head = 0, count = 0;
    long long budget = 32 * ((long long)nnodes + nedges); /* looks at a state */
    for (int n = 0; rc == 0 && n < nnodes; n++)
        if (expanded[n]) {
            queue[count++] = n;
            queued[n] = true;
        }
    while (rc == 0 && count > 0 && budget-- > 0) {
        int n = queue[head];
        head = (head + 1) % nnodes;
        count--;
        queued[n] = false;
        long long best = cap;
        for (long i = out_start[n]; i < out_start[n + 1]; i++) {
            const pl_edge *e = &edges[out[i]];
            long long via = (long long)e->cost + lb[e->to];
            if (via < best)
                best = via;
        }
        if (best <= lb[n])
            continue;
        lb[n] = (int)best;
        for (long i = in_start[n]; i < in_start[n + 1]; i++) {
            int p = edges[in[i]].from;
            if (expanded[p] && !queued[p]) {
                queue[(head + count) % nnodes] = p;
                count++;
                queued[p] = true;
            }
        }
    }
    free(out);
    free(out_start);
    free(in);
    free(in_start);
    free(queue);
    free(queued);
    return rc;
}
