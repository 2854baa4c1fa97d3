/* The quality charts' counts (quality_charts.h): per model, per tenth of
 * π0 and per LEA / |π0| bin, and which records each bar counts. */
#include "quality_charts.h"

#include <stdlib.h>
#include <string.h>

#include "base/sort.h"
#include "quality/summary.h"

/* A plan-quality record whose pipeline values and labels are in. */
static bool counted(const pl_ws_record *r)
{
    return r->graded && r->pcase && r->has_quality && r->aqm_at && r->np_aqm_at;
}

static const unsigned char *labels_of(const pl_ws_record *r, bool np)
{
    return np ? r->np_aqm_at : r->aqm_at;
}

void pl_qcharts_free(pl_qcharts *c)
{
    for (int k = 0; k < PL_QC_CHARTS; k++) {
        for (int b = 0; b < c->nbars[k]; b++)
            free(c->bars[k][b].name);
        free(c->bars[k]);
    }
    memset(c, 0, sizeof *c);
}

/* Adds a label (pl_qlabel, PL_QL_NONE left out) to a bar. */
static void add_label(pl_qc_bar *bar, unsigned char label)
{
    if (label == PL_QL_NONE || label > PL_WS_LABELS)
        return;
    bar->counts[label - 1]++;
    bar->total++;
}

/* The bar of a model, added when new; NULL when out of memory. */
static pl_qc_bar *model_bar(pl_qcharts *c, const char *model, int *cap)
{
    for (int b = 0; b < c->nbars[PL_QC_LABELS]; b++)
        if (!strcmp(c->bars[PL_QC_LABELS][b].name, model))
            return &c->bars[PL_QC_LABELS][b];
    if (c->nbars[PL_QC_LABELS] == *cap) {
        int grown = *cap ? 2 * *cap : 8;
        pl_qc_bar *bars = realloc(c->bars[PL_QC_LABELS], (size_t)grown * sizeof *bars);
        if (!bars)
            return NULL;
        c->bars[PL_QC_LABELS] = bars;
        *cap = grown;
    }
    pl_qc_bar *bar = &c->bars[PL_QC_LABELS][c->nbars[PL_QC_LABELS]];
    memset(bar, 0, sizeof *bar);
    if (!(bar->name = pl_strdup(model)))
        return NULL;
    c->nbars[PL_QC_LABELS]++;
    return bar;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const pl_qc_bar *)a)->name, ((const pl_qc_bar *)b)->name);
}

/* The fixed bars: tenths "0.0" ... "0.9" and the LEA / |π0| bins. */
static bool fixed_bars(pl_qcharts *c)
{
    static const char *const tenths[PL_QTENTHS] = {"0.0", "0.1", "0.2", "0.3", "0.4",
                                                   "0.5", "0.6", "0.7", "0.8", "0.9"};
    const int n[PL_QC_CHARTS] = {0, PL_QTENTHS, PL_QLEA_BINS};
    for (int k = PL_QC_POSITIONS; k < PL_QC_CHARTS; k++) {
        if (!(c->bars[k] = calloc((size_t)n[k], sizeof *c->bars[k])))
            return false;
        for (int b = 0; b < n[k]; b++) {
            c->bars[k][b].name = pl_strdup(k == PL_QC_POSITIONS ? tenths[b] : pl_qlea_bin_name(b));
            c->nbars[k] = b + 1; /* freed from here on */
            if (!c->bars[k][b].name)
                return false;
        }
    }
    return true;
}

/* Adds one record to every chart; false when out of memory. */
static bool count(pl_qcharts *c, const pl_ws_record *r, int *cap)
{
    int n = r->pcase->nllm;
    const unsigned char *labels = labels_of(r, c->np);
    pl_qc_bar *model = model_bar(c, r->model, cap);
    if (!model)
        return false;
    model->cases++;
    bool seen[PL_QTENTHS] = {false};
    for (int i = 0; i < n; i++) {
        int t = pl_qtenth(i, n);
        add_label(model, labels[i]);
        add_label(&c->bars[PL_QC_POSITIONS][t], labels[i]);
        c->bars[PL_QC_POSITIONS][t].cases += !seen[t];
        seen[t] = true;
    }
    if (n > 0) {
        pl_qc_bar *bin = &c->bars[PL_QC_LEA][pl_qlea_bin(r->quality_lea, n)];
        bin->counts[r->score ? 0 : 1]++;
        bin->total++;
        bin->cases++;
    }
    c->cases++;
    return true;
}

int pl_qcharts_build(const pl_workspace *ws, const pl_selection *sel, bool np, pl_qcharts *out)
{
    memset(out, 0, sizeof *out);
    out->np = np;
    int n, cap = 0;
    int *records = pl_select_records(ws, sel, &n);
    bool ok = records && fixed_bars(out);
    for (int i = 0; ok && i < n; i++) {
        const pl_ws_record *r = pl_workspace_record(ws, records[i]);
        if (counted(r))
            ok = count(out, r, &cap);
        else if (r->pcase)
            out->uncounted++;
    }
    free(records);
    if (!ok) {
        pl_qcharts_free(out);
        out->np = np;
        return -1;
    }
    pl_sort(out->bars[PL_QC_LABELS], (size_t)out->nbars[PL_QC_LABELS], sizeof *out->bars[PL_QC_LABELS], by_name);
    return 0;
}

/* The bar at target, or NULL. */
static const pl_qc_bar *bar_at(const pl_qcharts *c, int target, int *chart, int *bar)
{
    *chart = target >= 0 ? target / PL_QC_STRIDE : -1;
    *bar = target >= 0 ? target % PL_QC_STRIDE : -1;
    return *chart >= 0 && *chart < PL_QC_CHARTS && *bar < c->nbars[*chart] ? &c->bars[*chart][*bar] : NULL;
}

bool pl_qcharts_has(const pl_qcharts *c, const pl_ws_record *r, int target)
{
    int chart, b;
    const pl_qc_bar *bar = bar_at(c, target, &chart, &b);
    if (!bar || !counted(r))
        return false;
    int n = r->pcase->nllm;
    if (chart == PL_QC_LABELS)
        return !strcmp(r->model, bar->name);
    if (chart == PL_QC_LEA)
        return n > 0 && pl_qlea_bin(r->quality_lea, n) == b;
    for (int i = 0; i < n; i++) /* tenths rise with i */
        if (pl_qtenth(i, n) >= b)
            return pl_qtenth(i, n) == b;
    return false;
}

int *pl_qcharts_members(const pl_workspace *ws, const pl_selection *sel, const pl_qcharts *c, int target, int *n)
{
    int chart, b, all;
    *n = 0;
    if (!bar_at(c, target, &chart, &b))
        return NULL;
    int *records = pl_select_records(ws, sel, &all);
    for (int i = 0; records && i < all; i++)
        if (pl_qcharts_has(c, pl_workspace_record(ws, records[i]), target))
            records[(*n)++] = records[i];
    if (records && !*n) {
        free(records);
        records = NULL;
    }
    return records;
}

char *pl_qcharts_label(const pl_qcharts *c, int target)
{
    int chart, b;
    const pl_qc_bar *bar = bar_at(c, target, &chart, &b);
    const char *labels = c->np ? "NP-AQM labels" : "AQM labels";
    if (!bar)
        return NULL;
    if (chart == PL_QC_LABELS)
        return pl_strdup_printf("%s of %s", labels, bar->name);
    if (chart == PL_QC_POSITIONS)
        return pl_strdup_printf("%s in tenth %s", labels, bar->name);
    return pl_strdup_printf("LEA/|π0| %s", bar->name);
}
