/* The review queue (views/review_queue.h) without a terminal, on sample-runs/
 * and a journal written by the test: the progress counts every reviewer
 * and "you" apart, n/p find the next and previous unreviewed answer round
 * the queue's end, the status comes from the journal (a second reader sees
 * the first's records after a refresh; a retract withdraws one), and a
 * question-level note is shown on every answer of its question, marked as
 * such, while an answer's own note stays on that answer. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "review_queue.h"
#include "test_support.h"

enum { QUEUE = 8 };

typedef struct {
    pl_workspace *ws;
    char dir[64], path[96];
    int records[QUEUE]; /* records[0] and records[1]: two answers (two runs) to one question */
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    const char *paths[] = {PLANLENS_SOURCE_DIR "/sample-runs"};
    if (!f || !(f->ws = pl_test_open_graded(paths, 1)))
        return -1;
    snprintf(f->dir, sizeof f->dir, "/tmp/planlens-review-XXXXXX");
    if (!mkdtemp(f->dir))
        return -1;
    snprintf(f->path, sizeof f->path, "%s/journal.jsonl", f->dir);
    /* two answers of different runs to one question first, then the next records */
    int n = pl_workspace_count(f->ws), a = -1, b = -1;
    for (int i = 0; i < n && b < 0; i++)
        for (int k = i + 1; k < n && b < 0; k++) {
            char *qi = pl_workspace_question_key(f->ws, i), *qk = pl_workspace_question_key(f->ws, k);
            if (!strcmp(qi, qk) && strcmp(pl_workspace_record(f->ws, i)->model, pl_workspace_record(f->ws, k)->model))
                a = i, b = k;
            free(qi);
            free(qk);
        }
    if (b < 0)
        return -1;
    f->records[0] = a;
    f->records[1] = b;
    for (int i = 0, k = 2; k < QUEUE; i++)
        if (i != a && i != b)
            f->records[k++] = i;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    unlink(f->path);
    char old[128];
    snprintf(old, sizeof old, "%s.v1", f->path);
    unlink(old);
    rmdir(f->dir);
    pl_workspace_close(f->ws);
    free(f);
    return 0;
}

static pl_journal *open_journal(const fixture *f)
{
    pl_diags w = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    pl_journal *j = pl_journal_open(f->path, &w, &err);
    assert_non_null(j);
    assert_int_equal(w.count, 0);
    pl_diags_clear(&w);
    return j;
}

static void append(pl_journal *j, const pl_review_queue *q, int i, pl_journal_type type, pl_review_status st,
                   const char *text, bool question, const char *author)
{
    pl_journal_record r = {.key = question ? q->qkeys[i] : q->keys[i], .question_scope = question, .type = type,
                           .status = st, .text = (char *)text, .author = (char *)author};
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_journal_append(j, &r, &err), PL_OK);
}

/* Whether a line of the model holds `text`. */
static bool shows(const pl_view_model *vm, const char *text)
{
    for (int i = 0; i < vm->nlines; i++) {
        char *line = pl_vm_line_text(&vm->lines[i]);
        bool hit = line && strstr(line, text);
        free(line);
        if (hit)
            return true;
    }
    return false;
}

static void test_progress_and_steps(void **state)
{
    fixture *f = *state;
    unlink(f->path);
    pl_review_queue q;
    assert_int_equal(pl_review_queue_init(&q, f->ws, f->records, QUEUE, "test"), 0);
    pl_journal *j = open_journal(f);
    pl_review_progress p = pl_review_progress_of(&q, j, "ana");
    assert_int_equal(p.total, QUEUE);
    assert_int_equal(p.reviewed, 0);
    assert_int_equal(pl_review_first_unreviewed(&q, j), 0);

    append(j, &q, 0, PL_JR_STATUS, PL_REVIEW_GRADER_RIGHT, NULL, false, "ana");
    append(j, &q, 1, PL_JR_STATUS, PL_REVIEW_GRADER_WRONG, NULL, false, "bo");
    append(j, &q, 2, PL_JR_STATUS, PL_REVIEW_UNSURE, NULL, false, "ana");
    append(j, &q, 2, PL_JR_STATUS, PL_REVIEW_BAD_QUESTION, NULL, false, "ana"); /* the last status counts */
    append(j, &q, 5, PL_JR_NOTE, PL_REVIEW_NONE, "a note is no review", false, "ana");
    p = pl_review_progress_of(&q, j, "ana");
    assert_int_equal(p.reviewed, 3);
    assert_int_equal(p.mine, 2);
    assert_int_equal(pl_review_progress_of(&q, j, "bo").mine, 1);
    assert_int_equal(pl_review_status_at(&q, j, 1), PL_REVIEW_GRADER_WRONG);
    assert_int_equal(pl_review_status_at(&q, j, 2), PL_REVIEW_BAD_QUESTION);
    assert_int_equal(pl_review_status_at(&q, j, 5), PL_REVIEW_NONE);
    assert_int_equal(pl_review_first_unreviewed(&q, j), 3);

    bool wrapped;
    assert_int_equal(pl_review_step(&q, j, 3, 1, &wrapped), 4);
    assert_false(wrapped);
    assert_int_equal(pl_review_step(&q, j, 0, 1, &wrapped), 3); /* over the reviewed 1 and 2 */
    assert_int_equal(pl_review_step(&q, j, 3, -1, &wrapped), QUEUE - 1); /* round the start */
    assert_true(wrapped);
    assert_int_equal(pl_review_step(&q, j, QUEUE - 1, 1, &wrapped), 3); /* round the end */
    assert_true(wrapped);

    /* the status line of the screen is the progress */
    pl_view_model vm;
    pl_detail_opts o = {100, true, false};
    pl_view_review(f->ws, &q, 3, j, "ana", &o, &vm);
    assert_string_equal(vm.status, "3 / 8 reviewed (you: 2)");
    assert_true(shows(&vm, "unreviewed"));
    pl_vm_free(&vm);
    pl_view_review(f->ws, &q, 1, j, "ana", &o, &vm);
    assert_true(shows(&vm, "grader-wrong by bo"));
    pl_vm_free(&vm);

    /* all but one reviewed: no other unreviewed answer */
    for (int i = 3; i < QUEUE - 1; i++)
        append(j, &q, i, PL_JR_STATUS, PL_REVIEW_GRADER_RIGHT, NULL, false, "bo");
    assert_int_equal(pl_review_step(&q, j, QUEUE - 1, 1, &wrapped), -1);
    assert_int_equal(pl_review_first_unreviewed(&q, j), QUEUE - 1);
    pl_journal_close(j);
    pl_review_queue_free(&q);
}

/* bad-question (key 3) is written for the question: it is the review of
 * every answer to it (records[0] and records[1]), counted for each; a later
 * status of one answer is that answer's review, the question's stays on the
 * others. */
static void test_bad_question_scope(void **state)
{
    fixture *f = *state;
    unlink(f->path);
    pl_review_queue q;
    assert_int_equal(pl_review_queue_init(&q, f->ws, f->records, QUEUE, "test"), 0);
    pl_journal *j = open_journal(f);
    append(j, &q, 0, PL_JR_STATUS, PL_REVIEW_BAD_QUESTION, NULL, true, "ana");
    assert_int_equal(pl_review_status_at(&q, j, 0), PL_REVIEW_BAD_QUESTION);
    assert_int_equal(pl_review_status_at(&q, j, 1), PL_REVIEW_BAD_QUESTION);
    assert_true(pl_review_of(&q, j, 1).of_question);
    assert_int_equal(pl_review_status_at(&q, j, 2), PL_REVIEW_NONE);
    pl_review_progress p = pl_review_progress_of(&q, j, "ana");
    assert_int_equal(p.reviewed, 2);
    assert_int_equal(p.mine, 2);
    assert_int_equal(pl_review_first_unreviewed(&q, j), 2);
    pl_view_model vm;
    pl_detail_opts o = {100, true, false};
    pl_view_review(f->ws, &q, 1, j, "bo", &o, &vm);
    assert_true(shows(&vm, "bad-question (the question's: every answer to it) by ana"));
    assert_string_equal(vm.status, "2 / 8 reviewed (you: 0)");
    pl_vm_free(&vm);
    /* bo reviews answer 1 itself afterwards: its own status, later, is its review */
    append(j, &q, 1, PL_JR_STATUS, PL_REVIEW_GRADER_RIGHT, NULL, false, "bo");
    assert_int_equal(pl_review_status_at(&q, j, 1), PL_REVIEW_GRADER_RIGHT);
    assert_false(pl_review_of(&q, j, 1).of_question);
    assert_int_equal(pl_review_status_at(&q, j, 0), PL_REVIEW_BAD_QUESTION);
    assert_int_equal(pl_review_progress_of(&q, j, "bo").mine, 1);
    /* and a question status written later again covers both */
    append(j, &q, 1, PL_JR_STATUS, PL_REVIEW_BAD_QUESTION, NULL, true, "bo");
    assert_int_equal(pl_review_status_at(&q, j, 1), PL_REVIEW_BAD_QUESTION);
    assert_int_equal(pl_review_progress_of(&q, j, "bo").mine, 2);
    pl_journal_close(j);
    pl_review_queue_free(&q);
}

/* A second explorer on the same journal: what the first appends is its
 * progress after a refresh; a retract makes an answer unreviewed again. */
static void test_status_from_another_writer(void **state)
{
    fixture *f = *state;
    unlink(f->path);
    pl_review_queue q;
    assert_int_equal(pl_review_queue_init(&q, f->ws, f->records, QUEUE, "test"), 0);
    pl_journal *mine = open_journal(f), *theirs = open_journal(f);
    append(theirs, &q, 0, PL_JR_STATUS, PL_REVIEW_GRADER_WRONG, NULL, false, "bo");
    append(theirs, &q, 1, PL_JR_STATUS, PL_REVIEW_GRADER_RIGHT, NULL, false, "bo");
    assert_int_equal(pl_review_progress_of(&q, mine, "ana").reviewed, 0); /* not read yet */
    int added = 0;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_journal_refresh(mine, &added, NULL, &err), PL_OK);
    assert_int_equal(added, 2);
    pl_review_progress p = pl_review_progress_of(&q, mine, "ana");
    assert_int_equal(p.reviewed, 2);
    assert_int_equal(p.mine, 0);
    assert_int_equal(pl_review_first_unreviewed(&q, mine), 2);

    /* bo withdraws the first review */
    pl_journal_record r = {.key = q.keys[0], .type = PL_JR_RETRACT, .retracts = 1, .author = "bo"};
    assert_int_equal(pl_journal_append(theirs, &r, &err), PL_OK);
    assert_int_equal(pl_journal_refresh(mine, &added, NULL, &err), PL_OK);
    assert_int_equal(added, 1);
    assert_int_equal(pl_review_status_at(&q, mine, 0), PL_REVIEW_NONE);
    assert_int_equal(pl_review_first_unreviewed(&q, mine), 0);
    pl_view_model vm;
    pl_view_journal_history(mine, q.keys[0], q.qkeys[0], "x", 100, true, &vm);
    assert_true(shows(&vm, "retracted"));
    assert_true(shows(&vm, "bo"));
    pl_vm_free(&vm);
    pl_journal_close(mine);
    pl_journal_close(theirs);
    pl_review_queue_free(&q);
}

/* A note on the question shows on both runs' answers to it, as a question
 * note; a note on one answer only on that answer. */
static void test_question_notes_on_every_answer(void **state)
{
    fixture *f = *state;
    unlink(f->path);
    pl_review_queue q;
    assert_int_equal(pl_review_queue_init(&q, f->ws, f->records, QUEUE, "test"), 0);
    assert_string_equal(q.qkeys[0], q.qkeys[1]);
    assert_string_not_equal(q.keys[0], q.keys[1]);
    pl_journal *j = open_journal(f);
    append(j, &q, 0, PL_JR_NOTE, PL_REVIEW_NONE, "the stored answer misses an action", true, "ana");
    append(j, &q, 1, PL_JR_NOTE, PL_REVIEW_NONE, "only this run's parse", false, "bo");
    pl_detail_opts o = {100, true, false};
    for (int i = 0; i < 2; i++) {
        pl_view_model vm;
        pl_view_review(f->ws, &q, i, j, "ana", &o, &vm);
        assert_true(shows(&vm, "question note (ana)"));
        assert_true(shows(&vm, "the stored answer misses an action"));
        assert_int_equal(shows(&vm, "only this run's parse"), i == 1);
        pl_vm_free(&vm);
        pl_view_detail_journal(f->ws, f->records[i], &o, j, NULL, &vm); /* the detail screen too */
        assert_true(shows(&vm, "question note (ana)"));
        pl_vm_free(&vm);
    }
    /* the display cache the list and filters read */
    for (int i = 0; i < QUEUE; i++)
        pl_journal_annotate_record(f->ws, f->records[i], j);
    assert_string_equal(pl_workspace_record(f->ws, f->records[0])->note,
                        "question note: the stored answer misses an action");
    assert_string_equal(pl_workspace_record(f->ws, f->records[1])->note, "only this run's parse");
    assert_null(pl_workspace_record(f->ws, f->records[2])->note);
    /* a question flag flags every answer of it */
    pl_journal_record flag = {.key = q.qkeys[0], .question_scope = true, .type = PL_JR_FLAG, .flag = true};
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_journal_append(j, &flag, &err), PL_OK);
    assert_true(pl_journal_annotate_record(f->ws, f->records[0], j));
    pl_journal_annotate_record(f->ws, f->records[1], j);
    assert_true(pl_workspace_record(f->ws, f->records[0])->flagged);
    assert_true(pl_workspace_record(f->ws, f->records[1])->flagged);
    assert_false(pl_workspace_record(f->ws, f->records[2])->flagged);
    for (int i = 0; i < QUEUE; i++) /* the journal gone: nothing shown */
        pl_journal_annotate_record(f->ws, f->records[i], NULL);
    assert_null(pl_workspace_record(f->ws, f->records[0])->note);
    assert_false(pl_workspace_record(f->ws, f->records[1])->flagged);
    pl_journal_close(j);
    pl_review_queue_free(&q);
}

/* An old notes file ({"key": "model\ttask\tid", "flag", "note"}) is read
 * as it is: its note and flag show on that run's answer, not on another
 * run's answer to the same question. */
static void test_old_notes_file(void **state)
{
    fixture *f = *state;
    const pl_ws_record *a = pl_workspace_record(f->ws, f->records[0]), *b = pl_workspace_record(f->ws, f->records[1]);
    FILE *out = fopen(f->path, "w");
    assert_non_null(out);
    fprintf(out, "{\"key\": \"%s\\t%s\\t%s\", \"flag\": true, \"note\": \"noted before the journal\"}\n", a->model,
            a->task, a->id);
    fclose(out);
    pl_journal *j = open_journal(f);
    pl_journal_annotate_record(f->ws, f->records[0], j);
    pl_journal_annotate_record(f->ws, f->records[1], j);
    assert_true(a->flagged);
    assert_non_null(a->note);
    assert_string_equal(a->note, "noted before the journal");
    assert_false(b->flagged);
    assert_null(b->note);
    pl_view_model vm;
    pl_detail_opts o = {100, true, false};
    pl_view_detail_journal(f->ws, f->records[0], &o, j, NULL, &vm);
    assert_true(shows(&vm, "noted before the journal"));
    pl_vm_free(&vm);
    pl_journal_annotate_record(f->ws, f->records[0], NULL);
    pl_journal_close(j);
}

/* Inspect's verdict only where the record has it; where the two official
 * graders differ the rule is named. */
static void test_verdicts(void **state)
{
    fixture *f = *state;
    pl_review_queue q;
    assert_int_equal(pl_review_queue_init(&q, f->ws, f->records, QUEUE, "test"), 0);
    pl_detail_opts o = {100, true, false};
    for (int i = 0; i < QUEUE; i++) {
        const pl_ws_record *r = pl_workspace_record(f->ws, f->records[i]);
        pl_view_model vm;
        pl_view_review(f->ws, &q, i, NULL, "ana", &o, &vm);
        assert_true(shows(&vm, "official lm-eval"));
        assert_true(shows(&vm, "sound"));
        assert_int_equal(shows(&vm, "official Inspect"), r->has_inspect);
        assert_int_equal(shows(&vm, "differs:"), r->has_inspect && r->official_rule != NULL);
        assert_string_equal(vm.status, "0 / 8 reviewed (you: 0)");
        pl_vm_free(&vm);
    }
    pl_review_queue_free(&q);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_progress_and_steps),
        cmocka_unit_test(test_status_from_another_writer),
        cmocka_unit_test(test_bad_question_scope),
        cmocka_unit_test(test_question_notes_on_every_answer),
        cmocka_unit_test(test_old_notes_file),
        cmocka_unit_test(test_verdicts),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
