/* Exporting the records behind a screen to CSV, JSON or JSONL: the file
 * name's extension picks the format, any other extension is refused. */
#define _POSIX_C_SOURCE 200809L
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "answer_text.h"
#include "base/atomic_file.h"
#include "base/safe_text.h"
#include "csv_out.h"
#include "export_answer.h"
#include "groups.h"
#include "views.h"

/* A plan-quality case's label names, in the order of pl_ws_record.aqm. */
static const char *const label_names[PL_WS_LABELS] = {"correct", "misplaced", "same_act", "diff_act", "redundant"};

/* A plan-quality case's numbers, as the question list shows them: the
 * plan's length, LEA (the official count once the pipeline scored it, else
 * the simulation's), the simulation's true LEA, the AQM label counts and
 * the final score. */
static void case_json(const pl_ws_record *r, cJSON *o)
{
    cJSON_AddNumberToObject(o, "plan_length", r->pcase->nllm);
    cJSON_AddNumberToObject(o, "lea", r->has_quality ? r->quality_lea : r->case_lea);
    cJSON_AddNumberToObject(o, "true_lea", r->case_lea);
    if (!r->has_quality)
        return;
    cJSON *aqm = cJSON_AddObjectToObject(o, "aqm");
    for (int k = 0; k < PL_WS_LABELS; k++)
        cJSON_AddNumberToObject(aqm, label_names[k], r->aqm[k]);
    cJSON_AddNumberToObject(o, "final_score", r->final_score);
}

/* The group of the answer's question: an ACPBench question's as its file
 * stores it ("reachable_atom_mcq"), else the run's, else the task. */
static const char *question_group(const pl_ws_record *r)
{
    return r->acp ? r->acp->group : r->resp->group ? r->resp->group : r->task;
}

static const char *question_text(const pl_ws_record *r)
{
    return r->acp ? r->acp->question : r->iou ? r->iou->question : NULL;
}

static cJSON *strings_json(char *const *items, int n)
{
    cJSON *a = cJSON_CreateArray();
    for (int k = 0; a && k < n; k++)
        cJSON_AddItemToArray(a, cJSON_CreateString(items[k]));
    return a;
}

/* The question's stored answer (a plan-quality case: its ground-truth
 * plan), or NULL when it has none. */
static cJSON *stored_answer(const pl_ws_record *r)
{
    if (r->acp)
        return r->acp->answer ? cJSON_Duplicate(r->acp->answer, true) : NULL;
    if (r->iou)
        return strings_json(r->iou->answer, r->iou->nanswer);
    return r->pcase && r->pcase->ngt ? strings_json(r->pcase->gt, r->pcase->ngt) : NULL;
}

/* What the grader read from the response: JSON null on a parse failure;
 * NULL when it was not graded. */
static cJSON *parsed_answer(const pl_ws_record *r)
{
    if (!r->graded || r->error || r->resp->error)
        return NULL;
    if (r->acp)
        return r->acp_v.parsed ? cJSON_Duplicate(r->acp_v.parsed, true) : cJSON_CreateNull();
    if (r->iou)
        return r->iou_v.list.ok ? strings_json(r->iou_v.list.items, r->iou_v.list.count) : cJSON_CreateNull();
    return strings_json(r->pcase->llm, r->pcase->nllm); /* the plan simulated */
}

/* Takes `value` into o under `name` (nothing when NULL). */
static void add_value(cJSON *o, const char *name, cJSON *value)
{
    if (value)
        cJSON_AddItemToObject(o, name, value);
}

/* Where the answer is and what it answers: its key (the review journal's,
 * runs/answer_key.h), the question's group and text, the file and line of
 * the response, the stored and the parsed answer. */
static void answer_json(const pl_workspace *ws, int i, cJSON *o)
{
    const pl_ws_record *r = pl_workspace_record(ws, i);
    char *key = pl_workspace_answer_key(ws, i);
    add_value(o, "key", key ? cJSON_CreateString(key) : NULL);
    free(key);
    cJSON_AddStringToObject(o, "group", question_group(r));
    if (question_text(r))
        cJSON_AddStringToObject(o, "question", question_text(r));
    if (r->resp->source)
        cJSON_AddStringToObject(o, "file", r->resp->source);
    if (r->resp->line > 0)
        cJSON_AddNumberToObject(o, "line", r->resp->line);
    add_value(o, "stored_answer", stored_answer(r));
    add_value(o, "parsed_answer", parsed_answer(r));
}

char *pl_csv_json_text(const cJSON *value)
{
    if (!value)
        return NULL;
    if (cJSON_IsString(value))
        return pl_strdup(value->valuestring);
    char *printed = cJSON_PrintUnformatted(value); /* cJSON's allocator: copied to be freed with free() */
    char *text = printed ? pl_strdup(printed) : NULL;
    cJSON_free(printed);
    return text;
}

/* Room for the number cells of one answer line. */
typedef struct {
    char epoch[16], score[16], sound[16], value[32], stored[32], lm_eval[16], inspect[16], step[16], line[16];
    char counts[3 + PL_WS_LABELS][16], final[32];
} number_cells;

/* A plan-quality case's numbers, as the question list shows them: the
 * plan's length, LEA (the official count once the pipeline scored it, else
 * the simulation's), the true LEA, the AQM label counts and the final score. */
static void case_cells(const pl_ws_record *r, const char **cells, number_cells *b)
{
    if (!r->pcase || !r->graded)
        return;
    int numbers[3] = {r->pcase->nllm, r->has_quality ? r->quality_lea : r->case_lea, r->case_lea};
    for (int k = 0; k < 3 + (r->has_quality ? PL_WS_LABELS : 0); k++) {
        snprintf(b->counts[k], sizeof b->counts[k], "%d", k < 3 ? numbers[k] : r->aqm[k - 3]);
        cells[PL_AC_PLAN_LENGTH + k] = b->counts[k];
    }
    if (r->has_quality) {
        snprintf(b->final, sizeof b->final, "%.6f", r->final_score);
        cells[PL_AC_FINAL_SCORE] = b->final;
    }
}

/* The verdicts' cells of a graded answer: official and sound, the rule, the
 * value, both official graders, the failure record. */
static void verdict_cells(const pl_ws_record *r, const char **cells, number_cells *b)
{
    if (!r->graded)
        return;
    snprintf(b->score, sizeof b->score, "%d", r->score);
    snprintf(b->sound, sizeof b->sound, "%d", r->sound_score);
    cells[PL_AC_SCORE] = b->score;
    cells[PL_AC_SOUND_SCORE] = b->sound;
    cells[PL_AC_PATH] = r->acp_v.path;
    cells[PL_AC_SOUND_REASON] = r->acp_v.sound_reason;
    cells[PL_AC_PARSE_FAILED] = r->parse_failed ? "true" : "false";
    if (r->has_value) {
        snprintf(b->value, sizeof b->value, "%.6f", r->value);
        cells[r->is_distance ? PL_AC_ACTION_DISTANCE : PL_AC_IOU] = b->value;
    }
    if (r->acp && !r->error && !r->resp->error) { /* the lm-eval verdict is the explorer's official one */
        cells[PL_AC_LM_EVAL_SCORE] = b->score;
        cells[PL_AC_OFFICIAL_RULE] = r->official_rule;
    }
    if (r->has_inspect && r->inspect_score >= 0) {
        snprintf(b->inspect, sizeof b->inspect, "%d", r->inspect_score);
        cells[PL_AC_INSPECT_SCORE] = b->inspect;
    }
    pl_record_failure f;
    if (pl_record_failure_of(r, &f) && f.kind != PL_FAIL_NONE) {
        cells[PL_AC_FAILURE_KIND] = pl_failure_kind_name(f.kind);
        cells[PL_AC_FAILURE_KEY] = f.key;
        if (f.step)
            snprintf(b->step, sizeof b->step, "%d", f.step);
        cells[PL_AC_FAILURE_STEP] = f.step ? b->step : NULL;
        cells[PL_AC_FAILURE_DETAIL] = f.detail;
    }
}

bool pl_export_answer_csv(FILE *f, const pl_workspace *ws, int i)
{
    const pl_ws_record *r = pl_workspace_record(ws, i);
    const char *cells[PL_AC_COUNT] = {0};
    number_cells b;
    snprintf(b.epoch, sizeof b.epoch, "%d", r->epoch);
    cells[PL_AC_ID] = r->id;
    cells[PL_AC_SAMPLE_ID] = r->resp->sample_id;
    cells[PL_AC_EPOCH] = b.epoch;
    cells[PL_AC_MODEL] = r->model;
    cells[PL_AC_DOMAIN] = r->domain;
    cells[PL_AC_TASK] = r->task;
    verdict_cells(r, cells, &b);
    if (r->resp->has_stored_score) {
        snprintf(b.stored, sizeof b.stored, "%g", r->resp->stored_score);
        cells[PL_AC_STORED_SCORE] = b.stored;
    }
    cells[PL_AC_FLAG] = r->flagged ? "true" : "false";
    cells[PL_AC_NOTE] = r->note;
    case_cells(r, cells, &b);
    char *key = pl_workspace_answer_key(ws, i);
    cells[PL_AC_KEY] = key;
    cells[PL_AC_GROUP] = question_group(r);
    cells[PL_AC_QUESTION] = question_text(r);
    cells[PL_AC_FILE] = r->resp->source;
    if (r->resp->line > 0) {
        snprintf(b.line, sizeof b.line, "%d", r->resp->line);
        cells[PL_AC_LINE] = b.line;
    }
    cJSON *stored = stored_answer(r), *parsed = parsed_answer(r);
    char *stored_text = pl_csv_json_text(stored), *parsed_text = pl_csv_json_text(parsed);
    cells[PL_AC_STORED_ANSWER] = stored_text;
    cells[PL_AC_PARSED_ANSWER] = parsed_text;
    cells[PL_AC_RESPONSE] = r->resp->response;
    bool ok = key && (!stored || stored_text) && (!parsed || parsed_text) && pl_answer_csv_put(f, cells);
    free(key);
    free(stored_text);
    free(parsed_text);
    cJSON_Delete(stored);
    cJSON_Delete(parsed);
    return ok;
}

/* A wrong answer's failure record, as the CSV's failure_* cells and the
 * CLI's JSON name it: {"kind", "key", "step", "detail"} (absent parts left out). */
static void failure_json(const pl_ws_record *r, cJSON *o)
{
    pl_record_failure f;
    if (!pl_record_failure_of(r, &f) || f.kind == PL_FAIL_NONE)
        return;
    cJSON *j = cJSON_AddObjectToObject(o, "failure");
    cJSON_AddStringToObject(j, "kind", pl_failure_kind_name(f.kind));
    if (f.key)
        cJSON_AddStringToObject(j, "key", f.key);
    if (f.step)
        cJSON_AddNumberToObject(j, "step", f.step);
    if (f.detail)
        cJSON_AddStringToObject(j, "detail", f.detail);
}

static cJSON *record_json(const pl_workspace *ws, int i)
{
    const pl_ws_record *r = pl_workspace_record(ws, i);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "id", r->id);
    cJSON_AddStringToObject(o, "model", r->model);
    cJSON_AddStringToObject(o, "domain", r->domain);
    cJSON_AddStringToObject(o, "task", r->task);
    if (r->graded) {
        cJSON_AddNumberToObject(o, "score", r->score);
        cJSON_AddNumberToObject(o, "sound_score", r->sound_score);
        if (r->has_value)
            cJSON_AddNumberToObject(o, r->is_distance ? "action_distance" : "iou", r->value);
        cJSON_AddBoolToObject(o, "parse_failed", r->parse_failed);
        if (r->acp_v.path)
            cJSON_AddStringToObject(o, "rule", r->acp_v.path);
        if (r->acp_v.sound_reason)
            cJSON_AddStringToObject(o, "sound_reason", r->acp_v.sound_reason);
        if (r->pcase)
            case_json(r, o);
        failure_json(r, o);
    }
    if (r->resp->has_stored_score)
        cJSON_AddNumberToObject(o, "stored_score", r->resp->stored_score);
    cJSON_AddBoolToObject(o, "flag", r->flagged);
    if (r->note)
        cJSON_AddStringToObject(o, "note", r->note);
    answer_json(ws, i, o);
    cJSON_AddStringToObject(o, "response", r->resp->response);
    return o;
}

typedef enum { EXPORT_CSV, EXPORT_JSON, EXPORT_JSONL } export_format;

static bool ends_with(const char *path, const char *ext)
{
    size_t len = strlen(path), n = strlen(ext);
    return len > n && !strcmp(path + len - n, ext);
}

/* The format `path`'s extension picks; false, with `err` naming the
 * extensions known, for any other (x.jsonl once wrote CSV). */
static bool format_of(const char *path, export_format *format, pl_error *err)
{
    if (ends_with(path, ".csv"))
        *format = EXPORT_CSV;
    else if (ends_with(path, ".json"))
        *format = EXPORT_JSON;
    else if (ends_with(path, ".jsonl"))
        *format = EXPORT_JSONL;
    else {
        pl_error_set(err, PL_ERR_UNSUPPORTED, path, 0, 0,
                     "unknown export format: name the file .csv (CSV), .json (JSON) or .jsonl (JSON Lines)");
        return false;
    }
    return true;
}

/* cJSON's text made valid, inert UTF-8 (pl_safe_json) on a line of its own:
 * indented (JSON), or as one line (a JSONL record). */
static bool put_json(FILE *f, const cJSON *value, bool one_line)
{
    char *printed = one_line ? cJSON_PrintUnformatted(value) : cJSON_Print(value);
    char *safe = printed ? pl_safe_json(printed) : NULL;
    if (safe)
        fprintf(f, "%s\n", safe);
    free(printed);
    free(safe);
    return safe != NULL;
}

/* `items` (an array, deleted here) as one JSON array or one object a line. */
static bool put_items(FILE *f, cJSON *items, export_format format)
{
    bool ok = items != NULL;
    if (ok && format == EXPORT_JSON)
        ok = put_json(f, items, false);
    else if (ok) {
        const cJSON *it;
        cJSON_ArrayForEach(it, items) ok &= put_json(f, it, true);
    }
    cJSON_Delete(items);
    return ok;
}

/* Finishes the file (base/atomic_file.h): renamed over `path` when ok, else removed. */
static int finish(pl_atomic_file *a, bool ok, const char *path, pl_error *err)
{
    pl_error_code rc = pl_atomic_close(a, ok, err);
    return ok ? rc : pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
}

int pl_export_records(const pl_workspace *ws, const int *records, int n, const char *path, pl_error *err)
{
    export_format format;
    if (!format_of(path, &format, err))
        return err->code;
    pl_atomic_file file;
    FILE *f = pl_atomic_open(&file, path, err);
    if (!f)
        return err->code;
    bool ok = true;
    if (format != EXPORT_CSV) {
        cJSON *a = cJSON_CreateArray();
        for (int i = 0; a && i < n; i++)
            cJSON_AddItemToArray(a, record_json(ws, records[i]));
        ok = put_items(f, a, format);
    } else {
        fputs(PL_ANSWER_CSV_HEADER "\n", f);
        for (int i = 0; i < n; i++) {
            ok &= pl_export_answer_csv(f, ws, records[i]);
            fputc('\n', f);
        }
    }
    return finish(&file, ok, path, err);
}

/* One dashboard row as JSON: the numbers the table shows, unrounded. */
static cJSON *row_json(const pl_group *g, const pl_ws_aggregate *s)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "run", g->model);
    cJSON_AddStringToObject(o, "task", g->task);
    cJSON_AddNumberToObject(o, "answers", s->answers);
    cJSON_AddNumberToObject(o, "graded", s->graded);
    cJSON_AddNumberToObject(o, "official", s->accuracy); /* reduced over epochs, as the table shows */
    cJSON_AddNumberToObject(o, "sound", s->sound_accuracy);
    if (s->nvalues)
        cJSON_AddNumberToObject(o, s->is_distance ? "mean_action_distance" : "mean_iou", s->value_mean);
    cJSON_AddNumberToObject(o, "parse_failures", s->parse_failed);
    cJSON_AddNumberToObject(o, "official_ne_sound", s->sound_differs);
    if (s->stored)
        cJSON_AddNumberToObject(o, "stored_ne_official", s->stored_differs);
    cJSON_AddNumberToObject(o, "errors", s->errors);
    if (s->inspect) /* the answers ACPBench's Inspect scorers grade otherwise than lm-eval's */
        cJSON_AddNumberToObject(o, "inspect_ne_lm_eval", s->inspect_differs);
    return o;
}

static bool row_csv(FILE *f, const pl_group *g, const pl_ws_aggregate *s)
{
    bool ok = pl_csv_put(f, g->model);
    fputc(',', f);
    ok &= pl_csv_put(f, g->task);
    fprintf(f, ",%d,%d,", s->answers, s->graded);
    if (s->graded)
        fprintf(f, "%.6f,%.6f", s->accuracy, s->sound_accuracy);
    else
        fputc(',', f);
    fputc(',', f);
    if (s->nvalues && !s->is_distance)
        fprintf(f, "%.6f", s->value_mean);
    fputc(',', f);
    if (s->nvalues && s->is_distance)
        fprintf(f, "%.6f", s->value_mean);
    fprintf(f, ",%d,%d,", s->parse_failed, s->sound_differs);
    if (s->stored)
        fprintf(f, "%d", s->stored_differs);
    fprintf(f, ",%d,", s->errors);
    if (s->inspect)
        fprintf(f, "%d", s->inspect_differs);
    fputc('\n', f);
    return ok;
}

int pl_export_dashboard(const pl_workspace *ws, const pl_selection *sel, const char *path, pl_error *err)
{
    export_format format;
    if (!format_of(path, &format, err))
        return err->code;
    int n, ngroups = 0;
    int *records = pl_select_records(ws, sel, &n);
    pl_group *groups = records ? pl_group_records(ws, records, n, &ngroups) : NULL;
    bool oom = !records || (n && !groups);
    free(records);
    if (oom)
        return pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
    pl_atomic_file file;
    FILE *f = pl_atomic_open(&file, path, err);
    if (!f) {
        pl_groups_free(groups, ngroups);
        return err->code;
    }
    bool json = format != EXPORT_CSV, ok = true;
    cJSON *rows = json ? cJSON_CreateArray() : NULL;
    if (!json)
        fputs("run,task,answers,graded,official,sound,mean_iou,mean_action_distance,parse_failures,"
              "official_ne_sound,stored_ne_official,errors,inspect_ne_lm_eval\n",
              f);
    for (int i = 0; i < ngroups; i++) {
        pl_ws_aggregate s;
        pl_workspace_aggregate(ws, groups[i].members, groups[i].n, &s);
        if (json)
            cJSON_AddItemToArray(rows, row_json(&groups[i], &s));
        else
            ok &= row_csv(f, &groups[i], &s);
    }
    if (json)
        ok &= put_items(f, rows, format);
    pl_groups_free(groups, ngroups);
    return finish(&file, ok, path, err);
}
