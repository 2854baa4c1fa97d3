/* Tab at the filter prompt completes the failure clauses (issue 41): the
 * fields kind, key and step; after kind= every kind the engine names; after
 * key= the failure keys of the answers graded, quoted when they hold a
 * blank. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "complete.h"
#include "test_support.h"

#define FIXTURE PLANLENS_SOURCE_DIR "/tests/data/failure-views"

static bool has(char **m, const char *word)
{
    for (char **p = m; p && *p; p++)
        if (!strcmp(*p, word))
            return true;
    return false;
}

static int count(char **m)
{
    int n = 0;
    for (char **p = m; p && *p; p++)
        n++;
    return n;
}

/* The candidates for the word at the end of `line`, which starts at `start`. */
static char **complete_end(const pl_workspace *ws, const char *line, int start, bool *whole)
{
    return tui_complete(ws, TUI_HISTORY_FILTER, line, start, (int)strlen(line), whole);
}

static void test_fields_and_kinds(void **state)
{
    (void)state;
    bool whole;
    char **m = complete_end(NULL, "task=app k", 9, &whole);
    assert_true(has(m, "kind") && has(m, "key"));
    assert_false(whole); /* a field: its operator follows */
    tui_complete_free(m);
    m = complete_end(NULL, "st", 0, &whole);
    assert_true(has(m, "step") && has(m, "stored"));
    tui_complete_free(m);
    /* kind=: every kind, from the engine's list (no workspace needed) */
    m = complete_end(NULL, "kind=", 5, &whole);
    assert_int_equal(count(m), PL_FAIL_NKINDS);
    for (int k = 0; k < PL_FAIL_NKINDS; k++)
        assert_true(has(m, pl_failure_kind_name((pl_failure_kind)k)));
    assert_true(whole);
    tui_complete_free(m);
    m = complete_end(NULL, "kind!=not-a", 6, &whole);
    assert_true(has(m, "not-applicable") && has(m, "not-an-effect") && has(m, "not-a-landmark"));
    assert_false(has(m, "not-optimal"));
    tui_complete_free(m);
}

static void test_keys_from_the_data(void **state)
{
    (void)state;
    const char *paths[] = {FIXTURE "/questions.json", FIXTURE "/run.jsonl"};
    pl_workspace *ws = pl_test_open_graded(paths, 2);
    assert_non_null(ws);
    bool whole;
    char **m = complete_end(ws, "kind=unknown-name key=", 22, &whole);
    assert_true(has(m, "fly") && has(m, "move") && has(m, "no"));
    assert_int_equal(count(m), 3); /* distinct keys of the wrong answers */
    tui_complete_free(m);
    m = complete_end(ws, "key=f", 4, &whole);
    assert_int_equal(count(m), 1);
    assert_string_equal(m[0], "fly");
    tui_complete_free(m);
    pl_workspace_close(ws);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fields_and_kinds),
        cmocka_unit_test(test_keys_from_the_data),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
