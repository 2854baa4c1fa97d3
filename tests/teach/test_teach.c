/* Teach mode: apply and undo restore states, why-not lists exactly the
 * engine's false preconditions, hints are the optimal next actions (checked
 * against independent searches), following the first hint solves every
 * sample Blocksworld problem optimally with a plan that validates, and the
 * pictures match the state (towers parsed back) and honour --ascii. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/file.h"
#include "plans/plan.h"
#include "task/load.h"
#include "teach_view.h"
#include "test_support.h"

#define BW PLANLENS_SOURCE_DIR "/sample-runs/blocksworld"
#define DEPOT PLANLENS_SOURCE_DIR "/sample-runs/depot"

static void load(const char *domain, const char *problem, pl_loaded_task *lt)
{
    pl_error err = PL_ERROR_INIT;
    int rc = pl_load_task_files(domain, problem, lt, NULL, &err);
    if (rc != PL_OK)
        fail_msg("%s: %s", problem, err.message);
}

static bool same_state(const pl_task *t, const uint64_t *a, const uint64_t *b)
{
    return !memcmp(a, b, (size_t)t->words * sizeof *a);
}

static void test_apply_undo(void **state)
{
    (void)state;
    pl_loaded_task lt;
    load(BW "/domain.pddl", BW "/problem.pddl", &lt);
    const pl_task *t = lt.task;
    pl_teach *s = pl_teach_new(t, 0);
    assert_non_null(s);
    assert_false(pl_teach_undo(s));
    uint64_t *expect = pl_state_new(t);
    /* every applicable action: apply gives pl_task_apply's state, undo the one before */
    const int *acts;
    int n = pl_teach_applicable(s, &acts);
    int *copy = malloc((size_t)t->nactions * sizeof *copy);
    assert_int_equal(n, pl_task_applicable_actions(t, t->init, copy));
    memcpy(copy, acts, (size_t)n * sizeof *copy);
    for (int i = 0; i < n; i++) {
        assert_int_equal(pl_teach_apply(s, copy[i]), 0);
        pl_task_apply(t, copy[i], t->init, expect);
        assert_true(same_state(t, pl_teach_state(s), expect));
        assert_false(same_state(t, pl_teach_state(s), t->init));
        assert_true(pl_teach_undo(s));
        assert_true(same_state(t, pl_teach_state(s), t->init));
    }
    /* a walk of several steps undone step by step passes the same states back */
    uint64_t *seen[6];
    for (int k = 0; k < 6; k++) {
        seen[k] = pl_state_clone(t, pl_teach_state(s));
        n = pl_teach_applicable(s, &acts);
        assert_int_equal(pl_teach_apply(s, acts[k % 2 ? 0 : n - 1]), 0);
    }
    const int *steps;
    assert_int_equal(pl_teach_steps(s, &steps), 6);
    for (int k = 5; k >= 0; k--) {
        assert_true(pl_teach_undo(s));
        assert_true(same_state(t, pl_teach_state(s), seen[k]));
        free(seen[k]);
    }
    assert_int_equal(pl_teach_steps(s, &steps), 0);
    /* an inapplicable action changes nothing */
    pl_action_ref ref;
    assert_int_equal(pl_resolve_action(t, "(stack a b)", &ref), PL_REF_OK);
    assert_int_equal(pl_teach_apply(s, ref.action), 1);
    assert_true(same_state(t, pl_teach_state(s), t->init));
    pl_action_ref_clear(&ref);
    free(copy);
    free(expect);
    pl_teach_free(s);
    pl_loaded_task_free(&lt);
}

static void assert_same_strings(char **a, int na, char **b, int nb)
{
    assert_int_equal(na, nb);
    for (int i = 0; i < na; i++)
        assert_string_equal(a[i], b[i]);
}

static void test_why_not(void **state)
{
    (void)state;
    pl_loaded_task lt;
    load(BW "/domain.pddl", BW "/problem.pddl", &lt);
    const pl_task *t = lt.task;
    pl_teach *s = pl_teach_new(t, 0);
    assert_int_equal(pl_teach_apply(s, -1), 1);
    /* every ground action, typed as "name a b": the reason is exactly
     * pl_explain_unmet's false preconditions in the current state */
    for (int step = 0; step < 2; step++) {
        int inapplicable = 0;
        for (int a = 0; a < t->nactions; a++) {
            const char *name = t->actions[a].name;
            char *typed = pl_strndup(name + 1, strlen(name) - 2); /* "(a b)" -> "a b" */
            pl_teach_why w;
            assert_int_equal(pl_teach_why_not(s, typed, &w), 0);
            assert_int_equal(w.status, PL_REF_OK);
            assert_int_equal(w.action, a);
            assert_string_equal(w.text, name);
            bool app = pl_task_applicable(t, a, pl_teach_state(s));
            assert_int_equal(w.applicable, app);
            if (!app) {
                char **unmet;
                int n = pl_explain_unmet(t, t->actions[a].schema, t->actions[a].args, pl_teach_state(s), &unmet);
                assert_true(n > 0);
                assert_same_strings(w.unmet, w.nunmet, unmet, n);
                assert_non_null(strstr(w.reason, "not applicable"));
                pl_strings_free(unmet, n);
                inapplicable++;
            } else {
                assert_null(w.reason);
                assert_int_equal(w.nunmet, 0);
            }
            pl_teach_why_clear(&w);
            free(typed);
        }
        assert_true(inapplicable > 0);
        const int *acts;
        pl_teach_applicable(s, &acts);
        pl_teach_apply(s, acts[0]);
    }
    /* text that names no action says why */
    pl_teach_why w;
    assert_int_equal(pl_teach_why_not(s, "(fly a b)", &w), 0);
    assert_int_equal(w.status, PL_REF_UNKNOWN_ACTION);
    assert_false(w.applicable);
    assert_non_null(strstr(w.reason, "fly"));
    pl_teach_why_clear(&w);
    assert_int_equal(pl_teach_why_not(s, "stack(a, zz)", &w), 0);
    assert_int_equal(w.status, PL_REF_UNKNOWN_OBJECT);
    assert_non_null(strstr(w.reason, "zz"));
    pl_teach_why_clear(&w);
    pl_teach_free(s);
    pl_loaded_task_free(&lt);
}

/* The hints of the current state against searches of our own. */
static void check_hints(pl_teach *s, const pl_relaxed *r)
{
    const pl_task *t = pl_teach_task(s);
    const pl_teach_hints *h = pl_teach_hints_get(s);
    assert_non_null(h);
    long long here;
    assert_int_equal(pl_optimal_cost(t, r, pl_teach_state(s), NULL, &here, NULL), PL_YES);
    assert_int_equal(h->here.answer, PL_YES);
    assert_int_equal(h->here.cost, here);
    const int *acts;
    assert_int_equal(h->n, pl_teach_applicable(s, &acts));
    uint64_t *next = pl_state_new(t);
    int noptimal = 0;
    for (int i = 0; i < h->n; i++) {
        assert_int_equal(h->actions[i], acts[i]);
        pl_task_apply(t, acts[i], pl_teach_state(s), next);
        long long after;
        pl_answer a = pl_optimal_cost(t, r, next, NULL, &after, NULL);
        assert_int_equal(h->after[i].answer, a);
        if (a == PL_YES)
            assert_int_equal(h->after[i].cost, after);
        bool optimal = a == PL_YES && 1 + after == here;
        assert_int_equal(h->optimal[i], optimal);
        noptimal += optimal;
    }
    assert_int_equal(h->noptimal, noptimal);
    if (here > 0)
        assert_true(noptimal > 0);
    free(next);
}

static void test_hints_are_optimal(void **state)
{
    (void)state;
    pl_loaded_task lt;
    load(BW "/domain.pddl", BW "/problem.pddl", &lt);
    pl_relaxed *r = pl_relaxed_new(lt.task);
    pl_teach *s = pl_teach_new(lt.task, 0);
    check_hints(s, r);
    /* a detour: a non-optimal action, then hints from there */
    const pl_teach_hints *h = pl_teach_hints_get(s);
    int detour = -1;
    for (int i = 0; i < h->n && detour < 0; i++)
        if (!h->optimal[i])
            detour = h->actions[i];
    assert_true(detour >= 0);
    assert_int_equal(pl_teach_apply(s, detour), 0);
    check_hints(s, r);
    /* and along the optimal walk */
    while (!pl_teach_goal_reached(s)) {
        h = pl_teach_hints_get(s);
        for (int i = 0; i < h->n; i++)
            if (h->optimal[i]) {
                assert_int_equal(pl_teach_apply(s, h->actions[i]), 0);
                break;
            }
        check_hints(s, r);
    }
    /* the detour made the walk one pick-up/put-down longer than optimal */
    long long best;
    assert_int_equal(pl_teach_walk_optimal(s, &best), PL_NO);
    const int *steps;
    assert_true(pl_teach_steps(s, &steps) > best);
    pl_teach_free(s);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

static void test_hint_limit_is_unknown(void **state)
{
    (void)state;
    pl_loaded_task lt;
    load(BW "/domain.pddl", BW "/problem.pddl", &lt);
    pl_teach *s = pl_teach_new(lt.task, 0);
    pl_limits one = {1, 0, 0};
    pl_teach_set_limits(s, &one);
    const pl_teach_hints *h = pl_teach_hints_get(s);
    assert_int_equal(h->here.answer, PL_UNKNOWN);
    assert_int_equal(h->noptimal, 0);
    pl_view_model vm;
    pl_view_teach(s, &(pl_teach_view_opts){.ascii = true, .hints = true, .width = 100}, &vm);
    bool said = false;
    for (int i = 0; i < vm.nlines; i++) {
        char *text = pl_vm_line_text(&vm.lines[i]);
        said |= strstr(text, "Hint: unknown") != NULL;
        free(text);
    }
    assert_true(said);
    pl_vm_free(&vm);
    pl_teach_free(s);
    pl_loaded_task_free(&lt);
}

/* The walked plan, read back as a plan file, is valid. */
static void assert_plan_validates(const pl_task *t, const char *text)
{
    pl_plan_steps steps;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_plan_steps_parse(text, &steps, &err), PL_OK);
    pl_trace *tr = pl_trace_new(t, steps.steps, steps.count);
    assert_non_null(tr);
    assert_true(tr->valid);
    pl_trace_free(tr);
    pl_plan_steps_free(&steps);
}

static void follow_hints(const char *problem)
{
    pl_loaded_task lt;
    load(BW "/domain.pddl", problem, &lt);
    const pl_task *t = lt.task;
    pl_relaxed *r = pl_relaxed_new(t);
    long long optimal;
    assert_int_equal(pl_optimal_cost(t, r, t->init, NULL, &optimal, NULL), PL_YES);
    pl_teach *s = pl_teach_new(t, 0);
    for (int guard = 0; !pl_teach_goal_reached(s) && guard < 100; guard++) {
        const pl_teach_hints *h = pl_teach_hints_get(s);
        int first = -1;
        for (int i = 0; i < h->n && first < 0; i++)
            if (h->optimal[i])
                first = h->actions[i];
        assert_true(first >= 0);
        assert_int_equal(pl_teach_apply(s, first), 0);
    }
    const int *steps;
    assert_true(pl_teach_goal_reached(s));
    assert_int_equal(pl_teach_steps(s, &steps), optimal);
    long long best;
    assert_int_equal(pl_teach_walk_optimal(s, &best), PL_YES);
    assert_int_equal(best, optimal);
    char *text = pl_teach_plan_text(s);
    assert_plan_validates(t, text);
    /* saved to a file, it reads back the same */
    char path[] = "/tmp/planlens-teach-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_teach_save(s, path, &err), PL_OK);
    size_t len;
    char *saved = pl_read_file(path, &len, &err);
    assert_non_null(saved);
    assert_string_equal(saved, text);
    remove(path);
    free(saved);
    free(text);
    printf("%s: %lld steps, optimal\n", strrchr(problem, '/') + 1, optimal);
    pl_teach_free(s);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

static void test_follow_hints_every_sample_problem(void **state)
{
    (void)state;
    DIR *dir = opendir(BW "/problems");
    assert_non_null(dir);
    int n = 0;
    for (struct dirent *e; (e = readdir(dir));) {
        if (!strstr(e->d_name, ".pddl"))
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/problems/%s", BW, e->d_name);
        follow_hints(path);
        n++;
    }
    closedir(dir);
    follow_hints(BW "/problem.pddl");
    assert_true(n >= 8);
}

/* Parses a towers picture: "[name]" tokens by column; each column bottom-up
 * must be ontable, then on(x, below); the held block on "holding:". */
static void check_towers(const pl_task *t, const uint64_t *st)
{
    pl_view_model vm;
    pl_vm_init(&vm);
    pl_teach_picture(t, st, true, 60, &vm);
    int n = t->problem->nobjects, shown = 0;
    int *col = malloc((size_t)n * sizeof *col), *row = malloc((size_t)n * sizeof *row);
    char held[64] = "";
    for (int i = 0; i < n; i++)
        col[i] = row[i] = -1;
    int band = 0; /* towers wrap into bands of rows; a table line ends a band */
    for (int i = 0; i < vm.nlines; i++) {
        char *text = pl_vm_line_text(&vm.lines[i]);
        if (strstr(text, "---"))
            band++;
        if (!strncmp(text, "  holding:", 10))
            sscanf(text + 10, " %63s", held);
        for (char *open = strchr(text, '['); open; open = strchr(open + 1, '[')) {
            char name[64];
            assert_int_equal(sscanf(open + 1, "%63[^]]", name), 1);
            int obj = pl_problem_find_object(t->problem, name);
            assert_true(obj >= 0);
            col[obj] = band * 1000 + (int)(open - text);
            row[obj] = i;
            shown++;
        }
        free(text);
    }
    int on = pl_domain_find_pred(t->domain, "on"), ontable = pl_domain_find_pred(t->domain, "ontable");
    for (int b = 0; b < n; b++) {
        if (col[b] < 0)
            continue;
        int below = -1; /* the block right under b in its column */
        for (int x = 0; x < n; x++)
            if (col[x] == col[b] && row[x] == row[b] + 1)
                below = x;
        int args[2] = {b, below};
        if (below < 0)
            assert_true(pl_state_has(st, pl_task_atom_id(t, ontable, args)));
        else
            assert_true(pl_state_has(st, pl_task_atom_id(t, on, args)));
    }
    /* and every on/ontable atom of the state is drawn */
    int placed = 0;
    for (int a = 0; a < t->natoms; a++)
        if (pl_state_has(st, a) && (t->atoms[a].pred == on || t->atoms[a].pred == ontable))
            placed++;
    assert_int_equal(placed, shown);
    int holding = pl_domain_find_pred(t->domain, "holding");
    for (int a = 0; a < t->natoms; a++)
        if (t->atoms[a].pred == holding)
            assert_int_equal(pl_state_has(st, a), !strcmp(held, t->problem->objects[t->atoms[a].args[0]].name));
    pl_vm_free(&vm);
    free(col);
    free(row);
}

static void test_towers_match_state(void **state)
{
    (void)state;
    const char *problems[] = {BW "/problem.pddl", BW "/problems/bw-6-1.pddl", BW "/problems/bw-6-7.pddl"};
    for (size_t p = 0; p < sizeof problems / sizeof *problems; p++) {
        pl_loaded_task lt;
        load(BW "/domain.pddl", problems[p], &lt);
        assert_int_equal(pl_picture_kind_of(lt.task), PL_PICTURE_TOWERS);
        pl_teach *s = pl_teach_new(lt.task, 0);
        for (int k = 0; k < 12; k++) { /* a walk with held blocks on every other step */
            check_towers(lt.task, pl_teach_state(s));
            const int *acts;
            int n = pl_teach_applicable(s, &acts);
            pl_teach_apply(s, acts[(k * 7) % n]);
        }
        pl_teach_free(s);
        pl_loaded_task_free(&lt);
    }
}

static const char gripper_domain[] =
    "(define (domain gripper-strips) (:predicates (room ?r) (ball ?b) (gripper ?g) (at-robby ?r) (at ?b ?r)"
    " (free ?g) (carry ?o ?g))"
    " (:action move :parameters (?from ?to) :precondition (and (room ?from) (room ?to) (at-robby ?from))"
    "  :effect (and (at-robby ?to) (not (at-robby ?from))))"
    " (:action pick :parameters (?obj ?room ?gripper) :precondition (and (ball ?obj) (room ?room)"
    "  (gripper ?gripper) (at ?obj ?room) (at-robby ?room) (free ?gripper))"
    "  :effect (and (carry ?obj ?gripper) (not (at ?obj ?room)) (not (free ?gripper))))"
    " (:action drop :parameters (?obj ?room ?gripper) :precondition (and (ball ?obj) (room ?room)"
    "  (gripper ?gripper) (carry ?obj ?gripper) (at-robby ?room))"
    "  :effect (and (at ?obj ?room) (free ?gripper) (not (carry ?obj ?gripper)))))";
static const char gripper_problem[] =
    "(define (problem g2) (:domain gripper-strips) (:objects rooma roomb ball1 ball2 left right)"
    " (:init (room rooma) (room roomb) (ball ball1) (ball ball2) (gripper left) (gripper right)"
    "  (at-robby rooma) (free left) (free right) (at ball1 rooma) (at ball2 rooma))"
    " (:goal (and (at ball1 roomb) (at ball2 roomb))))";

static const char ferry_domain[] =
    "(define (domain ferry) (:requirements :typing) (:types car location)"
    " (:predicates (at-ferry ?l - location) (at ?c - car ?l - location) (empty-ferry) (on ?c - car))"
    " (:action sail :parameters (?from ?to - location) :precondition (at-ferry ?from)"
    "  :effect (and (at-ferry ?to) (not (at-ferry ?from))))"
    " (:action board :parameters (?car - car ?loc - location)"
    "  :precondition (and (at ?car ?loc) (at-ferry ?loc) (empty-ferry))"
    "  :effect (and (on ?car) (not (at ?car ?loc)) (not (empty-ferry))))"
    " (:action debark :parameters (?car - car ?loc - location) :precondition (and (on ?car) (at-ferry ?loc))"
    "  :effect (and (at ?car ?loc) (empty-ferry) (not (on ?car)))))";
static const char ferry_problem[] =
    "(define (problem f1) (:domain ferry) (:objects c1 c2 - car l0 l1 - location)"
    " (:init (at-ferry l0) (empty-ferry) (at c1 l0) (at c2 l1)) (:goal (and (at c1 l1))))";

static const char logistics_domain[] =
    "(define (domain logistics) (:requirements :typing) (:types truck package place)"
    " (:predicates (at ?x - (either truck package) ?p - place) (in ?p - package ?t - truck))"
    " (:action load :parameters (?p - package ?t - truck ?l - place)"
    "  :precondition (and (at ?p ?l) (at ?t ?l)) :effect (and (in ?p ?t) (not (at ?p ?l))))"
    " (:action unload :parameters (?p - package ?t - truck ?l - place)"
    "  :precondition (and (in ?p ?t) (at ?t ?l)) :effect (and (at ?p ?l) (not (in ?p ?t))))"
    " (:action drive :parameters (?t - truck ?a ?b - place) :precondition (at ?t ?a)"
    "  :effect (and (at ?t ?b) (not (at ?t ?a)))))";
static const char logistics_problem[] =
    "(define (problem l1) (:domain logistics) (:objects t1 - truck p1 p2 - package x y - place)"
    " (:init (at t1 x) (at p1 x) (at p2 y)) (:goal (and (at p1 y))))";

static const char lights_domain[] =
    "(define (domain lights) (:predicates (lit ?l) (near ?a ?b) (done))"
    " (:action toggle :parameters (?l) :precondition (not (lit ?l)) :effect (lit ?l))"
    " (:action finish :parameters (?l) :precondition (lit ?l) :effect (done)))";
static const char lights_problem[] =
    "(define (problem p) (:domain lights) (:objects l1 l2) (:init (near l1 l2)) (:goal (done)))";

/* The picture's text (lines joined with '\n'; free it). */
static char *picture_text(pl_teach *s, bool ascii)
{
    pl_view_model vm;
    pl_vm_init(&vm);
    pl_teach_picture(pl_teach_task(s), pl_teach_state(s), ascii, 80, &vm);
    size_t n = 1;
    char *all = calloc(1, 1);
    for (int i = 0; i < vm.nlines; i++) {
        char *text = pl_vm_line_text(&vm.lines[i]);
        n += strlen(text) + 1;
        all = realloc(all, n);
        strcat(strcat(all, text), "\n");
        free(text);
    }
    pl_vm_free(&vm);
    return all;
}

static void apply_text(pl_teach *s, const char *text)
{
    pl_teach_why w;
    assert_int_equal(pl_teach_why_not(s, text, &w), 0);
    assert_true(w.applicable);
    assert_int_equal(pl_teach_apply(s, w.action), 0);
    pl_teach_why_clear(&w);
}

static void assert_contains(const char *text, const char *part)
{
    if (!strstr(text, part))
        fail_msg("'%s' not in:\n%s", part, text);
}

static void test_places_pictures(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_test_load_texts(gripper_domain, gripper_problem, "gripper", &lt);
    assert_int_equal(pl_picture_kind_of(lt.task), PL_PICTURE_PLACES);
    pl_teach *s = pl_teach_new(lt.task, 0);
    char *pic = picture_text(s, true);
    assert_contains(pic, "  rooma: robby, ball1, ball2\n");
    assert_contains(pic, "  roomb: (nothing)\n");
    free(pic);
    apply_text(s, "pick ball1 rooma left");
    apply_text(s, "move rooma roomb");
    pic = picture_text(s, true);
    assert_contains(pic, "  rooma: ball2\n");
    assert_contains(pic, "  roomb: robby\n");
    assert_contains(pic, "  held: left[ball1]\n");
    free(pic);
    pl_teach_free(s);
    pl_loaded_task_free(&lt);

    pl_test_load_texts(ferry_domain, ferry_problem, "ferry", &lt);
    assert_int_equal(pl_picture_kind_of(lt.task), PL_PICTURE_PLACES);
    s = pl_teach_new(lt.task, 0);
    apply_text(s, "(board c1 l0)");
    pic = picture_text(s, false);
    assert_contains(pic, "  l0: ferry[c1]\n");
    assert_contains(pic, "  l1: c2\n");
    free(pic);
    pl_teach_free(s);
    pl_loaded_task_free(&lt);

    pl_test_load_texts(logistics_domain, logistics_problem, "logistics", &lt);
    s = pl_teach_new(lt.task, 0);
    apply_text(s, "load p1 t1 x");
    apply_text(s, "drive t1 x y");
    pic = picture_text(s, true);
    assert_contains(pic, "  x: (nothing)\n");
    assert_contains(pic, "  y: t1[p1], p2\n");
    free(pic);
    pl_teach_free(s);
    pl_loaded_task_free(&lt);

    /* no towers, no places: each object with what holds of it */
    pl_test_load_texts(lights_domain, lights_problem, "lights", &lt);
    assert_int_equal(pl_picture_kind_of(lt.task), PL_PICTURE_GENERIC);
    s = pl_teach_new(lt.task, 0);
    apply_text(s, "toggle l1");
    apply_text(s, "finish l1");
    pic = picture_text(s, true);
    assert_contains(pic, "  done\n");
    assert_contains(pic, "  l1: lit\n");
    assert_null(strstr(pic, "l2"));
    free(pic);
    pl_teach_free(s);
    pl_loaded_task_free(&lt);
}

static bool all_ascii(const pl_view_model *vm)
{
    const char *texts[] = {vm->title, vm->status};
    for (int k = 0; k < 2; k++)
        for (const char *c = texts[k]; c && *c; c++)
            if ((unsigned char)*c >= 0x80)
                return false;
    for (int i = 0; i < vm->nlines; i++)
        for (int k = 0; k < vm->lines[i].nspans; k++)
            for (const char *c = vm->lines[i].spans[k].text; *c; c++)
                if ((unsigned char)*c >= 0x80)
                    return false;
    return true;
}

/* --ascii: the whole screen (pictures, hints, banner) stays below 0x80; without
 * it the same screens do use UTF-8, so the flag is what keeps them plain. */
static void check_ascii(const pl_task *t, const char *label)
{
    pl_teach *s = pl_teach_new(t, 0);
    for (int step = 0; step < 40 && !pl_teach_goal_reached(s); step++) {
        const pl_teach_hints *h = pl_teach_hints_get(s);
        for (int i = 0; i < h->n; i++)
            if (h->optimal[i]) {
                pl_teach_apply(s, h->actions[i]);
                break;
            }
    }
    assert_true(pl_teach_goal_reached(s));
    pl_teach_why w;
    pl_teach_why_not(s, t->actions[0].name, &w);
    bool unicode = false;
    for (int ascii = 0; ascii < 2; ascii++) {
        pl_view_model vm;
        pl_view_teach(s, &(pl_teach_view_opts){.title = label, .ascii = ascii, .hints = true, .width = 60, .why = &w}, &vm);
        assert_false(vm.oom);
        if (ascii)
            assert_true(all_ascii(&vm));
        else
            unicode = !all_ascii(&vm);
        pl_vm_free(&vm);
    }
    assert_true(unicode);
    pl_teach_why_clear(&w);
    pl_teach_free(s);
}

static void test_ascii_views(void **state)
{
    (void)state;
    pl_loaded_task lt;
    load(BW "/domain.pddl", BW "/problem.pddl", &lt);
    check_ascii(lt.task, "blocksworld");
    pl_loaded_task_free(&lt);
    load(DEPOT "/domain.pddl", DEPOT "/problem.pddl", &lt);
    assert_int_equal(pl_picture_kind_of(lt.task), PL_PICTURE_PLACES);
    check_ascii(lt.task, "depot");
    pl_loaded_task_free(&lt);
    const char *domains[] = {gripper_domain, ferry_domain, logistics_domain, lights_domain};
    const char *problems[] = {gripper_problem, ferry_problem, logistics_problem, lights_problem};
    for (int i = 0; i < 4; i++) {
        pl_test_load_texts(domains[i], problems[i], "inline", &lt);
        check_ascii(lt.task, "inline");
        pl_loaded_task_free(&lt);
    }
}

/* The screen: actions selectable by ground id, the goal banner at the end,
 * naming the keys the keymap gives (here undo on x, save on w). */
/* After an action, the line under the title lists what it added (+) and
 * deleted (-): the difference of the two states, nothing more. */
static void test_change_line(void **state)
{
    (void)state;
    pl_loaded_task lt;
    load(BW "/domain.pddl", BW "/problem.pddl", &lt);
    const pl_task *t = lt.task;
    pl_teach *s = pl_teach_new(t, 0);
    uint64_t *before = pl_state_clone(t, pl_teach_state(s));
    const int *acts;
    assert_true(pl_teach_applicable(s, &acts) > 0);
    int action = acts[0];
    assert_int_equal(pl_teach_apply(s, action), 0);
    pl_teach_view_opts o = {.ascii = true, .width = 200, .before = before, .last_action = action};
    pl_view_model vm;
    pl_view_teach(s, &o, &vm);
    char *change = pl_vm_line_text(&vm.lines[1]);
    char *want = pl_strdup_printf("after %s:", t->actions[action].name);
    assert_memory_equal(change, want, strlen(want));
    int added = 0, deleted = 0;
    for (int a = 0; a < t->natoms; a++) {
        bool was = pl_state_has(before, a), is = pl_state_has(pl_teach_state(s), a);
        char *plus = pl_strdup_printf(" +%s", t->atoms[a].name), *minus = pl_strdup_printf(" -%s", t->atoms[a].name);
        assert_int_equal(strstr(change, plus) != NULL, is && !was);
        assert_int_equal(strstr(change, minus) != NULL, was && !is);
        added += is && !was;
        deleted += was && !is;
        free(plus);
        free(minus);
    }
    assert_true(added > 0 && deleted > 0);
    free(want);
    free(change);
    pl_vm_free(&vm);
    /* no `before`: no change line */
    o.before = NULL;
    pl_view_teach(s, &o, &vm);
    change = pl_vm_line_text(&vm.lines[1]);
    assert_null(strstr(change, "after "));
    free(change);
    pl_vm_free(&vm);
    free(before);
    pl_teach_free(s);
    pl_loaded_task_free(&lt);
}

static void test_view(void **state)
{
    (void)state;
    pl_loaded_task lt;
    load(BW "/domain.pddl", BW "/problem.pddl", &lt);
    pl_teach *s = pl_teach_new(lt.task, 0);
    pl_teach_view_opts o = {.hints = true, .width = 100, .undo_key = "x", .save_key = "w"};
    while (true) {
        pl_view_model vm;
        pl_view_teach(s, &o, &vm);
        const int *acts;
        int n = pl_teach_applicable(s, &acts), k = 0, optimal_marks = 0;
        bool banner = false, hint = false;
        for (int i = 0; i < vm.nlines; i++) {
            char *text = pl_vm_line_text(&vm.lines[i]);
            if (vm.lines[i].target >= 0) {
                assert_true(k < n);
                assert_int_equal(vm.lines[i].target, acts[k++]);
                optimal_marks += strstr(text, "optimal") != NULL;
            }
            if (strstr(text, "GOAL REACHED")) {
                banner = true;
                assert_non_null(strstr(text, "(w saves the plan, x undoes)"));
            }
            hint |= strstr(text, "Hint:") != NULL;
            free(text);
        }
        assert_int_equal(k, n);
        assert_true(hint);
        assert_int_equal(optimal_marks, pl_teach_hints_get(s)->noptimal);
        assert_int_equal(banner, pl_teach_goal_reached(s));
        pl_vm_free(&vm);
        if (pl_teach_goal_reached(s))
            break;
        const pl_teach_hints *h = pl_teach_hints_get(s);
        for (int i = 0; i < h->n; i++)
            if (h->optimal[i]) {
                pl_teach_apply(s, h->actions[i]);
                break;
            }
    }
    pl_teach_free(s);
    pl_loaded_task_free(&lt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_apply_undo),
        cmocka_unit_test(test_why_not),
        cmocka_unit_test(test_hints_are_optimal),
        cmocka_unit_test(test_hint_limit_is_unknown),
        cmocka_unit_test(test_follow_hints_every_sample_problem),
        cmocka_unit_test(test_towers_match_state),
        cmocka_unit_test(test_places_pictures),
        cmocka_unit_test(test_ascii_views),
        cmocka_unit_test(test_view), cmocka_unit_test(test_change_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
