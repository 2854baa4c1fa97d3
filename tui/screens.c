/* The plan, state, compare and probe screens, and teach mode opened from a
 * question: what they show and what Enter and their keys open. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "tui_teach.h"
#include "question_bank.h"
#include "warnings_view.h"

void tui_free_screen_extras(tui_app *app, tui_screen *s)
{
    pl_state_trace_free(s->trace);
    if (s->owns_plan)
        pl_plan_subject_free(s->plan);
    free(s->model_a);
    free(s->model_b);
    if (s->why)
        pl_why_free(s->why);
    free(s->why);
    if (s->charts)
        pl_qcharts_free(s->charts);
    free(s->charts);
    if (s->queue)
        pl_review_queue_free(s->queue);
    free(s->queue);
    if (s->probe_answer)
        pl_probe_answer_free(s->probe_answer);
    free(s->probe_answer);
    if (s->probe_job) {
        /* A question in hand can take seconds to grade: the run is told to
         * stop and freed once it has, so leaving the screen never waits. */
        pl_probe_job_stop(s->probe_job);
        pl_probe_job **grown = realloc(app->stopping, (size_t)(app->nstopping + 1) * sizeof *grown);
        if (grown) {
            app->stopping = grown;
            app->stopping[app->nstopping++] = s->probe_job;
        } else {
            pl_probe_job_free(s->probe_job);
        }
    }
}

void tui_build_screen(tui_app *app, tui_screen *s, int width)
{
    switch (s->kind) {
    case VIEW_PLAN:
        pl_view_plan(s->plan, s->plan_k, s->np_aqm, width, &s->vm);
        break;
    case VIEW_STATE:
        if (s->trace)
            pl_view_state_trace(s->trace, s->step, app->ascii, width, &s->vm);
        else if (pl_view_state_answer(app->ws, s->record, app->ascii, width, &s->vm) != 1) {
            pl_vm_init(&s->vm);
            pl_vm_line(&s->vm, -1);
            pl_vm_span(&s->vm, ROLE_ERROR, "out of memory");
        }
        break;
    case VIEW_PROBE_ANSWER:
        pl_view_probe_answer(s->probe_answer, width, &s->vm);
        break;
    case VIEW_WARNINGS:
        pl_view_warnings(pl_workspace_warnings(app->ws), width, &s->vm);
        break;
    case VIEW_BANK:
        pl_view_question_bank(app->ws, width, app->ascii, &s->vm);
        break;
    case VIEW_BANK_QUESTION:
        pl_view_bank_question(app->ws, s->record, width, app->ascii, &s->vm);
        break;
    case VIEW_PROBE: {
        int done;
        s->probe_state = pl_probe_job_peek(s->probe_job, &s->probe, &done, &s->probe_total);
        pl_view_probe(&s->probe, s->probe_total, width, app->ascii, &s->vm);
        if (s->probe_state < 0)
            pl_vm_set_status(&s->vm, "probe stopped: out of memory (%d of %d question%s)", done, s->probe_total,
                             PL_PLURAL(s->probe_total));
        break;
    }
    case VIEW_HELP:
        tui_build_help(app, s, width);
        break;
    case VIEW_CHARTS:
        tui_build_charts(app, s, width);
        break;
    default: {
        pl_selection sel = tui_selection(s);
        pl_view_compare(app->ws, &sel, s->model_a, s->model_b, s->agree, s->bin_width, app->ascii, width, &s->vm);
        break;
    }
    }
}

/* The plan subject of the record shown (detail), or NULL with a message. */
static pl_plan_subject *subject_of_detail(tui_app *app, const tui_screen *s)
{
    if (s->kind != VIEW_DETAIL) {
        snprintf(app->message, sizeof app->message, "open a question first (Enter on a list line)");
        return NULL;
    }
    char *why = NULL;
    pl_plan_subject *p = pl_plan_subject_from_record(app->ws, s->record, &why);
    if (!p)
        snprintf(app->message, sizeof app->message, "no plan view: %s", why ? why : "out of memory");
    free(why);
    return p;
}

void tui_open_plan(tui_app *app)
{
    tui_screen *s = tui_top(app);
    if (s->kind == VIEW_PLAN)
        return;
    pl_plan_subject *p = subject_of_detail(app, s);
    tui_screen *v = p ? tui_push(app, VIEW_PLAN) : NULL;
    if (!v) {
        pl_plan_subject_free(p);
        return;
    }
    v->plan = p;
    v->owns_plan = true;
    v->record = s->record;
}

/* A state screen walking plan k of a subject from step `step`. */
static void push_trace(tui_app *app, pl_plan_subject *p, bool owns, int k, int step)
{
    const char *const *actions;
    int n = pl_plan_subject_plan(p, k, &actions);
    pl_state_trace *tr = n >= 0 ? pl_state_trace_new(pl_plan_subject_task(p), actions, n) : NULL;
    int record = tui_top(app)->record;
    tui_screen *v = tr ? tui_push(app, VIEW_STATE) : NULL;
    if (!v) {
        if (n < 0)
            snprintf(app->message, sizeof app->message, "this plan does not exist here");
        pl_state_trace_free(tr);
        if (owns)
            pl_plan_subject_free(p);
        return;
    }
    v->plan = p;
    v->owns_plan = owns;
    v->plan_k = k;
    v->trace = tr;
    v->record = record;
    int last = pl_state_trace_steps(tr) - 1;
    v->step = step < last ? step : last;
}

/* A question whose answer is neither a plan nor a state (app, reach, ...):
 * the state it is asked in, its problem's initial state.  False when its
 * PDDL does not load. */
static bool open_question_state(tui_app *app, int record)
{
    const pl_ws_record *r = pl_workspace_record(app->ws, record);
    pl_loaded_task lt;
    char *why = NULL;
    if (pl_record_task(r, &lt, &why) < 0) {
        free(why);
        return false;
    }
    pl_state_trace *tr = pl_state_trace_new(lt.task, NULL, 0);
    tui_screen *v = tr ? tui_push(app, VIEW_STATE) : NULL;
    if (!v) {
        pl_state_trace_free(tr);
        pl_loaded_task_free(&lt);
        return true; /* said by tui_push, or out of memory */
    }
    v->trace = tr;
    v->record = record;
    v->detail.lt = lt; /* the screen owns the task the trace walks */
    v->detail.loaded = true;
    snprintf(app->message, sizeof app->message, "the state this %s question is asked in (its answer is not a plan)",
             r->task);
    return true;
}

void tui_open_state(tui_app *app)
{
    tui_screen *s = tui_top(app);
    if (s->kind == VIEW_PLAN) {
        int target = s->cursor < s->vm.nlines ? s->vm.lines[s->cursor].target : -1;
        push_trace(app, s->plan, false, s->plan_k, target >= 0 && target < PL_PLAN_TARGET_PI ? target + 1 : 0);
        return;
    }
    if (s->kind != VIEW_DETAIL) {
        snprintf(app->message, sizeof app->message, "open a question first (Enter on a list line)");
        return;
    }
    pl_view_model probe;
    if (pl_view_state_answer(app->ws, s->record, app->ascii, app->cols, &probe) == 1) {
        pl_vm_free(&probe); /* the answer is a state: compare it with the true one */
        tui_screen *v = tui_push(app, VIEW_STATE);
        if (v)
            v->record = s->record;
        return;
    }
    char *why = NULL;
    pl_plan_subject *p = pl_plan_subject_from_record(app->ws, s->record, &why);
    if (p)
        push_trace(app, p, true, 0, 0);
    else if (!open_question_state(app, s->record))
        snprintf(app->message, sizeof app->message, "no state view: %s", why ? why : "out of memory");
    free(why);
}

void tui_open_teach(tui_app *app)
{
    tui_screen *s = tui_top(app);
    const pl_task *task = NULL;
    pl_loaded_task lt = {0};
    char *why = NULL;
    if (s->plan)
        task = pl_plan_subject_task(s->plan);
    else if (s->kind == VIEW_DETAIL && pl_record_task(pl_workspace_record(app->ws, s->record), &lt, &why) == 0)
        task = lt.task;
    if (!task) {
        snprintf(app->message, sizeof app->message, "teach: %s", why ? why : "open a question first");
        free(why);
        return;
    }
    char *title = s->record >= 0 ? pl_strdup(pl_workspace_record(app->ws, s->record)->id)
                                 : pl_strdup("question");
    tui_teach_opts o = {.title = title ? title : "teach", .ascii = app->ascii, .color = app->color, .nested = true};
    tui_teach_run(task, &o, &app->keymap);
    free(title);
    if (lt.task)
        pl_loaded_task_free(&lt);
    clearok(stdscr, TRUE); /* teach drew over the whole screen */
    for (int i = 0; i < app->depth; i++)
        app->stack[i].stale = true;
}

/* Is `model` a run of the workspace? */
static bool is_run(const pl_workspace *ws, const char *model)
{
    for (int g = 0; g < pl_workspace_ngroups(ws); g++)
        if (!strcmp(pl_workspace_group_model(ws, g), model))
            return true;
    return false;
}

void tui_open_compare(tui_app *app, const char *model_a, const char *model_b)
{
    const char *unknown = !is_run(app->ws, model_a) ? model_a : !is_run(app->ws, model_b) ? model_b : NULL;
    if (unknown || !strcmp(model_a, model_b)) {
        snprintf(app->message, sizeof app->message, unknown ? "compare: no run named %s" : "compare: two different runs",
                 unknown ? unknown : "");
        return;
    }
    tui_screen *from = tui_top(app);
    tui_screen *v = tui_push_narrowed(app, VIEW_COMPARE, from, NULL, NULL);
    if (!v)
        return;
    v->model_a = pl_strdup(model_a);
    v->model_b = pl_strdup(model_b);
    v->agree = PL_CMP_ALL;
    v->hold_top = true; /* the summary and histograms first; the questions follow below */
    v->bin_width = 0.1;
}

/* c on a dashboard row: the first press picks run A, the second run B. */
void tui_choose_compare(tui_app *app)
{
    tui_screen *s = tui_top(app);
    int target = s->cursor < s->vm.nlines ? s->vm.lines[s->cursor].target : -1;
    if (s->kind != VIEW_DASHBOARD || target < 0 || target >= s->rows.nkeys)
        return;
    const char *key = s->rows.keys[target];
    char *model = pl_strndup(key, strcspn(key, "\t"));
    if (!model)
        return;
    s->stale = true; /* run A is marked on the dashboard while B is chosen */
    if (!app->compare_a || !strcmp(app->compare_a, model)) {
        free(app->compare_a);
        app->compare_a = model;
        snprintf(app->message, sizeof app->message, "compare: run A = %s; press c on another run for B", model);
        return;
    }
    tui_open_compare(app, app->compare_a, model);
    free(app->compare_a);
    app->compare_a = NULL;
    free(model);
}

/* Enter on a probe line: its example question's perturbed answer, graded
 * both ways (no loaded run needed: the probe made the answer). */
static void open_probe_answer(tui_app *app, const tui_screen *s, int target)
{
    pl_probe_answer *a = calloc(1, sizeof *a);
    if (!a || pl_probe_answer_make(&s->probe, target, a) < 0) {
        if (a)
            pl_probe_answer_free(a);
        free(a);
        snprintf(app->message, sizeof app->message, "no perturbed answer to show on this line");
        return;
    }
    tui_screen *v = tui_push(app, VIEW_PROBE_ANSWER);
    if (v) {
        v->probe_answer = a;
    } else {
        pl_probe_answer_free(a);
        free(a);
    }
}

void tui_open_from_extra(tui_app *app, tui_screen *s, int target)
{
    if (s->kind == VIEW_PLAN && target >= PL_PLAN_TARGET_PI) {
        const char *const *actions;
        if (pl_plan_subject_plan(s->plan, target - PL_PLAN_TARGET_PI, &actions) < 0) {
            snprintf(app->message, sizeof app->message, "this plan does not exist here");
            return;
        }
        tui_screen *v = tui_push(app, VIEW_PLAN);
        if (v) {
            v->plan = s->plan; /* borrowed: the screen below owns it */
            v->plan_k = target - PL_PLAN_TARGET_PI;
            v->record = s->record;
        }
    } else if (s->kind == VIEW_PLAN) {
        push_trace(app, s->plan, false, s->plan_k, target + 1);
    } else if (s->kind == VIEW_COMPARE) {
        tui_screen *d = tui_push(app, VIEW_DETAIL);
        if (d)
            d->record = target;
    } else if (s->kind == VIEW_PROBE) {
        open_probe_answer(app, s, target);
    } else if (s->kind == VIEW_BANK) {
        tui_screen *q = tui_push(app, VIEW_BANK_QUESTION);
        if (q)
            q->record = target; /* the question's index, not a record: no run answers it */
    }
}

/* :probe [KINDS]: perturb every loaded generative question's answer and grade
 * the perturbations.  The grading runs in the background (half a minute on a
 * full ACPBench test split): the screen fills in as it goes, and leaving it
 * stops the run. */
void tui_open_probe(tui_app *app, const char *kinds)
{
    unsigned mask = (1u << PL_PROBE_COUNT) - 1;
    if (*kinds && pl_probe_kinds_parse(kinds, &mask) < 0) {
        snprintf(app->message, sizeof app->message,
                 "probe: kinds are exact, drop, hallucinate, swap-args, case, prose, markdown, off-by-one, none");
        return;
    }
    if (!tui_check_opened(app)) { /* loaded since the last tick counts */
        snprintf(app->message, sizeof app->message, "probe: wait until the files are loaded");
        return;
    }
    const pl_acp_questions *qs = pl_workspace_acp_questions(app->ws);
    const pl_acp_question **list = malloc(((size_t)qs->count + 1) * sizeof *list);
    for (int i = 0; list && i < qs->count; i++)
        list[i] = &qs->items[i];
    pl_probe_job *job = list ? pl_probe_job_start(list, qs->count, mask) : NULL;
    free(list);
    tui_screen *v = job ? tui_push(app, VIEW_PROBE) : NULL;
    if (v)
        v->probe_job = job;
    else {
        pl_probe_job_free(job);
        snprintf(app->message, sizeof app->message, "probe: out of memory");
    }
}

void tui_reap_probes(tui_app *app, bool wait)
{
    int kept = 0;
    for (int i = 0; i < app->nstopping; i++) {
        pl_probe_report unused;
        int done, total;
        if (wait || pl_probe_job_peek(app->stopping[i], &unused, &done, &total) != 0)
            pl_probe_job_free(app->stopping[i]);
        else
            app->stopping[kept++] = app->stopping[i];
    }
    app->nstopping = kept;
    if (!kept) {
        free(app->stopping);
        app->stopping = NULL;
    }
}

bool tui_top_is_busy(tui_app *app)
{
    const tui_screen *s = tui_top(app);
    return s->kind == VIEW_PROBE && s->probe_job && s->probe_state == 0;
}

void tui_open_warnings(tui_app *app)
{
    if (!tui_check_opened(app))
        snprintf(app->message, sizeof app->message, "warnings: wait until the files are loaded");
    else if (!pl_workspace_warnings(app->ws)->count)
        snprintf(app->message, sizeof app->message, "no warnings to show: every file opened cleanly");
    else
        tui_push(app, VIEW_WARNINGS);
}

/* h: the histograms of what the screen holds; from a dashboard row, shown
 * from that row's run × task (the first of 53 is rarely the one asked for). */
void tui_open_histogram(tui_app *app)
{
    tui_screen *s = tui_top(app);
    int target = s->cursor >= 0 && s->cursor < s->vm.nlines ? s->vm.lines[s->cursor].target : -1;
    const char *key = s->kind == VIEW_DASHBOARD && target >= 0 && target < s->rows.nkeys ? s->rows.keys[target] : NULL;
    const char *task = key ? strchr(key, '\t') : NULL;
    char *model = task ? pl_strndup(key, (size_t)(task - key)) : NULL;
    tui_screen *h = tui_push_narrowed(app, VIEW_HISTOGRAM, s, NULL, NULL);
    pl_selection sel = h ? tui_selection(h) : (pl_selection){0};
    int group = h && model ? pl_histogram_group_of(app->ws, &sel, model, task + 1) : -1;
    if (group >= 0) {
        tui_rebuild(app, h);
        for (int i = 0; i < h->vm.nlines; i++)
            if (h->vm.lines[i].target >= 0 && h->vm.lines[i].target / PL_HIST_TARGET_STRIDE == group) {
                h->cursor = i; /* its first bin with answers: bin b's line is b lines below the title */
                int title = i - h->vm.lines[i].target % PL_HIST_METRIC_STRIDE - 1;
                h->top = title > 0 ? title : 0;
                h->hold_top = true;
                break;
            }
    }
    free(model);
}
