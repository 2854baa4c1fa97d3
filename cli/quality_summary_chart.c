/* The plan-quality summary's charts (views/chart_svg.h): AQM / NP-AQM labels
 * per model and by relative position (the paper's Figure 6(b)), LEA / |π0|
 * (Figure 4(a)), the LLM's share of π4 (Figure 4(b)) and success by |π_GT|. */
#include <stdlib.h>
#include <string.h>

#include "base/stats.h"
#include "chart_svg.h"
#include "quality_summary.h"
#include "quality_summary_print.h"

enum { MAX_SERIES = PL_QSR_PLANS, NCHARTS = 7 };

typedef struct {
    pl_chart chart;
    pl_chart_series series[MAX_SERIES];
    double *values[MAX_SERIES];
    double *ci_low[MAX_SERIES], *ci_high[MAX_SERIES]; /* success rates' 95 % intervals, or NULL */
    pl_chart_ci ci[MAX_SERIES];                        /* per series shown: them, or none */
    const char **categories;
    int *totals;
    char note[200];
} chart_data;

static const char *const chart_ids[NCHARTS] = {"labels", "np-labels", "positions", "np-positions",
                                               "lea",    "pi4-share", "gt-length"};

const char *quality_summary_chart_names(void)
{
    return "labels, np-labels, positions, np-positions, lea, pi4-share, gt-length";
}

static const char *const label_names[PL_QLABELS] = {"", "correct", "misplaced", "same_act", "diff_act", "redundant"};
static const char *const label_colours[PL_QLABELS] = {"", "#1a9850", "#91cf60", "#4575b4", "#fdae61", "#d73027"};

static int alloc_chart(chart_data *d, int ncategories, int nseries)
{
    d->chart.ncategories = ncategories;
    d->chart.nseries = nseries;
    d->chart.series = d->series;
    d->categories = calloc((size_t)ncategories + 1, sizeof *d->categories);
    d->chart.categories = d->categories;
    bool ok = d->categories != NULL;
    for (int s = 0; s < nseries; s++) {
        d->values[s] = calloc((size_t)ncategories + 1, sizeof *d->values[s]);
        d->series[s].values = d->values[s];
        ok &= d->values[s] != NULL;
    }
    return ok ? 0 : -1;
}

static void free_chart(chart_data *d)
{
    for (int s = 0; s < MAX_SERIES; s++) {
        free(d->values[s]);
        free(d->ci_low[s]);
        free(d->ci_high[s]);
    }
    free(d->categories);
    free(d->totals);
}

/* Shares of the five labels, one stacked bar per row of counts. */
static int label_chart(chart_data *d, const long (*counts)[PL_QLABELS], const char *const *names, int n)
{
    if (alloc_chart(d, n, PL_QLABELS - 1) < 0 || !(d->totals = calloc((size_t)n + 1, sizeof *d->totals)))
        return -1;
    d->chart.stacked = true;
    d->chart.totals = d->totals;
    d->chart.y_label = "share of actions";
    for (int l = 1; l < PL_QLABELS; l++) {
        d->series[l - 1].name = label_names[l];
        d->series[l - 1].colour = label_colours[l];
    }
    for (int k = 0; k < n; k++) {
        d->categories[k] = names[k];
        long total = 0;
        for (int l = 1; l < PL_QLABELS; l++)
            total += counts[k][l];
        d->totals[k] = (int)total;
        for (int l = 1; l < PL_QLABELS; l++)
            d->values[l - 1][k] = total ? (double)counts[k][l] / (double)total : 0;
    }
    return 0;
}

static int per_model(chart_data *d, const pl_qgroup *models, int n, bool np)
{
    long (*counts)[PL_QLABELS] = calloc((size_t)n + 1, sizeof *counts);
    const char **names = calloc((size_t)n + 1, sizeof *names);
    int rc = counts && names ? 0 : -1;
    for (int i = 0; rc == 0 && i < n; i++) {
        memcpy(counts[i], np ? models[i].np_labels : models[i].labels, sizeof counts[i]);
        names[i] = models[i].model;
    }
    if (rc == 0)
        rc = label_chart(d, (const long (*)[PL_QLABELS])counts, names, n);
    d->chart.title = np ? "NP-AQM labels per model" : "AQM labels per model";
    d->chart.x_label = "model";
    d->chart.categories_are_models = true;
    free(counts);
    free(names);
    return rc;
}

static int by_position(chart_data *d, const pl_qgroup *all, bool np)
{
    static const char *const tenths[PL_QTENTHS] = {"0.0", "0.1", "0.2", "0.3", "0.4",
                                                   "0.5", "0.6", "0.7", "0.8", "0.9"};
    d->chart.title = np ? "NP-AQM labels by relative position in the plan" : "AQM labels by relative position in the plan";
    d->chart.x_label = "relative position of the action in π0 (tenth: floor(10·i/|π0|)/10)";
    return label_chart(d, (const long (*)[PL_QLABELS])(np ? all->np_by_tenth : all->by_tenth), tenths, PL_QTENTHS);
}

static int lea_chart(chart_data *d, const pl_qgroup *all)
{
    if (alloc_chart(d, PL_QLEA_BINS, 2) < 0)
        return -1;
    d->chart.title = "LEA / |π0| (non-empty LLM plans)";
    d->chart.x_label = "LEA / |π0|";
    d->chart.y_label = "plans";
    d->chart.stacked = true;
    d->series[0] = (pl_chart_series){"valid", "#1a9850", d->values[0]};
    d->series[1] = (pl_chart_series){"invalid", "#d73027", d->values[1]};
    for (int b = 0; b < PL_QLEA_BINS; b++) {
        d->categories[b] = pl_qlea_bin_name(b);
        d->values[0][b] = all->lea_ratio_valid[b];
        d->values[1][b] = all->lea_ratio[b] - all->lea_ratio_valid[b];
    }
    return 0;
}

static int share_chart(chart_data *d, const pl_qgroup *all)
{
    if (alloc_chart(d, PL_QSHARE_BINS, 1) < 0)
        return -1;
    d->chart.title = "LLM share of π4 (replanned cases where the LLM kept an action)";
    d->chart.x_label = "(|π4| - |complementary plan|) / |π4|";
    d->chart.y_label = "cases";
    d->series[0] = (pl_chart_series){"cases", "#4575b4", d->values[0]};
    for (int b = 0; b < PL_QSHARE_BINS; b++) {
        d->categories[b] = pl_qshare_bin_name(b);
        d->values[0][b] = all->share[b];
    }
    return 0;
}

/* Series s's 95 % intervals: Wilson's of k[c] successes in n[c] cases per
 * category c (one case per instance; none where n < 2). */
static int success_intervals(chart_data *d, int s, const int *k, const int *n)
{
    int nc = d->chart.ncategories;
    d->ci_low[s] = calloc((size_t)nc + 1, sizeof *d->ci_low[s]);
    d->ci_high[s] = calloc((size_t)nc + 1, sizeof *d->ci_high[s]);
    if (!d->ci_low[s] || !d->ci_high[s])
        return -1;
    for (int c = 0; c < nc; c++) {
        pl_interval ci = pl_wilson95(k[c], n[c]);
        d->ci_low[s][c] = ci.low;
        d->ci_high[s][c] = ci.high;
    }
    d->ci[s] = (pl_chart_ci){d->ci_low[s], d->ci_high[s]};
    return 0;
}

/* Leaves out the series that have the same value in every category (π4,
 * replanned, is valid at every |π_GT|): bars that say nothing about the
 * categories, named in the chart's note with their value.  Their arrays stay
 * in d->values (freed with the chart); one category says nothing to drop. */
static void drop_constant_series(chart_data *d, const char *categories)
{
    int kept = 0, len = 0;
    for (int s = 0; s < d->chart.nseries; s++) {
        bool constant = d->chart.ncategories > 1;
        for (int k = 1; constant && k < d->chart.ncategories; k++)
            constant = d->series[s].values[k] == d->series[s].values[0];
        if (!constant) {
            d->ci[kept] = d->ci[s];
            d->series[kept++] = d->series[s];
        } else if (len >= 0 && len < (int)sizeof d->note) {
            len += snprintf(d->note + len, sizeof d->note - (size_t)len, "%s%s = %g", len ? ", " : "not drawn: ",
                            d->series[s].name, d->series[s].values[0]);
        }
    }
    if (len > 0 && len < (int)sizeof d->note)
        snprintf(d->note + len, sizeof d->note - (size_t)len, " at every %s", categories);
    d->chart.nseries = kept;
    d->chart.note = len > 0 ? d->note : NULL;
}

static int gt_chart(chart_data *d, const pl_qgroup *all, char (*names)[16])
{
    static const char *const pis[PL_QSR_PLANS] = {"sr_pi0", "sr_pi1", "sr_pi2", "sr_pi3", "sr_pi4"};
    static const char *const colours[PL_QSR_PLANS] = {"#d73027", "#fdae61", "#fee08b", "#91cf60", "#1a9850"};
    if (alloc_chart(d, all->nby_gt, PL_QSR_PLANS) < 0 || !(d->totals = calloc((size_t)all->nby_gt + 1, sizeof *d->totals)))
        return -1;
    d->chart.title = "Success before (π0) and after recovery (π1 … π4) by |π_GT|";
    d->chart.x_label = "|π_GT|";
    d->chart.y_label = "success rate";
    d->chart.totals = d->totals;
    for (int k = 0; k < PL_QSR_PLANS; k++)
        d->series[k] = (pl_chart_series){pis[k], colours[k], d->values[k]};
    for (int i = 0; i < all->nby_gt; i++) {
        const pl_qgt_row *r = &all->by_gt[i];
        snprintf(names[i], sizeof names[i], "%d", r->m);
        d->categories[i] = names[i];
        d->totals[i] = r->cases;
        for (int k = 0; k < PL_QSR_PLANS; k++)
            d->values[k][i] = r->cases ? (double)r->valid[k] / r->cases : 0;
    }
    int *valid = calloc((size_t)all->nby_gt + 1, sizeof *valid), rc = valid ? 0 : -1;
    for (int k = 0; rc == 0 && quality_summary_ci() && k < PL_QSR_PLANS; k++) {
        for (int i = 0; i < all->nby_gt; i++)
            valid[i] = all->by_gt[i].valid[k];
        rc = success_intervals(d, k, valid, d->totals);
    }
    free(valid);
    drop_constant_series(d, "|π_GT|");
    return rc;
}

static int chart_index(const char *name)
{
    for (int i = 0; i < NCHARTS; i++)
        if (!strcmp(chart_ids[i], name))
            return i;
    return -1;
}

int quality_summary_write_charts(const pl_qsummary *s, const char *chart, FILE *svg, FILE *csv)
{
    int only = chart ? chart_index(chart) : -1;
    if (chart && only < 0)
        return -1;
    if (!svg && !csv)
        return 0;
    pl_qgroup *models, all;
    int nmodels;
    if (pl_qsummary_regroup(s, PL_QBY_MODEL, &models, &nmodels) < 0)
        return -1;
    if (pl_qsummary_total(s, &all) < 0) {
        pl_qgroups_free(models, nmodels);
        return -1;
    }
    chart_data d[NCHARTS];
    memset(d, 0, sizeof d);
    char (*gt_names)[16] = calloc((size_t)all.nby_gt + 1, sizeof *gt_names);
    int rc = gt_names ? 0 : -1;
    if (rc == 0)
        rc = per_model(&d[0], models, nmodels, false) | per_model(&d[1], models, nmodels, true) |
             by_position(&d[2], &all, false) | by_position(&d[3], &all, true) | lea_chart(&d[4], &all) |
             share_chart(&d[5], &all) | gt_chart(&d[6], &all, gt_names);
    pl_chart charts[NCHARTS];
    const pl_chart_ci *ci[NCHARTS];
    int n = 0;
    for (int i = 0; i < NCHARTS; i++)
        if (only < 0 || only == i) {
            d[i].chart.id = chart_ids[i];
            ci[n] = d[i].ci;
            charts[n++] = d[i].chart;
        }
    if (rc == 0 && svg)
        rc = pl_chart_write_svg_ci(svg, charts, ci, n);
    if (rc == 0 && csv)
        rc = pl_chart_write_csv_ci(csv, charts, ci, n);
    for (int i = 0; i < NCHARTS; i++)
        free_chart(&d[i]);
    free(gt_names);
    pl_qgroup_clear(&all);
    pl_qgroups_free(models, nmodels);
    return rc;
}
