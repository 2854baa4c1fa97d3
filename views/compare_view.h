/* Compare: two runs over the same questions (engine/workspace/run_compare.h), as a
 * screen the explorer shows and `planlens compare` prints. */
#ifndef PL_COMPARE_VIEW_H
#define PL_COMPARE_VIEW_H

#include "views.h"

/* Which paired questions get a line: all, those both runs score alike, or
 * those one run gets right and the other wrong.  The summary and the
 * histograms always cover every paired question. */
typedef enum { PL_CMP_ALL, PL_CMP_AGREE, PL_CMP_DISAGREE } pl_compare_filter;

/* Runs A and B (model names) over the records of the selection (NULL: all): a summary per
 * task (accuracy A | B | Δ ± SE, discordant counts, mean IoU A | B | Δ ± SE), paired histograms
 * of the value per task on the same bins and the same count axis (A beside B; ascii → no byte
 * ≥ 0x80), then one line per paired question: id, task, score A, score B, value A, value B,
 * delta, agree/disagree mark, each run's failure ("not-applicable sail", as the question list's
 * column; no such columns when no line has a wrong answer).  Question lines have target = A's record index (the screen opens
 * that record's detail); other lines -1.  An unknown run or a bad bin width is an error line
 * (ROLE_ERROR) naming the runs found or the widths allowed. */
void pl_view_compare(const pl_workspace *ws, const pl_selection *sel, const char *model_a, const char *model_b,
                     pl_compare_filter filter, double bin_width, bool ascii, int width, pl_view_model *vm);

/* "all", "agree", "disagree"; and back (-1 when none of them). */
const char *pl_compare_filter_name(pl_compare_filter f);
int pl_compare_filter_parse(const char *name);

#endif
