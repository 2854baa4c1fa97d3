/* The grader-probe report as a view model. */
#include "probe_view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "table.h"

enum { COL_TASK, COL_PROBE, COL_RESPONSES, COL_OFFICIAL, COL_SOUND, COL_ACCEPTS, COL_REJECTS, COL_EXAMPLE };

static void lay_out(const pl_probe_report *r, int width, pl_table *t)
{
    pl_table_add(t, "task", PL_ALIGN_LEFT, false, 0);
    pl_table_add(t, "probe", PL_ALIGN_LEFT, false, 0);
    pl_table_add(t, "responses", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "official", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "sound", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "accepts wrong", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "rejects right", PL_ALIGN_RIGHT, false, 0);
    pl_table_add(t, "example", PL_ALIGN_LEFT, true, 8);
    for (int task = 0; task < PL_ACP_NTASKS; task++)
        for (int k = 0; k < PL_PROBE_COUNT; k++)
            if (r->cells[task][k].n) {
                pl_table_measure(t, COL_TASK, pl_acp_task_name((pl_acp_task)task));
                pl_table_measure(t, COL_PROBE, pl_probe_kind_name((pl_probe_kind)k));
                if (r->cells[task][k].example)
                    pl_table_measure(t, COL_EXAMPLE, r->cells[task][k].example->id);
            }
    pl_table_fit(t, width);
}

static void count(const pl_table *t, int col, pl_view_model *vm, pl_role role, int n)
{
    char text[16];
    snprintf(text, sizeof text, "%d", n);
    pl_table_cell(t, col, vm, role, text);
}

void pl_view_probe(const pl_probe_report *r, int total, int width, bool ascii, pl_view_model *vm)
{
    pl_vm_init(vm);
    pl_vm_set_title(vm, "probe");
    int errs = 0;
    bool running = r->questions < total;
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_DIM,
               "Each correct answer perturbed in known ways and graded by the official and the sound rule (%d "
               "generative questions).",
               total);
    pl_table *t = vm->table = malloc(sizeof *vm->table);
    if (!t) {
        vm->oom = true;
        return;
    }
    pl_table_init(t, ascii);
    lay_out(r, width, t);
    if (!total) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_ERROR, "no ACPBench generative question is loaded: nothing to probe");
    } else {
        pl_vm_line(vm, -1);
        pl_vm_line(vm, -1);
        pl_table_header(t, vm);
        vm->nfixed = 3; /* the explanation and the column headers stay while the rows scroll */
    }
    for (int task = 0; task < PL_ACP_NTASKS; task++)
        for (int k = 0; k < PL_PROBE_COUNT; k++) {
            const pl_probe_cell *c = &r->cells[task][k];
            if (!c->n)
                continue;
            pl_vm_line(vm, task * PL_PROBE_COUNT + k); /* Enter: the example's (else the first question's) answer */
            pl_table_cell(t, COL_TASK, vm, ROLE_TEXT, pl_acp_task_name((pl_acp_task)task));
            pl_table_cell(t, COL_PROBE, vm, ROLE_TEXT, pl_probe_kind_name((pl_probe_kind)k));
            count(t, COL_RESPONSES, vm, ROLE_TEXT, c->n);
            count(t, COL_OFFICIAL, vm, ROLE_TEXT, c->official);
            count(t, COL_SOUND, vm, ROLE_TEXT, c->sound);
            count(t, COL_ACCEPTS, vm, c->accepts_wrong ? ROLE_WRONG : ROLE_DIM, c->accepts_wrong);
            count(t, COL_REJECTS, vm, c->rejects_right ? ROLE_MISSED : ROLE_DIM, c->rejects_right);
            pl_table_cell(t, COL_EXAMPLE, vm, ROLE_TEXT, c->example ? c->example->id : "");
            errs += c->accepts_wrong || c->rejects_right;
        }
    const char *dot = ascii ? "-" : "·", *times = ascii ? "x" : "×";
    if (running)
        pl_vm_set_status(vm, "probing: %d of %d question%s (%d%%) %s %d task%sprobe cell%s where the official grader "
                             "errs so far %s q stops",
                         r->questions, total, PL_PLURAL(total), (int)(100LL * r->questions / total), dot, errs, times,
                         PL_PLURAL(errs), dot);
    else
        pl_vm_set_status(vm, "%d question%s probed %s %d task%sprobe cell%s where the official grader errs %s Enter: a "
                             "cell's questions, R: their answers",
                         r->questions, PL_PLURAL(r->questions), dot, errs, times, PL_PLURAL(errs), dot);
}

enum { CELL_ID, CELL_DOMAIN, CELL_STORED, CELL_PERTURBED };

/* The texts of one question's row (owned; any may be NULL when out of memory). */
typedef struct {
    char *domain, *stored, *perturbed;
} cell_row;

static cell_row row_of(const pl_acp_question *q, pl_probe_kind kind)
{
    return (cell_row){pl_acp_question_domain(q), q->answer ? cJSON_PrintUnformatted(q->answer) : NULL,
                      pl_probe_response(q, kind)};
}

static void row_free(cell_row *w)
{
    free(w->domain);
    free(w->stored);
    free(w->perturbed);
}

void pl_view_probe_cell(const pl_probe_report *r, int cell, int width, bool ascii, pl_view_model *vm)
{
    pl_vm_init(vm);
    pl_acp_task task = (pl_acp_task)(cell / PL_PROBE_COUNT);
    pl_probe_kind kind = (pl_probe_kind)(cell % PL_PROBE_COUNT);
    const pl_probe_cell *c = &r->cells[task][kind];
    const char *dot = ascii ? "-" : "·";
    pl_vm_set_title(vm, "probe %s %s", pl_acp_task_name(task), pl_probe_kind_name(kind));
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "%s %s probe %s %s %d question%s where the rules differ", pl_acp_task_name(task),
               dot, pl_probe_kind_name(kind), dot, c->ndiffer, PL_PLURAL(c->ndiffer));
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_WRONG, "  %d accepted although wrong", c->accepts_wrong);
    pl_vm_span(vm, ROLE_DIM, ", ");
    pl_vm_span(vm, ROLE_MISSED, "%d rejected although right", c->rejects_right);
    pl_vm_span(vm, ROLE_DIM, " (of %d responses)", c->n);
    pl_table *t = vm->table = malloc(sizeof *vm->table);
    cell_row *rows = calloc((size_t)c->ndiffer + 1, sizeof *rows);
    if (!t || !rows) {
        free(rows);
        vm->oom = true;
        return;
    }
    pl_table_init(t, ascii);
    pl_table_add(t, "question", PL_ALIGN_LEFT, true, 8);
    pl_table_add(t, "domain", PL_ALIGN_LEFT, true, 6);
    pl_table_add(t, "stored answer", PL_ALIGN_LEFT, true, 8);
    pl_table_add(t, "perturbed", PL_ALIGN_LEFT, true, 8);
    for (int i = 0; i < c->ndiffer; i++) {
        rows[i] = row_of(c->differ[i], kind);
        pl_table_measure(t, CELL_ID, c->differ[i]->id);
        pl_table_measure(t, CELL_DOMAIN, rows[i].domain ? rows[i].domain : "");
        pl_table_measure(t, CELL_STORED, rows[i].stored ? rows[i].stored : "");
        pl_table_measure(t, CELL_PERTURBED, rows[i].perturbed ? rows[i].perturbed : "");
    }
    pl_table_fit(t, width);
    pl_vm_line(vm, -1);
    pl_vm_line(vm, -1);
    pl_table_header(t, vm);
    vm->nfixed = 4; /* the counts and the column headers stay while the rows scroll */
    for (int i = 0; i < c->ndiffer; i++) {
        pl_vm_line(vm, cell + PL_PROBE_CELLS * (i + 1)); /* Enter: this question's perturbed answer */
        pl_table_cell(t, CELL_ID, vm, ROLE_TEXT, c->differ[i]->id);
        pl_table_cell(t, CELL_DOMAIN, vm, ROLE_TEXT, rows[i].domain ? rows[i].domain : "");
        pl_table_cell(t, CELL_STORED, vm, ROLE_TEXT, rows[i].stored ? rows[i].stored : "");
        pl_table_cell(t, CELL_PERTURBED, vm, ROLE_TEXT, rows[i].perturbed ? rows[i].perturbed : "");
        row_free(&rows[i]);
    }
    free(rows);
    if (!c->ndiffer) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "  the two rules agree on every question of this cell");
    }
    pl_vm_set_status(vm, "%d question%s %s Enter: the perturbed answer, both verdicts %s R: review the runs' answers",
                     c->ndiffer, PL_PLURAL(c->ndiffer), dot, dot);
}

int pl_probe_answer_make(const pl_probe_report *r, int target, pl_probe_answer *out)
{
    memset(out, 0, sizeof *out);
    if (target < 0)
        return -1;
    int cell = target % PL_PROBE_CELLS, i = target / PL_PROBE_CELLS - 1; /* -1: the cell itself */
    const pl_probe_cell *c = &r->cells[cell / PL_PROBE_COUNT][cell % PL_PROBE_COUNT];
    if (i >= c->ndiffer)
        return -1;
    out->q = i >= 0 ? c->differ[i] : c->example ? c->example : c->first;
    out->kind = (pl_probe_kind)(cell % PL_PROBE_COUNT);
    if (!out->q || !(out->response = pl_probe_response(out->q, out->kind)))
        return -1;
    pl_acp_grade_options o = pl_acp_grade_default_options();
    pl_acp_grader *g = pl_acp_grader_new(&o);
    pl_error err = PL_ERROR_INIT;
    if (!g || pl_acp_grade(g, out->q, out->response, &out->v, &err) < 0)
        out->error = err.message ? pl_error_format(&err) : pl_strdup("out of memory");
    pl_error_clear(&err);
    pl_acp_grader_free(g);
    return 0;
}

void pl_probe_answer_free(pl_probe_answer *a)
{
    free(a->response);
    if (!a->error)
        pl_acp_verdict_clear(&a->v);
    free(a->error);
    memset(a, 0, sizeof *a);
}

static void verdict_line(pl_view_model *vm, const char *rule, int score, const char *why)
{
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_TEXT, "  %-9s", rule);
    pl_vm_span(vm, score ? ROLE_CORRECT : ROLE_WRONG, "%s", score ? "accepted" : "rejected");
    if (why)
        pl_vm_span(vm, ROLE_DIM, "  %s", why);
}

void pl_view_probe_answer(const pl_probe_answer *a, int width, pl_view_model *vm)
{
    pl_vm_init(vm);
    const pl_acp_question *q = a->q;
    pl_vm_set_title(vm, "probe %s %s", pl_acp_task_name(q->task), pl_probe_kind_name(a->kind));
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "%s · probe %s · question %s", pl_acp_task_name(q->task), pl_probe_kind_name(a->kind),
               q->id);
    pl_vm_line(vm, -1);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "Question");
    pl_vm_wrapped(vm, ROLE_TEXT, q->question ? q->question : "", width, 2);
    char *stored = q->answer ? cJSON_PrintUnformatted(q->answer) : NULL;
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "Stored answer");
    pl_vm_wrapped(vm, ROLE_TEXT, stored ? stored : "(none)", width, 2);
    free(stored);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "Perturbed answer (%s)", pl_probe_kind_name(a->kind));
    pl_vm_wrapped(vm, ROLE_TEXT, a->response, width, 2);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "Verdicts");
    if (a->error) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_ERROR, "  not graded: %s", a->error);
        pl_vm_set_status(vm, "not graded");
        return;
    }
    verdict_line(vm, "official", a->v.score, a->v.path ? a->v.path : NULL);
    verdict_line(vm, "sound", a->v.sound_score, a->v.sound_reason);
    pl_vm_line(vm, -1);
    pl_vm_line(vm, -1);
    const char *what = a->v.score && !a->v.sound_score   ? "the official grader accepts a wrong answer"
                       : !a->v.score && a->v.sound_score ? "the official grader rejects a right answer"
                                                         : "both rules agree";
    pl_vm_span(vm, a->v.score != a->v.sound_score ? ROLE_HALLUCINATED : ROLE_DIM, "  %s", what);
    pl_vm_set_status(vm, "official %s · sound %s", a->v.score ? "accepted" : "rejected",
                     a->v.sound_score ? "accepted" : "rejected");
}
