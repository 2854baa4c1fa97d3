#define _POSIX_C_SOURCE 200809L
/* Start states (engine/teach/start_state.h) and the relaxed-planning-graph
 * quiz (engine/teach/rpg_quiz.h) on the unit-cost line task: places a b c d,
 * one-way roads a-b, b-c, a-c, c-d; goal (visited b) (at d).  First levels
 * from (at a): (at b) (visited b) (at c) (visited c) 1, (at d) (visited d) 2. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "teach/heuristic_explain.h"
#include "teach/rpg_quiz.h"
#include "teach/start_state.h"
#include "test_support.h"

static const char domain[] = "(define (domain line)\n"
                             " (:requirements :strips :typing)\n"
                             " (:types place)\n"
                             " (:predicates (at ?p - place) (road ?a ?b - place) (visited ?p - place))\n"
                             " (:action move :parameters (?a ?b - place)\n"
                             "  :precondition (and (at ?a) (road ?a ?b))\n"
                             "  :effect (and (not (at ?a)) (at ?b) (visited ?b))))\n";
static const char problem[] = "(define (problem three) (:domain line)\n"
                              " (:objects a b c d - place)\n"
                              " (:init (at a) (road a b) (road b c) (road a c) (road c d))\n"
                              " (:goal (and (visited b) (at d))))\n";

static bool holds(const pl_task *t, const uint64_t *s, const char *name)
{
    for (int a = 0; a < t->natoms; a++)
        if (!strcmp(t->atoms[a].name, name))
            return pl_state_has(s, a);
    fail_msg("no atom %s", name);
    return false;
}

static int count_true(const pl_task *t, const uint64_t *s)
{
    int n = 0;
    for (int a = 0; a < t->natoms; a++)
        n += pl_state_has(s, a);
    return n;
}

static void test_state_file(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_test_load_texts(domain, problem, "line", &lt);
    const pl_task *t = lt.task;
    uint64_t *s = pl_state_new(t);
    pl_error err = PL_ERROR_INIT;
    /* comments, several atoms a line, any case and spacing, a true static atom */
    assert_int_equal(pl_start_state_parse(t, "; after two moves\n(AT c)  ( visited b )\n(road a b)\n", "s", s, &err),
                     PL_OK);
    assert_true(holds(t, s, "(at c)"));
    assert_true(holds(t, s, "(visited b)"));
    assert_false(holds(t, s, "(at a)"));
    assert_int_equal(count_true(t, s), 2);
    /* errors, located */
    static const struct {
        const char *text;
        int line, column;
        const char *says;
    } bad[] = {
        {"(at c)\n  (at q)\n", 2, 3, "unknown object"},
        {"(at c) at d\n", 1, 8, "expected an atom"},
        {"(at c\n", 1, 1, "without its ')'"},
        {"(road d a)\n", 1, 1, "(road d a)"},
        {"(flies a)\n", 1, 1, "(flies a)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        assert_int_not_equal(pl_start_state_parse(t, bad[i].text, "s.txt", s, &err), PL_OK);
        assert_int_equal(err.line, bad[i].line);
        assert_int_equal(err.column, bad[i].column);
        if (!strstr(err.message, bad[i].says))
            fail_msg("%s: %s", bad[i].text, err.message);
        pl_error_clear(&err);
    }
    free(s);
    pl_loaded_task_free(&lt);
}

static char *write_temp(const char *text)
{
    char *path = strdup("/tmp/planlens-start-XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    return path;
}

static void test_plan_prefix(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_test_load_texts(domain, problem, "line", &lt);
    const pl_task *t = lt.task;
    char *plan = write_temp("(move a b)\n(move b c)\n(move c a)\n");
    pl_start_state st;
    pl_error err = PL_ERROR_INIT;
    pl_start_spec spec = {plan, 2, NULL};
    assert_int_equal(pl_start_state_read(t, &spec, &st, &err), PL_OK);
    assert_int_equal(st.steps, 2);
    assert_int_equal(st.plan_length, 3);
    assert_true(st.cost == 2);
    assert_true(holds(t, st.state, "(at c)"));
    assert_true(holds(t, st.state, "(visited b)"));
    pl_start_state_clear(&st);
    spec.step = 0;
    assert_int_equal(pl_start_state_read(t, &spec, &st, &err), PL_OK);
    assert_true(pl_state_equal(st.state, t->init, t->words));
    pl_start_state_clear(&st);
    /* the third action does not apply: step 2 (0 is the first) */
    spec.step = 3;
    assert_int_not_equal(pl_start_state_read(t, &spec, &st, &err), PL_OK);
    assert_non_null(strstr(err.message, "step 2 (0 is the first action)"));
    assert_int_equal(err.line, 3);
    pl_error_clear(&err);
    spec.step = 4;
    assert_int_not_equal(pl_start_state_read(t, &spec, &st, &err), PL_OK);
    assert_non_null(strstr(err.message, "the plan has 3 actions"));
    pl_error_clear(&err);
    /* no plan, no state file: the initial state */
    spec = (pl_start_spec){NULL, -1, NULL};
    assert_int_equal(pl_start_state_read(t, &spec, &st, &err), PL_OK);
    assert_true(pl_state_equal(st.state, t->init, t->words));
    pl_start_state_clear(&st);
    remove(plan);
    free(plan);
    pl_loaded_task_free(&lt);
}

static const pl_quiz_item *item_at(const pl_quiz_result *q, int line)
{
    for (int i = 0; i < q->nitems; i++)
        if (q->items[i].line == line)
            return &q->items[i];
    fail_msg("no item at line %d", line);
    return NULL;
}

static void test_quiz(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_test_load_texts(domain, problem, "line", &lt);
    const pl_task *t = lt.task;
    pl_relaxed *r = pl_relaxed_new(t);
    pl_rpg g;
    assert_int_equal(pl_rpg_build(t, r, t->init, &g), 0);
    pl_quiz_result q;
    pl_error err = PL_ERROR_INIT;
    const char *answers = "; a student\n"
                          "level (at b) 1\n"
                          "level (at c) 2   ; (move a c) reaches it at 1\n"
                          "level (visited d) never\n"
                          "level (at d)\n"
                          "plan (move a b)\n"
                          "plan (move a c)\n"
                          "plan (move c d)\n";
    assert_int_equal(pl_rpg_quiz_grade(t, &g, answers, "answers", &q, &err), PL_OK);
    assert_int_equal(q.levels, 3);
    assert_int_equal(q.levels_right, 1);
    assert_int_equal(q.unanswered, 3); /* (visited b) (visited c) (at d) */
    assert_true(item_at(&q, 2)->right);
    const pl_quiz_item *c = item_at(&q, 3);
    assert_false(c->right);
    assert_string_equal(c->expected, "1");
    assert_non_null(strstr(c->why, "(move a c) adds it in action layer 0"));
    assert_string_equal(item_at(&q, 4)->expected, "2");
    assert_true(q.has_plan);
    assert_true(q.plan_right);
    assert_true(q.plan_cost == 3);
    pl_quiz_result_clear(&q);

    /* not a relaxed plan; then one with an action not needed */
    assert_int_equal(pl_rpg_quiz_grade(t, &g, "plan (move a c)\nplan (move c d)\n", "a", &q, &err), PL_OK);
    assert_false(q.plan_right);
    assert_non_null(strstr(q.items[0].why, "never reached: (visited b)"));
    pl_quiz_result_clear(&q);
    assert_int_equal(pl_rpg_quiz_grade(t, &g, "plan (move a b)\nplan (move b c)\nplan (move a c)\nplan (move c d)\n",
                                       "a", &q, &err),
                     PL_OK);
    assert_false(q.plan_right);
    assert_non_null(strstr(q.items[0].why, "is not needed"));
    pl_quiz_result_clear(&q);

    /* answers that name nothing are errors at their line */
    assert_int_not_equal(pl_rpg_quiz_grade(t, &g, "level (at b) 1\nlevel (at q) 2\n", "a", &q, &err), PL_OK);
    assert_int_equal(err.line, 2);
    pl_error_clear(&err);
    assert_int_not_equal(pl_rpg_quiz_grade(t, &g, "plan (fly a b)\n", "a", &q, &err), PL_OK);
    pl_error_clear(&err);
    assert_int_not_equal(pl_rpg_quiz_grade(t, &g, "levels (at b) 1\n", "a", &q, &err), PL_OK);
    pl_error_clear(&err);
    pl_rpg_clear(&g);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_state_file),
        cmocka_unit_test(test_plan_prefix),
        cmocka_unit_test(test_quiz),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
