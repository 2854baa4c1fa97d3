/* Proofs for the hard "why"s (engine/teach/proof.h): each method on a task
 * built so that it, and no cheaper one, decides; every witness plan checked
 * by simulation (it reaches what it claims and, for a non-landmark, never
 * makes the fact true). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "plans/plan.h"
#include "search/heuristic.h"
#include "task/load.h"
#include "teach/proof.h"
#include "test_support.h"

#define BW PLANLENS_SOURCE_DIR "/sample-runs/blocksworld"

/* A hand that holds one thing: (holding ?x) and (handempty) never together;
 * juggle needs both, so only h^2 (not the relaxation) rules it out. */
static const char hand_domain[] =
    "(define (domain hand) (:requirements :strips)\n"
    " (:predicates (holding ?x) (handempty) (on-floor ?x))\n"
    " (:action pick :parameters (?x) :precondition (and (on-floor ?x) (handempty))\n"
    "  :effect (and (holding ?x) (not (on-floor ?x)) (not (handempty))))\n"
    " (:action drop :parameters (?x) :precondition (holding ?x)\n"
    "  :effect (and (on-floor ?x) (handempty) (not (holding ?x))))\n"
    " (:action juggle :parameters (?x) :precondition (and (holding ?x) (handempty))\n"
    "  :effect (on-floor ?x)))\n";
static const char hand_problem[] =
    "(define (problem p) (:domain hand) (:objects ball)\n"
    " (:init (on-floor ball) (handempty)) (:goal (and (holding ball) (handempty))))\n";

/* Two tokens, three wishes: any two of (a) (b) (c) can hold together, all
 * three cannot; no relaxation or pair argument sees it, a search does. */
static const char token_domain[] =
    "(define (domain tokens) (:requirements :strips)\n"
    " (:predicates (token ?t) (a) (b) (c))\n"
    " (:action get-a :parameters (?t) :precondition (token ?t) :effect (and (a) (not (token ?t))))\n"
    " (:action get-b :parameters (?t) :precondition (token ?t) :effect (and (b) (not (token ?t))))\n"
    " (:action get-c :parameters (?t) :precondition (token ?t) :effect (and (c) (not (token ?t)))))\n";
static const char token_problem[] =
    "(define (problem p) (:domain tokens) (:objects t1 t2)\n"
    " (:init (token t1) (token t2)) (:goal (and (a) (b) (c))))\n";

typedef struct {
    pl_loaded_task lt;
    pl_relaxed *r;
} loaded;

static void load_texts(loaded *l, const char *domain, const char *problem)
{
    pl_error err = PL_ERROR_INIT;
    if (pl_load_task_texts(domain, strlen(domain), "domain.pddl", problem, strlen(problem), "problem.pddl", &l->lt,
                           NULL, &err) != PL_OK)
        fail_msg("%s", err.message);
    l->r = pl_relaxed_new(l->lt.task);
    assert_non_null(l->r);
}

static void load_blocksworld(loaded *l)
{
    pl_error err = PL_ERROR_INIT;
    if (pl_load_task_files(BW "/domain.pddl", BW "/problem.pddl", &l->lt, NULL, &err) != PL_OK)
        fail_msg("%s", err.message);
    l->r = pl_relaxed_new(l->lt.task);
    assert_non_null(l->r);
}

static void unload(loaded *l)
{
    pl_relaxed_free(l->r);
    pl_loaded_task_free(&l->lt);
}

static bool has_line(const pl_proof *p, const char *needle)
{
    for (int i = 0; i < p->nlines; i++)
        if (strstr(p->lines[i], needle))
            return true;
    return false;
}

/* Runs the witness from the initial state: every step applicable; returns
 * the final state (owned) and sets *touched when `atom` (>= 0) held on the way. */
static uint64_t *run_witness(const pl_task *t, const pl_proof *p, int atom, bool *touched)
{
    uint64_t *s = pl_state_clone(t, t->init), *next = pl_state_new(t);
    assert_non_null(s);
    assert_non_null(next);
    *touched = atom >= 0 && pl_state_has(s, atom);
    for (int i = 0; i < p->plan_length; i++) {
        assert_true(pl_task_applicable(t, p->plan[i], s));
        pl_task_apply(t, p->plan[i], s, next);
        memcpy(s, next, (size_t)t->words * sizeof *s);
        *touched |= atom >= 0 && pl_state_has(s, atom);
    }
    free(next);
    return s;
}

static const pl_limits limits = {0, 10, 0};

static void test_never_applicable(void **state)
{
    (void)state;
    loaded l;
    load_blocksworld(&l);
    const pl_task *t = l.lt.task;
    pl_proof p;
    char *why = NULL;
    /* (on a a) is reached in the relaxation (by stack a a), never for
     * real: the one action making it true needs a mutex pair */
    assert_int_equal(pl_prove_never_applicable(t, l.r, t->init, "(unstack a a)", &limits, &p, &why), 0);
    assert_int_equal(p.claim, PL_YES);
    assert_int_equal(p.method, PL_PROOF_MUTEX);
    assert_non_null(strstr(p.summary, "(on a a) never holds"));
    assert_true(has_line(&p, "(stack a a) needs (clear a) and (holding a), which never hold together"));
    pl_proof_clear(&p);
    /* (stack a b) is not applicable now, but a plan makes it so */
    assert_int_equal(pl_prove_never_applicable(t, l.r, t->init, "(stack a b)", &limits, &p, &why), 0);
    assert_int_equal(p.claim, PL_NO);
    assert_int_equal(p.method, PL_PROOF_WITNESS);
    assert_true(p.plan_length > 0);
    bool touched;
    uint64_t *end = run_witness(t, &p, -1, &touched);
    pl_action_ref ref;
    assert_int_equal(pl_resolve_action(t, "(stack a b)", &ref), PL_REF_OK);
    assert_true(pl_task_applicable(t, ref.action, end));
    pl_action_ref_clear(&ref);
    free(end);
    pl_proof_clear(&p);
    /* applicable at once; a text naming no action is an error with its reason */
    assert_int_equal(pl_prove_never_applicable(t, l.r, t->init, "(unstack d a)", &limits, &p, &why), 0);
    assert_int_equal(p.claim, PL_NO);
    assert_int_equal(p.method, PL_PROOF_HOLDS);
    pl_proof_clear(&p);
    assert_int_equal(pl_prove_never_applicable(t, l.r, t->init, "(fly a b)", &limits, &p, &why), -2);
    assert_non_null(why);
    free(why);
    pl_proof_clear(&p);
    unload(&l);
}

/* juggle: both preconditions are reachable alone, never together; the
 * invariant names how each is made true. */
static void test_mutex_with_invariant(void **state)
{
    (void)state;
    loaded l;
    load_texts(&l, hand_domain, hand_problem);
    const pl_task *t = l.lt.task;
    pl_proof p;
    char *why = NULL;
    assert_int_equal(pl_prove_never_applicable(t, l.r, t->init, "(juggle ball)", &limits, &p, &why), 0);
    assert_int_equal(p.claim, PL_YES);
    assert_int_equal(p.method, PL_PROOF_MUTEX);
    assert_non_null(strstr(p.summary, "(holding ball)"));
    assert_non_null(strstr(p.summary, "(handempty)"));
    assert_true(has_line(&p, "(pick ball) deletes (handempty)"));
    assert_true(has_line(&p, "(drop ball) deletes (holding ball)"));
    pl_proof_clear(&p);
    /* the goal is that very pair: a dead end from the start, by the same argument */
    assert_int_equal(pl_prove_dead_end(t, l.r, t->init, &limits, &p), 0);
    assert_int_equal(p.claim, PL_YES);
    assert_int_equal(p.method, PL_PROOF_MUTEX);
    pl_proof_clear(&p);
    unload(&l);
}

static void test_dead_end_methods(void **state)
{
    (void)state;
    loaded l;
    load_texts(&l, token_domain, token_problem);
    const pl_task *t = l.lt.task;
    pl_proof p;
    assert_int_equal(pl_prove_dead_end(t, l.r, t->init, &limits, &p), 0);
    assert_int_equal(p.claim, PL_YES);
    assert_int_equal(p.method, PL_PROOF_SEARCH);
    assert_true(p.expansions > 0);
    pl_proof_clear(&p);
    /* with both tokens spent on (a), (b) can never come: relaxed */
    pl_action_ref ref;
    uint64_t *s = pl_state_clone(t, t->init), *next = pl_state_new(t);
    const char *spend[] = {"(get-a t1)", "(get-a t2)"};
    for (int i = 0; i < 2; i++) {
        assert_int_equal(pl_resolve_action(t, spend[i], &ref), PL_REF_OK);
        pl_task_apply(t, ref.action, s, next);
        memcpy(s, next, (size_t)t->words * sizeof *s);
        pl_action_ref_clear(&ref);
    }
    assert_int_equal(pl_prove_dead_end(t, l.r, s, &limits, &p), 0);
    assert_int_equal(p.claim, PL_YES);
    assert_int_equal(p.method, PL_PROOF_RELAXED);
    assert_true(has_line(&p, "(b)"));
    assert_true(has_line(&p, "(c)"));
    pl_proof_clear(&p);
    /* and no token comes back: get-b can never be applied again */
    char *why = NULL;
    assert_int_equal(pl_prove_never_applicable(t, l.r, s, "(get-b t1)", &limits, &p, &why), 0);
    assert_int_equal(p.claim, PL_YES);
    assert_int_equal(p.method, PL_PROOF_RELAXED);
    assert_true(has_line(&p, "(token t1): no relaxed exploration"));
    free(s);
    free(next);
    pl_proof_clear(&p);
    unload(&l);
    /* blocksworld's start is no dead end: the witness reaches the goal */
    load_blocksworld(&l);
    t = l.lt.task;
    assert_int_equal(pl_prove_dead_end(t, l.r, t->init, &limits, &p), 0);
    assert_int_equal(p.claim, PL_NO);
    assert_int_equal(p.method, PL_PROOF_WITNESS);
    bool touched;
    uint64_t *end = run_witness(t, &p, -1, &touched);
    assert_true(pl_task_goal_reached(t, end));
    free(end);
    pl_proof_clear(&p);
    unload(&l);
}

static void test_landmarks(void **state)
{
    (void)state;
    loaded l;
    load_blocksworld(&l);
    const pl_task *t = l.lt.task;
    pl_proof p;
    char *why = NULL;
    /* a must be picked up for (on a b): without the actions that make
     * (holding a) true, the relaxation cannot reach the goal */
    assert_int_equal(pl_prove_landmark(t, l.r, t->init, "(holding a)", &limits, &p, &why), 0);
    assert_int_equal(p.claim, PL_YES);
    assert_int_equal(p.method, PL_PROOF_RELAXED);
    assert_true(has_line(&p, "(on a b)"));
    assert_true(has_line(&p, "achiever left out: "));
    pl_proof_clear(&p);
    /* holds already */
    assert_int_equal(pl_prove_landmark(t, l.r, t->init, "(on d a)", &limits, &p, &why), 0);
    assert_int_equal(p.claim, PL_YES);
    assert_int_equal(p.method, PL_PROOF_HOLDS);
    pl_proof_clear(&p);
    /* (on a c) is no landmark: the witness reaches the goal and never makes it true */
    assert_int_equal(pl_prove_landmark(t, l.r, t->init, "(on a c)", &limits, &p, &why), 0);
    assert_int_equal(p.claim, PL_NO);
    assert_int_equal(p.method, PL_PROOF_WITNESS);
    bool touched;
    int atom = pl_resolve_atom(t, "(on a c)", &(bool){false}, &why);
    assert_true(atom >= 0);
    uint64_t *end = run_witness(t, &p, atom, &touched);
    assert_false(touched);
    assert_true(pl_task_goal_reached(t, end));
    free(end);
    pl_proof_clear(&p);
    assert_int_equal(pl_prove_landmark(t, l.r, t->init, "(on a zz)", &limits, &p, &why), -2);
    assert_non_null(why);
    free(why);
    pl_proof_clear(&p);
    unload(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_never_applicable),
        cmocka_unit_test(test_mutex_with_invariant),
        cmocka_unit_test(test_dead_end_methods),
        cmocka_unit_test(test_landmarks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
