/* Audit of the labels about the question's plan, by simulation from the
 * question's state: the first inapplicable action (val) and the removals that
 * keep a plan valid (just).
 *
 * just stores removal options: [action, "k"] removes the k-th occurrence
 * (1-based) of the action, [a, b, "-1"] removes a consecutive pair a b (one
 * listing per occurrence, in plan order).  A stored option that leaves no
 * valid plan is wrong, and so is a list that leaves out a single or pair
 * removal that does. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpbench/audit_internal.h"

/* The question's plan, parsed and simulated; NULL when it has none. */
static pl_trace *question_trace(const pl_task *t, const pl_acp_question *q, pl_plan_steps *steps)
{
    char *text = pl_audit_quoted(q->question);
    pl_error err = PL_ERROR_INIT;
    int ok = text && pl_plan_steps_parse(text, steps, &err) == PL_OK;
    free(text);
    pl_error_clear(&err);
    if (!ok)
        return NULL;
    pl_trace *tr = steps->count ? pl_trace_new(t, steps->steps, steps->count) : NULL;
    if (!tr)
        pl_plan_steps_free(steps);
    return tr;
}

/* Why a simulated plan is not valid (a new string). */
static char *failure(const pl_trace *tr)
{
    if (tr->failed_step >= 0) {
        const pl_trace_step *s = &tr->steps[tr->failed_step];
        if (s->nunmet > 0)
            return pl_strdup_printf("step %d %s is inapplicable: %s is false in the state before it",
                                    tr->failed_step, s->ref.text, s->unmet[0]);
        return pl_strdup_printf("step %d %s is inapplicable: %s", tr->failed_step, s->ref.text,
                                s->ref.detail ? s->ref.detail : "no such action");
    }
    if (tr->nunmet_goals > 0)
        return pl_strdup_printf("the goal %s does not hold at the end", tr->unmet_goals[0]);
    return pl_strdup("the plan is valid");
}

int pl_audit_val(const pl_task *t, const pl_acp_question *q, pl_audit_result *r)
{
    const cJSON *a = q->answer;
    if (!cJSON_IsNumber(a) && !(cJSON_IsString(a) && strspn(a->valuestring, "-0123456789") == strlen(a->valuestring)))
        return 0;
    int stored = cJSON_IsNumber(a) ? a->valueint : atoi(a->valuestring);
    pl_plan_steps steps;
    pl_trace *tr = question_trace(t, q, &steps);
    r->checked++;
    if (!tr) {
        r->unknown++;
        return 0;
    }
    int actual = tr->failed_step, rc = 0;
    if (actual != stored) {
        char *first = actual >= 0 ? failure(tr) : pl_strdup("every action is applicable in turn");
        char *proof = NULL;
        if (first && stored >= steps.count)
            proof = pl_strdup_printf("the plan has %d steps; %s", steps.count, first);
        else if (first && stored >= 0 && (actual < 0 || stored < actual))
            proof = pl_strdup_printf("step %d %s is applicable: every precondition holds after the %d steps before "
                                     "it; %s",
                                     stored, tr->steps[stored].ref.text, stored, first);
        else if (first)
            proof = pl_strdup(first);
        char *label = pl_strdup_printf("index %d", stored);
        rc = label ? pl_audit_add(r, "first inapplicable action", label, proof) : (free(proof), -1);
        free(label);
        free(first);
    }
    pl_trace_free(tr);
    pl_plan_steps_free(&steps);
    return rc;
}

/* The plan without steps [from, from + n), simulated. */
static pl_trace *without(const pl_task *t, const pl_plan_steps *p, int from, int n)
{
    char **kept = malloc((size_t)p->count * sizeof *kept);
    if (!kept)
        return NULL;
    int k = 0;
    for (int i = 0; i < p->count; i++)
        if (i < from || i >= from + n)
            kept[k++] = p->steps[i];
    pl_trace *tr = pl_trace_new(t, kept, k);
    free(kept);
    return tr;
}

/* Is the plan without [from, from + n) valid?  -1 when out of memory. */
static int removable(const pl_task *t, const pl_plan_steps *p, int from, int n)
{
    pl_trace *tr = without(t, p, from, n);
    int ok = tr ? tr->valid : -1;
    pl_trace_free(tr);
    return ok;
}

/* "without steps 3-4 the plan fails: ..." (a new string). */
static char *removal_failure(const pl_task *t, const pl_plan_steps *p, int from, int n)
{
    pl_trace *tr = without(t, p, from, n);
    char *why = tr ? failure(tr) : NULL;
    char *proof = !why   ? NULL
                  : n == 1 ? pl_strdup_printf("without step %d the plan is not valid: %s", from, why)
                           : pl_strdup_printf("without steps %d-%d the plan is not valid: %s", from, from + 1, why);
    free(why);
    pl_trace_free(tr);
    return proof;
}

typedef struct {
    const pl_task *t;
    const pl_plan_steps *steps;
    const pl_trace *tr;     /* of the whole plan: resolved actions */
    bool *single, *pair;    /* per step: removing it (and the next) keeps a valid plan */
    bool *single_listed, *pair_listed;
} just_audit;

static int action_at(const just_audit *j, int i)
{
    return j->tr->steps[i].ref.status == PL_REF_OK ? j->tr->steps[i].ref.action : -1;
}

static int action_of(const pl_task *t, const cJSON *text)
{
    pl_action_ref ref;
    int a = cJSON_IsString(text) && pl_resolve_action(t, text->valuestring, &ref) == PL_REF_OK ? ref.action : -1;
    if (cJSON_IsString(text))
        pl_action_ref_clear(&ref);
    return a;
}

/* Stored [action, "k"]: the k-th occurrence must be removable. */
static int audit_single(just_audit *j, const cJSON *opt, pl_audit_result *r)
{
    const cJSON *act = cJSON_GetArrayItem(opt, 0);
    int a = action_of(j->t, act), k = atoi(cJSON_GetArrayItem(opt, 1)->valuestring), at = -1;
    for (int i = 0; i < j->steps->count && k > 0 && a >= 0; i++)
        if (action_at(j, i) == a && --k == 0)
            at = i;
    if (at >= 0 && j->single[at]) {
        j->single_listed[at] = true;
        return 0;
    }
    char *label = pl_strdup_printf("removable (occurrence %s)", cJSON_GetArrayItem(opt, 1)->valuestring);
    char *proof = at < 0 ? pl_strdup("the plan has no such occurrence of the action")
                         : removal_failure(j->t, j->steps, at, 1);
    int rc = label ? pl_audit_add(r, cJSON_IsString(act) ? act->valuestring : "?", label, proof) : (free(proof), -1);
    free(label);
    return rc;
}

/* Stored [a, b, "-1"], its `nth` listing (0-based): as many removable
 * consecutive occurrences of a b must exist. */
static int audit_pair(just_audit *j, const cJSON *opt, int nth, pl_audit_result *r)
{
    int a = action_of(j->t, cJSON_GetArrayItem(opt, 0)), b = action_of(j->t, cJSON_GetArrayItem(opt, 1));
    int found = 0, first_bad = -1, occurrences = 0;
    for (int i = 0; i + 1 < j->steps->count && a >= 0 && b >= 0; i++) {
        if (action_at(j, i) != a || action_at(j, i + 1) != b)
            continue;
        occurrences++;
        if (!j->pair[i]) {
            first_bad = first_bad < 0 ? i : first_bad;
        } else if (found++ == nth) {
            j->pair_listed[i] = true;
            return 0;
        }
    }
    const char *sa = cJSON_GetArrayItem(opt, 0)->valuestring, *sb = cJSON_GetArrayItem(opt, 1)->valuestring;
    char *item = pl_strdup_printf("%s %s", sa, sb);
    char *why = first_bad >= 0 ? removal_failure(j->t, j->steps, first_bad, 2) : NULL;
    char *proof = !occurrences  ? pl_strdup("the two actions are never consecutive in the plan")
                  : !why        ? NULL
                                : pl_strdup_printf("listed %d times, but only %d of its %d consecutive occurrences can "
                                                   "go; %s",
                                                   nth + 1, found, occurrences, why);
    int rc = item ? pl_audit_add(r, item, "removable pair", proof) : (free(proof), -1);
    free(why);
    free(item);
    return rc;
}

/* The nth listing (0-based) of the pair in entries before `opt`. */
static int listing_index(const cJSON *options, const cJSON *opt)
{
    int n = 0;
    const cJSON *o;
    cJSON_ArrayForEach(o, options) {
        if (o == opt)
            break;
        n += cJSON_GetArraySize(o) == 3 && cJSON_Compare(cJSON_GetArrayItem(o, 0), cJSON_GetArrayItem(opt, 0), true) &&
             cJSON_Compare(cJSON_GetArrayItem(o, 1), cJSON_GetArrayItem(opt, 1), true);
    }
    return n;
}

static bool is_text(const cJSON *v)
{
    return cJSON_IsString(v) && v->valuestring[0];
}

static int audit_options(just_audit *j, const cJSON *options, pl_audit_result *r)
{
    int rc = 0;
    const cJSON *opt;
    cJSON_ArrayForEach(opt, options) {
        int n = cJSON_GetArraySize(opt);
        bool single = n == 2 && is_text(cJSON_GetArrayItem(opt, 0)) && is_text(cJSON_GetArrayItem(opt, 1)) &&
                      atoi(cJSON_GetArrayItem(opt, 1)->valuestring) > 0;
        bool pair = n == 3 && is_text(cJSON_GetArrayItem(opt, 0)) && is_text(cJSON_GetArrayItem(opt, 1)) &&
                    is_text(cJSON_GetArrayItem(opt, 2)) && !strcmp(cJSON_GetArrayItem(opt, 2)->valuestring, "-1");
        if (rc || (!single && !pair))
            continue; /* a shape the audit does not read: not checked */
        r->checked++;
        rc = single ? audit_single(j, opt, r) : audit_pair(j, opt, listing_index(options, opt), r);
    }
    /* removals that keep the plan valid and the list leaves out */
    for (int i = 0; i < j->steps->count && !rc; i++) {
        if (j->single[i] && !j->single_listed[i])
            rc = pl_audit_add(r, j->tr->steps[i].ref.text, "not removable (left out)",
                              pl_strdup_printf("without step %d the plan is still valid", i));
        if (!rc && j->pair[i] && !j->pair_listed[i]) {
            char *item = pl_strdup_printf("%s %s", j->tr->steps[i].ref.text, j->tr->steps[i + 1].ref.text);
            rc = item ? pl_audit_add(r, item, "not a removable pair (left out)",
                                     pl_strdup_printf("without steps %d-%d the plan is still valid", i, i + 1))
                      : -1;
            free(item);
        }
    }
    return rc;
}

int pl_audit_just(const pl_task *t, const pl_acp_question *q, pl_audit_result *r)
{
    if (!cJSON_IsArray(q->answer))
        return 0;
    pl_plan_steps steps;
    pl_trace *tr = question_trace(t, q, &steps);
    if (!tr || !tr->valid) {
        /* no valid plan to simplify: nothing is decided about its removals */
        r->checked += cJSON_GetArraySize(q->answer);
        r->unknown += cJSON_GetArraySize(q->answer);
        if (tr)
            pl_plan_steps_free(&steps);
        pl_trace_free(tr);
        return 0;
    }
    size_t n = (size_t)steps.count;
    bool *flags = calloc(4 * n, sizeof *flags);
    just_audit j = {t, &steps, tr, flags, flags + n, flags + 2 * n, flags + 3 * n};
    int rc = flags ? 0 : -1;
    for (int i = 0; i < steps.count && !rc; i++) {
        int one = removable(t, &steps, i, 1), two = i + 1 < steps.count ? removable(t, &steps, i, 2) : 0;
        rc = one < 0 || two < 0 ? -1 : 0;
        j.single[i] = one > 0;
        j.pair[i] = two > 0;
    }
    if (!rc)
        rc = audit_options(&j, q->answer, r);
    free(flags);
    pl_trace_free(tr);
    pl_plan_steps_free(&steps);
    return rc;
}
