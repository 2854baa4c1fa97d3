/* Keymap files: the shipped default, user overrides, and errors at
 * file:line:col. */
#define _POSIX_C_SOURCE 200809L
#include <curses.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "keymap.h"
#include "terminal.h"

#define DEFAULT_KEYMAP PLANLENS_SOURCE_DIR "/keymaps/default.keymap"

static char *write_temp(const char *text)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/planlens-keymap-XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    return path;
}

static void test_default_and_override(void **state)
{
    (void)state;
    tui_keymap km = {0};
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(tui_keymap_load(&km, DEFAULT_KEYMAP, &err), PL_OK);
    assert_int_equal(tui_keymap_lookup(&km, VIEW_LIST, 'j'), ACT_DOWN);
    assert_int_equal(tui_keymap_lookup(&km, VIEW_LIST, KEY_NPAGE), ACT_PAGE_DOWN);
    assert_int_equal(tui_keymap_lookup(&km, VIEW_DASHBOARD, 'h'), ACT_HISTOGRAM);
    assert_int_equal(tui_keymap_lookup(&km, VIEW_DETAIL, 'h'), ACT_NONE);
    assert_int_equal(tui_keymap_lookup(&km, VIEW_HISTOGRAM, KEY_F(1)), ACT_HELP);
    assert_int_equal(tui_keymap_lookup(&km, VIEW_LIST, 6), ACT_PAGE_DOWN); /* ^F */
    char *user = write_temp("# mine\nbind generic j up\nbind list x quit\nbind generic Q none\n");
    assert_int_equal(tui_keymap_load(&km, user, &err), PL_OK);
    assert_int_equal(tui_keymap_lookup(&km, VIEW_LIST, 'j'), ACT_UP);
    assert_int_equal(tui_keymap_lookup(&km, VIEW_LIST, 'x'), ACT_QUIT);
    assert_int_equal(tui_keymap_lookup(&km, VIEW_DETAIL, 'x'), ACT_NONE);
    assert_int_equal(tui_keymap_lookup(&km, VIEW_LIST, 'Q'), ACT_NONE);
    remove(user);
    char buf[16];
    assert_string_equal(tui_key_name('\n', buf), "Enter");
    assert_string_equal(tui_key_name(6, buf), "^F");
    tui_keymap_free(&km);
}

/* Teach mode reads its keys from the keymap like every other screen, and
 * its help lists the keys an action has there (generic ones the view does
 * not shadow). */
static void test_teach_keys(void **state)
{
    (void)state;
    tui_keymap km = {0};
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(tui_keymap_load(&km, DEFAULT_KEYMAP, &err), PL_OK);
    assert_int_equal(tui_keymap_lookup(&km, VIEW_TEACH, 'u'), ACT_UNDO);
    assert_int_equal(tui_keymap_lookup(&km, VIEW_TEACH, 'h'), ACT_TOGGLE_HINTS);
    assert_int_equal(tui_keymap_lookup(&km, VIEW_TEACH, 's'), ACT_SAVE);
    assert_int_equal(tui_keymap_lookup(&km, VIEW_TEACH, '\n'), ACT_OPEN);
    assert_int_equal(tui_keymap_lookup(&km, VIEW_TEACH, ':'), ACT_PROMPT);
    char keys[64];
    assert_string_equal(tui_keymap_keys(&km, VIEW_TEACH, ACT_DOWN, keys, sizeof keys), "j Down");
    assert_string_equal(tui_keymap_keys(&km, VIEW_TEACH, ACT_BACK, keys, sizeof keys), "q <");
    /* Esc cancels (never quits): its own action */
    assert_string_equal(tui_keymap_keys(&km, VIEW_TEACH, ACT_CANCEL, keys, sizeof keys), "Esc");
    assert_int_equal(tui_keymap_lookup(&km, VIEW_DASHBOARD, 27), ACT_CANCEL);
    assert_string_equal(tui_keymap_keys(&km, VIEW_STATE, ACT_PREV_STEP, keys, sizeof keys), "[ h"); /* Left scrolls */
    assert_string_equal(tui_keymap_keys(&km, VIEW_TEACH, ACT_PREV_STEP, keys, sizeof keys), "["); /* the search replay */
    /* A key rebound in a view no longer does its generic action there. */
    char *user = write_temp("bind teach j undo\nbind teach u none\n");
    assert_int_equal(tui_keymap_load(&km, user, &err), PL_OK);
    remove(user);
    assert_string_equal(tui_keymap_keys(&km, VIEW_TEACH, ACT_UNDO, keys, sizeof keys), "j");
    assert_string_equal(tui_keymap_keys(&km, VIEW_TEACH, ACT_DOWN, keys, sizeof keys), "Down");
    assert_string_equal(tui_keymap_keys(&km, VIEW_LIST, ACT_DOWN, keys, sizeof keys), "j Down");
    /* A list that does not fit ends at the last whole key name. */
    char small[6];
    assert_string_equal(tui_keymap_keys(&km, VIEW_LIST, ACT_DOWN, small, sizeof small), "j");
    tui_keymap_free(&km);
}

static void expect_error(const char *text, const char *where, const char *what)
{
    tui_keymap km = {0};
    pl_error err = PL_ERROR_INIT;
    char *path = write_temp(text);
    assert_int_equal(tui_keymap_load(&km, path, &err), PL_ERR_SYNTAX);
    char *msg = pl_error_format(&err);
    assert_non_null(strstr(msg, where));
    assert_non_null(strstr(msg, what));
    assert_int_equal(km.count, 0); /* nothing of a bad file is kept */
    free(msg);
    pl_error_clear(&err);
    remove(path);
    tui_keymap_free(&km);
}

/* Alt-x is a key of its own ("M-x"): bound, it does its action; unbound,
 * nothing (it is not Esc followed by x). */
static void test_alt_keys(void **state)
{
    (void)state;
    tui_keymap km = {0};
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(tui_keymap_load(&km, DEFAULT_KEYMAP, &err), PL_OK);
    assert_int_equal(tui_keymap_lookup(&km, VIEW_DASHBOARD, TUI_KEY_ALT('j')), ACT_NONE);
    assert_int_equal(tui_keymap_lookup(&km, VIEW_DASHBOARD, TUI_KEY_UNKNOWN), ACT_NONE);
    char *user = write_temp("bind generic M-j page-down\n");
    assert_int_equal(tui_keymap_load(&km, user, &err), PL_OK);
    remove(user);
    assert_int_equal(tui_keymap_lookup(&km, VIEW_LIST, TUI_KEY_ALT('j')), ACT_PAGE_DOWN);
    assert_int_equal(tui_keymap_lookup(&km, VIEW_LIST, 'j'), ACT_DOWN);
    char buf[16];
    assert_string_equal(tui_key_name(TUI_KEY_ALT('j'), buf), "M-j");
    tui_keymap_free(&km);
}

static void test_errors(void **state)
{
    (void)state;
    expect_error("bind generic j down\nbind sidebar j down\n", ":2:6:", "expected a view");
    expect_error("\n  bind list PageDown down\n", ":2:13:", "expected a key name");
    expect_error("bind list j jump\n", ":1:13:", "expected an action");
    expect_error("map list j down\n", ":1:1:", "bind <view> <key> <action>");
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_default_and_override), cmocka_unit_test(test_teach_keys),
                                        cmocka_unit_test(test_alt_keys), cmocka_unit_test(test_errors)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
