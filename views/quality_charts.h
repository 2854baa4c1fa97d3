/* The quality charts screen: the plan-quality paper's figures over the
 * cases of a screen (docs/QUALITY.md, "--summary", draws the same ones as
 * SVG), as horizontal bars that each open exactly the cases they count:
 *   - labels: the AQM (or NP-AQM) labels of π0's actions per model, stacked
 *     shares (correct, misplaced, same_act, diff_act, redundant);
 *   - positions: the same labels by relative position of the action in π0,
 *     tenths floor(10·i/|π0|) (the paper's Figure 6(b)); a tenth's cases are
 *     those with an action in it;
 *   - lea: LEA / |π0| (the official LEA) over the non-empty π0, valid plans
 *     stacked on invalid ones (Figure 4(a): "either full or no
 *     executability").
 * A case counts once its pipeline values are in (pl_ws_record.has_quality
 * with its per-action labels); records are counted as they are, duplicates
 * included, as every other screen counts them. */
#ifndef PL_VIEWS_QUALITY_CHARTS_H
#define PL_VIEWS_QUALITY_CHARTS_H

#include "base/error.h"
#include "views.h"

typedef enum { PL_QC_LABELS, PL_QC_POSITIONS, PL_QC_LEA, PL_QC_CHARTS } pl_qc_chart;

/* A line's target: chart * PL_QC_STRIDE + bar. */
#define PL_QC_STRIDE 10000

typedef struct {
    char *name;                /* owned: the model, the tenth ("0.3") or the LEA bin ("[0.1,0.2)") */
    long counts[PL_WS_LABELS]; /* labels, positions: actions per label, the paper's order;
                                * lea: [0] valid and [1] invalid plans */
    long total;                /* the sum of counts */
    int cases;                 /* the records behind the bar: what it opens */
} pl_qc_bar;

typedef struct {
    bool np;                   /* NP-AQM labels instead of AQM */
    pl_qc_bar *bars[PL_QC_CHARTS];
    int nbars[PL_QC_CHARTS];
    int cases;                 /* records with labels */
    int uncounted;             /* plan-quality records not counted: not graded yet, no ground truth,
                                * no PDDL or no WordNet (the pipeline did not run) */
} pl_qcharts;

/* Counts the selection's plan-quality records.  0, or -1 when out of
 * memory (then empty). */
int pl_qcharts_build(const pl_workspace *ws, const pl_selection *sel, bool np, pl_qcharts *out);
void pl_qcharts_free(pl_qcharts *c);
/* Does record r count in the bar at target? */
bool pl_qcharts_has(const pl_qcharts *c, const pl_ws_record *r, int target);
/* The selection's records a bar counts (a new array; NULL and *n 0 when
 * none or out of memory). */
int *pl_qcharts_members(const pl_workspace *ws, const pl_selection *sel, const pl_qcharts *c, int target, int *n);
/* What a bar holds, for the breadcrumb: "AQM labels of gpt-4o", "AQM labels
 * in tenth 0.3", "LEA/|π0| [0.1,0.2)" (a new string; NULL when none). */
char *pl_qcharts_label(const pl_qcharts *c, int target);

/* The three charts fitted to `width` (ascii: no byte >= 0x80; labels as
 * the letters C M S D R, plans as V valid, X invalid). */
void pl_view_quality_charts(const pl_qcharts *c, int width, bool ascii, pl_view_model *vm);

/* Writes the charts as SVG (views/chart_svg.h; the labels and positions in
 * shares of actions, LEA in plans) and their data as CSV beside it
 * (FILE.svg -> FILE.csv); a path not ending in .svg gets the CSV alone. */
int pl_qcharts_export(const pl_qcharts *c, const char *path, pl_error *err);

#endif
