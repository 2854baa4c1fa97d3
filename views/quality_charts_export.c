/* The quality charts out of the terminal (quality_charts.h): the charts of
 * `planlens quality --format svg` (same ids, titles and colours) drawn from
 * the screen's counts, with their data as CSV beside them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart_svg.h"
#include "quality_charts.h"

static const char *const label_names[PL_WS_LABELS] = {"correct", "misplaced", "same_act", "diff_act", "redundant"};
static const char *const label_colours[PL_WS_LABELS] = {"#1a9850", "#91cf60", "#4575b4", "#fdae61", "#d73027"};

typedef struct {
    pl_chart charts[PL_QC_CHARTS];
    pl_chart_series series[PL_QC_CHARTS][PL_WS_LABELS];
    double *values[PL_QC_CHARTS][PL_WS_LABELS];
    const char **categories[PL_QC_CHARTS];
    int *totals[PL_QC_CHARTS];
    char titles[PL_QC_CHARTS][80];
} charts_data;

static void data_free(charts_data *d)
{
    for (int k = 0; k < PL_QC_CHARTS; k++) {
        for (int s = 0; s < PL_WS_LABELS; s++)
            free(d->values[k][s]);
        free(d->categories[k]);
        free(d->totals[k]);
    }
}

/* Chart k with `nseries` series over its bars: label shares (stacked to 1)
 * or, for LEA, plans valid and invalid. */
static bool fill(charts_data *d, const pl_qcharts *c, int k)
{
    static const char *const plan_names[2] = {"valid", "invalid"};
    static const char *const plan_colours[2] = {"#1a9850", "#d73027"};
    bool lea = k == PL_QC_LEA;
    int nseries = lea ? 2 : PL_WS_LABELS, n = c->nbars[k];
    d->categories[k] = calloc((size_t)n + 1, sizeof *d->categories[k]);
    d->totals[k] = calloc((size_t)n + 1, sizeof *d->totals[k]);
    bool ok = d->categories[k] && d->totals[k];
    for (int s = 0; ok && s < nseries; s++) {
        ok = (d->values[k][s] = calloc((size_t)n + 1, sizeof *d->values[k][s])) != NULL;
        d->series[k][s] = (pl_chart_series){lea ? plan_names[s] : label_names[s],
                                            lea ? plan_colours[s] : label_colours[s], d->values[k][s]};
    }
    for (int b = 0; ok && b < n; b++) {
        const pl_qc_bar *bar = &c->bars[k][b];
        d->categories[k][b] = bar->name;
        d->totals[k][b] = (int)bar->total; /* actions, or plans */
        for (int s = 0; s < nseries; s++)
            d->values[k][s][b] = lea ? (double)bar->counts[s] : bar->total ? (double)bar->counts[s] / (double)bar->total : 0;
    }
    static const char *const ids[2][PL_QC_CHARTS] = {{"labels", "positions", "lea"}, {"np-labels", "np-positions", "lea"}};
    const char *np = c->np ? "NP-AQM" : "AQM";
    if (lea)
        snprintf(d->titles[k], sizeof d->titles[k], "LEA / |π0| (non-empty LLM plans)");
    else
        snprintf(d->titles[k], sizeof d->titles[k], k == PL_QC_LABELS ? "%s labels per model"
                                                                      : "%s labels by relative position in the plan", np);
    d->charts[k] = (pl_chart){.id = ids[c->np][k],
                              .title = d->titles[k],
                              .x_label = k == PL_QC_LABELS     ? "model"
                                         : k == PL_QC_POSITIONS ? "relative position of the action in π0 (tenth: floor(10·i/|π0|)/10)"
                                                                : "LEA / |π0|",
                              .y_label = lea ? "plans" : "share of actions",
                              .categories = d->categories[k],
                              .ncategories = n,
                              .series = d->series[k],
                              .nseries = nseries,
                              .stacked = true,
                              .totals = lea ? NULL : d->totals[k],
                              .categories_are_models = k == PL_QC_LABELS}; /* the CSV's `model` */
    return ok;
}

int pl_qcharts_export(const pl_qcharts *c, const char *path, pl_error *err)
{
    charts_data d;
    memset(&d, 0, sizeof d);
    bool ok = true;
    for (int k = 0; ok && k < PL_QC_CHARTS; k++)
        ok = fill(&d, c, k);
    int rc = ok ? pl_chart_export(d.charts, PL_QC_CHARTS, path, err)
                : (int)pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
    data_free(&d);
    return rc;
}
