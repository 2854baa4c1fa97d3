/* lm-evaluation-harness sample logs.  lm-eval writes them as
 * <output>/<model_name_sanitized>/samples_<task>_<date>.jsonl beside
 * results_<date>.json, one line per (doc, filter):
 *   {"doc_id", "doc": {question record}, "target", "arguments",
 *    "resps": [[generation, ...]], "filtered_resps", "filter",
 *    "metrics": [names], <metric>: value, ...}
 * (lm_eval/evaluator.py, lm_eval/loggers/evaluation_tracker.py). */
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "base/hashmap.h"
#include "base/json.h"
#include "runs/reader.h"
#include "runs/runs.h"

struct pl_lm_eval_file {
    char *model;     /* NULL when unknown */
    char *group;     /* of the task named in the file name, or NULL */
    pl_hashmap seen;  /* doc_ids already loaded */
};

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* lm-eval's own split of "samples_<task>_<date>.jsonl" (get_file_task_name):
 * the task lies between the first and the last '_'. */
static char *task_of_name(const char *base)
{
    const char *first = strchr(base, '_'), *last = strrchr(base, '_');
    return !strncmp(base, "samples_", 8) && last > first ? pl_strndup(first + 1, (size_t)(last - first - 1)) : NULL;
}

/* model_name of the results_<date>.json written with the samples. */
static char *results_model(const char *dir, const char *base)
{
    const char *last = strrchr(base, '_'), *ext = last ? strstr(last, ".jsonl") : NULL;
    if (!ext)
        return NULL;
    char *path = pl_strdup_printf("%s/results_%.*s.json", dir, (int)(ext - last - 1), last + 1);
    size_t len;
    char *text = path ? pl_read_file(path, &len, NULL) : NULL;
    cJSON *results = text ? pl_json_parse_exact(text, len, NULL, NULL) : NULL;
    const char *name = pl_json_str(results, "model_name");
    char *model = name && *name ? pl_strdup(name) : NULL;
    cJSON_Delete(results);
    free(text);
    free(path);
    return model;
}

/* The model: the results file's model_name, else the directory name when it
 * looks like lm-eval's sanitized model name ("org/model" → "org__model"). */
static char *model_of(const char *path)
{
    const char *base = base_name(path);
    char *dir = base == path ? pl_strdup(".") : pl_strndup(path, (size_t)(base - path - 1));
    char *model = dir ? results_model(dir, base) : NULL;
    if (!model && dir && strstr(base_name(dir), "__"))
        model = pl_strdup(base_name(dir));
    free(dir);
    return model;
}

pl_lm_eval_file *pl_lm_eval_file_new(const char *path)
{
    pl_lm_eval_file *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    char *task = task_of_name(base_name(path));
    f->group = pl_run_group_of_task(task);
    f->model = model_of(path);
    free(task);
    return f;
}

void pl_lm_eval_file_free(pl_lm_eval_file *f)
{
    if (!f)
        return;
    free(f->model);
    free(f->group);
    pl_hashmap_free(&f->seen);
    free(f);
}

static bool metric_value(const cJSON *v, double *out)
{
    if (cJSON_IsNumber(v))
        *out = v->valuedouble;
    else if (cJSON_IsBool(v))
        *out = cJSON_IsTrue(v);
    else
        return false;
    return true;
}

/* The sample's metric: the first of "metrics" with a value, else "score"
 * (ACPBench gen tasks) or "exact_match" (bool, mcq). */
static bool stored_score(const cJSON *rec, double *out)
{
    const cJSON *name;
    cJSON_ArrayForEach(name, pl_json_get(rec, "metrics"))
    {
        if (cJSON_IsString(name) && metric_value(pl_json_get(rec, name->valuestring), out))
            return true;
    }
    return metric_value(pl_json_get(rec, "score"), out) || metric_value(pl_json_get(rec, "exact_match"), out);
}

static pl_run_response response_of(const pl_lm_eval_file *f, const cJSON *rec, const cJSON *doc, char *id,
                                   const cJSON *gens, int line)
{
    const char *group = pl_json_str(doc, "group");
    pl_run_response r = {.id = id,
                         .group = pl_strdup(group ? group : f->group),
                         .model = pl_strdup(f->model),
                         .response = pl_strdup(cJSON_GetArrayItem(gens, 0)->valuestring),
                         .ngenerations = cJSON_GetArraySize(gens),
                         .context = pl_strdup(pl_json_str(doc, "context")),
                         .question = pl_strdup(pl_json_str(doc, "question")),
                         .line = line};
    r.has_stored_score = stored_score(rec, &r.stored_score);
    return r;
}

/* The first part the sample lacks, or NULL. */
static const char *missing_part(const cJSON *doc, const char *id, const cJSON *gens)
{
    if (!doc)
        return "doc";
    if (!id)
        return "doc.id";
    return cJSON_IsString(cJSON_GetArrayItem(gens, 0)) ? NULL : "resps[0][0]";
}

int pl_lm_eval_record(pl_lm_eval_file *f, pl_run_reader *rd, const cJSON *rec, int line)
{
    const cJSON *doc_id = pl_json_get(rec, "doc_id");
    int key = cJSON_IsNumber(doc_id) ? doc_id->valueint : -1;
    /* Another filter's line for a doc already loaded: same generations. */
    if (key >= 0 && pl_hashmap_get(&f->seen, &key, 1) >= 0)
        return 2;
    const cJSON *doc = pl_json_get(rec, "doc"), *gens = cJSON_GetArrayItem(pl_json_get(rec, "resps"), 0);
    char *id = pl_json_id_text(pl_json_get(doc, "id"));
    const char *missing = missing_part(doc, id, gens);
    if (missing) {
        pl_diags_add(rd->warnings, rd->path, line, 0, "missing %s", missing);
        free(id);
        return 0;
    }
    pl_run_response r = response_of(f, rec, doc, id, gens, line);
    if (pl_run_push(rd, &r) < 0 || (key >= 0 && pl_hashmap_put(&f->seen, &key, 1, 0) == -2))
        return -1;
    return 1;
}
