/* CSV cells as every export of the views writes them (export.c, chart_svg.c,
 * why_export.c): made safe and quoted by pl_csv_cell (engine/base/safe_text.h),
 * a cell that begins with =, +, -, @, TAB or CR led by ' so that no
 * spreadsheet runs it as a formula, unless the session asked for raw cells
 * (--csv-raw). */
#ifndef PL_CSV_OUT_H
#define PL_CSV_OUT_H

#include <stdbool.h>
#include <stdio.h>

/* For the whole session, like the colour setting: the explorer sets it
 * from --csv-raw before any export. */
void pl_csv_set_raw(bool raw);
/* Writes one cell (NULL: an empty cell); false when out of memory. */
bool pl_csv_put(FILE *out, const char *text);

#endif
