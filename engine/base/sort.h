/* Sorting arrays that may be empty.  qsort's base must be a valid pointer
 * even for zero elements (C11 7.22.5), and an empty array here is often a
 * NULL pointer (nothing was allocated for it): pl_sort sorts only what has
 * two elements or more. */
#ifndef PL_SORT_H
#define PL_SORT_H

#include <stddef.h>
#include <stdlib.h>

static inline void pl_sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
    if (n > 1)
        qsort(base, n, size, cmp);
}

#endif
