/* The priority queue of the relaxed explorations (heuristic.c), for integer
 * costs: buckets while keys are small, a heap beyond (large action costs);
 * within a bucket, last in first out, as Fast Downward's bucket queue (it
 * decides which of equally cheap achievers h_add and h_FF meet first). */
#ifndef PL_SEARCH_RELAXED_QUEUE_H
#define PL_SEARCH_RELAXED_QUEUE_H

#include "base/heap.h"

enum { PL_RQ_MAX_BUCKETS = 1 << 16 };

typedef struct {
    int **bucket;
    int *len, *cap;
    int nbuckets, cur, count;
    pl_heap heap; /* keys past the buckets */
} pl_rqueue;

/* The push past the fast path below: a large key, a new bucket or a full
 * one. */
void pl_rq_push_slow(pl_rqueue *q, int key, int value);

/* Inlined into the explorations' inner loops: most pushes go to an
 * existing bucket with room. */
static inline void pl_rq_push(pl_rqueue *q, int key, int value)
{
    if (key < q->nbuckets && q->len[key] < q->cap[key]) {
        q->bucket[key][q->len[key]++] = value;
        if (q->count == 0 || key < q->cur)
            q->cur = key;
        q->count++;
        return;
    }
    pl_rq_push_slow(q, key, value);
}

/* Pops a minimum (key, value); q->count must be > 0. */
int pl_rq_pop(pl_rqueue *q, int *key);
void pl_rq_clear(pl_rqueue *q);
void pl_rq_free(pl_rqueue *q);

#endif
