/* Replanning π4 from the divergence state. */
#include <stdlib.h>
#include <string.h>

#include "quality/replan.h"
#include "search/search.h"

void pl_qreplan_clear(pl_qreplan *r)
{
    free(r->plan);
    free(r->correct_part);
    free(r->complementary);
    memset(r, 0, sizeof *r);
}

static int *dup_ids(const int *a, int n)
{
    int *c = malloc(((size_t)n + 1) * sizeof *c);
    if (c && n)
        memcpy(c, a, (size_t)n * sizeof *a);
    return c;
}

static bool contains_state(const pl_task *t, const uint64_t *big, const uint64_t *small)
{
    for (int w = 0; w < t->words; w++)
        if (small[w] & ~big[w])
            return false;
    return true;
}

/* compare_plan_states: walk the GT's states; a GT state found in some π0
 * state moves the divergence to the first such state; the first one not
 * found stops the walk once the executable prefix is at least that long. */
static int divergence(const pl_task *t, const pl_qexec *cur, const pl_qexec *gt, int exec_len)
{
    int i = 0;
    for (int g = 0; g < gt->nstates; g++) {
        const uint64_t *s = pl_qexec_state(gt, t, g);
        int found = -1;
        for (int c = 0; c < cur->nstates && found < 0; c++)
            if (contains_state(t, pl_qexec_state(cur, t, c), s))
                found = c;
        if (found >= 0)
            i = found;
        else if (exec_len >= i)
            break;
    }
    return i;
}

/* The planner's plan from `state` to the goal, as action ids. */
static int complete(pl_qvocab *v, const uint64_t *state, double seconds, pl_qreplan *out)
{
    const pl_task *t = pl_qvocab_task(v);
    pl_relaxed *r = pl_relaxed_new(t);
    if (!r)
        return -1;
    pl_search_params p = pl_search_defaults();
    p.init = state;
    p.max_seconds = seconds;
    pl_search_result res;
    pl_search_status st = pl_search(t, r, &p, &res);
    int rc = 0;
    out->complementary = malloc(((size_t)res.plan_length + 1) * sizeof *out->complementary);
    if (!out->complementary)
        rc = -1;
    for (int i = 0; rc == 0 && i < res.plan_length; i++) {
        out->complementary[i] = pl_qvocab_action(v, t->actions[res.plan[i]].name);
        rc = out->complementary[i] < 0 ? -1 : 0;
    }
    out->ncomp = st == PL_SEARCH_SOLVED ? res.plan_length : 0;
    if (st != PL_SEARCH_SOLVED)
        out->note = st == PL_SEARCH_LIMIT ? "planner limit" : "no plan found";
    pl_search_result_clear(&res);
    pl_relaxed_free(r);
    return rc;
}

static int finish(pl_qvocab *v, const int *plan, pl_qreplan *out)
{
    out->n = out->nkept + out->ncomp;
    out->plan = malloc(((size_t)out->n + 1) * sizeof *out->plan);
    if (!out->plan)
        return -1;
    if (out->nkept)
        memcpy(out->plan, plan, (size_t)out->nkept * sizeof *out->plan);
    if (out->ncomp)
        memcpy(out->plan + out->nkept, out->complementary, (size_t)out->ncomp * sizeof *out->plan);
    pl_qexec e;
    if (pl_qexec_run(v, out->plan, out->n, false, &e) < 0)
        return -1;
    out->valid = e.valid;
    pl_qexec_clear(&e);
    return 0;
}

/* The index of a state of the valid GT replay equal to s, or -1. */
static int gt_state_index(const pl_task *t, const pl_qexec *gt, const uint64_t *s)
{
    if (!gt->valid)
        return -1;
    for (int j = 0; j < gt->nstates; j++)
        if (!memcmp(pl_qexec_state(gt, t, j), s, (size_t)t->words * sizeof *s))
            return j;
    return -1;
}

int pl_qreplan_run(pl_qvocab *v, const int *plan, int n, const pl_qexec *exec, const int *gt, int m,
                   double seconds, bool reuse_gt, pl_qreplan *out)
{
    memset(out, 0, sizeof *out);
    const pl_task *t = pl_qvocab_task(v);
    if (m == 0) {
        out->note = "empty GT";
        return 0;
    }
    if (n == 0 || !exec->simulation_possible) {
        out->note = n == 0 ? "empty plan" : "not simulable";
        out->correct_part = dup_ids(NULL, 0);
        out->complementary = dup_ids(gt, m);
        out->ncomp = m;
        return out->correct_part && out->complementary ? finish(v, plan, out) : -1;
    }
    int goal = -1;
    for (int i = 0; i < exec->nstates && goal < 0; i++)
        if (pl_task_goal_reached(t, pl_qexec_state(exec, t, i)))
            goal = i;
    if (goal >= 0) {
        out->note = "goal reached";
        out->correct_part = dup_ids(plan, goal);
        out->ncorrect = out->nkept = goal;
        out->complementary = dup_ids(NULL, 0);
        return out->correct_part && out->complementary ? finish(v, plan, out) : -1;
    }
    pl_qexec gt_exec;
    if (pl_qexec_run(v, gt, m, true, &gt_exec) < 0)
        return -1;
    int i = 0;
    if (exec->executable || exec->verdict == PL_QX_PRECONDITION)
        i = divergence(t, exec, &gt_exec, exec->executable ? n - 1 : exec->lea);
    const uint64_t *from = pl_qexec_state(exec, t, i);
    /* The reported correct part ends at the first state equal to the
     * divergence state (states.index(last_state)); π4 keeps π0[:i]. */
    int first = 0;
    while (first < i && memcmp(pl_qexec_state(exec, t, first), from, (size_t)t->words * sizeof *from))
        first++;
    out->correct_part = dup_ids(plan, first);
    out->ncorrect = first;
    out->nkept = i;
    int j = reuse_gt ? gt_state_index(t, &gt_exec, from) : -1;
    int rc = out->correct_part ? 0 : -1;
    if (rc == 0 && j >= 0) {
        /* The divergence state is a state of the (optimal) GT plan: its
         * suffix is an optimal plan from there, as the planner's would be. */
        out->note = "GT suffix reused";
        out->ncomp = m - j;
        rc = (out->complementary = dup_ids(gt + j, m - j)) ? 0 : -1;
    } else if (rc == 0) {
        rc = complete(v, from, seconds, out);
    }
    pl_qexec_clear(&gt_exec);
    return rc < 0 ? -1 : finish(v, plan, out);
}
