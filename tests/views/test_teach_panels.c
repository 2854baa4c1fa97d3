/* Teach mode's new screens as view models, without a terminal (issue 39
 * §1, §2, §5): the start of a walk from a plan prefix or a state file and
 * the banner saying it (costs, plan cost beside the step count), the
 * heuristic panel (values first, then why), the relaxed planning graph
 * screen, and lists wrapped between atoms, never inside one.
 *
 * The line task of test_heuristic_explain (counted by hand there): places
 * a b c d, roads a-b (1), b-c (1), a-c (3), c-d (2), goal (visited b)
 * (at d); from (at a): h_max 4, h_add 5, h_FF 4, LM-cut 4, h* 4 (a b c d).
 * Unit costs: h_max 2 = the goal level; from (at d) nothing moves, the
 * rest is never reached. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "teach_view.h"
#include "test_support.h"

static const char line_domain[] =
    "(define (domain line)\n"
    " (:requirements :strips :typing :action-costs)\n"
    " (:types place)\n"
    " (:predicates (at ?p - place) (road ?a ?b - place) (visited ?p - place))\n"
    " (:functions (total-cost) - number (len ?a ?b - place) - number)\n"
    " (:action move :parameters (?a ?b - place)\n"
    "  :precondition (and (at ?a) (road ?a ?b))\n"
    "  :effect (and (not (at ?a)) (at ?b) (visited ?b) (increase (total-cost) (len ?a ?b)))))\n";
static const char line_problem[] =
    "(define (problem three) (:domain line)\n"
    " (:objects a b c d - place)\n"
    " (:init (at a) (road a b) (road b c) (road a c) (road c d)\n"
    "  (= (len a b) 1) (= (len b c) 1) (= (len a c) 3) (= (len c d) 2) (= (total-cost) 0))\n"
    " (:goal (and (visited b) (at d)))\n"
    " (:metric minimize (total-cost)))\n";
static const char unit_domain[] =
    "(define (domain line)\n"
    " (:requirements :strips :typing)\n"
    " (:types place)\n"
    " (:predicates (at ?p - place) (road ?a ?b - place) (visited ?p - place))\n"
    " (:action move :parameters (?a ?b - place)\n"
    "  :precondition (and (at ?a) (road ?a ?b))\n"
    "  :effect (and (not (at ?a)) (at ?b) (visited ?b))))\n";
static const char unit_problem[] = "(define (problem three) (:domain line)\n"
                                   " (:objects a b c d - place)\n"
                                   " (:init (at a) (road a b) (road b c) (road a c) (road c d))\n"
                                   " (:goal (and (visited b) (at d))))\n";

static const pl_limits limits = {0, 10, 0};

/* The line holding `text` (-1: none). */
static int line_with(const pl_view_model *vm, const char *text)
{
    for (int i = 0; i < vm->nlines; i++) {
        char *line = pl_vm_line_text(&vm->lines[i]);
        bool found = line && strstr(line, text);
        free(line);
        if (found)
            return i;
    }
    return -1;
}

static void has(const pl_view_model *vm, const char *text)
{
    if (line_with(vm, text) < 0) {
        for (int i = 0; i < vm->nlines; i++) {
            char *line = pl_vm_line_text(&vm->lines[i]);
            printf("| %s\n", line);
            free(line);
        }
        fail_msg("no line with '%s'", text);
    }
}

static char *write_file(const char *text)
{
    char *path = strdup("/tmp/test_teach_panels_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    return path;
}

/* --plan FILE --step 2: the first two actions applied (undo goes back to
 * the initial state); the banner says the step, the plan cost and the
 * costs, the start line where the walk started. */
static void test_start_from_plan(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_test_load_texts(line_domain, line_problem, "line", &lt);
    char *plan = write_file("(move a b)\n(move b c)\n(move c d)\n");
    pl_start_spec spec = {plan, 2, NULL};
    pl_start_state st;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_start_state_read(lt.task, &spec, &st, &err), PL_OK);
    pl_teach *s = pl_teach_new(lt.task, 0);
    assert_int_equal(pl_teach_begin(s, &spec, &st), 0);
    char *from = pl_teach_start_text(&spec, &st);
    pl_view_model vm;
    pl_view_teach(s, &(pl_teach_view_opts){.ascii = true, .width = 200, .start = from}, &vm);
    has(&vm, "line | three  step 2 | cost 2 | action costs 1 to 3");
    char *want = pl_strdup_printf("start: after 2 of the 3 actions of %s (steps 0-1; step 0 is the first action), cost 2",
                                  plan);
    assert_int_equal(line_with(&vm, want), 1);
    has(&vm, "(move c d)"); /* the only applicable action */
    assert_string_equal(vm.status, "step 2 (cost 2) | 1 applicable | hints off (h)");
    pl_vm_free(&vm);
    assert_true(pl_teach_undo(s));
    assert_true(pl_teach_undo(s));
    assert_false(pl_teach_undo(s)); /* back at the initial state */
    const int *steps;
    assert_int_equal(pl_teach_steps(s, &steps), 0);
    free(want);
    free(from);
    pl_teach_free(s);
    pl_start_state_clear(&st);
    unlink(plan);
    free(plan);
    pl_loaded_task_free(&lt);
}

/* --state FILE: the session starts at its atoms; without a start the
 * banner has no start line and says unit costs. */
static void test_start_from_state_file(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_test_load_texts(unit_domain, unit_problem, "unit", &lt);
    char *path = write_file("; at c\n(at c) (visited b)\n");
    pl_start_spec spec = {NULL, -1, path};
    pl_start_state st;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_start_state_read(lt.task, &spec, &st, &err), PL_OK);
    pl_teach *s = pl_teach_new(lt.task, 0);
    assert_int_equal(pl_teach_begin(s, &spec, &st), 0);
    char *from = pl_teach_start_text(&spec, &st);
    pl_view_model vm;
    pl_view_teach(s, &(pl_teach_view_opts){.ascii = true, .width = 200, .start = from}, &vm);
    char *want = pl_strdup_printf("start: read from %s", path);
    has(&vm, want);
    has(&vm, "step 0 | cost 0 | unit costs");
    has(&vm, "Goal 1/2 conditions hold");
    pl_vm_free(&vm);
    pl_teach *fresh = pl_teach_new(lt.task, 0);
    pl_view_teach(fresh, &(pl_teach_view_opts){.ascii = true, .width = 200}, &vm);
    assert_int_equal(line_with(&vm, "start:"), -1);
    pl_vm_free(&vm);
    pl_teach_free(fresh);
    free(want);
    free(from);
    pl_teach_free(s);
    pl_start_state_clear(&st);
    unlink(path);
    free(path);
    pl_loaded_task_free(&lt);
}

/* The panel at 80 columns: the values on its first lines (seen at 80x24
 * with the start of the why), then each why as counted by hand. */
static void test_heuristic_panel(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_test_load_texts(line_domain, line_problem, "line", &lt);
    pl_relaxed *r = pl_relaxed_new(lt.task);
    pl_heuristic_explanation x;
    assert_int_equal(pl_heuristic_explain(lt.task, r, lt.task->init, &limits, &x), 0);
    pl_view_model vm;
    pl_view_teach_heuristics(&x, NULL, true, 80, &vm);
    int values = line_with(&vm, "blind 1   h_max 4   h_add 5   h_FF 4   LM-cut 4");
    assert_true(values >= 0 && values < 4);
    int hstar = line_with(&vm, "h* 4");
    assert_true(hstar >= 0 && hstar < 5);
    has(&vm, "state: the initial state | costs: action costs, 1 to 3");
    assert_true(line_with(&vm, "h_max = 4") < 21); /* the why starts on the first screen */
    /* wrapped between its steps at 80 columns */
    int path = line_with(&vm, "critical path, from the goal down: (at d) 4 <- (move c d)");
    assert_int_equal(line_with(&vm, "    (at c) 2 <- (move b c) <- (at b) 1 <- (move a b) <- (at a) 0 (in the state)"),
                     path + 1);
    has(&vm, "h_add = 5");
    has(&vm, "(at d) = 4 = (move c d) 2 + (at c) 2");
    has(&vm, "h_FF = 4");
    has(&vm, "layer 3:");
    has(&vm, "(move c d) (cost 2) achieves (at d)");
    has(&vm, "LM-cut = 4");
    has(&vm, "cut 1: cost 2 from (move c d)");
    has(&vm, "cut 3: cost 1 from (move a b)");
    has(&vm, "h* = 4");
    has(&vm, "step 0: (move a b)");
    has(&vm, "step 2: (move c d)");
    assert_true(line_with(&vm, "h_max = 4") < line_with(&vm, "h_add = 5"));
    assert_true(line_with(&vm, "LM-cut = 4") < line_with(&vm, "h* = 4"));
    pl_vm_free(&vm);
    pl_heuristic_explanation_clear(&x);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

/* A dead end: from (at d) nothing moves; the relaxation proves it and the
 * panel names the goal condition that can never hold. */
static void test_heuristic_panel_dead_end(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_test_load_texts(unit_domain, unit_problem, "unit", &lt);
    uint64_t *at_d = pl_state_clone(lt.task, lt.task->init);
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_start_state_parse(lt.task, "(at d)", "d.state", at_d, &err), PL_OK);
    pl_relaxed *r = pl_relaxed_new(lt.task);
    pl_heuristic_explanation x;
    assert_int_equal(pl_heuristic_explain(lt.task, r, at_d, &limits, &x), 0);
    pl_view_model vm;
    pl_view_teach_heuristics(&x, "read from d.state", false, 80, &vm);
    has(&vm, "state: read from d.state");
    has(&vm, "h_max inf");
    has(&vm, "h* inf: a dead end");
    has(&vm, "h* = inf");
    has(&vm, "proven by the relaxation (h_max = inf)");
    has(&vm, "✗ (visited b)");
    has(&vm, "never reached");
    pl_vm_free(&vm);
    pl_heuristic_explanation_clear(&x);
    pl_relaxed_free(r);
    free(at_d);
    pl_loaded_task_free(&lt);
}

/* The graph of the unit line task: layers by first level, goal level =
 * h_max = 2, the relaxed plan marked, (visited a) never reached. */
static void test_rpg_screen(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_test_load_texts(unit_domain, unit_problem, "unit", &lt);
    pl_relaxed *r = pl_relaxed_new(lt.task);
    pl_rpg g;
    assert_int_equal(pl_rpg_build(lt.task, r, lt.task->init, &g), 0);
    pl_view_model vm;
    pl_view_teach_rpg(lt.task, &g, NULL, true, 200, &vm);
    has(&vm, "goal level 2 (the first fact layer holding every goal atom) | h_FF 3");
    has(&vm, "goal atoms (first level): (visited b) 1, (at d) 2");
    has(&vm, "fact layer 0 (the state): (at a)");
    has(&vm, "action layer 0: *(move a b) *(move a c)");
    has(&vm, "fact layer 1: (at b) (visited b) (at c) (visited c)");
    has(&vm, "action layer 1: (move b c) *(move c d)");
    has(&vm, "fact layer 2: (at d) (visited d)");
    has(&vm, "(adds nothing new: the fixpoint)");
    has(&vm, "never reached: (none)");
    has(&vm, "relaxed plan (h_FF = 3): (move a b) (move a c) (move c d)");
    int marked = line_with(&vm, "action layer 0:");
    const pl_line *l = &vm.lines[marked];
    bool green = false;
    for (int k = 0; k < l->nspans; k++)
        green |= !strcmp(l->spans[k].text, "*(move a b)") && l->spans[k].role == ROLE_CORRECT;
    assert_true(green);
    pl_vm_free(&vm);
    pl_rpg_clear(&g);
    /* from (at d) nothing moves: the goal level is never, the rest never reached */
    uint64_t *at_d = pl_state_clone(lt.task, lt.task->init);
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_start_state_parse(lt.task, "(at d)", "d.state", at_d, &err), PL_OK);
    assert_int_equal(pl_rpg_build(lt.task, r, at_d, &g), 0);
    pl_view_teach_rpg(lt.task, &g, "read from d.state", true, 200, &vm);
    has(&vm, "goal level: never (some goal atom is never reached: a dead end)");
    has(&vm, "goal atoms (first level): (visited b) never");
    has(&vm, "never reached: (at a) (at b) (visited b) (at c) (visited c)");
    int never = line_with(&vm, "never reached:");
    assert_int_equal(vm.lines[never].spans[vm.lines[never].nspans - 1].role, ROLE_WRONG);
    assert_int_equal(line_with(&vm, "relaxed plan (h_FF"), -1);
    pl_vm_free(&vm);
    pl_rpg_clear(&g);
    free(at_d);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

/* Lists wrap between atoms: at 24 columns no line is wider, and every
 * atom of the graph is whole on one line. */
static void test_wrap_at_atoms(void **state)
{
    (void)state;
    pl_loaded_task lt;
    pl_test_load_texts(unit_domain, unit_problem, "unit", &lt);
    pl_relaxed *r = pl_relaxed_new(lt.task);
    pl_rpg g;
    assert_int_equal(pl_rpg_build(lt.task, r, lt.task->init, &g), 0);
    pl_view_model vm;
    pl_view_teach_rpg(lt.task, &g, NULL, true, 24, &vm);
    int first = line_with(&vm, "fact layer 1:");
    for (int i = first; i < vm.nlines; i++) {
        char *line = pl_vm_line_text(&vm.lines[i]);
        if (!strstr(line, "fixpoint") && !strstr(line, "relaxed plan (h_FF"))
            assert_in_range(pl_text_columns(line), 0, 24);
        free(line);
    }
    const char *atoms[] = {"(at b)", "(at c)", "(visited b)", "(visited c)", "(at d)", "(visited d)", "(move b c)"};
    for (size_t i = 0; i < sizeof atoms / sizeof *atoms; i++)
        has(&vm, atoms[i]);
    pl_vm_free(&vm);
    /* the item helper on its own: a separator only between items on a line */
    pl_vm_init(&vm);
    pl_vm_line(&vm, -1);
    int used = 0;
    const char *items[] = {"(on a b)", "(on b c)", "(on c d)", "(clear a)"};
    for (int i = 0; i < 4; i++)
        pl_teach_item(&vm, ROLE_TEXT, i ? " | " : "", items[i], 22, 2, &used);
    assert_int_equal(vm.nlines, 2);
    char *one = pl_vm_line_text(&vm.lines[0]), *two = pl_vm_line_text(&vm.lines[1]);
    assert_string_equal(one, "(on a b) | (on b c)");
    assert_string_equal(two, "  (on c d) | (clear a)");
    free(one);
    free(two);
    pl_vm_free(&vm);
    pl_rpg_clear(&g);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_start_from_plan),  cmocka_unit_test(test_start_from_state_file),
        cmocka_unit_test(test_heuristic_panel),  cmocka_unit_test(test_heuristic_panel_dead_end),
        cmocka_unit_test(test_rpg_screen),       cmocka_unit_test(test_wrap_at_atoms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
