/* Hash map from short int tuples (a predicate or schema index followed by
 * object indices) to int values.  Used to intern atoms and ground actions. */
#ifndef PL_BASE_HASHMAP_H
#define PL_BASE_HASHMAP_H

#include <stdint.h>

typedef struct {
    uint64_t *slots;   /* hash << 32 | (index + 1) into entries, 0 = empty */
    uint32_t nslots;   /* power of two */
    int *keys;         /* all keys back to back */
    uint32_t *key_off; /* entry -> offset into keys */
    uint8_t *key_len;  /* entry -> number of ints */
    int *values;
    uint32_t *hashes;  /* entry -> hash_key of its key */
    uint32_t count, capacity, keys_used, keys_capacity;
} pl_hashmap;

#define PL_HASHMAP_INIT {0}

/* Value stored for the key, or -1. */
int pl_hashmap_get(const pl_hashmap *m, const int *key, int len);
/* Inserts key -> value unless present.  Returns the stored value (the old
 * one when present), or -2 on out of memory.  len must be < 256. */
int pl_hashmap_put(pl_hashmap *m, const int *key, int len, int value);
void pl_hashmap_free(pl_hashmap *m);

/* The key of a name in name -> index maps: its bytes as ints.  Returns the
 * length, or -1 when the name is longer than `max` bytes. */
int pl_name_key(const char *name, int *key, int max);

#endif
