/* R and :review: any list turned into a review queue (views/review_queue.h)
 * and walked answer by answer; every status and note goes to the review
 * journal at once, so the queue's progress is the journal's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

/* The list's records in the order it shows them. */
static int *list_records(tui_app *app, tui_screen *l, int *n)
{
    if (l->stale || !l->vm.nlines)
        tui_rebuild(app, l);
    int *records = malloc(((size_t)l->vm.nlines + 1) * sizeof *records);
    *n = 0;
    for (int i = 0; records && i < l->vm.nlines; i++)
        if (l->vm.lines[i].target >= 0)
            records[(*n)++] = l->vm.lines[i].target;
    return records;
}

/* What the queue was made of, for its header: the list's scope and filter. */
static char *source_of(const tui_screen *l)
{
    const char *scope = l->disagreements ? "disagreements" : l->scope_label ? l->scope_label : "every answer";
    return l->filter_text ? pl_strdup_printf("%s [%s]", scope, l->filter_text) : pl_strdup(scope);
}

/* Turns the list `l` (the top screen) into a queue opened at its first unreviewed answer. */
static void review_list(tui_app *app, tui_screen *l)
{
    int n;
    int *records = list_records(app, l, &n);
    char *source = source_of(l);
    pl_review_queue *q = calloc(1, sizeof *q);
    if (!records || !source || !q || pl_review_queue_init(q, app->ws, records, n, source) < 0) {
        free(q);
        q = NULL;
    }
    free(records);
    free(source);
    tui_screen *s = q ? tui_push(app, VIEW_REVIEW) : NULL;
    if (!s) {
        if (q)
            pl_review_queue_free(q);
        free(q);
        if (!app->message[0])
            snprintf(app->message, sizeof app->message, "review: out of memory");
        return;
    }
    s->queue = q;
    int first = pl_review_first_unreviewed(q, app->journal);
    s->at = first >= 0 ? first : 0;
    pl_review_progress p = pl_review_progress_of(q, app->journal, tui_author(app));
    if (!q->n)
        snprintf(app->message, sizeof app->message, "review: the list is empty");
    else if (first < 0)
        snprintf(app->message, sizeof app->message, "review: all %d answers are reviewed", q->n);
    else if (p.reviewed)
        snprintf(app->message, sizeof app->message, "continuing at the first unreviewed: %d of %d", first + 1, q->n);
    else
        snprintf(app->message, sizeof app->message, "review: %d answers (1 2 3 4: grader right, wrong, bad question, "
                 "unsure)", q->n);
}

int *tui_answers_to(const pl_workspace *ws, const pl_acp_question *const *questions, int nquestions, int *n)
{
    int total = pl_workspace_count(ws);
    int *records = malloc(((size_t)total + 1) * sizeof *records);
    *n = 0;
    for (int i = 0; records && i < total; i++) {
        const pl_acp_question *q = pl_workspace_record(ws, i)->acp;
        for (int k = 0; q && k < nquestions; k++)
            if (questions[k] == q) {
                records[(*n)++] = i;
                break;
            }
    }
    return records;
}

/* R on a probe cell (the table's line, or a cell's own screen): the loaded
 * runs' answers to its questions where the rules differ, as a list, then
 * its queue. */
static void review_probe_cell(tui_app *app, tui_screen *s)
{
    int target = s->cursor < s->vm.nlines ? s->vm.lines[s->cursor].target : -1;
    int cell = !s->probe_job ? s->at : target >= 0 && target < PL_PROBE_CELLS ? target : -1;
    const pl_probe_cell *c = cell >= 0 ? &s->probe.cells[cell / PL_PROBE_COUNT][cell % PL_PROBE_COUNT] : NULL;
    if (!c || !c->ndiffer) {
        snprintf(app->message, sizeof app->message, "review: %s", c ? "the two rules agree on every question of this "
                 "cell: nothing to review" : "R works on a probe cell");
        return;
    }
    int n;
    int *records = tui_answers_to(app->ws, c->differ, c->ndiffer, &n);
    if (records && !n) {
        free(records);
        snprintf(app->message, sizeof app->message, "review: no loaded run answers the %d question%s of this cell",
                 c->ndiffer, PL_PLURAL(c->ndiffer));
        return;
    }
    char *label = pl_strdup_printf("probe %s %s", pl_acp_task_name((pl_acp_task)(cell / PL_PROBE_COUNT)),
                                   pl_probe_kind_name((pl_probe_kind)(cell % PL_PROBE_COUNT)));
    tui_screen *l = tui_push_records(app, records, n, label);
    if (l)
        review_list(app, l);
    else if (!app->message[0])
        snprintf(app->message, sizeof app->message, "review: out of memory");
}

void tui_open_review(tui_app *app)
{
    tui_screen *s = tui_top(app);
    if (s->kind == VIEW_PROBE) {
        review_probe_cell(app, s);
        return;
    }
    if (s->kind == VIEW_REVIEW) {
        snprintf(app->message, sizeof app->message, "review: this is a review queue (q goes back to its list)");
        return;
    }
    if (s->kind != VIEW_LIST) { /* a line that opens a list (a run x task, a failure kind, a value, a bin): its */
        int depth = app->depth;
        tui_act(app, ACT_OPEN);
        if (app->depth != depth + 1 || tui_top(app)->kind != VIEW_LIST) {
            if (!app->message[0])
                snprintf(app->message, sizeof app->message, "review: R works on a list, or on a line that opens one");
            return;
        }
        s = tui_top(app);
    }
    review_list(app, s);
}

/* :review audit: the audit (seconds, at times minutes) starts in the
 * background; tui_review_audit_tick opens the queue once it has ended. */
static void review_audit(tui_app *app)
{
    int done, total;
    if (app->audit_job) {
        pl_audit_job_peek(app->audit_job, &done, &total);
        snprintf(app->message, sizeof app->message, "audit: already running (%d of %d questions)", done, total);
        return;
    }
    if (!tui_check_opened(app)) {
        snprintf(app->message, sizeof app->message, "audit: wait until the files are loaded");
        return;
    }
    const pl_acp_questions *qs = pl_workspace_acp_questions(app->ws);
    const pl_acp_question **list = malloc(((size_t)qs->count + 1) * sizeof *list);
    for (int i = 0; list && i < qs->count; i++)
        list[i] = &qs->items[i];
    pl_limits limits = {0, 10, 0}; /* planlens audit's default: 10 s per label */
    app->audit_job = list ? pl_audit_job_start(list, qs->count, &limits) : NULL;
    free(list);
    if (!app->audit_job) {
        snprintf(app->message, sizeof app->message, "audit: out of memory");
        return;
    }
    pl_audit_job_peek(app->audit_job, &done, &total);
    snprintf(app->message, sizeof app->message, "auditing %d questions%s", total, app->ascii ? "..." : "…");
}

/* The audit has ended: the loaded answers to its flagged questions as a
 * list, then their queue. */
static void review_audit_done(tui_app *app, int state)
{
    int nflagged, labels, n = 0, done, total;
    pl_audit_job_peek(app->audit_job, &done, &total);
    const pl_acp_question *const *flagged = pl_audit_job_flagged(app->audit_job, &nflagged, &labels);
    int *records = nflagged ? tui_answers_to(app->ws, flagged, nflagged, &n) : NULL;
    pl_audit_job_free(app->audit_job);
    app->audit_job = NULL;
    tui_top(app)->stale = true;
    if (state < 0 || (nflagged && !records))
        snprintf(app->message, sizeof app->message, "audit: out of memory");
    else if (!nflagged)
        snprintf(app->message, sizeof app->message, "audit: no stored label of the %d questions is provably wrong: "
                 "nothing to review", total);
    else if (!n)
        snprintf(app->message, sizeof app->message, "audit: %d question%s with %d wrong label%s, but no loaded run "
                 "answers them", nflagged, PL_PLURAL(nflagged), labels, PL_PLURAL(labels));
    if (!n) {
        free(records);
        return;
    }
    char *label = pl_strdup_printf("audit: %d flagged question%s", nflagged, PL_PLURAL(nflagged));
    tui_screen *l = tui_push_records(app, records, n, label);
    if (l)
        review_list(app, l);
    else if (!app->message[0])
        snprintf(app->message, sizeof app->message, "review: out of memory");
}

void tui_review_audit_tick(tui_app *app)
{
    if (!app->audit_job)
        return;
    int done, total, state = pl_audit_job_peek(app->audit_job, &done, &total);
    if (state != 0)
        review_audit_done(app, state);
    else if (!app->message[0] || !strncmp(app->message, "auditing ", 9)) /* never over another notice */
        snprintf(app->message, sizeof app->message, "auditing %d questions%s %d done", total,
                 app->ascii ? "..." : "…", done);
}

void tui_review_command(tui_app *app, const char *source)
{
    tui_screen *s = tui_top(app);
    if (!*source) {
        tui_open_review(app);
        return;
    }
    if (!strcmp(source, "audit")) {
        review_audit(app);
        return;
    }
    const char *expr = !strcmp(source, "disagreements") ? "sound!=score or stored!=score"
                       : !strcmp(source, "flagged")     ? "flag=yes"
                                                        : source; /* a filter expression */
    tui_screen *l = tui_push_narrowed(app, VIEW_LIST, s, expr, source);
    if (!l) {
        if (!app->message[0])
            snprintf(app->message, sizeof app->message,
                     "review: '%s' is neither disagreements, flagged nor a filter expression", source);
        return;
    }
    l->disagreements = !strcmp(source, "disagreements");
    review_list(app, l);
}

static pl_review_queue *queue_of(tui_app *app)
{
    tui_screen *s = tui_top(app);
    return s->kind == VIEW_REVIEW && s->queue && s->queue->n ? s->queue : NULL;
}

void tui_review_step(tui_app *app, int dir)
{
    pl_review_queue *q = queue_of(app);
    if (!q)
        return;
    tui_screen *s = tui_top(app);
    bool wrapped;
    int to = pl_review_step(q, app->journal, s->at, dir, &wrapped);
    if (to < 0) {
        snprintf(app->message, sizeof app->message, "no other unreviewed answer (J/K step through every one)");
        return;
    }
    s->at = to;
    s->top = s->cursor = 0;
    s->stale = true;
    snprintf(app->message, sizeof app->message, "answer %d of %d%s", to + 1, q->n,
             wrapped ? dir > 0 ? " (wrapped to the top)" : " (wrapped to the bottom)" : "");
}

void tui_review_move(tui_app *app, int dir)
{
    pl_review_queue *q = queue_of(app);
    if (!q)
        return;
    tui_screen *s = tui_top(app);
    int to = s->at + dir;
    if (to < 0 || to >= q->n) {
        snprintf(app->message, sizeof app->message, "%s answer of the queue", dir > 0 ? "last" : "first");
        return;
    }
    s->at = to;
    s->top = s->cursor = 0;
    s->stale = true;
    snprintf(app->message, sizeof app->message, "answer %d of %d", to + 1, q->n);
}

void tui_review_mark(tui_app *app, pl_review_status status)
{
    pl_review_queue *q = queue_of(app);
    if (!q)
        return;
    tui_screen *s = tui_top(app);
    /* bad-question is about the question: its record is the question's, the
     * review of every answer to it */
    bool question = status == PL_REVIEW_BAD_QUESTION;
    pl_journal_record rec = {.type = PL_JR_STATUS, .status = status, .question_scope = question};
    if (!tui_journal_append(app, q->records[s->at], &rec, "review"))
        return;
    bool wrapped;
    int next = pl_review_step(q, app->journal, s->at, 1, &wrapped);
    snprintf(app->message, sizeof app->message, "%s: %s %d%s", pl_review_status_name(status),
             question ? "the question of answer" : "answer", s->at + 1,
             next < 0 ? ", every answer reviewed" : ""); /* the status line keeps the progress beside it */
    if (next >= 0) {
        s->at = next;
        s->top = s->cursor = 0;
    }
    s->stale = true;
}

void tui_review_note(tui_app *app, bool question)
{
    int r = tui_selected_record(app);
    if (r < 0) {
        snprintf(app->message, sizeof app->message, "note: select an answer first (list, detail or review)");
        return;
    }
    char *text = tui_prompt(app, TUI_HISTORY_NONE, question ? "question note: " : "note: ");
    app->message[0] = '\0';
    if (text)
        tui_note(app, r, question, text);
    free(text);
}
