/* Reasonable orderings between fact landmarks (internal to landmarks.c),
 * approximated as Hoffmann, Porteous and Sebastia (2004) do and Fast
 * Downward's lm_reasonable_orders_hps, which LAMA uses, does.
 *
 * Landmark B interferes with landmark A when A cannot be achieved while B
 * holds: A and B are mutex, or every action adding A has one unconditional
 * effect E (other than A and B) that is mutex with B (deleting B counts:
 * its "not B" is).  Then A is reasonably ordered before B (A -> B, achieve
 * A first) when B is a goal, or when B is greedy-necessarily ordered before
 * some landmark C and A is another parent of C, or an ancestor of one.
 * Mutexes are h^2's (mutex.h); without them, only deletions count. */
#ifndef PL_SEARCH_LANDMARK_ORDERS_H
#define PL_SEARCH_LANDMARK_ORDERS_H

#include "search/heuristic.h"
#include "search/mutex.h"

/* Orderings "i before list[start[i] .. start[i + 1])", or after when the
 * lists are by head. */
typedef struct {
    int *start, *list;
} pl_lm_adjacency;

/* The n landmarks are relaxed atoms atom[i] (goal[i]: a goal atom); the
 * greedy-necessary orderings are given by tail and by head.  Appends each
 * reasonable ordering as a (tail, head) pair to *pairs (realloc'd; *npairs
 * ints used, *cap allocated), none that is greedy-necessary already.
 * mx may be NULL.  Returns -1 on out of memory. */
int pl_lm_reasonable_orders(const pl_relaxed *r, const pl_mutexes *mx, int n, const int *atom, const bool *goal,
                            const pl_lm_adjacency *gn_children, const pl_lm_adjacency *gn_parents, int **pairs,
                            int *npairs, int *cap);

#endif
