/* Bar charts for papers: plain SVG text (no dependency) and the CSV of the
 * data drawn.  A chart is a title, axis labels, categories along x and
 * series of values per category, stacked (one bar per category) or grouped
 * (side by side).  Several charts go into one SVG document one under another
 * (one figure): charts of a figure with the same y label share one scale, so
 * that bars of different charts compare by height.  The `n=` counts above the
 * bars go on as many rows as they need never to overlap.  The CSV's rows are
 * (chart, model, category) with a column per series name (the union over the
 * charts, empty where a chart has no such series). */
#ifndef PL_VIEWS_CHART_SVG_H
#define PL_VIEWS_CHART_SVG_H

#include <stdbool.h>
#include <stdio.h>

#include "base/error.h"

typedef struct {
    const char *name;
    const char *colour;    /* any SVG colour, e.g. "#1b9e77" */
    const double *values;  /* one per category */
} pl_chart_series;

typedef struct {
    const char *id;        /* short name: the CSV's `chart` column */
    const char *title, *x_label, *y_label;
    const char *const *categories;
    int ncategories;
    const pl_chart_series *series;
    int nseries;
    bool stacked;
    const int *totals;     /* NULL, or per category a count printed above the bar ("n=") and in the CSV */
    const char *model;     /* the model the chart is about (the CSV's `model`), or NULL */
    bool categories_are_models; /* with no model: each category is a model (the CSV's `model` is the category) */
    const char *note;      /* NULL, or a line under the title (what the chart leaves out) */
} pl_chart;

/* A series' 95 % intervals: per category the ends, in the values' unit
 * (NAN: none for that category); low and high NULL: none at all. */
typedef struct {
    const double *low, *high;
} pl_chart_ci;

/* Both return 0, or -1 when writing failed. */
int pl_chart_write_svg(FILE *out, const pl_chart *charts, int ncharts);
int pl_chart_write_csv(FILE *out, const pl_chart *charts, int ncharts);
/* The same with error bars: ci[i] is NULL or chart i's intervals, one per
 * series.  A chart that is not stacked draws each interval as an error bar
 * on its bar (the scale holds the whiskers); the CSV gets the columns
 * ci_low, ci_high (SERIES_ci_low, SERIES_ci_high when several series of
 * the figure have intervals), empty where a row has none. */
int pl_chart_write_svg_ci(FILE *out, const pl_chart *charts, const pl_chart_ci *const *ci, int ncharts);
int pl_chart_write_csv_ci(FILE *out, const pl_chart *charts, const pl_chart_ci *const *ci, int ncharts);
/* The explorer's :export of a chart screen: PATH.svg and the CSV beside it
 * (PATH.csv), or PATH alone as CSV when it does not end in .svg; each file
 * written beside and renamed, so a failure never leaves half a file.
 * Returns PL_OK or an error code (err set). */
int pl_chart_export(const pl_chart *charts, int ncharts, const char *path, pl_error *err);

#endif
