/* Failure modes of ACPBench answers (issue 27 §1): every answer of the
 * conformance set whose sound verdict is 0 has a kind and no right answer
 * has one; and one real answer per kind, with its key and step. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "acpbench/grade.h"
#include "acpbench/questions.h"
#include "runs/runs.h"
#include "test_support.h"

static void test_conformance_kinds(void **state)
{
    (void)state;
    if (!pl_test_data_dir("failure modes of the conformance set"))
        return;
    pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_acp_questions_load(&qs, pl_test_data_path("conformance/acpbench-dev/dev_questions.json"),
                                           &warnings, &err),
                     PL_OK);
    assert_int_equal(pl_run_responses_load(&rs, pl_test_data_path("conformance/acpbench-dev/responses.jsonl"),
                                           &warnings, &err),
                     PL_OK);
    pl_acp_grader *g = pl_acp_grader_new(NULL);
    assert_non_null(g);
    int wrong = 0, kinds[PL_FAIL_NKINDS] = {0};
    for (int i = 0; i < rs.count; i++) {
        const pl_acp_question *q = pl_acp_questions_find(&qs, rs.items[i].group, rs.items[i].id);
        assert_non_null(q);
        pl_acp_verdict v;
        assert_int_equal(pl_acp_grade(g, q, rs.items[i].response, &v, &err), 0);
        if (v.sound_score != (v.failure.kind == PL_FAIL_NONE))
            print_message("line %d [%s %s]: sound %d, failure %s\n", i + 1, q->group, q->id, v.sound_score,
                          pl_failure_kind_name(v.failure.kind));
        assert_int_equal(v.sound_score, v.failure.kind == PL_FAIL_NONE);
        wrong += !v.sound_score;
        kinds[v.failure.kind]++;
        pl_acp_verdict_clear(&v);
    }
    print_message("failure modes: %d wrong answers of %d\n", wrong, rs.count);
    for (int k = 1; k < PL_FAIL_NKINDS; k++)
        if (kinds[k])
            print_message("  %-20s %d\n", pl_failure_kind_name((pl_failure_kind)k), kinds[k]);
    assert_true(wrong > 1000);
    pl_acp_grader_free(g);
    pl_run_responses_free(&rs);
    pl_acp_questions_free(&qs);
    pl_diags_clear(&warnings);
}

/* ---- one answer per kind ---- */

typedef struct {
    pl_acp_questions qs;
    pl_acp_grader *g;
} fixture;

static int setup(void **state)
{
    *state = NULL;
    if (!pl_test_data_dir("failure mode examples"))
        return 0;
    fixture *f = calloc(1, sizeof *f);
    static const char *const files[] = {"conformance/acpbench-dev/dev_questions.json", "acpbench/app/dev.bool.json",
                                        "acpbench/app/dev.mcq.json"};
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    for (size_t i = 0; f && i < sizeof files / sizeof files[0]; i++)
        if (pl_acp_questions_load(&f->qs, pl_test_data_path(files[i]), &warnings, &err) != PL_OK)
            return -1;
    pl_diags_clear(&warnings);
    if (!f || !(f->g = pl_acp_grader_new(NULL)))
        return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    if (f) {
        pl_acp_grader_free(f->g);
        pl_acp_questions_free(&f->qs);
        free(f);
    }
    return 0;
}

/* Grades `response` to (group, id): sound verdict 0 with this kind, key
 * (NULL: none) and step. */
static pl_acp_verdict expect_failure(fixture *f, const char *group, const char *id, const char *response,
                                     pl_failure_kind kind, const char *key, int step)
{
    const pl_acp_question *q = pl_acp_questions_find(&f->qs, group, id);
    assert_non_null(q);
    pl_acp_verdict v;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_acp_grade(f->g, q, response, &v, &err), 0);
    if (v.failure.kind != kind || (key ? !v.failure.key || strcmp(v.failure.key, key) : v.failure.key != NULL))
        print_message("%s %s '%s': got %s key %s (%s), want %s key %s\n", group, id, response,
                      pl_failure_kind_name(v.failure.kind), v.failure.key ? v.failure.key : "-",
                      v.failure.detail ? v.failure.detail : "-", pl_failure_kind_name(kind), key ? key : "-");
    assert_int_equal(v.sound_score, 0);
    assert_int_equal(v.failure.kind, kind);
    if (key)
        assert_string_equal(v.failure.key, key);
    else
        assert_null(v.failure.key);
    assert_int_equal(v.failure.step, step);
    assert_non_null(v.failure.detail);
    return v;
}

static void expect_kind(fixture *f, const char *group, const char *id, const char *response, pl_failure_kind kind,
                        const char *key, int step)
{
    pl_acp_verdict v = expect_failure(f, group, id, response, kind, key, step);
    pl_acp_verdict_clear(&v);
}

#define FIXTURE()                                                                                                     \
    fixture *f = *state;                                                                                             \
    if (!f)                                                                                                          \
        return

#define APP "applicable_actions_gen", "-5674251047178000480"
#define PROG "progression_gen", "297440160406485545"
#define REACH "reachable_atom_gen", "6900855040701022305"
#define AREACH "reachable_action_gen", "-255316435894028208"
#define VAL "validation_gen", "4896696031890359153"
#define JUST "action_justification_gen", "-1935657372967311035"
#define LAND "landmarks_gen", "5196274110229243987"

static void test_any_task(void **state)
{
    FIXTURE();
    expect_kind(f, APP, " \n", PL_FAIL_EMPTY_ANSWER, NULL, 0);
    expect_kind(f, PROG, "[(empty-ferry), (at c2 l1), (on c2)]", PL_FAIL_NOTHING_EXTRACTED, NULL, 0);
    expect_kind(f, "applicable_actions_bool", "-8342636639526456067", "No.", PL_FAIL_WRONG_CHOICE, "No", 0);
    expect_kind(f, "applicable_actions_mc", "-6575941946410689765", "A", PL_FAIL_WRONG_CHOICE, "A", 0);
}

/* Right answers carry no failure. */
static void test_right_has_none(void **state)
{
    FIXTURE();
    static const char *const right[][3] = {{APP, "[(debark c2 l0), (sail l0 l1)]"},
                                           {PROG, "[(empty-ferry), (at c2 l1)] [(on c2)]"},
                                           {VAL, "4"}};
    for (size_t i = 0; i < sizeof right / sizeof right[0]; i++) {
        pl_acp_verdict v;
        pl_error err = PL_ERROR_INIT;
        assert_int_equal(pl_acp_grade(f->g, pl_acp_questions_find(&f->qs, right[i][0], right[i][1]), right[i][2],
                                      &v, &err),
                         0);
        assert_int_equal(v.sound_score, 1);
        assert_int_equal(v.failure.kind, PL_FAIL_NONE);
        assert_null(v.failure.key);
        pl_acp_verdict_clear(&v);
    }
}

static void test_app_items(void **state)
{
    FIXTURE();
    /* (sail l1 l0): the ferry is at l0 */
    pl_acp_verdict v = expect_failure(f, APP, "[(debark c2 l0), (sail l1 l0)]", PL_FAIL_NOT_APPLICABLE, "sail", 0);
    assert_int_equal(v.failure.items[PL_FAIL_NOT_APPLICABLE - PL_FAIL_FIRST_ITEM], 1);
    assert_int_equal(v.failure.items[PL_FAIL_MISSED_ITEMS - PL_FAIL_FIRST_ITEM], 1);
    assert_string_equal(v.failure.detail, "1 not applicable, 1 missed");
    pl_acp_verdict_clear(&v);
    expect_kind(f, APP, "[(debark c2 l0), (sail l0 l1), (sail l0 zz96)]", PL_FAIL_UNKNOWN_NAME, "sail", 0);
    expect_kind(f, APP, "[(debark c2 l0)]", PL_FAIL_MISSED_ITEMS, "sail", 0);
    /* a repeat is counted but never makes a set wrong: the miss dominates */
    v = expect_failure(f, APP, "[(debark c2 l0), (debark c2 l0)]", PL_FAIL_MISSED_ITEMS, "sail", 0);
    assert_int_equal(v.failure.items[PL_FAIL_DUPLICATES - PL_FAIL_FIRST_ITEM], 1);
    pl_acp_verdict_clear(&v);
}

static void test_prog_items(void **state)
{
    FIXTURE();
    expect_kind(f, PROG, "[(on c2)] [(empty-ferry), (at c2 l1)]", PL_FAIL_WRONG_SIGN, "on", 0);
    expect_kind(f, PROG, "[(empty-ferry), (at c2 l1), (at c2 l0)] [(on c2)]", PL_FAIL_NOT_AN_EFFECT, "at", 0);
    expect_kind(f, PROG, "[(empty-ferry), (at c2 l1), (empty-ferry zz90)] [(on c2)]", PL_FAIL_UNKNOWN_NAME,
                "empty-ferry", 0);
    expect_kind(f, PROG, "[(at c2 l1)] [(on c2)]", PL_FAIL_MISSED_ITEMS, "empty-ferry", 0);
}

static void test_reach_areach(void **state)
{
    FIXTURE();
    expect_kind(f, REACH, "(empty-ferry)", PL_FAIL_REACHABLE, "empty-ferry", 0);
    expect_kind(f, REACH, "(at c1 l0)", PL_FAIL_STATIC_OR_INITIAL, "at", 0);
    expect_kind(f, REACH, "(at c0 zz94)", PL_FAIL_UNKNOWN_NAME, "at", 0);
    expect_kind(f, "reachable_atom_gen", "-7642164361753377109", "None", PL_FAIL_NONE_BUT_EXISTS, NULL, 0);
    expect_kind(f, AREACH, "(board c18 l1)", PL_FAIL_REACHABLE, "board", 0);
    expect_kind(f, AREACH, "(sail l0 l1)", PL_FAIL_STATIC_OR_INITIAL, "sail", 0);
    expect_kind(f, AREACH, "(sail l0 zz97)", PL_FAIL_UNKNOWN_NAME, "sail", 0);
    /* "none." is None for the sound reading, and wrong here */
    expect_kind(f, AREACH, "none.", PL_FAIL_NONE_BUT_EXISTS, NULL, 0);
}

static void test_land(void **state)
{
    FIXTURE();
    expect_kind(f, LAND, "(on c5)", PL_FAIL_NOT_A_LANDMARK, "on", 0);
    expect_kind(f, LAND, "(at c9 l1)", PL_FAIL_STATIC_OR_INITIAL, "at", 0);
    expect_kind(f, LAND, "(on c99)", PL_FAIL_UNKNOWN_NAME, "on", 0);
    expect_kind(f, LAND, "None", PL_FAIL_NONE_BUT_EXISTS, NULL, 0);
}

/* The index is 0-based; step is the 1-based first failing step. */
static void test_val(void **state)
{
    FIXTURE();
    expect_kind(f, VAL, "Index 3", PL_FAIL_INDEX_TOO_EARLY, "-1", 5);
    expect_kind(f, VAL, "7", PL_FAIL_INDEX_TOO_LATE, "+3", 5);
    expect_kind(f, VAL, "-1", PL_FAIL_VALID_CLAIMED, NULL, 5);
    expect_kind(f, VAL, "None", PL_FAIL_VALID_CLAIMED, NULL, 5);
    /* a valid plan (the stored index "None"): any index is wrong */
    pl_acp_question q = *pl_acp_questions_find(&f->qs, VAL);
    q.answer = cJSON_CreateString("None");
    pl_acp_verdict v;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_acp_grade(f->g, &q, "4", &v, &err), 0);
    assert_int_equal(v.failure.kind, PL_FAIL_INVALID_CLAIMED);
    pl_acp_verdict_clear(&v);
    pl_acp_grader_forget(f->g, &q);
    cJSON_Delete(q.answer);
}

static void test_just(void **state)
{
    FIXTURE();
    /* the plan: (pick-up block_1) (put-down block_1) (pick-up block_2) (stack block_2 block_1) ... */
    expect_kind(f, JUST, "[(put-down block_1), (pick-up block_2), (stack block_2 block_1), (pick-up block_3)]",
                PL_FAIL_NOT_REMOVABLE, "pick-up", 1);
    expect_kind(f, JUST, "[(pick-up block_1), (put-down block_1), (pick-up block_2), (stack block_2 block_1), "
                         "(pick-up block_3)]",
                PL_FAIL_NOTHING_REMOVED, NULL, 0);
    expect_kind(f, JUST, "[(pick-up block_2), (pick-up block_1)]", PL_FAIL_NOT_A_SUBSEQUENCE, "pick-up", 2);
    expect_kind(f, JUST, "[]", PL_FAIL_EMPTY_ANSWER, NULL, 0);
}

static void test_nexta(void **state)
{
    FIXTURE();
    expect_kind(f, "goal_closer_gen", "833470380712381140", "(sail l0 l1)", PL_FAIL_NOT_APPLICABLE, "at-ferry", 0);
    expect_kind(f, "goal_closer_gen", "-6003545580663971528", "(sail l1 l0)", PL_FAIL_NOT_OPTIMAL, "+1", 0);
    expect_kind(f, "goal_closer_gen", "-6003545580663971528", "(board l1 c3)", PL_FAIL_TYPE_MISMATCH, "board", 0);
    expect_kind(f, "goal_closer_gen", "6017629270997064125", "(FLY-AIRPLANE a0 l1-0 l1-0)", PL_FAIL_NO_OP,
                "fly-airplane", 0);
    expect_kind(f, "goal_closer_gen", "9045061590954961400", "(paint-down robot1 tile_2 tile_5 white)",
                PL_FAIL_DEAD_END, "paint-down", 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_conformance_kinds),
        cmocka_unit_test_setup_teardown(test_any_task, setup, teardown),
        cmocka_unit_test_setup_teardown(test_right_has_none, setup, teardown),
        cmocka_unit_test_setup_teardown(test_app_items, setup, teardown),
        cmocka_unit_test_setup_teardown(test_prog_items, setup, teardown),
        cmocka_unit_test_setup_teardown(test_reach_areach, setup, teardown),
        cmocka_unit_test_setup_teardown(test_land, setup, teardown),
        cmocka_unit_test_setup_teardown(test_val, setup, teardown),
        cmocka_unit_test_setup_teardown(test_just, setup, teardown),
        cmocka_unit_test_setup_teardown(test_nexta, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
