/* Binary min-heap of (uint64 key, int value) pairs; ties pop in any order. */
#ifndef PL_BASE_HEAP_H
#define PL_BASE_HEAP_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    uint64_t key;
    int value;
} pl_heap_item;

typedef struct {
    pl_heap_item *items;
    int count, capacity;
} pl_heap;

/* The capacity after one more push: doubled when full. */
static inline int pl_heap_next_capacity(const pl_heap *h)
{
    return h->count < h->capacity ? h->capacity : h->capacity ? h->capacity * 2 : 256;
}
bool pl_heap_push(pl_heap *h, uint64_t key, int value); /* false on out of memory */
pl_heap_item pl_heap_pop(pl_heap *h);                    /* count must be > 0 */
static inline void pl_heap_clear(pl_heap *h) { h->count = 0; }
void pl_heap_free(pl_heap *h);

#endif
