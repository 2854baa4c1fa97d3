/* Question detail: context, question, the response with the part the
 * parser used highlighted, the truth and the answer side by side with a
 * role per item, and the verdicts with the rule that decided them. */
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "answer_text.h"
#include "base/error.h"
#include "detail_plan.h"
#include "review_queue.h"
#include "iou/set_compare.h"
#include "table.h"
#include "views.h"

static void section(pl_view_model *vm, const char *title)
{
    pl_vm_line(vm, -1);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "%s", title);
}

static pl_role role_of(pl_item_role r)
{
    return r == PL_ITEM_BOTH ? ROLE_CORRECT : r == PL_ITEM_MISSED ? ROLE_MISSED
                                          : r == PL_ITEM_WRONG    ? ROLE_WRONG
                                                                  : ROLE_HALLUCINATED;
}

/* Truth | answer, one item per row: both first (same row), then missed, then
 * the answer's wrong and hallucinated items with the engine's reason. */
static void side_by_side(pl_view_model *vm, const pl_set_comparison *c, const pl_detail_opts *o)
{
    int width = o->width;
    const char *dot = o->ascii ? "-" : "·";
    int col = width / 2 - 4 > 20 ? width / 2 - 4 : 20;
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "  %-*s  %s", col, "ground truth", "model answer");
    for (int i = 0; i < c->count; i++) {
        const pl_set_item *it = &c->items[i];
        pl_vm_line(vm, -1);
        bool left = it->role == PL_ITEM_BOTH || it->role == PL_ITEM_MISSED;
        bool right = it->role != PL_ITEM_MISSED;
        pl_vm_span(vm, left ? role_of(it->role) : ROLE_DIM, "  %-*.*s", col, col, left ? it->text : "");
        if (right)
            pl_vm_span(vm, role_of(it->role), "  %s", it->text);
        pl_vm_span(vm, ROLE_DIM, "  %s", pl_item_role_name(it->role));
        if (!it->why)
            continue;
        int used = 2 + col + (right ? 2 + (int)strlen(it->text) : 0) + 2 + (int)strlen(pl_item_role_name(it->role));
        if (used + 2 + (int)strlen(it->why) <= width)
            pl_vm_span(vm, ROLE_DIM, ": %s", it->why);
        else /* the reason on its own lines under the answer column */
            pl_vm_wrapped(vm, ROLE_DIM, it->why, width, col + 6);
    }
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_DIM, "  %d in both %s %d missed %s %d wrong %s %d hallucinated %s %d duplicates %s IoU %.3f",
               c->n_both, dot, c->n_missed, dot, c->n_answer_only - c->n_hallucinated, dot, c->n_hallucinated, dot,
               c->n_duplicates, dot, c->iou);
}

#define MAX_MARKS 256

static void acp_details(pl_view_model *vm, const pl_ws_record *r, pl_detail_cache *cache, const pl_detail_opts *o)
{
    int width = o->width;
    const pl_acp_verdict *v = &r->acp_v;
    section(vm, "Verdict");
    pl_vm_line(vm, -1);
    pl_vm_span(vm, r->score ? ROLE_CORRECT : ROLE_WRONG, "  official %d", r->score);
    pl_vm_span(vm, ROLE_DIM, "  (rule: %s)", v->path ? v->path : "-");
    if (r->has_inspect && r->official_rule) /* the two official graders differ: side by side */
        pl_detail_officials(vm, r, o);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, r->sound_score ? ROLE_CORRECT : ROLE_WRONG, "  sound    %d", r->sound_score);
    if (v->sound_reason)
        pl_vm_wrapped(vm, ROLE_DIM, v->sound_reason, width, 11);
    pl_compare_part parts[2];
    int nparts;
    if (pl_detail_compare(r, cache, parts, &nparts) == 1) {
        for (int i = 0; i < nparts; i++) {
            section(vm, parts[i].title);
            side_by_side(vm, &parts[i].cmp, o);
            pl_set_comparison_free(&parts[i].cmp);
        }
        return;
    }
    pl_acp_task task = r->acp ? r->acp->task : PL_ACP_NTASKS; /* no question: keys without meanings */
    section(vm, "Parsed answer");
    pl_view_answer_lines(vm, cJSON_IsNull(v->parsed) ? NULL : v->parsed, task, width, o->ascii);
    section(vm, "Ground truth (stored answer)");
    pl_view_answer_lines(vm, r->acp ? r->acp->answer : NULL, task, width, o->ascii);
}

/* The failure record of a wrong answer's sound verdict, one field a line,
 * in the words the filter (kind=, key=, step=), the list's failure column
 * and the exports use. */
static void failure_record(pl_view_model *vm, const pl_ws_record *r, const pl_detail_opts *o)
{
    pl_record_failure f;
    if (!pl_record_failure_of(r, &f) || f.kind == PL_FAIL_NONE)
        return;
    section(vm, "Failure");
    /* kind, key and step on one line: the answers below stay in view at 80x24 */
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_DIM, "  kind ");
    pl_vm_span(vm, ROLE_WRONG, "%s", pl_failure_kind_name(f.kind));
    pl_vm_span(vm, ROLE_DIM, " (%s)  key ", pl_failure_kind_label(f.kind));
    pl_vm_span(vm, f.key ? ROLE_TEXT : ROLE_DIM, "%s", f.key ? f.key : "-");
    pl_vm_span(vm, ROLE_DIM, "  step ");
    if (f.step)
        pl_vm_span(vm, ROLE_TEXT, "%d", f.step);
    else
        pl_vm_span(vm, ROLE_DIM, "-");
    if (!f.detail) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "  detail  -");
        return;
    }
    char *text = pl_strdup_printf("detail  %s", f.detail);
    pl_vm_wrapped(vm, ROLE_TEXT, text ? text : f.detail, o->width, 2);
    free(text);
}

/* "PlanBench task 1 (plan generation) · prompt oneshot · instance 2 ·
 * domain blocksworld_3": what the case is, as the benchmark names it. */
static void case_line(pl_view_model *vm, const pl_ws_record *r, const pl_detail_opts *o)
{
    const pl_quality_case *c = r->pcase;
    const char *dot = o->ascii ? "-" : "·";
    const char *what = !strcmp(r->task, "planbench-t1")   ? "PlanBench task 1 (plan generation)"
                       : !strcmp(r->task, "planbench-t2") ? "PlanBench task 2 (optimal planning)"
                       : c->task                          ? c->task
                                                          : "plan-quality case";
    char *text = pl_strdup_printf("%s %s prompt %s %s instance %s %s domain %s", what, dot,
                                  c->prompt_type ? c->prompt_type : "not given", dot,
                                  c->instance_id ? c->instance_id : "not given", dot, c->domain ? c->domain : "not given");
    pl_vm_wrapped(vm, ROLE_TEXT, text ? text : what, o->width, 2);
    free(text);
}

/* A plan-quality case: the verdict of the simulation and the final score,
 * then the ground truth beside the model's plan, each in its own order. */
static void case_details(pl_view_model *vm, const pl_ws_record *r, const pl_detail_opts *o)
{
    const pl_quality_case *c = r->pcase;
    const char *dot = o->ascii ? "-" : "·";
    section(vm, "Case");
    case_line(vm, r, o);
    section(vm, "Verdict");
    pl_vm_line(vm, -1);
    pl_vm_span(vm, r->score ? ROLE_CORRECT : ROLE_WRONG, "  valid plan %d", r->score);
    pl_vm_span(vm, ROLE_TEXT, "  %s %d of %d action%s executable", dot, r->case_lea, c->nllm, PL_PLURAL(c->nllm));
    if (r->has_value)
        pl_vm_span(vm, ROLE_TEXT, "  %s action distance %.3f", dot, r->value);
    bool optimality = !strcmp(r->task, "planbench-t2"); /* its verdict: valid and optimal */
    if (c->llm_correct >= 0)
        pl_vm_span(vm, c->llm_correct == r->score ? ROLE_DIM : ROLE_HALLUCINATED, "  %s stored verdict %d%s", dot,
                   c->llm_correct, optimality ? " (PlanBench task 2: valid and optimal)" : "");
    if (optimality && r->score && c->llm_correct == 0) {
        pl_vm_line(vm, -1);
        if (c->nllm > c->ngt)
            pl_vm_span(vm, ROLE_HALLUCINATED, "  stored!=: valid but not optimal: %d actions, the optimal ground truth "
                       "has %d", c->nllm, c->ngt);
        else
            pl_vm_span(vm, ROLE_HALLUCINATED, "  stored!=: the plan is valid; the stored verdict also asks for "
                       "optimality");
    }
    if (r->has_value && !r->score)
        pl_detail_distance_note(vm, r->score, r->value, &r->case_failure, o);
    pl_detail_final_score(vm, r, o);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_DIM, "  p: the plan view (AQM labels, LEA, metrics)");
    section(vm, "Ground-truth plan and the model's plan, each in its own order");
    pl_detail_plan_rows(vm, c->gt, c->ngt, c->llm, c->nllm, NULL, &r->case_failure, o);
}

static bool same_question(const pl_ws_record *a, const pl_ws_record *b)
{
    return a->acp == b->acp && a->iou == b->iou && a->pcase == b->pcase && !strcmp(a->model, b->model);
}

/* One line per answer: its verdict and the answer's first line, or the sample's error. */
static void answer_line(pl_view_model *vm, const pl_workspace *ws, int i, const pl_ws_record *r, int attempt,
                        bool epochs, bool attempts, const pl_detail_opts *o)
{
    const pl_ws_record *e = pl_workspace_record(ws, i);
    const char *text = e->resp->error ? e->resp->error : e->resp->response;
    int len = (int)strcspn(text, "\n"), room = o->width > 40 ? o->width - 30 : 10;
    pl_role role = e == r ? ROLE_HEADER : ROLE_TEXT;
    pl_vm_line(vm, i); /* Enter opens the answer, J/K step through them */
    pl_vm_span(vm, role, "  %s ", e == r ? ">" : " ");
    if (attempts)
        pl_vm_span(vm, role, "answer %-3d ", attempt + 1);
    if (epochs || !attempts)
        pl_vm_span(vm, role, "epoch %-3d ", e->epoch);
    if (e->resp->error)
        pl_vm_span(vm, ROLE_ERROR, "errored   ");
    else if (i >= pl_workspace_graded(ws))
        pl_vm_span(vm, ROLE_DIM, "%s", o->ascii ? "grading..." : "grading…  ");
    else
        pl_vm_span(vm, e->score ? ROLE_CORRECT : ROLE_WRONG, "official %d", e->score);
    pl_vm_span(vm, e->resp->error ? ROLE_ERROR : ROLE_DIM, "  %.*s%s", len < room ? len : room, text,
               len < room && !text[len] ? "" : o->ascii ? "..." : "…");
}

/* Every answer of the run to this question, named by epoch (repeat) and,
 * when the run answered the question several times per epoch (a JSONL of
 * separate samples), by answer number: the k-th of its epoch, as
 * runs/epochs.h counts samples; nothing when it answered once. */
static void epochs_section(pl_view_model *vm, const pl_workspace *ws, const pl_ws_record *r, const pl_detail_opts *o)
{
    int n = pl_workspace_count(ws), count = 0;
    for (int i = 0; i < n; i++)
        count += same_question(pl_workspace_record(ws, i), r);
    if (count < 2)
        return;
    int *answers = malloc((size_t)count * sizeof *answers), *attempt = calloc((size_t)count, sizeof *attempt);
    if (!answers || !attempt) {
        vm->oom = true;
        free(answers);
        free(attempt);
        return;
    }
    bool epochs = false, attempts = false;
    for (int i = 0, k = 0; i < n; i++)
        if (same_question(pl_workspace_record(ws, i), r))
            answers[k++] = i;
    for (int k = 0; k < count; k++) {
        int epoch = pl_workspace_record(ws, answers[k])->epoch;
        for (int j = 0; j < k; j++)
            attempt[k] += pl_workspace_record(ws, answers[j])->epoch == epoch;
        epochs |= epoch > 1;
        attempts |= attempt[k] > 0;
    }
    section(vm, attempts ? "Answers of this run (Enter opens one, J/K step)" : "Epochs (Enter opens one, J/K step)");
    for (int k = 0; k < count; k++)
        answer_line(vm, ws, answers[k], r, attempt[k], epochs, attempts, o);
    free(answers);
    free(attempt);
}

/* What an Inspect log said of the answer: the score it stored and its
 * scorer, the other scorers' values, a scorer that raised on it (the answer
 * is graded all the same). */
static void log_scores(pl_view_model *vm, const pl_run_response *p, const pl_detail_opts *o)
{
    if (!p->stored_scorer && !p->other_scores && !p->scorer_error)
        return;
    section(vm, "The log's scores");
    if (p->scorer_error) {
        char *text = pl_strdup_printf("the log's scorer failed: %s", p->scorer_error);
        pl_vm_wrapped(vm, ROLE_ERROR, text ? text : p->scorer_error, o->width, 2);
        free(text);
    }
    if (p->has_stored_score) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_TEXT, "  stored %g", p->stored_score);
        if (p->stored_scorer)
            pl_vm_span(vm, ROLE_DIM, "  (scorer %s: the stored column)", p->stored_scorer);
    }
    if (p->other_scores) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "  other scores: %s", p->other_scores);
    }
}

/* Wrapped text, folded after `limit` lines unless expanded. */
static void folded(pl_view_model *vm, const char *text, const pl_detail_opts *o, int limit, const size_t *marks,
                   int nmarks, pl_role role)
{
    int from = vm->nlines;
    pl_vm_wrapped_marked(vm, role, text, o->width, 2, marks, nmarks, ROLE_PARSED);
    int more = vm->nlines - from - limit;
    if (o->expanded || more <= 1)
        return;
    pl_vm_truncate(vm, from + limit);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_DIM, "  %s %d more line%s folded", o->ascii ? "..." : "…", more, more == 1 ? "" : "s");
}

/* `text` from its first line with something on it (a PDDL context starts
 * with blank lines, which would fill the folded view). */
static const char *skip_blank_lines(const char *text)
{
    const char *line = text;
    for (const char *p = text; *p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'; p++)
        if (*p == '\n')
            line = p + 1;
    return line;
}

#define FOLD_RESPONSE 8
#define FOLD_CONTEXT 4

/* The model's own words beside what was graded, so that a curator can check
 * the extraction: PlanBench's raw response above the plan extracted from
 * it; a run's response with the parts the parser read highlighted, its
 * reasoning and lm-eval's filtered answer; then the prompt it was given.
 * Long texts are folded (`e` unfolds them). */
static void model_texts(pl_view_model *vm, const pl_ws_record *r, const pl_detail_opts *o)
{
    const pl_run_response *p = r->resp;
    if (p->raw) {
        section(vm, "The model's own words (PlanBench llm_raw_response)");
        folded(vm, p->raw, o, FOLD_RESPONSE, NULL, 0, ROLE_TEXT);
    }
    if (p->reasoning) {
        section(vm, "Reasoning (the assistant message's reasoning parts)");
        folded(vm, p->reasoning, o, FOLD_CONTEXT, NULL, 0, ROLE_DIM);
    }
    section(vm, p->raw ? "Extracted plan (what was graded)" : "Response");
    size_t marks[2 * MAX_MARKS];
    int nmarks = pl_detail_marks(r, marks, MAX_MARKS);
    folded(vm, *p->response ? p->response : "(empty)", o, FOLD_RESPONSE, marks, nmarks,
           nmarks ? ROLE_DIM : ROLE_TEXT);
    if (p->filtered) {
        section(vm, "lm-eval's filtered answer (filtered_resps)");
        folded(vm, p->filtered, o, FOLD_CONTEXT, NULL, 0, ROLE_TEXT);
    }
    if (p->prompt) {
        section(vm, r->pcase ? "Prompt (PlanBench query)" : "Prompt");
        folded(vm, skip_blank_lines(p->prompt), o, FOLD_CONTEXT, NULL, 0, ROLE_TEXT);
    }
}

void pl_view_detail(const pl_workspace *ws, int record, const pl_detail_opts *o, pl_detail_cache *cache,
                    pl_view_model *vm)
{
    pl_view_detail_journal(ws, record, o, NULL, cache, vm);
}

void pl_view_detail_journal(const pl_workspace *ws, int record, const pl_detail_opts *o, const pl_journal *journal,
                            pl_detail_cache *cache, pl_view_model *vm)
{
    pl_vm_init(vm);
    const pl_ws_record *r = pl_workspace_record(ws, record);
    const char *dot = o->ascii ? "-" : "·";
    pl_vm_set_title(vm, "%s", r->id);
    pl_vm_line(vm, -1);
    /* the header stays in place: a long id (PlanBench's paths) is cut in the middle to fit */
    char *where = pl_strdup_printf("%s %s %s %s %s %s ", r->model, dot, r->domain, dot, r->task, dot);
    int room = o->width - (where ? pl_text_columns(where) : 0);
    char *id = pl_middle_cut(r->id, room > 12 ? room : 12, o->ascii);
    pl_vm_span(vm, ROLE_HEADER, "%s%s", where ? where : "", id ? id : r->id);
    free(where);
    free(id);
    if (r->epoch > 1 || (r->resp->sample_id && strcmp(r->resp->sample_id, r->id)))
        pl_vm_span(vm, ROLE_DIM, " %s epoch %d %s sample %s", dot, r->epoch, dot,
                   r->resp->sample_id ? r->resp->sample_id : "-");
    vm->nfixed = 1;
    const char *context = r->iou ? r->iou->context : r->acp ? r->acp->context : NULL;
    const char *question = r->iou ? r->iou->question : r->acp ? r->acp->question : NULL;
    if (r->pcase) {
        context = r->pcase->problem_text;
        question = "A plan for this problem (the response below is the model's plan).";
    }
    /* what was decided first; the long texts it was decided on after, folded */
    if (r->resp->error) {
        section(vm, "Sample error (not graded: Inspect leaves errored samples out of its metrics)");
        pl_vm_wrapped(vm, ROLE_ERROR, r->resp->error, o->width, 2);
    } else if (!r->graded) {
        section(vm, "Verdict");
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "  grading%s", o->ascii ? "..." : "…");
    } else if (r->error) {
        section(vm, "Verdict");
        pl_vm_wrapped(vm, ROLE_ERROR, r->error, o->width, 2);
    } else if (r->pcase) {
        case_details(vm, r, o);
    } else if (r->iou) {
        section(vm, "Verdict");
        pl_vm_line(vm, -1);
        pl_vm_span(vm, r->score ? ROLE_CORRECT : ROLE_WRONG, "  binary success %d", r->score);
        pl_vm_span(vm, ROLE_TEXT, "  %s %.3f", r->is_distance ? "action distance" : "IoU", r->value);
        if (r->iou_v.note)
            pl_vm_wrapped(vm, ROLE_DIM, r->iou_v.note, o->width, 2);
        if (r->is_distance && r->iou_v.list.ok && !r->score)
            pl_detail_distance_note(vm, r->score, r->value, &r->iou_v.failure, o);
        section(vm, r->is_distance && r->iou_v.list.ok ? "Ground-truth plan and the model's plan, each in its own order"
                                                       : "Ground truth and answer");
        if (!r->iou_v.list.ok) {
            pl_vm_line(vm, -1);
            pl_vm_span(vm, ROLE_ERROR, "  no list found in the response: parse failure (IoU 0)");
        }
        if (r->is_distance && r->iou_v.list.ok)
            pl_detail_plan_rows(vm, r->iou->answer, r->iou->nanswer, r->iou_v.list.items, r->iou_v.list.count,
                                &r->iou_v.cmp, &r->iou_v.failure, o);
        else
            side_by_side(vm, &r->iou_v.cmp, o);
    } else {
        acp_details(vm, r, cache, o);
    }
    failure_record(vm, r, o);
    log_scores(vm, r->resp, o);
    epochs_section(vm, ws, r, o);
    char *akey = journal ? pl_workspace_answer_key(ws, record) : NULL;
    char *qkey = journal ? pl_workspace_question_key(ws, record) : NULL;
    bool recorded = journal && ((akey && pl_journal_state_of(journal, akey)) ||
                                (qkey && pl_journal_state_of(journal, qkey)));
    if (recorded) /* its notes, flags and review, and its question's, with their authors */
        pl_view_curation(vm, journal, akey, qkey, o->width);
    free(akey);
    free(qkey);
    if (!recorded && (r->flagged || r->note)) { /* no journal, or an old notes file's (converted) */
        section(vm, "Curator's note");
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_MISSED, "  %s", r->flagged ? "flagged" : "not flagged");
        if (r->note)
            pl_vm_wrapped(vm, ROLE_TEXT, r->note, o->width, 2);
    }
    section(vm, "Question");
    pl_vm_wrapped(vm, ROLE_TEXT, question ? question : "(none)", o->width, 2);
    model_texts(vm, r, o);
    section(vm, "Context");
    folded(vm, context ? skip_blank_lines(context) : "(none)", o, FOLD_CONTEXT, NULL, 0, ROLE_TEXT);
    pl_vm_set_status(vm, "%s", r->resp->source);
}
