/* Dashboard: runs × tasks (an ACPBench task's gen, bool and MCQ answers on
 * rows of their own: "reach", "reach-bool", "reach-mcq") with official and
 * sound accuracy (reduced over epochs as Inspect does, with the epoch count
 * and the reducer), mean IoU and action distance, parse errors, errored
 * samples, the answers whose log's scorer failed and the disagreement
 * counts a curator looks at first (official vs sound, vs the run's stored
 * score, lm-eval's official grader vs Inspect's: ins!=lm), its columns fitted to the terminal (views/table.h); under a row,
 * how its log ended when it did not finish (its accuracy partial); under
 * the table, the attempts set aside for a later one of their task. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "groups.h"
#include "base/error.h"
#include "table.h"
#include "compare_stats.h"
#include "runs/epochs.h"

enum { COL_MARK, COL_RUN, COL_TASK, COL_ANSWERS, COL_OFFICIAL, COL_SOUND, COL_IOU, COL_AD, COL_PARSE, COL_SOUND_DIFF,
       COL_STORED_DIFF, COL_INSPECT_DIFF, COL_EPOCHS, COL_ERRORED, COL_ERRORS, COL_SCORER, COL_CI };

/* "3 max": the epochs and the reducer over them (a run with one epoch has nothing to reduce). */
static void epochs_text(char *buf, size_t size, const pl_ws_aggregate *s, const char *reducer)
{
    if (s->epochs > 1)
        snprintf(buf, size, "%d %s", s->epochs, reducer);
    else
        snprintf(buf, size, "%d", s->epochs);
}

/* Sizes the columns, the names told their values (NULL: out of memory, cut as they come). */
static void fit_names(pl_table *t, const char **names, int n, int width)
{
    if (names) {
        pl_table_values(t, COL_RUN, names, n);
        pl_table_values(t, COL_TASK, names + n, n);
    }
    pl_table_fit(t, width);
}

static bool name_cut(const pl_table *t, int col)
{
    return t->cols[col].width && t->cols[col].width < t->cols[col].want;
}

static void lay_out(const pl_group *groups, const pl_ws_aggregate *stats, const char *const *reducers, int ngroups,
                    const char *run_a, int width, pl_table *t)
{
    pl_table_add(t, " ", PL_ALIGN_LEFT, false, 0);
    pl_table_add(t, "run", PL_ALIGN_LEFT, true, 8);
    pl_table_add(t, "task", PL_ALIGN_LEFT, true, 6);
    pl_table_add(t, "answers", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "official", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "sound", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "IoU", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "AD", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "parse!", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "off!=snd", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "stored!=", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "ins!=lm", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "epochs", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "errored", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "errors", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "scorer!", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "official 95% CI", PL_ALIGN_RIGHT, false, 0); /* last: the counts a curator reads first stay put */
    bool scorer = false, acpbench = false, inspect = false, inspect_differs = false;
    bool iou = false, ad = false, errors = false, same_run = true, stored = false, epochs = false, errored = false;
    for (int i = 0; i < ngroups; i++) {
        char answers[32];
        snprintf(answers, sizeof answers, "%d/%d", stats[i].graded, stats[i].answers);
        pl_table_measure(t, COL_RUN, groups[i].model);
        pl_table_measure(t, COL_TASK, groups[i].task);
        pl_table_measure(t, COL_ANSWERS, answers);
        epochs_text(answers, sizeof answers, &stats[i], reducers[i]);
        pl_table_measure(t, COL_EPOCHS, answers);
        scorer = scorer || stats[i].scorer_failures;
        acpbench = acpbench || stats[i].acpbench;
        inspect = inspect || stats[i].inspect;
        inspect_differs = inspect_differs || stats[i].inspect_differs;
        iou = iou || (stats[i].nvalues && !stats[i].is_distance);
        ad = ad || (stats[i].nvalues && stats[i].is_distance);
        errors = errors || stats[i].errors;
        stored = stored || stats[i].stored;
        epochs = epochs || stats[i].epochs > 1;
        errored = errored || stats[i].sample_errors;
        same_run = same_run && !strcmp(groups[i].model, groups[0].model);
    }
    pl_table_measure(t, COL_OFFICIAL, "100.0%");
    pl_table_measure(t, COL_CI, "[100.0, 100.0]");
    t->cols[COL_CI].hide = 1; /* the first to go when room is short: the official accuracy stays */
    pl_table_measure(t, COL_SOUND, "100.0%");
    pl_table_measure(t, COL_IOU, "0.000");
    pl_table_measure(t, COL_AD, "0.000");
    t->cols[COL_MARK].off = !run_a;
    t->cols[COL_IOU].off = !iou;
    t->cols[COL_AD].off = !ad;
    t->cols[COL_ERRORS].off = !errors;
    t->cols[COL_EPOCHS].off = !epochs;
    t->cols[COL_ERRORED].off = !errored;
    t->cols[COL_SCORER].off = !scorer;
    t->cols[COL_RUN].hide = ngroups > 1 && same_run ? 2 : 0;
    t->cols[COL_STORED_DIFF].hide = stored ? 0 : 1; /* all '-': the first to go when room is short */
    /* the second official grader, wherever ACPBench answers are: hidden first when no
     * answer has its verdict or none differs */
    t->cols[COL_INSPECT_DIFF].off = !acpbench;
    t->cols[COL_INSPECT_DIFF].empty = !inspect;
    t->cols[COL_INSPECT_DIFF].hide = inspect_differs ? 0 : 1;
    const char **names = malloc(2 * ((size_t)ngroups + 1) * sizeof *names); /* cut so that rows stay apart */
    for (int i = 0; names && i < ngroups; i++) {
        names[i] = groups[i].model;
        names[ngroups + i] = groups[i].task;
    }
    fit_names(t, names, ngroups, width);
    if (t->cols[COL_INSPECT_DIFF].width && (name_cut(t, COL_RUN) || name_cut(t, COL_TASK))) {
        /* it gives way before a run or task is cut (80 columns keep the names as they
         * were), and is reached by scrolling sideways as an empty column is */
        t->cols[COL_INSPECT_DIFF].empty = true;
        fit_names(t, names, ngroups, width);
    }
    free(names);
}

static void count_cell(const pl_table *t, int col, pl_view_model *vm, int n, pl_role role)
{
    char text[16];
    snprintf(text, sizeof text, "%d", n);
    pl_table_cell(t, col, vm, n ? role : ROLE_DIM, text);
}

typedef struct {
    const char *id;
    double score;
} id_score;

static int by_id(const void *a, const void *b)
{
    return strcmp(((const id_score *)a)->id, ((const id_score *)b)->id);
}

/* The official accuracy's 95 % interval: over the questions, each counted
 * by its graded answers (its epochs) reduced as the accuracy beside it
 * reduces them (Miller 2024: reduce a question's samples, then take the
 * spread across questions); Wilson's when each question has one 0/1
 * answer.  Errored samples count in neither; "n = 1" for one question. */
static void ci_cell(const pl_table *t, const pl_workspace *ws, const pl_group *g, const char *reducer_name,
                    pl_view_model *vm)
{
    pl_epoch_reducer reducer;
    if (!pl_epoch_reducer_parse(reducer_name, &reducer))
        reducer = (pl_epoch_reducer){PL_REDUCE_MEAN, 0};
    id_score *a = malloc(((size_t)g->n + 1) * sizeof *a);
    double *x = malloc(((size_t)g->n + 1) * sizeof *x);
    int *cluster = malloc(((size_t)g->n + 1) * sizeof *cluster);
    int n = 0, q = 0, graded = pl_workspace_graded(ws);
    for (int i = 0; a && i < g->n; i++) {
        const pl_ws_record *r = pl_workspace_record(ws, g->members[i]);
        if (g->members[i] < graded && !r->resp->error)
            a[n++] = (id_score){r->id, r->score};
    }
    char text[64] = "";
    pl_mean_ci m;
    if (a && x && cluster) {
        qsort(a, (size_t)n, sizeof *a, by_id);
        for (int i = 0, j; i < n; i = j) {
            for (j = i; j < n && !strcmp(a[j].id, a[i].id); j++)
                x[q + j - i] = a[j].score; /* the epochs' scores, in the free space past x[q] */
            double v = pl_epoch_reduce(&reducer, x + q, j - i);
            if (v == v) { /* NaN: pass_at_k with fewer than k epochs, left out as the accuracy does */
                cluster[q] = q;
                x[q++] = v;
            }
        }
    }
    if (a && x && cluster && pl_clustered_mean(x, cluster, q, q, &m) == 0)
        pl_ci_text(text, sizeof text, m.ci95, m.n, 100, 1, false);
    else
        vm->oom = true;
    pl_table_cell(t, COL_CI, vm, ROLE_DIM, text);
    free(a);
    free(x);
    free(cluster);
}

static void row(const pl_table *t, const pl_workspace *ws, const pl_group *g, const pl_ws_aggregate *s,
                const char *reducer, const char *run_a, pl_view_model *vm)
{
    char text[64];
    bool marked = run_a && !strcmp(run_a, g->model);
    pl_table_cell(t, COL_MARK, vm, ROLE_MISSED, marked ? "A" : "");
    pl_table_cell(t, COL_RUN, vm, marked ? ROLE_MISSED : ROLE_TEXT, g->model);
    pl_table_cell(t, COL_TASK, vm, ROLE_TEXT, g->task);
    snprintf(text, sizeof text, "%d/%d", s->graded, s->answers);
    pl_table_cell(t, COL_ANSWERS, vm, ROLE_TEXT, text);
    if (!s->graded) {
        for (int c = COL_OFFICIAL; c <= COL_ERRORS; c++)
            pl_table_cell(t, c, vm, ROLE_DIM, t->ascii ? "..." : "…");
        return;
    }
    double off = 100.0 * s->accuracy, snd = 100.0 * s->sound_accuracy; /* reduced over epochs */
    snprintf(text, sizeof text, "%.1f%%", off);
    pl_table_cell(t, COL_OFFICIAL, vm, off >= 50 ? ROLE_CORRECT : ROLE_WRONG, text);
    snprintf(text, sizeof text, "%.1f%%", snd);
    pl_table_cell(t, COL_SOUND, vm, snd >= 50 ? ROLE_CORRECT : ROLE_WRONG, text);
    snprintf(text, sizeof text, "%.3f", s->value_mean);
    pl_table_cell(t, COL_IOU, vm, s->nvalues && !s->is_distance ? ROLE_TEXT : ROLE_DIM,
                  s->nvalues && !s->is_distance ? text : "-");
    pl_table_cell(t, COL_AD, vm, s->nvalues && s->is_distance ? ROLE_TEXT : ROLE_DIM,
                  s->nvalues && s->is_distance ? text : "-");
    count_cell(t, COL_PARSE, vm, s->parse_failed, ROLE_WRONG);
    count_cell(t, COL_SOUND_DIFF, vm, s->sound_differs, ROLE_HALLUCINATED);
    if (s->stored) /* a run that stores no scores has nothing to differ from */
        count_cell(t, COL_STORED_DIFF, vm, s->stored_differs, ROLE_HALLUCINATED);
    else
        pl_table_cell(t, COL_STORED_DIFF, vm, ROLE_DIM, "-");
    if (s->inspect) /* answers the Inspect grader scored too */
        count_cell(t, COL_INSPECT_DIFF, vm, s->inspect_differs, ROLE_HALLUCINATED);
    else
        pl_table_cell(t, COL_INSPECT_DIFF, vm, ROLE_DIM, "-");
    epochs_text(text, sizeof text, s, reducer);
    pl_table_cell(t, COL_EPOCHS, vm, s->epochs ? ROLE_TEXT : ROLE_DIM, text);
    count_cell(t, COL_ERRORED, vm, s->sample_errors, ROLE_ERROR);
    count_cell(t, COL_ERRORS, vm, s->errors, ROLE_ERROR);
    count_cell(t, COL_SCORER, vm, s->scorer_failures, ROLE_ERROR);
    if (t->cols[COL_CI].width)
        ci_cell(t, ws, g, reducer, vm);
}

/* Under the table: each run file set aside for a later attempt of its task. */
static void superseded_lines(const pl_workspace *ws, pl_view_model *vm)
{
    for (int i = 0; i < pl_workspace_nrun_files(ws); i++) {
        const pl_run_file *f = pl_workspace_run_file(ws, i);
        if (f->superseded_by < 0)
            continue;
        const char *old = strrchr(f->source, '/'), *kept = pl_workspace_run_file(ws, f->superseded_by)->source;
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "superseded attempt %s: set aside for %s, its %d answer%s not counted",
                   old ? old + 1 : f->source, strrchr(kept, '/') ? strrchr(kept, '/') + 1 : kept, f->set_aside,
                   f->set_aside == 1 ? "" : "s");
    }
}

/* Under a row whose log did not finish: "cancelled: 7 of 10 samples: accuracy partial". */
static void status_line(const pl_workspace *ws, const pl_group *g, bool ascii, pl_view_model *vm)
{
    char *status = pl_workspace_group_status(ws, pl_workspace_record(ws, g->members[0])->group);
    if (!status)
        return;
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_MISSED, "  %s %s: accuracy partial", ascii ? "^" : "└", status);
    free(status);
}

void pl_view_dashboard(const pl_workspace *ws, const pl_selection *sel, int width, bool ascii, const char *run_a,
                       pl_view_model *vm, pl_dashboard_rows *rows)
{
    pl_vm_init(vm);
    memset(rows, 0, sizeof *rows);
    int n, ngroups = 0;
    int *records = pl_select_records(ws, sel, &n);
    pl_group *groups = records ? pl_group_records(ws, records, n, &ngroups) : NULL;
    rows->keys = calloc((size_t)ngroups + 1, sizeof *rows->keys);
    pl_ws_aggregate *stats = calloc((size_t)ngroups + 1, sizeof *stats);
    const char **reducers = calloc((size_t)ngroups + 1, sizeof *reducers);
    vm->table = malloc(sizeof *vm->table);
    int shown = ngroups;
    if (!records || (n && !groups) || !rows->keys || !stats || !reducers || !vm->table) {
        vm->oom = true;
        shown = 0;
    }
    pl_vm_set_title(vm, "dashboard");
    int total_graded = 0;
    for (int i = 0; i < shown; i++) {
        pl_workspace_aggregate(ws, groups[i].members, groups[i].n, &stats[i]);
        reducers[i] = pl_workspace_group_reducer(ws, pl_workspace_record(ws, groups[i].members[0])->group);
        total_graded += stats[i].graded;
    }
    if (vm->table) {
        pl_table_init(vm->table, ascii);
        lay_out(groups, stats, reducers, shown, run_a, width, vm->table);
        if (shown && !vm->table->cols[COL_RUN].width) /* every row's run: the title says it instead */
            pl_vm_set_title(vm, "dashboard {%s}", groups[0].model);
        pl_vm_line(vm, -1);
        pl_table_header(vm->table, vm);
        vm->nfixed = 1;
    }
    for (int i = 0; i < shown; i++) {
        rows->keys[rows->nkeys++] = pl_strdup_printf("%s\t%s", groups[i].model, groups[i].task);
        pl_vm_line(vm, i);
        row(vm->table, ws, &groups[i], &stats[i], reducers[i], run_a, vm);
        status_line(ws, &groups[i], ascii, vm);
    }
    if (shown)
        superseded_lines(ws, vm);
    pl_ws_progress p;
    pl_workspace_progress(ws, &p);
    if (!shown) {
        pl_vm_line(vm, -1);
        if (p.loaded && pl_workspace_acp_questions(ws)->count) /* ACPBench question files alone: the bank is browsable */
            pl_vm_span(vm, ROLE_DIM, "no responses to show: :questions lists the %d question%s (open runs with them to grade)",
                       pl_workspace_acp_questions(ws)->count, PL_PLURAL(pl_workspace_acp_questions(ws)->count));
        else
            pl_vm_span(vm, ROLE_DIM, "%s", p.loaded ? "no responses to show (open question files together with model runs)"
                                                    : ascii ? "loading..." : "loading…");
    }
    const char *dot = ascii ? "-" : "·";
    if (!p.loaded)
        pl_vm_set_status(vm, "loading file %d of %d: %s", p.files_done + 1, p.files, p.file ? p.file : "");
    else if (!pl_workspace_count(ws) && pl_workspace_nquestions(ws)) /* question files alone: what to open next */
        pl_vm_set_status(vm, "%d question%s, no run %s open runs with them", /* short: the warnings follow */
                         pl_workspace_nquestions(ws), pl_workspace_nquestions(ws) == 1 ? "" : "s", dot);
    else
        pl_vm_set_status(vm, "%d run%s %s task%s %s %d response%s %s %d graded", shown, shown == 1 ? "" : "s",
                         ascii ? "x" : "×", shown == 1 ? "" : "s", dot, n, n == 1 ? "" : "s", dot, total_graded);
    free(reducers);
    free(stats);
    pl_groups_free(groups, ngroups);
    free(records);
}

void pl_dashboard_rows_free(pl_dashboard_rows *rows)
{
    for (int i = 0; i < rows->nkeys; i++)
        free(rows->keys[i]);
    free(rows->keys);
    memset(rows, 0, sizeof *rows);
}
