/* planlens grade --shard I/N: the shard's rows as a part, and the table of
 * the merged parts (docs/CLUSTER.md).  JSONL, JSON and CSV units are the
 * printers' own text for each row; a table unit carries what the table
 * counts, and the merge rebuilds the rows and prints them with the same
 * printer, so every format comes out as one process prints it. */
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "grade_shard.h"
#include "merge.h"

typedef struct {
    const grade_row *row;
    grade_mode mode;
    bool csv;
} one_row;

static void print_one(FILE *f, const void *ctx)
{
    const one_row *o = ctx;
    if (o->csv)
        grade_print_csv(f, o->row, 1, o->mode);
    else
        grade_print_jsonl(f, o->row, 1, o->mode, false);
}

/* What the review summary counts of a row (--apply-review). */
static void add_review(cJSON *o, const grade_row_review *v)
{
    if (!v->line && !v->exclude_line)
        return;
    cJSON *rv = cJSON_AddObjectToObject(o, "review");
    cJSON_AddNumberToObject(rv, "line", v->line);
    if (v->by)
        cJSON_AddStringToObject(rv, "by", v->by);
    if (v->question_scope)
        cJSON_AddTrueToObject(rv, "question");
    if (v->regraded)
        cJSON_AddStringToObject(rv, "regraded", v->regraded);
    cJSON_AddNumberToObject(rv, "was_score", v->was_score);
    cJSON_AddNumberToObject(rv, "was_sound", v->was_sound);
    cJSON_AddNumberToObject(rv, "exclude_line", v->exclude_line);
    if (v->excluded_by)
        cJSON_AddStringToObject(rv, "excluded_by", v->excluded_by);
    if (v->exclude_question)
        cJSON_AddTrueToObject(rv, "exclude_question");
}

static char *string_of(const cJSON *unit, const char *key)
{
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(unit, key));
}

static grade_row_review review_of(const cJSON *unit)
{
    const cJSON *rv = cJSON_GetObjectItemCaseSensitive(unit, "review");
    if (!rv)
        return (grade_row_review){0};
    return (grade_row_review){cli_merge_int(rv, "line"),
                              string_of(rv, "by"),
                              cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(rv, "question")),
                              string_of(rv, "regraded"),
                              cli_merge_int(rv, "was_score"),
                              cli_merge_int(rv, "was_sound"),
                              cli_merge_int(rv, "exclude_line"),
                              string_of(rv, "excluded_by"),
                              cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(rv, "exclude_question"))};
}

/* What the table needs of a row: question index (-1: none), task, format,
 * model, epoch, error, path, scores (the Inspect one with the exception it
 * raises and the rule that sets it apart), stored score, what the review
 * journal did to it. */
static cJSON *table_unit(const grade_row *r, const pl_acp_questions *qs)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "q", r->q ? (double)(r->q - qs->items) : -1);
    if (r->q) {
        cJSON_AddNumberToObject(o, "task", r->q->task);
        cJSON_AddNumberToObject(o, "format", r->q->format);
    }
    if (r->resp->model)
        cJSON_AddStringToObject(o, "model", r->resp->model);
    cJSON_AddNumberToObject(o, "epoch", r->resp->epoch);
    if (r->error) {
        cJSON_AddTrueToObject(o, "error");
    } else {
        if (r->v.path)
            cJSON_AddStringToObject(o, "path", r->v.path);
        cJSON_AddNumberToObject(o, "score", r->v.score);
        cJSON_AddNumberToObject(o, "sound_score", r->v.sound_score);
        cJSON_AddNumberToObject(o, "inspect_score", r->inspect.score);
        if (r->inspect.raised)
            cJSON_AddStringToObject(o, "inspect_error", r->inspect.raised);
        if (r->inspect.official_rule)
            cJSON_AddStringToObject(o, "official_rule", r->inspect.official_rule);
    }
    if (r->resp->has_stored_score)
        cli_part_add_double(o, "stored_score", r->resp->stored_score);
    /* the reducer, the log's status, its scorers: what the table says of a run × task */
    if (r->reducer)
        cJSON_AddStringToObject(o, "reducer", r->reducer);
    if (r->run_status)
        cJSON_AddStringToObject(o, "run_status", r->run_status);
    if (r->resp->other_scores && r->resp->stored_scorer)
        cJSON_AddStringToObject(o, "stored_scorer", r->resp->stored_scorer);
    if (r->resp->scorer_error)
        cJSON_AddTrueToObject(o, "scorer_error");
    add_review(o, &r->review);
    return o;
}

int grade_write_part(FILE *f, const cli_shard *s, int argc, char **argv, const char *format, grade_mode mode,
                     const grade_row *rows, int n, const pl_acp_questions *qs, const grade_review_note *review)
{
    static const cli_part_layout lines = {"", "", "", NULL}, array = {"[\n", ",\n", "\n]\n", "[\n\n]\n"};
    const cli_part_layout csv = {grade_csv_header(mode), "", "", NULL};
    bool is_csv = !strcmp(format, "csv"), is_json = !strcmp(format, "json"), is_table = !strcmp(format, "table");
    cJSON *options = cJSON_CreateObject();
    cJSON_AddNumberToObject(options, "mode", mode);
    if (mode & GRADE_REVIEW) { /* what every shard says alike of the journal (grade_review.h) */
        cJSON *note = cJSON_AddObjectToObject(options, "review");
        cJSON_AddStringToObject(note, "journal", review->journal ? review->journal : "");
        cJSON_AddStringToObject(note, "lines", review->lines ? review->lines : "");
    }
    cli_part *p = cli_part_begin(f, "grade", s, format, argc, argv, is_csv ? &csv : is_json ? &array : &lines,
                                 options);
    for (int i = 0; p && i < n; i++) {
        if (!rows[i].in_shard)
            continue;
        if (is_table) {
            cli_part_row(p, i, 0, table_unit(&rows[i], qs));
            continue;
        }
        one_row o = {&rows[i], mode, is_csv};
        char *text = cli_capture(print_one, &o, is_json);
        /* CSV: the row after the header line the printer writes first */
        cli_part_text(p, i, 0, text && is_csv ? strchr(text, '\n') + 1 : text);
        free(text);
    }
    return cli_part_end(p, PL_EXIT_OK, NULL);
}

int grade_merge_table(FILE *out, const cli_merged *m)
{
    int nq = 0;
    for (int i = 0; i < m->n; i++)
        nq = cli_merge_int(m->units[i].data, "q") >= nq ? cli_merge_int(m->units[i].data, "q") + 1 : nq;
    /* The table orders questions by their address: one array, by index */
    pl_acp_question *qs = calloc((size_t)nq + 1, sizeof *qs);
    pl_run_response *resps = calloc((size_t)m->n + 1, sizeof *resps);
    grade_row *rows = calloc((size_t)m->n + 1, sizeof *rows);
    if (!qs || !resps || !rows) {
        free(qs);
        free(resps);
        free(rows);
        return -1;
    }
    static char errored[] = "error"; /* the table reads only whether there is an error, never its text */
    for (int i = 0; i < m->n; i++) {
        const cJSON *u = m->units[i].data;
        int q = cli_merge_int(u, "q");
        resps[i] = (pl_run_response){.model = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(u, "model")),
                                     .epoch = cli_merge_int(u, "epoch"),
                                     .has_stored_score = cJSON_HasObjectItem(u, "stored_score"),
                                     .stored_scorer = string_of(u, "stored_scorer"),
                                     .other_scores = string_of(u, "stored_scorer"), /* the table asks only: several? */
                                     .scorer_error = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(u, "scorer_error"))
                                                         ? errored
                                                         : NULL,
                                     .stored_score = cli_merge_double(u, "stored_score")};
        if (q >= 0) {
            qs[q].task = (pl_acp_task)cli_merge_int(u, "task");
            qs[q].format = (pl_acp_format)cli_merge_int(u, "format");
        }
        rows[i] = (grade_row){.resp = &resps[i], .q = q >= 0 ? &qs[q] : NULL, .in_shard = true,
                              .reducer = string_of(u, "reducer"), .run_status = string_of(u, "run_status")};
        rows[i].error = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(u, "error")) ? errored : NULL;
        rows[i].v.path = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(u, "path"));
        rows[i].v.score = cli_merge_int(u, "score");
        rows[i].v.sound_score = cli_merge_int(u, "sound_score");
        rows[i].inspect = (pl_inspect_verdict){cli_merge_int(u, "inspect_score"), string_of(u, "inspect_error"),
                                               string_of(u, "official_rule")};
        rows[i].review = review_of(u);
    }
    const cJSON *note = cJSON_GetObjectItemCaseSensitive(m->options, "review");
    grade_review_note review = {string_of(note, "journal"), string_of(note, "lines")};
    grade_print_table(out, rows, m->n, (grade_mode)cli_merge_int(m->options, "mode"), &review);
    free(qs);
    free(resps);
    free(rows);
    return 0;
}
