#include "iou/verdict.h"

#include <stdlib.h>
#include <string.h>

#include "iou/verdict_failure.h"
#include "plans/plan.h"
#include "task/load.h"

#define CACHED_TASKS 8

typedef struct {
    char *domain_text, *problem_text; /* owned copies: the cache key */
    pl_loaded_task lt;
    pl_error error;                   /* set when the PDDL does not load */
    unsigned long used;               /* for least-recently-used eviction */
} cached_task;

struct pl_iou_grader {
    cached_task slots[CACHED_TASKS];
    unsigned long clock;
};

pl_iou_grader *pl_iou_grader_new(void)
{
    return calloc(1, sizeof(pl_iou_grader));
}

static void slot_clear(cached_task *c)
{
    if (c->domain_text && !c->error.message)
        pl_loaded_task_free(&c->lt);
    free(c->domain_text);
    free(c->problem_text);
    pl_error_clear(&c->error);
    memset(c, 0, sizeof *c);
}

void pl_iou_grader_free(pl_iou_grader *g)
{
    if (!g)
        return;
    for (int i = 0; i < CACHED_TASKS; i++)
        slot_clear(&g->slots[i]);
    free(g);
}

/* The grounded task of the question, or NULL with *why saying why not. */
static const pl_task *task_of(pl_iou_grader *g, const pl_iou_question *q, const pl_error **why)
{
    *why = NULL;
    if (!q->pddl_domain || !q->pddl_problem)
        return NULL;
    cached_task *slot = &g->slots[0];
    for (int i = 0; i < CACHED_TASKS; i++) {
        cached_task *c = &g->slots[i];
        if (c->domain_text && c->problem_text && !strcmp(c->domain_text, q->pddl_domain) &&
            !strcmp(c->problem_text, q->pddl_problem)) {
            slot = c;
            goto found;
        }
        if (c->used < slot->used)
            slot = c;
    }
    slot_clear(slot);
    slot->domain_text = pl_strdup(q->pddl_domain);
    slot->problem_text = pl_strdup(q->pddl_problem);
    if (!slot->domain_text || !slot->problem_text)
        pl_error_set(&slot->error, PL_ERR_LIMIT, NULL, 0, 0, "out of memory");
    else if (pl_load_task_texts(q->pddl_domain, strlen(q->pddl_domain), "pddl_domain", q->pddl_problem,
                                strlen(q->pddl_problem), "pddl_problem", &slot->lt, NULL, &slot->error) == PL_OK)
        pl_error_clear(&slot->error);
found:
    slot->used = ++g->clock;
    if (slot->error.message) {
        *why = &slot->error;
        return NULL;
    }
    return slot->lt.task;
}

static int set_note(pl_iou_verdict *v, char *note)
{
    free(v->note);
    v->note = note;
    return note ? 0 : -1;
}

/* Plan tasks: validity by simulation, and for costplan the cost against the
 * truth's; the failure mode of a plan that is not a success. */
static int judge_plan(const pl_task *t, const pl_iou_question *q, pl_iou_verdict *v)
{
    pl_trace *tr = pl_trace_new(t, v->list.items, v->list.count);
    pl_trace *truth = q->task == PL_IOU_COSTPLAN ? pl_trace_new(t, q->answer, q->nanswer) : NULL;
    if (!tr || (q->task == PL_IOU_COSTPLAN && !truth)) {
        pl_trace_free(tr);
        return -1;
    }
    v->success = tr->valid && (!truth || tr->cost <= truth->cost + 1e-9);
    if (pl_plan_failure(tr, truth ? truth->cost : -1, &v->failure) < 0) {
        pl_trace_free(tr);
        pl_trace_free(truth);
        return -1;
    }
    char *note;
    if (!tr->valid)
        note = pl_strdup_printf("plan invalid: %s after %d of %d actions (LEA %d)",
                                tr->executable ? "goal not reached" : "an action is not applicable", tr->lea,
                                tr->nsteps, tr->lea);
    else if (truth)
        note = pl_strdup_printf("plan valid, cost %g (optimal %g)", tr->cost, truth->cost);
    else
        note = pl_strdup_printf("plan valid, %d actions (optimal %d)", tr->nsteps, q->nanswer);
    pl_trace_free(tr);
    pl_trace_free(truth);
    return set_note(v, note);
}

static bool is_blank(const char *s)
{
    return s[strspn(s, " \t\r\n\f\v")] == '\0';
}

/* Why an unsuccessful answer is wrong: nothing read from it, else its plan
 * (judge_plan classified it when the task is known) or its set of items. */
static int explain_failure(const pl_task *t, const pl_iou_question *q, const char *response, pl_iou_verdict *v)
{
    if (!v->list.ok)
        return is_blank(response)
                   ? pl_failure_set(&v->failure, PL_FAIL_EMPTY_ANSWER, NULL, 0, NULL)
                   : pl_failure_set(&v->failure, PL_FAIL_NOTHING_EXTRACTED, NULL, 0, "no list in the response");
    if (!v->is_distance)
        return pl_iou_set_failure(t, q, v);
    if (!t)
        return pl_failure_set(&v->failure, PL_FAIL_OTHER, NULL, 0, "no PDDL check: the plan is not the truth's");
    return 0;
}

int pl_iou_grade(pl_iou_grader *g, const pl_iou_question *q, const char *response, pl_iou_verdict *out)
{
    memset(out, 0, sizeof *out);
    out->is_distance = pl_iou_task_is_plan(q->task);
    if (pl_answer_list_parse(response, &out->list) < 0 ||
        pl_set_compare(out->list.items, out->list.count, q->answer, q->nanswer, &out->cmp) < 0)
        goto oom;
    double iou = out->list.ok ? out->cmp.iou : 0.0;
    out->value = out->is_distance ? 1.0 - iou : iou;
    out->success = out->list.ok && !out->is_distance && out->cmp.n_answer_only == 0 && out->cmp.n_missed == 0;
    const pl_error *why;
    const pl_task *t = task_of(g, q, &why);
    if (!t) {
        if (why && set_note(out, pl_strdup_printf("no PDDL check: %s", why->message)) < 0)
            goto oom;
        /* without the task a plan counts as a success only when it is the truth itself */
        if (out->is_distance && out->list.ok && out->list.count == q->nanswer) {
            out->success = true;
            for (int i = 0; i < q->nanswer && out->success; i++)
                out->success = !strcmp(out->list.items[i], q->answer[i]);
        }
    } else {
        int rc = pl_iou_task_lists_actions(q->task) ? pl_set_explain_actions(t, &out->cmp)
                                                     : pl_set_explain_atoms(t, &out->cmp);
        if (rc < 0 || (out->is_distance && out->list.ok && judge_plan(t, q, out) < 0))
            goto oom;
    }
    if (!out->success && explain_failure(t, q, response, out) < 0)
        goto oom;
    return 0;
oom:
    pl_iou_verdict_clear(out);
    return -1;
}

void pl_iou_verdict_clear(pl_iou_verdict *v)
{
    pl_answer_list_free(&v->list);
    pl_set_comparison_free(&v->cmp);
    free(v->note);
    pl_failure_clear(&v->failure);
    memset(v, 0, sizeof *v);
}
