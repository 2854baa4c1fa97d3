/* An open-addressing table from states to heuristic values. */
#include <stdlib.h>
#include <string.h>

#include "search/hcache.h"
#include "task/task.h"

struct pl_hcache {
    int words;
    uint64_t *states; /* count states back to back */
    int *values;
    int count, capacity;
    int *slots;       /* index + 1, 0 = empty */
    int nslots;
};

enum { MAX_STATES = 1 << 22 }; /* beyond this, new states are not kept */

static uint64_t hash_state(const uint64_t *s, int words)
{
    uint64_t h = 0x2545f4914f6cdd1du;
    for (int i = 0; i < words; i++) {
        h ^= s[i];
        h *= 0x9e3779b97f4a7c15u;
        h ^= h >> 29;
    }
    return h;
}

pl_hcache *pl_hcache_new(int words)
{
    pl_hcache *c = calloc(1, sizeof *c);
    if (c)
        c->words = words;
    return c;
}

void pl_hcache_free(pl_hcache *c)
{
    if (!c)
        return;
    free(c->states);
    free(c->values);
    free(c->slots);
    free(c);
}

/* The slot of `state`: holding it, or the empty one where it would go. */
static int *slot_of(const pl_hcache *c, const uint64_t *state)
{
    size_t mask = (size_t)c->nslots - 1;
    size_t i = (size_t)hash_state(state, c->words) & mask;
    while (c->slots[i] && !pl_state_equal(c->states + (size_t)(c->slots[i] - 1) * (size_t)c->words, state, c->words))
        i = (i + 1) & mask;
    return &c->slots[i];
}

bool pl_hcache_get(const pl_hcache *c, const uint64_t *state, int *h)
{
    if (!c->nslots)
        return false;
    int *slot = slot_of(c, state);
    if (!*slot)
        return false;
    *h = c->values[*slot - 1];
    return true;
}

static bool grow(pl_hcache *c)
{
    int n = c->nslots ? 2 * c->nslots : 1024;
    int *slots = calloc((size_t)n, sizeof *slots);
    int cap = n / 2;
    uint64_t *states = realloc(c->states, (size_t)cap * (size_t)c->words * sizeof *states);
    if (states)
        c->states = states;
    int *values = realloc(c->values, (size_t)cap * sizeof *values);
    if (values)
        c->values = values;
    if (!slots || !states || !values) {
        free(slots);
        return false;
    }
    free(c->slots);
    c->slots = slots;
    c->nslots = n;
    c->capacity = cap;
    for (int i = 0; i < c->count; i++)
        *slot_of(c, c->states + (size_t)i * (size_t)c->words) = i + 1;
    return true;
}

void pl_hcache_raise(pl_hcache *c, const uint64_t *state, int h, bool insert)
{
    if (c->nslots) {
        int *slot = slot_of(c, state);
        if (*slot) {
            if (h > c->values[*slot - 1])
                c->values[*slot - 1] = h;
            return;
        }
    }
    if (!insert || c->count >= MAX_STATES || (c->count == c->capacity && !grow(c)))
        return;
    int *slot = slot_of(c, state);
    memcpy(c->states + (size_t)c->count * (size_t)c->words, state, (size_t)c->words * sizeof *state);
    c->values[c->count] = h;
    *slot = ++c->count;
}
