/* The LM-cut cuts of the states one search evaluated, kept for the
 * incremental evaluation of their successors (pl_heuristic_eval_child):
 * A* with deferred evaluation evaluates a child long after its parent, so
 * the cuts stay with every evaluated state, in one growing pool of ints with
 * an offset per stored state, as far as the search grants the bytes.  An
 * entry is the number of ints of the image (0: none), the image, then the
 * cuts as pl_heuristic_cuts gives them. */
#ifndef PL_SEARCH_CUT_STORE_H
#define PL_SEARCH_CUT_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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
/* Copies into `out` the state of `words` words whose landmarks the cuts of
 * `id` are, when that is not `id`'s stored state itself (in an orbit search,
 * a symmetric image of it); false when it is, or when nothing is stored. */
bool pl_cut_store_image(const pl_cut_store *c, int id, uint64_t *out, int words);
/* Keeps the last evaluation's cuts of `h` for state `id`: landmarks of
 * `image` (`words` words) when not NULL, else of `id`'s stored state.
 * False when they are not kept (no cuts, or no bytes granted). */
bool pl_cut_store_put(pl_cut_store *c, int id, const pl_heuristic *h, const uint64_t *image, int words);
/* The bytes the store holds. */
size_t pl_cut_store_bytes(const pl_cut_store *c);
/* Frees the cuts, keeping reserve and ctx. */
void pl_cut_store_clear(pl_cut_store *c);
void pl_cut_store_free(pl_cut_store *c);

#endif
