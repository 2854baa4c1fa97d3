/* The failure mode of wrong IoU answers (pl_iou_verdict.failure): one
 * answer per kind on the four-block sample problem (and road-delivery for
 * action costs), and over the sample runs: every unsuccessful answer has a
 * kind, every successful one none. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/file.h"
#include "iou/verdict.h"
#include "test_support.h"

#define BW_DIR PLANLENS_SOURCE_DIR "/sample-runs/blocksworld/"
#define ROAD_DIR PLANLENS_SOURCE_DIR "/tests/pddl/ipc/road-delivery-"

typedef struct {
    char *domain, *problem; /* PDDL texts */
    pl_iou_grader *g;
} fixture;

static fixture *fixture_open(const char *domain_path, const char *problem_path)
{
    fixture *f = calloc(1, sizeof *f);
    pl_error err = PL_ERROR_INIT;
    size_t len;
    assert_non_null(f);
    f->domain = pl_read_file(domain_path, &len, &err);
    f->problem = pl_read_file(problem_path, &len, &err);
    f->g = pl_iou_grader_new();
    assert_true(f->domain && f->problem && f->g);
    return f;
}

static void fixture_close(fixture *f)
{
    free(f->domain);
    free(f->problem);
    pl_iou_grader_free(f->g);
    free(f);
}

static int open_bw(void **state)
{
    *state = fixture_open(BW_DIR "domain.pddl", BW_DIR "problem.pddl");
    return 0;
}

static int close_bw(void **state)
{
    fixture_close(*state);
    return 0;
}

/* Grades `response` to a question of `task` with this truth (and actions). */
static void grade(fixture *f, pl_iou_task task, char **truth, int ntruth, char **actions, int nactions,
                  const char *response, pl_iou_verdict *v)
{
    pl_iou_question q = {.id = "bw/p/t", .task = task, .answer = truth, .nanswer = ntruth, .actions = actions,
                         .nactions = nactions, .pddl_domain = f ? f->domain : NULL,
                         .pddl_problem = f ? f->problem : NULL};
    pl_iou_grader *g = f ? f->g : pl_iou_grader_new();
    assert_int_equal(pl_iou_grade(g, &q, response, v), 0);
    if (!f)
        pl_iou_grader_free(g);
}

static void assert_failure(const pl_iou_verdict *v, pl_failure_kind kind, const char *key, int step)
{
    const pl_failure *f = &v->failure;
    if (f->kind != kind || (key ? !f->key || strcmp(f->key, key) : f->key != NULL) || f->step != step)
        fail_msg("got %s key '%s' step %d (%s), expected %s key '%s' step %d", pl_failure_kind_name(f->kind),
                 f->key ? f->key : "(none)", f->step, f->detail ? f->detail : "", pl_failure_kind_name(kind),
                 key ? key : "(none)", step);
    assert_true(v->success == (kind == PL_FAIL_NONE));
}

static int items_of(const pl_iou_verdict *v, pl_failure_kind item)
{
    return v->failure.items[item - PL_FAIL_FIRST_ITEM];
}

/* In the initial state (d on a; a, b, c on the table) pick-up b, pick-up c
 * and unstack d a are applicable. */
static char *applicable[] = {"(pick-up b)", "(pick-up c)", "(unstack d a)"};

static void test_applicability(void **state)
{
    fixture *f = *state;
    pl_iou_verdict v;
    grade(f, PL_IOU_APPLICABILITY, applicable, 3, NULL, 0,
          "[(pick-up b), (pick-up a), (pick-up d), (unstack a b), (pick-up z)]", &v);
    assert_failure(&v, PL_FAIL_NOT_APPLICABLE, "pick-up", 0);
    assert_int_equal(items_of(&v, PL_FAIL_NOT_APPLICABLE), 3);
    assert_int_equal(items_of(&v, PL_FAIL_UNKNOWN_NAME), 1); /* z is no object */
    assert_int_equal(items_of(&v, PL_FAIL_MISSED_ITEMS), 2);
    assert_non_null(strstr(v.failure.detail, "not applicable 3"));
    pl_iou_verdict_clear(&v);

    grade(f, PL_IOU_APPLICABILITY, applicable, 3, NULL, 0,
          "[(fly a), (fly b), (pick-up b), (pick-up c), (unstack d a)]", &v);
    assert_failure(&v, PL_FAIL_UNKNOWN_NAME, "fly", 0);
    pl_iou_verdict_clear(&v);

    /* repeats count, but a set answer is not wrong for them */
    grade(f, PL_IOU_APPLICABILITY, applicable, 3, NULL, 0, "[(pick-up b), (pick-up b), (pick-up b), (pick-up c)]",
          &v);
    assert_failure(&v, PL_FAIL_MISSED_ITEMS, "unstack", 0);
    assert_int_equal(items_of(&v, PL_FAIL_DUPLICATES), 2);
    pl_iou_verdict_clear(&v);

    grade(f, PL_IOU_APPLICABILITY, applicable, 3, NULL, 0, "[(unstack d a), (pick-up c), (pick-up b), (pick-up b)]",
          &v);
    assert_failure(&v, PL_FAIL_NONE, NULL, 0);
    pl_iou_verdict_clear(&v);
}

static void test_state(void **state)
{
    fixture *f = *state;
    char *truth[] = {"(clear b)", "(clear c)", "(clear d)", "(handempty)", "(on d a)", "(ontable a)", "(ontable b)",
                     "(ontable c)"};
    pl_iou_verdict v;
    grade(f, PL_IOU_STATE, truth, 8, NULL, 0,
          "[(clear b), (clear c), (clear d), (on a d), (on b a), (on d a), (ontable a), (ontable b), (ontable c)]", &v);
    assert_failure(&v, PL_FAIL_NOT_IN_STATE, "on", 0);
    assert_int_equal(items_of(&v, PL_FAIL_MISSED_ITEMS), 1); /* handempty */
    pl_iou_verdict_clear(&v);
}

/* (unstack d a) adds (holding d), (clear a); deletes (on d a), (clear d), (handempty). */
static void test_progression(void **state)
{
    fixture *f = *state;
    char *action[] = {"(unstack d a)"};
    char *pos[] = {"(clear a)", "(holding d)"};
    pl_iou_verdict v;
    grade(f, PL_IOU_PROG_POS, pos, 2, action, 1, "[(holding d), (clear d), (on d a), (on d b)]", &v);
    assert_failure(&v, PL_FAIL_WRONG_SIGN, "clear", 0);
    assert_int_equal(items_of(&v, PL_FAIL_WRONG_SIGN), 2);
    assert_int_equal(items_of(&v, PL_FAIL_NOT_AN_EFFECT), 1); /* (on d b) stays false */
    assert_int_equal(items_of(&v, PL_FAIL_MISSED_ITEMS), 1);
    pl_iou_verdict_clear(&v);

    char *neg[] = {"(clear d)", "(handempty)", "(on d a)"};
    grade(f, PL_IOU_PROG_NEG, neg, 3, action, 1, "[(clear d), (handempty), (on d a), (ontable b), (ontable c)]", &v);
    assert_failure(&v, PL_FAIL_NOT_AN_EFFECT, "ontable", 0);
    pl_iou_verdict_clear(&v);
}

static void test_parse_failures(void **state)
{
    fixture *f = *state;
    pl_iou_verdict v;
    grade(f, PL_IOU_APPLICABILITY, applicable, 3, NULL, 0, " \n ", &v);
    assert_failure(&v, PL_FAIL_EMPTY_ANSWER, NULL, 0);
    pl_iou_verdict_clear(&v);
    grade(f, PL_IOU_APPLICABILITY, applicable, 3, NULL, 0, "I cannot tell which.", &v);
    assert_failure(&v, PL_FAIL_NOTHING_EXTRACTED, NULL, 0);
    pl_iou_verdict_clear(&v);
}

static void test_plans(void **state)
{
    fixture *f = *state;
    char *truth[] = {"(unstack d a)", "(put-down d)", "(pick-up c)", "(stack c d)",
                     "(pick-up b)",   "(stack b c)",  "(pick-up a)", "(stack a b)"};
    pl_iou_verdict v;
    grade(f, PL_IOU_PLAN, truth, 8, NULL, 0,
          "[(put-down d), (unstack d a), (pick-up c), (stack c d), (pick-up b), (stack b c), (pick-up a), "
          "(stack a b)]",
          &v);
    assert_failure(&v, PL_FAIL_UNMET_PRECONDITION, "put-down: holding", 1);
    pl_iou_verdict_clear(&v);
    grade(f, PL_IOU_PLAN, truth, 8, NULL, 0, "[(unstack d a), (put-down d)]", &v);
    assert_failure(&v, PL_FAIL_GOAL_UNMET, "3 goals", 0);
    pl_iou_verdict_clear(&v);
    grade(f, PL_IOU_PLAN, truth, 8, NULL, 0, "[]", &v);
    assert_failure(&v, PL_FAIL_EMPTY_ANSWER, NULL, 0);
    pl_iou_verdict_clear(&v);
    /* valid and longer than the truth: a plan question asks for any plan */
    grade(f, PL_IOU_PLAN, truth, 8, NULL, 0,
          "[(pick-up b), (put-down b), (unstack d a), (put-down d), (pick-up c), (stack c d), (pick-up b), "
          "(stack b c), (pick-up a), (stack a b)]",
          &v);
    assert_failure(&v, PL_FAIL_NONE, NULL, 0);
    pl_iou_verdict_clear(&v);
}

/* costplan on road-delivery: its plan of cost 23 is the truth. */
static void test_costplan(void **state)
{
    (void)state;
    fixture *road = fixture_open(ROAD_DIR "domain.pddl", ROAD_DIR "problem.pddl");
    char *truth[] = {"(drive truck1 a b)", "(load p1 truck1 b)", "(drive truck1 b c)",
                     "(load p2 truck1 c)", "(drive truck1 c d)", "(unload p1 truck1 d)",
                     "(drive truck1 d c)", "(drive truck1 c b)", "(unload p2 truck1 b)"};
    pl_iou_verdict v;
    /* a -> c directly costs 10, a -> b -> c 8: cost 24 */
    grade(road, PL_IOU_COSTPLAN, truth, 9, NULL, 0,
          "[(drive truck1 a c), (load p2 truck1 c), (drive truck1 c b), (load p1 truck1 b), (unload p2 truck1 b), "
          "(drive truck1 b c), (drive truck1 c d), (unload p1 truck1 d)]",
          &v);
    assert_failure(&v, PL_FAIL_NOT_OPTIMAL, "+1", 0);
    pl_iou_verdict_clear(&v);
    grade(road, PL_IOU_COSTPLAN, truth, 9, NULL, 0, "[(drive p1 a b)]", &v);
    assert_failure(&v, PL_FAIL_TYPE_MISMATCH, "drive", 1);
    pl_iou_verdict_clear(&v);
    fixture_close(road);
}

/* Without PDDL answer-only items are the task's kind; a plan other than the
 * truth cannot be checked. */
static void test_without_pddl(void **state)
{
    (void)state;
    pl_iou_verdict v;
    grade(NULL, PL_IOU_APPLICABILITY, applicable, 3, NULL, 0, "[(pick-up b), (pick-up c), (unstack d a), (fly z)]",
          &v);
    assert_failure(&v, PL_FAIL_NOT_APPLICABLE, "fly", 0);
    pl_iou_verdict_clear(&v);
    grade(NULL, PL_IOU_PLAN, applicable, 1, NULL, 0, "[(pick-up c)]", &v);
    assert_failure(&v, PL_FAIL_OTHER, NULL, 0);
    pl_iou_verdict_clear(&v);
}

/* The synthetic IoU runs of sample-runs/: a kind exactly on the wrong answers. */
static void test_sample_runs(void **state)
{
    (void)state;
    const char *paths[] = {PLANLENS_SOURCE_DIR "/sample-runs/iou"};
    pl_workspace *ws = pl_test_open_graded(paths, 1);
    assert_non_null(ws);
    int answers = 0, wrong = 0, count[PL_FAIL_NKINDS] = {0};
    for (int i = 0; i < pl_workspace_count(ws); i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        if (!r->iou || !r->graded || r->error)
            continue;
        const pl_failure *f = pl_ws_record_failure(r);
        if ((r->sound_score == 0) != (f->kind != PL_FAIL_NONE))
            fail_msg("%s: score %d, kind %s", r->id, r->sound_score, pl_failure_kind_name(f->kind));
        answers++;
        wrong += r->sound_score == 0;
        count[f->kind]++;
    }
    print_message("sample IoU runs: %d answers, %d wrong\n", answers, wrong);
    for (int k = 0; k < PL_FAIL_NKINDS; k++)
        if (count[k])
            print_message("  %-20s %d\n", pl_failure_kind_name((pl_failure_kind)k), count[k]);
    assert_true(wrong > 0 && wrong < answers);
    pl_workspace_close(ws);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_applicability, open_bw, close_bw),
        cmocka_unit_test_setup_teardown(test_state, open_bw, close_bw),
        cmocka_unit_test_setup_teardown(test_progression, open_bw, close_bw),
        cmocka_unit_test_setup_teardown(test_parse_failures, open_bw, close_bw),
        cmocka_unit_test_setup_teardown(test_plans, open_bw, close_bw),
        cmocka_unit_test(test_costplan),
        cmocka_unit_test(test_without_pddl),
        cmocka_unit_test(test_sample_runs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
