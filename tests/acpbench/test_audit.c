/* Dataset audit on the ACPBench dev questions, every task.  Each finding is
 * re-proved here by other means than the audit's (simulation with plan.h,
 * optimal costs from the successor, the known landmark label errors), so a
 * false finding fails the test; and labels altered on purpose are found,
 * exactly those. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "acpbench/audit.h"
#include "acpbench/grade.h"
#include "plans/plan.h"
#include "search/reach.h"
#include "test_support.h"

typedef struct {
    const char *label, *atom;
    pl_answer truth;
} known_label;

static const known_label wrong_land_labels[] = {
#include "acpbench/land_label_errors.inc"
};

/* Expansion budget: the same answers on every machine and under ASan. */
static const pl_limits limits = {50000, 0, 0};

static bool known(const char *id, const char *atom)
{
    char label[128];
    snprintf(label, sizeof label, "land/dev id %s", id);
    for (size_t i = 0; i < sizeof wrong_land_labels / sizeof *wrong_land_labels; i++)
        if (!strcmp(wrong_land_labels[i].label, label) && !strcmp(wrong_land_labels[i].atom, atom))
            return true;
    return false;
}

static pl_loaded_task load(const pl_acp_question *q)
{
    pl_loaded_task lt;
    pl_test_load_texts(q->domain_pddl, q->problem_pddl, q->id, &lt);
    return lt;
}

/* The question's quoted plan, parsed. */
static pl_plan_steps quoted_plan(const pl_acp_question *q)
{
    const char *open = strchr(q->question, '"'), *close = strrchr(q->question, '"');
    assert_true(open && close > open);
    char *text = pl_strndup(open + 1, (size_t)(close - open - 1));
    pl_plan_steps steps;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_plan_steps_parse(text, &steps, &err), PL_OK);
    free(text);
    return steps;
}

static int action_id(const pl_task *t, const char *text)
{
    pl_action_ref ref;
    int a = pl_resolve_action(t, text, &ref) == PL_REF_OK ? ref.action : -1;
    pl_action_ref_clear(&ref);
    return a;
}

/* Is the plan without steps [from, from + n) valid? */
static bool valid_without(const pl_task *t, const pl_plan_steps *p, int from, int n)
{
    char **kept = malloc((size_t)p->count * sizeof *kept);
    int k = 0;
    for (int i = 0; i < p->count; i++)
        if (i < from || i >= from + n)
            kept[k++] = p->steps[i];
    pl_trace *tr = pl_trace_new(t, kept, k);
    bool valid = tr->valid;
    pl_trace_free(tr);
    free(kept);
    return valid;
}

/* Removals of `a` (and `b` right after it, when b >= 0) that keep the plan valid. */
static int valid_removals(const pl_task *t, const pl_plan_steps *p, int a, int b)
{
    int n = 0;
    for (int i = 0; i + (b >= 0) < p->count; i++)
        if (action_id(t, p->steps[i]) == a && (b < 0 || action_id(t, p->steps[i + 1]) == b))
            n += valid_without(t, p, i, b >= 0 ? 2 : 1);
    return n;
}

/* Stored options naming the action (and the pair). */
static int stored_removals(const pl_task *t, const cJSON *options, int a, int b)
{
    int n = 0;
    const cJSON *o;
    cJSON_ArrayForEach(o, options) {
        int size = cJSON_GetArraySize(o);
        if (size == (b >= 0 ? 3 : 2) && action_id(t, cJSON_GetArrayItem(o, 0)->valuestring) == a &&
            (b < 0 || action_id(t, cJSON_GetArrayItem(o, 1)->valuestring) == b))
            n++;
    }
    return n;
}

static void reprove_val(const pl_acp_question *q, const pl_task *t, const pl_audit_finding *f)
{
    assert_string_equal(f->item, "first inapplicable action");
    pl_plan_steps steps = quoted_plan(q);
    pl_trace *tr = pl_trace_new(t, steps.steps, steps.count);
    assert_int_not_equal(tr->failed_step, q->answer->valueint);
    pl_trace_free(tr);
    pl_plan_steps_free(&steps);
}

static void reprove_just(const pl_acp_question *q, const pl_task *t, const pl_audit_finding *f)
{
    pl_plan_steps steps = quoted_plan(q);
    const char *split = strstr(f->item, ") (");
    char *first = split ? pl_strndup(f->item, (size_t)(split - f->item + 1)) : pl_strdup(f->item);
    int a = action_id(t, first), b = split ? action_id(t, split + 2) : -1;
    free(first);
    int valid = valid_removals(t, &steps, a, b), stored = stored_removals(t, q->answer, a, b);
    if (strstr(f->stored, "left out"))
        assert_true(valid > stored);
    else if (!split) {
        /* [action, "k"]: the k-th occurrence does not exist or cannot go */
        int k = atoi(strstr(f->stored, "occurrence ") + 11), at = -1;
        for (int i = 0; i < steps.count && at < 0; i++)
            if (action_id(t, steps.steps[i]) == a && --k == 0)
                at = i;
        assert_true(at < 0 || !valid_without(t, &steps, at, 1));
    } else {
        assert_true(valid < stored);
    }
    pl_plan_steps_free(&steps);
}

/* No applicable action whose arguments all appear in the question has the
 * stored effects, so no reading of the question makes the label right. */
static void reprove_prog(const pl_acp_question *q, const pl_task *t)
{
    int *app = malloc(((size_t)t->nactions + 1) * sizeof *app);
    int n = pl_task_applicable_actions(t, t->init, app);
    uint64_t *next = pl_state_new(t);
    for (int i = 0; i < n; i++) {
        const pl_gaction *a = &t->actions[app[i]];
        bool named = true;
        for (int k = 0; k < t->domain->actions[a->schema].nparams; k++)
            named = named && strstr(q->question, t->problem->objects[a->args[k]].name);
        if (!named)
            continue;
        pl_task_apply(t, app[i], t->init, next);
        int changed = 0, matched = 0;
        for (int atom = 0; atom < t->natoms; atom++)
            changed += pl_state_has(t->init, atom) != pl_state_has(next, atom);
        static const char *const lists[] = {"pos", "neg"};
        for (int l = 0; l < 2; l++) {
            const cJSON *it;
            cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(q->answer, lists[l])) {
                bool is_static;
                char *why = NULL;
                int atom = pl_resolve_atom(t, it->valuestring, &is_static, &why);
                free(why);
                matched += atom >= 0 && pl_state_has(next, atom) == (l == 0) && pl_state_has(t->init, atom) != (l == 0);
            }
        }
        int stored = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(q->answer, "pos")) +
                     cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(q->answer, "neg"));
        if (matched == stored && matched == changed)
            fail_msg("prog %s: %s has the stored effects", q->id, a->name);
    }
    free(next);
    free(app);
}

static void reprove_nexta(const pl_acp_question *q, const pl_task *t, const pl_audit_finding *f)
{
    pl_relaxed *rel = pl_relaxed_new(t);
    long long h = -1;
    assert_int_equal(pl_optimal_cost(t, rel, t->init, &limits, &h, NULL), PL_YES);
    if (!strcmp(f->item, "optimal cost")) {
        assert_int_not_equal(h, atoll(cJSON_GetObjectItemCaseSensitive(q->answer, "opt")->valuestring));
    } else {
        int a = action_id(t, f->item);
        bool optimal = false;
        if (a >= 0 && pl_task_applicable(t, a, t->init)) {
            uint64_t *next = pl_state_new(t);
            pl_task_apply(t, a, t->init, next);
            long long hn = -1;
            optimal = pl_optimal_cost(t, rel, next, &limits, &hn, NULL) == PL_YES && 1 + hn == h;
            free(next);
        }
        assert_int_equal(optimal, strstr(f->stored, "(no)") != NULL);
    }
    pl_relaxed_free(rel);
}

/* A stored None called wrong: the right answer its proof names, "wrong:
 * (clear tile_4) can never hold (proven)", graded as an answer by the sound
 * grader's own check of that answer, must score 1. */
static void reprove_none(const pl_acp_question *q, const pl_audit_finding *f)
{
    const char *open = strchr(f->proof, '('), *close = open ? strchr(open, ')') : NULL;
    assert_non_null(close);
    char *witness = pl_strndup(open, (size_t)(close - open + 1));
    pl_acp_grader *g = pl_acp_grader_new(NULL);
    pl_acp_verdict v;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_acp_grade(g, q, witness, &v, &err), 0);
    if (v.sound_score != 1)
        fail_msg("audit: %s says None is wrong by %s, which the grader scores 0", q->id, witness);
    pl_acp_verdict_clear(&v);
    pl_acp_grader_free(g);
    free(witness);
}

static void reprove(const pl_acp_question *q, const pl_audit_finding *f)
{
    if (!strcmp(f->item, "None")) {
        reprove_none(q, f);
        return;
    }
    if (q->task == PL_ACP_LAND) {
        assert_string_equal(f->stored, "not a landmark");
        if (!known(q->id, f->item))
            fail_msg("audit: %s %s is not a known label error", q->id, f->item);
        return;
    }
    pl_loaded_task lt = load(q);
    switch (q->task) {
    case PL_ACP_VAL:
        reprove_val(q, lt.task, f);
        break;
    case PL_ACP_JUST:
        reprove_just(q, lt.task, f);
        break;
    case PL_ACP_PROG:
        reprove_prog(q, lt.task);
        break;
    case PL_ACP_NEXTA:
        reprove_nexta(q, lt.task, f);
        break;
    default:
        fail_msg("audit: unexpected %s finding on %s: %s %s", pl_acp_task_name(q->task), q->id, f->item, f->proof);
    }
    pl_loaded_task_free(&lt);
}

static void load_dev(pl_acp_questions *qs, const char *const *tasks, int n)
{
    pl_error err = PL_ERROR_INIT;
    for (int i = 0; i < n; i++)
        assert_int_equal(pl_acp_questions_load(qs, pl_test_acpbench_path(tasks[i], "dev"), NULL, &err), PL_OK);
}

static void test_audit_dev(void **state)
{
    (void)state;
    if (!pl_test_data_dir("acpbench dev questions"))
        return;
    static const char *const tasks[] = {"app", "prog", "reach", "areach", "val", "just", "land", "nexta"};
    pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
    load_dev(&qs, tasks, 8);
    int checked[PL_ACP_NTASKS] = {0}, found[PL_ACP_NTASKS] = {0}, unknown[PL_ACP_NTASKS] = {0};
    int nones[PL_ACP_NTASKS] = {0}, unresolved = 0;
    pl_error err = PL_ERROR_INIT;
    for (int i = 0; i < qs.count; i++) {
        const pl_acp_question *q = &qs.items[i];
        pl_audit_result r = {0};
        assert_int_equal(pl_acp_audit(q, &limits, &r, &err), 0);
        checked[q->task] += r.checked;
        unknown[q->task] += r.unknown;
        unresolved += r.nunresolved;
        for (int k = 0; k < r.count; k++) {
            bool none = !strcmp(r.items[k].item, "None");
            nones[q->task] += none;
            found[q->task] += !none;
            reprove(q, &r.items[k]);
        }
        pl_audit_result_free(&r);
    }
    /* stored None answers are checked: floor-tile reach questions whose None
     * is wrong (a painted tile is never clear again), land questions whose
     * None is wrong (a stored "no" fact is a landmark) */
    printf("audit dev: None wrong on %d reach, %d areach, %d land questions; %d labels not checked\n",
           nones[PL_ACP_REACH], nones[PL_ACP_AREACH], nones[PL_ACP_LAND], unresolved);
    assert_true(nones[PL_ACP_REACH] > 0);
    assert_true(nones[PL_ACP_LAND] > 0);
    assert_int_equal(unresolved, 0); /* every stored label of the dev set names an atom or action */
    for (int k = 0; k < PL_ACP_NTASKS; k++) {
        printf("audit dev %s: %d labels checked, %d provably wrong, %d unknown\n", pl_acp_task_name((pl_acp_task)k),
               checked[k], found[k], unknown[k]);
        assert_true(checked[k] > 0);
    }
    int dev_known = 0;
    for (size_t i = 0; i < sizeof wrong_land_labels / sizeof *wrong_land_labels; i++)
        dev_known += !strncmp(wrong_land_labels[i].label, "land/dev", 8);
    assert_int_equal(found[PL_ACP_LAND], dev_known);
    assert_int_equal(found[PL_ACP_APP], 0);
    pl_acp_questions_free(&qs);
}

/* The audit of one altered question reports exactly one finding, on `item`
 * with the stored label `stored`. */
static void expect_one(const pl_acp_question *q, const char *item, const char *stored)
{
    pl_audit_result r = {0};
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_acp_audit(q, &limits, &r, &err), 0);
    for (int k = 0; k < r.count; k++)
        print_message("  %s %s: %s stored as %s; %s\n", pl_acp_task_name(q->task), q->id, r.items[k].item,
                      r.items[k].stored, r.items[k].proof);
    assert_int_equal(r.count, 1);
    assert_string_equal(r.items[0].item, item);
    assert_string_equal(r.items[0].stored, stored);
    reprove(q, &r.items[0]);
    pl_audit_result_free(&r);
}

static pl_acp_question *first_of(pl_acp_questions *qs, pl_acp_task task)
{
    for (int i = 0; i < qs->count; i++)
        if (qs->items[i].task == task)
            return &qs->items[i];
    fail_msg("no %s question", pl_acp_task_name(task));
    return NULL;
}

static void test_audit_altered_labels(void **state)
{
    (void)state;
    if (!pl_test_data_dir("acpbench dev questions"))
        return;
    static const char *const tasks[] = {"prog", "val", "just", "nexta", "reach"};
    pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
    load_dev(&qs, tasks, 5);

    /* reach: a label naming no atom is listed as not checked, with why */
    pl_acp_question *reach = first_of(&qs, PL_ACP_REACH);
    cJSON_AddItemToArray(reach->answer, cJSON_CreateString("at t9 nowhere"));
    pl_audit_result r = {0};
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_acp_audit(reach, &limits, &r, &err), 0);
    assert_int_equal(r.nunresolved, 1);
    assert_string_equal(r.unresolved[0].item, "at t9 nowhere");
    assert_non_null(strstr(r.unresolved[0].proof, "t9"));
    pl_audit_result_free(&r);

    /* prog: a negative effect also stored as positive */
    pl_acp_question *q = first_of(&qs, PL_ACP_PROG);
    const char *neg = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(q->answer, "neg"), 0)->valuestring;
    cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(q->answer, "pos"), cJSON_CreateString(neg));
    expect_one(q, neg, "positive effect");

    /* val: the index one too far */
    q = first_of(&qs, PL_ACP_VAL);
    cJSON_SetIntValue(q->answer, q->answer->valueint + 1);
    char *label = pl_strdup_printf("index %d", q->answer->valueint);
    expect_one(q, "first inapplicable action", label);
    free(label);

    /* just: the first removal option dropped from the list */
    q = first_of(&qs, PL_ACP_JUST);
    cJSON *dropped = cJSON_DetachItemFromArray(q->answer, 0);
    char *pair = pl_strdup_printf("%s %s", cJSON_GetArrayItem(dropped, 0)->valuestring,
                                  cJSON_GetArrayItem(dropped, 1)->valuestring);
    expect_one(q, pair, "not a removable pair (left out)");
    free(pair);
    /* ... put back, and removing the plan's first action (which breaks it) added */
    cJSON_InsertItemInArray(q->answer, 0, dropped);
    pl_plan_steps steps = quoted_plan(q);
    cJSON *bad = cJSON_CreateArray();
    cJSON_AddItemToArray(bad, cJSON_CreateString(steps.steps[0]));
    cJSON_AddItemToArray(bad, cJSON_CreateString("1"));
    cJSON_AddItemToArray(q->answer, bad);
    expect_one(q, steps.steps[0], "removable (occurrence 1)");
    pl_plan_steps_free(&steps);

    /* nexta: an optimal first action stored as "no", then a wrong optimal cost */
    q = first_of(&qs, PL_ACP_NEXTA);
    cJSON *yes = cJSON_GetObjectItemCaseSensitive(q->answer, "yes");
    char *moved = pl_strdup(cJSON_GetArrayItem(yes, 0)->valuestring);
    cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(q->answer, "no"), cJSON_DetachItemFromArray(yes, 0));
    expect_one(q, moved, "not on an optimal plan (no)");
    free(moved);
    cJSON_Delete(cJSON_DetachItemFromArray(cJSON_GetObjectItemCaseSensitive(q->answer, "no"),
                                           cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(q->answer, "no")) - 1));
    char *opt = pl_strdup_printf("%d", atoi(cJSON_GetObjectItemCaseSensitive(q->answer, "opt")->valuestring) + 1);
    cJSON_ReplaceItemInObjectCaseSensitive(q->answer, "opt", cJSON_CreateString(opt));
    label = pl_strdup_printf("optimal cost %s", opt);
    expect_one(q, "optimal cost", label);
    free(label);
    free(opt);
    pl_acp_questions_free(&qs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_audit_dev), cmocka_unit_test(test_audit_altered_labels)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
