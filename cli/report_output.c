/* planlens report: grouping rows and drawing histograms as text, CSV or JSON. */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/sort.h"
#include "base/stats.h"
#include "chart_svg.h"
#include "compare_stats.h"
#include "cli.h"
#include "iou/histogram.h"
#include "report_rows.h"
#include "runs/epochs.h"
#include "csv_out.h"

#define BAR_WIDTH 40
#define BINARY_WIDTH 20

typedef struct {
    const report_row *rows;
    const report_options *opts;
} sort_ctx;

static sort_ctx ctx; /* qsort has no context argument in C11 */

/* The group key's fields in comparison order. */
static void key_of(const report_row *r, const char *k[3])
{
    bool by_model = ctx.opts->by == REPORT_BY_MODEL, by_domain = ctx.opts->by == REPORT_BY_DOMAIN;
    k[0] = by_model ? r->task : r->model;
    k[1] = by_model ? r->model : r->task;
    k[2] = by_domain ? r->domain : "";
}

/* Tasks sort in the paper's order, not alphabetically. */
static int task_rank(const char *task)
{
    static const char *const order[] = {"applicability", "state", "prog_pos", "prog_neg",
                                        "tracking",      "plan",  "costplan", "app", "prog"};
    for (int i = 0; i < (int)(sizeof order / sizeof *order); i++)
        if (!strcmp(task, order[i]))
            return i;
    return (int)(sizeof order / sizeof *order);
}

static int compare_groups(const report_row *a, const report_row *b)
{
    const char *ka[3], *kb[3];
    key_of(a, ka);
    key_of(b, kb);
    for (int i = 0; i < 3; i++) {
        bool is_task = (i == 0) == (ctx.opts->by == REPORT_BY_MODEL);
        int c = is_task ? task_rank(ka[i]) - task_rank(kb[i]) : 0;
        if (!c)
            c = strcmp(ka[i], kb[i]);
        if (c)
            return c;
    }
    return 0;
}

static int compare_indices(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    int c = compare_groups(&ctx.rows[a], &ctx.rows[b]);
    return c ? c : (a > b) - (a < b); /* input order within a group */
}

void report_print_bar(FILE *f, double value, double max, int width, bool ascii, bool pad)
{
    static const char *const eighths[] = {"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"};
    int units = max > 0 ? (int)lround(value / max * width * 8) : 0, cells = 0;
    for (; units >= 8; units -= 8, cells++)
        fputs(ascii ? "#" : "█", f);
    if (units > 0) {
        fputs(ascii ? "#" : eighths[units], f);
        cells++;
    }
    for (; pad && cells < width; cells++)
        fputc(' ', f);
}

/* Accuracy reduced over epochs (runs/epochs.h: Inspect's "mean" reducer, then
 * the mean over samples) of a group's rows. */
typedef struct {
    int epochs, questions;
    double accuracy;
    pl_mean_ci success; /* binary success over the answers, clustered by question id */
} epoch_summary;

/* rows[members[0..n)]: one group's rows; -1 in e.questions when out of memory. */
static epoch_summary reduce_epochs(const report_row *rows, const int *members, int n)
{
    epoch_summary e = {0, 0, 0, {0}};
    pl_epoch_answer *answers = malloc(((size_t)n + 1) * sizeof *answers);
    pl_epoch_sample *samples = malloc(((size_t)n + 1) * sizeof *samples);
    double *success = malloc(((size_t)n + 1) * sizeof *success);
    const char **ids = malloc(((size_t)n + 1) * sizeof *ids);
    if (answers && samples && success && ids) {
        for (int i = 0; i < n; i++) {
            const report_row *r = &rows[members[i]];
            e.epochs = r->epoch > e.epochs ? r->epoch : e.epochs;
            answers[i] = (pl_epoch_answer){NULL, r->id, r->epoch, members[i], r->success, r->success};
            success[i] = r->success;
            ids[i] = r->id;
        }
        e.questions = pl_epoch_samples(answers, n, samples);
        for (int i = 0; i < e.questions; i++)
            e.accuracy += samples[i].official;
        e.accuracy = e.questions ? e.accuracy / e.questions : 0;
        if (pl_clustered_mean_by_key(success, ids, n, &e.success) < 0)
            e.questions = -1;
    } else {
        e.questions = -1;
    }
    free(answers);
    free(samples);
    free(success);
    free(ids);
    return e;
}

static void print_table_group(FILE *f, const report_row *first, const pl_histogram *h, const report_options *o,
                              const epoch_summary *e)
{
    const char *metric = first->is_distance ? "action distance" : "IoU", *sep = o->ascii ? " - " : " · ";
    fprintf(f, "%s%s%s", cli_text(first->model), sep, cli_text(first->task));
    if (o->by == REPORT_BY_DOMAIN)
        fprintf(f, "%s%s", sep, cli_text(first->domain));
    fprintf(f, "%s%s%s%d answer%s%s%d parse failure%s\n", sep, metric, sep, h->n, h->n == 1 ? "" : "s", sep,
            h->n_parse_fail, h->n_parse_fail == 1 ? "" : "s");
    int max = 1;
    for (int b = 0; b < h->nbins; b++)
        max = h->bins[b].count > max ? h->bins[b].count : max;
    int decimals = fabs(h->bin_width * 10 - round(h->bin_width * 10)) < 1e-9 ? 1 : 2;
    for (int b = 0; b < h->nbins; b++) {
        fprintf(f, "  %.*f-%.*f %6d ", decimals, h->bins[b].lo, decimals, h->bins[b].hi, h->bins[b].count);
        report_print_bar(f, h->bins[b].count, max, BAR_WIDTH, o->ascii, b < 2);
        if (b < 2) {
            int count = b == 0 ? h->n_success : h->n - h->n_success;
            fprintf(f, "  %-7s %6d ", b == 0 ? "success" : "failure", count);
            report_print_bar(f, count, h->n, BINARY_WIDTH, o->ascii, false);
        }
        fputc('\n', f);
    }
    fprintf(f, "  mean %.3f  median %.3f  skewness %.3f  binary success %d/%d (%.1f%%", h->mean, h->median,
            h->skewness, h->n_success, h->n, h->n ? 100.0 * h->n_success / h->n : 0.0);
    if (o->ci) {
        char ci[64];
        pl_ci_text(ci, sizeof ci, e->success.ci95, e->success.n, 100, 1, false);
        fprintf(f, ", %s%s", pl_interval_defined(e->success.ci95) ? "95% CI " : "", ci);
        if (e->success.clustered)
            fprintf(f, " clustered by question");
    }
    fputs(")\n", f);
    if (e->epochs > 1)
        fprintf(f, "  %d epochs: accuracy %.1f%% (mean over epochs per sample, then over %d samples)\n",
                e->epochs, 100.0 * e->accuracy, e->questions);
    fputc('\n', f);
}

static void print_csv_group(FILE *f, const report_row *first, const pl_histogram *h, const report_options *o)
{
    for (int b = 0; b < h->nbins; b++) {
        pl_csv_put(f, first->model);
        fputc(',', f);
        pl_csv_put(f, first->task);
        fputc(',', f);
        pl_csv_put(f, o->by == REPORT_BY_DOMAIN ? first->domain : "*");
        fprintf(f, ",%s,%.4f,%.4f,%d,%d,%d,%d,%.6f,%.6f,%.6f\n", first->is_distance ? "ad" : "iou", h->bins[b].lo,
                h->bins[b].hi, h->bins[b].count, h->n, h->n_success, h->n_parse_fail, h->mean, h->median,
                h->skewness);
    }
}

static cJSON *json_group(const report_row *rows, const int *members, const report_row *first, const pl_histogram *h,
                         const report_options *o, const epoch_summary *e)
{
    cJSON *g = cJSON_CreateObject();
    cJSON_AddStringToObject(g, "model", first->model);
    cJSON_AddStringToObject(g, "task", first->task);
    if (o->by == REPORT_BY_DOMAIN)
        cJSON_AddStringToObject(g, "domain", first->domain);
    cJSON_AddStringToObject(g, "metric", first->is_distance ? "action_distance" : "iou");
    cJSON_AddNumberToObject(g, "n", h->n);
    cJSON_AddNumberToObject(g, "success", h->n_success);
    cJSON_AddNumberToObject(g, "epochs", e->epochs);
    cJSON_AddNumberToObject(g, "accuracy", e->accuracy); /* reduced over epochs */
    if (pl_interval_defined(e->success.ci95)) { /* of success / n, clustered by question with epochs */
        cJSON *ci = cJSON_AddArrayToObject(g, "success_ci95");
        cJSON_AddItemToArray(ci, cJSON_CreateNumber(e->success.ci95.low));
        cJSON_AddItemToArray(ci, cJSON_CreateNumber(e->success.ci95.high));
    } else {
        cJSON_AddNullToObject(g, "success_ci95");
    }
    cJSON_AddNumberToObject(g, "parse_failures", h->n_parse_fail);
    cJSON_AddNumberToObject(g, "mean", h->mean);
    cJSON_AddNumberToObject(g, "median", h->median);
    cJSON_AddNumberToObject(g, "skewness", h->skewness);
    cJSON_AddNumberToObject(g, "bin_width", h->bin_width);
    cJSON *bins = cJSON_AddArrayToObject(g, "bins");
    for (int b = 0; b < h->nbins; b++) {
        cJSON *bin = cJSON_CreateObject();
        cJSON_AddNumberToObject(bin, "lo", h->bins[b].lo);
        cJSON_AddNumberToObject(bin, "hi", h->bins[b].hi);
        cJSON_AddNumberToObject(bin, "count", h->bins[b].count);
        cJSON *ids = cJSON_AddArrayToObject(bin, "ids");
        for (int m = 0; m < h->bins[b].count; m++)
            cJSON_AddItemToArray(ids, cJSON_CreateString(rows[members[h->bins[b].members[m]]].id));
        cJSON_AddItemToArray(bins, bin);
    }
    return g;
}

typedef struct {
    const pl_chart *charts;
    const pl_chart_ci *const *ci;
    int n;
} chart_list;

static int write_chart_list(FILE *svg, FILE *csv, const void *ctx)
{
    const chart_list *l = ctx;
    return pl_chart_write_svg_ci(svg, l->charts, l->ci, l->n) == 0 &&
                   pl_chart_write_csv_ci(csv, l->charts, l->ci, l->n) == 0
               ? 0
               : -1;
}

int report_write_charts(const pl_chart *charts, const pl_chart_ci *const *ci, int n, const char *output)
{
    if (!output)
        return pl_chart_write_svg_ci(stdout, charts, ci, n);
    chart_list l = {charts, ci, n};
    return cli_write_chart_files("report", output, write_chart_list, &l) == PL_EXIT_OK ? 0 : -1;
}

/* A group's histogram and its binary-success bar as two charts (labels and
 * values owned by the caller's group_chart). */
typedef struct {
    char *titles[2];
    char (*labels)[24];
    const char **categories;
    double *counts;
    double binary[2];
    double ci_low[2], ci_high[2]; /* the binary bars' 95 % intervals, in answers */
    pl_chart_ci binary_ci;        /* the binary chart's one series' intervals (--ci), else none */
    pl_chart_series series[2];
} group_chart;

static const char *const binary_categories[] = {"success", "failure"};

static int chart_group(const report_row *first, const pl_histogram *h, const report_options *o,
                       const epoch_summary *e, pl_chart *charts, group_chart *g)
{
    const char *metric = first->is_distance ? "action distance" : "IoU";
    const char *domain = o->by == REPORT_BY_DOMAIN ? first->domain : NULL;
    g->titles[0] = pl_strdup_printf("%s / %s%s%s: %s of %d answers", first->model, first->task, domain ? " / " : "",
                                    domain ? domain : "", metric, h->n);
    g->titles[1] = pl_strdup_printf("%s / %s%s%s: binary success %d of %d", first->model, first->task,
                                    domain ? " / " : "", domain ? domain : "", h->n_success, h->n);
    g->labels = calloc((size_t)h->nbins + 1, sizeof *g->labels);
    g->categories = calloc((size_t)h->nbins + 1, sizeof *g->categories);
    g->counts = calloc((size_t)h->nbins + 1, sizeof *g->counts);
    if (!g->titles[0] || !g->titles[1] || !g->labels || !g->categories || !g->counts)
        return -1;
    int decimals = fabs(h->bin_width * 10 - round(h->bin_width * 10)) < 1e-9 ? 1 : 2;
    for (int b = 0; b < h->nbins; b++) {
        snprintf(g->labels[b], sizeof g->labels[b], "%.*f-%.*f", decimals, h->bins[b].lo, decimals, h->bins[b].hi);
        g->categories[b] = g->labels[b];
        g->counts[b] = h->bins[b].count;
    }
    g->binary[0] = h->n_success;
    g->binary[1] = h->n - h->n_success;
    g->series[0] = (pl_chart_series){"answers", "#1b9e77", g->counts};
    g->series[1] = (pl_chart_series){"answers", "#7570b3", g->binary};
    if (o->ci && pl_interval_defined(e->success.ci95)) { /* success's interval; failure's is its complement */
        g->ci_low[0] = h->n * e->success.ci95.low;
        g->ci_high[0] = h->n * e->success.ci95.high;
        g->ci_low[1] = h->n * (1 - e->success.ci95.high);
        g->ci_high[1] = h->n * (1 - e->success.ci95.low);
        g->binary_ci = (pl_chart_ci){g->ci_low, g->ci_high};
    }
    charts[0] = (pl_chart){.id = first->task, .model = first->model, .title = g->titles[0], .x_label = metric,
                           .y_label = "answers",
                           .categories = g->categories, .ncategories = h->nbins, .series = &g->series[0], .nseries = 1};
    charts[1] = (pl_chart){.id = first->task, .model = first->model, .title = g->titles[1],
                           .x_label = "binary success", .y_label = "answers",
                           .categories = binary_categories, .ncategories = 2, .series = &g->series[1], .nseries = 1};
    return 0;
}

static void free_group_chart(group_chart *g)
{
    free(g->titles[0]);
    free(g->titles[1]);
    free(g->labels);
    free(g->categories);
    free(g->counts);
}

int report_print(FILE *f, const report_row *rows, int n, const report_options *opts)
{
    int *order = malloc((size_t)(n ? n : 1) * sizeof *order);
    double *values = malloc((size_t)(n ? n : 1) * sizeof *values);
    unsigned char *failed = malloc((size_t)(n ? n : 1));
    cJSON *json = opts->format == REPORT_JSON ? cJSON_CreateArray() : NULL;
    bool svg = opts->format == REPORT_SVG; /* two charts per group, written at the end */
    pl_chart *charts = svg ? calloc(2 * (size_t)n + 2, sizeof *charts) : NULL;
    const pl_chart_ci **ci = svg ? calloc(2 * (size_t)n + 2, sizeof *ci) : NULL; /* per chart */
    group_chart *groups = svg ? calloc((size_t)n + 1, sizeof *groups) : NULL;
    int ngroups = 0;
    int rc = order && values && failed && (json || opts->format != REPORT_JSON) && (!svg || (charts && groups && ci)) ? 0 : -1;
    for (int i = 0; rc == 0 && i < n; i++)
        order[i] = i;
    ctx = (sort_ctx){rows, opts};
    if (rc == 0)
        pl_sort(order, (size_t)n, sizeof *order, compare_indices);
    if (rc == 0 && opts->format == REPORT_CSV)
        fputs("model,task,domain,metric,bin_lo,bin_hi,count,n,success,parse_failures,mean,median,skewness\n", f);
    for (int start = 0, end; rc == 0 && start < n; start = end) {
        const report_row *first = &rows[order[start]];
        for (end = start; end < n && !compare_groups(first, &rows[order[end]]); end++) {
            values[end - start] = rows[order[end]].value;
            failed[end - start] = rows[order[end]].parse_failed;
        }
        pl_histogram h;
        pl_error err = PL_ERROR_INIT;
        if (pl_histogram_build(values, failed, end - start, opts->bin_width, !first->is_distance, &h, &err) != PL_OK) {
            cli_print_error(&err);
            pl_error_clear(&err);
            rc = -1;
            break;
        }
        /* success is the verdict's, not the histogram's value test (a valid plan may have AD > 0) */
        h.n_success = 0;
        for (int i = start; i < end; i++)
            h.n_success += rows[order[i]].success;
        epoch_summary e = reduce_epochs(rows, order + start, end - start);
        if (e.questions < 0) {
            pl_histogram_free(&h);
            rc = -1;
            break;
        }
        if (opts->format == REPORT_TABLE)
            print_table_group(f, first, &h, opts, &e);
        else if (opts->format == REPORT_CSV)
            print_csv_group(f, first, &h, opts);
        else if (svg)
            rc = chart_group(first, &h, opts, &e, charts + 2 * ngroups, &groups[ngroups]),
            ci[2 * ngroups + 1] = &groups[ngroups].binary_ci, ngroups++;
        else
            cJSON_AddItemToArray(json, json_group(rows, order + start, first, &h, opts, &e));
        pl_histogram_free(&h);
    }
    if (rc == 0 && json) {
        char *s = cli_json_text(json, true);
        if (s)
            fprintf(f, "%s\n", s);
        free(s);
    }
    if (rc == 0 && n == 0 && opts->format == REPORT_TABLE)
        fputs("no answers to IoU questions\n", f);
    if (rc == 0 && svg)
        rc = opts->output ? report_write_charts(charts, ci, 2 * ngroups, opts->output)
                          : pl_chart_write_svg_ci(f, charts, ci, 2 * ngroups);
    for (int g = 0; groups && g < ngroups; g++)
        free_group_chart(&groups[g]);
    free(groups);
    free(charts);
    free(ci);
    cJSON_Delete(json);
    free(order);
    free(values);
    free(failed);
    return rc;
}
