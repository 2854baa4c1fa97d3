/* The LM-cut cuts of the states one search evaluated, kept for the
 * incremental evaluation of their successors (pl_heuristic_eval_child):
 * A* with deferred evaluation evaluates a child long after its parent, so
 * the cuts stay with every evaluated state, in one growing pool of ints with
 * an offset per stored state, as far as the search grants the bytes. */
#ifndef PL_SEARCH_CUT_STORE_H
#define PL_SEARCH_CUT_STORE_H

#include <stdbool.h>
#include <stddef.h>

#include "search/heuristic.h"

typedef struct {
    int *pool;
    size_t used, cap; /* ints */
    long *at;         /* per stored state: its cuts' offset in pool, or -1 */
    int nat;
    /* Asked for the bytes of each growth; false refuses them (the cuts are
     * then not kept, which only costs time). */
    bool (*reserve)(void *ctx, size_t bytes);
    void *ctx;
} pl_cut_store;

/* The cuts stored for state `id`, or NULL; valid until the next put. */
const int *pl_cut_store_get(const pl_cut_store *c, int id);
/* Keeps the last evaluation's cuts of `h` for state `id`. */
void pl_cut_store_put(pl_cut_store *c, int id, const pl_heuristic *h);
/* The bytes the store holds. */
size_t pl_cut_store_bytes(const pl_cut_store *c);
/* Frees the cuts, keeping reserve and ctx. */
void pl_cut_store_clear(pl_cut_store *c);
void pl_cut_store_free(pl_cut_store *c);

#endif
