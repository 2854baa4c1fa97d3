/* Bounded grading of set answers (issue 37 §2): huge answers are graded
 * through hashed sets with the same verdict as a small equivalent answer,
 * answers over PL_ACP_MAX_ITEMS are graded too-long (official score still
 * computed, never truncated), and a set cancel flag stops grading.  No
 * timing is asserted here: bench/bench_bounds.sh measures it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "acpbench/grade.h"
#include "acpbench/questions.h"
#include "test_support.h"

typedef struct {
    pl_acp_questions qs;
    const pl_acp_question *app; /* the first app question of the dev set */
} fixture;

static int setup(void **state)
{
    if (!pl_test_data_dir("bounded grading")) {
        *state = NULL;
        return 0;
    }
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    f->qs = (pl_acp_questions)PL_ACP_QUESTIONS_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_acp_questions_load(&f->qs, pl_test_acpbench_path("app", "dev"), &warnings, &err), PL_OK);
    pl_diags_clear(&warnings);
    for (int i = 0; i < f->qs.count && !f->app; i++)
        if (f->qs.items[i].task == PL_ACP_APP && f->qs.items[i].format == PL_ACP_GEN)
            f->app = &f->qs.items[i];
    assert_non_null(f->app);
    assert_true(cJSON_GetArraySize(f->app->answer) >= 2);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    if (f) {
        pl_acp_questions_free(&f->qs);
        free(f);
    }
    return 0;
}

/* "[a, b, ...]": n items, item i from item(i, ctx). */
static char *list_answer(int n, const char *(*item)(int i, void *ctx), void *ctx)
{
    size_t cap = 64, len = 0;
    char *s = malloc(cap);
    assert_non_null(s);
    s[len++] = '[';
    for (int i = 0; i < n; i++) {
        const char *x = item(i, ctx);
        size_t need = len + strlen(x) + 4;
        if (need > cap) {
            while (cap < need)
                cap *= 2;
            s = realloc(s, cap);
            assert_non_null(s);
        }
        len += (size_t)sprintf(s + len, "%s%s", i ? ", " : "", x);
    }
    s[len++] = ']';
    s[len] = '\0';
    return s;
}

/* The stored answer's items over and over. */
static const char *stored_item(int i, void *ctx)
{
    const cJSON *answer = ctx;
    return cJSON_GetArrayItem(answer, i % cJSON_GetArraySize(answer))->valuestring;
}

/* Made-up actions, each distinct, except item 1 repeats item 0. */
static const char *made_up_item(int i, void *ctx)
{
    static char buf[64];
    (void)ctx;
    snprintf(buf, sizeof buf, "(sail l0 zz%d)", i == 1 ? 0 : i);
    return buf;
}

static void grade(const pl_acp_grade_options *opts, const pl_acp_question *q, const char *response,
                  pl_acp_verdict *v, int want_rc)
{
    pl_acp_grader *g = pl_acp_grader_new(opts);
    assert_non_null(g);
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_acp_grade(g, q, response, v, &err), want_rc);
    if (want_rc < 0) {
        assert_non_null(err.message);
        assert_string_equal(err.message, "grading cancelled");
    }
    pl_error_clear(&err);
    pl_acp_grader_free(g);
}

/* The right set, each item repeated to just under the cap: the same verdict
 * as the stored answer itself (set semantics through the hashed index). */
static void test_huge_repeats_grade_as_small(void **state)
{
    fixture *f = *state;
    if (!f)
        return;
    cJSON *answer = f->app->answer;
    int nstored = cJSON_GetArraySize(answer);
    char *small = list_answer(nstored, stored_item, answer);
    char *huge = list_answer(PL_ACP_MAX_ITEMS, stored_item, answer);
    pl_acp_verdict vs, vh;
    grade(NULL, f->app, small, &vs, 0);
    grade(NULL, f->app, huge, &vh, 0);
    assert_int_equal(vs.score, 1);
    assert_int_equal(vh.score, vs.score);
    assert_int_equal(vh.sound_score, vs.sound_score);
    assert_string_equal(vh.path, vs.path);
    assert_true(vh.iou == vs.iou);
    assert_int_equal(vh.failure.kind, PL_FAIL_NONE);
    assert_int_equal(cJSON_GetArraySize(vh.parsed), PL_ACP_MAX_ITEMS);
    pl_acp_verdict_clear(&vs);
    pl_acp_verdict_clear(&vh);
    free(small);
    free(huge);
}

/* 40,000 distinct made-up actions (one repeated): every item counted
 * exactly, as the quadratic grader counted them, and the IoU exact. */
static void test_huge_wrong_answer_counts_every_item(void **state)
{
    fixture *f = *state;
    if (!f)
        return;
    enum { N = 40000 };
    char *huge = list_answer(N, made_up_item, NULL);
    pl_acp_verdict v;
    grade(NULL, f->app, huge, &v, 0);
    assert_int_equal(v.score, 0);
    assert_int_equal(v.sound_score, 0);
    assert_int_equal(v.failure.kind, PL_FAIL_UNKNOWN_NAME);
    assert_string_equal(v.failure.key, "sail");
    assert_int_equal(v.failure.items[PL_FAIL_UNKNOWN_NAME - PL_FAIL_FIRST_ITEM], N - 1);
    assert_int_equal(v.failure.items[PL_FAIL_DUPLICATES - PL_FAIL_FIRST_ITEM], 1);
    int truth = v.failure.items[PL_FAIL_MISSED_ITEMS - PL_FAIL_FIRST_ITEM];
    assert_true(truth >= 1);
    assert_true(v.iou == 0); /* nothing in common */
    pl_acp_verdict_clear(&v);
    free(huge);
}

/* One item over the cap: too-long, sound 0, the official score still
 * computed (the right set repeated: 1), every item parsed (not truncated). */
static void test_over_the_cap_is_too_long(void **state)
{
    fixture *f = *state;
    if (!f)
        return;
    char *huge = list_answer(PL_ACP_MAX_ITEMS + 1, stored_item, f->app->answer);
    pl_acp_verdict v;
    grade(NULL, f->app, huge, &v, 0);
    assert_int_equal(v.score, 1);
    assert_string_equal(v.path, "set-equal");
    assert_int_equal(v.sound_score, 0);
    assert_int_equal(v.failure.kind, PL_FAIL_TOO_LONG);
    assert_string_equal(pl_failure_kind_name(v.failure.kind), "too-long");
    assert_non_null(strstr(v.failure.detail, "50001 items"));
    for (int i = 0; i < PL_FAIL_NITEMS; i++)
        assert_int_equal(v.failure.items[i], 0);
    assert_non_null(v.sound_reason);
    assert_int_equal(cJSON_GetArraySize(v.parsed), PL_ACP_MAX_ITEMS + 1);
    pl_acp_verdict_clear(&v);

    /* official only: the official score stands, wrong answers say too-long */
    pl_acp_grade_options official = pl_acp_grade_default_options();
    official.sound = false;
    grade(&official, f->app, huge, &v, 0);
    assert_int_equal(v.score, 1);
    assert_int_equal(v.sound_score, 1);
    assert_int_equal(v.failure.kind, PL_FAIL_NONE);
    pl_acp_verdict_clear(&v);
    free(huge);
    huge = list_answer(PL_ACP_MAX_ITEMS + 1, made_up_item, NULL);
    grade(&official, f->app, huge, &v, 0);
    assert_int_equal(v.score, 0);
    assert_int_equal(v.failure.kind, PL_FAIL_TOO_LONG);
    pl_acp_verdict_clear(&v);
    free(huge);
}

/* A set cancel flag: the grader stops inside the item loop and says so. */
static void test_cancel_flag_stops_grading(void **state)
{
    fixture *f = *state;
    if (!f)
        return;
    atomic_bool cancel = true;
    pl_acp_grade_options opts = pl_acp_grade_default_options();
    opts.cancel = &cancel;
    char *huge = list_answer(20000, made_up_item, NULL);
    pl_acp_verdict v;
    grade(&opts, f->app, huge, &v, -1);
    assert_string_equal(v.path, "cancelled");
    assert_int_equal(v.score, 0);
    pl_acp_verdict_clear(&v);
    atomic_store(&cancel, false);
    grade(&opts, f->app, huge, &v, 0);
    assert_string_equal(v.path, "set-mismatch");
    pl_acp_verdict_clear(&v);
    free(huge);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_huge_repeats_grade_as_small),
        cmocka_unit_test(test_huge_wrong_answer_counts_every_item),
        cmocka_unit_test(test_over_the_cap_is_too_long),
        cmocka_unit_test(test_cancel_flag_stops_grading),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
