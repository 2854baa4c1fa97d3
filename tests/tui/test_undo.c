/* Undo and redo of navigation, filters, sorts and scopes, and the jump back
 * after a search: the explorer's stack of screens without a terminal. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "app.h"

static void open_app(tui_app *app)
{
    memset(app, 0, sizeof *app);
    app->rows = 24;
    app->cols = 80;
    assert_non_null(tui_push(app, VIEW_DASHBOARD));
}

static const char *filter_of(tui_app *app)
{
    return tui_top(app)->filter_text;
}

/* Open a list, filter it, sort it, go back: each undone in turn, then redone. */
static void test_undo_and_redo_walk_back_every_step(void **state)
{
    (void)state;
    tui_app app;
    open_app(&app);
    assert_non_null(tui_push_narrowed(&app, VIEW_LIST, tui_top(&app), "task=\"app\"", "run / app"));
    tui_apply_filter(&app, "model~careful");
    tui_act(&app, ACT_SORT);
    tui_act(&app, ACT_REVERSE);
    pl_sort_key sorted = tui_top(&app)->sort;
    assert_int_not_equal(sorted, 0);
    tui_act(&app, ACT_BACK);
    assert_int_equal(app.depth, 1);

    tui_act(&app, ACT_UNDO); /* the list comes back as it was left */
    assert_int_equal(app.depth, 2);
    assert_string_equal(tui_top(&app)->scope_label, "run / app");
    assert_string_equal(filter_of(&app), "model~careful");
    assert_true(tui_top(&app)->descending);
    assert_non_null(strstr(app.message, "undone: leaving"));
    tui_act(&app, ACT_UNDO);
    assert_false(tui_top(&app)->descending);
    assert_int_equal(tui_top(&app)->sort, sorted);
    tui_act(&app, ACT_UNDO);
    assert_int_equal(tui_top(&app)->sort, 0);
    tui_act(&app, ACT_UNDO);
    assert_null(filter_of(&app));
    assert_null(tui_top(&app)->filter);
    tui_act(&app, ACT_UNDO);
    assert_int_equal(app.depth, 1);
    tui_act(&app, ACT_UNDO);
    assert_string_equal(app.message, "nothing to undo");

    tui_act(&app, ACT_REDO); /* the list, its filter, its sort */
    assert_int_equal(app.depth, 2);
    assert_string_equal(tui_top(&app)->scope_label, "run / app");
    tui_act(&app, ACT_REDO);
    assert_string_equal(filter_of(&app), "model~careful");
    assert_non_null(tui_top(&app)->filter);
    tui_act(&app, ACT_REDO);
    assert_int_equal(tui_top(&app)->sort, sorted);

    tui_act(&app, ACT_REVERSE); /* a new step forgets what was undone */
    tui_act(&app, ACT_REDO);
    assert_string_equal(app.message, "nothing to redo");
    tui_close_all(&app);
}

/* The help is no step: undo closes it and undoes what was before. */
static void test_help_is_not_a_step(void **state)
{
    (void)state;
    tui_app app;
    open_app(&app);
    tui_apply_filter(&app, "score=0");
    tui_act(&app, ACT_HELP);
    assert_int_equal(tui_top(&app)->kind, VIEW_HELP);
    tui_act(&app, ACT_UNDO);
    assert_int_equal(app.depth, 1);
    assert_null(filter_of(&app));
    tui_act(&app, ACT_REDO);
    assert_string_equal(filter_of(&app), "score=0");
    tui_close_all(&app);
}

/* A history longer than it keeps drops its oldest steps, never a screen on the stack. */
static void test_history_is_bounded(void **state)
{
    (void)state;
    tui_app app;
    open_app(&app);
    for (int i = 0; i < 300; i++) {
        char f[32];
        snprintf(f, sizeof f, "score=%d", i % 2);
        tui_apply_filter(&app, f);
        assert_non_null(tui_push(&app, VIEW_LIST));
        tui_act(&app, ACT_BACK);
    }
    int undone = 0;
    for (; undone < 1000; undone++) {
        tui_act(&app, ACT_UNDO);
        if (!strcmp(app.message, "nothing to undo"))
            break;
    }
    assert_int_equal(undone, 100); /* the newest hundred steps */
    assert_true(app.depth <= 2);
    tui_close_all(&app);
}

/* ` goes back to where the cursor was before a search jump, and again forth. */
static void test_jump_back_after_a_search(void **state)
{
    (void)state;
    tui_app app;
    open_app(&app);
    tui_screen *s = tui_top(&app);
    pl_vm_init(&s->vm);
    for (int i = 0; i < 200; i++) {
        pl_vm_line(&s->vm, i);
        pl_vm_span(&s->vm, ROLE_TEXT, "line %d", i);
    }
    s->stale = false;
    s->kind = VIEW_WARNINGS; /* a plain screen (the dashboard would rebuild) */
    tui_act(&app, ACT_DOWN);
    tui_act(&app, ACT_DOWN);
    assert_int_equal(s->cursor, 2);
    tui_act(&app, ACT_JUMP_BACK);
    assert_non_null(strstr(app.message, "no jump"));

    app.search = pl_strdup("line 150");
    tui_search(&app, 1);
    assert_int_equal(s->cursor, 150);
    tui_act(&app, ACT_JUMP_BACK);
    assert_int_equal(s->cursor, 2);
    assert_int_equal(s->top, 0);
    tui_act(&app, ACT_JUMP_BACK);
    assert_int_equal(s->cursor, 150);
    tui_act(&app, ACT_FIRST); /* g jumps too */
    tui_act(&app, ACT_JUMP_BACK);
    assert_int_equal(s->cursor, 150);
    free(app.search);
    tui_close_all(&app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_undo_and_redo_walk_back_every_step),
        cmocka_unit_test(test_help_is_not_a_step),
        cmocka_unit_test(test_history_is_bounded),
        cmocka_unit_test(test_jump_back_after_a_search),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
