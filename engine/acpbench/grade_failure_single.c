/* Failure modes of the single answers: reach, areach, val, just and nexta
 * (land's are set where its truth is computed, in grade_sets.c).  Where the
 * sound check did not decide, the official rule that stands decides the
 * kind. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpbench/grade_internal.h"

/* The kind when the sound check did not decide: the official path's. */
static void fail_by_path(pl_failure *f, pl_failure_kind k, const char *x, const char *path)
{
    if (k != PL_FAIL_OTHER)
        acp_fail_named(f, k, x, 0, "%s (undecided by the sound check; the official rule %s stands)", x, path);
    else
        pl_failure_set(f, PL_FAIL_OTHER, path, 0, "%s: undecided by the sound check (official rule %s)", x, path);
}

/* ---- reach, areach ---- */

static bool atom_names_nothing(pl_atom_status st)
{
    return st == PL_ATOM_MALFORMED || st == PL_ATOM_UNKNOWN_PREDICATE || st == PL_ATOM_WRONG_ARITY ||
           st == PL_ATOM_UNKNOWN_OBJECT || st == PL_ATOM_TYPE_MISMATCH || st == PL_ATOM_TYPE_FALSE;
}

void acp_fail_reach(const pl_task *t, const char *x, pl_answer unreachable, const char *path, int nstored,
                    pl_failure *f)
{
    if (!strcmp(x, "none")) {
        pl_failure_set(f, PL_FAIL_NONE_BUT_EXISTS, NULL, 0, "%d stored fact%s never hold%s", nstored,
                       nstored == 1 ? "" : "s", nstored == 1 ? "s" : "");
        return;
    }
    pl_atom_ref r = {0};
    pl_atom_status st = t ? pl_resolve_atom_ref(t, x, &r) : PL_ATOM_FLUENT;
    if (t && atom_names_nothing(st))
        acp_fail_named(f, acp_atom_name_kind(t, x, st), x, 0, "%s: %s", x, r.detail ? r.detail : "no fact of the task");
    else if (t && (st == PL_ATOM_STATIC_TRUE || st == PL_ATOM_TYPE_TRUE))
        acp_fail_named(f, PL_FAIL_STATIC_OR_INITIAL, x, 0, "%s is static and true", x);
    else if (t && st == PL_ATOM_FLUENT && unreachable == PL_NO)
        acp_fail_named(f, pl_state_has(t->init, r.atom) ? PL_FAIL_STATIC_OR_INITIAL : PL_FAIL_REACHABLE, x, 0,
                       "%s %s", x, pl_state_has(t->init, r.atom) ? "holds in the question state" : "is reachable");
    else
        fail_by_path(f,
                     !strcmp(path, "planner-solvable") ? PL_FAIL_REACHABLE
                     : !strcmp(path, "planner-error")  ? PL_FAIL_UNKNOWN_NAME
                                                       : PL_FAIL_OTHER,
                     x, path);
    pl_atom_ref_clear(&r);
}

void acp_fail_areach(const pl_task *t, const char *x, pl_answer never, const char *path, int nstored,
                     pl_failure *f)
{
    if (!strcmp(x, "none")) {
        pl_failure_set(f, PL_FAIL_NONE_BUT_EXISTS, NULL, 0, "%d stored action%s never applicable", nstored,
                       nstored == 1 ? " is" : "s are");
        return;
    }
    pl_action_ref r = {0};
    pl_ref_status st = t ? pl_resolve_action(t, x, &r) : PL_REF_OK;
    bool named = r.surplus == 0 && (st == PL_REF_OK || st == PL_REF_STATICALLY_FALSE || st == PL_REF_UNREACHABLE);
    if (t && !named)
        acp_fail_named(f, acp_action_name_kind(t, x, &r), x, 0, "%s: %s", x,
                       r.detail ? r.detail : r.surplus ? "too many arguments" : "no action of the task");
    else if (t && st == PL_REF_OK && never == PL_NO && pl_task_applicable(t, r.action, t->init))
        acp_fail_named(f, PL_FAIL_STATIC_OR_INITIAL, x, 0, "%s is applicable in the question state", x);
    else if (t && st == PL_REF_OK && never == PL_NO)
        acp_fail_named(f, PL_FAIL_REACHABLE, x, 0, "%s becomes applicable in a reachable state", x);
    else
        fail_by_path(f,
                     !strcmp(path, "planner-solvable") ? PL_FAIL_REACHABLE
                     : !strcmp(path, "invalid-action") ? PL_FAIL_UNKNOWN_NAME
                                                       : PL_FAIL_OTHER,
                     x, path);
    pl_action_ref_clear(&r);
}

/* ---- val ---- */

void acp_fail_val(bool have, long index, bool want_number, long want, pl_failure *f)
{
    char key[32];
    if (!have) {
        pl_failure_set(f, PL_FAIL_NOTHING_EXTRACTED, NULL, 0, "no index in the answer");
    } else if (!want_number) {
        pl_failure_set(f, PL_FAIL_INVALID_CLAIMED, NULL, 0, "index %ld for a valid plan", index);
    } else if (index < 0) {
        pl_failure_set(f, PL_FAIL_VALID_CLAIMED, NULL, (int)want + 1, "index %ld; action %ld is the first inapplicable",
                       index, want);
    } else {
        snprintf(key, sizeof key, "%+ld", index - want);
        pl_failure_set(f, index < want ? PL_FAIL_INDEX_TOO_EARLY : PL_FAIL_INDEX_TOO_LATE, key, (int)want + 1,
                       "index %ld; action %ld is the first inapplicable", index, want);
    }
}

/* ---- just ---- */

static bool same_ignoring_case(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if ((*a | 32 * (*a >= 'A' && *a <= 'Z')) != (*b | 32 * (*b >= 'A' && *b <= 'Z')))
            return false;
    return *a == *b;
}

void acp_fail_just(const pl_task *t, char *const *plan, int n, char *const *ans, int m, bool valid,
                   pl_failure *f)
{
    if (m == 0) {
        pl_failure_set(f, PL_FAIL_EMPTY_ANSWER, NULL, 0, "the simplified plan is empty");
        return;
    }
    if (n <= m) {
        pl_failure_set(f, PL_FAIL_NOTHING_REMOVED, NULL, 0, "the answer has %d actions, the plan %d", m, n);
        return;
    }
    /* the plan's steps the answer keeps, matched left to right */
    int first_removed = -1, second_removed = -1, removed = 0, k = 0;
    for (int i = 0; i < n; i++) {
        if (k < m && same_ignoring_case(plan[i], ans[k])) {
            k++;
            continue;
        }
        removed++;
        if (first_removed < 0)
            first_removed = i;
        else if (second_removed < 0)
            second_removed = i;
    }
    if (k < m) {
        pl_action_ref r = {0};
        pl_ref_status st = t ? pl_resolve_action(t, ans[k], &r) : PL_REF_OK;
        bool named = r.surplus == 0 && (st == PL_REF_OK || st == PL_REF_STATICALLY_FALSE || st == PL_REF_UNREACHABLE);
        if (t && !named)
            acp_fail_named(f, acp_action_name_kind(t, ans[k], &r), ans[k], k + 1, "%s: %s", ans[k],
                           r.detail ? r.detail : "too many arguments");
        else
            acp_fail_named(f, PL_FAIL_NOT_A_SUBSEQUENCE, ans[k], k + 1,
                           "%s (step %d of the answer) is not where the plan has it", ans[k], k + 1);
        pl_action_ref_clear(&r);
    } else if (!t) {
        pl_failure_set(f, PL_FAIL_OTHER, "not simulated", 0,
                       "the answer was not simulated (sound checks off, or the question's PDDL does not load)");
    } else if (valid) {
        pl_failure_set(f, PL_FAIL_OTHER, "not one or a pair", first_removed + 1,
                       "a valid plan, but %d removed actions are not one action or a consecutive pair", removed);
    } else if (second_removed >= 0) {
        acp_fail_named(f, PL_FAIL_NOT_REMOVABLE, plan[first_removed], first_removed + 1,
                       "without steps %d %s and %d %s the plan fails", first_removed + 1, plan[first_removed],
                       second_removed + 1, plan[second_removed]);
    } else {
        acp_fail_named(f, PL_FAIL_NOT_REMOVABLE, plan[first_removed], first_removed + 1,
                       "without step %d %s the plan fails", first_removed + 1, plan[first_removed]);
    }
}

/* ---- nexta ---- */

/* The predicate of the first precondition of the action text that is false
 * in the question state ("clear" for "(clear b1)" or "(not (clear b1))"). */
static char *false_predicate(const pl_task *t, const pl_action_ref *r, char **condition)
{
    char **unmet = NULL;
    int n = pl_explain_unmet(t, r->schema, r->args, t->init, &unmet);
    if (n == 0)
        n = pl_explain_static_unmet(t, r->schema, r->args, &unmet);
    char *key = NULL;
    *condition = NULL;
    if (n > 0) {
        const char *s = unmet[0];
        key = acp_head(strncmp(s, "(not ", 5) ? s : s + 5);
        *condition = pl_strdup(s);
    }
    pl_strings_free(unmet, n);
    return key;
}

static void fail_not_applicable(const pl_task *t, const char *x, pl_failure *f)
{
    pl_action_ref r;
    pl_ref_status st = pl_resolve_action(t, x, &r);
    if (r.surplus || r.schema < 0 || !r.args || (st != PL_REF_OK && st != PL_REF_STATICALLY_FALSE &&
                                                 st != PL_REF_UNREACHABLE)) {
        acp_fail_named(f, acp_action_name_kind(t, x, &r), x, 0, "%s: %s", x, r.detail ? r.detail : "too many arguments");
    } else {
        char *condition;
        char *key = false_predicate(t, &r, &condition);
        pl_failure_set(f, PL_FAIL_NOT_APPLICABLE, key ? key : "?", 0, "%s: %s is false", x,
                       condition ? condition : "a precondition");
        free(key);
        free(condition);
    }
    pl_action_ref_clear(&r);
}

int acp_optimal_next_action(acp_question_cache *c, const pl_limits *lim)
{
    const pl_task *t = c->lt.task;
    long long hstar;
    if (acp_cache_hstar(c, lim, &hstar) != PL_YES || hstar <= 0)
        return -1;
    for (int a = 0; a < t->nactions; a++)
        if (pl_task_applicable(t, a, t->init) && acp_cache_next_action(c, a, lim, &hstar) == PL_YES)
            return a;
    return -1;
}

/* The first goal atom out of reach of the successor by `action` even in the
 * delete relaxation (what makes it a dead end), as text; NULL when none or
 * out of memory. */
static char *unreachable_goal(const acp_question_cache *c, int action)
{
    const pl_task *t = c->lt.task;
    uint64_t *next = pl_state_new(t);
    bool *reached = malloc((size_t)t->natoms + 1);
    int *goal = malloc(((size_t)t->natoms + 1) * sizeof *goal);
    char *name = NULL;
    if (next && reached && goal) {
        pl_task_apply(t, action, t->init, next);
        if (pl_relaxed_reachable(c->relaxed, next, reached, NULL) == 0) {
            int n = pl_cond_required_atoms(t, t->goal, goal);
            for (int i = 0; i < n && !name; i++)
                if (!reached[goal[i]])
                    name = pl_strdup(t->atoms[goal[i]].name);
        }
    }
    free(next);
    free(reached);
    free(goal);
    return name;
}

/* not-optimal with its gap cost(a) + h*(successor) - h*(state), "+N" ("?"
 * when a search hit its limit), and an optimal action in the detail. */
static void fail_not_optimal(acp_question_cache *c, const char *x, int action, pl_answer next, double seconds,
                             pl_failure *f)
{
    const pl_task *t = c->lt.task;
    pl_limits lim = acp_limits(seconds);
    long long hstar = -1, hnext = -1;
    uint64_t *succ = pl_state_new(t);
    bool known = succ && acp_cache_hstar(c, &lim, &hstar) == PL_YES;
    if (known) {
        pl_task_apply(t, action, t->init, succ);
        known = pl_optimal_cost_shared(t, c->relaxed, succ, &lim, &hnext, acp_cache_hcache(c)) == PL_YES;
    }
    free(succ);
    long long gap = known ? c->relaxed->action_cost[action] + hnext - hstar : 0;
    char key[32] = "?";
    if (gap > 0)
        snprintf(key, sizeof key, "+%lld", gap);
    int best = acp_optimal_next_action(c, &lim);
    char *best_text = best >= 0 ? pl_strdup(t->actions[best].name) : NULL;
    pl_failure_set(f, PL_FAIL_NOT_OPTIMAL, key, 0, "%s is applicable but on no optimal plan%s%s%s%s", x,
                   gap > 0 ? "" : next == PL_NO ? "" : " (by the official rule; the sound test did not decide)",
                   best_text ? "; " : "", best_text ? best_text : "", best_text ? " starts one" : "");
    if (gap > 0 && f->detail) {
        char *d = pl_strdup_printf("%s (h* %lld from the question state, %lld after it)", f->detail, hstar, hnext);
        if (d) {
            free(f->detail);
            f->detail = d;
        }
    }
    free(best_text);
}

void acp_fail_nexta(acp_question_cache *c, const char *x, int action, pl_answer next, const char *path,
                    double seconds, pl_failure *f)
{
    bool stated_not_next = next == PL_NO || !strcmp(path, "planner-not-optimal") || !strcmp(path, "stored-no");
    if (!c) {
        fail_by_path(f,
                     !strcmp(path, "not-applicable") ? PL_FAIL_NOT_APPLICABLE
                     : stated_not_next               ? PL_FAIL_NOT_OPTIMAL
                                                     : PL_FAIL_OTHER,
                     x, path);
    } else if (action < 0) {
        fail_not_applicable(c->lt.task, x, f);
    } else if (acp_cache_noop_successor(c, action)) {
        acp_fail_named(f, PL_FAIL_NO_OP, x, 0, "%s leads back to the question state", x);
    } else if (acp_cache_dead_successor(c, action)) {
        char *goal = unreachable_goal(c, action);
        acp_fail_named(f, PL_FAIL_DEAD_END, x, 0, "%s leads to a state the goal cannot be reached from%s%s%s", x,
                       goal ? ": " : "", goal ? goal : "", goal ? " is out of reach" : "");
        free(goal);
    } else if (stated_not_next) {
        fail_not_optimal(c, x, action, next, seconds, f);
    } else {
        fail_by_path(f, PL_FAIL_OTHER, x, path);
    }
}
