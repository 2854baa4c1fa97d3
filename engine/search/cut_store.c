/* LM-cut cuts per evaluated state (cut_store.h). */
#include <stdlib.h>
#include <string.h>

#include "search/cut_store.h"

static const int *entry(const pl_cut_store *c, int id)
{
    return id >= 0 && id < c->nat && c->at[id] >= 0 ? c->pool + c->at[id] : NULL;
}

const int *pl_cut_store_get(const pl_cut_store *c, int id)
{
    const int *e = entry(c, id);
    return e ? e + 1 + e[0] : NULL;
}

bool pl_cut_store_image(const pl_cut_store *c, int id, uint64_t *out, int words)
{
    const int *e = entry(c, id);
    if (!e || e[0] == 0)
        return false;
    memcpy(out, e + 1, (size_t)words * sizeof *out);
    return true;
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

bool pl_cut_store_put(pl_cut_store *c, int id, const pl_heuristic *h, const uint64_t *image, int words)
{
    size_t n = (size_t)pl_heuristic_cuts_size(h);
    size_t image_ints = image ? (size_t)words * sizeof *image / sizeof *c->pool : 0;
    if (id < 0 || n == 0 || !make_room(c, id, 1 + image_ints + n)) {
        if (id >= 0 && id < c->nat)
            c->at[id] = -1;
        return false;
    }
    int *e = c->pool + c->used;
    e[0] = (int)image_ints;
    if (image)
        memcpy(e + 1, image, (size_t)words * sizeof *image);
    memcpy(e + 1 + image_ints, pl_heuristic_cuts(h), n * sizeof *c->pool);
    c->at[id] = (long)c->used;
    c->used += 1 + image_ints + n;
    return true;
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
