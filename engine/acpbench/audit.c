#include "acpbench/audit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpbench/audit_internal.h"
#include "acpbench/grade_internal.h"
#include "task/load.h"

static int audit_app(const pl_task *t, const pl_acp_question *q, pl_audit_result *r)
{
    int *app = malloc((size_t)(t->nactions + 1) * sizeof *app);
    if (!app)
        return -1;
    int n = pl_task_applicable_actions(t, t->init, app), rc = 0;
    const cJSON *it;
    cJSON_ArrayForEach(it, q->answer) {
        if (!cJSON_IsString(it) || rc)
            continue;
        r->checked++;
        pl_action_ref ref;
        pl_resolve_action(t, it->valuestring, &ref);
        bool applicable = ref.status == PL_REF_OK && pl_task_applicable(t, ref.action, t->init);
        if (!applicable) {
            char **unmet = NULL;
            int nu = ref.status == PL_REF_OK ? pl_explain_unmet(t, ref.schema, ref.args, t->init, &unmet) : 0;
            char *proof = nu > 0 ? pl_strdup_printf("not applicable: %s is false in the state", unmet[0])
                                 : pl_strdup_printf("not applicable: %s", ref.detail ? ref.detail : "no such action");
            pl_strings_free(unmet, nu > 0 ? nu : 0);
            rc = pl_audit_add(r, it->valuestring, "applicable", proof);
        }
        pl_action_ref_clear(&ref);
    }
    /* applicable actions the stored list leaves out */
    for (int i = 0; i < n && !rc; i++) {
        bool listed = false;
        cJSON_ArrayForEach(it, q->answer) {
            pl_action_ref ref;
            if (cJSON_IsString(it) && pl_resolve_action(t, it->valuestring, &ref) == PL_REF_OK && ref.action == app[i])
                listed = true;
            pl_action_ref_clear(&ref);
        }
        if (!listed)
            rc = pl_audit_add(r, t->actions[app[i]].name, "not applicable (left out)",
                     pl_strdup("applicable: every precondition holds in the state"));
    }
    free(app);
    return rc;
}

static int audit_land(const pl_task *t, const pl_relaxed *rel, const pl_acp_question *q, const pl_limits *limits,
                      pl_audit_result *r)
{
    pl_landmark_checker c;
    if (pl_landmark_checker_init(&c, t, rel, t->init, limits) < 0)
        return -1;
    static const char *const kinds[] = {"yes", "no"}, *const stored_land[] = {"landmark", "not a landmark"};
    int rc = 0;
    for (int k = 0; k < 2 && !rc; k++) {
        const cJSON *it;
        cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(q->answer, kinds[k])) {
            if (rc)
                continue;
            if (!cJSON_IsString(it)) {
                rc = pl_audit_unresolved(r, "?", stored_land[k], pl_strdup("not a string"));
                continue;
            }
            pl_atom_ref ref;
            pl_atom_status status = pl_resolve_atom_ref(t, it->valuestring, &ref);
            int atom = ref.atom;
            if (status == PL_ATOM_UNREACHABLE && c.solvable == PL_YES) {
                /* the grounding dropped it: a plan exists and none makes it true */
                r->checked++;
                if (k == 0)
                    rc = pl_audit_add(r, it->valuestring, "landmark",
                                      pl_strdup("not a landmark: never true in a reachable state, and the goal is "
                                                "reachable"));
            } else if (status != PL_ATOM_FLUENT) { /* statics and names of nothing: not audited here */
                rc = pl_audit_unresolved(r, it->valuestring, stored_land[k],
                                         pl_strdup(ref.detail ? ref.detail : "not a fluent atom of the task"));
            }
            pl_atom_ref_clear(&ref);
            if (status != PL_ATOM_FLUENT)
                continue;
            r->checked++;
            pl_search_result w;
            pl_answer got = pl_landmark_checker_test(&c, atom, &w);
            if (got == PL_UNKNOWN)
                r->unknown++;
            else if (got == PL_NO && k == 0) {
                char *plan = pl_audit_plan_text(t, w.plan, w.plan_length);
                rc = pl_audit_add(r, it->valuestring, "landmark",
                         plan ? pl_strdup_printf("not a landmark: this plan never makes it true: %s", plan) : NULL);
                free(plan);
            } else if (got == PL_YES && k == 1) {
                rc = pl_audit_add(r, it->valuestring, "not a landmark",
                         pl_strdup("a landmark: the task without its achievers is unsolvable (search space "
                                   "exhausted)"));
            }
            pl_search_result_clear(&w);
        }
    }
    pl_landmark_checker_free(&c);
    return rc;
}

static int audit_reach(const pl_task *t, const pl_relaxed *rel, const pl_acp_question *q, const pl_limits *limits,
                       pl_audit_result *r)
{
    const cJSON *it;
    int rc = 0;
    cJSON_ArrayForEach(it, q->answer) {
        if (rc)
            continue;
        if (!cJSON_IsString(it)) {
            rc = pl_audit_unresolved(r, "?", "unreachable", pl_strdup("not a string"));
            continue;
        }
        pl_answer got = PL_UNKNOWN;
        char *unresolved = NULL;
        if (q->task == PL_ACP_REACH) {
            char *text = pl_strdup_printf("(%s)", it->valuestring); /* stored without parentheses */
            pl_atom_ref ref;
            pl_atom_status status = text ? pl_resolve_atom_ref(t, text, &ref) : PL_ATOM_MALFORMED;
            free(text);
            if (status == PL_ATOM_FLUENT)
                got = pl_atom_reachable(t, rel, t->init, ref.atom, limits);
            else if (status == PL_ATOM_UNREACHABLE) /* the grounding dropped it: it never holds */
                got = PL_NO;
            else
                unresolved = pl_strdup(ref.detail ? ref.detail : "not an atom of the task");
            pl_atom_ref_clear(&ref);
        } else {
            pl_action_ref ref;
            pl_ref_status status = pl_resolve_action(t, it->valuestring, &ref);
            if (status == PL_REF_OK)
                got = pl_action_reachable(t, rel, t->init, ref.action, limits);
            /* a static precondition that is false, or relaxed unreachability, proves it */
            else if (status == PL_REF_STATICALLY_FALSE || status == PL_REF_UNREACHABLE)
                got = PL_NO;
            else
                unresolved = pl_strdup(ref.detail ? ref.detail : "not an action of the task");
            pl_action_ref_clear(&ref);
        }
        if (unresolved) {
            rc = pl_audit_unresolved(r, it->valuestring, "unreachable", unresolved);
            continue;
        }
        r->checked++;
        r->unknown += got == PL_UNKNOWN;
        if (got == PL_YES)
            rc = pl_audit_add(r, it->valuestring, "unreachable",
                     pl_strdup(q->task == PL_ACP_REACH ? "reachable: a plan makes it true"
                                                       : "reachable: a plan makes it applicable"));
    }
    return rc;
}

static int audit_task(const pl_task *t, const pl_relaxed *rel, const pl_acp_question *q, const pl_limits *limits,
                      pl_audit_result *r)
{
    switch (q->task) {
    case PL_ACP_APP:
        return audit_app(t, q, r);
    case PL_ACP_PROG:
        return pl_audit_prog(t, q, r);
    case PL_ACP_REACH:
    case PL_ACP_AREACH:
        return audit_reach(t, rel, q, limits, r);
    case PL_ACP_VAL:
        return pl_audit_val(t, q, r);
    case PL_ACP_JUST:
        return pl_audit_just(t, q, r);
    case PL_ACP_LAND:
        return audit_land(t, rel, q, limits, r);
    case PL_ACP_NEXTA:
        return pl_audit_nexta(t, rel, q, limits, r);
    default:
        return 0;
    }
}

/* Is the stored answer None?  reach, areach: an empty list (nothing is
 * unreachable); land: an empty yes list (no non-trivial landmark). */
static bool stored_none(const pl_acp_question *q)
{
    const cJSON *list = q->task == PL_ACP_LAND ? cJSON_GetObjectItemCaseSensitive(q->answer, "yes")
                        : q->task == PL_ACP_REACH || q->task == PL_ACP_AREACH ? q->answer
                                                                                : NULL;
    return cJSON_IsArray(list) && cJSON_GetArraySize(list) == 0;
}

/* A stored None, checked as the sound grader checks the answer None: wrong
 * when some candidate answer is proven right. */
static int audit_none(const pl_acp_question *q, const pl_limits *limits, pl_audit_result *r, pl_error *err)
{
    static const char *const stored[] = {"None (every atom can hold)", "None (every action can become applicable)",
                                         "None (no non-trivial landmark)"};
    static const char *const wrong[] = {"can never hold (proven)", "can never become applicable (proven)",
                                        "is a landmark (proven)"};
    int k = q->task == PL_ACP_REACH ? 0 : q->task == PL_ACP_AREACH ? 1 : 2;
    pl_acp_grade_options o = pl_acp_grade_default_options();
    if (limits->max_seconds > 0)
        o.sound_seconds = limits->max_seconds;
    pl_acp_grader *g = pl_acp_grader_new(&o);
    acp_question_cache *c = g ? acp_cache_get(g, q, err) : NULL;
    int rc = c ? 0 : -1;
    if (c) {
        pl_answer truth = acp_none_truth(c, q->task, o.sound_seconds);
        r->checked++;
        r->unknown += truth == PL_UNKNOWN;
        if (truth == PL_NO)
            rc = pl_audit_add(r, "None", stored[k], pl_strdup_printf("wrong: %s %s", c->none_witness, wrong[k]));
    }
    pl_acp_grader_free(g);
    return rc;
}

int pl_acp_audit(const pl_acp_question *q, const pl_limits *limits, pl_audit_result *out, pl_error *err)
{
    if (q->format != PL_ACP_GEN)
        return 0;
    if (!q->domain_pddl || !q->problem_pddl) {
        pl_error_set(err, PL_ERR_SEMANTIC, q->source, q->record, 0, "question %s has no PDDL", q->id);
        return -1;
    }
    pl_loaded_task lt;
    if (pl_load_task_texts(q->domain_pddl, strlen(q->domain_pddl), "PDDL_domain", q->problem_pddl,
                           strlen(q->problem_pddl), "PDDL_problem", &lt, NULL, err) != PL_OK)
        return -1;
    pl_relaxed *rel = pl_relaxed_new(lt.task);
    int rc = rel ? audit_task(lt.task, rel, q, limits, out) : -1;
    pl_relaxed_free(rel);
    pl_loaded_task_free(&lt);
    if (rc == 0 && stored_none(q))
        rc = audit_none(q, limits, out, err);
    if (rc < 0 && !err->message)
        pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0, "out of memory");
    return rc;
}

static void findings_free(pl_audit_finding *items, int n)
{
    for (int i = 0; i < n; i++) {
        free(items[i].item);
        free(items[i].stored);
        free(items[i].proof);
    }
    free(items);
}

void pl_audit_result_free(pl_audit_result *r)
{
    findings_free(r->items, r->count);
    findings_free(r->unresolved, r->nunresolved);
    memset(r, 0, sizeof *r);
}
