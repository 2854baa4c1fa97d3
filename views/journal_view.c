/* The review journal as the explorer shows it: an answer's curator lines,
 * the history of its records, and the display cache of the list. */
#include <stdlib.h>
#include <string.h>

#include "review_queue.h"
#include "runs/answer_key.h"

static void section(pl_view_model *vm, const char *title)
{
    pl_vm_line(vm, -1);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "%s", title);
}

/* One key's state as lines; `scope` prefixes what belongs to the question. */
static void state_lines(pl_view_model *vm, const pl_journal_state *s, const char *scope, int width)
{
    if (!s)
        return;
    if (s->status != PL_REVIEW_NONE) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, s->status == PL_REVIEW_GRADER_RIGHT ? ROLE_CORRECT : ROLE_MISSED, "  %sreview: %s", scope,
                   pl_review_status_name(s->status));
        pl_vm_span(vm, ROLE_DIM, "  (%s)", s->status_author ? s->status_author : "?");
    }
    if (s->flagged) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_MISSED, "  %sflagged", scope);
    }
    if (s->excluded) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_MISSED, "  %sexcluded", scope);
        pl_vm_span(vm, ROLE_DIM, "  (%s)", s->exclude_author ? s->exclude_author : "?");
    }
    if (s->has_override) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_MISSED, "  %soverride: score %d", scope, s->override_score);
        if (s->override_answer)
            pl_vm_span(vm, ROLE_TEXT, ", answer %s", s->override_answer);
        pl_vm_span(vm, ROLE_DIM, "  (%s)", s->override_author ? s->override_author : "?");
    }
    if (s->note) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_HEADER, "  %snote", *scope ? "question " : "");
        pl_vm_span(vm, ROLE_DIM, " (%s)", s->note_author ? s->note_author : "?");
        pl_vm_wrapped(vm, ROLE_TEXT, s->note, width, 4);
    }
}

void pl_view_curation(pl_view_model *vm, const pl_journal *j, const char *answer_key, const char *question_key,
                      int width)
{
    const pl_journal_state *a = j && answer_key ? pl_journal_state_of(j, answer_key) : NULL;
    const pl_journal_state *q = j && question_key ? pl_journal_state_of(j, question_key) : NULL;
    if (!a && !q)
        return;
    section(vm, "Curator (H: history)");
    state_lines(vm, a, "", width);
    state_lines(vm, q, "question ", width);
}

/* What a record says after its type; a text on the lines below, wrapped. */
static void record_text(pl_view_model *vm, const pl_journal_record *r, int width)
{
    switch (r->type) {
    case PL_JR_FLAG:
        pl_vm_span(vm, ROLE_TEXT, " %s", r->flag ? "set" : "cleared");
        break;
    case PL_JR_STATUS:
        pl_vm_span(vm, ROLE_TEXT, " %s", pl_review_status_name(r->status));
        break;
    case PL_JR_OVERRIDE:
        pl_vm_span(vm, ROLE_TEXT, " score %d%s%s", r->score, r->answer ? ", answer " : "", r->answer ? r->answer : "");
        break;
    case PL_JR_RETRACT:
        pl_vm_span(vm, ROLE_TEXT, " line %d", r->retracts);
        break;
    default:
        break;
    }
    if (r->type == PL_JR_NOTE && !(r->text && *r->text))
        pl_vm_span(vm, ROLE_DIM, " (cleared)");
    else if (r->text && *r->text)
        pl_vm_wrapped(vm, r->retracted ? ROLE_DIM : ROLE_TEXT, r->text, width, 9);
}

static int history_of(pl_view_model *vm, const pl_journal *j, const char *key, int width, bool ascii)
{
    const pl_journal_state *s = key ? pl_journal_state_of(j, key) : NULL;
    for (int k = 0; s && k < s->nrecords; k++) {
        const pl_journal_record *r = pl_journal_record_at(j, s->records[k]);
        pl_vm_line(vm, -1);
        pl_role role = r->retracted ? ROLE_DIM : ROLE_TEXT;
        pl_vm_span(vm, ROLE_DIM, "  %5d  %s  ", r->line, r->time ? r->time : "?");
        pl_vm_span(vm, role, "%-10s %s%s", r->author ? r->author : "?", r->question_scope ? "question " : "",
                   pl_journal_type_name(r->type));
        if (r->retracted)
            pl_vm_span(vm, ROLE_WRONG, "  %s retracted", ascii ? "-" : "·");
        record_text(vm, r, width);
    }
    return s ? s->nrecords : 0;
}

void pl_view_journal_history(const pl_journal *j, const char *answer_key, const char *question_key, const char *id,
                             int width, bool ascii, pl_view_model *vm)
{
    pl_vm_init(vm);
    pl_vm_set_title(vm, "history %s", id);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "History of the answer %s", id);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_DIM, "%s", j ? pl_journal_path(j) : "no review journal");
    vm->nfixed = 2;
    section(vm, "This answer (line, time, author, record)");
    int n = j ? history_of(vm, j, answer_key, width, ascii) : 0;
    if (!n) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "  no record");
    }
    section(vm, "Its question (shown on every answer of the question)");
    int nq = j ? history_of(vm, j, question_key, width, ascii) : 0;
    if (!nq) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "  no record");
    }
    pl_vm_set_status(vm, "%d record%s of the answer, %d of its question", n, PL_PLURAL(n), nq);
}

/* The flag and note an old notes file gave the record's run and question:
 * converted records keep the old key "model\ttask\tid" (old_key) under the
 * question key TASK|ID, which is not the record's question key when its
 * group is not its task (ACPBench's app_gen); folded here for this run only. */
static void converted(const pl_journal *j, const pl_ws_record *r, const char *qkey, bool *flagged, const char **note)
{
    char *key = pl_question_key(r->task, r->id);
    char *old = pl_strdup_printf("%s\t%s\t%s", r->model, r->task, r->id);
    const pl_journal_state *s = key && old && qkey && strcmp(key, qkey) ? pl_journal_state_of(j, key) : NULL;
    for (int k = 0; s && k < s->nrecords; k++) {
        const pl_journal_record *x = pl_journal_record_at(j, s->records[k]);
        if (!x->old_key || strcmp(x->old_key, old) || x->retracted)
            continue;
        if (x->type == PL_JR_FLAG)
            *flagged = x->flag;
        else if (x->type == PL_JR_NOTE)
            *note = x->text && *x->text ? x->text : NULL;
    }
    free(key);
    free(old);
}

bool pl_journal_annotate_record(pl_workspace *ws, int i, const pl_journal *j)
{
    const pl_ws_record *r = pl_workspace_record(ws, i);
    if (!j || !pl_journal_nstates(j)) {
        if (!r->flagged && !r->note)
            return false;
        pl_workspace_annotate(ws, i, false, NULL);
        return true;
    }
    char *akey = pl_workspace_answer_key(ws, i), *qkey = pl_workspace_question_key(ws, i);
    const pl_journal_state *a = akey ? pl_journal_state_of(j, akey) : NULL;
    const pl_journal_state *q = qkey ? pl_journal_state_of(j, qkey) : NULL;
    bool flagged = (a && a->flagged) || (q && q->flagged), old_flag = false;
    const char *old_note = NULL;
    converted(j, r, qkey, &old_flag, &old_note);
    free(akey);
    free(qkey);
    char *qnote = !(a && a->note) && q && q->note ? pl_strdup_printf("question note: %s", q->note) : NULL;
    const char *note = a && a->note ? a->note : qnote ? qnote : old_note;
    flagged |= old_flag;
    bool same = r->flagged == flagged && (r->note && note ? !strcmp(r->note, note) : r->note == note);
    if (!same)
        pl_workspace_annotate(ws, i, flagged, note);
    free(qnote);
    return !same;
}
