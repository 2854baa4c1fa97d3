/* The plan view: one plan's steps (π0 with its AQM / NP-AQM labels beside
 * the paired ground-truth action), the simulator's marker after the last
 * executable action, the unmet goals, and the metrics panel whose plan
 * lines open π0..π4 and the ground truth. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan_view.h"
#include "plans/plan.h"

char pl_plan_label_mark(pl_qlabel l)
{
    static const char marks[] = {'?', 'C', 'M', 'S', 'D', 'R'};
    return (unsigned)l < sizeof marks ? marks[l] : '?';
}

pl_role pl_plan_label_role(pl_qlabel l)
{
    switch (l) {
    case PL_QL_POSITION:
        return ROLE_CORRECT;
    case PL_QL_CORRECT:
        return ROLE_MISSED;
    case PL_QL_SAME_ACT:
        return ROLE_HALLUCINATED;
    case PL_QL_DIFF_ACT:
        return ROLE_WRONG;
    case PL_QL_REDUNDANT:
        return ROLE_DIM;
    default:
        return ROLE_TEXT;
    }
}

static void section(pl_view_model *vm, const char *title)
{
    pl_vm_line(vm, -1);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "%s", title);
}

/* Column width of an action: π0 rows hold two actions side by side. */
static int action_cols(int width, bool two)
{
    int cols = two ? (width - 30) / 2 : width - 10;
    return cols < 16 ? 16 : cols;
}

/* What ties an NP-AQM relabel to its GT action (§3 of the spec): the same
 * action somewhere in GT, the same name, or a parameter overlap. */
static void np_reason(pl_view_model *vm, const pl_quality_result *q, int i)
{
    if (q->np_aqm[i] == PL_QL_CORRECT)
        pl_vm_span(vm, ROLE_DIM, "  in GT");
    else if (q->np_aqm[i] == PL_QL_SAME_ACT)
        pl_vm_span(vm, ROLE_DIM, "  name");
    else
        pl_vm_span(vm, ROLE_DIM, "  %.3f", q->np_sim[i]);
}

/* One step of π0: label, action, and its ground-truth partner — the AQM
 * pairing, or under NP-AQM the GT action that relabelled a redundant step. */
static void step_row(pl_view_model *vm, const pl_quality_result *q, const pl_qlabel *labels, const char *action, int i,
                     bool executed, int cols)
{
    pl_vm_line(vm, i);
    pl_vm_span(vm, executed ? ROLE_TEXT : ROLE_DIM, "  %4d", i + 1);
    if (!labels) {
        pl_vm_span(vm, executed ? ROLE_TEXT : ROLE_DIM, "  %s", action);
        return;
    }
    pl_vm_span(vm, pl_plan_label_role(labels[i]), " %c", pl_plan_label_mark(labels[i]));
    bool relabelled = labels == q->np_aqm && q->paired_gt[i] < 0 && q->np_gt[i] >= 0;
    int j = relabelled ? q->np_gt[i] : q->paired_gt[i];
    if (j < 0) {
        pl_vm_span(vm, executed ? ROLE_TEXT : ROLE_DIM, "  %s", action);
        return;
    }
    pl_vm_span(vm, executed ? ROLE_TEXT : ROLE_DIM, "  %-*.*s", cols, cols, action);
    pl_vm_span(vm, pl_plan_label_role(labels[i]), "  #%-3d %-*.*s", j + 1, cols, cols,
               pl_quality_action_text(q, q->gt[j]));
    if (relabelled)
        np_reason(vm, q, i);
    else if (labels[i] == PL_QL_POSITION || labels[i] == PL_QL_CORRECT)
        pl_vm_span(vm, ROLE_DIM, "  exact");
    else
        pl_vm_span(vm, ROLE_DIM, "  %.3f", q->pair_sim[i]);
}

/* "a, b, c" (a new string; NULL when out of memory). */
static char *joined(char *const *items, int n, const char *suffix)
{
    char *s = pl_strdup("");
    for (int i = 0; s && i < n; i++) {
        char *next = pl_strdup_printf("%s%s%s%s", s, i ? ", " : "", items[i], suffix);
        free(s);
        s = next;
    }
    return s;
}

/* "── last executable action: step k · step k+1 (a) fails: (p) is false, ..." */
static void lea_marker(pl_view_model *vm, const pl_trace *tr, const char *action, int width)
{
    const pl_trace_step *st = &tr->steps[tr->failed_step];
    bool no_action = st->ref.status != PL_REF_OK && st->ref.status != PL_REF_STATICALLY_FALSE &&
                     st->ref.status != PL_REF_UNREACHABLE;
    char *unmet = joined(st->unmet, st->nunmet, " is false");
    const char *why = no_action || !st->nunmet ? (st->ref.detail ? st->ref.detail : "its precondition is false")
                                                : unmet ? unmet : "";
    char *last = tr->lea ? pl_strdup_printf("step %d", tr->lea) : pl_strdup("none");
    char *text = pl_strdup_printf("── last executable action: %s · step %d %s %s: %s", last ? last : "",
                                  tr->failed_step + 1, action, no_action ? "names no action" : "fails", why);
    if (text)
        pl_vm_wrapped(vm, ROLE_ERROR, text, width, 2);
    else
        vm->oom = true;
    free(text);
    free(last);
    free(unmet);
}

/* The steps of plan k with the marker after the last executable one, then
 * the plan's outcome. */
static void plan_rows(pl_view_model *vm, const pl_plan_subject *s, int k, bool np_aqm, int width,
                      const char *const *plan, int n, const pl_trace *tr)
{
    const pl_quality_result *q = pl_plan_subject_quality(s);
    const pl_qlabel *labels = k == PL_PLAN_PI0 ? (np_aqm ? q->np_aqm : q->aqm) : NULL;
    int cols = action_cols(width, labels != NULL);
    pl_vm_line(vm, -1);
    if (labels)
        pl_vm_span(vm, ROLE_HEADER, "  step L  %-*s  %-*s  sim", cols,
                   pl_plan_subject_is_quoted(s) ? "quoted plan" : "model plan", cols + 5,
                   "ground truth (paired)");
    else
        pl_vm_span(vm, ROLE_HEADER, "  step  action");
    for (int i = 0; i < n; i++) {
        if (i == tr->failed_step)
            lea_marker(vm, tr, plan[i], width);
        step_row(vm, q, labels, plan[i], i, i < tr->lea, cols);
    }
    if (n == 0) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "  (empty plan)");
    }
    if (tr->valid) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_CORRECT, "  valid: the goal holds after step %d", n);
    } else if (tr->executable) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_MISSED, "  every step executes, but %d goal%s unmet:", tr->nunmet_goals,
                   tr->nunmet_goals == 1 ? " is" : "s are");
        char *goals = joined(tr->unmet_goals, tr->nunmet_goals, "");
        pl_vm_wrapped(vm, ROLE_MISSED, goals ? goals : "", width, 4);
        free(goals);
    }
}

/* The ground-truth actions no step of π0 was paired with (what the plan misses). */
static void unpaired_truth(pl_view_model *vm, const pl_quality_result *q, int width)
{
    bool *paired = calloc((size_t)q->m + 1, sizeof *paired);
    char *list = pl_strdup("");
    if (!paired || !list) {
        vm->oom = true;
        free(paired);
        free(list);
        return;
    }
    for (int i = 0; i < q->n; i++)
        if (q->paired_gt[i] >= 0)
            paired[q->paired_gt[i]] = true;
    int count = 0;
    for (int j = 0; list && j < q->m; j++) {
        if (paired[j])
            continue;
        char *next = pl_strdup_printf("%s%s#%d %s", list, count++ ? ", " : "", j + 1,
                                      pl_quality_action_text(q, q->gt[j]));
        free(list);
        list = next;
    }
    if (count && list) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_MISSED, "  ground-truth actions no step is paired with (%d):", count);
        pl_vm_wrapped(vm, ROLE_MISSED, list, width, 4);
    }
    vm->oom |= !list;
    free(list);
    free(paired);
}

static const char *validity(bool valid, bool executable)
{
    return valid ? "valid" : executable ? "executable, goal unmet" : "not executable";
}

/* One line per plan; Enter opens it (target PL_PLAN_TARGET_PI + k). */
static void plan_line(pl_view_model *vm, const pl_plan_subject *s, int k)
{
    static const char *const what[PL_PLAN_COUNT] = {
        NULL, "plan potential (the best renaming and shift of π0)",
        "sub-plan of π0 (a common part with the ground truth)", "sub-plan of π1 (a common part with the ground truth)",
        "replanned (π0's correct part completed by the planner)", NULL};
    const pl_quality_result *q = pl_plan_subject_quality(s);
    const char *const *plan;
    int n = pl_plan_subject_plan(s, k, &plan);
    pl_vm_line(vm, n < 0 ? -1 : PL_PLAN_TARGET_PI + k);
    pl_vm_span(vm, ROLE_HEADER, "  %s", pl_plan_name(k));
    if (k == PL_PLAN_PI0 || what[k])
        pl_vm_span(vm, ROLE_TEXT, "  %s", k == PL_PLAN_PI0 ? pl_plan_subject_pi0_what(s) : what[k]);
    if (n < 0) {
        pl_vm_span(vm, ROLE_DIM, " · not computed (no ground truth)");
        return;
    }
    pl_vm_span(vm, ROLE_DIM, " · %d action%s", n, n == 1 ? "" : "s");
    const pl_qsub *sub = k == 1 ? &q->pi1 : k == 2 ? &q->pi2 : k == 3 ? &q->pi3 : NULL;
    if (k == PL_PLAN_PI0)
        pl_vm_span(vm, q->validity ? ROLE_CORRECT : ROLE_WRONG, " · %s · LEA %d · StV %d",
                   validity(q->validity, q->executability), q->lea, q->stv);
    else if (sub)
        pl_vm_span(vm, sub->valid ? ROLE_CORRECT : ROLE_WRONG, " · score %.3f · %s · LEA %d · StV %d", sub->score,
                   sub->valid ? "valid" : "invalid", sub->lea, sub->stv);
    else if (k == 4)
        pl_vm_span(vm, q->pi4_valid ? ROLE_CORRECT : ROLE_WRONG, " · %s%s%s", q->pi4_valid ? "valid" : "invalid",
                   q->pi4_note ? " · " : "", q->pi4_note ? q->pi4_note : "");
    if (k == 1 && q->pi1_error)
        pl_vm_span(vm, ROLE_DIM, " (π0 kept: a 0-ary action stops the official search)");
}

static void metrics(pl_view_model *vm, const pl_plan_subject *s, bool np_aqm)
{
    const pl_quality_result *q = pl_plan_subject_quality(s);
    const pl_qlabel *labels = np_aqm ? q->np_aqm : q->aqm;
    int counts[PL_QL_REDUNDANT + 1] = {0};
    for (int i = 0; i < q->n; i++)
        counts[labels[i]]++;
    section(vm, "Metrics of π0");
    pl_vm_line(vm, -1);
    pl_vm_span(vm, q->validity ? ROLE_CORRECT : ROLE_WRONG, "  %s", validity(q->validity, q->executability));
    pl_vm_span(vm, ROLE_TEXT, " · VAL %s · LEA %d (official) · true LEA %d · StV %d", pl_qx_verdict_name(q->verdict),
               q->lea, q->true_lea, q->stv);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_TEXT, "  %s", np_aqm ? "NP-AQM" : "AQM");
    for (int l = PL_QL_POSITION; l <= PL_QL_REDUNDANT; l++)
        pl_vm_span(vm, pl_plan_label_role((pl_qlabel)l), "  %c %d", pl_plan_label_mark((pl_qlabel)l), counts[l]);
    pl_vm_line(vm, -1); /* two short lines, the result first: both fit 80 columns */
    pl_vm_span(vm, ROLE_HEADER, "  final score %.3f", q->final_score);
    pl_vm_span(vm, ROLE_TEXT, " · potential %.3f · curr score %.3f", q->potential, q->curr_score);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_TEXT, "  similarity %.3f · trace score %.3f", q->similarity, q->trace_score);
    section(vm, "Plans (Enter opens one)");
    for (int k = 0; k < PL_PLAN_COUNT; k++)
        plan_line(vm, s, k);
}

void pl_view_plan(const pl_plan_subject *s, int k, bool np_aqm, int width, pl_view_model *vm)
{
    pl_vm_init(vm);
    const char *const *plan;
    int n = pl_plan_subject_plan(s, k, &plan);
    pl_vm_set_title(vm, "plan %s", pl_plan_name(k));
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "%s · %s", pl_plan_name(k), pl_plan_subject_title(s));
    pl_vm_wrapped(vm, ROLE_DIM, pl_plan_subject_about(s), width, 2);
    pl_trace *tr = n >= 0 ? pl_trace_new(pl_plan_subject_task(s), (char *const *)plan, n) : NULL;
    if (n >= 0 && !tr) {
        vm->oom = true;
        return;
    }
    if (k == PL_PLAN_PI0) {
        section(vm, np_aqm ? "π0 with NP-AQM labels" : "π0 with AQM labels");
        pl_vm_wrapped(vm, ROLE_DIM,
                      "C correct · M misplaced · S same action, other arguments · D different action · R redundant",
                      width, 2);
    } else {
        section(vm, pl_plan_name(k));
    }
    if (tr) {
        plan_rows(vm, s, k, np_aqm, width, plan, n, tr);
        if (k == PL_PLAN_PI0)
            unpaired_truth(vm, pl_plan_subject_quality(s), width);
        const pl_quality_result *q = pl_plan_subject_quality(s);
        char lea[64]; /* π0's official LEA may differ from the simulation's: both, as the metrics say */
        if (k == PL_PLAN_PI0 && q->lea != tr->lea)
            snprintf(lea, sizeof lea, "LEA %d (official) · true LEA %d", q->lea, tr->lea);
        else
            snprintf(lea, sizeof lea, "LEA %d", tr->lea);
        pl_vm_set_status(vm, "%s · %d action%s · %s · %s%s", pl_plan_name(k), n, n == 1 ? "" : "s",
                         validity(tr->valid, tr->executable), lea,
                         k == PL_PLAN_PI0 ? (np_aqm ? " · NP-AQM" : " · AQM") : "");
    } else {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "  not computed: there is no ground truth to replan towards");
        pl_vm_set_status(vm, "%s · not computed", pl_plan_name(k));
    }
    metrics(vm, s, np_aqm);
    pl_trace_free(tr);
}
