/* planlens synth on ACPBench's reach, areach, val, just, land and nexta
 * questions: the documented error model (docs/SYNTH.md) read back through
 * the official parser, and real dev questions graded officially. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "acpbench/grade.h"
#include "acpbench/parse.h"
#include "acpbench/questions.h"
#include "gen/synth.h"
#include "test_support.h"

#define SEEDS 200

static const char JUST_TAIL[] = "\" by removing either a single action or a pair of consecutive actions, while still "
                                "maintaining a valid plan. Provide the resulting simplified plan.";

static pl_acp_question question(pl_acp_task task, const char *text, const char *answer_json, const char *problem)
{
    pl_acp_question q = {0};
    q.task = task;
    q.format = PL_ACP_GEN;
    q.question = (char *)text;
    q.problem_pddl = (char *)problem;
    q.answer = cJSON_Parse(answer_json);
    assert_non_null(q.answer);
    return q;
}

/* What the official parser reads in the response for seed `seed` ("!" for a
 * parse error); action lists are joined with single blanks. */
static char *answer_read(const pl_acp_question *q, double rate, uint64_t seed, pl_acp_start start)
{
    pl_synth s = {rate, seed};
    char *text = pl_synth_acp_response(&s, q);
    assert_non_null(text);
    pl_acp_parsed p;
    assert_int_equal(pl_acp_parse(start, text, &p), 0);
    free(text);
    size_t cap = 2;
    for (int i = 0; p.ok && i < p.count[0]; i++)
        cap += strlen(p.items[i]) + 1;
    char *out = calloc(1, cap);
    assert_non_null(out);
    if (!p.ok)
        strcpy(out, "!");
    for (int i = 0; p.ok && i < p.count[0]; i++)
        strcat(strcat(out, i ? " " : ""), p.items[i]);
    pl_acp_parsed_free(&p);
    return out;
}

static bool one_of(const char *x, const char *const *list)
{
    for (; *list; list++)
        if (!strcmp(x, *list))
            return true;
    return false;
}

static bool hallucinated(const char *x)
{
    return strstr(x, " zz)") || strstr(x, " ghost-1)");
}

/* Over SEEDS seeds: every answer read is in `allowed` or hallucinated (when
 * allow_hallucination) or a parse error (when allow_prose); returns how many
 * were each of `want` (want[i] counted in seen[i]). */
static void check_answers(const pl_acp_question *q, double rate, pl_acp_start start, const char *const *allowed,
                          bool allow_hallucination, bool allow_prose, const char *const *want, int *seen)
{
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        char *x = answer_read(q, rate, seed, start);
        bool ok = one_of(x, allowed) || (allow_hallucination && hallucinated(x)) || (allow_prose && !strcmp(x, "!"));
        if (!ok)
            fail_msg("seed %d at rate %.1f: unexpected answer %s", (int)seed, rate, x);
        for (int i = 0; want && want[i]; i++)
            seen[i] += !strcmp(x, want[i]);
        free(x);
    }
}

static void test_land_and_nexta(void **state)
{
    (void)state;
    pl_acp_question land = question(PL_ACP_LAND, "Generate a non-trivial fact landmark.",
                                    "{\"yes\": [\"(on c3)\", \"(on c4)\"], \"no\": [\"(at c2 l0)\"]}", NULL);
    const char *yes[] = {"(on c3)", "(on c4)", NULL}, *no[] = {"(at c2 l0)", NULL};
    int seen[2] = {0};
    check_answers(&land, 0, PL_ACP_START_ACT, yes, false, false, yes, seen);
    assert_true(seen[0] > 0 && seen[1] > 0);
    int wrong = 0;
    check_answers(&land, 1, PL_ACP_START_ACT, no, true, true, no, &wrong);
    assert_true(wrong > SEEDS / 5);
    cJSON_Delete(land.answer);

    pl_acp_question none = question(PL_ACP_LAND, "Generate a non-trivial fact landmark.",
                                    "{\"yes\": [], \"no\": [\"(at c2 l0)\"]}", NULL);
    const char *none_answer[] = {"None", NULL};
    check_answers(&none, 0, PL_ACP_START_ACT, none_answer, false, false, NULL, NULL);
    check_answers(&none, 1, PL_ACP_START_ACT, no, true, true, NULL, NULL);
    cJSON_Delete(none.answer);

    pl_acp_question nexta = question(PL_ACP_NEXTA, "What is the next action that takes us towards the goal?",
                                     "{\"yes\": [\"(board c3 l1)\"], \"no\": [\"(sail l1 l0)\"], "
                                     "\"maybe\": [], \"opt\": \"6\"}",
                                     NULL);
    const char *next[] = {"(board c3 l1)", NULL}, *not_next[] = {"(sail l1 l0)", NULL};
    check_answers(&nexta, 0, PL_ACP_START_ACTION_NAME, next, false, false, NULL, NULL);
    check_answers(&nexta, 1, PL_ACP_START_ACTION_NAME, not_next, true, true, NULL, NULL);
    cJSON_Delete(nexta.answer);
}

static void test_reach_and_areach(void **state)
{
    (void)state;
    const char *problem = "(define (problem p) (:domain d) (:objects a b) "
                          "(:init (clear a) (on a b) (= (total-cost) 0) (not (on b a))) (:goal (on b a)))";
    pl_acp_question reach = question(PL_ACP_REACH, "What proposition can never hold?", "[\" on a a \"]", problem);
    /* stored without parentheses, answered with them; wrong: an atom true now, or None */
    const char *right[] = {"(on a a)", NULL}, *wrong[] = {"(clear a)", "(on a b)", "None", NULL};
    check_answers(&reach, 0, PL_ACP_START_ACT, right, false, false, NULL, NULL);
    int seen[3] = {0};
    check_answers(&reach, 1, PL_ACP_START_ACT, wrong, true, true, wrong, seen);
    assert_true(seen[0] > 0 && seen[1] > 0);
    cJSON_Delete(reach.answer);

    pl_acp_question unreachable_none = question(PL_ACP_REACH, "What proposition can never hold?", "[]", problem);
    const char *none[] = {"None", NULL}, *true_now[] = {"(clear a)", "(on a b)", NULL};
    check_answers(&unreachable_none, 0, PL_ACP_START_ACT, none, false, false, NULL, NULL);
    check_answers(&unreachable_none, 1, PL_ACP_START_ACT, true_now, true, true, NULL, NULL);
    cJSON_Delete(unreachable_none.answer);

    /* areach: the arguments reversed; None when reversing changes nothing */
    pl_acp_question areach = question(PL_ACP_AREACH, "What action can never become applicable?",
                                      "[\"(stack a b)\"]", problem);
    const char *stack[] = {"(stack a b)", NULL}, *reversed[] = {"(stack b a)", NULL};
    check_answers(&areach, 0, PL_ACP_START_ACT, stack, false, false, NULL, NULL);
    check_answers(&areach, 1, PL_ACP_START_ACT, reversed, true, true, NULL, NULL);
    cJSON_Delete(areach.answer);
    pl_acp_question same = question(PL_ACP_AREACH, "What action can never become applicable?", "[\"(stack a a)\"]",
                                    problem);
    check_answers(&same, 1, PL_ACP_START_ACT, none, true, true, NULL, NULL);
    cJSON_Delete(same.answer);
}

static void test_val(void **state)
{
    (void)state;
    pl_acp_question val = question(PL_ACP_VAL, "What is the first inapplicable action?", "4", NULL);
    const char *four[] = {"4", NULL}, *off[] = {"3", "5", NULL};
    check_answers(&val, 0, PL_ACP_START_INDEX, four, false, false, NULL, NULL);
    int seen[2] = {0};
    check_answers(&val, 1, PL_ACP_START_INDEX, off, false, true, off, seen);
    assert_true(seen[0] > 0 && seen[1] > 0);
    cJSON_Delete(val.answer);
    pl_acp_question first = question(PL_ACP_VAL, "What is the first inapplicable action?", "0", NULL);
    const char *one[] = {"1", NULL};
    check_answers(&first, 1, PL_ACP_START_INDEX, one, false, true, NULL, NULL); /* never negative */
    cJSON_Delete(first.answer);
}

static void test_just(void **state)
{
    (void)state;
    char text[512];
    snprintf(text, sizeof text, "Simplify the plan \"%s%s", "(x a) (y a) (z a) (x a) (y a) (w a)", JUST_TAIL);
    /* a pair listed twice (both of its occurrences) and the first (z a) */
    pl_acp_question just = question(PL_ACP_JUST, text,
                                    "[[\"(x a)\", \"(y a)\", \"-1\"], [\"(x a)\", \"(y a)\", \"-1\"], "
                                    "[\"(z a)\", \"1\"]]",
                                    NULL);
    const char *removals[] = {"(z a) (x a) (y a) (w a)", "(x a) (y a) (z a) (w a)", "(x a) (y a) (x a) (y a) (w a)",
                              NULL};
    int seen[3] = {0};
    check_answers(&just, 0, PL_ACP_START_ACTION_LIST, removals, false, false, removals, seen);
    assert_true(seen[0] > 0 && seen[1] > 0 && seen[2] > 0);
    /* errors: prose (no actions), the plan unchanged, one random step removed */
    const char *errors[] = {"", "(x a) (y a) (z a) (x a) (y a) (w a)", "(y a) (z a) (x a) (y a) (w a)",
                            "(x a) (z a) (x a) (y a) (w a)", "(x a) (y a) (x a) (y a) (w a)",
                            "(x a) (y a) (z a) (y a) (w a)",
                            "(x a) (y a) (z a) (x a) (w a)", "(x a) (y a) (z a) (x a) (y a)", NULL};
    const char *prose_or_unchanged[] = {"", "(x a) (y a) (z a) (x a) (y a) (w a)", NULL};
    int seen_errors[2] = {0};
    check_answers(&just, 1, PL_ACP_START_ACTION_LIST, errors, false, false, prose_or_unchanged, seen_errors);
    assert_true(seen_errors[0] > 0 && seen_errors[1] > 0);
    cJSON_Delete(just.answer);
}

static void test_deterministic(void **state)
{
    (void)state;
    pl_acp_question val = question(PL_ACP_VAL, "What is the first inapplicable action?", "7", NULL);
    pl_synth a = {0.5, 42}, b = {0.5, 42};
    for (int i = 0; i < 50; i++) {
        char *x = pl_synth_acp_response(&a, &val), *y = pl_synth_acp_response(&b, &val);
        assert_string_equal(x, y);
        free(x);
        free(y);
    }
    pl_acp_question app = question(PL_ACP_APP, "Which actions are applicable?", "[\"(a)\"]", NULL);
    assert_null(pl_synth_acp_response(&a, &app)); /* app and prog are pl_synth_response's */
    cJSON_Delete(app.answer);
    cJSON_Delete(val.answer);
}

/* Real dev questions: at error rate 0 every response scores 1 officially,
 * at error rate 1 at least three in four score 0. */
static void test_dev_grading(void **state)
{
    (void)state;
    if (!pl_test_data_dir("synth on ACPBench dev questions"))
        return;
    const char *tasks[] = {"reach", "areach", "val", "just", "land", "nexta"};
    pl_acp_grade_options opts = pl_acp_grade_default_options();
    opts.sound = false;
    for (int t = 0; t < 6; t++) {
        pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
        pl_diags warnings = PL_DIAGS_INIT;
        pl_error err = PL_ERROR_INIT;
        assert_int_equal(pl_acp_questions_load(&qs, pl_test_acpbench_path(tasks[t], "dev"), &warnings, &err), PL_OK);
        assert_true(qs.count > 0);
        pl_acp_grader *g = pl_acp_grader_new(&opts);
        assert_non_null(g);
        int ones[2] = {0};
        for (int r = 0; r < 2; r++) {
            pl_synth s = {r, 7};
            for (int k = 0; k < qs.count; k++) {
                char *text = pl_synth_acp_response(&s, &qs.items[k]);
                assert_non_null(text);
                pl_acp_verdict v;
                assert_int_equal(pl_acp_grade(g, &qs.items[k], text, &v, &err), 0);
                if (r == 0 && v.score != 1)
                    fail_msg("%s %s at error rate 0 scores 0 (%s): %s", tasks[t], qs.items[k].id, v.path, text);
                ones[r] += v.score;
                pl_acp_verdict_clear(&v);
                free(text);
            }
        }
        print_message("synth %s: %d/%d score 1 at error rate 0, %d/%d at error rate 1\n", tasks[t], ones[0], qs.count,
                      ones[1], qs.count);
        assert_int_equal(ones[0], qs.count);
        assert_true(4 * ones[1] <= qs.count);
        pl_acp_grader_free(g);
        pl_acp_questions_free(&qs);
        pl_diags_clear(&warnings);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_land_and_nexta), cmocka_unit_test(test_reach_and_areach),
        cmocka_unit_test(test_val),            cmocka_unit_test(test_just),
        cmocka_unit_test(test_deterministic),  cmocka_unit_test(test_dev_grading),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
