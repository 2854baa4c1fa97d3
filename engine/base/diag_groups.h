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

/* Warnings grouped by kind across files: 320 "record 12: duplicate question
 * (...), first loaded from a.json record 3" read as one kind, "duplicate
 * question".  A kind is the message without what varies between copies: a
 * leading "record N: " (sample, line), everything from the first " (", ", ",
 * quote on, paths as FILE, digits as N. */
typedef struct {
    char *name;                  /* owned */
    int count;                   /* warnings of this kind */
    int nfiles;                  /* the files they came from */
    const pl_diag_group *groups; /* its file-and-message groups, in order of first occurrence (borrowed from
                                    the pl_diag_kinds) */
    int ngroups;
} pl_diag_kind;

typedef struct {
    pl_diag_group *groups; /* owned: every file-and-message group, those of one kind together */
    pl_diag_kind *kinds;   /* owned: in order of first occurrence */
    int nkinds;
    size_t count;          /* warnings in all */
} pl_diag_kinds;

/* 0, or -1 when out of memory (*out is empty then; also when there is no warning). */
int pl_diags_by_kind(const pl_diags *d, pl_diag_kinds *out);
void pl_diag_kinds_free(pl_diag_kinds *k);
/* The kind of one message (a new string; NULL when out of memory). */
char *pl_diag_kind_name(const char *message);

#endif
