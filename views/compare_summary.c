/* The compare screen's summary table (accuracy and value differences of
 * two runs with their paired standard errors, the accuracy difference's
 * 95 % interval, discordant counts and McNemar's exact p) and its
 * paired histograms, fitted to the width like every table (views/table.h). */
#include "compare_parts.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "compare_stats.h"

#define MAX_BAR 60 /* cells of the longest histogram bar */

static const char *const unicode_eighths[] = {"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"};
static const char *const ascii_eighths[] = {"", "#", "#", "#", "#", "#", "#", "#"};
static const pl_cmp_glyphs unicode_glyphs = {" · ", "Δ", "±", "…", "█", unicode_eighths, "Δ acc", "Δ mean", "SE"};
static const pl_cmp_glyphs ascii_glyphs = {" - ", "d", "+-", "...", "#", ascii_eighths, "d acc", "d mean", "SE"};

const pl_cmp_glyphs *pl_cmp_glyphs_of(bool ascii)
{
    return ascii ? &ascii_glyphs : &unicode_glyphs;
}

enum { S_TASK, S_PAIRS, S_ACC_A, S_ACC_B, S_ACC_DIFF, S_ACC_SE, S_ACC_CI, S_A_ONLY, S_B_ONLY, S_P, S_METRIC, S_MEAN_A,
       S_MEAN_B, S_MEAN_DIFF, S_MEAN_SE, S_NCOLS };

/* A summary row's cells and their roles. */
typedef struct {
    char text[S_NCOLS][32];
    pl_role role[S_NCOLS];
} summary_cells;

/* The difference and its SE (scaled by `scale`: 100 for percentage points). */
static void diff_cells(summary_cells *s, const pl_cmp_glyphs *g, int col, const pl_cmp_diff *d, double scale,
                       int decimals, bool lower_is_better)
{
    if (!d->n) {
        snprintf(s->text[col], sizeof s->text[col], "-");
        snprintf(s->text[col + 1], sizeof s->text[col + 1], "-");
        s->role[col] = s->role[col + 1] = ROLE_DIM;
        return;
    }
    double better = lower_is_better ? -d->diff : d->diff;
    s->role[col] = better > 0 ? ROLE_CORRECT : better < 0 ? ROLE_WRONG : ROLE_TEXT;
    snprintf(s->text[col], sizeof s->text[col], "%+.*f", decimals, d->diff * scale);
    if (isnan(d->se))
        snprintf(s->text[col + 1], sizeof s->text[col + 1], "-");
    else
        snprintf(s->text[col + 1], sizeof s->text[col + 1], "%s%.*f", g->pm, decimals, d->se * scale);
    s->role[col + 1] = s->role[col];
}

static void summary_of(const pl_cmp_task *t, const pl_cmp_glyphs *g, summary_cells *s)
{
    for (int i = 0; i < S_NCOLS; i++) {
        s->text[i][0] = '\0';
        s->role[i] = ROLE_TEXT;
    }
    snprintf(s->text[S_TASK], sizeof s->text[S_TASK], "%s", t->task);
    snprintf(s->text[S_PAIRS], sizeof s->text[S_PAIRS], "%d", t->pairs);
    if (!t->accuracy.n) { /* nothing graded yet */
        for (int i = S_ACC_A; i < S_NCOLS; i++) {
            snprintf(s->text[i], sizeof s->text[i], "%s", i <= S_ACC_B ? g->pending : "");
            s->role[i] = ROLE_DIM;
        }
        return;
    }
    snprintf(s->text[S_ACC_A], sizeof s->text[S_ACC_A], "%.1f%%", 100 * t->accuracy.mean_a);
    snprintf(s->text[S_ACC_B], sizeof s->text[S_ACC_B], "%.1f%%", 100 * t->accuracy.mean_b);
    diff_cells(s, g, S_ACC_DIFF, &t->accuracy, 100, 1, false);
    pl_ci_text(s->text[S_ACC_CI], sizeof s->text[S_ACC_CI], t->accuracy.ci95, t->accuracy.n, 100, 1, true);
    s->role[S_ACC_CI] = pl_interval_defined(t->accuracy.ci95) ? s->role[S_ACC_DIFF] : ROLE_DIM;
    snprintf(s->text[S_A_ONLY], sizeof s->text[S_A_ONLY], "%d", t->a_only);
    snprintf(s->text[S_B_ONLY], sizeof s->text[S_B_ONLY], "%d", t->b_only);
    s->role[S_A_ONLY] = s->role[S_B_ONLY] = t->a_only || t->b_only ? ROLE_HALLUCINATED : ROLE_DIM;
    pl_p_text(s->text[S_P], sizeof s->text[S_P], t->mcnemar_p);
    s->role[S_P] = t->mcnemar_p < 0.05 ? ROLE_HALLUCINATED : ROLE_DIM;
    snprintf(s->text[S_METRIC], sizeof s->text[S_METRIC], "%s",
             t->mixed_values ? "mixed" : !t->value.n ? "-" : t->is_distance ? "AD" : "IoU");
    if (t->value.n) {
        snprintf(s->text[S_MEAN_A], sizeof s->text[S_MEAN_A], "%.3f", t->value.mean_a);
        snprintf(s->text[S_MEAN_B], sizeof s->text[S_MEAN_B], "%.3f", t->value.mean_b);
    } else {
        snprintf(s->text[S_MEAN_A], sizeof s->text[S_MEAN_A], "-");
        snprintf(s->text[S_MEAN_B], sizeof s->text[S_MEAN_B], "-");
        s->role[S_MEAN_A] = s->role[S_MEAN_B] = ROLE_DIM;
    }
    diff_cells(s, g, S_MEAN_DIFF, &t->value, 1, 3, t->is_distance);
}

/* The rows of the summary: every task, then the total when there are several. */
static int summary_rows(const pl_run_comparison *c)
{
    return c->ntasks > 1 ? c->ntasks + 1 : c->ntasks;
}

static const pl_cmp_task *summary_task(const pl_run_comparison *c, int i)
{
    return i < c->ntasks ? &c->tasks[i] : &c->total;
}

/* The summary's columns sized from its rows; `values`: some row has a value. */
static void summary_layout(const pl_run_comparison *c, const pl_cmp_glyphs *g, bool ascii, pl_table *t,
                           bool *values)
{
    static const char *const titles[S_NCOLS] = {"task",   "pairs",  "acc A",  "acc B",  NULL,     NULL, "95% CI", "A only",
                                                "B only", "p",      "metric", "mean A", "mean B", NULL, NULL};
    pl_table_init(t, ascii);
    for (int i = 0; i < S_NCOLS; i++) {
        const char *header = i == S_ACC_DIFF    ? g->acc_delta
                             : i == S_MEAN_DIFF ? g->mean_delta
                             : !titles[i]       ? g->se
                                                : titles[i];
        pl_table_add(t, header, i == S_TASK ? PL_ALIGN_LEFT : PL_ALIGN_RIGHT, i == S_TASK, 8);
    }
    *values = false;
    summary_cells s;
    for (int r = 0; r < summary_rows(c); r++) {
        summary_of(summary_task(c, r), g, &s);
        for (int i = 0; i < S_NCOLS; i++)
            pl_table_measure(t, i, s.text[i]);
        *values = *values || summary_task(c, r)->value.n;
    }
    for (int i = S_METRIC; i < S_NCOLS; i++) /* no task has values: accuracy only */
        t->cols[i].off = !*values;
    /* short of room, the SE goes first (the interval says more), then p, then the interval */
    t->cols[S_ACC_SE].hide = 1;
    t->cols[S_P].hide = 2;
    t->cols[S_ACC_CI].hide = 3;
}

/* The summary's columns from `from` to `to` (the task always), one row per
 * task; `with_values`: only the rows that have values. */
static void summary_table(const pl_run_comparison *c, const pl_cmp_glyphs *g, pl_table *t, int from, int to,
                          bool with_values, int width, pl_view_model *vm)
{
    bool off[S_NCOLS];
    for (int i = 0; i < S_NCOLS; i++) {
        off[i] = t->cols[i].off;
        t->cols[i].off = off[i] || (i && (i < from || i > to));
    }
    pl_table_fit(t, width);
    pl_vm_line(vm, -1);
    pl_table_header(t, vm);
    pl_vm_heading(vm);
    summary_cells s;
    for (int r = 0; r < summary_rows(c); r++) {
        const pl_cmp_task *task = summary_task(c, r);
        if (with_values && !task->value.n)
            continue;
        summary_of(task, g, &s);
        pl_vm_line(vm, -1);
        for (int i = 0; i < S_NCOLS; i++)
            pl_table_cell(t, i, vm, s.role[i], s.text[i]);
    }
    for (int i = 0; i < S_NCOLS; i++)
        t->cols[i].off = off[i];
}

void pl_cmp_summary(const pl_run_comparison *c, bool ascii, int width, pl_view_model *vm)
{
    const pl_cmp_glyphs *g = pl_cmp_glyphs_of(ascii);
    pl_table t;
    bool values;
    summary_layout(c, g, ascii, &t, &values);
    pl_table_fit(&t, 1 << 20); /* every column at its width: does the one table fit? */
    if (pl_table_width(&t) <= width || !values) {
        summary_table(c, g, &t, 0, S_NCOLS - 1, false, width, vm);
        return;
    }
    /* short of room: accuracy, then the values of the tasks that have them */
    summary_table(c, g, &t, 0, S_P, false, width, vm);
    pl_vm_line(vm, -1);
    summary_table(c, g, &t, S_METRIC, S_NCOLS - 1, true, width, vm);
}

/* A bar of `value` out of `max` in `width` cells, padded to the width. */
static void bar(pl_view_model *vm, const pl_cmp_glyphs *g, int value, int max, int width)
{
    int units = max > 0 ? (int)lround((double)value / max * width * 8) : 0, cells = 0;
    char text[MAX_BAR * 4 + 1] = "";
    size_t len = 0;
    for (; units > 0 && cells < width; units -= 8, cells++)
        len += (size_t)snprintf(text + len, sizeof text - len, "%s", units >= 8 ? g->full : g->eighths[units]);
    pl_vm_span(vm, ROLE_BAR, "%s%*s", text, width - cells, "");
}

/* Each run's mean, median, skewness, parse failures and binary success, as a table. */
static void histogram_stats(const pl_histogram h[2], bool ascii, int width, pl_view_model *vm)
{
    static const char *const headers[] = {"", "mean", "median", "skewness", "parse failures", "binary success"};
    enum { NCOLS = sizeof headers / sizeof *headers };
    char text[2][NCOLS][32];
    pl_table t;
    pl_table_init(&t, ascii);
    for (int i = 0; i < NCOLS; i++)
        pl_table_add(&t, headers[i], i ? PL_ALIGN_RIGHT : PL_ALIGN_LEFT, false, 0);
    for (int r = 0; r < 2; r++) {
        snprintf(text[r][0], sizeof text[r][0], "  %c", r ? 'B' : 'A');
        snprintf(text[r][1], sizeof text[r][1], "%.3f", h[r].mean);
        snprintf(text[r][2], sizeof text[r][2], "%.3f", h[r].median);
        snprintf(text[r][3], sizeof text[r][3], "%.3f", h[r].skewness);
        snprintf(text[r][4], sizeof text[r][4], "%d", h[r].n_parse_fail);
        snprintf(text[r][5], sizeof text[r][5], "%d/%d", h[r].n_success, h[r].n);
        for (int i = 0; i < NCOLS; i++)
            pl_table_measure(&t, i, text[r][i]);
    }
    pl_table_fit(&t, width);
    pl_vm_line(vm, -1);
    pl_table_header(&t, vm);
    for (int r = 0; r < 2; r++) {
        pl_vm_line(vm, -1);
        for (int i = 0; i < NCOLS; i++)
            pl_table_cell(&t, i, vm, i ? ROLE_DIM : ROLE_TEXT, text[r][i]);
    }
}

int pl_cmp_histograms(const pl_workspace *ws, const pl_run_comparison *c, int task, double bin_width, bool ascii,
                      int width, pl_view_model *vm, pl_error *err)
{
    const pl_cmp_glyphs *g = pl_cmp_glyphs_of(ascii);
    const pl_cmp_task *t = &c->tasks[task];
    pl_histogram h[2];
    if (pl_run_compare_histograms(ws, c, task, bin_width, h, err) != PL_OK)
        return -1;
    /* the bin range, A's count and bar, B's count and bar: the bars share the rest */
    int max = 1, bar_width = (width - 2 - 9 - 2 * 7 - 2) / 2;
    bar_width = bar_width < 8 ? 8 : bar_width > MAX_BAR ? MAX_BAR : bar_width;
    for (int b = 0; b < h[0].nbins; b++) {
        max = h[0].bins[b].count > max ? h[0].bins[b].count : max;
        max = h[1].bins[b].count > max ? h[1].bins[b].count : max;
    }
    char *heading = pl_strdup_printf("%s%s%s%s%d paired answer%s%sone count axis", t->task, g->sep,
                                     t->is_distance ? "action distance" : "IoU", g->sep, t->value.n,
                                     t->value.n == 1 ? "" : "s", g->sep);
    if (heading && pl_text_columns(heading) > width) /* the axis note goes first */
        heading[strlen(heading) - strlen("one count axis") - strlen(g->sep)] = '\0';
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "%s", heading ? heading : t->task);
    pl_vm_heading(vm);
    free(heading);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "  %-9s %6s %*s %6s", t->is_distance ? "AD" : "IoU", "A", bar_width, "", "B");
    for (int b = 0; b < h[0].nbins; b++) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_TEXT, "  %.2f-%.2f %6d ", h[0].bins[b].lo, h[0].bins[b].hi, h[0].bins[b].count);
        bar(vm, g, h[0].bins[b].count, max, bar_width);
        pl_vm_span(vm, ROLE_TEXT, " %6d ", h[1].bins[b].count);
        bar(vm, g, h[1].bins[b].count, max, bar_width);
    }
    histogram_stats(h, ascii, width, vm);
    pl_histogram_free(&h[0]);
    pl_histogram_free(&h[1]);
    return 0;
}
