/* Bellman backups of lower bounds on h* over the part of a state space an
 * A* search explored.  A state whose successors were all generated is at
 * least as far from the goal as its nearest successor plus that step:
 * h*(n) = min over actions (cost + h*(succ)).  Raising each expanded
 * state's bound to that minimum until nothing changes turns the bounds an
 * A* leaves (h*(n) >= C - g(n)) into ones that also tell the states on an
 * optimal plan from those that only look close: every branch of the
 * explored space that leads nowhere near the goal gets a higher bound, and
 * a later search pruning with them walks the optimal plans only. */
#ifndef PL_SEARCH_BACKUP_H
#define PL_SEARCH_BACKUP_H

#include <stdbool.h>

typedef struct {
    int from, to;
    int cost;
} pl_edge;

/* lb[n] (n < nnodes): lower bounds on h*(n), raised in place to the
 * fixpoint of lb(n) = max(lb(n), min over n's edges (cost + lb(to))) for
 * every n with expanded[n] (all of whose successors are among the edges;
 * none: a dead end), each capped at `cap`; after 32 looks per state and
 * edge it stops short of the fixpoint (with large action costs).  Returns
 * 0, or -1 when out of memory; lb holds valid bounds either way. */
int pl_backup_lower_bounds(int nnodes, int *lb, const bool *expanded, const pl_edge *edges, long nedges, int cap);

#endif
