/* Histogram: IoU (or action distance) per run × task with the binary-success
 * bar beside it; each bin line opens the questions in it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bar.h"
#include "chart_svg.h"
#include "groups.h"
#include "iou/histogram.h"

#define BAR_WIDTH 36
#define BINARY_WIDTH 16

/* Graded records with a value, grouped. */
static pl_group *valued_groups(const pl_workspace *ws, const pl_selection *sel, int *ngroups)
{
    int n, kept = 0;
    int *records = pl_select_records(ws, sel, &n);
    *ngroups = 0;
    if (!records)
        return NULL;
    for (int i = 0; i < n; i++) {
        const pl_ws_record *r = pl_workspace_record(ws, records[i]);
        if (r->graded && r->has_value)
            records[kept++] = records[i];
    }
    pl_group *g = pl_group_records(ws, records, kept, ngroups);
    free(records);
    return g;
}

/* What a histogram bins: the record's value (IoU or action distance) and,
 * for plan-quality cases, also LEA as the share of the plan executed and the
 * final score (when every case of the group has one).  The final score runs
 * from -1 to 4 (a valid plan of the ground truth's length; a few score
 * more): it is binned as (score + 1) / 5, higher scores in the last bin. */
#define FINAL_LOW (-1.0)
#define FINAL_SPAN 5.0

const char *pl_hist_metric_name(pl_hist_metric m)
{
    static const char *const names[] = {"IoU / AD", "LEA", "final score"};
    return m >= 0 && m < PL_HIST_METRICS ? names[m] : "all";
}

static int metrics_of(const pl_workspace *ws, const pl_group *g)
{
    if (!pl_workspace_record(ws, g->members[0])->pcase)
        return 1;
    for (int i = 0; i < g->n; i++)
        if (!pl_workspace_record(ws, g->members[i])->has_quality)
            return 2;
    return 3;
}

static const char *metric_name(const pl_workspace *ws, const pl_group *g, int metric, bool shortly)
{
    if (metric == PL_HIST_LEA)
        return shortly ? "LEA" : "LEA (share of the plan executed)";
    if (metric == PL_HIST_FINAL)
        return shortly ? "final" : "final score (-1 to 4, above 4 in the last bin)";
    bool distance = pl_workspace_record(ws, g->members[0])->is_distance;
    return distance ? (shortly ? "AD" : "action distance") : "IoU";
}

static double metric_value(const pl_ws_record *r, int metric)
{
    if (metric == PL_HIST_VALUE)
        return r->value;
    if (metric == PL_HIST_FINAL)
        return (r->final_score - FINAL_LOW) / FINAL_SPAN;
    return r->pcase->nllm ? (double)r->case_lea / r->pcase->nllm : 0;
}

/* A bin's edge or a statistic in the metric's own units. */
static double in_units(int metric, double x)
{
    return metric == PL_HIST_FINAL ? FINAL_LOW + x * FINAL_SPAN : x;
}

/* "0.50-0.55", or "-1.00 to -0.75" where a minus sign would run into the
 * dash (aligned: padded to the width of a negative edge). */
static void bin_range(int metric, const pl_hist_bin *b, bool aligned, char *buf, size_t size)
{
    int w = aligned ? 5 : 0;
    snprintf(buf, size, metric == PL_HIST_FINAL ? "%*.2f to %*.2f" : "%*.2f-%*.2f", w, in_units(metric, b->lo), w,
             in_units(metric, b->hi));
}

static int build(const pl_workspace *ws, const pl_group *g, int metric, double bin_width, pl_histogram *h)
{
    double *values = malloc((size_t)g->n * sizeof *values);
    unsigned char *failed = malloc((size_t)g->n);
    int rc = values && failed ? 0 : -1;
    for (int i = 0; rc == 0 && i < g->n; i++) {
        const pl_ws_record *r = pl_workspace_record(ws, g->members[i]);
        values[i] = metric_value(r, metric);
        failed[i] = r->parse_failed;
    }
    pl_error err = PL_ERROR_INIT;
    const pl_ws_record *first = pl_workspace_record(ws, g->members[0]);
    bool higher_is_better = metric != PL_HIST_VALUE || !first->is_distance;
    if (rc == 0 && pl_histogram_build(values, failed, g->n, bin_width, higher_is_better, h, &err) != PL_OK)
        rc = -1;
    if (rc == 0) { /* binary success is the verdict's (a valid plan may have AD > 0) */
        h->n_success = 0;
        for (int i = 0; i < g->n; i++)
            h->n_success += pl_workspace_record(ws, g->members[i])->score;
    }
    pl_error_clear(&err);
    free(values);
    free(failed);
    return rc;
}

static void bar(pl_view_model *vm, pl_role role, double value, double max, int width, bool ascii)
{
    char buf[512];
    pl_bar_text(buf, sizeof buf, value, max, width, ascii);
    pl_vm_span(vm, role, "%s", buf);
}

void pl_view_histogram(const pl_workspace *ws, const pl_selection *sel, double bin_width, pl_hist_metric only,
                       bool ascii, int width, pl_view_model *vm)
{
    (void)width;
    pl_vm_init(vm);
    pl_vm_set_title(vm, "histogram");
    int ngroups, nhistograms = 0;
    pl_group *groups = valued_groups(ws, sel, &ngroups);
    for (int gm = 0; gm < ngroups * PL_HIST_METRICS; gm++) {
        int gi = gm / PL_HIST_METRICS, metric = gm % PL_HIST_METRICS;
        if (metric >= metrics_of(ws, &groups[gi]) || (only != PL_HIST_ALL && metric != (int)only))
            continue;
        pl_histogram h;
        if (build(ws, &groups[gi], metric, bin_width, &h) < 0) {
            vm->oom = true;
            break;
        }
        nhistograms++;
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_HEADER, "%s · %s · %s · %d answer%s · %d parse failure%s", groups[gi].model,
                   groups[gi].task, metric_name(ws, &groups[gi], metric, false), h.n, PL_PLURAL(h.n), h.n_parse_fail,
                   PL_PLURAL(h.n_parse_fail));
        int max = 1;
        for (int b = 0; b < h.nbins; b++)
            max = h.bins[b].count > max ? h.bins[b].count : max;
        for (int b = 0; b < h.nbins; b++) {
            pl_vm_line(vm, h.bins[b].count ? gi * PL_HIST_TARGET_STRIDE + metric * PL_HIST_METRIC_STRIDE + b : -1);
            char range[64];
            bin_range(metric, &h.bins[b], metric == PL_HIST_FINAL, range, sizeof range);
            pl_vm_span(vm, ROLE_TEXT, "  %s %5d ", range, h.bins[b].count);
            bar(vm, ROLE_BAR, h.bins[b].count, max, BAR_WIDTH, ascii);
            if (b < 2) {
                int count = b == 0 ? h.n_success : h.n - h.n_success;
                pl_vm_span(vm, ROLE_TEXT, "  %-7s %5d ", b == 0 ? "success" : "failure", count);
                bar(vm, b == 0 ? ROLE_SUCCESS_BAR : ROLE_WRONG, count, h.n, BINARY_WIDTH, ascii);
            }
        }
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "  mean %.3f  median %.3f  skewness %.3f  binary success %d/%d", in_units(metric, h.mean),
                   in_units(metric, h.median), h.skewness, h.n_success, h.n);
        pl_vm_line(vm, -1);
        pl_histogram_free(&h);
    }
    if (!ngroups) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "%s",
                   pl_workspace_graded(ws) < pl_workspace_count(ws)
                       ? "no graded answers with an IoU or action distance yet (grading goes on)"
                       : "no answers with an IoU or action distance to show");
    } else if (!nhistograms && !vm->oom) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "no histograms of %s to show (only plan-quality cases have LEA and final score)",
                   pl_hist_metric_name(only));
    }
    pl_vm_set_status(vm, "%d histogram%s · bin width %.2f · metric: %s", nhistograms, PL_PLURAL(nhistograms), bin_width,
                     pl_hist_metric_name(only));
    pl_groups_free(groups, ngroups);
}

/* The histogram and bin behind a target: 0 with *metric, *h (free it) and
 * *bin set, -1 when there is none. */
static int target_bin(const pl_workspace *ws, const pl_group *groups, int ngroups, double bin_width, int target,
                      int *metric, pl_histogram *h, int *bin)
{
    int gi = target / PL_HIST_TARGET_STRIDE, rest = target % PL_HIST_TARGET_STRIDE;
    *metric = rest / PL_HIST_METRIC_STRIDE;
    *bin = rest % PL_HIST_METRIC_STRIDE;
    if (!groups || target < 0 || gi >= ngroups || *metric >= metrics_of(ws, &groups[gi]) ||
        build(ws, &groups[gi], *metric, bin_width, h) < 0)
        return -1;
    if (*bin < h->nbins)
        return 0;
    pl_histogram_free(h);
    return -1;
}

int *pl_histogram_members(const pl_workspace *ws, const pl_selection *sel, double bin_width, int target, int *n)
{
    *n = 0;
    int ngroups, metric, b;
    pl_group *groups = valued_groups(ws, sel, &ngroups);
    int *out = NULL;
    pl_histogram h;
    if (target_bin(ws, groups, ngroups, bin_width, target, &metric, &h, &b) == 0) {
        const pl_group *g = &groups[target / PL_HIST_TARGET_STRIDE];
        if ((out = malloc((size_t)(h.bins[b].count + 1) * sizeof *out))) {
            for (int i = 0; i < h.bins[b].count; i++)
                out[i] = g->members[h.bins[b].members[i]];
            *n = h.bins[b].count;
        }
        pl_histogram_free(&h);
    }
    pl_groups_free(groups, ngroups);
    return out;
}

char *pl_histogram_bin_label(const pl_workspace *ws, const pl_selection *sel, double bin_width, int target)
{
    int ngroups, metric, b;
    pl_group *groups = valued_groups(ws, sel, &ngroups);
    char *label = NULL;
    pl_histogram h;
    if (target_bin(ws, groups, ngroups, bin_width, target, &metric, &h, &b) == 0) {
        const pl_group *g = &groups[target / PL_HIST_TARGET_STRIDE];
        char range[64];
        bin_range(metric, &h.bins[b], false, range, sizeof range);
        label = pl_strdup_printf("%s / %s / %s %s", g->model, g->task, metric_name(ws, g, metric, true), range);
        pl_histogram_free(&h);
    }
    pl_groups_free(groups, ngroups);
    return label;
}

int pl_histogram_group_of(const pl_workspace *ws, const pl_selection *sel, const char *model, const char *task)
{
    int ngroups, found = -1;
    pl_group *groups = valued_groups(ws, sel, &ngroups);
    for (int i = 0; i < ngroups && found < 0; i++)
        if (!strcmp(groups[i].model, model) && !strcmp(groups[i].task, task))
            found = i;
    pl_groups_free(groups, ngroups);
    return found;
}

/* One histogram as a chart (its strings and values kept in `keep`). */
typedef struct {
    char *title;
    char (*ranges)[64];
    const char **categories;
    double *counts;
    pl_chart_series series;
} hist_chart;

static int chart_of(const pl_workspace *ws, const pl_group *g, int metric, const pl_histogram *h, pl_chart *chart,
                    hist_chart *keep)
{
    keep->title = pl_strdup_printf("%s / %s: %s, %d answers, binary success %d", g->model, g->task,
                                   metric_name(ws, g, metric, false), h->n, h->n_success);
    keep->ranges = calloc((size_t)h->nbins + 1, sizeof *keep->ranges);
    keep->categories = calloc((size_t)h->nbins + 1, sizeof *keep->categories);
    keep->counts = calloc((size_t)h->nbins + 1, sizeof *keep->counts);
    if (!keep->title || !keep->ranges || !keep->categories || !keep->counts)
        return -1;
    for (int b = 0; b < h->nbins; b++) {
        bin_range(metric, &h->bins[b], false, keep->ranges[b], sizeof keep->ranges[b]);
        keep->categories[b] = keep->ranges[b];
        keep->counts[b] = h->bins[b].count;
    }
    keep->series = (pl_chart_series){"answers", "#1b9e77", keep->counts};
    *chart = (pl_chart){.id = g->task, .model = g->model, .title = keep->title, .x_label = metric_name(ws, g, metric, true),
                        .y_label = "answers", .categories = keep->categories, .ncategories = h->nbins,
                        .series = &keep->series, .nseries = 1};
    return 0;
}

int pl_histogram_export(const pl_workspace *ws, const pl_selection *sel, double bin_width, pl_hist_metric only,
                        const char *path, pl_error *err)
{
    int ngroups, n = 0;
    pl_group *groups = valued_groups(ws, sel, &ngroups);
    pl_chart *charts = calloc((size_t)ngroups * PL_HIST_METRICS + 1, sizeof *charts);
    hist_chart *keep = calloc((size_t)ngroups * PL_HIST_METRICS + 1, sizeof *keep);
    bool ok = charts && keep;
    for (int gm = 0; ok && gm < ngroups * PL_HIST_METRICS; gm++) { /* the histograms on screen */
        int gi = gm / PL_HIST_METRICS, metric = gm % PL_HIST_METRICS;
        if (metric >= metrics_of(ws, &groups[gi]) || (only != PL_HIST_ALL && metric != (int)only))
            continue;
        pl_histogram h;
        ok = build(ws, &groups[gi], metric, bin_width, &h) == 0;
        if (ok) {
            ok = chart_of(ws, &groups[gi], metric, &h, &charts[n], &keep[n]) == 0;
            n++;
            pl_histogram_free(&h);
        }
    }
    int rc = PL_OK;
    if (!ok)
        rc = pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
    else if (!n)
        rc = pl_error_set(err, PL_ERR_SEMANTIC, path, 0, 0, "no histograms to export");
    else
        rc = pl_chart_export(charts, n, path, err);
    for (int i = 0; keep && i < n; i++) {
        free(keep[i].title);
        free(keep[i].ranges);
        free(keep[i].categories);
        free(keep[i].counts);
    }
    free(keep);
    free(charts);
    pl_groups_free(groups, ngroups);
    return rc;
}
