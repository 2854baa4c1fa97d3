/* planlens quality --summary: what the plan-quality paper reports, for the
 * cases of the input files (engine/quality/summary.h), as a table, CSV,
 * JSONL (one object per domain × model × prompt type) or SVG charts with
 * their CSV beside (docs/QUALITY.md, "--summary"). */
#ifndef PL_QUALITY_SUMMARY_CLI_H
#define PL_QUALITY_SUMMARY_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "quality/pipeline.h"
#include "quality/summary.h"

typedef enum { QSUM_TABLE, QSUM_CSV, QSUM_JSONL, QSUM_SVG } quality_summary_format;

typedef struct {
    bool on;
    quality_summary_format format;
    pl_qsummary_options opt;
    pl_qby by;           /* --by group|model|prompt|domain: the rows of table, csv and jsonl */
    bool recompute;      /* --values computed: the pipeline even where the file publishes values */
    const char *output;  /* --output PATH.svg: PATH.svg and PATH.csv */
    bool force;          /* --force: --output may replace files that exist (cli/output_guard.h) */
    const char *chart;   /* --chart NAME, NULL: every chart */
} quality_summary_args;

void quality_summary_args_init(quality_summary_args *s);
/* The summary's options at argv[*i] (advancing *i past a value): --summary,
 * --missing fail|omit, --instances A-B, --values published|computed, --by KEY,
 * --chart NAME, --output PATH, --force and --format (svg is consumed; any other
 * format is only noted and left to the caller).  Each of them but a
 * non-svg --format turns the summary on.  1 when consumed, 0 when not, -1
 * after printing a usage error. */
int quality_summary_option(int argc, char **argv, int *i, quality_summary_args *s);
/* Checks the options first (--chart and --output need --format svg,
 * --force needs --output, an --output file that exists needs --force), then
 * reads the files, evaluates the cases that carry no published values (or
 * all of them with --values computed) and prints the summary.  An exit code. */
int quality_summary_run(const quality_summary_args *s, const pl_quality_options *opt, const char *pddl_dir,
                        const char *const *files, int nfiles);

/* The published values of a row of the official CSVs (pl_quality_case.published)
 * as the `expected` object of dev.jsonl (engine/quality/summary.h
 * pl_qfacts_from_published), values that do not parse left out; NULL when
 * the row carries none (a CSV of plans without results) or out of memory
 * (quality_summary_published.c). */
cJSON *quality_published_from_csv(const pl_quality_case *c);

/* The printers (quality_summary_print.c, quality_summary_chart.c). */
/* The rows are the summary's groups merged by `by`.  -1 when out of memory. */
int quality_summary_print_table(FILE *out, const pl_qsummary *s, pl_qby by);
int quality_summary_print_csv(FILE *out, const pl_qsummary *s, pl_qby by);
int quality_summary_print_jsonl(FILE *out, const pl_qsummary *s, pl_qby by);
/* The charts (all, or the one named) as SVG to svg and their data as CSV to
 * csv (either may be NULL; both NULL: only the name is checked, s may be
 * NULL).  -1 for an unknown chart name or a write error. */
int quality_summary_write_charts(const pl_qsummary *s, const char *chart, FILE *svg, FILE *csv);
/* "labels, positions, ...": the chart names, for messages and docs. */
const char *quality_summary_chart_names(void);

#endif
