/* :review audit (tui/review.c, engine/acpbench/audit_job.h) on sample-runs/
 * with one stored label made provably wrong in memory (a val question's
 * index moved one step): the audit job, run in the background, ends with
 * exactly the questions the audit flags one by one, the altered one among
 * them; the queue it opens holds exactly the loaded answers to those
 * questions; a stopped job ends at once, flagging nothing.  The probe
 * screen's hint and the help name these sources. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "acpbench/audit_job.h"
#include "app.h"
#include "test_support.h"

static const pl_limits limits = {0, 10, 0};

/* The workspace's questions, as the explorer hands them to the job. */
static const pl_acp_question **questions_of(pl_workspace *ws, int *n)
{
    const pl_acp_questions *qs = pl_workspace_acp_questions(ws);
    const pl_acp_question **list = malloc(((size_t)qs->count + 1) * sizeof *list);
    assert_non_null(list);
    for (int i = 0; i < qs->count; i++)
        list[i] = &qs->items[i];
    *n = qs->count;
    return list;
}

static bool audit_flags(const pl_acp_question *q)
{
    pl_audit_result r = {0};
    pl_error err = PL_ERROR_INIT;
    pl_acp_audit(q, &limits, &r, &err);
    pl_error_clear(&err);
    bool flagged = r.count > 0;
    pl_audit_result_free(&r);
    return flagged;
}

static void pause_a_little(void)
{
    struct timespec t = {0, 20000000};
    nanosleep(&t, NULL);
}

static void test_review_audit(void **state)
{
    (void)state;
    const char *paths[] = {PLANLENS_SOURCE_DIR "/sample-runs"};
    pl_workspace *ws = pl_test_open_graded(paths, 1);
    assert_non_null(ws);
    /* the fixture: the first answered val question, its stored index one too far */
    pl_acp_question *altered = NULL;
    for (int i = 0; i < pl_workspace_count(ws) && !altered; i++) {
        const pl_acp_question *q = pl_workspace_record(ws, i)->acp;
        if (q && q->task == PL_ACP_VAL && q->format == PL_ACP_GEN && cJSON_IsNumber(q->answer))
            altered = (pl_acp_question *)q;
    }
    assert_non_null(altered);
    cJSON_SetIntValue(altered->answer, altered->answer->valueint + 1);

    /* what the audit flags, question by question */
    int n;
    const pl_acp_question **list = questions_of(ws, &n);
    bool *expected = calloc((size_t)n + 1, sizeof *expected);
    int nexpected = 0, generative = 0;
    for (int i = 0; i < n; i++) {
        generative += list[i]->format == PL_ACP_GEN;
        nexpected += expected[i] = list[i]->format == PL_ACP_GEN && audit_flags(list[i]);
        if (list[i] == altered)
            assert_true(expected[i]);
    }

    /* the explorer: :review audit, then ticks until the queue opens */
    tui_app *app = calloc(1, sizeof *app);
    assert_non_null(app);
    app->ws = ws;
    app->opened = true;
    app->rows = 24;
    app->cols = 80;
    tui_push(app, VIEW_DASHBOARD);
    tui_review_command(app, "audit");
    assert_non_null(app->audit_job);
    char running[64];
    snprintf(running, sizeof running, "auditing %d questions", generative);
    assert_non_null(strstr(app->message, running));
    int done, total;
    assert_int_equal((pl_audit_job_peek(app->audit_job, &done, &total), total), generative);
    for (int tick = 0; app->audit_job && tick < 30000; tick++) {
        tui_review_audit_tick(app);
        if (app->audit_job)
            pause_a_little();
    }
    assert_null(app->audit_job);
    tui_screen *s = tui_top(app);
    assert_int_equal(s->kind, VIEW_REVIEW);
    assert_non_null(strstr(s->queue->source, "audit"));
    /* exactly the loaded answers to the flagged questions, in workspace order */
    int k = 0;
    for (int r = 0; r < pl_workspace_count(ws); r++) {
        const pl_acp_question *q = pl_workspace_record(ws, r)->acp;
        bool flagged = false;
        for (int i = 0; q && i < n; i++)
            flagged |= list[i] == q && expected[i];
        if (flagged) {
            assert_true(k < s->queue->n);
            assert_int_equal(s->queue->records[k++], r);
        }
    }
    assert_int_equal(k, s->queue->n);
    assert_true(k > 0);
    tui_close_all(app);
    free(app);
    free(expected);
    free(list);
    pl_workspace_close(ws);
}

static void test_audit_job_stop(void **state)
{
    (void)state;
    const char *paths[] = {PLANLENS_SOURCE_DIR "/sample-runs"};
    pl_workspace *ws = pl_test_open_graded(paths, 1);
    assert_non_null(ws);
    int n, done, total, nflagged, labels;
    const pl_acp_question **list = questions_of(ws, &n);
    pl_audit_job *job = pl_audit_job_start(list, n, &limits);
    free(list); /* the job keeps its own copy of the list */
    assert_non_null(job);
    pl_audit_job_stop(job);
    int state_now = 0;
    for (int tick = 0; state_now == 0 && tick < 500; tick++) {
        state_now = pl_audit_job_peek(job, &done, &total);
        if (!state_now)
            pause_a_little();
    }
    assert_int_equal(state_now, 1);
    assert_true(done < total);
    pl_audit_job_flagged(job, &nflagged, &labels);
    assert_int_equal(nflagged, 0);
    pl_audit_job_free(job);
    pl_workspace_close(ws);
}

/* The probe screen: Enter lists a cell's questions, R queues their answers. */
static void test_probe_hint(void **state)
{
    (void)state;
    tui_keymap km = {0};
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(tui_keymap_load(&km, PLANLENS_SOURCE_DIR "/keymaps/default.keymap", &err), PL_OK);
    char buf[512];
    tui_hints(&km, VIEW_PROBE, false, SIDEWAYS_NONE, 200, buf, sizeof buf);
    assert_non_null(strstr(buf, "cell's questions"));
    assert_non_null(strstr(buf, "R their answers"));
    assert_null(strstr(buf, "an answer"));
    tui_keymap_free(&km);
}

/* The help names probe cells under R, :review audit and key 3's scope. */
static void test_help_names_sources(void **state)
{
    (void)state;
    tui_app *app = calloc(1, sizeof *app);
    assert_non_null(app);
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(tui_keymap_load(&app->keymap, PLANLENS_SOURCE_DIR "/keymaps/default.keymap", &err), PL_OK);
    tui_screen s = {.kind = VIEW_HELP, .help_for = VIEW_REVIEW};
    tui_build_help(app, &s, 400);
    bool probe_cell = false, audit = false, scope = false;
    for (int i = 0; i < s.vm.nlines; i++) {
        char *text = pl_vm_line_text(&s.vm.lines[i]);
        probe_cell |= text && strstr(text, "on a probe cell, of the loaded answers to its questions");
        audit |= text && strstr(text, ":review") && strstr(text, "audit");
        scope |= text && strstr(text, "the question is bad") && strstr(text, "every answer to it");
        free(text);
    }
    assert_true(probe_cell);
    assert_true(audit);
    assert_true(scope);
    pl_vm_free(&s.vm);
    tui_keymap_free(&app->keymap);
    free(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_review_audit),
        cmocka_unit_test(test_audit_job_stop),
        cmocka_unit_test(test_probe_hint),
        cmocka_unit_test(test_help_names_sources),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
