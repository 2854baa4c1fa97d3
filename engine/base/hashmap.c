#include "base/hashmap.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Keys are a few small ints (object indices): each is multiplied in, and
 * the result mixed (MurmurHash3's finaliser) so that the low bits the
 * table uses depend on every key int. */
static uint32_t hash_key(const int *key, int len)
{
    uint32_t h = 2166136261u ^ (uint32_t)len;
    for (int i = 0; i < len; i++)
        h = (h ^ (uint32_t)key[i]) * 0x9e3779b1u;
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    return h ^ (h >> 16);
}

/* A slot holds its entry's hash (high half) and index + 1 (low half, 0 =
 * empty): a probe compares hashes without reading the entry. */
static uint64_t slot_of(uint32_t hash, uint32_t e)
{
    return (uint64_t)hash << 32 | (e + 1);
}

/* Is the entry in slot s (not empty) the key? */
static bool key_equals(const pl_hashmap *m, uint64_t s, uint32_t hash, const int *key, int len)
{
    uint32_t e = (uint32_t)s - 1;
    if ((uint32_t)(s >> 32) != hash || m->key_len[e] != len)
        return false;
    const int *k = m->keys + m->key_off[e];
    for (int i = 0; i < len; i++)
        if (k[i] != key[i])
            return false;
    return true;
}

int pl_hashmap_get(const pl_hashmap *m, const int *key, int len)
{
    if (!m->nslots)
        return -1;
    uint32_t hash = hash_key(key, len), mask = m->nslots - 1, i = hash & mask;
    for (;;) {
        uint64_t s = m->slots[i];
        if (!s)
            return -1;
        if (key_equals(m, s, hash, key, len))
            return m->values[(uint32_t)s - 1];
        i = (i + 1) & mask;
    }
}

static int rehash(pl_hashmap *m, uint32_t nslots)
{
    uint64_t *slots = calloc(nslots, sizeof *slots);
    if (!slots)
        return -1;
    for (uint32_t e = 0; e < m->count; e++) {
        uint32_t i = m->hashes[e] & (nslots - 1);
        while (slots[i])
            i = (i + 1) & (nslots - 1);
        slots[i] = slot_of(m->hashes[e], e);
    }
    free(m->slots);
    m->slots = slots;
    m->nslots = nslots;
    return 0;
}

static int grow(void **p, uint32_t *cap, uint32_t need, size_t elem, uint32_t min)
{
    if (need <= *cap)
        return 0;
    uint32_t c = *cap ? *cap : min;
    while (c < need)
        c *= 2;
    void *q = realloc(*p, (size_t)c * elem);
    if (!q)
        return -1;
    *p = q;
    *cap = c;
    return 0;
}

int pl_hashmap_put(pl_hashmap *m, const int *key, int len, int value)
{
    if ((m->count + 1) * 2 > m->nslots && rehash(m, m->nslots ? m->nslots * 2 : 64) < 0)
        return -2;
    uint32_t hash = hash_key(key, len), mask = m->nslots - 1, i = hash & mask;
    for (;;) {
        uint64_t s = m->slots[i];
        if (!s)
            break;
        if (key_equals(m, s, hash, key, len))
            return m->values[(uint32_t)s - 1];
        i = (i + 1) & mask;
    }
    uint32_t cap = m->capacity;
    if (grow((void **)&m->key_off, &cap, m->count + 1, sizeof *m->key_off, 64) < 0)
        return -2;
    cap = m->capacity;
    if (grow((void **)&m->key_len, &cap, m->count + 1, sizeof *m->key_len, 64) < 0)
        return -2;
    cap = m->capacity;
    if (grow((void **)&m->values, &cap, m->count + 1, sizeof *m->values, 64) < 0)
        return -2;
    cap = m->capacity;
    if (grow((void **)&m->hashes, &cap, m->count + 1, sizeof *m->hashes, 64) < 0)
        return -2;
    m->capacity = cap;
    if (grow((void **)&m->keys, &m->keys_capacity, m->keys_used + (uint32_t)len, sizeof *m->keys, 256) < 0)
        return -2;
    memcpy(m->keys + m->keys_used, key, (size_t)len * sizeof *key);
    m->key_off[m->count] = m->keys_used;
    m->key_len[m->count] = (uint8_t)len;
    m->values[m->count] = value;
    m->hashes[m->count] = hash;
    m->keys_used += (uint32_t)len;
    m->slots[i] = slot_of(hash, m->count++);
    return value;
}

void pl_hashmap_free(pl_hashmap *m)
{
    free(m->slots);
    free(m->keys);
    free(m->key_off);
    free(m->key_len);
    free(m->values);
    free(m->hashes);
    memset(m, 0, sizeof *m);
}

int pl_name_key(const char *name, int *key, int max)
{
    int len = 0;
    for (const char *s = name; *s; s++) {
        if (len == max)
            return -1;
        key[len++] = (unsigned char)*s;
    }
    return len;
}
