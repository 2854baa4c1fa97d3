/* Tab completion in the prompts (complete.c): ':' commands, run names in
 * :compare, columns in :freq, reducers, bin widths; in f (and :filter) the
 * field names, and after `field=` (`~`, `!=`, ...) the values of model,
 * task and domain present in the data, yes/no, ok/fail, every failure
 * kind's name (kind=) and the failure keys of the answers graded (key=). */
#ifndef PL_TUI_COMPLETE_H
#define PL_TUI_COMPLETE_H

#include "app.h"

/* The candidates for the word line[start, end) of a prompt of `kind`,
 * sorted, NULL-terminated (free with tui_complete_free); NULL when none.
 * ws may be NULL (still loading: no values).  *whole: the candidates are
 * whole words (a space may follow), not a filter's field (an operator does). */
char **tui_complete(const pl_workspace *ws, tui_history_kind kind, const char *line, int start, int end, bool *whole);
void tui_complete_free(char **matches);

#endif
