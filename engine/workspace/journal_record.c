#define _POSIX_C_SOURCE 200809L
/* One journal record to and from its line of JSON (journal.h). */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/safe_text.h"
#include "workspace/journal_internal.h"

#ifndef PLANLENS_VERSION
#define PLANLENS_VERSION "unknown"
#endif

const char *journal_version(void)
{
    return PLANLENS_VERSION;
}

void journal_time_text(time_t t, char *buf, size_t size)
{
    struct tm tm;
    if (!gmtime_r(&t, &tm) || !strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm))
        snprintf(buf, size, "?");
}

void journal_record_free(pl_journal_record *r)
{
    free(r->key);
    free(r->question_id);
    free(r->group);
    free(r->text);
    free(r->answer);
    free(r->author);
    free(r->time);
    free(r->version);
    free(r->old_key);
    memset(r, 0, sizeof *r);
}

/* An owned copy of the string member, NULL when absent; *bad when it is
 * there but not a string. */
static char *member_text(const cJSON *o, const char *name, bool *bad)
{
    const cJSON *v = pl_json_get(o, name);
    if (!v || cJSON_IsNull(v))
        return NULL;
    if (!cJSON_IsString(v)) {
        *bad = true;
        return NULL;
    }
    return pl_strdup(v->valuestring);
}

/* An integer member in [lo, hi], else *bad. */
static int member_int(const cJSON *o, const char *name, int lo, int hi, bool *bad)
{
    const cJSON *v = pl_json_get(o, name);
    if (!cJSON_IsNumber(v) || v->valuedouble != (double)(int)v->valuedouble || v->valuedouble < lo ||
        v->valuedouble > hi) {
        *bad = true;
        return 0;
    }
    return (int)v->valuedouble;
}

/* The members that only some types have. */
static const char *parse_typed(const cJSON *o, pl_journal_record *r)
{
    bool bad = false;
    switch (r->type) {
    case PL_JR_FLAG: {
        const cJSON *f = pl_json_get(o, "flag");
        if (!cJSON_IsBool(f))
            return "a flag needs \"flag\": true or false";
        r->flag = cJSON_IsTrue(f);
        break;
    }
    case PL_JR_STATUS:
        if (!pl_review_status_parse(pl_json_str(o, "status") ? pl_json_str(o, "status") : "?", &r->status))
            return "a status needs \"status\": grader-right, grader-wrong, bad-question, unsure or \"\"";
        break;
    case PL_JR_OVERRIDE: {
        const cJSON *v = pl_json_get(o, "verdict");
        r->score = member_int(v, "score", 0, 1, &bad);
        r->answer = member_text(v, "answer", &bad);
        if (bad)
            return "an override needs \"verdict\": {\"score\": 0 or 1, \"answer\": string (optional)}";
        break;
    }
    case PL_JR_RETRACT:
        r->retracts = member_int(o, "retracts", 1, 0x7fffffff, &bad);
        if (bad)
            return "a retract needs \"retracts\": the line it withdraws (1 or more)";
        break;
    default:
        break;
    }
    return NULL;
}

bool journal_record_parse(const char *line, size_t len, pl_journal_record *out, const char **why)
{
    memset(out, 0, sizeof *out);
    cJSON *o = pl_json_parse_exact(line, len, NULL, NULL);
    if (!cJSON_IsObject(o)) {
        cJSON_Delete(o);
        *why = "not a JSON object";
        return false;
    }
    bool bad = false;
    const char *type = pl_json_str(o, "type"), *scope = pl_json_str(o, "scope");
    *why = NULL;
    if (!pl_json_str(o, "key") || !*pl_json_str(o, "key"))
        *why = "no \"key\"";
    else if (!type || !pl_journal_type_parse(type, &out->type))
        *why = "no \"type\" (note, flag, status, override, exclude or retract)";
    else if (scope && strcmp(scope, "answer") && strcmp(scope, "question"))
        *why = "\"scope\" is neither answer nor question";
    if (!*why) {
        out->key = pl_strdup(pl_json_str(o, "key"));
        out->question_scope = scope && !strcmp(scope, "question");
        const cJSON *q = pl_json_get(o, "question");
        out->question_id = q ? pl_json_id_text(pl_json_get(q, "id")) : NULL;
        out->group = member_text(q, "group", &bad);
        out->text = member_text(o, "text", &bad);
        out->author = member_text(o, "author", &bad);
        out->time = member_text(o, "time", &bad);
        out->version = member_text(o, "planlens", &bad);
        out->old_key = member_text(o, "old_key", &bad);
        *why = bad ? "a member that should be a string is not" : parse_typed(o, out);
    }
    cJSON_Delete(o);
    if (*why)
        journal_record_free(out);
    return !*why;
}

char *journal_record_line(const pl_journal_record *r)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "key", r->key);
    cJSON_AddStringToObject(o, "scope", r->question_scope ? "question" : "answer");
    if (r->question_id || r->group) {
        cJSON *q = cJSON_AddObjectToObject(o, "question");
        if (r->question_id)
            cJSON_AddStringToObject(q, "id", r->question_id);
        if (r->group)
            cJSON_AddStringToObject(q, "group", r->group);
    }
    cJSON_AddStringToObject(o, "type", pl_journal_type_name(r->type));
    if (r->text)
        cJSON_AddStringToObject(o, "text", r->text);
    if (r->type == PL_JR_FLAG)
        cJSON_AddBoolToObject(o, "flag", r->flag);
    if (r->type == PL_JR_STATUS)
        cJSON_AddStringToObject(o, "status", pl_review_status_name(r->status));
    if (r->type == PL_JR_OVERRIDE) {
        cJSON *v = cJSON_AddObjectToObject(o, "verdict");
        cJSON_AddNumberToObject(v, "score", r->score);
        if (r->answer)
            cJSON_AddStringToObject(v, "answer", r->answer);
    }
    if (r->type == PL_JR_RETRACT)
        cJSON_AddNumberToObject(o, "retracts", r->retracts);
    if (r->old_key)
        cJSON_AddStringToObject(o, "old_key", r->old_key);
    cJSON_AddStringToObject(o, "author", r->author ? r->author : "unknown");
    cJSON_AddStringToObject(o, "time", r->time ? r->time : "?");
    cJSON_AddStringToObject(o, "planlens", r->version ? r->version : journal_version());
    char *text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    char *safe = text ? pl_safe_json(text) : NULL;
    free(text);
    return safe;
}

/* Splits an escaped key (runs/answer_key.h) into at most `max` unescaped
 * fields; returns how many it has (max + 1 when more). */
static int split_key(const char *key, char **fields, int max)
{
    int n = 0;
    const char *s = key;
    for (;;) {
        size_t len = strlen(s);
        char *field = malloc(len + 1), *w = field;
        if (!field)
            break;
        while (*s && *s != '|') {
            if (s[0] == '\\' && s[1])
                s++;
            *w++ = *s++;
        }
        *w = 0;
        if (n < max)
            fields[n] = field;
        else
            free(field);
        n++;
        if (!*s)
            break;
        s++;
    }
    return n;
}

bool journal_key_question(const char *key, bool question_scope, char **group, char **id)
{
    char *f[5] = {0};
    int want = question_scope ? 2 : 5, n = split_key(key, f, want);
    bool ok = n == want && f[0] && f[1] && (question_scope || f[2]);
    if (ok) {
        *group = question_scope ? f[0] : f[1];
        *id = question_scope ? f[1] : f[2];
        f[question_scope ? 0 : 1] = f[question_scope ? 1 : 2] = NULL;
    }
    for (int i = 0; i < want && i < n; i++)
        free(f[i]);
    return ok;
}
