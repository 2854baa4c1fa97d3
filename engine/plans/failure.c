/* Why a plan is not a valid (optimal) plan, as a failure mode
 * (base/failure.h) read off its trace. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plans/plan.h"

/* The first word of "(name a b)" (the action name as written), owned. */
static char *first_word(const char *text)
{
    if (!text)
        return NULL;
    text += strspn(text, "( \t");
    size_t n = strcspn(text, " \t()");
    return n ? pl_strndup(text, n) : NULL;
}

/* The predicate of a printed condition: "(clear b)" -> "clear",
 * "(not (holding a))" -> "not holding", "(or ...)" -> "or". */
static char *condition_head(const char *cond)
{
    char *head = first_word(cond);
    if (!head || strcmp(head, "not"))
        return head;
    char *inner = first_word(strstr(cond, "not") + 3);
    char *both = inner ? pl_strdup_printf("not %s", inner) : NULL;
    free(inner);
    if (!both)
        return head;
    free(head);
    return both;
}

static pl_failure_kind ref_kind(pl_ref_status s)
{
    switch (s) {
    case PL_REF_MALFORMED:
        return PL_FAIL_MALFORMED_STEP;
    case PL_REF_UNKNOWN_ACTION:
        return PL_FAIL_UNKNOWN_ACTION;
    case PL_REF_WRONG_ARITY:
        return PL_FAIL_WRONG_ARITY;
    case PL_REF_UNKNOWN_OBJECT:
        return PL_FAIL_UNKNOWN_OBJECT;
    case PL_REF_TYPE_MISMATCH:
        return PL_FAIL_TYPE_MISMATCH;
    default: /* OK, statically false, unreachable: a precondition is false */
        return PL_FAIL_UNMET_PRECONDITION;
    }
}

/* The failing step: what its reference says, or its first false precondition. */
static int step_failure(const pl_trace *tr, pl_failure *out)
{
    int step = tr->failed_step + 1;
    const pl_trace_step *st = &tr->steps[tr->failed_step];
    pl_failure_kind kind = ref_kind(st->ref.status);
    const char *schema = st->ref.schema >= 0 ? tr->task->domain->actions[st->ref.schema].name : NULL;
    if (kind != PL_FAIL_UNMET_PRECONDITION) {
        char *name = schema ? pl_strdup(schema) : first_word(st->ref.text);
        if (name && !isalpha((unsigned char)name[0])) { /* "0: (a b) [1]": no name to count */
            free(name);
            name = NULL;
        }
        int rc = pl_failure_set(out, kind, name, step, "step %d %s: %s", step, st->ref.text ? st->ref.text : "",
                                st->ref.detail ? st->ref.detail : pl_failure_kind_label(kind));
        free(name);
        return rc;
    }
    if (st->nunmet == 0) /* statically false or unreachable without a printed condition */
        return pl_failure_set(out, kind, schema, step, "step %d %s: %s", step, st->ref.text,
                              st->ref.detail ? st->ref.detail : "not applicable");
    char *head = condition_head(st->unmet[0]);
    char *key = head ? pl_strdup_printf("%s: %s", schema, head) : NULL;
    int rc = pl_failure_set(out, kind, key ? key : schema, step, "step %d %s: %s is false%s", step, st->ref.text,
                            st->unmet[0], st->nunmet > 1 ? " (and more)" : "");
    free(head);
    free(key);
    return rc;
}

int pl_plan_failure(const pl_trace *tr, double optimal_cost, pl_failure *out)
{
    pl_failure_clear(out);
    if (tr->nsteps == 0 && !tr->goal_reached)
        return pl_failure_set(out, PL_FAIL_EMPTY_ANSWER, NULL, 0, "no action, and the goal does not hold initially");
    if (tr->failed_step >= 0)
        return step_failure(tr, out);
    if (!tr->goal_reached) {
        char key[32];
        snprintf(key, sizeof key, "%d goal%s", tr->nunmet_goals, tr->nunmet_goals == 1 ? "" : "s");
        return pl_failure_set(out, PL_FAIL_GOAL_UNMET, key, 0, "after all %d actions, %s is false%s", tr->nsteps,
                              tr->nunmet_goals ? tr->unmet_goals[0] : "the goal",
                              tr->nunmet_goals > 1 ? " (and more)" : "");
    }
    if (optimal_cost >= 0 && tr->cost > optimal_cost + 1e-9) {
        char key[40];
        snprintf(key, sizeof key, "+%g", tr->cost - optimal_cost);
        return pl_failure_set(out, PL_FAIL_NOT_OPTIMAL, key, 0, "valid, cost %g where %g is optimal", tr->cost,
                              optimal_cost);
    }
    return 0;
}
