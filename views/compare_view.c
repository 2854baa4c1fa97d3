/* Compare: the two runs, the summary and paired histograms per task
 * (compare_summary.c), then the paired questions one per line, in a table
 * fitted to the width: the verdict columns of both runs keep their width,
 * long ids are cut in the middle, and the column headers stay in view while
 * the questions scroll. */
#include "compare_view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "answer_text.h"
#include "compare_parts.h"

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

static bool shown(const pl_cmp_pair *p, pl_compare_filter filter)
{
    return p->ready && (filter == PL_CMP_ALL || (filter == PL_CMP_AGREE) == (p->score_a == p->score_b));
}

enum { Q_ID, Q_TASK, Q_A, Q_B, Q_VALUE_A, Q_VALUE_B, Q_DELTA, Q_MARK, Q_FAIL_A, Q_FAIL_B, Q_NCOLS };

/* A question line's cells and their roles; each run's failure as the
 * question list's column names it ("not-applicable sail"). */
typedef struct {
    const char *id, *task;
    char text[Q_NCOLS][24];
    char failure[2][256];
    pl_role role[Q_NCOLS];
} question_cells;

static void value_cell(question_cells *q, int col, const pl_ws_record *r)
{
    if (r->has_value)
        snprintf(q->text[col], sizeof q->text[col], "%.3f", r->value);
    else
        snprintf(q->text[col], sizeof q->text[col], "-");
    q->role[col] = r->has_value ? ROLE_TEXT : ROLE_DIM;
}

/* A wrong answer's failure; empty for a right one or one without a verdict. */
static void failure_cell(const pl_ws_record *r, char *buf, size_t size)
{
    pl_record_failure f;
    if (pl_record_failure_of(r, &f) && f.kind != PL_FAIL_NONE)
        pl_record_failure_text(r, buf, size);
    else
        *buf = '\0';
}

static void question_of(const pl_workspace *ws, const pl_run_comparison *c, const pl_cmp_pair *p, question_cells *q)
{
    const pl_ws_record *ra = pl_workspace_record(ws, p->a), *rb = pl_workspace_record(ws, p->b);
    q->id = ra->id;
    q->task = c->tasks[p->task].task;
    q->role[Q_ID] = q->role[Q_TASK] = q->role[Q_DELTA] = ROLE_TEXT;
    snprintf(q->text[Q_A], sizeof q->text[Q_A], "%d", p->score_a);
    snprintf(q->text[Q_B], sizeof q->text[Q_B], "%d", p->score_b);
    q->role[Q_A] = p->score_a ? ROLE_CORRECT : ROLE_WRONG;
    q->role[Q_B] = p->score_b ? ROLE_CORRECT : ROLE_WRONG;
    value_cell(q, Q_VALUE_A, ra);
    value_cell(q, Q_VALUE_B, rb);
    if (p->has_value)
        snprintf(q->text[Q_DELTA], sizeof q->text[Q_DELTA], "%+.3f", p->delta);
    else
        snprintf(q->text[Q_DELTA], sizeof q->text[Q_DELTA], "%+d", p->score_a - p->score_b);
    if (p->score_a == p->score_b)
        snprintf(q->text[Q_MARK], sizeof q->text[Q_MARK], "agree");
    else
        snprintf(q->text[Q_MARK], sizeof q->text[Q_MARK], "%s right", p->score_a ? "A" : "B");
    q->role[Q_MARK] = p->score_a == p->score_b ? ROLE_DIM : ROLE_HALLUCINATED;
    failure_cell(ra, q->failure[0], sizeof q->failure[0]);
    failure_cell(rb, q->failure[1], sizeof q->failure[1]);
    q->role[Q_FAIL_A] = q->role[Q_FAIL_B] = ROLE_WRONG;
}

static const char *cell_text(const question_cells *q, int col)
{
    return col == Q_ID     ? q->id
           : col == Q_TASK ? q->task
           : col >= Q_FAIL_A ? q->failure[col - Q_FAIL_A]
                             : q->text[col];
}

/* The columns, sized from the questions shown and the width: the task hides
 * first when every line has the same one (the summary names it), the
 * failures next, the id and failures shrink, the scores, values and marks
 * keep their width; no failure column when no line has a wrong answer. */
static void lay_out(const pl_workspace *ws, const pl_run_comparison *c, pl_compare_filter filter,
                    const pl_cmp_glyphs *g, int width, pl_table *t)
{
    static const char *const headers[Q_NCOLS] = {"id",      "task", "A",   "B", "value A", "value B", NULL, "mark",
                                                 "failure A", "failure B"};
    for (int i = 0; i < Q_NCOLS; i++) {
        pl_align align = i <= Q_TASK || i >= Q_MARK ? PL_ALIGN_LEFT : PL_ALIGN_RIGHT;
        bool name = i <= Q_TASK || i >= Q_FAIL_A;
        pl_table_add(t, i == Q_DELTA ? g->delta : headers[i], align, name, i == Q_ID || i >= Q_FAIL_A ? 8 : 6);
    }
    t->cols[Q_FAIL_A].hide = t->cols[Q_FAIL_B].hide = 2;
    bool values = false, failures = false;
    int first_task = -1;
    bool one_task = true;
    question_cells q;
    for (int p = 0; p < c->npairs; p++) {
        const pl_cmp_pair *pair = &c->pairs[p];
        if (!shown(pair, filter))
            continue;
        question_of(ws, c, pair, &q);
        for (int i = 0; i < Q_NCOLS; i++)
            pl_table_measure(t, i, cell_text(&q, i));
        values = values || pl_workspace_record(ws, pair->a)->has_value || pl_workspace_record(ws, pair->b)->has_value;
        failures = failures || *q.failure[0] || *q.failure[1];
        first_task = first_task < 0 ? pair->task : first_task;
        one_task = one_task && pair->task == first_task;
    }
    t->cols[Q_VALUE_A].off = t->cols[Q_VALUE_B].off = !values;
    t->cols[Q_FAIL_A].off = t->cols[Q_FAIL_B].off = !failures;
    t->cols[Q_TASK].hide = one_task ? 1 : 0;
    pl_table_fit(t, width);
}

static int question_lines(const pl_workspace *ws, const pl_run_comparison *c, pl_compare_filter filter, bool ascii,
                          int width, pl_view_model *vm)
{
    pl_table t;
    pl_table_init(&t, ascii);
    lay_out(ws, c, filter, pl_cmp_glyphs_of(ascii), width, &t);
    pl_vm_line(vm, -1);
    pl_table_header(&t, vm);
    pl_vm_heading(vm);
    int shown_count = 0;
    question_cells q;
    for (int p = 0; p < c->npairs; p++)
        if (shown(&c->pairs[p], filter)) {
            question_of(ws, c, &c->pairs[p], &q);
            pl_vm_line(vm, c->pairs[p].a);
            for (int i = 0; i < Q_NCOLS; i++)
                pl_table_cell(&t, i, vm, q.role[i], cell_text(&q, i));
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

/* How the pairs were made: ACPBench and IoU questions by task and id,
 * plan-quality cases by domain, prompt type and instance (their ids are
 * per file). */
static const char *pairing(const pl_workspace *ws, const pl_run_comparison *c)
{
    int cases = 0;
    for (int p = 0; p < c->npairs; p++)
        cases += pl_workspace_record(ws, c->pairs[p].a)->pair_id != NULL;
    return !cases                ? "by task and id"
           : cases == c->npairs ? "cases by domain, prompt type and instance"
                                 : "by task and id, cases by domain, prompt type and instance";
}

/* The runs, then what was paired, wrapped to the width. */
static void header_lines(const pl_workspace *ws, const pl_run_comparison *c, const char *model_a,
                         const char *model_b, const pl_cmp_glyphs *g, int width, pl_view_model *vm)
{
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "A %s%sB %s", model_a, g->sep, model_b);
    char grading[48] = "";
    if (c->pending)
        snprintf(grading, sizeof grading, "%sgrading %d", g->sep, c->pending);
    char *counts = pl_strdup_printf("%d paired question%s (%s)%sonly A %d%sonly B %d%sduplicates %d%s"
                                    "no verdict %d%s",
                                    c->npairs, PL_PLURAL(c->npairs), pairing(ws, c), g->sep, c->only_a, g->sep, c->only_b, g->sep, c->dup_a + c->dup_b,
                                    g->sep, c->errors, grading);
    if (!counts) {
        vm->oom = true;
        return;
    }
    pl_vm_wrapped(vm, ROLE_DIM, counts, width, 0);
    free(counts);
    if (c->only_a || c->only_b) { /* accuracies over different questions would not compare */
        char *warning = pl_strdup_printf("the runs answer different questions: every figure below is over the %d "
                                         "both answered",
                                         c->npairs);
        if (warning)
            pl_vm_wrapped(vm, ROLE_MISSED, warning, width, 0);
        vm->oom = vm->oom || !warning;
        free(warning);
    }
}

void pl_view_compare(const pl_workspace *ws, const pl_selection *sel, const char *model_a, const char *model_b,
                     pl_compare_filter filter, double bin_width, bool ascii, int width, pl_view_model *vm)
{
    const pl_cmp_glyphs *g = pl_cmp_glyphs_of(ascii);
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
    header_lines(ws, &c, model_a, model_b, g, width, vm);
    if (!c.npairs) { /* empty tables would say nothing: say why there is nothing */
        char *why = pl_strdup_printf("nothing to compare: the runs answer no question in common (A answers %d "
                                     "that B does not, B %d that A does). Compare runs of the same questions: "
                                     "c on run A's row, then on run B's (:compare A B).",
                                     c.only_a, c.only_b);
        pl_vm_line(vm, -1);
        if (why)
            pl_vm_wrapped(vm, ROLE_MISSED, why, width, 0);
        vm->oom = vm->oom || !why;
        free(why);
        pl_vm_set_status(vm, "0 paired%snothing in common", g->sep);
        pl_run_comparison_free(&c);
        free(records);
        return;
    }
    pl_vm_line(vm, -1);
    pl_cmp_summary(&c, ascii, width, vm);
    pl_cmp_quality(ws, &c, ascii, width, vm);
    for (int t = 0; t < c.ntasks; t++) {
        if (!c.tasks[t].value.n)
            continue;
        pl_vm_line(vm, -1);
        if (pl_cmp_histograms(ws, &c, t, bin_width, ascii, width, vm, &err) < 0) {
            error_line(vm, &err);
            break;
        }
    }
    pl_vm_line(vm, -1);
    int listed = err.code == PL_OK ? question_lines(ws, &c, filter, ascii, width, vm) : 0;
    if (err.code == PL_OK)
        pl_vm_set_status(vm, "%d paired%s%d disagree%s%d shown (%s)%sbin width %.2f", c.npairs, g->sep,
                         c.total.a_only + c.total.b_only, g->sep, listed, pl_compare_filter_name(filter), g->sep,
                         bin_width);
    pl_error_clear(&err);
    pl_run_comparison_free(&c);
    free(records);
}
