/* The explorer on the Inspect logs of issue 29 (tests/data/runs/sets): the
 * dashboard says how a log that did not finish ended (accuracy partial),
 * the reducer of each run × task (and another one set for every run), the
 * scorer failures and the superseded attempt of an eval set; the detail
 * shows a scorer's failure, the stored score's scorer and the other scores. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"
#include "views.h"

#define SETS PLANLENS_SOURCE_DIR "/tests/data/runs/sets/"

static int setup(void **state)
{
    const char *paths[] = {SETS "questions.json", SETS "status", SETS "reducers", SETS "scorers", SETS "eval-set"};
    *state = pl_test_open_graded(paths, 5);
    return *state ? 0 : -1;
}

/* All lines of a view model as one text. */
static char *vm_text(const pl_view_model *vm)
{
    size_t n = 1;
    char **lines = malloc((size_t)vm->nlines * sizeof *lines + 1);
    for (int i = 0; i < vm->nlines; i++)
        n += strlen(lines[i] = pl_vm_line_text(&vm->lines[i])) + 1;
    char *all = calloc(n, 1);
    for (int i = 0; i < vm->nlines; i++) {
        strcat(strcat(all, lines[i]), "\n");
        free(lines[i]);
    }
    free(lines);
    return all;
}

static void expect(const char *text, const char *part)
{
    if (!strstr(text, part))
        fail_msg("expected '%s' in:\n%s", part, text);
}

static char *dashboard_text(const pl_workspace *ws)
{
    pl_view_model vm;
    pl_dashboard_rows rows;
    pl_view_dashboard(ws, NULL, 160, false, NULL, &vm, &rows);
    char *text = vm_text(&vm);
    pl_dashboard_rows_free(&rows);
    pl_vm_free(&vm);
    return text;
}

/* The line of `run`'s row. */
static char *row_of(const char *text, const char *run)
{
    char want[64];
    snprintf(want, sizeof want, "\n%s ", run);
    const char *at = strstr(text, want);
    if (!at)
        fail_msg("no row for %s in:\n%s", run, text);
    at++;
    return strndup(at, strcspn(at, "\n"));
}

static void test_dashboard_status_reducers_scorers(void **state)
{
    pl_workspace *ws = *state;
    char *text = dashboard_text(ws);
    /* a status line under the rows of logs that did not finish */
    expect(text, "\n  └ cancelled: 7 of 10 samples: accuracy partial\n");
    expect(text, "\n  └ error: RateLimitError: Error code: 429");
    /* the reducer the log declares, beside its epochs: max gives Inspect's 90.0% */
    char *row = row_of(text, "m/epochs");
    expect(row, " 90.0%");
    expect(row, " 3 max ");
    expect(row, "[59.6, 98.2]"); /* the interval of the accuracy as reduced: Wilson's 9 of 10 questions */
    free(row);
    /* one answer whose scorer raised: graded and counted */
    expect(text, " scorer! official 95% CI\n");
    row = row_of(text, "m/scorers");
    expect(row, "10/10");
    expect(row, "1    [56.5, 98.0]"); /* scorer! 1, then the interval (Wilson's 8 of 9) */
    free(row);
    /* the killed attempt set aside for its retry, counted nowhere */
    expect(text, "superseded attempt 2025-07-01T09-00-00+00-00_acp-prog-bool_killed.eval: set aside for "
                 "2025-07-01T10-00-00+00-00_acp-prog-bool_retry.eval, its 6 answers not counted");
    row = row_of(text, "openai/gpt-4o-mini");
    expect(row, "10/10    70.0%");
    free(row);
    free(text);

    /* :reducer mean compares: every run reduced with it, and it says so */
    assert_int_equal(pl_workspace_set_reducer(ws, "mean"), 0);
    text = dashboard_text(ws);
    row = row_of(text, "m/epochs");
    expect(row, " 60.0%");
    expect(row, " 3 mean ");
    free(row);
    free(text);
    assert_int_equal(pl_workspace_set_reducer(ws, NULL), 0); /* back to each log's own */
    text = dashboard_text(ws);
    row = row_of(text, "m/epochs");
    expect(row, " 3 max ");
    free(row);
    free(text);
}

static char *detail_text(const pl_workspace *ws, int record)
{
    pl_view_model vm;
    pl_detail_cache cache = {0};
    pl_detail_opts o = {120, false, false};
    pl_view_detail(ws, record, &o, &cache, &vm);
    char *text = vm_text(&vm);
    pl_detail_cache_free(&cache);
    pl_vm_free(&vm);
    return text;
}

/* The answer whose scorer raised: graded, the failure shown; another
 * answer of the log: its stored score's scorer and the other scorer's. */
static void test_detail_scores(void **state)
{
    pl_workspace *ws = *state;
    int failed = -1, scored = -1;
    for (int i = 0; i < pl_workspace_count(ws); i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        if (r->resp->scorer_error)
            failed = i;
        else if (r->resp->other_scores && scored < 0)
            scored = i;
    }
    assert_true(failed >= 0 && scored >= 0);
    char *text = detail_text(ws, failed);
    expect(text, "The log's scores\n");
    expect(text, "  the log's scorer failed: ValueError: could not parse the answer for scoring\n");
    expect(text, "  official 1");
    free(text);
    text = detail_text(ws, scored);
    expect(text, "  stored 1  (scorer acp_eval: the stored column)\n");
    expect(text, "  other scores: includes: ");
    assert_null(strstr(text, "scorer failed"));
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dashboard_status_reducers_scorers),
        cmocka_unit_test(test_detail_scores),
    };
    return cmocka_run_group_tests(tests, setup, pl_test_close_workspace);
}
