#include "base/arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct pl_arena_chunk {
    pl_arena_chunk *next;
    max_align_t data[];
};

enum { PL_ARENA_MIN_CHUNK = 16 * 1024 };

void *pl_arena_alloc(pl_arena *a, size_t size)
{
    size = (size + 15) & ~(size_t)15;
    if (size == 0)
        size = 16;
    if (!a->head || a->capacity - a->used < size) {
        size_t cap = size > PL_ARENA_MIN_CHUNK ? size : PL_ARENA_MIN_CHUNK;
        if (a->capacity * 2 > cap && a->capacity < 1024 * 1024)
            cap = a->capacity * 2;
        pl_arena_chunk *c = malloc(sizeof *c + cap);
        if (!c)
            return NULL;
        c->next = a->head;
        a->head = c;
        a->used = 0;
        a->capacity = cap;
    }
    void *p = (char *)a->head->data + a->used;
    a->used += size;
    return p;
}

void *pl_arena_calloc(pl_arena *a, size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        return NULL;
    void *p = pl_arena_alloc(a, n * size);
    if (p)
        memset(p, 0, n * size);
    return p;
}

char *pl_arena_strndup(pl_arena *a, const char *s, size_t n)
{
    char *r = pl_arena_alloc(a, n + 1);
    if (r) {
        memcpy(r, s, n);
        r[n] = '\0';
    }
    return r;
}

void *pl_arena_memdup(pl_arena *a, const void *p, size_t size)
{
    void *r = pl_arena_alloc(a, size);
    if (r && size)
        memcpy(r, p, size);
    return r;
}

void pl_arena_free(pl_arena *a)
{
    pl_arena_chunk *c = a->head;
    while (c) {
        pl_arena_chunk *next = c->next;
        free(c);
        c = next;
    }
    a->head = NULL;
    a->used = a->capacity = 0;
}
