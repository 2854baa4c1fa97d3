/* A bump allocator for data that lives and dies together (one parsed domain,
 * one grounded task).  Allocation never fails silently: NULL on out of memory. */
#ifndef PL_BASE_ARENA_H
#define PL_BASE_ARENA_H

#include <stddef.h>

typedef struct pl_arena_chunk pl_arena_chunk;

typedef struct {
    pl_arena_chunk *head;
    size_t used;     /* bytes used in head */
    size_t capacity; /* bytes available in head */
} pl_arena;

#define PL_ARENA_INIT {NULL, 0, 0}

void *pl_arena_alloc(pl_arena *a, size_t size);             /* uninitialised, 16-aligned */
void *pl_arena_calloc(pl_arena *a, size_t n, size_t size);   /* zeroed */
char *pl_arena_strndup(pl_arena *a, const char *s, size_t n);
void *pl_arena_memdup(pl_arena *a, const void *p, size_t size);
void pl_arena_free(pl_arena *a);

#endif
