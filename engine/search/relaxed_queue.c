/* The relaxed explorations' priority queue (relaxed_queue.h). */
#include "search/relaxed_queue.h"

#include <stdlib.h>

/* Out of memory drops the push: the exploration then misses an atom's
 * cheaper value, never more. */
void pl_rq_push_slow(pl_rqueue *q, int key, int value)
{
    if (key >= PL_RQ_MAX_BUCKETS) {
        pl_heap_push(&q->heap, (uint64_t)key, value);
        q->count++;
        return;
    }
    if (key >= q->nbuckets) {
        int n = q->nbuckets ? q->nbuckets : 64;
        while (n <= key)
            n *= 2;
        int **b = realloc(q->bucket, (size_t)n * sizeof *b);
        if (b)
            q->bucket = b;
        int *len = realloc(q->len, (size_t)n * sizeof *len);
        if (len)
            q->len = len;
        int *cap = realloc(q->cap, (size_t)n * sizeof *cap);
        if (cap)
            q->cap = cap;
        if (!b || !len || !cap)
            return;
        for (int i = q->nbuckets; i < n; i++) {
            q->bucket[i] = NULL;
            q->len[i] = q->cap[i] = 0;
        }
        q->nbuckets = n;
    }
    if (q->len[key] == q->cap[key]) {
        int c = q->cap[key] ? q->cap[key] * 2 : 16;
        int *items = realloc(q->bucket[key], (size_t)c * sizeof *items);
        if (!items)
            return;
        q->bucket[key] = items;
        q->cap[key] = c;
    }
    q->bucket[key][q->len[key]++] = value;
    if (q->count == 0 || key < q->cur)
        q->cur = key;
    q->count++;
}

int pl_rq_pop(pl_rqueue *q, int *key)
{
    q->count--;
    while (q->cur < q->nbuckets && q->len[q->cur] == 0)
        q->cur++;
    if (q->cur < q->nbuckets) {
        *key = q->cur;
        return q->bucket[q->cur][--q->len[q->cur]];
    }
    pl_heap_item it = pl_heap_pop(&q->heap);
    *key = (int)it.key;
    return it.value;
}

void pl_rq_clear(pl_rqueue *q)
{
    q->cur = 0;
    if (q->count == 0)
        return; /* every bucket is empty already: explorations drain the queue */
    for (int i = 0; i < q->nbuckets; i++)
        q->len[i] = 0;
    pl_heap_clear(&q->heap);
    q->count = 0;
}

void pl_rq_free(pl_rqueue *q)
{
    for (int i = 0; i < q->nbuckets; i++)
        free(q->bucket[i]);
    free(q->bucket);
    free(q->len);
    free(q->cap);
    pl_heap_free(&q->heap);
}
