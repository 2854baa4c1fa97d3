/* The state registry, the memory the searches hold, the thread's clock. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search/registry.h"
#include "task/task.h"

static uint64_t hash_state(const uint64_t *s, int words)
{
    uint64_t h = 0x9e3779b97f4a7c15u;
    for (int i = 0; i < words; i++) {
        h ^= s[i] + 0x9e3779b97f4a7c15u + (h << 6) + (h >> 2);
        h *= 0xff51afd7ed558ccdu;
    }
    return h ^ (h >> 33);
}

/* The table sizes once one more state is stored: each doubles when full. */
static int next_nslots(const pl_registry *r)
{
    return (r->count + 1) * 2 <= r->nslots ? r->nslots : r->nslots ? r->nslots * 2 : 1024;
}

static int next_capacity(const pl_registry *r)
{
    return r->count < r->capacity ? r->capacity : r->capacity ? r->capacity * 2 : 1024;
}

size_t pl_registry_next_bytes(const pl_registry *r)
{
    return (size_t)next_capacity(r) * (size_t)r->words * sizeof(uint64_t) + (size_t)next_nslots(r) * sizeof(int);
}

static bool grow_slots(pl_registry *r)
{
    int n = next_nslots(r);
    int *slots = calloc((size_t)n, sizeof *slots);
    if (!slots)
        return false;
    for (int i = 0; i < r->count; i++) {
        uint64_t h = hash_state(r->data + (size_t)i * (size_t)r->words, r->words) & (uint64_t)(n - 1);
        while (slots[h])
            h = (h + 1) & (uint64_t)(n - 1);
        slots[h] = i + 1;
    }
    free(r->slots);
    r->slots = slots;
    r->nslots = n;
    return true;
}

int pl_registry_insert(pl_registry *r, const uint64_t *s, bool *is_new)
{
    if ((r->count + 1) * 2 > r->nslots && !grow_slots(r))
        return -1;
    size_t bytes = (size_t)r->words * sizeof *s;
    uint64_t h = hash_state(s, r->words) & (uint64_t)(r->nslots - 1);
    while (r->slots[h]) {
        int id = r->slots[h] - 1;
        if (pl_state_equal(r->data + (size_t)id * (size_t)r->words, s, r->words)) {
            *is_new = false;
            return id;
        }
        h = (h + 1) & (uint64_t)(r->nslots - 1);
    }
    if (r->count == r->capacity) {
        int cap = next_capacity(r);
        uint64_t *data = realloc(r->data, (size_t)cap * bytes);
        if (!data)
            return -1;
        r->data = data;
        r->capacity = cap;
    }
    memcpy(r->data + (size_t)r->count * (size_t)r->words, s, bytes);
    r->slots[h] = r->count + 1;
    *is_new = true;
    return r->count++;
}

void pl_registry_free(pl_registry *r)
{
    free(r->data);
    free(r->slots);
}

int *pl_search_path(const int *links, size_t stride, int id, int *length)
{
#define LINK(v) ((const int *)((const char *)links + (size_t)(v) * stride))
    int len = 0;
    for (int v = id; LINK(v)[0] >= 0; v = LINK(v)[0])
        len++;
    int *plan = malloc(((size_t)len + 1) * sizeof *plan);
    if (plan)
        for (int v = id, i = len; LINK(v)[0] >= 0; v = LINK(v)[0])
            plan[--i] = LINK(v)[1];
#undef LINK
    *length = len;
    return plan;
}

static atomic_size_t held_by_all; /* bytes held by the running searches of the process */

bool pl_search_reserve_bytes(size_t bytes, size_t max_bytes)
{
    size_t before = atomic_fetch_add(&held_by_all, bytes);
    if (max_bytes && before + bytes > max_bytes) {
        atomic_fetch_sub(&held_by_all, bytes);
        return false;
    }
    return true;
}

void pl_search_release_bytes(size_t bytes)
{
    atomic_fetch_sub(&held_by_all, bytes);
}

static _Thread_local const atomic_bool *stop_flag;

void pl_search_stop_flag(const atomic_bool *flag)
{
    stop_flag = flag;
}

bool pl_search_stop_requested(void)
{
    return stop_flag && atomic_load(stop_flag);
}

double pl_search_cpu_seconds(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
        return (double)clock() / CLOCKS_PER_SEC;
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}
