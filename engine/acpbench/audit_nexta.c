/* Audit of next-action labels: the stored optimal cost `opt` must be h* of
 * the question's state, an action labelled "yes" must start an optimal plan
 * (cost(a) + h*(successor) = h*(state)) and one labelled "no" must not.
 * "maybe" claims nothing.  Each label is first decided by the bounded
 * next-action test; only a wrong one costs a full search from the successor,
 * whose optimal plan goes into the proof. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpbench/audit_internal.h"
#include "search/reach.h"

typedef enum { LABEL_RIGHT, LABEL_WRONG, LABEL_UNKNOWN } label_verdict;

/* A full search from the successor decides a label the bounded test found
 * wrong; *proof receives both costs and an optimal plan from the successor
 * (NULL when out of memory). */
static label_verdict successor_verdict(const pl_task *t, const pl_relaxed *rel, int action, bool yes,
                                       long long hstar, const pl_limits *limits, char **proof)
{
    uint64_t *next = pl_state_new(t);
    if (!next)
        return LABEL_WRONG;
    pl_task_apply(t, action, t->init, next);
    long long h = -1, c = rel->action_cost[action];
    pl_search_result plan;
    pl_answer solved = pl_optimal_cost(t, rel, next, limits, &h, &plan);
    free(next);
    bool optimal = solved == PL_YES && c + h == hstar;
    label_verdict v = solved == PL_UNKNOWN ? LABEL_UNKNOWN : optimal == yes ? LABEL_RIGHT : LABEL_WRONG;
    char *text = v == LABEL_WRONG && solved == PL_YES ? pl_audit_plan_text(t, plan.plan, plan.plan_length) : NULL;
    if (v == LABEL_WRONG && solved == PL_NO)
        *proof = pl_strdup_printf("h*(state) = %lld, and the successor is a dead end (search space exhausted)", hstar);
    else if (text)
        *proof = pl_strdup_printf("h*(state) = %lld, %lld + h*(successor) = %lld + %lld %s %lld; an optimal plan "
                                  "from the successor: %s",
                                  hstar, c, c, h, optimal ? "=" : ">", hstar, text);
    free(text);
    pl_search_result_clear(&plan);
    return v;
}

static label_verdict action_verdict(const pl_task *t, const pl_relaxed *rel, const char *text, bool yes,
                                    long long hstar, const pl_limits *limits, char **proof)
{
    pl_action_ref ref;
    pl_resolve_action(t, text, &ref);
    int action = ref.status == PL_REF_OK ? ref.action : -1;
    label_verdict v = LABEL_RIGHT;
    if (action < 0 || !pl_task_applicable(t, action, t->init)) {
        /* an action that cannot be taken starts no plan from the state */
        if (yes) {
            v = LABEL_WRONG;
            *proof = pl_strdup_printf("not applicable in the state: %s",
                                      ref.detail ? ref.detail : "a precondition is false");
        }
    } else {
        pl_answer next = pl_is_next_action(t, rel, t->init, action, hstar, limits);
        if (next == PL_UNKNOWN)
            v = LABEL_UNKNOWN;
        else if ((next == PL_YES) != yes)
            v = successor_verdict(t, rel, action, yes, hstar, limits, proof);
    }
    pl_action_ref_clear(&ref);
    return v;
}

static int audit_action(const pl_task *t, const pl_relaxed *rel, const char *text, bool yes, long long hstar,
                        const pl_limits *limits, pl_audit_result *r)
{
    char *proof = NULL;
    label_verdict v = action_verdict(t, rel, text, yes, hstar, limits, &proof);
    r->checked++;
    r->unknown += v == LABEL_UNKNOWN;
    if (v != LABEL_WRONG) {
        free(proof);
        return 0;
    }
    return pl_audit_add(r, text, yes ? "on an optimal plan (yes)" : "not on an optimal plan (no)", proof);
}

int pl_audit_nexta(const pl_task *t, const pl_relaxed *rel, const pl_acp_question *q, const pl_limits *limits,
                   pl_audit_result *r)
{
    static const char *const kinds[] = {"yes", "no"};
    const cJSON *opt = cJSON_GetObjectItemCaseSensitive(q->answer, "opt");
    int labels = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(q->answer, "yes")) +
                 cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(q->answer, "no")) + (opt != NULL);
    long long hstar = -1;
    pl_search_result plan;
    pl_answer solved = pl_optimal_cost(t, rel, t->init, limits, &hstar, &plan);
    if (solved == PL_UNKNOWN) {
        pl_search_result_clear(&plan);
        r->checked += labels;
        r->unknown += labels;
        return 0;
    }
    int rc = 0;
    if (opt) {
        long long stored = cJSON_IsString(opt) ? atoll(opt->valuestring) : (long long)opt->valuedouble;
        r->checked++;
        char *text = solved == PL_YES ? pl_audit_plan_text(t, plan.plan, plan.plan_length) : NULL;
        char *label = pl_strdup_printf("optimal cost %lld", stored);
        if (solved == PL_NO)
            rc = pl_audit_add(r, "optimal cost", label,
                              pl_strdup("no plan: the task from the state is unsolvable (search space exhausted)"));
        else if (hstar != stored)
            rc = pl_audit_add(r, "optimal cost", label,
                              text ? pl_strdup_printf("h* = %lld (A* with LM-cut, admissible): %s", hstar, text)
                                   : NULL);
        free(label);
        free(text);
    }
    pl_search_result_clear(&plan);
    for (int k = 0; k < 2 && !rc; k++) {
        const cJSON *it;
        cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(q->answer, kinds[k])) {
            if (!cJSON_IsString(it) || rc)
                continue;
            if (solved == PL_NO) {
                /* an unsolvable state has no optimal plan: "no" is right, "yes" is wrong */
                r->checked++;
                if (k == 0)
                    rc = pl_audit_add(r, it->valuestring, "on an optimal plan (yes)",
                                      pl_strdup("the task from the state is unsolvable (search space exhausted)"));
            } else {
                rc = audit_action(t, rel, it->valuestring, k == 0, hstar, limits, r);
            }
        }
    }
    return rc;
}
