/* The parts of the compare screen (compare_view.c): the per-task summary
 * table and one task's paired histograms (compare_summary.c), each a
 * section whose heading stays in view while it scrolls. */
#ifndef PL_COMPARE_PARTS_H
#define PL_COMPARE_PARTS_H

#include "table.h"
#include "workspace/run_compare.h"

/* What is drawn with non-ASCII glyphs, and its ASCII stand-in. */
typedef struct {
    const char *sep, *delta, *pm, *pending, *full, *const *eighths;
    const char *acc_delta, *mean_delta, *se; /* column headers */
} pl_cmp_glyphs;

const pl_cmp_glyphs *pl_cmp_glyphs_of(bool ascii);

/* The summary: one row per task (and "all" when there are several), its
 * columns fitted to `width`. */
void pl_cmp_summary(const pl_run_comparison *c, bool ascii, int width, pl_view_model *vm);

/* Plan-quality cases both runs' plans were scored on: per task the mean
 * official LEA and final score of each run, their paired difference and
 * its SE (nothing when no pair is such a case). */
void pl_cmp_quality(const pl_workspace *ws, const pl_run_comparison *c, bool ascii, int width, pl_view_model *vm);

/* One task's paired histograms: A's bar beside B's on one count axis, then
 * each run's statistics.  Returns -1 with err set when the histogram
 * refuses the bin width. */
int pl_cmp_histograms(const pl_workspace *ws, const pl_run_comparison *c, int task, double bin_width, bool ascii,
                      int width, pl_view_model *vm, pl_error *err);

#endif
