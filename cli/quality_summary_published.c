/* The published values of a row of the official CSVs (the columns of
 * `quality --format csv`, results/plan_recovery/final_evaluation/, one CSV per run) as
 * the `expected` object of dev.jsonl, so that `--summary --values
 * published` reads both alike: a case needs no PDDL to be summarised (the
 * office_robot rows, whose PDDL is not in PlanBench). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quality_summary.h"

static const char *cell(const pl_quality_case *c, const char *column)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(c->published, column);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

static const char *skip_space(const char *s)
{
    while (*s == ' ')
        s++;
    return s;
}

/* Python's True / False. */
static cJSON *py_bool(const char *s)
{
    return !strcmp(s, "True") ? cJSON_CreateTrue() : !strcmp(s, "False") ? cJSON_CreateFalse() : NULL;
}

static cJSON *py_number(const char *s)
{
    char *end;
    double v = strtod(s, &end);
    return end != s && !*skip_space(end) ? cJSON_CreateNumber(v) : NULL;
}

static cJSON *py_list(const char *s)
{
    char **items;
    int n;
    if (pl_quality_parse_pylist(s, &items, &n) < 0)
        return NULL;
    cJSON *a = cJSON_CreateStringArray((const char *const *)items, n);
    for (int i = 0; i < n; i++)
        free(items[i]);
    free(items);
    return a;
}

/* "{2: 'position', 0: 'same_act'}" (plan_trace, any key order) as
 * {"2": "position", "0": "same_act"}; NULL when malformed. */
static cJSON *py_labels(const char *s)
{
    cJSON *o = cJSON_CreateObject();
    s = skip_space(s);
    if (!o || *s++ != '{')
        goto bad;
    for (;;) {
        s = skip_space(s);
        if (*s == '}')
            break;
        char *end;
        long index = strtol(s, &end, 10);
        if (end == s || *(s = skip_space(end)) != ':')
            goto bad;
        s = skip_space(s + 1);
        char quote = *s;
        const char *close = quote == '\'' || quote == '"' ? strchr(s + 1, quote) : NULL;
        char key[24], *label = close ? pl_strndup(s + 1, (size_t)(close - s - 1)) : NULL;
        snprintf(key, sizeof key, "%ld", index);
        cJSON *v = label ? cJSON_CreateString(label) : NULL;
        free(label);
        if (!v || !cJSON_AddItemToObject(o, key, v)) {
            cJSON_Delete(v);
            goto bad;
        }
        s = skip_space(close + 1);
        s += *s == ',';
    }
    if (*skip_space(s + 1))
        goto bad;
    return o;
bad:
    cJSON_Delete(o);
    return NULL;
}

cJSON *quality_published_from_csv(const pl_quality_case *c)
{
    static const struct {
        const char *key, *column;
        cJSON *(*parse)(const char *);
    } fields[] = {
        {"validity", "curr_validity", py_bool},          {"pi1_validity", "cdt_validity", py_bool},
        {"pi2_validity", "subseq_validity", py_bool},    {"pi3_validity", "cdt_subseq_validity", py_bool},
        {"pi4_validity", "improved_validity", py_bool},  {"executability", "executability", py_bool},
        {"lea", "curr_last_act", py_number},             {"stv", "curr_steps", py_number},
        {"trace_score", "trace_score", py_number},       {"curr_score", "curr_score", py_number},
        {"final_score", "final_score", py_number},       {"pi4_plan", "improved_plan", py_list},
        {"complementary_plan", "complementary_plan", py_list}, {"aqm_code_labels", "plan_trace", py_labels},
        {"np_aqm_code_labels", "nr_plan_trace", py_labels},
    };
    if (!c->published || !cell(c, "curr_validity"))
        return NULL; /* not a published row: a user's CSV of plans */
    cJSON *e = cJSON_CreateObject();
    for (size_t i = 0; e && i < sizeof fields / sizeof fields[0]; i++) {
        const char *text = cell(c, fields[i].column);
        cJSON *v = text ? fields[i].parse(text) : NULL;
        if (v && !cJSON_AddItemToObject(e, fields[i].key, v))
            cJSON_Delete(v); /* a value left out: pl_qfacts_from_published says malformed */
    }
    return e;
}
