/* Tables that fit the terminal, tig-style: a screen declares its columns,
 * measures its cells, and pl_table_fit sizes them from their content and
 * the width.  Verdict columns keep their width; when the width is short,
 * optional columns hide first (lowest `hide` first: a name every row shares,
 * which the breadcrumb already shows), then name columns shrink, the widest
 * first, cut in the middle with "…" (ASCII ".."), then columns of lesser
 * verdicts drop (lowest `drop` first).  A screen that lays the table out at
 * its natural width instead (pl_table.natural: every column whole, the
 * optional ones still hidden: the title says their value) shows what was cut
 * or dropped, and reaches it by scrolling sideways.  Columns whose every cell
 * is a placeholder (`empty`) go before any of that: space goes to what is cut
 * first.
 *
 * A name column told its rows' values (pl_table_values) is cut so that rows
 * stay apart: before cutting, what every value shares at its start and end
 * is dropped (at a separator: "blocksworld/…", "…/applicability"); it
 * shrinks below the width at which each value keeps a form of its own only
 * when the other names are at their minimum; and each value is cut where it differs
 * from the others, as git abbreviates hashes: the head and tail are balanced
 * unless another value shares them, then the head or the tail that tells it
 * apart is kept ("c…5_haiku" beside "c…3_haiku", not "clau…aiku" twice).
 * A column of texts read from their start (an answer's preview) is cut at
 * its end instead, the mark where the text goes on (tail_cut).  A column of
 * lesser names (a failure's kind and key beside the ids that tell rows
 * apart) shrinks to its minimum first, and hides when that is not enough
 * (shrink_first). */
#ifndef PL_TABLE_H
#define PL_TABLE_H

#include <stdbool.h>
#include <stdint.h>

#include "view_model.h"

#define PL_TABLE_MAX 20
#define PL_TABLE_CUTS 128 /* values cut off the balance a table remembers (others: the column's cut) */

typedef enum { PL_ALIGN_LEFT, PL_ALIGN_RIGHT } pl_align;

typedef struct {
    const char *header; /* static text */
    pl_align align;
    bool name;          /* may shrink to `min` columns, cut in the middle */
    int min;
    int hide;           /* 0: always shown; else hidden when short of room, lowest first */
    bool off;           /* never shown (a value no row has) */
    int want;           /* the widest cell (header and sort mark included) */
    int width;          /* after pl_table_fit: columns given; 0 = hidden */
    int drop;           /* 0: kept; else hidden, lowest first, when the names at their minimum do not fit */
    bool empty;         /* every cell a placeholder ("-", "…"): hidden before any name is cut */
    bool tail_cut;      /* a name column cut at its end ("the start of a…"): text read from its start */
    bool shrink_first;  /* a name column that shrinks to its minimum before any other name is cut,
                         * and hides when that is not enough (left out of `natural`, as optional ones) */
    /* set by pl_table_values, read by pl_table_fit only: */
    const char *const *values;
    int nvalues;
    /* after pl_table_fit, for a name column told its values and cut: */
    int skip_head, skip_tail;    /* bytes every value shares at its start and end, not shown */
    uint64_t head_hash, tail_hash; /* of those bytes: a text without them is shown as it is */
    int floor;          /* columns at which every value keeps a form of its own (0: `min`) */
    int head;           /* columns before the mark of a value not in `cuts` (-1: balanced) */
} pl_column;

typedef struct {
    uint64_t value;     /* hash of the value shown (after skip_head and skip_tail) */
    short col, head;    /* its column and the columns before its mark */
} pl_cut;

typedef struct pl_table {
    pl_column cols[PL_TABLE_MAX];
    int ncols;
    int sort_col;       /* the column the rows are sorted by, or -1 */
    bool descending;
    bool ascii;         /* only ASCII marks */
    pl_cut cuts[PL_TABLE_CUTS];
    int ncuts;
    int natural;        /* after pl_table_fit: columns with nothing cut or dropped (optional ones hidden) */
} pl_table;

void pl_table_init(pl_table *t, bool ascii);
/* Adds a column (at most PL_TABLE_MAX); returns its index. */
int pl_table_add(pl_table *t, const char *header, pl_align align, bool name, int min);
/* Widens a column to fit `text`. */
void pl_table_measure(pl_table *t, int col, const char *text);
/* Tells a name column the values of its rows (before pl_table_fit, which
 * reads them and forgets them; the cells are then given the same texts). */
void pl_table_values(pl_table *t, int col, const char *const *values, int n);
/* Sizes the columns for `width` terminal columns. */
void pl_table_fit(pl_table *t, int width);
/* Columns of the shown columns with their separators. */
int pl_table_width(const pl_table *t);
/* Appends the header to the current line: each shown column's title, the
 * sort column's with ▲/▼ (ASCII ^/v).  Raises vm->natural_width to the
 * table's natural width: a screen laid out that wide shows every column whole. */
void pl_table_header(const pl_table *t, pl_view_model *vm);
/* Appends one cell to the current line (nothing when the column is hidden):
 * the separator, then the text padded or cut to the column's width. */
void pl_table_cell(const pl_table *t, int col, pl_view_model *vm, pl_role role, const char *text);
/* `text` in at most `width` columns, its middle replaced by "…" (ASCII
 * "..") when it is longer (a new string; NULL when out of memory). */
char *pl_middle_cut(const char *text, int width, bool ascii);

#endif
