/* The Inspect grader (acpbench/inspect_grade.h): each rule where ACPBench's
 * Inspect scorers part from lm-eval's, on the sample questions shipped with
 * planlens (sample-runs/acpbench/ferry.gen.json) and on bool/mcq questions
 * built here; then the public conformance set, counted per rule. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "acpbench/grade.h"
#include "acpbench/inspect_grade.h"
#include "acpbench/questions.h"
#include "runs/runs.h"
#include "test_support.h"

typedef struct {
    pl_acp_questions qs;
    pl_acp_grader *g;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    if (!f || pl_acp_questions_load(&f->qs, PLANLENS_SOURCE_DIR "/sample-runs/acpbench/ferry.gen.json", &warnings,
                                    &err) != PL_OK)
        return -1;
    pl_diags_clear(&warnings);
    f->g = pl_acp_grader_new(NULL);
    *state = f;
    return f->g ? 0 : -1;
}

static int teardown(void **state)
{
    fixture *f = *state;
    pl_acp_grader_free(f->g);
    pl_acp_questions_free(&f->qs);
    free(f);
    return 0;
}

static pl_acp_question *question(fixture *f, const char *group, const char *id)
{
    pl_acp_question *q = (pl_acp_question *)pl_acp_questions_find(&f->qs, group, id);
    assert_non_null(q);
    return q;
}

/* Grades `response` both ways: lm-eval's score, and Inspect's (-1: raises
 * `raised`) with the rule `rule` (NULL: the two agree). */
static void expect_q(pl_acp_grader *g, const pl_acp_question *q, const char *response, int lm, int inspect,
                     const char *raised, const char *rule)
{
    pl_acp_verdict v;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_acp_grade(g, q, response, &v, &err), 0);
    pl_inspect_verdict iv;
    assert_int_equal(pl_inspect_grade(q, response, &v, &iv), 0);
    if (v.score != lm || iv.score != inspect || (iv.official_rule == NULL) != (rule == NULL) ||
        (rule && strcmp(iv.official_rule, rule)))
        print_message("%s %s %s: lm %d (%s) inspect %d %s %s; want lm %d inspect %d %s\n", q->group, q->id, response,
                      v.score, v.path, iv.score, iv.raised ? iv.raised : "-",
                      iv.official_rule ? iv.official_rule : "-", lm, inspect, rule ? rule : "-");
    assert_int_equal(v.score, lm);
    assert_int_equal(iv.score, inspect);
    if (raised)
        assert_string_equal(iv.raised, raised);
    else
        assert_null(iv.raised);
    if (rule)
        assert_string_equal(iv.official_rule, rule);
    else
        assert_null(iv.official_rule);
    pl_acp_verdict_clear(&v);
}

/* Target(str(answer)): the stored list as one string, which no answer equals. */
static void test_app(void **state)
{
    fixture *f = *state;
    const pl_acp_question *q = question(f, "applicable_actions_gen", "2459254630343906492");
    expect_q(f->g, q, "(board c0 l0) (board c2 l0) (sail l0 l1)", 1, 0, NULL, "app-target-string");
    expect_q(f->g, q, "['(board c0 l0)', '(board c2 l0)', '(sail l0 l1)']", 1, 0, NULL, "app-target-string");
    expect_q(f->g, q, "(board c0 l0)", 0, 0, NULL, NULL);
    expect_q(f->g, q, "", 0, 0, NULL, NULL); /* an empty list, not a parse failure */
    expect_q(f->g, q, "(board c0 l0) (", 0, -1, "TypeError", "app-parse-failure-typeerror");
}

/* A parse failure is CORRECT where the stored answer is empty. */
static void test_reach_areach(void **state)
{
    fixture *f = *state;
    const pl_acp_question *q = question(f, "reachable_atom_gen", "7498621416631901734");
    expect_q(f->g, q, "none", 0, 1, NULL, "parse-failure-correct-when-empty");
    expect_q(f->g, q, "I cannot tell.", 0, 1, NULL, "parse-failure-correct-when-empty");
    expect_q(f->g, q, "None", 1, 1, NULL, NULL);
    expect_q(f->g, q, "(on c0)", 0, 0, NULL, NULL);
    pl_acp_question *a = question(f, "reachable_action_gen", "7840831455757668489");
    expect_q(f->g, a, "none", 0, 0, NULL, NULL); /* a stored answer: a parse failure is wrong in both */
    cJSON *stored = a->answer;
    a->answer = cJSON_CreateArray(); /* as the 10 test / 5 dev areach questions whose answer is None */
    expect_q(f->g, a, "nothing", 0, 1, NULL, "parse-failure-correct-when-empty");
    expect_q(f->g, a, "None", 1, 1, NULL, NULL);
    cJSON_Delete(a->answer);
    a->answer = stored;
}

/* An empty plan falls through the missing return to an IndexError; a parse
 * failure is iterated (TypeError). */
static void test_just(void **state)
{
    fixture *f = *state;
    const pl_acp_question *q = question(f, "action_justification_gen", "1330350201045580429");
    expect_q(f->g, q, "", 0, -1, "IndexError", "just-empty-indexerror");
    expect_q(f->g, q, "I would remove nothing.", 0, -1, "IndexError", "just-empty-indexerror");
    expect_q(f->g, q, "(sail l2 l0) (", 0, -1, "TypeError", "just-parse-failure-typeerror");
    expect_q(f->g, q,
             "(sail l2 l0) (debark c3 l0) (board c0 l0) (sail l0 l1) (debark c0 l1) (board c2 l1) (sail l1 l0) "
             "(debark c2 l0)",
             1, 1, NULL, NULL);
    expect_q(f->g, q, "(sail l2 l0)", 0, 0, NULL, NULL);
}

/* A `maybe` action reaches get_atoms_pddl, which acpbench_hard.py never
 * defines; yes, no and inapplicable actions are scored as lm-eval does. */
static void test_nexta(void **state)
{
    fixture *f = *state;
    pl_acp_question *q = question(f, "goal_closer_gen", "1025893424535244709");
    expect_q(f->g, q, "(board c0 l0)", 1, 1, NULL, NULL);
    expect_q(f->g, q, "(sail l0 l1)", 0, 0, NULL, NULL);
    expect_q(f->g, q, "(sail l1 l0)", 0, 0, NULL, NULL);
    expect_q(f->g, q, "None", 0, 0, NULL, NULL);
    /* the same question with its labels left to the planner, as ACPBench's maybe lists */
    cJSON *stored = q->answer;
    q->answer = cJSON_Parse("{\"yes\": [], \"no\": [], \"maybe\": [\"(board c0 l0)\", \"(sail l0 l1)\"], "
                            "\"opt\": \"9\"}");
    pl_acp_grader_forget(f->g, q);
    expect_q(f->g, q, "(board c0 l0)", 1, -1, "NameError", "nexta-maybe-nameerror");
    expect_q(f->g, q, "(SAIL l0 l1)", 0, -1, "NameError", "nexta-maybe-nameerror");
    expect_q(f->g, q, "(sail l1 l0)", 0, 0, NULL, NULL);
    pl_acp_grader_forget(f->g, q);
    cJSON_Delete(q->answer);
    q->answer = stored;
}

/* prog, val and land: the same code in both. */
static void test_same_code(void **state)
{
    fixture *f = *state;
    const pl_acp_question *q = NULL;
    for (int i = 0; i < f->qs.count && !q; i++)
        if (f->qs.items[i].task == PL_ACP_VAL)
            q = &f->qs.items[i];
    assert_non_null(q);
    char right[16];
    snprintf(right, sizeof right, "%d", q->answer->valueint);
    expect_q(f->g, q, right, 1, 1, NULL, NULL);
    expect_q(f->g, q, "The plan is valid.", 0, 0, NULL, NULL);
    for (int i = 0; i < f->qs.count; i++)
        if (f->qs.items[i].task == PL_ACP_PROG || f->qs.items[i].task == PL_ACP_LAND)
            expect_q(f->g, &f->qs.items[i], "not parsable", 0, 0, NULL, NULL);
}

/* A bool or mcq question with this stored answer. */
static pl_acp_question choice_question(pl_acp_format format, const char *answer)
{
    return (pl_acp_question){.id = "1", .group = format == PL_ACP_BOOL ? "progression_bool" : "progression_mcq",
                             .task = PL_ACP_PROG, .format = format, .answer = cJSON_CreateString(answer)};
}

static void test_bool(void **state)
{
    fixture *f = *state;
    pl_acp_question yes = choice_question(PL_ACP_BOOL, "yes"), no = choice_question(PL_ACP_BOOL, "no");
    expect_q(f->g, &yes, "The answer is yes.", 1, 1, NULL, NULL);
    expect_q(f->g, &yes, "Maybe.", 0, 0, NULL, NULL); /* no match: Inspect's N */
    /* IGNORECASE: \b(Yes|No|yes|no)\b matches YES; lm-eval finds nothing */
    expect_q(f->g, &yes, "YES", 0, 1, NULL, "pattern-ignorecase");
    /* the first match in both: the reasoning's "no", before the case-insensitive "THE ANSWER IS " */
    expect_q(f->g, &yes, "Nothing says no. THE ANSWER IS yes", 0, 0, NULL, NULL);
    /* the group as matched: lm-eval strips the markdown (punctuation), Inspect compares "**yes**" */
    expect_q(f->g, &yes, "The answer is **yes**.", 1, 0, NULL, "pattern-group-verbatim");
    expect_q(f->g, &no, "The answer is  no.", 1, 0, NULL, "pattern-group-verbatim");
    cJSON_Delete(yes.answer);
    cJSON_Delete(no.answer);
}

static void test_mcq(void **state)
{
    fixture *f = *state;
    pl_acp_question a = choice_question(PL_ACP_MCQ, "A"), c = choice_question(PL_ACP_MCQ, "C"),
                    b = choice_question(PL_ACP_MCQ, "B");
    expect_q(f->g, &b, "B", 1, 1, NULL, NULL);
    /* IGNORECASE: [A-D] takes the "a" of "answer" (its lookbehind class holds the blank before it) */
    expect_q(f->g, &a, "The answer is B", 0, 1, NULL, "pattern-ignorecase");
    expect_q(f->g, &c, "Let me think. The answer is C", 1, 0, NULL, "pattern-ignorecase");
    /* the first match, where lm-eval takes the last */
    expect_q(f->g, &c, "A or C? C", 1, 0, NULL, "pattern-first-match");
    /* no match at all: lm-eval's fallback reads the word "text" as choice (A) */
    expect_q(f->g, &a, "text", 1, 0, NULL, "mcq-choice-fallback");
    /* "B." as matched, lower-cased: not "b" */
    expect_q(f->g, &b, "B.", 1, 0, NULL, "pattern-group-verbatim");
    cJSON_Delete(a.answer);
    cJSON_Delete(b.answer);
    cJSON_Delete(c.answer);
}

/* The public conformance set (gen only): how often the two official graders
 * differ, per rule.  Every difference is named, every named answer differs,
 * and no rule of another task fires. */
static void test_conformance(void **state)
{
    (void)state;
    if (!pl_test_data_dir("Inspect grader on the conformance set"))
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
    pl_acp_grade_options opts = pl_acp_grade_default_options();
    opts.sound = false;
    pl_acp_grader *g = pl_acp_grader_new(&opts);
    assert_non_null(g);
    static const char *const rules[] = {"app-target-string", "app-parse-failure-typeerror",
                                        "parse-failure-correct-when-empty", "just-parse-failure-typeerror",
                                        "just-empty-indexerror", "nexta-maybe-nameerror"};
    int count[6] = {0}, differ = 0, raised = 0;
    for (int i = 0; i < rs.count; i++) {
        const pl_run_response *r = &rs.items[i];
        const pl_acp_question *q = pl_acp_questions_find(&qs, r->group, r->id);
        assert_non_null(q);
        pl_acp_verdict v;
        assert_int_equal(pl_acp_grade(g, q, r->response, &v, &err), 0);
        pl_inspect_verdict iv;
        assert_int_equal(pl_inspect_grade(q, r->response, &v, &iv), 0);
        bool differs = iv.score != v.score;
        assert_true(differs == (iv.official_rule != NULL));
        assert_true((iv.score < 0) == (iv.raised != NULL));
        differ += differs;
        raised += iv.raised != NULL;
        int k = 0;
        while (iv.official_rule && strcmp(iv.official_rule, rules[k]))
            k++;
        if (iv.official_rule)
            count[k]++;
        pl_acp_verdict_clear(&v);
    }
    print_message("Inspect vs lm-eval on %d conformance answers: %d differ (%d raise)\n", rs.count, differ, raised);
    int sum = 0;
    for (int k = 0; k < 6; k++) {
        print_message("  %-34s %d\n", rules[k], count[k]);
        sum += count[k];
    }
    assert_int_equal(sum, differ);
    assert_true(count[0] > 0 && count[2] > 0); /* the data has right app answers and None-answer questions */
    pl_acp_grader_free(g);
    pl_run_responses_free(&rs);
    pl_acp_questions_free(&qs);
    pl_diags_clear(&warnings);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_app),        cmocka_unit_test(test_reach_areach), cmocka_unit_test(test_just),
        cmocka_unit_test(test_nexta),      cmocka_unit_test(test_same_code),    cmocka_unit_test(test_bool),
        cmocka_unit_test(test_mcq),        cmocka_unit_test(test_conformance),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
