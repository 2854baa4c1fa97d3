/* Warnings grouped for reading: one group per file and message, with how
 * many times it occurred and the first lines where it did, so that 3,111
 * copies of one warning read as one line. */
#ifndef PL_BASE_DIAG_GROUPS_H
#define PL_BASE_DIAG_GROUPS_H

#include <stdbool.h>

#include "base/error.h"

#define PL_DIAG_GROUP_LINES 5

typedef struct {
    const char *file;     /* borrowed from the diags; NULL when none */
    const char *message;  /* borrowed */
    int count;
    int lines[PL_DIAG_GROUP_LINES]; /* the first line numbers given (> 0), in file order */
    int nlines;
} pl_diag_group;

/* The groups, ordered by first occurrence; *n receives the count.  NULL
 * when there is no warning or out of memory (*n = 0 for both; *oom tells
 * them apart when not NULL). */
pl_diag_group *pl_diags_group(const pl_diags *d, int *n, bool *oom);
/* "file:12: message" for one warning, "file: message (3111 times; lines 1,
 * 2, 3, 4, 5, ...)" for more (a new string; NULL when out of memory). */
char *pl_diag_group_text(const pl_diag_group *g);

#endif
