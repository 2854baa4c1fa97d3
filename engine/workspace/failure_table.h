/* Failure modes counted over sets of records: the table behind the why
 * screen and `planlens report --by failure` (docs/ANALYSIS.md).
 *
 * Columns are sets of records (one run × task, or several runs compared);
 * rows are failure kinds, each followed by its keys (the action schema,
 * predicate or gap of each failure; a failure without key counts under the
 * kind alone).  Only graded records without error and with sound verdict 0
 * count; `wrong[c]` is their number per column, the denominator of a share. */
#ifndef PL_WORKSPACE_FAILURE_TABLE_H
#define PL_WORKSPACE_FAILURE_TABLE_H

#include "base/failure.h"
#include "workspace/workspace.h"

typedef struct {
    pl_failure_kind kind;
    char *key;       /* owned; NULL on the kind's own row (the sum of its keys) */
    int *count;      /* per column */
} pl_ws_failure_row;

typedef enum {
    PL_WS_FAILURE_BY_COUNT,  /* kinds by their total count, keys by count under their kind */
    PL_WS_FAILURE_BY_DIFF    /* by |share in column 0 - share in column 1| (two or more columns) */
} pl_ws_failure_order;

typedef struct {
    int ncolumns;
    int *answers;    /* per column: graded answers */
    int *wrong;      /* per column: answers whose sound verdict is 0 */
    pl_ws_failure_row *rows;  /* a kind row, then its key rows, kind after kind */
    int nrows;
} pl_ws_failure_table;

/* Counts the failures of columns[c] (ncolumn[c] record indices each).
 * Returns 0, or -1 when out of memory (out then empty). */
int pl_ws_failure_table_build(const pl_workspace *ws, const int *const *columns, const int *ncolumn, int ncolumns,
                              pl_ws_failure_order order, pl_ws_failure_table *out);
/* Share of row r in column c: count / wrong (0 when nothing is wrong). */
double pl_ws_failure_share(const pl_ws_failure_table *t, int r, int c);
/* Does record i count in row `row` (its kind, and its key when the row has one)? */
bool pl_ws_failure_row_has(const pl_ws_failure_table *t, int row, const pl_ws_record *rec);
void pl_ws_failure_table_free(pl_ws_failure_table *t);

#endif
