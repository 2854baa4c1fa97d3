/* What the searches share below the search algorithms: the state registry
 * (states stored back to back, hashed by content, each with a dense id),
 * the bytes the searches of the process hold against their memory bound,
 * and the calling thread's CPU clock and stop request. */
#ifndef PL_SEARCH_REGISTRY_H
#define PL_SEARCH_REGISTRY_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    int words;      /* uint64 words per state */
    uint64_t *data;
    int count, capacity;
    int *slots;     /* index + 1, 0 = empty */
    int nslots;
} pl_registry;

/* Id of `s`, inserting it if new (*is_new set); -1 on out of memory. */
int pl_registry_insert(pl_registry *r, const uint64_t *s, bool *is_new);
static inline const uint64_t *pl_registry_state(const pl_registry *r, int id)
{
    return r->data + (size_t)id * (size_t)r->words;
}
/* The bytes of its tables once one more state is stored (each doubles when full). */
size_t pl_registry_next_bytes(const pl_registry *r);
void pl_registry_free(pl_registry *r);

/* The actions on the path to stored state `id` along the parent links,
 * first action first (owned), their count in *length; NULL on out of
 * memory.  `links` points at the first node's `int parent, action` pair
 * (parent -1 at the start), the nodes `stride` bytes apart. */
int *pl_search_path(const int *links, size_t stride, int id, int *length);

/* Counts `bytes` more as held by the searches of the process; false (and
 * nothing counted) when that would pass `max_bytes` (0 = no bound). */
bool pl_search_reserve_bytes(size_t bytes, size_t max_bytes);
void pl_search_release_bytes(size_t bytes);

/* CPU time of the calling thread: a search's time limit is its own, also
 * when several searches run in parallel threads (planlens grade --jobs). */
double pl_search_cpu_seconds(void);
/* The calling thread's stop request (pl_search_stop_flag): true once set. */
bool pl_search_stop_requested(void);

#endif
