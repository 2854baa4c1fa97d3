/* Plan-quality metrics (../shared/specs/plan-quality.md): the parameter
 * term, the VAL emulation, and the paper's running example (§13) field by
 * field.  The v1 similarity gives 0 to every pair of different Blocksworld
 * names (hyphenated names and `unstack` have no verb synsets), so the v1
 * column of the example runs without WordNet (similarity handle NULL); the
 * v2 column needs WordNet and prints SKIP without it. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "quality/exec.h"
#include "quality/pipeline.h"
#include "quality/score.h"
#include "test_support.h"

static const char *const BW_DOMAIN =
    "(define (domain blocksworld-4ops) (:requirements :strips)"
    "(:predicates (clear ?x) (ontable ?x) (handempty) (holding ?x) (on ?x ?y))"
    "(:action pick-up :parameters (?ob) :precondition (and (clear ?ob) (ontable ?ob) (handempty))"
    " :effect (and (holding ?ob) (not (clear ?ob)) (not (ontable ?ob)) (not (handempty))))"
    "(:action put-down :parameters (?ob) :precondition (holding ?ob)"
    " :effect (and (clear ?ob) (handempty) (ontable ?ob) (not (holding ?ob))))"
    "(:action stack :parameters (?ob ?underob) :precondition (and (clear ?underob) (holding ?ob))"
    " :effect (and (handempty) (clear ?ob) (on ?ob ?underob) (not (clear ?underob)) (not (holding ?ob))))"
    "(:action unstack :parameters (?ob ?underob) :precondition (and (on ?ob ?underob) (clear ?ob) (handempty))"
    " :effect (and (holding ?ob) (clear ?underob) (not (on ?ob ?underob)) (not (clear ?ob)) (not (handempty)))))";

/* blocksworld_3 instance 10 (PlanBench), the running example: b on c, goal a on c on b. */
static const char *const BW_PROBLEM_10 =
    "(define (problem BW-rand-3) (:domain blocksworld-4ops) (:objects a b c)"
    "(:init (handempty) (on b c) (ontable a) (ontable c) (clear a) (clear b))"
    "(:goal (and (on a c) (on c b))))";

static char *const GT10[] = {"(unstack b c)", "(put-down b)", "(pick-up c)", "(stack c b)", "(pick-up a)",
                             "(stack a c)"};
static char *const LLM10[] = {"(unstack a c)", "(put-down a)", "(pick-up c)", "(stack c a)",
                              "(unstack c a)", "(put-down c)", "(pick-up b)", "(stack b c)"};

static pl_qaction action_of(pl_qvocab *v, const char *text)
{
    return *pl_qvocab_get(v, pl_qvocab_action(v, text));
}

static void test_param_term(void **state)
{
    (void)state;
    pl_qvocab *v = pl_qvocab_new(NULL, NULL, PL_SIM_V2);
    const struct {
        const char *llm, *gt;
        double want;
    } cases[] = {{"(x a b)", "(x c a)", 0.1},  {"(x a b)", "(x a c)", 0.25}, {"(x a b)", "(x b a)", 0.2},
                 {"(x a b)", "(x a b)", 0.5},  {"(x a b)", "(x c)", -0.1},   {"(x a b)", "(x a)", 0.15},
                 {"(x b b)", "(x b)", 0.65},   {"(x a)", "(x a)", 0.25},     {"(x a)", "(x c b)", -0.1},
                 {"(x a)", "(x a b)", 0.65},   {"(x a)", "(x b a)", 0.65},   {"(x)", "(x a)", 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pl_qaction a = action_of(v, cases[i].llm), g = action_of(v, cases[i].gt);
        assert_true(fabs(pl_q_param_term(&a, &g) - cases[i].want) < 1e-12);
    }
    /* "(stack  a c)" splits on single spaces: ['stack', '', 'a', 'c'] */
    assert_int_equal(action_of(v, "(stack  a c)").nparams, 3);
    pl_qvocab_free(v);
}

static void test_length_penalty_and_lcs(void **state)
{
    (void)state;
    assert_true(fabs(pl_q_length_penalty(8, 6) - 4.0 / 6) < 1e-12);
    assert_true(fabs(pl_q_length_penalty(4, 6) - 8.0 / 6) < 1e-12);
    assert_true(pl_q_length_penalty(6, 6) == 0);
    int plan[] = {1, 2, 3, 4}, gt[] = {2, 1, 3, 4}, out[4], start;
    /* tie between dropping 1 or 2: "left" (drop a GT action) keeps the later match */
    assert_int_equal(pl_q_lcs_seq(plan, 4, gt, 4, out), 3);
    assert_int_equal(out[0], 2);
    assert_int_equal(pl_q_lcs_str(plan, 4, gt, 4, &start), 2);
    assert_int_equal(start, 2);
}

static void load_bw(pl_loaded_task *lt)
{
    pl_test_load_texts(BW_DOMAIN, BW_PROBLEM_10, "running example", lt);
}

static void run_exec(pl_qvocab *v, char *const *texts, int n, pl_qexec *e)
{
    int ids[16];
    for (int i = 0; i < n; i++)
        ids[i] = pl_qvocab_action(v, texts[i]);
    assert_int_equal(pl_qexec_run(v, ids, n, true, e), 0);
}

static void test_val_emulation(void **state)
{
    (void)state;
    pl_loaded_task lt;
    load_bw(&lt);
    pl_qvocab *v = pl_qvocab_new(lt.task, NULL, PL_SIM_V2);
    pl_qexec e;
    /* an unknown action name anywhere: nothing executed */
    char *const bad_op[] = {"(unstack b c)", "(put-down b)", "(fly a b)"};
    run_exec(v, bad_op, 3, &e);
    assert_int_equal(e.verdict, PL_QX_BAD_OPERATOR);
    assert_int_equal(e.lea, 0);
    assert_false(e.executable);
    pl_qexec_clear(&e);
    /* too few arguments anywhere: VAL aborts */
    char *const crash[] = {"(unstack b c)", "(stack )"};
    run_exec(v, crash, 2, &e);
    assert_int_equal(e.verdict, PL_QX_CRASH);
    assert_int_equal(e.lea, 0);
    pl_qexec_clear(&e);
    /* a repeated failing action: LEA is the index of its first occurrence */
    char *const repeat[] = {"(unstack b c)", "(put-down b)", "(unstack b c)"};
    run_exec(v, repeat, 3, &e);
    assert_int_equal(e.verdict, PL_QX_PRECONDITION);
    assert_int_equal(e.lea, 0);
    assert_int_equal(e.nstates, 1);
    pl_qexec_clear(&e);
    /* the echo is lower-case: an upper-case failing action is not found */
    char *const upper[] = {"(unstack b c)", "(PUT-DOWN a)"};
    run_exec(v, upper, 2, &e);
    assert_int_equal(e.verdict, PL_QX_ECHO_MISMATCH);
    assert_false(e.simulation_possible);
    assert_int_equal(e.lea, 0);
    pl_qexec_clear(&e);
    /* a stray ')' ends VAL's plan: the rest is never read */
    char *const stray[] = {"(unstack b c))", "(stack c a)"};
    run_exec(v, stray, 2, &e);
    assert_int_equal(e.verdict, PL_QX_EXECUTED);
    assert_int_equal(e.lea, 2);
    assert_false(e.valid);
    pl_qexec_clear(&e);
    /* the GT is valid; lines without a parenthesised action are dropped */
    char *const gt[] = {"(unstack b c)", "(put-down b)", "note", "(pick-up c)", "(stack c b)", "(pick-up a)",
                        "(stack a c)"};
    run_exec(v, gt, 7, &e);
    assert_true(e.valid);
    assert_int_equal(e.lea, 7);
    pl_qexec_clear(&e);
    pl_qvocab_free(v);
    pl_loaded_task_free(&lt);
}

static void assert_labels(const pl_quality_result *r, const char *const *want)
{
    for (int i = 0; i < r->n; i++)
        assert_string_equal(pl_qlabel_code_name(r->aqm[i]), want[i]);
}

static void assert_plan(const pl_quality_result *r, const int *ids, int n, char *const *want, int nwant)
{
    assert_int_equal(n, nwant);
    for (int i = 0; i < n; i++)
        assert_string_equal(pl_quality_action_text(r, ids[i]), want[i]);
}

#define NEAR(a, b, eps) assert_true(fabs((a) - (b)) < (eps))

/* §13, v1 column: every cross-name similarity is 0 in Blocksworld. */
static void test_running_example_v1(void **state)
{
    (void)state;
    pl_loaded_task lt;
    load_bw(&lt);
    pl_quality_options opt = pl_quality_defaults();
    opt.version = PL_SIM_V1;
    pl_quality_result r;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_quality_run(lt.task, NULL, GT10, 6, LLM10, 8, -1, &opt, &r, &err), 0);
    static const char *const want[] = {"same_act", "same_act", "position", "same_act",
                                       "diff_act", "redundant", "same_act", "redundant"};
    assert_labels(&r, want);
    NEAR(r.pair_sim[0], 1.25, 1e-12);
    NEAR(r.pair_sim[1], 1.0, 1e-12);
    NEAR(r.pair_sim[3], 1.25, 1e-12);
    NEAR(r.pair_sim[4], 0.2, 1e-12);
    NEAR(r.pair_sim[6], 1.0, 1e-12);
    NEAR(r.similarity, 11.2, 1e-9);
    NEAR(r.curr_score, 2.3166666666666667, 1e-9);
    NEAR(r.trace_score, 1.0625, 1e-12);
    NEAR(r.pi1.score, 3.2083333333333333, 1e-9);
    NEAR(r.final_score, 2.7625, 1e-9);
    assert_int_equal(r.lea, 0);
    assert_int_equal(r.stv, 7);
    assert_int_equal(r.pi1.stv, 2);
    assert_false(r.validity);
    pl_quality_result_clear(&r);
    pl_loaded_task_free(&lt);
}

/* §13, v2 column (the CSV row blocksworld_3/qcode/one_shot/10). */
static void test_running_example_v2(void **state)
{
    (void)state;
    pl_error err = PL_ERROR_INIT;
    pl_name_sim *sim = pl_name_sim_open(NULL, &err);
    if (!sim) {
        printf("SKIP: running example v2: WordNet not available (%s)\n", err.message ? err.message : "?");
        pl_error_clear(&err);
        return;
    }
    pl_loaded_task lt;
    load_bw(&lt);
    pl_quality_options opt = pl_quality_defaults();
    pl_quality_result r;
    assert_int_equal(pl_quality_run(lt.task, sim, GT10, 6, LLM10, 8, -1, &opt, &r, &err), 0);
    static const char *const want[] = {"same_act", "diff_act", "position", "same_act",
                                       "diff_act", "same_act", "redundant", "redundant"};
    assert_labels(&r, want);
    assert_int_equal(r.np_aqm[6], PL_QL_SAME_ACT);
    assert_int_equal(r.np_aqm[7], PL_QL_SAME_ACT);
    assert_int_equal(r.np_gt[6], 2); /* (pick-up b): the first GT pick-up, (pick-up c) */
    assert_int_equal(r.np_gt[7], 3); /* (stack b c): (stack c b) */
    assert_int_equal(r.np_gt[0], -1); /* not relabelled */
    assert_int_equal(r.paired_gt[1], 5); /* (put-down a) pairs with (stack a c) */
    NEAR(r.pair_sim[1], 1.2056, 1e-4);
    NEAR(r.pair_sim[4], 0.15, 1e-9);
    NEAR(r.pair_sim[5], 1.0, 1e-12);
    NEAR(r.similarity, 11.3556, 1e-4);
    NEAR(r.curr_score, 2.3361111111111112, 1e-6);
    NEAR(r.trace_score, 1.0, 1e-12);
    NEAR(r.final_score, 2.772222222222222, 1e-6);
    NEAR(r.pi1.score, 3.208333333333333, 1e-9);
    assert_int_equal(r.lea, 0);
    assert_false(r.executability);
    assert_int_equal(r.stv, 7);
    static const pl_qstep_kind steps[] = {PL_QS_REMOVE, PL_QS_REMOVE, PL_QS_FIX_VARIABLES, PL_QS_FIX_ACTION,
                                          PL_QS_FIX_VARIABLES, PL_QS_FIX_ACTION, PL_QS_FIX_VARIABLES};
    for (int i = 0; i < 7; i++)
        assert_int_equal(r.steps[i].kind, steps[i]);
    char *const pi1[] = {"(unstack b c)", "(put-down b)", "(pick-up c)", "(stack c b)",
                         "(unstack c b)", "(put-down c)", "(pick-up a)", "(stack a c)"};
    assert_plan(&r, r.pi1.plan, r.pi1.n, pi1, 8);
    assert_int_equal(r.pi1.stv, 2);
    assert_int_equal(r.pi1.lea, 8);
    assert_int_equal(r.optimal_offset, 1);
    char *const pi2[] = {"(pick-up c)"};
    assert_plan(&r, r.pi2.plan, r.pi2.n, pi2, 1);
    assert_int_equal(r.pi2.stv, 6);
    NEAR(r.pi2.score, 1.0, 1e-12);
    assert_plan(&r, r.pi3.plan, r.pi3.n, GT10, 6);
    assert_true(r.pi3.valid);
    assert_int_equal(r.pi3.stv, 0);
    assert_true(r.pi4_valid);
    assert_int_equal(r.npi4, 6);
    assert_int_equal(r.ncorrect_part, 0);
    pl_quality_result_clear(&r);
    pl_loaded_task_free(&lt);
    pl_name_sim_close(sim);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_param_term),
        cmocka_unit_test(test_length_penalty_and_lcs),
        cmocka_unit_test(test_val_emulation),
        cmocka_unit_test(test_running_example_v1),
        cmocka_unit_test(test_running_example_v2),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
