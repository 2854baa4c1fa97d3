/* What y copies (and how: OSC 52), what v opens, and what Tab completes:
 * the logic of the explorer's habits, read without a terminal. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "complete.h"
#include "copy_text.h"
#include "test_support.h"

static void test_base64_of_rfc4648_vectors(void **state)
{
    (void)state;
    const char *in[] = {"", "f", "fo", "foo", "foob", "fooba", "foobar"};
    const char *out[] = {"", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9vYmE=", "Zm9vYmFy"};
    for (int i = 0; i < 7; i++) {
        char *b = tui_base64((const unsigned char *)in[i], strlen(in[i]));
        assert_string_equal(b, out[i]);
        free(b);
    }
}

static void test_osc52_plain_and_through_tmux(void **state)
{
    (void)state;
    char *plain = tui_osc52("(pick-up b)\n", false);
    assert_string_equal(plain, "\033]52;c;KHBpY2stdXAgYikK\a");
    char *tmux = tui_osc52("(pick-up b)\n", true);
    /* the plain one for tmux's own buffer (set-clipboard), then wrapped for passthrough */
    assert_string_equal(tmux, "\033]52;c;KHBpY2stdXAgYikK\a\033Ptmux;\033\033]52;c;KHBpY2stdXAgYikK\a\033\\");
    free(plain);
    free(tmux);
}

/* The first record whose task is `task`, or -1. */
static int first_of(const pl_workspace *ws, const char *task)
{
    for (int i = 0; i < pl_workspace_count(ws); i++)
        if (!strcmp(pl_workspace_record(ws, i)->task, task))
            return i;
    return -1;
}

static void test_record_parts(void **state)
{
    const pl_workspace *ws = *state;
    int app = first_of(ws, "app");
    assert_true(app >= 0);
    const pl_ws_record *r = pl_workspace_record(ws, app);
    char *id = tui_record_part(ws, app, TUI_PART_ID), *answer = tui_record_part(ws, app, TUI_PART_ANSWER);
    assert_string_equal(id, r->id);
    assert_string_equal(answer, r->resp->response);
    assert_null(tui_record_part(ws, app, TUI_PART_PLAN)); /* a list of actions is no plan */
    char *all = tui_record_part(ws, app, TUI_PART_ALL);
    assert_non_null(strstr(all, "## Question"));
    assert_non_null(strstr(all, r->resp->response));
    assert_non_null(strstr(all, "## Context"));
    free(id);
    free(answer);
    free(all);
    int plan = -1; /* a plan answer: one action a line, in the model's order */
    for (int i = 0; i < pl_workspace_count(ws) && plan < 0; i++) {
        const pl_ws_record *p = pl_workspace_record(ws, i);
        if ((p->pcase && p->pcase->nllm > 1) || (p->iou && p->is_distance && p->iou_v.list.ok && p->iou_v.list.count > 1))
            plan = i;
    }
    assert_true(plan >= 0);
    char *text = tui_record_part(ws, plan, TUI_PART_PLAN);
    const pl_ws_record *p = pl_workspace_record(ws, plan);
    const char *first = p->pcase ? p->pcase->llm[0] : p->iou_v.list.items[0];
    assert_memory_equal(text, first, strlen(first));
    assert_int_equal(text[strlen(first)], '\n');
    free(text);
    assert_null(tui_record_part(ws, -1, TUI_PART_ID));
}

/* The candidates Tab offers, as a space-separated string. */
static char *candidates(const pl_workspace *ws, tui_history_kind kind, const char *line, bool *whole)
{
    int end = (int)strlen(line), start = end;
    while (start > 0 && !strchr(" \"=<>~!()", line[start - 1]))
        start--;
    char **m = tui_complete(ws, kind, line, start, end, whole);
    char *out = calloc(1, 4096);
    for (char **p = m; p && *p; p++)
        strcat(strcat(out, *out ? " " : ""), *p);
    tui_complete_free(m);
    return out;
}

static void test_completion_candidates(void **state)
{
    const pl_workspace *ws = *state;
    static const struct {
        bool loaded;
        tui_history_kind kind;
        const char *line, *expected;
        bool whole; /* a whole word: a space may follow (not a field, which its operator follows) */
    } cases[] = {
        {true, TUI_HISTORY_COMMAND, "w", "warnings why", true},
        {true, TUI_HISTORY_COMMAND, "exp", "export export!", true}, /* ! replaces an existing file */
        {true, TUI_HISTORY_COMMAND, "compare synthetic-", "synthetic-careful synthetic-sloppy", true},
        {true, TUI_HISTORY_COMMAND, "compare synthetic-careful h", "hand-written", true},
        {true, TUI_HISTORY_COMMAND, "freq d", "domain", true},
        {true, TUI_HISTORY_FILTER, "score=1 dom", "domain", false},
        {true, TUI_HISTORY_FILTER, "domain=f", "ferry", true}, /* the domains of the data */
        {true, TUI_HISTORY_FILTER, "task!=ap", "app applicability", true},
        {true, TUI_HISTORY_COMMAND, "filter model~hand", "hand-written", true},
        {false, TUI_HISTORY_FILTER, "model=", "", true}, /* still loading: no values */
        {true, TUI_HISTORY_SEARCH, "app", "", true},     /* a search completes nothing */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        bool whole;
        char *c = candidates(cases[i].loaded ? ws : NULL, cases[i].kind, cases[i].line, &whole);
        assert_string_equal(c, cases[i].expected);
        if (*c)
            assert_int_equal(whole, cases[i].whole);
        free(c);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_base64_of_rfc4648_vectors),
        cmocka_unit_test(test_osc52_plain_and_through_tmux),
        cmocka_unit_test(test_record_parts),
        cmocka_unit_test(test_completion_candidates),
    };
    return cmocka_run_group_tests(tests, pl_test_open_samples, pl_test_close_workspace);
}
