#include "iou/questions.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "base/json.h"
#include "base/text_lines.h"
#include "iou/answer_list.h"

#define NATIVE_FORMAT "planlens-iou/1"

static const char *const task_names[PL_IOU_NTASKS] = {"applicability", "state",    "prog_pos", "prog_neg",
                                                      "tracking",      "plan",     "costplan"};

const char *pl_iou_task_name(pl_iou_task t)
{
    return (unsigned)t < PL_IOU_NTASKS ? task_names[t] : "?";
}

bool pl_iou_task_parse(const char *name, pl_iou_task *out)
{
    for (int t = 0; t < PL_IOU_NTASKS; t++)
        if (!strcmp(name, task_names[t])) {
            *out = (pl_iou_task)t;
            return true;
        }
    return false;
}

bool pl_iou_task_is_plan(pl_iou_task t)
{
    return t == PL_IOU_PLAN || t == PL_IOU_COSTPLAN;
}

bool pl_iou_task_lists_actions(pl_iou_task t)
{
    return t == PL_IOU_APPLICABILITY || pl_iou_task_is_plan(t);
}

bool pl_iou_file_is_native(const char *path)
{
    size_t len;
    char *text = pl_read_file(path, &len, NULL);
    if (!text)
        return false;
    pl_line_reader lr = {text, len, 0, 0};
    const char *s;
    size_t n;
    bool native = false;
    while (pl_next_line(&lr, &s, &n)) {
        if (pl_is_blank(s, n))
            continue;
        cJSON *j = pl_json_parse_exact(s, n, NULL, NULL);
        const char *format = pl_json_str(j, "format");
        native = format && !strcmp(format, NATIVE_FORMAT);
        cJSON_Delete(j);
        break;
    }
    free(text);
    return native;
}

static void question_clear(pl_iou_question *q)
{
    free(q->id);
    free(q->domain);
    free(q->problem);
    free(q->context);
    free(q->question);
    for (int i = 0; i < q->nanswer; i++)
        free(q->answer[i]);
    free(q->answer);
    for (int i = 0; i < q->nactions; i++)
        free(q->actions[i]);
    free(q->actions);
    free(q->pddl_domain);
    free(q->pddl_problem);
    free(q->source);
}

/* Normalised copies of a JSON list of strings; NULL with *why set when the
 * value is not such a list. */
static char **string_list(const cJSON *list, int *n, const char **why)
{
    *n = 0;
    if (!cJSON_IsArray(list)) {
        *why = "a list of strings";
        return NULL;
    }
    int size = cJSON_GetArraySize(list);
    char **out = calloc((size_t)size + 1, sizeof *out);
    if (!out) {
        *why = "memory";
        return NULL;
    }
    const cJSON *it;
    cJSON_ArrayForEach(it, list) {
        if (!cJSON_IsString(it) || !(out[*n] = pl_answer_item_normalise(it->valuestring, strlen(it->valuestring)))) {
            *why = cJSON_IsString(it) ? "memory" : "a list of strings";
            for (int i = 0; i < *n; i++)
                free(out[i]);
            free(out);
            *n = 0;
            return NULL;
        }
        ++*n;
    }
    return out;
}

/* Fills q from one record; returns NULL, or what the record lacks. */
static const char *read_record(const cJSON *rec, pl_iou_question *q)
{
    const char *format = pl_json_str(rec, "format"), *task = pl_json_str(rec, "task"), *why = NULL;
    if (!format || strcmp(format, NATIVE_FORMAT))
        return "\"format\": \"" NATIVE_FORMAT "\"";
    if (!pl_json_str(rec, "id"))
        return "a string \"id\"";
    if (!task || !pl_iou_task_parse(task, &q->task))
        return "\"task\": one of applicability, state, prog_pos, prog_neg, tracking, plan, costplan";
    if (!pl_json_str(rec, "question"))
        return "a string \"question\"";
    q->id = pl_strdup(pl_json_str(rec, "id"));
    q->domain = pl_strdup(pl_json_str(rec, "domain"));
    q->problem = pl_strdup(pl_json_str(rec, "problem"));
    q->context = pl_strdup(pl_json_str(rec, "context"));
    q->question = pl_strdup(pl_json_str(rec, "question"));
    q->pddl_domain = pl_strdup(pl_json_str(rec, "pddl_domain"));
    q->pddl_problem = pl_strdup(pl_json_str(rec, "pddl_problem"));
    if (!(q->answer = string_list(pl_json_get(rec, "answer"), &q->nanswer, &why)))
        return why[0] == 'm' ? "memory" : "\"answer\": a list of strings";
    const cJSON *actions = pl_json_get(rec, "actions");
    if (actions && !(q->actions = string_list(actions, &q->nactions, &why)))
        return why[0] == 'm' ? "memory" : "\"actions\": a list of strings";
    return NULL;
}

static int push(pl_iou_questions *qs, const pl_iou_question *q)
{
    if (qs->count == qs->capacity) {
        int cap = qs->capacity ? qs->capacity * 2 : 64;
        pl_iou_question *grown = realloc(qs->items, (size_t)cap * sizeof *grown);
        if (!grown)
            return -1;
        qs->items = grown;
        qs->capacity = cap;
    }
    qs->items[qs->count++] = *q;
    return 0;
}

pl_error_code pl_iou_questions_load(pl_iou_questions *qs, const char *path, pl_diags *warnings, pl_error *err)
{
    size_t len;
    char *text = pl_read_file(path, &len, err);
    if (!text)
        return err ? err->code : PL_ERR_IO;
    pl_line_reader lr = {text, len, 0, 0};
    const char *s;
    size_t n;
    int records = 0, skipped = 0;
    pl_error_code rc = PL_OK;
    while (rc == PL_OK && pl_next_line(&lr, &s, &n)) {
        if (pl_is_blank(s, n))
            continue;
        records++;
        pl_error line_err = PL_ERROR_INIT;
        cJSON *rec = pl_json_parse_exact(s, n, path, &line_err);
        pl_iou_question q = {0};
        const char *lacks = !rec ? "" : !cJSON_IsObject(rec) ? "a JSON object" : read_record(rec, &q);
        if (!lacks && pl_iou_questions_find(qs, q.id))
            lacks = "a new id (this one is already loaded; the first is kept)";
        if (!lacks && (!(q.source = pl_strdup(path)) || (q.line = lr.line, push(qs, &q) < 0)))
            lacks = "memory";
        if (lacks && !strcmp(lacks, "memory"))
            rc = pl_error_set(err, PL_ERR_LIMIT, path, lr.line, 0, "out of memory");
        else if (lacks && !rec)
            pl_diags_add(warnings, path, lr.line, line_err.column, "%s", line_err.message);
        else if (lacks)
            pl_diags_add(warnings, path, lr.line, 1, "expected %s", lacks);
        if (lacks) {
            question_clear(&q);
            skipped++;
        }
        pl_error_clear(&line_err);
        cJSON_Delete(rec);
    }
    if (rc == PL_OK && skipped)
        pl_diags_add(warnings, path, 0, 0, "%d of %d records skipped, %d loaded", skipped, records, records - skipped);
    free(text);
    return rc;
}

const pl_iou_question *pl_iou_questions_find(const pl_iou_questions *qs, const char *id)
{
    /* the paper's sets hold a few thousand questions (seven per problem): a
     * scan costs microseconds per lookup */
    for (int i = 0; i < qs->count; i++)
        if (!strcmp(qs->items[i].id, id))
            return &qs->items[i];
    return NULL;
}

void pl_iou_questions_free(pl_iou_questions *qs)
{
    for (int i = 0; i < qs->count; i++)
        question_clear(&qs->items[i]);
    free(qs->items);
    memset(qs, 0, sizeof *qs);
}
