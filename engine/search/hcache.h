/* Heuristic values shared by the searches of one task that have the same
 * goal, heuristic and disabled actions (the next-action tests of one
 * question): a state met again is not evaluated again, and an A* search
 * leaves a lower bound on h* for every state it evaluated, which later searches
 * use as their heuristic where it beats the evaluator's value: a bounded
 * search that fails proves h*(n) >= B - g(n) + 1 (no plan of cost <= B from
 * the start), one that finds an optimal plan of cost C proves h*(n) >= C - g(n).
 * Every value stored is an admissible estimate of h*. */
#ifndef PL_SEARCH_HCACHE_H
#define PL_SEARCH_HCACHE_H

#include <stdbool.h>
#include <stdint.h>

typedef struct pl_hcache pl_hcache;

/* For states of `words` uint64 words; NULL when out of memory. */
pl_hcache *pl_hcache_new(int words);
void pl_hcache_free(pl_hcache *c);
/* The value stored for `state` into *h; false when none. */
bool pl_hcache_get(const pl_hcache *c, const uint64_t *state, int *h);
/* Stores h for `state`, keeping the larger of it and a value stored before;
 * with `insert` false only a stored value is raised.  Out of memory only
 * drops the value (it is a cache). */
void pl_hcache_raise(pl_hcache *c, const uint64_t *state, int h, bool insert);

#endif
