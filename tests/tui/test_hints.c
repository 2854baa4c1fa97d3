/* The hint bar: whole hints only, the way out and the help always, the
 * sideways keys when columns are out of view. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "app.h"
#include "keymap.h"

#define DEFAULT_KEYMAP PLANLENS_SOURCE_DIR "/keymaps/default.keymap"

static tui_keymap load_default(void)
{
    tui_keymap km = {0};
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(tui_keymap_load(&km, DEFAULT_KEYMAP, &err), PL_OK);
    return km;
}

static void test_wide_terminal_shows_every_hint(void **state)
{
    (void)state;
    tui_keymap km = load_default();
    char buf[512];
    tui_hints(&km, VIEW_DASHBOARD, true, SIDEWAYS_NONE, 200, buf, sizeof buf);
    assert_non_null(strstr(buf, "q quit"));
    assert_non_null(strstr(buf, "f filter"));
    assert_non_null(strstr(buf, ": command"));
    tui_hints(&km, VIEW_LIST, false, SIDEWAYS_NONE, 200, buf, sizeof buf);
    assert_non_null(strstr(buf, "q back"));
    tui_keymap_free(&km);
}

/* At 80 columns the dashboard's hints used to be cut at "f fil". */
static void test_narrow_terminal_drops_whole_hints(void **state)
{
    (void)state;
    tui_keymap km = load_default();
    char buf[512];
    for (int width = 20; width <= 100; width++) {
        tui_hints(&km, VIEW_DASHBOARD, true, SIDEWAYS_NONE, width, buf, sizeof buf);
        assert_true((int)strlen(buf) <= width);
        assert_non_null(strstr(buf, "q quit"));
        assert_non_null(strstr(buf, "? help"));
        size_t n = strlen(buf);
        const char *labels[] = {"quit",      "help",          "questions", "why",    "histogram", "compare",
                                "frequency", "disagreements", "filter",    "search", "command"};
        bool whole = false; /* the bar ends with a whole label */
        for (size_t i = 0; i < sizeof labels / sizeof *labels; i++)
            whole |= n >= strlen(labels[i]) && !strcmp(buf + n - strlen(labels[i]), labels[i]);
        assert_true(whole);
    }
    tui_keymap_free(&km);
}

/* Lines wider than the terminal: the sideways keys right after the way out
 * and the help.  A table only cut to fit: after the screen's own keys, when
 * they leave room (at 80 columns the dashboard's own keys come first). */
static void test_sideways_keys_by_what_they_reach(void **state)
{
    (void)state;
    tui_keymap km = load_default();
    char buf[512];
    tui_hints(&km, VIEW_LIST, false, SIDEWAYS_SCROLLS, 50, buf, sizeof buf);
    assert_non_null(strstr(buf, "help  Left/Right columns"));
    tui_hints(&km, VIEW_LIST, false, SIDEWAYS_NONE, 200, buf, sizeof buf);
    assert_null(strstr(buf, "columns"));
    tui_hints(&km, VIEW_DASHBOARD, true, SIDEWAYS_WHOLE, 200, buf, sizeof buf);
    const char *own = strstr(buf, "w why"), *side = strstr(buf, "Left/Right columns");
    assert_true(own && side && own < side);
    tui_hints(&km, VIEW_DASHBOARD, true, SIDEWAYS_WHOLE, 80, buf, sizeof buf);
    assert_non_null(strstr(buf, "w why"));
    tui_keymap_free(&km);
}

/* Teach mode has the hint bar of every other screen, with its own keys. */
static void test_teach_hints(void **state)
{
    (void)state;
    tui_keymap km = load_default();
    char buf[512];
    tui_hints(&km, VIEW_TEACH, false, SIDEWAYS_NONE, 80, buf, sizeof buf);
    assert_non_null(strstr(buf, "q leave"));
    assert_non_null(strstr(buf, "Enter apply"));
    assert_non_null(strstr(buf, "u undo"));
    assert_non_null(strstr(buf, ": action"));
    tui_keymap_free(&km);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_wide_terminal_shows_every_hint),
                                       cmocka_unit_test(test_narrow_terminal_drops_whole_hints),
                                       cmocka_unit_test(test_sideways_keys_by_what_they_reach),
                                       cmocka_unit_test(test_teach_hints)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
