/* The tokenizer reads what Fast Downward and VAL read: a '?' always starts a
 * variable, so `(aircraft?a)` is `(aircraft ?a)` (zenotravel's domain writes
 * it so), and a domain written that way loads and runs like the spaced one. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "pddl/lexer.h"
#include "plans/plan.h"
#include "test_support.h"

static void expect_tokens(const char *text, const char *const *want, int nwant)
{
    pl_arena arena = PL_ARENA_INIT;
    pl_token_list list;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_lex(text, strlen(text), "t.pddl", &arena, &list, &err), PL_OK);
    assert_int_equal(list.count, nwant + 1);
    for (int i = 0; i < nwant; i++) {
        const pl_token *t = &list.tokens[i];
        if (strcmp(want[i], "(") == 0)
            assert_int_equal(t->kind, PL_TOK_LPAREN);
        else if (strcmp(want[i], ")") == 0)
            assert_int_equal(t->kind, PL_TOK_RPAREN);
        else {
            assert_int_equal(t->kind, PL_TOK_SYMBOL);
            assert_string_equal(t->text, want[i]);
        }
    }
    assert_int_equal(list.tokens[nwant].kind, PL_TOK_END);
    pl_arena_free(&arena);
}

static void test_question_mark_starts_a_variable(void **state)
{
    (void)state;
    static const char *const glued[] = {"(", "aircraft", "?a", ")"};
    expect_tokens("(aircraft?a)", glued, 4);
    static const char *const two[] = {"(", "at", "?x", "?y", ")"};
    expect_tokens("(AT?x?Y)", two, 5);
    /* A lone '?' before a variable is a symbol of its own, as in FD. */
    static const char *const split[] = {"?", "?x", "-", "a", "?"};
    expect_tokens("??x - a?", split, 5);
    /* Names keep every other character. */
    static const char *const names[] = {"(", "fly-to_city.2", "?c-1", ")"};
    expect_tokens("(fly-to_city.2 ?c-1)", names, 4);
}

static void test_question_mark_columns(void **state)
{
    (void)state;
    pl_arena arena = PL_ARENA_INIT;
    pl_token_list list;
    pl_error err = PL_ERROR_INIT;
    const char *text = "(p\n (aircraft?a))";
    assert_int_equal(pl_lex(text, strlen(text), "t.pddl", &arena, &list, &err), PL_OK);
    assert_string_equal(list.tokens[3].text, "aircraft");
    assert_int_equal(list.tokens[3].line, 2);
    assert_int_equal(list.tokens[3].column, 3);
    assert_string_equal(list.tokens[4].text, "?a");
    assert_int_equal(list.tokens[4].column, 11);
    pl_arena_free(&arena);
}

/* Zenotravel's style: parameters and atoms with no space before '?'. */
#define ZENO_DOMAIN(SP)                                                                   \
    "(define (domain zeno)\n"                                                             \
    " (:requirements :typing)\n"                                                          \
    " (:types aircraft person city - object)\n"                                           \
    " (:predicates (at" SP "?x - (either person aircraft)" SP "?c - city)\n"              \
    "   (in" SP "?p - person" SP "?a - aircraft))\n"                                      \
    " (:action board :parameters (" SP "?p - person" SP "?a - aircraft" SP "?c - city)\n" \
    "  :precondition (and (at" SP "?p" SP "?c) (at" SP "?a" SP "?c))\n"                   \
    "  :effect (and (not (at" SP "?p" SP "?c)) (in" SP "?p" SP "?a)))\n"                  \
    " (:action fly :parameters (?a - aircraft ?c1 ?c2 - city)\n"                          \
    "  :precondition (at" SP "?a" SP "?c1)\n"                                             \
    "  :effect (and (not (at" SP "?a" SP "?c1)) (at" SP "?a" SP "?c2)))\n"                \
    " (:action debark :parameters (?p - person ?a - aircraft ?c - city)\n"                \
    "  :precondition (and (in" SP "?p" SP "?a) (at" SP "?a" SP "?c))\n"                   \
    "  :effect (and (not (in" SP "?p" SP "?a)) (at" SP "?p" SP "?c))))\n"

static const char zeno_problem[] = "(define (problem z1) (:domain zeno)\n"
                                   " (:objects plane - aircraft ann - person rome oslo - city)\n"
                                   " (:init (at plane rome) (at ann rome))\n"
                                   " (:goal (at ann oslo)))\n";

static void test_glued_domain_loads_like_spaced(void **state)
{
    (void)state;
    pl_loaded_task glued, spaced;
    pl_test_load_texts(ZENO_DOMAIN(""), zeno_problem, "glued", &glued);
    pl_test_load_texts(ZENO_DOMAIN(" "), zeno_problem, "spaced", &spaced);
    const pl_task *a = glued.task, *b = spaced.task;
    assert_int_equal(a->natoms, b->natoms);
    assert_int_equal(a->nactions, b->nactions);
    for (int i = 0; i < a->nactions; i++)
        assert_string_equal(a->actions[i].name, b->actions[i].name);

    pl_plan_steps steps;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_plan_steps_parse("(board ann plane rome)\n(fly plane rome oslo)\n(debark ann plane oslo)\n",
                                         &steps, &err),
                     PL_OK);
    pl_trace *tr = pl_trace_new(a, steps.steps, steps.count);
    assert_non_null(tr);
    assert_true(tr->valid);
    assert_true(tr->goal_reached);
    pl_trace_free(tr);
    pl_plan_steps_free(&steps);
    pl_loaded_task_free(&glued);
    pl_loaded_task_free(&spaced);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_question_mark_starts_a_variable),
        cmocka_unit_test(test_question_mark_columns),
        cmocka_unit_test(test_glued_domain_loads_like_spaced),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
