/* The quality charts drawn as horizontal bars (quality_charts.h): a label
 * per letter (ASCII) or shade, stacked to the full width for the label
 * shares; LEA / |π0| bars as long as their count of plans. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quality_charts.h"
#include "table.h"

#define BAR_MIN 10
#define BAR_MAX 60
#define NAME_MIN 8
#define SHARES_ROOM 20 /* " C%  M%  S%  D%  R%": five 4-column shares */

static const char *const label_names[PL_WS_LABELS] = {"correct", "misplaced", "same_act", "diff_act", "redundant"};
static const char *const label_letters[PL_WS_LABELS] = {"C", "M", "S", "D", "R"};
static const char *const label_shades[PL_WS_LABELS] = {"█", "▓", "▒", "░", "×"};
static const pl_role label_roles[PL_WS_LABELS] = {ROLE_CORRECT, ROLE_SUCCESS_BAR, ROLE_BAR, ROLE_MISSED, ROLE_WRONG};
static const char *const plan_names[2] = {"valid", "invalid"};
static const char *const plan_letters[2] = {"V", "X"};
static const char *const plan_shades[2] = {"█", "░"};
static const pl_role plan_roles[2] = {ROLE_CORRECT, ROLE_WRONG};

typedef struct {
    int width;                   /* of the screen */
    int name, cases, count, bar; /* column widths */
    bool shares;                 /* the label shares after the bar */
    bool ascii;
} layout;

static int digits(long n)
{
    char buf[24];
    return snprintf(buf, sizeof buf, "%ld", n);
}

static layout lay_out(const pl_qcharts *c, int width, bool ascii)
{
    layout l = {.name = pl_text_columns(ascii ? "LEA/|pi0|" : "LEA/|π0|"), .cases = 5, .count = 7, .ascii = ascii, .width = width};
    for (int k = 0; k < PL_QC_CHARTS; k++)
        for (int b = 0; b < c->nbars[k]; b++) {
            int w = pl_text_columns(c->bars[k][b].name);
            l.name = w > l.name ? w : l.name;
            l.cases = digits(c->bars[k][b].cases) > l.cases ? digits(c->bars[k][b].cases) : l.cases;
            l.count = digits(c->bars[k][b].total) > l.count ? digits(c->bars[k][b].total) : l.count;
        }
    int cap = width / 4 > NAME_MIN ? width / 4 : NAME_MIN; /* long model names are cut in the middle */
    l.name = l.name < cap ? l.name : cap;
    int fixed = l.name + 1 + l.cases + 1 + l.count + 1;
    l.shares = width - fixed - SHARES_ROOM >= 2 * BAR_MIN;
    l.bar = width - fixed - (l.shares ? SHARES_ROOM : 0) - 1;
    l.bar = l.bar < BAR_MIN ? BAR_MIN : l.bar > BAR_MAX ? BAR_MAX : l.bar;
    return l;
}

/* Cells of each part of `cells`, in proportion to counts (largest
 * remainders get the cells left over, so the parts fill `cells` exactly). */
static void split(const long *counts, int k, long total, int cells, int *out)
{
    double rest[PL_WS_LABELS];
    int used = 0;
    for (int i = 0; i < k; i++) {
        double exact = total ? (double)counts[i] * cells / (double)total : 0;
        out[i] = (int)exact;
        rest[i] = exact - out[i];
        used += out[i];
    }
    for (; total && used < cells; used++) {
        int best = 0;
        for (int i = 1; i < k; i++)
            best = rest[i] > rest[best] ? i : best;
        out[best]++;
        rest[best] = -1;
    }
}

/* A stacked bar of `cells` columns padded to the layout's bar width. */
static void stacked(pl_view_model *vm, const layout *l, const long *counts, int k, long total, int cells,
                    const char *const *glyphs, const pl_role *roles)
{
    int parts[PL_WS_LABELS];
    split(counts, k, total, cells, parts);
    for (int i = 0; i < k; i++) {
        if (!parts[i])
            continue;
        char buf[4 * BAR_MAX + 1] = "";
        for (int j = 0; j < parts[i]; j++)
            strcat(buf, glyphs[i]);
        pl_vm_span(vm, roles[i], "%s", buf);
    }
    pl_vm_span(vm, ROLE_TEXT, "%*s", l->bar - cells, "");
}

static void name_cell(pl_view_model *vm, const layout *l, const char *name, long total)
{
    char *cut = pl_middle_cut(name, l->name, l->ascii);
    const char *shown = cut ? cut : name;
    pl_vm_span(vm, total ? ROLE_TEXT : ROLE_DIM, "%s%*s ", shown, l->name - pl_text_columns(shown), "");
    free(cut);
}

/* The chart's title (a heading: it stays while its bars scroll), a legend
 * and the column headers. */
static void chart_head(pl_view_model *vm, const layout *l, const char *title, const char *bars, const char *count,
                       const char *const *names, int k, bool shares)
{
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "%s", title);
    pl_vm_heading(vm);
    int legend = 0; /* over the bars, or as far right as it fits */
    for (int i = 0; i < k; i++)
        legend += (i ? 2 : 0) + 2 + (int)strlen(names[i]);
    int indent = l->name + l->cases + l->count + 3;
    indent = indent + legend <= l->width ? indent : l->width - legend > 0 ? l->width - legend : 0;
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_DIM, "%*s", indent, "");
    for (int i = 0; i < k; i++) {
        const char *glyph = k == 2 ? (l->ascii ? plan_letters[i] : plan_shades[i])
                                   : (l->ascii ? label_letters[i] : label_shades[i]);
        pl_vm_span(vm, k == 2 ? plan_roles[i] : label_roles[i], "%s%s", i ? "  " : "", glyph);
        pl_vm_span(vm, ROLE_DIM, " %s", names[i]);
    }
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "%s%*s %*s %*s %*s", bars, l->name - pl_text_columns(bars), "", l->cases, "cases",
               l->count, count, l->bar, "");
    for (int i = 0; shares && i < PL_WS_LABELS; i++)
        pl_vm_span(vm, ROLE_HEADER, "  %s%%", label_letters[i]);
}

static void label_chart(pl_view_model *vm, const pl_qcharts *c, const layout *l, pl_qc_chart chart)
{
    const char *labels = c->np ? "NP-AQM" : "AQM";
    const char *pi = l->ascii ? "pi0" : "π0";
    char title[160];
    if (chart == PL_QC_LABELS)
        snprintf(title, sizeof title, "%s labels of %s per model (shares of the actions)", labels, pi);
    else
        snprintf(title, sizeof title, "%s labels by relative position in %s (tenths: floor(10%si/|%s|)/10)", labels, pi,
                 l->ascii ? "*" : "·", pi);
    chart_head(vm, l, title, chart == PL_QC_LABELS ? "model" : "tenth", "actions", label_names, PL_WS_LABELS, l->shares);
    for (int b = 0; b < c->nbars[chart]; b++) {
        const pl_qc_bar *bar = &c->bars[chart][b];
        pl_vm_line(vm, chart * PL_QC_STRIDE + b);
        name_cell(vm, l, bar->name, bar->total);
        pl_vm_span(vm, bar->cases ? ROLE_TEXT : ROLE_DIM, "%*d %*ld ", l->cases, bar->cases, l->count, bar->total);
        stacked(vm, l, bar->counts, PL_WS_LABELS, bar->total, bar->total ? l->bar : 0, l->ascii ? label_letters : label_shades,
                label_roles);
        for (int i = 0; l->shares && bar->total && i < PL_WS_LABELS; i++)
            pl_vm_span(vm, ROLE_DIM, " %3.0f", 100.0 * (double)bar->counts[i] / (double)bar->total);
    }
}

static void lea_chart(pl_view_model *vm, const pl_qcharts *c, const layout *l)
{
    chart_head(vm, l, l->ascii ? "LEA / |pi0| of the non-empty pi0 (plans; valid ones first)"
                               : "LEA / |π0| of the non-empty π0 (plans; valid ones first)",
               l->ascii ? "LEA/|pi0|" : "LEA/|π0|", "valid", plan_names, 2, false);
    long max = 0;
    for (int b = 0; b < c->nbars[PL_QC_LEA]; b++)
        max = c->bars[PL_QC_LEA][b].total > max ? c->bars[PL_QC_LEA][b].total : max;
    for (int b = 0; b < c->nbars[PL_QC_LEA]; b++) {
        const pl_qc_bar *bar = &c->bars[PL_QC_LEA][b];
        int cells = max ? (int)lround((double)bar->total / (double)max * l->bar) : 0;
        cells = bar->total && !cells ? 1 : cells; /* a bin with a plan never looks empty */
        pl_vm_line(vm, PL_QC_LEA * PL_QC_STRIDE + b);
        name_cell(vm, l, bar->name, bar->total);
        pl_vm_span(vm, bar->cases ? ROLE_TEXT : ROLE_DIM, "%*d %*ld ", l->cases, bar->cases, l->count, bar->counts[0]);
        stacked(vm, l, bar->counts, 2, bar->total, cells, l->ascii ? plan_letters : plan_shades, plan_roles);
    }
}

void pl_view_quality_charts(const pl_qcharts *c, int width, bool ascii, pl_view_model *vm)
{
    pl_vm_init(vm);
    pl_vm_set_title(vm, "charts");
    const char *dot = ascii ? "-" : "·";
    char uncounted[96] = "";
    if (c->uncounted)
        snprintf(uncounted, sizeof uncounted, " %s %d not counted (not graded yet, or no pipeline values)", dot,
                 c->uncounted);
    if (!c->cases) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "no plan-quality cases with AQM labels here%s",
                   c->uncounted ? " yet: grading goes on, or the pipeline did not run (no ground truth or WordNet)"
                                : "");
        pl_vm_set_status(vm, "0 cases%s", uncounted);
        return;
    }
    layout l = lay_out(c, width, ascii);
    label_chart(vm, c, &l, PL_QC_LABELS);
    pl_vm_line(vm, -1);
    label_chart(vm, c, &l, PL_QC_POSITIONS);
    pl_vm_line(vm, -1);
    lea_chart(vm, c, &l);
    int models = c->nbars[PL_QC_LABELS];
    pl_vm_set_status(vm, "%d case%s %s %d model%s %s %s labels%s", c->cases, c->cases == 1 ? "" : "s", dot, models,
                     models == 1 ? "" : "s", dot, c->np ? "NP-AQM" : "AQM", uncounted);
}
