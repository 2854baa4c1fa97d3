/* Derived predicates (issue 40 §1), on tests/data/pddl-derived: wires carry
 * power from a source; (powered ?n) is derived recursively (stratum 0) and
 * (dark ?n) is its negation (stratum 1); switching a wire on needs its start
 * powered, and the goal asks (powered n3) and (dark n4).
 *   - the axioms ground into two strata and every state holds their least
 *     fixpoint (initial state, after each step);
 *   - the planners find the 4-step plan (switch n1 -> n4 off first: else
 *     n4 is powered) and it validates;
 *   - why-not names the derived atom and the basic atoms behind it, for a
 *     precondition and for the goal;
 *   - a program that is not stratifiable, a derived predicate in an effect
 *     or in :init are refused at file:line:column. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/file.h"
#include "plans/plan.h"
#include "search/heuristic.h"
#include "search/search.h"
#include "test_support.h"

#define DATA PLANLENS_SOURCE_DIR "/tests/data/pddl-derived/"

static char *read_text(const char *name)
{
    size_t len;
    pl_error err = PL_ERROR_INIT;
    char *text = pl_read_file(name, &len, &err);
    assert_non_null(text);
    return text;
}

static void load(pl_loaded_task *lt)
{
    char *d = read_text(DATA "domain.pddl"), *p = read_text(DATA "problem.pddl");
    pl_test_load_texts(d, p, "wires", lt);
    free(d);
    free(p);
}

static int atom(const pl_task *t, const char *name)
{
    for (int a = 0; a < t->natoms; a++)
        if (strcmp(t->atoms[a].name, name) == 0)
            return a;
    return -1;
}

static pl_trace *trace_of(const pl_task *t, const char *file, pl_plan_steps *steps)
{
    char *text = read_text(file);
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_plan_steps_parse(text, steps, &err), PL_OK);
    free(text);
    pl_trace *tr = pl_trace_new(t, steps->steps, steps->count);
    assert_non_null(tr);
    return tr;
}

static void test_strata_and_states(void **state)
{
    (void)state;
    pl_loaded_task lt;
    load(&lt);
    const pl_task *t = lt.task;
    assert_true(t->naxioms > 0);
    assert_int_equal(t->nstrata, 2);
    assert_int_equal(t->domain->pred_stratum[pl_domain_find_pred(t->domain, "powered")], 0);
    assert_int_equal(t->domain->pred_stratum[pl_domain_find_pred(t->domain, "dark")], 1);
    assert_int_equal(t->domain->pred_stratum[pl_domain_find_pred(t->domain, "on")], -1);
    int ps = atom(t, "(powered s)"), p1 = atom(t, "(powered n1)"), p4 = atom(t, "(powered n4)");
    int d4 = atom(t, "(dark n4)"), on14 = atom(t, "(on n1 n4)");
    assert_true(ps >= 0 && p1 >= 0 && p4 >= 0 && d4 >= 0 && on14 >= 0);
    assert_true(pl_task_atom_derived(t, ps));
    assert_true(pl_task_atom_derived(t, d4));
    assert_false(pl_task_atom_derived(t, on14));
    /* initially only the source is powered: n4's wire is on, n1 is not powered */
    assert_true(pl_state_has(t->init, ps));
    assert_false(pl_state_has(t->init, p1));
    assert_false(pl_state_has(t->init, p4));
    assert_true(pl_state_has(t->init, d4));
    assert_false(pl_task_monotone(t));

    /* powering n1 powers n4 through the wire that is on: n4 no longer dark */
    pl_plan_steps steps;
    pl_trace *tr = trace_of(t, DATA "invalid-plan.txt", &steps);
    assert_true(tr->executable);
    assert_false(tr->goal_reached);
    const uint64_t *after1 = pl_trace_state(tr, 1);
    assert_true(pl_state_has(after1, p1));
    assert_true(pl_state_has(after1, p4));
    assert_false(pl_state_has(after1, d4));
    assert_true(pl_state_has(pl_trace_state(tr, 3), atom(t, "(powered n3)")));
    /* applicability reads derived atoms: (switch-on n1 n2) needs (powered n1) */
    int a12 = -1;
    for (int a = 0; a < t->nactions; a++)
        if (strcmp(t->actions[a].name, "(switch-on n1 n2)") == 0)
            a12 = a;
    assert_true(a12 >= 0);
    assert_false(pl_task_applicable(t, a12, t->init));
    assert_true(pl_task_applicable(t, a12, after1));
    pl_trace_free(tr);
    pl_plan_steps_free(&steps);
    pl_loaded_task_free(&lt);
}

static void test_plan_found_and_validated(void **state)
{
    (void)state;
    pl_loaded_task lt;
    load(&lt);
    const pl_task *t = lt.task;
    pl_plan_steps steps;
    pl_trace *tr = trace_of(t, DATA "plan.txt", &steps);
    assert_true(tr->valid);
    pl_trace_free(tr);
    pl_plan_steps_free(&steps);

    pl_relaxed *r = pl_relaxed_new(t);
    assert_non_null(r);
    static const pl_heuristic_kind kinds[] = {PL_H_LMCUT, PL_H_MAX, PL_H_ADD, PL_H_FF};
    for (int k = 0; k < 4; k++) {
        pl_search_params p = pl_search_defaults();
        p.heuristic = kinds[k];
        p.greedy = kinds[k] == PL_H_ADD || kinds[k] == PL_H_FF;
        pl_search_result res;
        assert_int_equal(pl_search(t, r, &p, &res), PL_SEARCH_SOLVED);
        if (!p.greedy)
            assert_int_equal(res.cost, 4);
        /* the plan found validates: its last state holds the derived goal */
        uint64_t *s = pl_state_clone(t, t->init), *next = pl_state_new(t);
        for (int i = 0; i < res.plan_length; i++) {
            assert_true(pl_task_applicable(t, res.plan[i], s));
            pl_task_apply(t, res.plan[i], s, next);
            memcpy(s, next, (size_t)t->words * sizeof *s);
        }
        assert_true(pl_task_goal_reached(t, s));
        free(s);
        free(next);
        pl_search_result_clear(&res);
    }
    /* the relaxation reaches derived atoms through axioms (cost 0): the goal
     * (powered n3) needs the three switch-on actions */
    int goal[64];
    int ng = pl_relaxed_goal_atoms(r, t->goal, goal);
    pl_heuristic *h = pl_heuristic_new(r, PL_H_FF, goal, ng, NULL);
    assert_int_equal(pl_heuristic_eval(h, t->init), 3);
    pl_heuristic_free(h);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

static void test_why_not_names_derived_atoms(void **state)
{
    (void)state;
    pl_loaded_task lt;
    load(&lt);
    const pl_task *t = lt.task;
    /* a precondition: (switch-on n1 n2) in the initial state */
    int schema = pl_domain_find_action(t->domain, "switch-on");
    int args[2] = {pl_task_find_object(t, "n1"), pl_task_find_object(t, "n2")};
    char **unmet = NULL;
    int n = pl_explain_unmet(t, schema, args, t->init, &unmet);
    assert_int_equal(n, 1);
    print_message("unmet: %s\n", unmet[0]);
    assert_string_equal(unmet[0], "(powered n1) [derived (powered n1) is false: unmet (on s n1)]");
    pl_strings_free(unmet, n);

    /* the goal after the invalid plan: n4 is powered through (on n1 n4) */
    pl_plan_steps steps;
    pl_trace *tr = trace_of(t, DATA "invalid-plan.txt", &steps);
    n = pl_explain_unmet_goals(t, pl_trace_state(tr, 3), &unmet);
    assert_int_equal(n, 1);
    print_message("unmet goal: %s\n", unmet[0]);
    assert_string_equal(unmet[0], "(dark n4) [derived (dark n4) is false: unmet (not (powered n4)) [derived (powered n4) "
                                  "holds by (on n1 n4), (powered n1) [derived (powered n1) holds by (on s n1), "
                                  "(powered s) [derived (powered s) holds by an axiom true in every state]]]]");
    pl_strings_free(unmet, n);
    pl_trace_free(tr);
    pl_plan_steps_free(&steps);
    pl_loaded_task_free(&lt);
}

/* planlens progress marks the derived atoms of the next state as derived. */
static void test_progress_marks_derived(void **state)
{
    (void)state;
    int status;
    char *out = pl_test_shell(PLANLENS_BIN " progress " DATA "domain.pddl " DATA "problem.pddl '(switch-on s n1)'",
                              &status);
    assert_int_equal(status, 0);
    assert_string_equal(out, "action: (switch-on s n1)\n"
                             "positive effects: (on s n1)\n"
                             "negative effects: (none)\n"
                             "next state: (on n1 n4) (on s n1)\n"
                             "derived atoms: (dark n2) (dark n3) (powered n1) (powered n4) (powered s)\n");
    free(out);
    out = pl_test_shell(PLANLENS_BIN " progress --json " DATA "domain.pddl " DATA "problem.pddl '(switch-on s n1)'",
                        &status);
    assert_int_equal(status, 0);
    assert_non_null(strstr(out, "\"next_state\":[\"(on n1 n4)\",\"(on s n1)\"],\"derived_atoms\":[\"(dark n2)\""));
    free(out);
}

typedef struct {
    const char *name;
    const char *domain, *problem;
    int line, column;
    const char *message;
} refusal;

#define WIRES_HEAD                                                           \
    "(define (domain w) (:requirements :derived-predicates)\n"              \
    " (:predicates (a) (p) (q))\n"
static const refusal refusals[] = {
    {"derived predicate in an effect",
     WIRES_HEAD " (:derived (p) (a))\n (:action x :effect (and (a) (p))))\n", NULL, 4, 31,
     "derived predicate 'p' in an effect"},
    {"derived predicate in :init", WIRES_HEAD " (:derived (p) (a))\n (:action x :effect (a)))\n",
     "(define (problem i) (:domain w)\n (:init (p)) (:goal (p)))\n", 2, 10, "derived predicate 'p' in :init"},
    {"undeclared derived predicate", WIRES_HEAD " (:derived (r) (a))\n (:action x :effect (a)))\n", NULL, 3, 13,
     "undeclared predicate 'r'"},
    {"self-negation", WIRES_HEAD " (:derived (p) (not (p)))\n (:action x :effect (a)))\n", NULL, 3, 22,
     "not stratifiable"},
};

static void test_refusal(void **state)
{
    const refusal *c = *state;
    pl_loaded_task lt;
    pl_error err = PL_ERROR_INIT;
    const char *problem = c->problem ? c->problem : "(define (problem i) (:domain w) (:init) (:goal (a)))\n";
    int rc = pl_load_task_texts(c->domain, strlen(c->domain), "d.pddl", problem, strlen(problem), "p.pddl", &lt,
                                NULL, &err);
    assert_int_not_equal(rc, PL_OK);
    char *msg = pl_error_format(&err);
    print_message("%s\n", msg);
    assert_non_null(strstr(msg, c->message));
    assert_int_equal(err.line, c->line);
    assert_int_equal(err.column, c->column);
    free(msg);
    pl_error_clear(&err);
}

static void test_unstratified_file(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_error err = PL_ERROR_INIT;
    const char *problem = "(define (problem i) (:domain unstratified) (:init) (:goal (p)))\n";
    char *d = read_text(DATA "unstratified-domain.pddl");
    int rc = pl_load_task_texts(d, strlen(d), "unstratified-domain.pddl", problem, strlen(problem), "p.pddl", &lt,
                                NULL, &err);
    free(d);
    assert_int_equal(rc, PL_ERR_SEMANTIC);
    char *msg = pl_error_format(&err);
    assert_string_equal(msg, "unstratified-domain.pddl:5:32: derived predicates not stratifiable: 'p' depends on "
                             "(not (q ...)), and 'q' depends on 'p'");
    free(msg);
    pl_error_clear(&err);
}

int main(void)
{
    static struct CMUnitTest tests[16];
    size_t n = 0;
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_strata_and_states);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_plan_found_and_validated);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_why_not_names_derived_atoms);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_unstratified_file);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_progress_marks_derived);
    for (size_t i = 0; i < sizeof refusals / sizeof refusals[0]; i++)
        tests[n++] = (struct CMUnitTest){refusals[i].name, test_refusal, NULL, NULL, (void *)&refusals[i]};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
