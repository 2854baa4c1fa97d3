/* Plans in the question detail (detail_plan.h). */
#include "detail_plan.h"

#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "iou/answer_list.h"

/* Two action texts name the same action once normalised as the action
 * distance normalises them ("UNSTACK(D, A)" is "(unstack d a)"). */
static bool same_action(const char *a, const char *b)
{
    char *x = pl_answer_item_normalise(a, strlen(a)), *y = pl_answer_item_normalise(b, strlen(b));
    bool same = x && y && !strcmp(x, y);
    free(x);
    free(y);
    return same;
}

/* The first step of `list` naming the action, or -1. */
static int step_of(char *const *list, int n, const char *action)
{
    for (int i = 0; i < n; i++)
        if (same_action(list[i], action))
            return i;
    return -1;
}

/* The engine's reason for an answer-only item, or NULL. */
static const char *reason_of(const pl_set_comparison *cmp, const char *action)
{
    for (int i = 0; cmp && i < cmp->count; i++)
        if (cmp->items[i].why && cmp->items[i].role != PL_ITEM_BOTH && cmp->items[i].role != PL_ITEM_MISSED &&
            same_action(cmp->items[i].text, action))
            return cmp->items[i].why;
    return NULL;
}

/* The failing step (0-based) of a plan that stops at a step, or -1. */
static int failing_step(const pl_failure *f)
{
    if (!f || f->step <= 0)
        return -1;
    switch (f->kind) {
    case PL_FAIL_MALFORMED_STEP:
    case PL_FAIL_UNKNOWN_ACTION:
    case PL_FAIL_WRONG_ARITY:
    case PL_FAIL_UNKNOWN_OBJECT:
    case PL_FAIL_TYPE_MISMATCH:
    case PL_FAIL_UNMET_PRECONDITION:
        return f->step - 1;
    default:
        return -1;
    }
}

static int widest(char *const *list, int n)
{
    int w = 0;
    for (int i = 0; i < n; i++) {
        int c = pl_text_columns(list[i]);
        w = c > w ? c : w;
    }
    return w;
}

/* "── last executable action: step 2 · step 3 (stack f e): (holding f) is false" */
static void lea_marker(pl_view_model *vm, int fail, const pl_failure *f, const pl_detail_opts *o)
{
    char *last = fail ? pl_strdup_printf("step %d", fail) : pl_strdup("none");
    char *text = pl_strdup_printf("%s last executable action: %s %s %s", o->ascii ? "--" : "──", last ? last : "",
                                  o->ascii ? "-" : "·", f->detail ? f->detail : "the next step fails");
    if (text)
        pl_vm_wrapped(vm, ROLE_ERROR, text, o->width, 2);
    else
        vm->oom = true;
    free(text);
    free(last);
}

/* Where the model's step k is in the truth, and whether the truth's step k
 * is in the plan at all, cut to `room` columns. */
static void match_cell(pl_view_model *vm, char *const *truth, int ntruth, char *const *plan, int nplan, int k,
                       const pl_set_comparison *cmp, int room, bool ascii)
{
    char *text = NULL;
    pl_role role = ROLE_MISSED;
    if (k < nplan) {
        int j = step_of(truth, ntruth, plan[k]);
        const char *why = j < 0 ? reason_of(cmp, plan[k]) : NULL;
        role = j == k ? ROLE_CORRECT : j >= 0 ? ROLE_MISSED : ROLE_WRONG;
        text = j == k ? pl_strdup("same step") : j >= 0 ? pl_strdup_printf("truth step %d", j + 1)
                                                        : pl_strdup_printf("not in truth%s%s", why ? ": " : "", why ? why : "");
    }
    if (k < ntruth && step_of(plan, nplan, truth[k]) < 0) {
        char *grown = pl_strdup_printf("%s%struth's not in plan", text ? text : "", text ? "; " : "");
        free(text);
        text = grown;
    }
    if (!text)
        return;
    if (pl_text_columns(text) > room && room > 3) { /* cut, marked */
        size_t keep = pl_text_prefix(text, room - (ascii ? 3 : 1));
        pl_vm_span(vm, role, "  %.*s%s", (int)keep, text, ascii ? "..." : "…");
    } else {
        pl_vm_span(vm, role, "  %s", text);
    }
    free(text);
}

void pl_detail_plan_rows(pl_view_model *vm, char *const *truth, int ntruth, char *const *plan, int nplan,
                         const pl_set_comparison *cmp, const pl_failure *failure, const pl_detail_opts *o)
{
    int fail = failing_step(failure), most = (o->width - 28) / 2 > 12 ? (o->width - 28) / 2 : 12;
    int lcol = widest(truth, ntruth), rcol = widest(plan, nplan);
    lcol = lcol < 12 ? 12 : lcol > most ? most : lcol;
    rcol = rcol < 12 ? 12 : rcol > most ? most : rcol;
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "  %3s  %-*s  %-*s  %s", "#", lcol, "ground truth", rcol, "model's plan", "match");
    for (int k = 0; k < ntruth || k < nplan; k++) {
        if (k == fail)
            lea_marker(vm, fail, failure, o);
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_TEXT, "  %3d  %-*.*s", k + 1, lcol, lcol, k < ntruth ? truth[k] : "");
        pl_role role = fail < 0 || k < fail ? ROLE_TEXT : k == fail ? ROLE_WRONG : ROLE_DIM;
        pl_vm_span(vm, role, "  %-*.*s", rcol, rcol, k < nplan ? plan[k] : "");
        match_cell(vm, truth, ntruth, plan, nplan, k, cmp, o->width - 11 - lcol - rcol, o->ascii);
    }
    if (failure && failure->kind == PL_FAIL_GOAL_UNMET) {
        char *text = pl_strdup_printf("%s every step executes, but %s", o->ascii ? "--" : "──",
                                      failure->detail ? failure->detail : "the goal does not hold");
        pl_vm_wrapped(vm, ROLE_MISSED, text ? text : "", o->width, 2);
        free(text);
    }
}

void pl_detail_distance_note(pl_view_model *vm, bool valid, double distance, const pl_failure *failure,
                             const pl_detail_opts *o)
{
    char *text;
    if (!valid && distance == 0) {
        int fail = failing_step(failure);
        char *where = fail >= 0 ? pl_strdup_printf("step %d fails", fail + 1)
                                : pl_strdup("the goal does not hold at the end");
        text = pl_strdup_printf("Why action distance 0 but binary success 0: the action distance is 1 - IoU of the two "
                                "plans' sets of distinct actions, blind to order and repeats; this plan uses exactly "
                                "the ground truth's actions, so it is 0. Binary success asks for a valid plan, and in "
                                "this order %s.",
                                where ? where : "the plan is not valid");
        free(where);
    } else {
        text = pl_strdup_printf("action distance %.3f: 1 - IoU of the two plans' sets of distinct actions (order and "
                                "repeats ignored); binary success is whether the plan is valid",
                                distance);
    }
    if (text)
        pl_vm_wrapped(vm, ROLE_DIM, text, o->width, 2);
    else
        vm->oom = true;
    free(text);
}

void pl_detail_final_score(pl_view_model *vm, const pl_ws_record *r, const pl_detail_opts *o)
{
    if (!r->has_quality)
        return;
    const char *dot = o->ascii ? "-" : "·";
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_TEXT, "  final %.3f", r->final_score);
    if (r->quality_curr < 0)
        pl_vm_span(vm, ROLE_DIM, " = -1: curr %.3f is below 0", r->quality_curr);
    else
        pl_vm_span(vm, ROLE_DIM, " = (curr %.3f + potential %.3f) / 2", r->quality_curr, r->quality_potential);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_DIM, "  scored as %s %s LEA %d/%d (official count)", r->quality_valid ? "valid" : "invalid", dot,
               r->quality_lea, r->pcase->nllm);
    if (r->quality_valid || r->final_score <= 4.0)
        return;
    char *text = pl_strdup_printf(
        "Why an invalid plan scores above 4.000, a valid plan of the ground truth's length: the published metric "
        "(EvaluatePlanPerAction) rewards closeness to the ground truth. An invalid plan's curr adds its similarity to "
        "it (actions in place 1, misplaced 0.5, paired actions' similarity, the longest common subsequence, twice the "
        "longest common block) less a length penalty, and its potential is the best repaired plan's score (pi1); a "
        "valid plan's curr is (|plan| + 3*|truth| - penalty) / |plan| and its potential 4*|truth|/|plan|, so a valid "
        "plan as long as the truth scores exactly 4.");
    if (text)
        pl_vm_wrapped(vm, ROLE_MISSED, text, o->width, 2);
    free(text);
}
