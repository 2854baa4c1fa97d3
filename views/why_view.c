/* The why screen (why_view.h): failure kinds and their keys per run, with
 * count, share of the wrong answers, a bar and the difference between runs. */
#include "why_view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bar.h"
#include "compare_stats.h"
#include "table.h"

#define BAR_MIN 4
#define BAR_MAX 30
#define NAME_ROOM 30 /* what the failure-mode column gets before the bars grow */

enum { COL_NAME, COL_FIRST_RUN }; /* then count, share, bar per run, then diff */
#define RUN_COL(c, part) (COL_FIRST_RUN + 3 * (c) + (part))
enum { PART_COUNT, PART_SHARE, PART_BAR };

int pl_why_init(pl_why *w, const char *const *runs, int nruns, const char *task)
{
    memset(w, 0, sizeof *w);
    w->order = PL_WS_FAILURE_BY_COUNT;
    bool ok = !task || (w->task = pl_strdup(task));
    for (int c = 0; ok && c < nruns && c < PL_WHY_MAX_RUNS; c++)
        ok = (w->runs[w->nruns++] = pl_strdup(runs[c])) != NULL;
    if (!ok)
        pl_why_free(w);
    return ok ? 0 : -1;
}

static void forget_build(pl_why *w)
{
    pl_ws_failure_table_free(&w->table);
    for (int c = 0; c < PL_WHY_MAX_RUNS; c++) {
        free(w->members[c]);
        w->members[c] = NULL;
        w->nmembers[c] = 0;
    }
}

void pl_why_free(pl_why *w)
{
    forget_build(w);
    for (int c = 0; c < w->nruns; c++)
        free(w->runs[c]);
    free(w->task);
    memset(w, 0, sizeof *w);
}

/* Splits the selection's records into the columns; false when out of memory. */
static bool collect(const pl_workspace *ws, const pl_selection *sel, pl_why *w)
{
    int n;
    int *records = pl_select_records(ws, sel, &n);
    if (!records)
        return false;
    bool ok = true;
    for (int c = 0; ok && c < w->nruns; c++) {
        ok = (w->members[c] = malloc(((size_t)n + 1) * sizeof *w->members[c])) != NULL;
        for (int i = 0; ok && i < n; i++) {
            const pl_ws_record *r = pl_workspace_record(ws, records[i]);
            if (!strcmp(r->model, w->runs[c]) && (!w->task || !strcmp(r->task, w->task)))
                w->members[c][w->nmembers[c]++] = records[i];
        }
    }
    free(records);
    memset(&w->pairing, 0, sizeof w->pairing);
    if (ok && w->nruns > 1) /* several runs: the questions all of them answered */
        ok = pl_why_pair_columns(ws, (const char *const *)w->runs, w->members, w->nmembers, w->nruns, &w->pairing) == 0;
    return ok;
}

bool pl_why_row_shown(const pl_why *w, int r)
{
    return !w->table.rows[r].key || !w->folded[w->table.rows[r].kind];
}

/* The failure-mode cell: a kind with its fold mark, or a key indented under it. */
static char *row_name(const pl_why *w, int r, bool ascii)
{
    const pl_ws_failure_row *row = &w->table.rows[r];
    if (row->key)
        return pl_strdup_printf("    %s", row->key);
    bool folded = w->folded[row->kind];
    return pl_strdup_printf("%s %s", folded ? (ascii ? "+" : "▸") : (ascii ? "-" : "▾"),
                            pl_failure_kind_name(row->kind));
}

static double max_share(const pl_why *w)
{
    double max = 0;
    for (int r = 0; r < w->table.nrows; r++)
        for (int c = 0; c < w->nruns; c++) {
            double s = pl_ws_failure_share(&w->table, r, c);
            max = s > max ? s : max;
        }
    return max;
}

static void lay_out(const pl_why *w, int width, bool ascii, pl_table *t)
{
    pl_table_init(t, ascii);
    pl_table_add(t, "failure mode", PL_ALIGN_LEFT, true, 12);
    for (int c = 0; c < w->nruns; c++) {
        pl_table_add(t, "count", PL_ALIGN_RIGHT, false, 0);
        pl_table_add(t, "share", PL_ALIGN_RIGHT, false, 0);
        pl_table_add(t, "", PL_ALIGN_LEFT, false, 0);
        pl_table_measure(t, RUN_COL(c, PART_SHARE), "100.0%");
    }
    int diff = w->nruns > 1 ? pl_table_add(t, "diff", PL_ALIGN_RIGHT, false, 0) : -1;
    if (diff >= 0)
        pl_table_measure(t, diff, "-100.0");
    for (int r = 0; r < w->table.nrows; r++) {
        char *name = pl_why_row_shown(w, r) ? row_name(w, r, ascii) : NULL;
        if (name)
            pl_table_measure(t, COL_NAME, name);
        free(name);
        for (int c = 0; c < w->nruns; c++) {
            char count[16];
            snprintf(count, sizeof count, "%d", w->table.rows[r].count[c]);
            pl_table_measure(t, RUN_COL(c, PART_COUNT), count);
        }
    }
    t->sort_col = w->order == PL_WS_FAILURE_BY_DIFF && diff >= 0 ? diff : RUN_COL(0, PART_COUNT);
    t->descending = true;
    /* the bars take the room the numbers and a fair share of the names leave */
    int other = t->cols[COL_NAME].want < NAME_ROOM ? t->cols[COL_NAME].want : NAME_ROOM;
    for (int i = 1; i < t->ncols; i++)
        other += 1 + (i == t->sort_col ? t->cols[i].want + 1 : t->cols[i].want);
    int bar = (width - other) / w->nruns;
    bar = bar < BAR_MIN ? BAR_MIN : bar > BAR_MAX ? BAR_MAX : bar;
    for (int c = 0; c < w->nruns; c++)
        t->cols[RUN_COL(c, PART_BAR)].want = bar;
    pl_table_fit(t, width);
}

/* Above the column headers, over each run's columns: "run: 12 wrong of 40"
 * (the run's name cut first), or with one run "12 wrong of 40 answers". */
static void run_header(const pl_why *w, const pl_table *t, pl_view_model *vm)
{
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_DIM, "%*s", t->cols[COL_NAME].width, "");
    for (int c = 0; c < w->nruns; c++) {
        int span = 2;
        for (int part = PART_COUNT; part <= PART_BAR; part++)
            span += t->cols[RUN_COL(c, part)].width;
        char counts[64];
        snprintf(counts, sizeof counts, w->nruns > 1 ? ": %d wrong of %d%s" : "%d wrong of %d answer%s",
                 w->table.wrong[c], w->table.answers[c], w->nruns > 1 ? "" : PL_PLURAL(w->table.answers[c]));
        int room = span - pl_text_columns(counts) - 2;
        char *name = w->nruns > 1 ? pl_middle_cut(w->runs[c], room > 3 ? room : 3, t->ascii) : NULL;
        /* A, B, ...: the letters the pairing line names the runs by */
        char *run = w->nruns > 1 ? (name ? pl_strdup_printf("%c %s", 'A' + c, name) : NULL) : pl_strdup("");
        free(name);
        char *text = run ? pl_strdup_printf("%s%s", run, counts) : NULL;
        char *cut = text ? pl_middle_cut(text, span, t->ascii) : NULL;
        if (cut)
            pl_vm_span(vm, ROLE_HEADER, " %s%*s", cut, span - pl_text_columns(cut), "");
        else
            vm->oom = true;
        free(run);
        free(text);
        free(cut);
    }
}

static void row_line(const pl_why *w, const pl_table *t, int r, double max, pl_view_model *vm)
{
    const pl_ws_failure_row *row = &w->table.rows[r];
    char *name = row_name(w, r, t->ascii);
    pl_vm_line(vm, r);
    pl_table_cell(t, COL_NAME, vm, row->key ? ROLE_TEXT : ROLE_HEADER, name ? name : "");
    free(name);
    for (int c = 0; c < w->nruns; c++) {
        char text[512];
        double share = pl_ws_failure_share(&w->table, r, c);
        snprintf(text, sizeof text, "%d", row->count[c]);
        pl_table_cell(t, RUN_COL(c, PART_COUNT), vm, row->count[c] ? ROLE_TEXT : ROLE_DIM, text);
        snprintf(text, sizeof text, "%.1f%%", 100 * share);
        pl_table_cell(t, RUN_COL(c, PART_SHARE), vm, row->count[c] ? ROLE_TEXT : ROLE_DIM, text);
        pl_bar_text(text, sizeof text, share, max, t->cols[RUN_COL(c, PART_BAR)].width, t->ascii);
        pl_table_cell(t, RUN_COL(c, PART_BAR), vm, row->key ? ROLE_SUCCESS_BAR : ROLE_BAR, text);
    }
    if (w->nruns > 1) {
        char text[32];
        double d = 100 * (pl_ws_failure_share(&w->table, r, 0) - pl_ws_failure_share(&w->table, r, 1));
        snprintf(text, sizeof text, "%+.1f", d);
        pl_table_cell(t, t->ncols - 1, vm, d > 0.05 ? ROLE_WRONG : d < -0.05 ? ROLE_CORRECT : ROLE_DIM, text);
    }
}

/* Several runs: what was paired, then the first two runs' accuracy
 * difference with its interval and McNemar's p, wrapped to the width. */
static void pairing_lines(const pl_why *w, int width, bool ascii, pl_view_model *vm)
{
    const pl_why_pairing *p = &w->pairing;
    const char *dot = ascii ? " - " : " · ";
    char left[128] = "";
    bool differ = false;
    for (int c = 0; c < w->nruns; c++) {
        snprintf(left + strlen(left), sizeof left - strlen(left), "%s%c %d", c ? ", " : "", 'A' + c, p->left_out[c]);
        differ = differ || p->left_out[c];
    }
    char *counts = pl_strdup_printf("%d paired question%s%sleft out: %s%s", p->paired, PL_PLURAL(p->paired), dot, left,
                                    differ ? ": shares are of the paired wrong answers" : "");
    char ci[64], pv[16];
    pl_ci_text(ci, sizeof ci, p->accuracy.ci95, p->accuracy.n, 100, 1, true);
    pl_p_text(pv, sizeof pv, p->mcnemar_p);
    char *acc = !p->accuracy.n ? pl_strdup_printf("accuracy: none of the paired answers graded yet")
                               : pl_strdup_printf("accuracy A %.1f%% B %.1f%%%sA-B %+.1f pts, 95%% CI %s, n = %d%s"
                                                  "McNemar p %s",
                                                  100 * p->accuracy.mean_a, 100 * p->accuracy.mean_b, dot,
                                                  100 * p->accuracy.diff, ci, p->accuracy.n, dot, pv);
    if (counts && acc) {
        pl_vm_wrapped(vm, differ ? ROLE_MISSED : ROLE_DIM, counts, width, 0);
        pl_vm_wrapped(vm, ROLE_DIM, acc, width, 0);
    } else {
        vm->oom = true;
    }
    free(counts);
    free(acc);
}

/* What the screen says when no row is shown. */
static const char *empty_reason(const pl_workspace *ws, const pl_why *w)
{
    int answers = 0, members = 0, wrong = 0;
    for (int c = 0; c < w->nruns; c++) {
        answers += w->table.answers[c];
        members += w->nmembers[c];
        wrong += w->table.wrong[c];
    }
    if (!members)
        return "no answers of these runs here";
    if (!wrong && answers < members && pl_workspace_graded(ws) < pl_workspace_count(ws))
        return "no wrong answers graded yet (grading goes on)";
    return "no wrong answers: nothing to explain";
}

void pl_view_why(const pl_workspace *ws, const pl_selection *sel, pl_why *w, int width, bool ascii,
                 pl_view_model *vm)
{
    pl_vm_init(vm);
    pl_vm_set_title(vm, "why");
    forget_build(w);
    pl_ws_failure_order order = w->nruns > 1 ? w->order : PL_WS_FAILURE_BY_COUNT;
    vm->table = malloc(sizeof *vm->table);
    bool ok = vm->table && collect(ws, sel, w);
    w->ws = ws;
    const int *columns[PL_WHY_MAX_RUNS];
    for (int c = 0; c < w->nruns; c++)
        columns[c] = w->members[c];
    if (!ok || pl_ws_failure_table_build(ws, columns, w->nmembers, w->nruns, order, &w->table) < 0) {
        vm->oom = true;
        forget_build(w);
        return;
    }
    if (w->fold_over > 0 && w->table.nrows > w->fold_over) /* a first look at every kind */
        for (int r = 0; r < w->table.nrows; r++)
            w->folded[w->table.rows[r].kind] = true;
    if (w->table.nrows)
        w->fold_over = 0;
    lay_out(w, width, ascii, vm->table);
    if (w->nruns > 1)
        pairing_lines(w, width, ascii, vm);
    run_header(w, vm->table, vm);
    pl_vm_line(vm, -1);
    pl_table_header(vm->table, vm);
    vm->nfixed = vm->nlines;
    double max = max_share(w);
    int kinds = 0, keys = 0;
    for (int r = 0; r < w->table.nrows; r++) {
        kinds += !w->table.rows[r].key;
        keys += w->table.rows[r].key != NULL;
        if (pl_why_row_shown(w, r))
            row_line(w, vm->table, r, max, vm);
    }
    if (!w->table.nrows) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "%s", empty_reason(ws, w));
    }
    const char *dot = ascii ? "-" : "·";
    const char *kind_s = kinds == 1 ? "" : "s", *key_s = keys == 1 ? "" : "s";
    if (order == PL_WS_FAILURE_BY_DIFF)
        pl_vm_set_status(vm, "%d kind%s %s %d key%s %s sorted by difference (the first run's share minus the second's)",
                         kinds, kind_s, dot, keys, key_s, dot);
    else
        pl_vm_set_status(vm, "%d kind%s %s %d key%s %s sorted by count", kinds, kind_s, dot, keys, key_s, dot);
}

int *pl_why_members(const pl_workspace *ws, const pl_why *w, int target, int *n)
{
    *n = 0;
    if (target < 0 || target >= w->table.nrows)
        return NULL;
    int total = 0;
    for (int c = 0; c < w->nruns; c++)
        total += w->nmembers[c];
    int *out = malloc(((size_t)total + 1) * sizeof *out);
    for (int c = 0; out && c < w->nruns; c++)
        for (int i = 0; i < w->nmembers[c]; i++)
            if (pl_ws_failure_row_has(&w->table, target, pl_workspace_record(ws, w->members[c][i])))
                out[(*n)++] = w->members[c][i];
    return out;
}

char *pl_why_label(const pl_why *w, int target)
{
    if (target < 0 || target >= w->table.nrows)
        return NULL;
    char runs[512] = "";
    for (int c = 0; c < w->nruns; c++)
        snprintf(runs + strlen(runs), sizeof runs - strlen(runs), "%s%s", c ? " vs " : "", w->runs[c]);
    const pl_ws_failure_row *row = &w->table.rows[target];
    return pl_strdup_printf("%s%s%s / %s%s%s", runs, w->task ? " / " : "", w->task ? w->task : "",
                            pl_failure_kind_name(row->kind), row->key ? " " : "", row->key ? row->key : "");
}

int pl_why_toggle_fold(pl_why *w, int target)
{
    if (target < 0 || target >= w->table.nrows)
        return -1;
    pl_failure_kind kind = w->table.rows[target].kind;
    w->folded[kind] = !w->folded[kind];
    for (int r = 0; r < w->table.nrows; r++)
        if (w->table.rows[r].kind == kind && !w->table.rows[r].key)
            return r;
    return -1;
}

bool pl_why_fold_all(pl_why *w)
{
    bool open = false; /* some kind of the table shows its keys */
    for (int r = 0; r < w->table.nrows; r++)
        open = open || !w->folded[w->table.rows[r].kind];
    for (int k = 0; k < PL_FAIL_NKINDS; k++)
        w->folded[k] = open;
    return open;
}
