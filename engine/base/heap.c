#include "base/heap.h"

#include <stdlib.h>

bool pl_heap_push(pl_heap *h, uint64_t key, int value)
{
    if (h->count == h->capacity) {
        int cap = pl_heap_next_capacity(h);
        pl_heap_item *items = realloc(h->items, (size_t)cap * sizeof *items);
        if (!items)
            return false;
        h->items = items;
        h->capacity = cap;
    }
    int i = h->count++;
    while (i > 0) {
        int parent = (i - 1) / 2;
        if (h->items[parent].key <= key)
            break;
        h->items[i] = h->items[parent];
        i = parent;
    }
    h->items[i].key = key;
    h->items[i].value = value;
    return true;
}

pl_heap_item pl_heap_pop(pl_heap *h)
{
    pl_heap_item top = h->items[0];
    pl_heap_item last = h->items[--h->count];
    int i = 0, n = h->count;
    for (;;) {
        int child = 2 * i + 1;
        if (child >= n)
            break;
        if (child + 1 < n && h->items[child + 1].key < h->items[child].key)
            child++;
        if (last.key <= h->items[child].key)
            break;
        h->items[i] = h->items[child];
        i = child;
    }
    if (n > 0)
        h->items[i] = last;
    return top;
}

void pl_heap_free(pl_heap *h)
{
    free(h->items);
    h->items = NULL;
    h->count = h->capacity = 0;
}
