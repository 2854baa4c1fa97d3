/* Long texts many answers share — the prompt of every repeat, epoch and
 * filter line of one question — kept once: a pool hands out one copy per
 * distinct text, freed with the pool. */
#ifndef PL_RUNS_TEXT_POOL_H
#define PL_RUNS_TEXT_POOL_H

#include <stddef.h>

typedef struct pl_text_pool pl_text_pool;

/* The pool's copy of the n bytes at s (a string: NUL-terminated), made on
 * first sight; *pool is created when NULL.  NULL when out of memory. */
const char *pl_text_pool_add(pl_text_pool **pool, const char *s, size_t n);
/* Distinct texts and their bytes, for tests and memory reports. */
size_t pl_text_pool_count(const pl_text_pool *pool);
size_t pl_text_pool_bytes(const pl_text_pool *pool);
void pl_text_pool_free(pl_text_pool *pool);

#endif
