/* Exact failure kinds (issue 41 §1): a test per kind from real answers of
 * the conformance set (../shared/data; SKIP when absent), the examples the
 * issue names among them; every wrong answer of the set has exactly one
 * kind; and the stated-answer reader on its own (no data needed). */
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
#include "acpbench/stated_answer.h"
#include "runs/runs.h"
#include "test_support.h"

/* ---- the stated-answer reader ---- */

static void expect_stated(pl_acp_start start, const char *response, pl_acp_stated_kind kind, const char *text,
                          bool marked)
{
    pl_acp_stated s;
    pl_acp_stated_answer(start, response, &s);
    if (s.kind != kind || (text ? !s.text || strcmp(s.text, text) : s.text != NULL))
        print_message("'%s': kind %d text %s, want kind %d text %s\n", response, s.kind, s.text ? s.text : "-",
                      kind, text ? text : "-");
    assert_int_equal(s.kind, kind);
    if (text)
        assert_string_equal(s.text, text);
    else
        assert_null(s.text);
    assert_int_equal(s.marked, marked);
    pl_acp_stated_clear(&s);
}

static void test_stated_reader(void **state)
{
    (void)state;
    const pl_acp_start act = PL_ACP_START_ACT, list = PL_ACP_START_ACTION_LIST;
    /* after an answer marker: the first atom there, not the prose before it */
    expect_stated(act, "Looking at the static facts (they never change), the answer is (at a0 l0-2).",
                  PL_ACP_STATED_ANSWER, "(at a0 l0-2)", true);
    expect_stated(act, "Reasoning (a b) ...\n**Answer:** None.", PL_ACP_STATED_ANSWER, "None", true);
    /* no marker: the last atom of the text */
    expect_stated(act, "Every plan (no matter how long) must achieve (on c3) at some point.", PL_ACP_STATED_ANSWER,
                  "(on c3)", false);
    expect_stated(act, "so it is **(clear b1)** here", PL_ACP_STATED_ANSWER, "(clear b1)", true);
    /* broken syntax read through, the reason kept */
    pl_acp_stated s;
    pl_acp_stated_answer(act, "((None", &s);
    assert_int_equal(s.kind, PL_ACP_STATED_MALFORMED);
    assert_string_equal(s.text, "None");
    assert_string_equal(s.why, "unbalanced parentheses");
    pl_acp_stated_clear(&s);
    expect_stated(PL_ACP_START_ACTION_NAME, "(sail l0 l1", PL_ACP_STATED_MALFORMED, "(sail l0 l1)", false);
    expect_stated(act, "((on c3))", PL_ACP_STATED_MALFORMED, "(on c3)", false);
    /* prose with a stray parenthesis is no lone answer */
    expect_stated(act, "the answer is (at a b", PL_ACP_STATED_NOTHING, NULL, true);
    /* lists: the last one (prog: the last two) */
    expect_stated(list, "I think the answer is [(a x)] but let me reconsider. I think the answer is [(a y), (b z)]",
                  PL_ACP_STATED_ANSWER, "[(a y), (b z)]", true);
    expect_stated(PL_ACP_START_PROGRESSION_LIST, "Draft [(p)] [(q)]. Final: [(r)] [(s), (t)]", PL_ACP_STATED_ANSWER,
                  "[(r)] [(s), (t)]", false);
    /* no content at all */
    expect_stated(list, "[]", PL_ACP_STATED_EMPTY, NULL, false);
    expect_stated(act, " ( ) ", PL_ACP_STATED_EMPTY, NULL, false);
    expect_stated(PL_ACP_START_PROGRESSION_LIST, "[] []", PL_ACP_STATED_EMPTY, NULL, false);
    /* val's index is read by its own sound rule */
    expect_stated(PL_ACP_START_INDEX, "Answer: 4", PL_ACP_STATED_NOTHING, NULL, false);
    /* yes/no: the word after the marker or in bold, not a "no" of the prose */
    assert_string_equal(pl_acp_stated_yes_no("No doubt, it holds. Final answer: **Yes**."), "yes");
    assert_string_equal(pl_acp_stated_yes_no("It is **no**t clear... **No**"), "no");
    assert_null(pl_acp_stated_yes_no("No, it is not applicable."));
    assert_null(pl_acp_stated_yes_no("Answer: nothing applies"));
}

/* ---- real answers ---- */

typedef struct {
    pl_acp_questions qs;
    pl_acp_grader *g;
} fixture;

static int setup(void **state)
{
    *state = NULL;
    if (!pl_test_data_dir("failure kinds of real answers"))
        return 0;
    fixture *f = calloc(1, sizeof *f);
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    static const char *const files[] = {"conformance/acpbench-dev/dev_questions.json", "acpbench/app/dev.bool.json"};
    for (size_t i = 0; f && i < sizeof files / sizeof files[0]; i++)
        if (pl_acp_questions_load(&f->qs, pl_test_data_path(files[i]), &warnings, &err) != PL_OK)
            return -1;
    if (!f)
        return -1;
    pl_diags_clear(&warnings);
    if (!(f->g = pl_acp_grader_new(NULL)))
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

#define FIXTURE()                                                                                                     \
    fixture *f = *state;                                                                                             \
    if (!f)                                                                                                          \
        return

/* Grades a real response: sound verdict 0 (the official one may accept an
 * ill-typed atom: its planner finds the goal unreachable), the kind and key
 * (NULL: none) wanted, and the detail containing `says`. */
static void expect(fixture *f, const char *group, const char *id, const char *response, pl_failure_kind kind,
                   const char *key, const char *says)
{
    const pl_acp_question *q = pl_acp_questions_find(&f->qs, group, id);
    assert_non_null(q);
    pl_acp_verdict v;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_acp_grade(f->g, q, response, &v, &err), 0);
    const pl_failure *x = &v.failure;
    if (x->kind != kind || (key ? !x->key || strcmp(x->key, key) : x->key != NULL) || !x->detail ||
        !strstr(x->detail, says))
        print_message("%s %s '%s': got %s key %s (%s)\n", group, id, response, pl_failure_kind_name(x->kind),
                      x->key ? x->key : "-", x->detail ? x->detail : "-");
    assert_int_equal(v.sound_score, 0);
    assert_int_equal(x->kind, kind);
    if (key)
        assert_string_equal(x->key, key);
    else
        assert_null(x->key);
    assert_non_null(x->detail);
    assert_non_null(strstr(x->detail, says));
    pl_acp_verdict_clear(&v);
}

#define APP "applicable_actions_gen"
#define REACH "reachable_atom_gen"
#define AREACH "reachable_action_gen"
#define JUST "action_justification_gen"
#define LAND "landmarks_gen"
#define NEXTA "goal_closer_gen"
#define PROG "progression_gen", "297440160406485545"

/* Swapped arguments: every object exists, one is of the wrong type. */
static void test_type_mismatch(void **state)
{
    FIXTURE();
    expect(f, APP, "6811204094762029733",
           "[(board c8 l0), (board c3 l0), (board c1 l0), (board c0 l0), (board c5 l0), (sail l0 l1), (board l0 c6)]",
           PL_FAIL_TYPE_MISMATCH, "board", "1 ill-typed, 1 missed");
    expect(f, REACH, "-7642164361753377109", "(at l0-2 a0)", PL_FAIL_TYPE_MISMATCH, "at", "not of type locatable");
    expect(f, AREACH, "8750047373363060379", "(load-airplane a0 p0 l0-1)", PL_FAIL_TYPE_MISMATCH, "load-airplane",
           "not of type package");
    expect(f, NEXTA, "-6003545580663971528", "(board l1 c3)", PL_FAIL_TYPE_MISMATCH, "board", "not of type car");
    /* an object that does not exist stays unknown-name */
    expect(f, REACH, "-7642164361753377109", "(at a0 zz99)", PL_FAIL_UNKNOWN_NAME, "at", "unknown object");
    expect(f, PROG, "[(empty-ferry), (at c2 l1), (empty-ferry zz90)] [(on c2)]", PL_FAIL_UNKNOWN_NAME,
           "empty-ferry", "1 unknown");
    /* existing names, one argument too many (no real answer does this) */
    expect(f, PROG, "[(empty-ferry), (at c2 l1), (empty-ferry c2)] [(on c2)]", PL_FAIL_WRONG_ARITY, "empty-ferry",
           "1 with the wrong arity");
}

static void test_empty_answer(void **state)
{
    FIXTURE();
    expect(f, JUST, "-1219355986766168268", "[]", PL_FAIL_EMPTY_ANSWER, NULL, "no content");
    expect(f, REACH, "-7642164361753377109", "()", PL_FAIL_EMPTY_ANSWER, NULL, "no content");
    expect(f, APP, "-5674251047178000480", "", PL_FAIL_EMPTY_ANSWER, NULL, "blank");
}

/* The official parser took prose; the stated answer is right. */
static void test_misextracted(void **state)
{
    FIXTURE();
    expect(f, REACH, "-7642164361753377109",
           "Looking at the static facts (they never change), the answer is (at a0 l0-2).", PL_FAIL_MISEXTRACTED,
           "they", "the official parser took (they never change); the answer states (at a0 l0-2), which is right");
    expect(f, LAND, "5196274110229243987", "Every plan (no matter how long) must achieve (on c3) at some point.",
           PL_FAIL_MISEXTRACTED, "no", "the answer states (on c3), which is right");
    /* the stated answer wrong after a marker: its own kind, the extraction kept in the detail */
    expect(f, REACH, "-7642164361753377109",
           "Looking at the static facts (they never change), the answer is (at a0 zz99).", PL_FAIL_UNKNOWN_NAME, "at",
           "the official parser took (they never change)");
}

/* A yes/no question (real; no yes/no responses are stored, so the prose is
 * written here): the filter takes the first "No" of the prose, the answer
 * marked is right. */
static void test_misextracted_yes_no(void **state)
{
    FIXTURE();
    expect(f, "applicable_actions_bool", "-8342636639526456067",
           "No doubt about it: every precondition holds.\nAnswer: Yes", PL_FAIL_MISEXTRACTED, "No",
           "the official filter took No, the first yes or no of the text; the answer states yes, which is right");
    /* nothing marked: the filter's choice stands */
    expect(f, "applicable_actions_bool", "-8342636639526456067", "No doubt: yes.", PL_FAIL_WRONG_CHOICE, "No",
           "not");
}

static void test_malformed(void **state)
{
    FIXTURE();
    expect(f, REACH, "-3661081222919015750", "((None", PL_FAIL_MALFORMED, "unbalanced parentheses",
           "read as None (unbalanced parentheses), which is right; the official parser took (None)");
    expect(f, LAND, "7295021335728573280", "((None", PL_FAIL_MALFORMED, "unbalanced parentheses", "read as None");
    /* the right content through broken syntax only when it is right */
    expect(f, LAND, "5196274110229243987", "((None", PL_FAIL_NONE_BUT_EXISTS, NULL, "the official parser took (None)");
}

static void test_nexta_kinds(void **state)
{
    FIXTURE();
    expect(f, NEXTA, "-6003545580663971528", "None", PL_FAIL_NONE_BUT_EXISTS, NULL,
           "the answer says None; (board c3 l1) starts an optimal plan");
    /* cost 1 + h*(successor) 6 - h*(state) 6 */
    expect(f, NEXTA, "-6003545580663971528", "(sail l1 l0)", PL_FAIL_NOT_OPTIMAL, "+1",
           "(board c3 l1) starts one (h* 6 from the question state, 6 after it)");
    expect(f, NEXTA, "9045061590954961400", "(paint-down robot1 tile_2 tile_5 white)", PL_FAIL_DEAD_END,
           "paint-down", "(painted tile_5 black) is out of reach");
}

/* Every wrong answer of the conformance set has exactly one kind, none
 * `other`, and no right answer has one; the counts are printed. */
static void test_one_kind_each(void **state)
{
    FIXTURE();
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_run_responses_load(&rs, pl_test_data_path("conformance/acpbench-dev/responses.jsonl"),
                                           &warnings, &err),
                     PL_OK);
    int wrong = 0, count[PL_FAIL_NKINDS] = {0};
    for (int i = 0; i < rs.count; i++) {
        const pl_acp_question *q = pl_acp_questions_find(&f->qs, rs.items[i].group, rs.items[i].id);
        assert_non_null(q);
        pl_acp_verdict v;
        assert_int_equal(pl_acp_grade(f->g, q, rs.items[i].response, &v, &err), 0);
        assert_int_equal(v.sound_score, v.failure.kind == PL_FAIL_NONE);
        assert_true(v.failure.kind >= PL_FAIL_NONE && v.failure.kind < PL_FAIL_NKINDS);
        wrong += !v.sound_score;
        count[v.failure.kind]++;
        pl_acp_verdict_clear(&v);
    }
    print_message("%d wrong answers of %d:\n", wrong, rs.count);
    for (int k = 1; k < PL_FAIL_NKINDS; k++)
        if (count[k])
            print_message("  %-20s %d\n", pl_failure_kind_name((pl_failure_kind)k), count[k]);
    assert_int_equal(count[PL_FAIL_OTHER], 0);
    /* the kinds this issue added all occur */
    assert_true(count[PL_FAIL_TYPE_MISMATCH] > 0 && count[PL_FAIL_MISEXTRACTED] > 0 && count[PL_FAIL_MALFORMED] > 0);
    pl_run_responses_free(&rs);
    pl_diags_clear(&warnings);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stated_reader),
        cmocka_unit_test_setup_teardown(test_type_mismatch, setup, teardown),
        cmocka_unit_test_setup_teardown(test_empty_answer, setup, teardown),
        cmocka_unit_test_setup_teardown(test_misextracted, setup, teardown),
        cmocka_unit_test_setup_teardown(test_misextracted_yes_no, setup, teardown),
        cmocka_unit_test_setup_teardown(test_malformed, setup, teardown),
        cmocka_unit_test_setup_teardown(test_nexta_kinds, setup, teardown),
        cmocka_unit_test_setup_teardown(test_one_kind_each, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
