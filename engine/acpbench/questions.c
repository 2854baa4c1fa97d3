/* ACPBench question files: the loader. */
#include <stdlib.h>
#include <string.h>

#include "acpbench/question_index.h"
#include "acpbench/questions.h"
#include "base/file.h"
#include "base/json.h"

static void question_clear(pl_acp_question *q)
{
    free(q->id);
    free(q->group);
    free(q->context);
    free(q->question);
    free(q->domain_pddl);
    free(q->problem_pddl);
    cJSON_Delete(q->answer);
    cJSON_Delete(q->choices);
    free(q->query);
    free(q->source);
}

/* The first required field the record lacks, or NULL. */
static const char *missing_field(const cJSON *rec, pl_acp_format format)
{
    if (!pl_json_str(rec, "question"))
        return "question";
    if (!pl_json_get(rec, "answer"))
        return "answer";
    if (format == PL_ACP_GEN && !pl_json_str(rec, "PDDL_domain"))
        return "PDDL_domain";
    if (format == PL_ACP_GEN && !pl_json_str(rec, "PDDL_problem"))
        return "PDDL_problem";
    return NULL;
}

/* Why record n is not a question, as a warning; false when it is not. */
static bool check_record(const cJSON *rec, const char *path, int n, pl_acp_question *q, pl_diags *warnings)
{
    const char *group = pl_json_str(rec, "group"), *missing = NULL;
    if (!cJSON_IsObject(rec)) {
        pl_diags_add(warnings, path, 0, 0, "record %d: expected an object", n);
        return false;
    }
    const cJSON *id = pl_json_get(rec, "id");
    if (id && !(q->id = pl_json_id_text(id))) {
        pl_diags_add(warnings, path, 0, 0, "record %d: id is neither an integer nor a string", n);
        return false;
    }
    if (group && !pl_acp_group_parse(group, &q->task, &q->format)) {
        pl_diags_add(warnings, path, 0, 0, "record %d: unknown group \"%s\"", n, group);
        return false;
    }
    missing = !id ? "id" : !group ? "group" : missing_field(rec, q->format);
    if (missing)
        pl_diags_add(warnings, path, 0, 0, "record %d: missing %s", n, missing);
    return !missing;
}

/* Fills q from record n; false (after a warning) when it is not a question. */
static bool read_record(cJSON *rec, const char *path, int n, pl_acp_question *q, pl_diags *warnings)
{
    if (!check_record(rec, path, n, q, warnings))
        return false;
    bool gen = q->format == PL_ACP_GEN, mcq = q->format == PL_ACP_MCQ;
    q->group = pl_strdup(pl_json_str(rec, "group"));
    q->context = pl_strdup(pl_json_str(rec, "context"));
    q->question = pl_strdup(pl_json_str(rec, "question"));
    q->domain_pddl = gen ? pl_strdup(pl_json_str(rec, "PDDL_domain")) : NULL;
    q->problem_pddl = gen ? pl_strdup(pl_json_str(rec, "PDDL_problem")) : NULL;
    q->answer = cJSON_DetachItemFromObjectCaseSensitive(rec, "answer");
    q->choices = mcq ? cJSON_DetachItemFromObjectCaseSensitive(rec, "choices") : NULL;
    q->query = mcq ? pl_strdup(pl_json_str(rec, "query")) : NULL;
    q->source = pl_strdup(path);
    q->record = n;
    return true;
}

static int append(pl_acp_questions *qs, const pl_acp_question *q)
{
    if (qs->count == qs->capacity) {
        int cap = qs->capacity ? qs->capacity * 2 : 64;
        pl_acp_question *items = realloc(qs->items, (size_t)cap * sizeof *items);
        if (!items)
            return -1;
        qs->items = items;
        qs->capacity = cap;
    }
    qs->items[qs->count++] = *q;
    if (pl_acp_index_add(qs, qs->count - 1) < 0) {
        qs->count--;
        return -1;
    }
    return 0;
}

/* Adds record n unless it is bad or a duplicate.  -1 when out of memory. */
static int add_record(pl_acp_questions *qs, cJSON *rec, const char *path, int n, pl_diags *warnings)
{
    pl_acp_question q = {0};
    if (!read_record(rec, path, n, &q, warnings)) {
        question_clear(&q);
        return 0;
    }
    const pl_acp_question *first = pl_acp_questions_find(qs, q.group, q.id);
    if (first)
        pl_diags_add(warnings, path, 0, 0, "record %d: duplicate question (%s, %s), first loaded from %s record %d",
                     n, q.group, q.id, first->source, first->record);
    if (first || append(qs, &q) < 0) {
        question_clear(&q);
        return first ? 0 : -1;
    }
    return 0;
}

pl_error_code pl_acp_questions_load(pl_acp_questions *qs, const char *path, pl_diags *warnings, pl_error *err)
{
    size_t len;
    char *text = pl_read_file(path, &len, err);
    if (!text)
        return err ? err->code : PL_ERR_IO;
    cJSON *root = pl_json_parse_exact(text, len, path, err);
    if (root && !cJSON_IsArray(root)) {
        int line, column;
        pl_text_position(text, strspn(text, " \t\r\n"), &line, &column);
        pl_error_set(err, PL_ERR_SYNTAX, path, line, column, "expected a JSON list of question records");
        cJSON_Delete(root);
        free(text);
        return PL_ERR_SYNTAX;
    }
    free(text);
    if (!root)
        return err ? err->code : PL_ERR_SYNTAX;
    pl_error_code rc = PL_OK;
    int n = 0;
    cJSON *rec;
    cJSON_ArrayForEach(rec, root)
    {
        if (add_record(qs, rec, path, ++n, warnings) < 0) {
            rc = pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
            break;
        }
    }
    cJSON_Delete(root);
    return rc;
}

void pl_acp_questions_free(pl_acp_questions *qs)
{
    for (int i = 0; i < qs->count; i++)
        question_clear(&qs->items[i]);
    free(qs->items);
    pl_acp_index_free(qs->index);
    *qs = (pl_acp_questions)PL_ACP_QUESTIONS_INIT;
}

char *pl_acp_question_domain(const pl_acp_question *q)
{
    const char *s = q->domain_pddl ? strstr(q->domain_pddl, "(domain") : NULL;
    if (!s)
        return pl_strdup("?");
    s += 7;
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    size_t n = strcspn(s, " \t\r\n()");
    return n ? pl_strndup(s, n) : pl_strdup("?");
}
