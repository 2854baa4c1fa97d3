/* Compare: per-task accuracy and value differences of two runs with their
 * paired standard errors, paired histograms on the same axes, and the
 * paired questions one per line. */
#include "compare_view.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "workspace/run_compare.h"

#define MAX_BAR 36 /* cells of the longest histogram bar */

/* What is drawn with non-ASCII glyphs, and its ASCII stand-in. */
typedef struct {
    const char *sep, *delta, *pm, *pending, *full, *const *eighths;
} glyphs;

static const char *const unicode_eighths[] = {"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"};
static const char *const ascii_eighths[] = {"", "#", "#", "#", "#", "#", "#", "#"};
static const glyphs unicode_glyphs = {" · ", "Δ", "±", "…", "█", unicode_eighths};
static const glyphs ascii_glyphs = {" - ", "d", "+-", "...", "#", ascii_eighths};

static const char *const filter_names[] = {"all", "agree", "disagree"};

const char *pl_compare_filter_name(pl_compare_filter f)
{
    return (unsigned)f <= PL_CMP_DISAGREE ? filter_names[f] : "?";
}

int pl_compare_filter_parse(const char *name)
{
    for (int f = PL_CMP_ALL; f <= PL_CMP_DISAGREE; f++)
        if (!strcmp(name, filter_names[f]))
            return f;
    return -1;
}

/* Text right-aligned in `cols` terminal columns (counting UTF-8 characters,
 * not bytes: Δ and ± are two bytes wide in printf's eyes). */
static void cell(pl_view_model *vm, pl_role role, const char *text, int cols)
{
    int chars = 0;
    for (const char *s = text; *s; s++)
        chars += ((unsigned char)*s & 0xC0) != 0x80;
    pl_vm_span(vm, role, "%*s%s", cols > chars ? cols - chars : 0, "", text);
}

/* A bar of `value` out of `max` in `width` cells, padded to the width. */
static void bar(pl_view_model *vm, const glyphs *g, int value, int max, int width)
{
    int units = max > 0 ? (int)lround((double)value / max * width * 8) : 0, cells = 0;
    char text[MAX_BAR * 4 + 1] = "";
    size_t len = 0;
    for (; units > 0 && cells < width; units -= 8, cells++)
        len += (size_t)snprintf(text + len, sizeof text - len, "%s", units >= 8 ? g->full : g->eighths[units]);
    pl_vm_span(vm, ROLE_BAR, "%s%*s", text, width - cells, "");
}

/* "+40.0 ± 16.3" (scaled by `scale`: 100 for percentage points); "-" when n = 0. */
static void diff_span(pl_view_model *vm, const glyphs *g, const pl_cmp_diff *d, double scale, int decimals,
                      bool lower_is_better)
{
    if (!d->n) {
        cell(vm, ROLE_DIM, "-", 17);
        return;
    }
    double better = lower_is_better ? -d->diff : d->diff;
    pl_role role = better > 0 ? ROLE_CORRECT : better < 0 ? ROLE_WRONG : ROLE_TEXT;
    if (isnan(d->se))
        pl_vm_span(vm, role, " %+8.*f %s %5s", decimals, d->diff * scale, g->pm, "-");
    else
        pl_vm_span(vm, role, " %+8.*f %s %5.*f", decimals, d->diff * scale, g->pm, decimals, d->se * scale);
}

static void summary_header(pl_view_model *vm, const glyphs *g)
{
    char acc[32], mean[32];
    snprintf(acc, sizeof acc, "%s acc %s SE", g->delta, g->pm);
    snprintf(mean, sizeof mean, "%s mean %s SE", g->delta, g->pm);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "%-14s %6s %7s %7s ", "task", "pairs", "acc A", "acc B");
    cell(vm, ROLE_HEADER, acc, 16);
    pl_vm_span(vm, ROLE_HEADER, " %7s %7s %6s %7s %7s ", "A only", "B only", "metric", "mean A", "mean B");
    cell(vm, ROLE_HEADER, mean, 16);
}

static void summary_row(pl_view_model *vm, const glyphs *g, const pl_cmp_task *t)
{
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_TEXT, "%-14.14s %6d ", t->task, t->pairs);
    if (!t->accuracy.n) {
        pl_vm_span(vm, ROLE_DIM, "%7s %7s", g->pending, g->pending);
        return;
    }
    pl_vm_span(vm, ROLE_TEXT, "%6.1f%% %6.1f%%", 100 * t->accuracy.mean_a, 100 * t->accuracy.mean_b);
    diff_span(vm, g, &t->accuracy, 100, 1, false);
    pl_vm_span(vm, t->a_only || t->b_only ? ROLE_HALLUCINATED : ROLE_DIM, " %7d %7d", t->a_only, t->b_only);
    const char *metric = t->mixed_values ? "mixed" : !t->value.n ? "-" : t->is_distance ? "AD" : "IoU";
    pl_vm_span(vm, ROLE_TEXT, " %6s", metric);
    if (t->value.n)
        pl_vm_span(vm, ROLE_TEXT, " %7.3f %7.3f", t->value.mean_a, t->value.mean_b);
    else
        pl_vm_span(vm, ROLE_DIM, " %7s %7s", "-", "-");
    diff_span(vm, g, &t->value, 1, 3, t->is_distance);
}

static void histogram_stats(pl_view_model *vm, const char *label, const pl_histogram *h)
{
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_DIM, "  %s: mean %.3f  median %.3f  skewness %.3f  parse failures %d  binary success %d/%d",
               label, h->mean, h->median, h->skewness, h->n_parse_fail, h->n_success, h->n);
}

/* One task's paired histograms: A's bar beside B's, one count axis for both. */
static int paired_histograms(const pl_workspace *ws, const pl_run_comparison *c, int task, double bin_width,
                             const glyphs *g, int width, pl_view_model *vm, pl_error *err)
{
    const pl_cmp_task *t = &c->tasks[task];
    pl_histogram h[2];
    if (pl_run_compare_histograms(ws, c, task, bin_width, h, err) != PL_OK)
        return -1;
    int max = 1, bar_width = (width - 2 - 9 - 2 * 7 - 2) / 2;
    bar_width = bar_width < 8 ? 8 : bar_width > MAX_BAR ? MAX_BAR : bar_width;
    for (int b = 0; b < h[0].nbins; b++) {
        max = h[0].bins[b].count > max ? h[0].bins[b].count : max;
        max = h[1].bins[b].count > max ? h[1].bins[b].count : max;
    }
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "%s%s%s%s%d paired answer%s%sA left, B right, one count axis", t->task, g->sep,
               t->is_distance ? "action distance" : "IoU", g->sep, t->value.n, t->value.n == 1 ? "" : "s", g->sep);
    for (int b = 0; b < h[0].nbins; b++) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_TEXT, "  %.2f-%.2f %6d ", h[0].bins[b].lo, h[0].bins[b].hi, h[0].bins[b].count);
        bar(vm, g, h[0].bins[b].count, max, bar_width);
        pl_vm_span(vm, ROLE_TEXT, " %6d ", h[1].bins[b].count);
        bar(vm, g, h[1].bins[b].count, max, bar_width);
    }
    histogram_stats(vm, "A", &h[0]);
    histogram_stats(vm, "B", &h[1]);
    pl_histogram_free(&h[0]);
    pl_histogram_free(&h[1]);
    return 0;
}

static bool shown(const pl_cmp_pair *p, pl_compare_filter filter)
{
    return p->ready && (filter == PL_CMP_ALL || (filter == PL_CMP_AGREE) == (p->score_a == p->score_b));
}

static void value_cell(pl_view_model *vm, const pl_ws_record *r)
{
    if (r->has_value)
        pl_vm_span(vm, ROLE_TEXT, " %8.3f", r->value);
    else
        pl_vm_span(vm, ROLE_DIM, " %8s", "-");
}

static void question_line(const pl_workspace *ws, const pl_run_comparison *c, const pl_cmp_pair *p, int id_width,
                          pl_view_model *vm)
{
    const pl_ws_record *ra = pl_workspace_record(ws, p->a), *rb = pl_workspace_record(ws, p->b);
    pl_vm_line(vm, p->a);
    pl_vm_span(vm, ROLE_TEXT, "%-*.*s %-14.14s", id_width, id_width, ra->id, c->tasks[p->task].task);
    pl_vm_span(vm, p->score_a ? ROLE_CORRECT : ROLE_WRONG, " %3d", p->score_a);
    pl_vm_span(vm, p->score_b ? ROLE_CORRECT : ROLE_WRONG, " %3d", p->score_b);
    value_cell(vm, ra);
    value_cell(vm, rb);
    if (p->has_value)
        pl_vm_span(vm, ROLE_TEXT, " %+8.3f", p->delta);
    else
        pl_vm_span(vm, ROLE_TEXT, " %+8d", p->score_a - p->score_b);
    if (p->score_a == p->score_b)
        pl_vm_span(vm, ROLE_DIM, "  agree");
    else
        pl_vm_span(vm, ROLE_HALLUCINATED, "  %s right", p->score_a ? "A" : "B");
}

/* The widest id shown, within what the width leaves beside the other columns. */
static int id_width(const pl_workspace *ws, const pl_run_comparison *c, pl_compare_filter filter, int width)
{
    int widest = 2, room = width - 70 > 20 ? width - 70 : 20;
    for (int p = 0; p < c->npairs; p++)
        if (shown(&c->pairs[p], filter)) {
            int len = (int)strlen(pl_workspace_record(ws, c->pairs[p].a)->id);
            widest = len > widest ? len : widest;
        }
    return widest < room ? widest : room;
}

static int question_lines(const pl_workspace *ws, const pl_run_comparison *c, pl_compare_filter filter,
                          const glyphs *g, int width, pl_view_model *vm)
{
    int idw = id_width(ws, c, filter, width);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "%-*s %-14s %3s %3s %8s %8s ", idw, "id", "task", "A", "B", "value A", "value B");
    cell(vm, ROLE_HEADER, g->delta, 8);
    pl_vm_span(vm, ROLE_HEADER, "  mark");
    int shown_count = 0;
    for (int p = 0; p < c->npairs; p++)
        if (shown(&c->pairs[p], filter)) {
            question_line(ws, c, &c->pairs[p], idw, vm);
            shown_count++;
        }
    if (!shown_count) {
        pl_vm_line(vm, -1);
        const char *which = filter == PL_CMP_AGREE ? " that agree" : filter == PL_CMP_DISAGREE ? " that disagree" : "";
        if (c->pending) /* "yet" only while some are still being graded */
            pl_vm_span(vm, ROLE_DIM, "no paired questions%s graded yet (%d to grade)", which, c->pending);
        else
            pl_vm_span(vm, ROLE_DIM, "no paired questions%s to show", which);
    }
    return shown_count;
}

static void error_line(pl_view_model *vm, const pl_error *err)
{
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_ERROR, "%s", err->message ? err->message : "out of memory");
    pl_vm_set_status(vm, "compare: %s", err->message ? err->message : "out of memory");
}

void pl_view_compare(const pl_workspace *ws, const pl_selection *sel, const char *model_a, const char *model_b,
                     pl_compare_filter filter, double bin_width, bool ascii, int width, pl_view_model *vm)
{
    const glyphs *g = ascii ? &ascii_glyphs : &unicode_glyphs;
    pl_vm_init(vm);
    pl_vm_set_title(vm, "compare %s / %s", model_a, model_b);
    int n;
    int *records = pl_select_records(ws, sel, &n);
    pl_run_comparison c;
    pl_error err = PL_ERROR_INIT;
    if (!records || pl_run_compare(ws, records, n, model_a, model_b, &c, &err) != PL_OK) {
        error_line(vm, &err);
        pl_error_clear(&err);
        pl_run_comparison_free(&c);
        free(records);
        return;
    }
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "A %s%sB %s", model_a, g->sep, model_b);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_DIM, "%d paired questions (task + id)%sonly A %d%sonly B %d%sduplicates %d%sno verdict %d",
               c.npairs, g->sep, c.only_a, g->sep, c.only_b, g->sep, c.dup_a + c.dup_b, g->sep, c.errors);
    if (c.pending)
        pl_vm_span(vm, ROLE_DIM, "%sgrading %d", g->sep, c.pending);
    pl_vm_line(vm, -1);
    summary_header(vm, g);
    for (int t = 0; t < c.ntasks; t++)
        summary_row(vm, g, &c.tasks[t]);
    if (c.ntasks > 1)
        summary_row(vm, g, &c.total);
    for (int t = 0; t < c.ntasks; t++) {
        if (!c.tasks[t].value.n)
            continue;
        pl_vm_line(vm, -1);
        if (paired_histograms(ws, &c, t, bin_width, g, width, vm, &err) < 0) {
            error_line(vm, &err);
            break;
        }
    }
    pl_vm_line(vm, -1);
    int listed = err.code == PL_OK ? question_lines(ws, &c, filter, g, width, vm) : 0;
    if (err.code == PL_OK)
        pl_vm_set_status(vm, "%d paired%s%d disagree%s%d shown (%s)%sbin width %.2f", c.npairs, g->sep,
                         c.total.a_only + c.total.b_only, g->sep, listed, pl_compare_filter_name(filter), g->sep,
                         bin_width);
    pl_error_clear(&err);
    pl_run_comparison_free(&c);
    free(records);
}
