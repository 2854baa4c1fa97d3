/* h_FF's relaxed plan extracted as Fast Downward's ff() extracts it (issue
 * 40 §2), on tasks counted by hand (and checked against Fast Downward's
 * `eager_greedy([ff(), add()])` initial values).
 *
 * Square (visitall's shape): the robot at a, links a-c, a-b, b-d, c-d, goal
 * visited d and c; objects declared d c b a, so grounding order is not name
 * order.  h_add: at/visited b and c cost 1, d costs 2; h_add = 2 + 1 = 3.
 * Which move supports (at d) decides h_FF: h_add explores in Fast
 * Downward's operator order (by name): (move a b) then (move a c) push
 * their atoms, the bucket is popped last in first out, so (at c) is taken
 * first and (move c d) reaches d first.  The relaxed plan is {(move a c),
 * (move c d)}: h_FF = 2, as Fast Downward's (through b it would be 3: (move
 * a b), (move b d), (move a c), what planlens extracted before).  Its one
 * helpful action is (move a c), the only one applicable.
 *
 * Key: unlock costs 0 and needs nothing, open costs 1 and needs (unlocked);
 * goal (open).  h_FF = 0 + 1 = 1, the relaxed plan holds unlock although its
 * atom costs 0 (Fast Downward marks it too), and unlock is the helpful action.
 *
 * Lamp: switch (cost 3) has two conditional effects, each in the relaxed
 * plan; the action is paid once (h_FF 3) and listed once as helpful.
 *
 * Dominance: a-act needs (p) and (q) and adds (g) and (h); b-act needs (q)
 * and adds (g); both hold initially (drop makes them fluents), goal (g)
 * (h).  Fast Downward keeps one operator per effect and drops a-act's (g),
 * which b-act adds from fewer preconditions at the same cost: (g) comes
 * from b-act, (h) from a-act, h_FF = 2 (its value:
 *   fast-downward.py dominance-domain.pddl dominance-problem.pddl  *       --search "eager_greedy([ff(),add()], bound=0)"
 *   Initial heuristic value for add: 2
 *   Initial heuristic value for ff: 2).
 * Keeping a-act's (g), it is met first (actions by name) and h_FF is 1.
 *
 * Same preconditions: make-special (declared first) and make both need
 * (ready) and add (food); make-special also adds (special).  Of two equally
 * cheap operators with the same precondition Fast Downward keeps the first
 * in its order, by name: make.  (food) comes from make, (special) from
 * make-special, h_FF = 2 (Fast Downward: add 2, ff 2, as above); keeping
 * the first declared, make-special does both and h_FF was 1 (childsnack's
 * make_sandwich and make_sandwich_no_gluten). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "search/heuristic.h"
#include "test_support.h"

static const char square_domain[] =
    "(define (domain visit) (:requirements :strips)\n"
    " (:predicates (at ?x) (visited ?x) (link ?x ?y))\n"
    " (:action move :parameters (?from ?to)\n"
    "  :precondition (and (at ?from) (link ?from ?to))\n"
    "  :effect (and (at ?to) (not (at ?from)) (visited ?to))))\n";
static const char square_problem[] = "(define (problem square) (:domain visit)\n"
                                     " (:objects d c b a)\n"
                                     " (:init (at a) (visited a) (link a c) (link a b) (link b d) (link c d))\n"
                                     " (:goal (and (visited d) (visited c))))\n";

static const char key_domain[] = "(define (domain key) (:requirements :strips :action-costs)\n"
                                 " (:predicates (unlocked) (open))\n"
                                 " (:functions (total-cost) - number)\n"
                                 " (:action unlock :effect (and (unlocked) (increase (total-cost) 0)))\n"
                                 " (:action open :precondition (unlocked)\n"
                                 "  :effect (and (open) (increase (total-cost) 1))))\n";
static const char key_problem[] = "(define (problem k) (:domain key) (:init (= (total-cost) 0)) (:goal (open))\n"
                                  " (:metric minimize (total-cost)))\n";

static const char lamp_domain[] =
    "(define (domain lamp) (:requirements :strips :conditional-effects :action-costs)\n"
    " (:predicates (a) (b) (lit-a) (lit-b))\n"
    " (:functions (total-cost) - number)\n"
    " (:action switch :effect (and (when (a) (lit-a)) (when (b) (lit-b)) (increase (total-cost) 3))))\n";
static const char lamp_problem[] = "(define (problem l) (:domain lamp) (:init (a) (b) (= (total-cost) 0))\n"
                                   " (:goal (and (lit-a) (lit-b))) (:metric minimize (total-cost)))\n";

static const char dominance_domain[] = "(define (domain dominance) (:requirements :strips)\n"
                                       " (:predicates (q) (p) (g) (h))\n"
                                       " (:action a-act :precondition (and (p) (q)) :effect (and (g) (h)))\n"
                                       " (:action b-act :precondition (q) :effect (g))\n"
                                       " (:action drop :effect (and (not (p)) (not (q)))))\n";
static const char dominance_problem[] = "(define (problem one) (:domain dominance) (:init (q) (p))\n"
                                        " (:goal (and (g) (h))))\n";

static const char twin_domain[] = "(define (domain twin) (:requirements :strips)\n"
                                  " (:predicates (ready) (food) (special))\n"
                                  " (:action spoil :precondition (ready) :effect (not (ready)))\n"
                                  " (:action make-special :precondition (ready) :effect (and (food) (special)))\n"
                                  " (:action make :precondition (ready) :effect (food)))\n";
static const char twin_problem[] = "(define (problem one) (:domain twin) (:init (ready))\n"
                                   " (:goal (and (food) (special))))\n";

typedef struct {
    pl_loaded_task lt;
    pl_relaxed *r;
    pl_heuristic *h;
    int value;
} evaluated;

/* Evaluates heuristic k in the initial state of the task. */
static void evaluate(const char *domain, const char *problem, pl_heuristic_kind k, evaluated *e)
{
    pl_test_load_texts(domain, problem, "ff", &e->lt);
    const pl_task *t = e->lt.task;
    e->r = pl_relaxed_new(t);
    assert_non_null(e->r);
    int *goal = malloc(((size_t)t->natoms * 2 + 1) * sizeof *goal);
    assert_non_null(goal);
    e->h = pl_heuristic_new(e->r, k, goal, pl_relaxed_goal_atoms(e->r, t->goal, goal), NULL);
    free(goal);
    assert_non_null(e->h);
    e->value = pl_heuristic_eval(e->h, t->init);
}

static void release(evaluated *e)
{
    pl_heuristic_free(e->h);
    pl_relaxed_free(e->r);
    pl_loaded_task_free(&e->lt);
}

/* The relaxed plan's actions, sorted by name and joined with spaces. */
static void relaxed_plan_text(const evaluated *e, char *out, size_t size)
{
    const pl_relaxed *hr = e->r->negated ? e->r->negated : e->r;
    const char *names[16];
    int n = 0;
    for (int o = 0; o < hr->nops; o++)
        if (pl_heuristic_in_relaxed_plan(e->h, o) && hr->ops[o].action >= 0) {
            const char *name = e->lt.task->actions[hr->ops[o].action].name;
            bool seen = false;
            for (int i = 0; i < n; i++)
                seen = seen || !strcmp(names[i], name);
            if (!seen && n < 16)
                names[n++] = name;
        }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
            const char *x = names[j];
            names[j] = names[j - 1];
            names[j - 1] = x;
        }
    out[0] = '\0';
    for (int i = 0; i < n; i++)
        snprintf(out + strlen(out), size - strlen(out), "%s%s", i ? " " : "", names[i]);
}

static void preferred_text(const evaluated *e, char *out, size_t size)
{
    const int *pref;
    int n = pl_heuristic_preferred(e->h, &pref);
    out[0] = '\0';
    for (int i = 0; i < n; i++)
        snprintf(out + strlen(out), size - strlen(out), "%s%s", i ? " " : "", e->lt.task->actions[pref[i]].name);
}

static void test_square(void **state)
{
    (void)state;
    evaluated add, ff;
    evaluate(square_domain, square_problem, PL_H_ADD, &add);
    assert_int_equal(add.value, 3);
    release(&add);
    evaluate(square_domain, square_problem, PL_H_FF, &ff);
    assert_int_equal(ff.value, 2);
    char text[256];
    relaxed_plan_text(&ff, text, sizeof text);
    assert_string_equal(text, "(move a c) (move c d)");
    preferred_text(&ff, text, sizeof text);
    assert_string_equal(text, "(move a c)");
    /* the goal state: no relaxed plan, no helpful action */
    const pl_task *t = ff.lt.task;
    uint64_t *goal_state = pl_state_clone(t, t->init);
    for (int p = 0; p < t->natoms; p++)
        if (!strcmp(t->atoms[p].name, "(visited d)") || !strcmp(t->atoms[p].name, "(visited c)"))
            pl_state_set(goal_state, p, true);
    assert_int_equal(pl_heuristic_eval(ff.h, goal_state), 0);
    const int *pref;
    assert_int_equal(pl_heuristic_preferred(ff.h, &pref), 0);
    free(goal_state);
    release(&ff);
}

static void test_zero_cost_supporter(void **state)
{
    (void)state;
    evaluated ff;
    evaluate(key_domain, key_problem, PL_H_FF, &ff);
    assert_int_equal(ff.value, 1);
    char text[256];
    relaxed_plan_text(&ff, text, sizeof text);
    assert_string_equal(text, "(open) (unlock)");
    preferred_text(&ff, text, sizeof text);
    assert_string_equal(text, "(unlock)");
    release(&ff);
}

static void test_conditional_effects_once(void **state)
{
    (void)state;
    evaluated ff, add;
    evaluate(lamp_domain, lamp_problem, PL_H_FF, &ff);
    assert_int_equal(ff.value, 3);
    char text[256];
    preferred_text(&ff, text, sizeof text);
    assert_string_equal(text, "(switch)");
    release(&ff);
    evaluate(lamp_domain, lamp_problem, PL_H_ADD, &add);
    assert_int_equal(add.value, 6); /* h_add prices each effect: 3 + 3 */
    const int *pref;
    assert_int_equal(pl_heuristic_preferred(add.h, &pref), 0); /* helpful actions are h_FF's */
    release(&add);
}

static void test_dominated_effect_dropped(void **state)
{
    (void)state;
    evaluated ff;
    evaluate(dominance_domain, dominance_problem, PL_H_FF, &ff);
    assert_int_equal(ff.value, 2);
    char text[256];
    relaxed_plan_text(&ff, text, sizeof text);
    assert_string_equal(text, "(a-act) (b-act)");
    release(&ff);
}

static void test_equal_twins_first_by_name(void **state)
{
    (void)state;
    evaluated ff;
    evaluate(twin_domain, twin_problem, PL_H_FF, &ff);
    assert_int_equal(ff.value, 2);
    char text[256];
    relaxed_plan_text(&ff, text, sizeof text);
    assert_string_equal(text, "(make) (make-special)");
    release(&ff);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_square),
        cmocka_unit_test(test_zero_cost_supporter),
        cmocka_unit_test(test_conditional_effects_once),
        cmocka_unit_test(test_dominated_effect_dropped),
        cmocka_unit_test(test_equal_twins_first_by_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
