/* One copy of each distinct text (text_pool.h): open addressing on an
 * FNV-1a hash, the table doubled at half full. */
#include "runs/text_pool.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *text; /* NULL: empty slot */
    size_t len;
    uint64_t hash;
} slot;

struct pl_text_pool {
    slot *slots;
    size_t nslots, count, bytes;
};

static uint64_t hash_of(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

static slot *find(slot *slots, size_t nslots, const char *s, size_t n, uint64_t h)
{
    for (size_t i = h & (nslots - 1);; i = (i + 1) & (nslots - 1))
        if (!slots[i].text || (slots[i].hash == h && slots[i].len == n && !memcmp(slots[i].text, s, n)))
            return &slots[i];
}

static int grow(pl_text_pool *p)
{
    size_t nslots = p->nslots ? p->nslots * 2 : 64;
    slot *slots = calloc(nslots, sizeof *slots);
    if (!slots)
        return -1;
    for (size_t i = 0; i < p->nslots; i++)
        if (p->slots[i].text)
            *find(slots, nslots, p->slots[i].text, p->slots[i].len, p->slots[i].hash) = p->slots[i];
    free(p->slots);
    p->slots = slots;
    p->nslots = nslots;
    return 0;
}

const char *pl_text_pool_add(pl_text_pool **pool, const char *s, size_t n)
{
    if (!*pool && !(*pool = calloc(1, sizeof **pool)))
        return NULL;
    pl_text_pool *p = *pool;
    if (2 * (p->count + 1) > p->nslots && grow(p) < 0)
        return NULL;
    uint64_t h = hash_of(s, n);
    slot *at = find(p->slots, p->nslots, s, n, h);
    if (at->text)
        return at->text;
    char *copy = malloc(n + 1);
    if (!copy)
        return NULL;
    memcpy(copy, s, n);
    copy[n] = '\0';
    *at = (slot){copy, n, h};
    p->count++;
    p->bytes += n + 1;
    return copy;
}

size_t pl_text_pool_count(const pl_text_pool *pool)
{
    return pool ? pool->count : 0;
}

size_t pl_text_pool_bytes(const pl_text_pool *pool)
{
    return pool ? pool->bytes : 0;
}

void pl_text_pool_free(pl_text_pool *pool)
{
    if (!pool)
        return;
    for (size_t i = 0; i < pool->nslots; i++)
        free(pool->slots[i].text);
    free(pool->slots);
    free(pool);
}
