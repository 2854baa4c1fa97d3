/* Warnings grouped per file and kind (3,111 copies read as one line), and
 * reference verdicts beside a run read as its stored scores, line by line. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/diag_groups.h"
#include "test_support.h"
#include "workspace/workspace.h"

#define SAMPLES PLANLENS_SOURCE_DIR "/sample-runs"

static void test_group_per_file_and_kind(void **state)
{
    (void)state;
    pl_diags d = PL_DIAGS_INIT;
    for (int line = 1; line <= 7; line++)
        pl_diags_add(&d, "runs/v.jsonl", line, 0, "missing response");
    pl_diags_add(&d, "runs/w.jsonl", 3, 1, "expected a JSON object");
    pl_diags_add(&d, "runs/v.jsonl", 0, 0, "7 of 7 records skipped, 0 loaded");
    pl_diags_add(&d, "runs/w.jsonl", 0, 0, "missing response"); /* same kind, another file: its own group */
    int n;
    bool oom;
    pl_diag_group *g = pl_diags_group(&d, &n, &oom);
    assert_false(oom);
    assert_int_equal(n, 4);
    /* in order of first occurrence */
    assert_string_equal(g[0].file, "runs/v.jsonl");
    assert_string_equal(g[0].message, "missing response");
    assert_int_equal(g[0].count, 7);
    assert_int_equal(g[0].nlines, PL_DIAG_GROUP_LINES);
    assert_int_equal(g[0].lines[0], 1);
    assert_int_equal(g[0].lines[4], 5);
    assert_string_equal(g[1].file, "runs/w.jsonl");
    assert_int_equal(g[1].count, 1);
    assert_string_equal(g[3].file, "runs/w.jsonl");
    assert_string_equal(g[3].message, "missing response");
    char *text = pl_diag_group_text(&g[0]);
    assert_string_equal(text, "runs/v.jsonl: missing response (7 times; lines 1, 2, 3, 4, 5, ...)");
    free(text);
    text = pl_diag_group_text(&g[1]);
    assert_string_equal(text, "runs/w.jsonl:3: expected a JSON object");
    free(text);
    text = pl_diag_group_text(&g[2]);
    assert_string_equal(text, "runs/v.jsonl: 7 of 7 records skipped, 0 loaded");
    free(text);
    free(g);
    pl_diags_clear(&d);
    assert_null(pl_diags_group(&d, &n, &oom));
    assert_int_equal(n, 0);
    assert_false(oom);
}

static pl_workspace *open_graded(const char *const *paths, int n)
{
    pl_diags unused = PL_DIAGS_INIT;
    pl_workspace *ws = pl_workspace_open(paths, n, &unused);
    assert_non_null(ws);
    pl_diags_clear(&unused);
    assert_int_equal(pl_workspace_grade_start(ws), 0);
    while (pl_workspace_graded(ws) < pl_workspace_count(ws)) {
        struct timespec ts = {0, 5000000};
        nanosleep(&ts, NULL);
    }
    return ws;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static const pl_ws_record *record_with_id(const pl_workspace *ws, const char *id)
{
    for (int i = 0; i < pl_workspace_count(ws); i++)
        if (!strcmp(pl_workspace_record(ws, i)->id, id))
            return pl_workspace_record(ws, i);
    fail_msg("no record %s", id);
    return NULL;
}

static bool has_warning(const pl_workspace *ws, const char *text)
{
    const pl_diags *w = pl_workspace_warnings(ws);
    for (size_t i = 0; i < w->count; i++)
        if (strstr(w->items[i].message, text))
            return true;
    return false;
}

/* Line N of verdicts.jsonl scores line N of the run beside it; a verdict for
 * another question is a warning and sets nothing. */
static void test_verdicts_beside_a_run(void **state)
{
    (void)state;
    char dir[] = "/tmp/planlens-verdicts-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char run[256], verdicts[256];
    snprintf(run, sizeof run, "%s/responses.jsonl", dir);
    snprintf(verdicts, sizeof verdicts, "%s/verdicts.jsonl", dir);
    write_file(run, "{\"id\": \"8992432321673054008\", \"group\": \"applicable_actions_gen\", \"response\": \"[(pick-up b)]\"}\n"
                    "{\"id\": \"4431768588672094434\", \"group\": \"reachable_atom_gen\", \"response\": \"(on a a)\"}\n"
                    "{\"id\": \"8791782126230330546\", \"group\": \"progression_gen\", \"response\": \"[] []\"}\n");
    write_file(verdicts, "{\"id\": \"8992432321673054008\", \"group\": \"applicable_actions_gen\", \"score\": 1}\n"
                         "{\"id\": \"1\", \"group\": \"reachable_atom_gen\", \"score\": 1}\n"
                         "{\"id\": \"8791782126230330546\", \"group\": \"progression_gen\", \"score\": 0}\n");
    const char *paths[] = {SAMPLES "/acpbench/blocksworld.gen.json", dir};
    pl_workspace *ws = open_graded(paths, 2);
    assert_int_equal(pl_workspace_count(ws), 3); /* the verdicts are no responses */
    const pl_ws_record *app = record_with_id(ws, "8992432321673054008");
    assert_true(app->resp->has_stored_score);
    assert_true(app->resp->stored_score == 1);
    assert_false(record_with_id(ws, "4431768588672094434")->resp->has_stored_score);
    const pl_ws_record *prog = record_with_id(ws, "8791782126230330546");
    assert_true(prog->resp->has_stored_score);
    assert_true(prog->resp->stored_score == 0);
    assert_true(has_warning(ws, "verdict for another question than line 2"));
    assert_true(has_warning(ws, "2 of 3 verdicts applied"));
    assert_false(has_warning(ws, "missing response"));
    pl_workspace_close(ws);
    remove(run);
    remove(verdicts);
    rmdir(dir);
}

/* The conformance data: every reference verdict is read as the stored score
 * of its response, and the official grader reproduces each one. */
static void test_conformance_verdicts(void **state)
{
    (void)state;
    if (!pl_test_data_dir("conformance/acpbench-dev"))
        return;
    const char *paths[] = {pl_test_data_path("conformance/acpbench-dev")};
    pl_workspace *ws = open_graded(paths, 1);
    assert_int_equal(pl_workspace_count(ws), 3111);
    assert_int_equal(pl_workspace_warnings(ws)->count, 0);
    int stored = 0, agree = 0;
    for (int i = 0; i < pl_workspace_count(ws); i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        stored += r->resp->has_stored_score;
        agree += r->resp->has_stored_score && r->resp->stored_score == r->score;
    }
    assert_int_equal(stored, 3111);
    assert_int_equal(agree, 3111);
    pl_workspace_close(ws);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_group_per_file_and_kind),
                                       cmocka_unit_test(test_verdicts_beside_a_run),
                                       cmocka_unit_test(test_conformance_verdicts)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
