/* LM-cut cuts per evaluated state (cut_store.h). */
#include <stdlib.h>
#include <string.h>

#include "search/cut_store.h"

const int *pl_cut_store_get(const pl_cut_store *c, int id)
{
    return id >= 0 && id < c->nat && c->at[id] >= 0 ? c->pool + c->at[id] : NULL;
}

/* Room for `ints` more ints and an offset for state `id`. */
static bool make_room(pl_cut_store *c, int id, size_t ints)
{
    if (id >= c->nat) {
        int n = c->nat ? c->nat : 1024;
        while (n <= id)
            n *= 2;
        if (!c->reserve(c->ctx, (size_t)(n - c->nat) * sizeof *c->at))
            return false;
        long *at = realloc(c->at, (size_t)n * sizeof *at);
        if (!at)
            return false;
        for (int i = c->nat; i < n; i++)
            at[i] = -1;
        c->at = at;
        c->nat = n;
    }
    if (c->used + ints > c->cap) {
        size_t cap = c->cap ? c->cap : 16384;
        while (cap < c->used + ints)
            cap *= 2;
        if (!c->reserve(c->ctx, (cap - c->cap) * sizeof *c->pool))
            return false;
        int *pool = realloc(c->pool, cap * sizeof *pool);
        if (!pool)
            return false;
        c->pool = pool;
        c->cap = cap;
    }
    return true;
}

void pl_cut_store_put(pl_cut_store *c, int id, const pl_heuristic *h)
{
    size_t n = (size_t)pl_heuristic_cuts_size(h);
    if (id < 0 || n == 0 || !make_room(c, id, n)) {
        if (id >= 0 && id < c->nat)
            c->at[id] = -1;
        return;
    }
    memcpy(c->pool + c->used, pl_heuristic_cuts(h), n * sizeof *c->pool);
    c->at[id] = (long)c->used;
    c->used += n;
}

size_t pl_cut_store_bytes(const pl_cut_store *c)
{
    return c->cap * sizeof *c->pool + (size_t)c->nat * sizeof *c->at;
}

void pl_cut_store_clear(pl_cut_store *c)
{
    free(c->pool);
    free(c->at);
    c->pool = NULL;
    c->at = NULL;
    c->used = c->cap = 0;
    c->nat = 0;
}

void pl_cut_store_free(pl_cut_store *c)
{
    pl_cut_store_clear(c);
    memset(c, 0, sizeof *c);
}
