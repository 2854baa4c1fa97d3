/* planlens report: one row per graded answer, grouped into histograms. */
#ifndef PL_REPORT_ROWS_H
#define PL_REPORT_ROWS_H

#include <stdbool.h>
#include <stdio.h>

#include "chart_svg.h"

typedef enum { REPORT_BY_TASK, REPORT_BY_DOMAIN, REPORT_BY_MODEL, REPORT_BY_FAILURE } report_grouping;
typedef enum { REPORT_TABLE, REPORT_CSV, REPORT_JSON, REPORT_SVG } report_format;

typedef struct {
    const char *id;      /* borrowed from the loaded questions */
    const char *model;   /* the run's model, else its file name (borrowed) */
    const char *task;    /* "applicability", ..., or ACPBench "app" / "prog" */
    const char *domain;  /* may be "?" */
    double value;        /* IoU, or action distance for plan tasks */
    bool is_distance;
    bool success;
    bool parse_failed;
    int epoch;           /* the answer's epoch (Inspect) or repeat (lm-eval); 1 otherwise */
} report_row;

typedef struct {
    report_grouping by;
    report_format format;
    double bin_width;
    bool ascii;          /* '#' bars instead of Unicode blocks */
    const char *output;  /* REPORT_SVG: OUTPUT.svg and OUTPUT.csv (NULL: the SVG to the stream) */
    bool ci;             /* the table's binary success with its 95 % interval (--ci, the default; --no-ci) */
} report_options;

/* Groups the rows (by run × task, × domain, or task × run) and prints one
 * histogram per group with its binary-success bar, count, mean, median and
 * skewness, and the binary success's 95 % interval (Wilson's, or clustered
 * by question id when a question has several answers: base/stats.h); a
 * group answered over several epochs also gets its accuracy reduced as
 * Inspect reduces epochs (mean per sample, then over samples:
 * runs/epochs.h).  Returns 0, or -1 when out of memory. */
int report_print(FILE *f, const report_row *rows, int n, const report_options *opts);

/* A bar of `value` out of `max` in `width` cells: Unicode eighth blocks, or
 * '#'; padded to the full width when something follows on the line. */
void report_print_bar(FILE *f, double value, double max, int width, bool ascii, bool pad);

/* Writes charts as SVG to stdout, or to OUTPUT.svg with their data in
 * OUTPUT.csv (saying so on stderr), with the error bars of ci (NULL: none;
 * chart_svg.h).  Returns 0, or -1 when writing failed. */
int report_write_charts(const pl_chart *charts, const pl_chart_ci *const *ci, int n, const char *output);

/* `report --by failure`: opens the files as the explorer does (questions,
 * runs, plan-quality cases), grades every answer and prints the failure
 * modes of each run × task (docs/ANALYSIS.md), with the share of wrong
 * answers and its 95 % interval when `ci` (Wilson's, or clustered by
 * question with epochs: base/stats.h).  REPORT_SVG writes a bar chart per
 * run × task: to stdout, or to OUTPUT.svg with the data in OUTPUT.csv when
 * `output` is given.  Returns an exit code. */
int report_failures(const char *const *files, int nfiles, report_format format, bool ascii, bool ci,
                    const char *output);

#endif
