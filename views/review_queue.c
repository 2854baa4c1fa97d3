/* The review queue: its answers, their review state read from the journal,
 * and the screen of one answer. */
#include <stdlib.h>
#include <string.h>

#include "answer_text.h"
#include "review_queue.h"

int pl_review_queue_init(pl_review_queue *q, const pl_workspace *ws, const int *records, int n, const char *source)
{
    memset(q, 0, sizeof *q);
    q->records = malloc(((size_t)n + 1) * sizeof *q->records);
    q->keys = calloc((size_t)n + 1, sizeof *q->keys);
    q->qkeys = calloc((size_t)n + 1, sizeof *q->qkeys);
    q->source = pl_strdup(source ? source : "list");
    bool ok = q->records && q->keys && q->qkeys && q->source;
    q->n = ok ? n : 0; /* the keys not made yet are NULL: freed all the same */
    for (int i = 0; ok && i < n; i++) {
        q->records[i] = records[i];
        q->keys[i] = pl_workspace_answer_key(ws, records[i]);
        q->qkeys[i] = pl_workspace_question_key(ws, records[i]);
        ok = q->keys[i] && q->qkeys[i];
    }
    if (!ok) {
        pl_review_queue_free(q);
        return -1;
    }
    return 0;
}

void pl_review_queue_free(pl_review_queue *q)
{
    for (int i = 0; i < q->n; i++) {
        free(q->keys[i]);
        free(q->qkeys[i]);
    }
    free(q->records);
    free(q->keys);
    free(q->qkeys);
    free(q->source);
    memset(q, 0, sizeof *q);
}

/* The record that sets a state's status now: its last status record not
 * retracted (the fold's), or NULL when it has none. */
static const pl_journal_record *status_record(const pl_journal *j, const pl_journal_state *s)
{
    for (int k = s && s->status != PL_REVIEW_NONE ? s->nrecords - 1 : -1; k >= 0; k--) {
        const pl_journal_record *r = pl_journal_record_at(j, s->records[k]);
        if (r->type == PL_JR_STATUS && !r->retracted)
            return r;
    }
    return NULL;
}

pl_review pl_review_of(const pl_review_queue *q, const pl_journal *j, int i)
{
    pl_review v = {PL_REVIEW_NONE, NULL, false};
    if (!j || i < 0 || i >= q->n)
        return v;
    const pl_journal_record *own = status_record(j, pl_journal_state_of(j, q->keys[i]));
    const pl_journal_record *question = status_record(j, pl_journal_state_of(j, q->qkeys[i]));
    const pl_journal_record *last = !question || (own && own->line > question->line) ? own : question;
    if (last)
        v = (pl_review){last->status, last->author, last == question};
    return v;
}

pl_review_status pl_review_status_at(const pl_review_queue *q, const pl_journal *j, int i)
{
    return pl_review_of(q, j, i).status;
}

pl_review_progress pl_review_progress_of(const pl_review_queue *q, const pl_journal *j, const char *me)
{
    pl_review_progress p = {q->n, 0, 0};
    for (int i = 0; j && i < q->n; i++) {
        pl_review v = pl_review_of(q, j, i);
        if (v.status != PL_REVIEW_NONE) {
            p.reviewed++;
            p.mine += me && v.author && !strcmp(v.author, me);
        }
    }
    return p;
}

int pl_review_first_unreviewed(const pl_review_queue *q, const pl_journal *j)
{
    for (int i = 0; i < q->n; i++)
        if (pl_review_status_at(q, j, i) == PL_REVIEW_NONE)
            return i;
    return -1;
}

int pl_review_step(const pl_review_queue *q, const pl_journal *j, int from, int dir, bool *wrapped)
{
    *wrapped = false;
    for (int k = 1; k < q->n; k++) {
        int i = ((from + dir * k) % q->n + q->n) % q->n;
        if (pl_review_status_at(q, j, i) == PL_REVIEW_NONE) {
            *wrapped = dir > 0 ? i < from : i > from;
            return i;
        }
    }
    return -1;
}

static void section(pl_view_model *vm, const char *title)
{
    pl_vm_line(vm, -1);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "%s", title);
}

static pl_role score_role(int score)
{
    return score > 0 ? ROLE_CORRECT : score == 0 ? ROLE_WRONG : ROLE_ERROR;
}

/* The official verdicts (lm-eval's, and Inspect's where the record has it)
 * and the sound one with its reason and, when wrong, its failure. */
static void verdicts(pl_view_model *vm, const pl_ws_record *r, const pl_detail_opts *o)
{
    const pl_acp_verdict *v = r->acp ? &r->acp_v : NULL;
    section(vm, "Verdicts");
    if (!r->graded || r->error || r->resp->error) {
        const char *why = r->resp->error ? r->resp->error : r->error;
        pl_vm_line(vm, -1);
        pl_vm_span(vm, why ? ROLE_ERROR : ROLE_DIM, "  %s", why ? why : o->ascii ? "grading..." : "grading…");
        return;
    }
    pl_vm_line(vm, -1);
    pl_vm_span(vm, score_role(r->score), "  official lm-eval  %d", r->score);
    if (v && v->path)
        pl_vm_span(vm, ROLE_DIM, "  (rule: %s)", v->path);
    if (r->has_inspect) {
        pl_vm_line(vm, -1);
        if (r->inspect_score < 0)
            pl_vm_span(vm, ROLE_ERROR, "  official Inspect  raises (score null)");
        else
            pl_vm_span(vm, score_role(r->inspect_score), "  official Inspect  %d", r->inspect_score);
        if (r->official_rule)
            pl_vm_span(vm, ROLE_HALLUCINATED, "  differs: %s", r->official_rule);
    }
    pl_vm_line(vm, -1);
    pl_vm_span(vm, score_role(r->sound_score), "  sound             %d", r->sound_score);
    if (v && v->sound_reason)
        pl_vm_wrapped(vm, ROLE_DIM, v->sound_reason, o->width, 20);
    pl_record_failure f; /* a wrong answer's failure as the question list's column names it */
    char failure[256];
    if (pl_record_failure_of(r, &f) && f.kind != PL_FAIL_NONE) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "  failure           ");
        pl_vm_span(vm, ROLE_WRONG, "%s", pl_record_failure_text(r, failure, sizeof failure));
    }
}

/* Wrapped text, folded after `limit` lines unless expanded. */
static void folded(pl_view_model *vm, const char *text, const pl_detail_opts *o, int limit)
{
    int from = vm->nlines;
    pl_vm_wrapped(vm, ROLE_TEXT, *text ? text : "(empty)", o->width, 2);
    int more = vm->nlines - from - limit;
    if (o->expanded || more <= 1)
        return;
    pl_vm_truncate(vm, from + limit);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_DIM, "  %s %d more line%s folded (e unfolds)", o->ascii ? "..." : "…", more, PL_PLURAL(more));
}

void pl_view_review(const pl_workspace *ws, const pl_review_queue *q, int at, const pl_journal *j, const char *me,
                    const pl_detail_opts *o, pl_view_model *vm)
{
    pl_vm_init(vm);
    const char *dot = o->ascii ? "-" : "·";
    pl_review_progress p = pl_review_progress_of(q, j, me);
    pl_vm_set_status(vm, "%d / %d reviewed (you: %d)", p.reviewed, p.total, p.mine);
    pl_vm_set_title(vm, "review %s", q->source);
    if (at < 0 || at >= q->n) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "review %s %s nothing to review: the list is empty", dot, q->source);
        return;
    }
    const pl_ws_record *r = pl_workspace_record(ws, q->records[at]);
    pl_vm_line(vm, q->records[at]); /* Enter: the answer's detail */
    pl_vm_span(vm, ROLE_HEADER, "review %s %s answer %d of %d %s %s %s %s %s %s", q->source, dot, at + 1, q->n,
               dot, r->model, dot, r->task, dot, r->id);
    pl_vm_line(vm, -1);
    pl_review v = pl_review_of(q, j, at);
    if (v.status == PL_REVIEW_NONE)
        pl_vm_span(vm, ROLE_MISSED, "  unreviewed");
    else {
        pl_vm_span(vm, v.status == PL_REVIEW_GRADER_RIGHT ? ROLE_CORRECT : ROLE_HALLUCINATED, "  %s",
                   pl_review_status_name(v.status));
        pl_vm_span(vm, ROLE_DIM, "%s by %s", v.of_question ? " (the question's: every answer to it)" : "",
                   v.author ? v.author : "?");
    }
    vm->nfixed = 2;
    verdicts(vm, r, o);
    section(vm, "Answer");
    folded(vm, r->resp->response ? r->resp->response : "", o, 6);
    if (r->acp) {
        pl_acp_task task = r->acp->task;
        section(vm, "Parsed answer");
        pl_view_answer_lines(vm, cJSON_IsNull(r->acp_v.parsed) ? NULL : r->acp_v.parsed, task, o->width, o->ascii);
        section(vm, "Ground truth (stored answer)");
        pl_view_answer_lines(vm, r->acp->answer, task, o->width, o->ascii);
    }
    pl_view_curation(vm, j, q->keys[at], q->qkeys[at], o->width);
    const char *question = r->iou ? r->iou->question : r->acp ? r->acp->question : NULL;
    if (question) {
        section(vm, "Question");
        folded(vm, question, o, 4);
    }
}
