/* The compare screen's plan-quality table: for the pairs of plan-quality
 * cases both scored by the pipeline, per task the official LEA (actions
 * executed before the first failure) and the final score of each run, with
 * the paired difference and its standard error, beside the summary's AD. */
#include "compare_parts.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { QC_TASK, QC_PAIRS, QC_LEA_A, QC_LEA_B, QC_LEA_DIFF, QC_LEA_SE, QC_FINAL_A, QC_FINAL_B, QC_FINAL_DIFF,
       QC_FINAL_SE, QC_NCOLS };

typedef struct {
    const char *task;
    pl_cmp_diff lea, final;
} quality_row;

static bool scored(const pl_workspace *ws, const pl_cmp_pair *p)
{
    const pl_ws_record *a = pl_workspace_record(ws, p->a), *b = pl_workspace_record(ws, p->b);
    return p->ready && a->pcase && b->pcase && a->has_quality && b->has_quality;
}

/* The rows: one per task with scored pairs, then "all" when there are several; returns the count. */
static int quality_rows(const pl_workspace *ws, const pl_run_comparison *c, quality_row *rows, double *buf)
{
    int nrows = 0;
    double *la = buf, *lb = buf + c->npairs, *fa = buf + 2 * c->npairs, *fb = buf + 3 * c->npairs;
    for (int t = 0; t <= c->ntasks; t++) { /* t == ntasks: every task */
        int n = 0;
        for (int p = 0; p < c->npairs; p++) {
            const pl_cmp_pair *pair = &c->pairs[p];
            if ((t < c->ntasks && pair->task != t) || !scored(ws, pair))
                continue;
            const pl_ws_record *a = pl_workspace_record(ws, pair->a), *b = pl_workspace_record(ws, pair->b);
            la[n] = a->case_lea;
            lb[n] = b->case_lea;
            fa[n] = a->final_score;
            fb[n] = b->final_score;
            n++;
        }
        if (!n || (t == c->ntasks && nrows < 2))
            continue;
        rows[nrows++] = (quality_row){t < c->ntasks ? c->tasks[t].task : "all", pl_paired_diff(la, lb, n),
                                      pl_paired_diff(fa, fb, n)};
    }
    return nrows;
}

static void cells(const quality_row *r, const pl_cmp_glyphs *g, char text[QC_NCOLS][32], pl_role role[QC_NCOLS])
{
    snprintf(text[QC_TASK], 32, "%s", r->task);
    snprintf(text[QC_PAIRS], 32, "%d", r->lea.n);
    const pl_cmp_diff *d[2] = {&r->lea, &r->final};
    for (int k = 0; k < 2; k++) {
        int col = k ? QC_FINAL_A : QC_LEA_A;
        snprintf(text[col], 32, "%.*f", k ? 3 : 2, d[k]->mean_a);
        snprintf(text[col + 1], 32, "%.*f", k ? 3 : 2, d[k]->mean_b);
        snprintf(text[col + 2], 32, "%+.*f", k ? 3 : 2, d[k]->diff);
        if (isnan(d[k]->se))
            snprintf(text[col + 3], 32, "-");
        else
            snprintf(text[col + 3], 32, "%s%.*f", g->pm, k ? 3 : 2, d[k]->se);
        role[col] = role[col + 1] = ROLE_TEXT;
        role[col + 2] = role[col + 3] = d[k]->diff > 0 ? ROLE_CORRECT : d[k]->diff < 0 ? ROLE_WRONG : ROLE_TEXT;
    }
    role[QC_TASK] = role[QC_PAIRS] = ROLE_TEXT;
}

/* The table of the columns from `from` to `to` (the task and the count always). */
static void quality_table(const quality_row *rows, int nrows, const pl_cmp_glyphs *g, bool ascii, int from, int to,
                          int width, pl_view_model *vm)
{
    static const char *const titles[QC_NCOLS] = {"task", "scored", "LEA A", "LEA B", NULL, NULL, "final A",
                                                 "final B", NULL, NULL};
    char delta_lea[16], delta_final[16], text[QC_NCOLS][32];
    pl_role role[QC_NCOLS];
    snprintf(delta_lea, sizeof delta_lea, "%s LEA", g->delta);
    snprintf(delta_final, sizeof delta_final, "%s final", g->delta);
    pl_table t;
    pl_table_init(&t, ascii);
    for (int i = 0; i < QC_NCOLS; i++) {
        pl_table_add(&t, i == QC_LEA_DIFF ? delta_lea : i == QC_FINAL_DIFF ? delta_final : titles[i] ? titles[i] : g->se,
                     i == QC_TASK ? PL_ALIGN_LEFT : PL_ALIGN_RIGHT, i == QC_TASK, 8);
        t.cols[i].off = i > QC_PAIRS && (i < from || i > to);
    }
    for (int r = 0; r < nrows; r++) {
        cells(&rows[r], g, text, role);
        for (int i = 0; i < QC_NCOLS; i++)
            pl_table_measure(&t, i, text[i]);
    }
    pl_table_fit(&t, width);
    pl_vm_line(vm, -1);
    pl_table_header(&t, vm);
    pl_vm_heading(vm);
    for (int r = 0; r < nrows; r++) {
        cells(&rows[r], g, text, role);
        pl_vm_line(vm, -1);
        for (int i = 0; i < QC_NCOLS; i++)
            pl_table_cell(&t, i, vm, role[i], text[i]);
    }
}

/* Columns of the whole table at its natural width. */
static int natural_width(const quality_row *rows, int nrows, const pl_cmp_glyphs *g, bool ascii)
{
    pl_view_model scratch;
    pl_vm_init(&scratch);
    quality_table(rows, nrows, g, ascii, QC_LEA_A, QC_NCOLS - 1, 1 << 20, &scratch);
    int widest = scratch.nlines ? pl_vm_line_columns(&scratch.lines[0]) : 0;
    pl_vm_free(&scratch);
    return widest;
}

void pl_cmp_quality(const pl_workspace *ws, const pl_run_comparison *c, bool ascii, int width, pl_view_model *vm)
{
    const pl_cmp_glyphs *g = pl_cmp_glyphs_of(ascii);
    quality_row *rows = malloc(((size_t)c->ntasks + 2) * sizeof *rows);
    double *buf = malloc(4 * ((size_t)c->npairs + 1) * sizeof *buf);
    int nrows = rows && buf ? quality_rows(ws, c, rows, buf) : 0;
    vm->oom = vm->oom || !rows || !buf;
    if (nrows) {
        pl_vm_line(vm, -1);
        pl_vm_wrapped(vm, ROLE_HEADER,
                      "plan quality of the cases both runs' plans were scored on (LEA: actions executed, the "
                      "official count; final score: -1 to 4)",
                      width, 0);
        if (natural_width(rows, nrows, g, ascii) <= width) {
            quality_table(rows, nrows, g, ascii, QC_LEA_A, QC_NCOLS - 1, width, vm);
        } else { /* short of room: LEA, then the final score */
            quality_table(rows, nrows, g, ascii, QC_LEA_A, QC_LEA_SE, width, vm);
            quality_table(rows, nrows, g, ascii, QC_FINAL_A, QC_FINAL_SE, width, vm);
        }
    }
    free(rows);
    free(buf);
}
