/* The explorer's filter language: parsing, error columns and matching. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "filter.h"

static pl_ws_record record(const char *model, const char *task, const char *domain, int score, int sound,
                           double iou, bool parse_failed)
{
    pl_ws_record r;
    memset(&r, 0, sizeof r);
    r.model = model;
    r.task = task;
    r.domain = domain;
    r.id = "q1";
    r.graded = true;
    r.score = score;
    r.sound_score = sound;
    r.has_value = iou >= 0;
    r.value = iou;
    r.parse_failed = parse_failed;
    return r;
}

static bool matches(const char *expr, const pl_ws_record *r)
{
    int col;
    char *err = NULL;
    pl_filter *f = pl_filter_parse(expr, &col, &err);
    if (!f)
        fail_msg("'%s' does not parse: column %d: %s", expr, col, err);
    bool m = pl_filter_match(f, r);
    pl_filter_free(f);
    return m;
}

static void test_terms(void **state)
{
    (void)state;
    pl_ws_record r = record("gpt-4o", "app", "ferry", 0, 1, 0.4, false);
    assert_true(matches("", &r));
    assert_true(matches("task=app domain=ferry iou<0.5 score=0 model~gpt", &r));
    assert_true(matches("TASK=APP", &r)); /* text compares ignore case */
    assert_false(matches("task=prog", &r));
    assert_true(matches("sound!=score", &r));
    assert_true(matches("!parse=fail", &r));
    assert_true(matches("task=prog or (iou>=0.4 and model!~llama)", &r));
    assert_false(matches("!(task=app)", &r));
    assert_true(matches("model=\"gpt-4o\"", &r));
    pl_ws_record no_iou = record("m", "val", "grid", 1, 1, -1, false);
    assert_false(matches("iou<2", &no_iou)); /* no value: comparisons are false */
    assert_true(matches("!iou<2", &no_iou));
    pl_ws_record pending = record("m", "app", "grid", 0, 0, 0.5, false);
    pending.graded = false;
    assert_false(matches("score=0", &pending));
    assert_true(matches("graded=no", &pending));
}

static void expect_error(const char *expr, int column, const char *expected)
{
    int col = 0;
    char *err = NULL;
    pl_filter *f = pl_filter_parse(expr, &col, &err);
    assert_null(f);
    assert_int_equal(col, column);
    assert_non_null(strstr(err, expected));
    free(err);
}

static void test_errors(void **state)
{
    (void)state;
    expect_error("iou<x", 5, "a number");
    expect_error("colour=red", 1, "a field");
    expect_error("task app", 6, "an operator");
    expect_error("(task=app", 10, "')'");
    expect_error("task=app)", 9, "no ')' without '('");
    expect_error("parse=maybe", 7, "ok or fail");
    expect_error("model=\"gpt", 7, "closing");
    expect_error("score~1", 6, "a comparison");
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_terms), cmocka_unit_test(test_errors)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
