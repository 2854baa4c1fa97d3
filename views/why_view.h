/* The why screen: the failure modes of a run × task's wrong answers, or of
 * several runs' answers to a task side by side, as a frequency table
 * (engine/workspace/failure_table.h does the counting).
 *
 * Each failure kind is a row, its keys (action schema, predicate, gap, ...)
 * nested under it; a kind folds and unfolds.  Per run: count, share of the
 * run's wrong answers and a bar (one scale for every run); with two runs or
 * more, the difference of the first two runs' shares, which the rows can be
 * sorted by.  Every row opens exactly the answers it counts.
 *
 * Several runs are compared on the questions all of them answered
 * (why_paired.h): the header says how many were paired and how many answers
 * of each run were left out, and gives the first two runs' accuracy
 * difference with its paired 95 % interval, n and McNemar's p. */
#ifndef PL_VIEWS_WHY_VIEW_H
#define PL_VIEWS_WHY_VIEW_H

#include "base/error.h"
#include "views.h"
#include "workspace/failure_table.h"
#include "why_paired.h"

#define PL_WHY_MAX_RUNS 4
_Static_assert(PL_WHY_MAX_RUNS <= PL_WHY_PAIRED_MAX, "every column can be paired");

typedef struct {
    int nruns;
    char *runs[PL_WHY_MAX_RUNS]; /* owned: the run (model) of each column */
    char *task;                  /* owned: the task every column counts; NULL: all of the run's tasks */
    pl_ws_failure_order order;
    bool folded[PL_FAIL_NKINDS]; /* kinds whose keys are hidden */
    int fold_over;               /* > 0: the first table with more rows than this opens with every kind
                                  * folded (a screenful of one kind's keys hides the others) */
    /* as last built by pl_view_why (what the lines' targets index): */
    const pl_workspace *ws;      /* the records' workspace (the export writes the answers counted) */
    pl_ws_failure_table table;   /* target = row of the table */
    int *members[PL_WHY_MAX_RUNS]; /* each column's records */
    int nmembers[PL_WHY_MAX_RUNS];
    pl_why_pairing pairing;      /* several runs: what was paired, the accuracy difference */
} pl_why;

/* Columns for 1 .. PL_WHY_MAX_RUNS runs (more are left out) of one task
 * (NULL: every task).  Returns 0, or -1 when out of memory (then freed). */
int pl_why_init(pl_why *w, const char *const *runs, int nruns, const char *task);
void pl_why_free(pl_why *w);

/* Counts the selection's records of each column and draws the table
 * fitted to `width` (ascii: no byte >= 0x80). */
void pl_view_why(const pl_workspace *ws, const pl_selection *sel, pl_why *w, int width, bool ascii,
                 pl_view_model *vm);
/* The records a line's target counts, in every column (a new array; NULL
 * and *n 0 when there is no such row or out of memory). */
int *pl_why_members(const pl_workspace *ws, const pl_why *w, int target, int *n);
/* What a row holds, for the breadcrumb, its kind named as grade, report
 * and the filter name it (pl_failure_kind_name): "careful / app /
 * not-applicable pick-up" (a new string; NULL when there is no such row). */
char *pl_why_label(const pl_why *w, int target);
/* Folds the kind of the row at target, or unfolds it; returns the target of
 * the kind's own row (where the cursor goes), or -1. */
int pl_why_toggle_fold(pl_why *w, int target);
/* Folds every kind, or unfolds them all when all are folded; true when
 * they are folded now. */
bool pl_why_fold_all(pl_why *w);

/* Is row r of the table as last built shown (its kind not folded)? */
bool pl_why_row_shown(const pl_why *w, int r);

/* Writes the table as last built to CSV, one line per row, run and answer
 * the row counts in that run (one line with empty answer cells when none):
 * kind,key,run,task,count,wrong,answers,share, then the answer in the one
 * answer schema, PL_ANSWER_CSV_HEADER (csv_out.h, export_answer.h) (written
 * beside path and renamed; why_export.c). */
int pl_why_export_csv(const pl_why *w, const char *path, pl_error *err);
/* Writes the rows shown (folded kinds without their keys) as an SVG bar
 * chart of each run's shares (views/chart_svg.h), and the CSV above beside
 * it (FILE.svg -> FILE.csv). */
int pl_why_export_svg(const pl_why *w, const char *path, pl_error *err);

#endif
