/* Frequency tables of a column (VisiData's Shift+F): each value of the
 * column over a screen's records with its count, share and a bar; each line
 * opens exactly the records with that value.  Numeric columns (IoU / AD,
 * LEA, final score) are binned instead: the histogram screen shows them
 * (pl_freq_histogram_metric). */
#ifndef PL_VIEWS_FREQ_VIEW_H
#define PL_VIEWS_FREQ_VIEW_H

#include "views.h"

typedef enum {
    PL_FREQ_RUN,
    PL_FREQ_TASK,
    PL_FREQ_DOMAIN,
    PL_FREQ_KIND,   /* the failure kind of a wrong answer, by name ("none (right)" otherwise) */
    PL_FREQ_KEY,    /* its kind and key as the list's failure column shows them: "not-applicable pick-up" */
    PL_FREQ_PARSE,  /* ok / fail */
    PL_FREQ_SCORE,  /* the official verdict */
    PL_FREQ_SOUND,
    PL_FREQ_RULE,   /* the official ACPBench rule that decided */
    PL_FREQ_LENGTH, /* a plan-quality case's plan length */
    PL_FREQ_GAP,    /* the cost gap of a valid but not optimal answer */
    PL_FREQ_LABEL,  /* plan-quality cases' AQM labels: counts actions, not records */
    PL_FREQ_IOU,    /* binned: IoU or action distance */
    PL_FREQ_LEA,    /* binned: LEA as the share of the plan executed */
    PL_FREQ_FINAL,  /* binned: the final score */
    PL_FREQ_COLUMNS
} pl_freq_column;

/* "run", "task", ... */
const char *pl_freq_column_name(pl_freq_column c);
/* The column of a name (any case; "model" is run, "ad" iou, "failure" key), or -1. */
int pl_freq_column_from_name(const char *name);
/* Every name, for messages: "run, task, domain, ..." (static). */
const char *pl_freq_column_names(void);
/* The histogram metric of a binned column, or PL_HIST_ALL for a column
 * counted value by value. */
pl_hist_metric pl_freq_histogram_metric(pl_freq_column c);

/* The frequency table of a counted column over the selection's records:
 * values by count (ties, and by_value: in value order, numbers by value),
 * target = the value's index in value order. */
void pl_view_freq(const pl_workspace *ws, const pl_selection *sel, pl_freq_column col, bool by_value, int width,
                  bool ascii, pl_view_model *vm);
/* The records with a target's value (a new array; NULL and *n 0 when none). */
int *pl_freq_members(const pl_workspace *ws, const pl_selection *sel, pl_freq_column col, int target, int *n);
/* "domain: ferry", for the breadcrumb (a new string; NULL when none). */
char *pl_freq_label(const pl_workspace *ws, const pl_selection *sel, pl_freq_column col, int target);

#endif
