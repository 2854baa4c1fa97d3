/* Output formats of planlens grade. */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/sort.h"
#include "cli.h"
#include "grade_review.h"
#include "runs/epochs.h"
#include "csv_out.h"
#include "export_answer.h"

static bool is_integer_text(const char *s)
{
    if (*s == '-')
        s++;
    if (!*s)
        return false;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return false;
    return true;
}

/* The matched question's identity: every output names the question, not
 * the sample (Inspect numbers the samples of IBM's tasks 1..N). */
static const char *group_of(const grade_row *r)
{
    return r->q ? r->q->group : r->resp->group;
}

static const char *id_of(const grade_row *r)
{
    return r->q ? r->q->id : r->resp->id;
}

static cJSON *id_json(const char *id)
{
    return is_integer_text(id) ? cJSON_CreateRaw(id) : cJSON_CreateString(id);
}

/* The official score of a graded row: lm-eval's, or with GRADE_INSPECT the
 * Inspect scorers' (-1: the scorer raises). */
static int official_score(const grade_row *r, grade_mode mode)
{
    return mode & GRADE_INSPECT ? r->inspect.score : r->v.score;
}

/* The official verdict: `score` (null when the Inspect scorer raises, with
 * `official_error` naming the exception); where the two official graders
 * differ, `official_rule` and the other grader's score (with
 * `inspect_error` when that is the Inspect one and it raises). */
static void add_official(cJSON *o, const grade_row *r, grade_mode mode)
{
    const pl_inspect_verdict *iv = &r->inspect;
    bool inspect = mode & GRADE_INSPECT;
    if (official_score(r, mode) < 0) {
        cJSON_AddNullToObject(o, "score");
        cJSON_AddStringToObject(o, "official_error", iv->raised);
    } else {
        cJSON_AddNumberToObject(o, "score", official_score(r, mode));
    }
    if (!iv->official_rule)
        return;
    cJSON_AddStringToObject(o, "official_rule", iv->official_rule);
    if (inspect) {
        cJSON_AddNumberToObject(o, "lm_eval_score", r->v.score);
    } else if (iv->raised) {
        cJSON_AddNullToObject(o, "inspect_score");
        cJSON_AddStringToObject(o, "inspect_error", iv->raised);
    } else {
        cJSON_AddNumberToObject(o, "inspect_score", iv->score);
    }
}

static void add_score(cJSON *o, const char *name, int score)
{
    if (score < 0)
        cJSON_AddNullToObject(o, name);
    else
        cJSON_AddNumberToObject(o, name, score);
}

/* --apply-review: `excluded` and `review` {"override": the score set, or
 * "regraded": the corrected stored answer graded against, "scope", "by",
 * "line", "was": {"score", "sound_score"}, "excluded_by", "excluded_line",
 * "excluded_scope"} when the journal changed the row. */
static void add_review(cJSON *o, const grade_row *r, grade_mode mode)
{
    const grade_row_review *v = &r->review;
    if (!(mode & GRADE_REVIEW) || (!v->line && !v->exclude_line))
        return;
    if (v->exclude_line)
        cJSON_AddTrueToObject(o, "excluded");
    cJSON *rv = cJSON_AddObjectToObject(o, "review");
    if (v->line) {
        if (v->regraded)
            cJSON_AddStringToObject(rv, "regraded", v->regraded);
        else
            add_score(rv, "override", official_score(r, mode));
        cJSON_AddStringToObject(rv, "scope", v->question_scope ? "question" : "answer");
        cJSON_AddStringToObject(rv, "by", v->by ? v->by : "");
        cJSON_AddNumberToObject(rv, "line", v->line);
        cJSON *was = cJSON_AddObjectToObject(rv, "was");
        add_score(was, "score", v->was_score);
        cJSON_AddNumberToObject(was, "sound_score", v->was_sound);
    }
    if (v->exclude_line) {
        cJSON_AddStringToObject(rv, "excluded_by", v->excluded_by ? v->excluded_by : "");
        cJSON_AddNumberToObject(rv, "excluded_line", v->exclude_line);
        cJSON_AddStringToObject(rv, "excluded_scope", v->exclude_question ? "question" : "answer");
    }
}

/* One row as a JSON object; ids are printed as the exact integers they are.
 * A wrong answer's failure comes with the sound verdict it explains. */
static cJSON *row_json(const grade_row *r, grade_mode mode)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "key", r->key ? r->key : "");
    cJSON_AddItemToObject(o, "id", id_json(id_of(r)));
    cJSON_AddItemToObject(o, "group", group_of(r) ? cJSON_CreateString(group_of(r)) : cJSON_CreateNull());
    if (r->resp->sample_id)
        cJSON_AddItemToObject(o, "sample_id", id_json(r->resp->sample_id));
    cJSON_AddNumberToObject(o, "epoch", r->resp->epoch);
    cJSON_AddItemToObject(o, "model", r->resp->model ? cJSON_CreateString(r->resp->model) : cJSON_CreateNull());
    if (r->run_status) /* the log did not finish: its run's accuracy is partial */
        cJSON_AddStringToObject(o, "run_status", r->run_status);
    if (r->error) {
        cJSON_AddNullToObject(o, "parsed");
        cJSON_AddNullToObject(o, "score");
        cJSON_AddStringToObject(o, "error", r->error);
        add_review(o, r, mode);
        return o;
    }
    cJSON_AddItemToObject(o, "parsed", r->v.parsed ? cJSON_Duplicate(r->v.parsed, true) : cJSON_CreateNull());
    if (mode & GRADE_OFFICIAL)
        add_official(o, r, mode);
    if (mode & GRADE_SOUND) {
        cJSON_AddNumberToObject(o, "sound_score", r->v.sound_score);
        if (r->v.sound_reason)
            cJSON_AddStringToObject(o, "sound_reason", r->v.sound_reason);
    }
    cJSON_AddStringToObject(o, "path", r->v.path ? r->v.path : "");
    if (r->v.has_iou)
        cJSON_AddNumberToObject(o, "iou", r->v.iou);
    if (r->resp->has_stored_score)
        cJSON_AddNumberToObject(o, "stored_score", r->resp->stored_score);
    if (r->resp->other_scores) { /* several scorers: which one stored_score is, and the others */
        if (r->resp->stored_scorer)
            cJSON_AddStringToObject(o, "stored_scorer", r->resp->stored_scorer);
        cJSON_AddStringToObject(o, "other_scores", r->resp->other_scores);
    }
    if (r->resp->scorer_error)
        cJSON_AddStringToObject(o, "scorer_error", r->resp->scorer_error);
    if ((mode & GRADE_SOUND) && r->v.failure.kind != PL_FAIL_NONE)
        cJSON_AddItemToObject(o, "failure", cli_failure_json(&r->v.failure));
    add_review(o, r, mode);
    return o;
}

void grade_print_jsonl(FILE *f, const grade_row *rows, int n, grade_mode mode, bool as_array)
{
    bool first = true;
    if (as_array)
        fputs("[\n", f);
    for (int i = 0; i < n; i++) {
        if (!rows[i].in_shard)
            continue;
        cJSON *o = row_json(&rows[i], mode);
        char *s = o ? cli_json_text(o, false) : NULL;
        if (s)
            fprintf(f, "%s%s%s", as_array && !first ? ",\n" : "", s, as_array ? "" : "\n");
        first = false;
        free(s);
        cJSON_Delete(o);
    }
    if (as_array)
        fputs("\n]\n", f);
}

static const char *task_label(const grade_row *r);

/* The answer schema (views/csv_out.h), the explorer's list export's, then
 * with --apply-review what the journal did. */
const char *grade_csv_header(grade_mode mode)
{
#define GRADE_CSV_REVIEW                                                                                        \
    ",review,review_scope,review_by,review_line,review_answer,was_score,was_sound_score,excluded,excluded_by," \
    "excluded_line\n"
    return mode & GRADE_REVIEW ? PL_ANSWER_CSV_HEADER GRADE_CSV_REVIEW : PL_ANSWER_CSV_HEADER "\n";
}

/* The review columns of a row (GRADE_REVIEW), each after a comma. */
static void csv_review(FILE *f, const grade_row *r)
{
    const grade_row_review *v = &r->review;
    char line[16] = "", was[16] = "", was_sound[16] = "", xline[16] = "";
    if (v->line) {
        snprintf(line, sizeof line, "%d", v->line);
        if (v->was_score >= 0)
            snprintf(was, sizeof was, "%d", v->was_score);
        snprintf(was_sound, sizeof was_sound, "%d", v->was_sound);
    }
    if (v->exclude_line)
        snprintf(xline, sizeof xline, "%d", v->exclude_line);
    const char *cells[] = {!v->line ? NULL : v->regraded ? "regraded" : "override",
                           !v->line ? NULL : v->question_scope ? "question" : "answer",
                           v->line ? v->by : NULL, line, v->regraded, was, was_sound,
                           v->exclude_line ? "true" : NULL, v->exclude_line ? v->excluded_by : NULL, xline};
    for (size_t i = 0; i < sizeof cells / sizeof *cells; i++) {
        fputc(',', f);
        pl_csv_put(f, cells[i]);
    }
}

/* Room for the number cells of one row. */
typedef struct {
    char epoch[16], score[16], sound[16], iou[32], stored[32], lm_eval[16], inspect[16], step[16], line[16];
} number_cells;

/* The official graders' cells: the official score (lm-eval's, or Inspect's
 * under --official inspect; none when its scorer raises), both graders'
 * scores and why they differ. */
static void official_cells(const grade_row *r, grade_mode mode, const char **cells, number_cells *b)
{
    if (r->error || !(mode & GRADE_OFFICIAL))
        return;
    if (official_score(r, mode) >= 0) {
        snprintf(b->score, sizeof b->score, "%d", official_score(r, mode));
        cells[PL_AC_SCORE] = b->score;
    }
    snprintf(b->lm_eval, sizeof b->lm_eval, "%d", r->v.score);
    cells[PL_AC_LM_EVAL_SCORE] = b->lm_eval;
    if (r->inspect.raised) {
        cells[PL_AC_INSPECT_ERROR] = r->inspect.raised;
    } else {
        snprintf(b->inspect, sizeof b->inspect, "%d", r->inspect.score);
        cells[PL_AC_INSPECT_SCORE] = b->inspect;
    }
    cells[PL_AC_OFFICIAL_RULE] = r->inspect.official_rule;
}

/* The sound verdict's cells: its score and reason, and a wrong answer's
 * failure record (a kind its grader did not give is "other", as the
 * explorer names it). */
static void sound_cells(const grade_row *r, grade_mode mode, const char **cells, number_cells *b)
{
    cells[PL_AC_SOUND_REASON] = r->error ? r->error : r->v.sound_reason;
    if (r->error || !(mode & GRADE_SOUND))
        return;
    snprintf(b->sound, sizeof b->sound, "%d", r->v.sound_score);
    cells[PL_AC_SOUND_SCORE] = b->sound;
    const pl_failure *fl = &r->v.failure;
    if (r->v.sound_score)
        return;
    cells[PL_AC_FAILURE_KIND] = pl_failure_kind_name(fl->kind == PL_FAIL_NONE ? PL_FAIL_OTHER : fl->kind);
    cells[PL_AC_FAILURE_KEY] = fl->key;
    if (fl->step) {
        snprintf(b->step, sizeof b->step, "%d", fl->step);
        cells[PL_AC_FAILURE_STEP] = b->step;
    }
    cells[PL_AC_FAILURE_DETAIL] = fl->detail;
}

/* One row in the answer schema, the columns the CLI knows filled. */
static void csv_row(FILE *f, const grade_row *r, grade_mode mode)
{
    const char *cells[PL_AC_COUNT] = {0};
    number_cells b;
    snprintf(b.epoch, sizeof b.epoch, "%d", r->resp->epoch);
    cells[PL_AC_ID] = id_of(r);
    cells[PL_AC_SAMPLE_ID] = r->resp->sample_id;
    cells[PL_AC_EPOCH] = b.epoch;
    cells[PL_AC_MODEL] = r->resp->model;
    char *domain = r->q ? pl_acp_question_domain(r->q) : NULL;
    cells[PL_AC_DOMAIN] = domain;
    cells[PL_AC_TASK] = r->q ? task_label(r) : NULL;
    official_cells(r, mode, cells, &b);
    sound_cells(r, mode, cells, &b);
    cells[PL_AC_PATH] = r->error ? "error" : r->v.path;
    if (r->v.has_iou) {
        snprintf(b.iou, sizeof b.iou, "%.6f", r->v.iou);
        cells[PL_AC_IOU] = b.iou;
    }
    if (!r->error)
        cells[PL_AC_PARSE_FAILED] = r->v.parsed && cJSON_IsNull(r->v.parsed) ? "true" : "false";
    if (r->resp->has_stored_score) {
        snprintf(b.stored, sizeof b.stored, "%g", r->resp->stored_score);
        cells[PL_AC_STORED_SCORE] = b.stored;
    }
    cells[PL_AC_KEY] = r->key;
    cells[PL_AC_GROUP] = group_of(r);
    cells[PL_AC_QUESTION] = r->q ? r->q->question : NULL;
    cells[PL_AC_FILE] = r->resp->source;
    if (r->resp->line > 0) {
        snprintf(b.line, sizeof b.line, "%d", r->resp->line);
        cells[PL_AC_LINE] = b.line;
    }
    char *stored = r->q ? pl_csv_json_text(r->q->answer) : NULL;
    char *parsed = r->error ? NULL : pl_csv_json_text(r->v.parsed);
    cells[PL_AC_STORED_ANSWER] = stored;
    cells[PL_AC_PARSED_ANSWER] = parsed;
    cells[PL_AC_RESPONSE] = r->resp->response;
    pl_answer_csv_put(f, cells);
    if (mode & GRADE_REVIEW)
        csv_review(f, r);
    fputc('\n', f);
    free(domain);
    free(stored);
    free(parsed);
}

void grade_print_csv(FILE *f, const grade_row *rows, int n, grade_mode mode)
{
    fputs(grade_csv_header(mode), f);
    for (int i = 0; i < n; i++)
        if (rows[i].in_shard)
            csv_row(f, &rows[i], mode);
}

/* ---- table ---- */

/* Accuracy is reduced as Inspect reduces epochs: each sample's scores are
 * reduced over its graded epochs (repeats) with its run's reducer, then the
 * sample scores are averaged; errored answers count in neither. */
typedef struct {
    const char *task, *model;
    int n, epochs, parse_errors, disagree, stored_n, stored_disagree, errors, scorer_failures;
    int official_differ;       /* answers the Inspect and lm-eval graders score differently */
    int raised;                /* --official inspect: answers whose Inspect scorer raises (no score) */
    double sum, sum2, sound_sum, sound_sum2;
    char reducer[32];          /* the reducer of its answers ("mixed" when they differ) */
    const char *status;        /* how a log of it ended when it did not finish, or NULL */
    int more_statuses;         /* other such logs */
    const char *stored_scorer; /* the scorer of the stored scores when the log has several */
} table_cell;

static const char *task_label(const grade_row *r)
{
    if (!r->q)
        return "?";
    static const char *const suffix[] = {"", "-bool", "-mcq"};
    static char labels[PL_ACP_NTASKS][3][16];
    char *l = labels[r->q->task][r->q->format];
    if (!l[0])
        snprintf(l, 16, "%s%s", pl_acp_task_name(r->q->task), suffix[r->q->format]);
    return l;
}

static const char *model_label(const grade_row *r)
{
    return r->resp->model ? r->resp->model : "-";
}

static table_cell *cell_for(table_cell *cells, int *ncells, const char *task, const char *model)
{
    for (int i = 0; i < *ncells; i++)
        if (!strcmp(cells[i].task, task) && !strcmp(cells[i].model, model))
            return &cells[i];
    table_cell *c = &cells[(*ncells)++];
    memset(c, 0, sizeof *c);
    c->task = task;
    c->model = model;
    return c;
}

/* The reducer a row's epochs are reduced with (an unknown name: mean). */
static pl_epoch_reducer row_reducer(const grade_row *r)
{
    pl_epoch_reducer red;
    if (!pl_epoch_reducer_parse(r->reducer, &red))
        pl_epoch_reducer_parse(NULL, &red);
    return red;
}

/* Has the row an official score?  Not when its Inspect scorer raises and
 * that is the official grader: Inspect leaves such a sample out of its
 * metrics, and so does the table. */
static bool officially_scored(const grade_row *r, grade_mode mode)
{
    return !r->error && official_score(r, mode) >= 0;
}

/* The counts of one answer. */
static void cell_count(table_cell *c, const grade_row *r, grade_mode mode)
{
    char reducer[32];
    pl_epoch_reducer red = row_reducer(r);
    pl_epoch_reducer_name(&red, reducer, sizeof reducer);
    if (!c->reducer[0] || strcmp(c->reducer, reducer))
        snprintf(c->reducer, sizeof c->reducer, "%s", c->reducer[0] ? "mixed" : reducer);
    if (r->run_status && (!c->status || strcmp(c->status, r->run_status))) {
        c->more_statuses += c->status != NULL;
        c->status = c->status ? c->status : r->run_status;
    }
    if (r->resp->other_scores && r->resp->stored_scorer && !c->stored_scorer)
        c->stored_scorer = r->resp->stored_scorer;
    if (r->error) {
        c->errors++;
        return;
    }
    c->epochs = r->resp->epoch > c->epochs ? r->resp->epoch : c->epochs;
    c->parse_errors += r->v.path && !strcmp(r->v.path, "parse-error");
    c->scorer_failures += r->resp->scorer_error != NULL;
    c->official_differ += r->inspect.official_rule != NULL;
    if (!officially_scored(r, mode)) {
        c->raised++;
        return;
    }
    c->disagree += official_score(r, mode) != r->v.sound_score;
    if (r->resp->has_stored_score) {
        c->stored_n++;
        c->stored_disagree += fabs(r->resp->stored_score - official_score(r, mode)) > 1e-9;
    }
}

/* One question's mean scores over its epochs. */
static void cell_question(table_cell *c, double official, double sound)
{
    c->n++;
    c->sum += official;
    c->sum2 += official * official;
    c->sound_sum += sound;
    c->sound_sum2 += sound * sound;
}

/* "0.650 ± 0.076": the mean and its standard error (ddof = 1, as scipy.stats.sem); "1.000 (n = 1)" for one
 * sample (issue 41: one answer has no standard error, and "± 0.000" would claim one). */
static void mean_sem(char *buf, size_t size, double sum, double sum2, int n)
{
    if (n == 0) {
        snprintf(buf, size, "-");
        return;
    }
    double mean = sum / n;
    if (n == 1) { /* as wide as "0.650 ± 0.076", so the columns stay aligned */
        snprintf(buf, size, "%.3f (n = 1)", mean);
        return;
    }
    double var = (sum2 - n * mean * mean) / (n - 1);
    snprintf(buf, size, "%.3f ± %.3f", mean, sqrt(var > 0 ? var : 0) / sqrt(n));
}

static int cmp_cell(const void *a, const void *b)
{
    const table_cell *x = a, *y = b;
    int c = strcmp(x->model, y->model);
    return c ? c : strcmp(x->task, y->task);
}

static void print_cell(FILE *f, const table_cell *c, grade_mode mode)
{
    char off[40], snd[40], stored[24];
    mean_sem(off, sizeof off, c->sum, c->sum2, c->n);
    mean_sem(snd, sizeof snd, c->sound_sum, c->sound_sum2, c->n);
    if (c->stored_n)
        snprintf(stored, sizeof stored, "%d/%d", c->stored_disagree, c->stored_n);
    else
        snprintf(stored, sizeof stored, "-");
    fprintf(f, "%-20s %-12s %6d %6d  %-16s %-16s %7d %9d %7d %14s %7d %7d  %s\n", cli_text(c->model),
            cli_text(c->task), c->n, c->epochs, mode & GRADE_OFFICIAL ? off : "-", mode & GRADE_SOUND ? snd : "-",
            c->parse_errors, c->disagree, c->official_differ, stored, c->errors, c->scorer_failures,
            cli_text(c->reducer));
    if (c->status)
        fprintf(f, "  %s%s: accuracy partial (over the samples the log has)\n", cli_text(c->status),
                c->more_statuses ? " (and other logs that did not finish)" : "");
    if (c->stored_scorer)
        fprintf(f, "  stored scores: %s (the log has several scorers)\n", cli_text(c->stored_scorer));
    if (c->scorer_failures)
        fprintf(f, "  the log's scorer failed on %d answer%s: graded all the same\n", c->scorer_failures,
                c->scorer_failures == 1 ? "" : "s");
    if (c->raised)
        fprintf(f, "  the Inspect scorer raises on %d answer%s: left out of the accuracy, as Inspect leaves them\n",
                c->raised, c->raised == 1 ? "" : "s");
}

static const grade_row *sort_rows;

/* Rows by model, then question (unmatched rows last, in input order). */
static int by_model_question(const void *x, const void *y)
{
    const grade_row *a = &sort_rows[*(const int *)x], *b = &sort_rows[*(const int *)y];
    int c = strcmp(model_label(a), model_label(b));
    if (c)
        return c;
    if (a->q != b->q)
        return !a->q ? 1 : !b->q ? -1 : a->q < b->q ? -1 : 1;
    return *(const int *)x - *(const int *)y;
}

/* An unmatched row is a group of its own. */
static bool same_question(const grade_row *a, const grade_row *b)
{
    return a->q && a->q == b->q && !strcmp(model_label(a), model_label(b));
}

static const pl_epoch_reducer *the_reducer(const void *run, void *ctx)
{
    (void)run;
    return ctx;
}

/* Room for the reduction over epochs of one (model, question). */
typedef struct {
    pl_epoch_answer *answers;
    pl_epoch_sample *samples;
} epoch_scratch;

/* The rows of one (model, question), from order[k]: counted, and each
 * sample's mean over its epochs (runs/epochs.h: a JSONL's several answers to
 * one question are several samples) added to the question's task and to
 * "all".  Returns the next k. */
static int add_question(table_cell *cells, int *ncells, const grade_row *rows, const int *order, int k, int n,
                        grade_mode mode, epoch_scratch *scratch)
{
    const grade_row *first = &rows[order[k]];
    table_cell *task = cell_for(cells, ncells, task_label(first), model_label(first));
    table_cell *all = cell_for(cells, ncells, "all", model_label(first));
    int end = k, graded = 0;
    pl_epoch_reducer reducer = row_reducer(first); /* a (model, question)'s answers come from one log */
    for (; end < n && (end == k || same_question(first, &rows[order[end]])); end++) {
        const grade_row *r = &rows[order[end]];
        cell_count(task, r, mode);
        cell_count(all, r, mode);
        if (officially_scored(r, mode))
            scratch->answers[graded++] = (pl_epoch_answer){NULL, r->q, r->resp->epoch, order[end],
                                                           official_score(r, mode), r->v.sound_score};
    }
    int nsamples = first->q ? pl_epoch_samples_reduced(scratch->answers, graded, the_reducer, &reducer,
                                                       scratch->samples)
                            : 0;
    for (int i = 0; i < nsamples; i++) {
        if (isnan(scratch->samples[i].official))
            continue; /* pass_at_k short of k epochs: unscored, as Inspect leaves it out */
        cell_question(task, scratch->samples[i].official, scratch->samples[i].sound);
        cell_question(all, scratch->samples[i].official, scratch->samples[i].sound);
    }
    return end;
}

void grade_print_table(FILE *f, const grade_row *rows, int n, grade_mode mode, const grade_review_note *review)
{
    table_cell *cells = calloc((size_t)n * 2 + 2, sizeof *cells);
    int *order = malloc(((size_t)n + 1) * sizeof *order);
    epoch_scratch scratch = {malloc(((size_t)n + 1) * sizeof *scratch.answers),
                             malloc(((size_t)n + 1) * sizeof *scratch.samples)};
    if (!cells || !order || !scratch.answers || !scratch.samples) {
        free(cells);
        free(order);
        free(scratch.answers);
        free(scratch.samples);
        return;
    }
    int ncells = 0, m = 0;
    for (int i = 0; i < n; i++)
        if (rows[i].in_shard && !((mode & GRADE_REVIEW) && rows[i].review.exclude_line))
            order[m++] = i;
    sort_rows = rows; /* the CLI prints on one thread */
    pl_sort(order, (size_t)m, sizeof *order, by_model_question);
    for (int k = 0; k < m;)
        k = add_question(cells, &ncells, rows, order, k, m, mode, &scratch);
    pl_sort(cells, (size_t)ncells, sizeof *cells, cmp_cell);
    fprintf(f, "%-20s %-12s %6s %6s  %-16s %-16s %7s %9s %7s %14s %7s %7s  %s\n", "model", "task", "n", "epochs",
            mode & GRADE_INSPECT ? "inspect" : "official", "sound", "unparsed", "off!=snd", "ins!=lm", "stored!=ours",
            "errors", "scorer!", "reducer");
    for (int i = 0; i < ncells; i++)
        print_cell(f, &cells[i], mode);
    if ((mode & GRADE_REVIEW) && review)
        grade_review_summary(f, rows, n, mode, review, "");
    free(order);
    free(cells);
    free(scratch.answers);
    free(scratch.samples);
}
