#include "base/hashmap.h"

#include <stdlib.h>
#include <string.h>

static uint32_t hash_key(const int *key, int len)
{
    uint32_t h = 2166136261u ^ (uint32_t)len;
    for (int i = 0; i < len; i++) {
        h ^= (uint32_t)key[i];
        h *= 16777619u;
        h ^= h >> 15;
    }
    return h;
}

static int key_equals(const pl_hashmap *m, uint32_t e, const int *key, int len)
{
    return m->key_len[e] == len && !memcmp(m->keys + m->key_off[e], key, (size_t)len * sizeof *key);
}

int pl_hashmap_get(const pl_hashmap *m, const int *key, int len)
{
    if (!m->nslots)
        return -1;
    uint32_t mask = m->nslots - 1, i = hash_key(key, len) & mask;
    for (;;) {
        uint32_t s = m->slots[i];
        if (!s)
            return -1;
        if (key_equals(m, s - 1, key, len))
            return m->values[s - 1];
        i = (i + 1) & mask;
    }
}

static int rehash(pl_hashmap *m, uint32_t nslots)
{
    uint32_t *slots = calloc(nslots, sizeof *slots);
    if (!slots)
        return -1;
    for (uint32_t e = 0; e < m->count; e++) {
        uint32_t i = hash_key(m->keys + m->key_off[e], m->key_len[e]) & (nslots - 1);
        while (slots[i])
            i = (i + 1) & (nslots - 1);
        slots[i] = e + 1;
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
    uint32_t mask = m->nslots - 1, i = hash_key(key, len) & mask;
    for (;;) {
        uint32_t s = m->slots[i];
        if (!s)
            break;
        if (key_equals(m, s - 1, key, len))
            return m->values[s - 1];
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
    m->capacity = cap;
    if (grow((void **)&m->keys, &m->keys_capacity, m->keys_used + (uint32_t)len, sizeof *m->keys, 256) < 0)
        return -2;
    memcpy(m->keys + m->keys_used, key, (size_t)len * sizeof *key);
    m->key_off[m->count] = m->keys_used;
    m->key_len[m->count] = (uint8_t)len;
    m->values[m->count] = value;
    m->keys_used += (uint32_t)len;
    m->slots[i] = ++m->count;
    return value;
}

void pl_hashmap_free(pl_hashmap *m)
{
    free(m->slots);
    free(m->keys);
    free(m->key_off);
    free(m->key_len);
    free(m->values);
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
