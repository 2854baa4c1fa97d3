/* Simulation against the ACPBench-Hard ground truth (dev + test, 170 questions
 * per task): applicable sets, progression effects, first failing action of a
 * plan, validity of the plans to simplify, next-action candidate sets. */
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "plans/plan.h"
#include "test_support.h"

static const char *const splits[] = {"dev", "test"};

static char *lower_dup(const char *s)
{
    char *r = pl_strdup(s);
    for (char *p = r; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    return r;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A sorted, de-duplicated list of lower-cased strings. */
typedef struct {
    char **items;
    int count;
} strset;

static void set_add(strset *s, const char *v)
{
    s->items = realloc(s->items, (size_t)(s->count + 1) * sizeof *s->items);
    s->items[s->count++] = lower_dup(v);
}

static void set_finish(strset *s)
{
    if (!s->count)
        return;
    qsort(s->items, (size_t)s->count, sizeof *s->items, cmp_str);
    int k = 1;
    for (int i = 1; i < s->count; i++)
        if (strcmp(s->items[i], s->items[k - 1]))
            s->items[k++] = s->items[i];
        else
            free(s->items[i]);
    s->count = k;
}

static void set_add_json(strset *s, const cJSON *arr)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, arr) set_add(s, it->valuestring);
}

static bool set_equal(const strset *a, const strset *b)
{
    if (a->count != b->count)
        return false;
    for (int i = 0; i < a->count; i++)
        if (strcmp(a->items[i], b->items[i]))
            return false;
    return true;
}

static void set_print_diff(const char *label, const strset *got, const strset *want)
{
    for (int i = 0; i < got->count; i++)
        if (!bsearch(&got->items[i], want->items, (size_t)want->count, sizeof(char *), cmp_str))
            print_message("  %s: extra %s\n", label, got->items[i]);
    for (int i = 0; i < want->count; i++)
        if (!bsearch(&want->items[i], got->items, (size_t)got->count, sizeof(char *), cmp_str))
            print_message("  %s: missing %s\n", label, want->items[i]);
}

static void set_free(strset *s)
{
    pl_strings_free(s->items, s->count);
    s->items = NULL;
    s->count = 0;
}

static void applicable_set(const pl_task *t, strset *out)
{
    int *ids = malloc(((size_t)t->nactions + 1) * sizeof *ids);
    int n = pl_task_applicable_actions(t, t->init, ids);
    for (int i = 0; i < n; i++)
        set_add(out, t->actions[ids[i]].name);
    set_finish(out);
    free(ids);
}

typedef void (*question_check)(const cJSON *q, const pl_task *t, const char *label, int *failures);

static void for_each_question(const char *task, question_check check, int expected_total)
{
    if (!pl_test_data_dir(task))
        return;
    int total = 0, failures = 0;
    for (size_t s = 0; s < 2; s++) {
        cJSON *qs = pl_test_read_json(pl_test_acpbench_path(task, splits[s]));
        const cJSON *q;
        cJSON_ArrayForEach(q, qs)
        {
            char label[128];
            snprintf(label, sizeof label, "%s/%s id %.0f", task, splits[s],
                     cJSON_GetObjectItemCaseSensitive(q, "id")->valuedouble);
            pl_loaded_task lt;
            pl_test_load_texts(cJSON_GetObjectItemCaseSensitive(q, "PDDL_domain")->valuestring,
                               cJSON_GetObjectItemCaseSensitive(q, "PDDL_problem")->valuestring, label, &lt);
            check(q, lt.task, label, &failures);
            pl_loaded_task_free(&lt);
            total++;
        }
        cJSON_Delete(qs);
    }
    print_message("%s: %d questions, %d disagreements\n", task, total, failures);
    assert_int_equal(total, expected_total);
    assert_int_equal(failures, 0);
}

static void check_app(const cJSON *q, const pl_task *t, const char *label, int *failures)
{
    strset got = {0}, want = {0};
    applicable_set(t, &got);
    set_add_json(&want, cJSON_GetObjectItemCaseSensitive(q, "answer"));
    set_finish(&want);
    if (!set_equal(&got, &want)) {
        print_message("%s: applicable set differs\n", label);
        set_print_diff(label, &got, &want);
        (*failures)++;
    }
    set_free(&got);
    set_free(&want);
}

static void check_nexta(const cJSON *q, const pl_task *t, const char *label, int *failures)
{
    strset got = {0}, want = {0};
    applicable_set(t, &got);
    const cJSON *ans = cJSON_GetObjectItemCaseSensitive(q, "answer");
    set_add_json(&want, cJSON_GetObjectItemCaseSensitive(ans, "yes"));
    set_add_json(&want, cJSON_GetObjectItemCaseSensitive(ans, "no"));
    set_add_json(&want, cJSON_GetObjectItemCaseSensitive(ans, "maybe"));
    set_finish(&want);
    if (!set_equal(&got, &want)) {
        print_message("%s: yes+no+maybe differs from the applicable set\n", label);
        set_print_diff(label, &got, &want);
        (*failures)++;
    }
    set_free(&got);
    set_free(&want);
}

static void check_prog(const cJSON *q, const pl_task *t, const char *label, int *failures)
{
    const cJSON *ans = cJSON_GetObjectItemCaseSensitive(q, "answer");
    strset want_pos = {0}, want_neg = {0};
    set_add_json(&want_pos, cJSON_GetObjectItemCaseSensitive(ans, "pos"));
    set_add_json(&want_neg, cJSON_GetObjectItemCaseSensitive(ans, "neg"));
    set_finish(&want_pos);
    set_finish(&want_neg);
    int *ids = malloc(((size_t)t->nactions + 1) * sizeof *ids);
    int n = pl_task_applicable_actions(t, t->init, ids);
    uint64_t *next = pl_state_new(t);
    bool found = false;
    for (int i = 0; i < n && !found; i++) {
        pl_task_apply(t, ids[i], t->init, next);
        strset pos = {0}, neg = {0};
        for (int a = 0; a < t->natoms; a++) {
            bool before = pl_state_has(t->init, a), after = pl_state_has(next, a);
            if (!before && after)
                set_add(&pos, t->atoms[a].name);
            if (before && !after)
                set_add(&neg, t->atoms[a].name);
        }
        set_finish(&pos);
        set_finish(&neg);
        found = set_equal(&pos, &want_pos) && set_equal(&neg, &want_neg);
        set_free(&pos);
        set_free(&neg);
    }
    if (!found) {
        print_message("%s: no applicable action has the stored effects\n", label);
        (*failures)++;
    }
    free(next);
    free(ids);
    set_free(&want_pos);
    set_free(&want_neg);
}

/* Splits "(a b) (c d)" into steps. */
static pl_plan_steps steps_of(const char *plan_text)
{
    pl_plan_steps steps;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_plan_steps_parse(plan_text, &steps, &err), PL_OK);
    return steps;
}

static void check_val(const cJSON *q, const pl_task *t, const char *label, int *failures)
{
    const char *question = cJSON_GetObjectItemCaseSensitive(q, "question")->valuestring;
    const char *open = strchr(question, '"'), *close = strrchr(question, '"');
    assert_non_null(open);
    assert_true(close > open);
    char *plan = pl_strndup(open + 1, (size_t)(close - open - 1));
    pl_plan_steps steps = steps_of(plan);
    pl_trace *tr = pl_trace_new(t, steps.steps, steps.count);
    int want = cJSON_GetObjectItemCaseSensitive(q, "answer")->valueint;
    if (tr->failed_step != want) {
        print_message("%s: first failure at %d, stored %d\n", label, tr->failed_step, want);
        (*failures)++;
    }
    pl_trace_free(tr);
    pl_plan_steps_free(&steps);
    free(plan);
}

static void check_just(const cJSON *q, const pl_task *t, const char *label, int *failures)
{
    /* The official grader cuts the plan out as question[19:-147]. */
    const char *question = cJSON_GetObjectItemCaseSensitive(q, "question")->valuestring;
    size_t len = strlen(question);
    assert_true(len > 19 + 147);
    char *plan = pl_strndup(question + 19, len - 19 - 147);
    pl_plan_steps steps = steps_of(plan);
    pl_trace *tr = pl_trace_new(t, steps.steps, steps.count);
    if (!tr->valid || steps.count < 2) {
        print_message("%s: the plan to simplify is not valid (failed step %d)\n", label, tr->failed_step);
        (*failures)++;
    }
    pl_trace_free(tr);
    pl_plan_steps_free(&steps);
    free(plan);
}

static void test_app(void **state)
{
    (void)state;
    for_each_question("app", check_app, 170);
}

static void test_prog(void **state)
{
    (void)state;
    for_each_question("prog", check_prog, 170);
}

static void test_val(void **state)
{
    (void)state;
    for_each_question("val", check_val, 170);
}

static void test_just(void **state)
{
    (void)state;
    for_each_question("just", check_just, 170);
}

static void test_nexta(void **state)
{
    (void)state;
    for_each_question("nexta", check_nexta, 170);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_app),  cmocka_unit_test(test_prog),  cmocka_unit_test(test_val),
        cmocka_unit_test(test_just), cmocka_unit_test(test_nexta),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
