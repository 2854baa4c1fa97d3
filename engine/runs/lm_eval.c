/* lm-evaluation-harness sample logs.  lm-eval writes them as
 * <output>/<model_name_sanitized>/samples_<task>_<date>.jsonl beside
 * results_<date>.json (or, for --output_path X.json, beside X_<date>.json),
 * one line per (doc, filter):
 *   {"doc_id", "doc": {question record}, "target", "arguments": {"gen_args_0":
 *    {"arg_0": prompt, "arg_1": ...}},
 *    "resps": [[generation per repeat, ...]], "filtered_resps", "filter",
 *    "metrics": [names], <metric>: value, "scores_per_repeat"?: {metric:
 *    [value per repeat]}, ...}
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

pl_lm_eval_file *pl_lm_eval_file_new(const pl_run_reader *rd)
{
    pl_lm_eval_file *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    char *task = task_of_name(base_name(rd->path));
    f->group = pl_run_group_of_task(task);
    f->model = pl_lm_eval_model(rd);
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

/* Metric `name` of repeat k: its value in scores_per_repeat; without that,
 * the doc's value, which lm-eval's default filter (take_first) computes on
 * the first repeat. */
static bool metric_at(const cJSON *rec, const char *name, int k, double *out)
{
    const cJSON *per_repeat = pl_json_get(rec, "scores_per_repeat");
    if (per_repeat)
        return metric_value(cJSON_GetArrayItem(pl_json_get(per_repeat, name), k), out);
    return k == 0 && metric_value(pl_json_get(rec, name), out);
}

/* Repeat k's score: the first of "metrics" with a value, else "score"
 * (ACPBench gen tasks) or "exact_match" (bool, mcq). */
static bool stored_score(const cJSON *rec, int k, double *out)
{
    const cJSON *name;
    cJSON_ArrayForEach(name, pl_json_get(rec, "metrics"))
    {
        if (cJSON_IsString(name) && metric_at(rec, name->valuestring, k, out))
            return true;
    }
    return metric_at(rec, "score", k, out) || metric_at(rec, "exact_match", k, out);
}

/* The prompt: the first argument of the first request — lm-eval 0.4 writes
 * {"gen_args_0": {"arg_0": prompt, "arg_1": gen_kwargs or a continuation}}
 * (EvaluationTracker.save_results_samples), earlier versions the request
 * args as lists, [[prompt, ...]].  A multiple-choice doc's requests share
 * their context, so the first one's is the prompt. */
static const char *prompt_of(const cJSON *rec)
{
    const cJSON *args = pl_json_get(rec, "arguments");
    const char *prompt = pl_json_str(pl_json_get(args, "gen_args_0"), "arg_0");
    if (!prompt) {
        const cJSON *first = cJSON_GetArrayItem(cJSON_GetArrayItem(args, 0), 0);
        prompt = cJSON_IsString(first) ? first->valuestring : NULL;
    }
    return prompt;
}

/* What lm-eval's filter extracted from repeat k: filtered_resps[0] is one
 * string (take_first and other filters that keep one answer: the first
 * repeat's) or a list with one per repeat; NULL when it is the generation
 * itself (no copy is kept) or not text (loglikelihood pairs). */
static char *filtered_of(const cJSON *rec, const cJSON *gen, int k)
{
    const cJSON *f = cJSON_GetArrayItem(pl_json_get(rec, "filtered_resps"), 0);
    if (cJSON_IsArray(f))
        f = cJSON_GetArrayItem(f, k);
    else if (k > 0)
        return NULL;
    if (!cJSON_IsString(f) || !strcmp(f->valuestring, gen->valuestring))
        return NULL;
    return pl_strdup(f->valuestring);
}

/* Repeat k (0-based) of the doc: its generation as epoch k + 1. */
static pl_run_response response_of(const pl_lm_eval_file *f, const cJSON *rec, const cJSON *doc, const char *id,
                                   const cJSON *gen, int k, int line)
{
    const char *group = pl_json_str(doc, "group");
    pl_run_response r = {.id = pl_strdup(id),
                         .sample_id = pl_json_id_text(pl_json_get(rec, "doc_id")),
                         .group = pl_strdup(group ? group : f->group),
                         .model = pl_strdup(f->model),
                         .response = pl_strdup(gen->valuestring),
                         .epoch = k + 1,
                         .context = pl_strdup(pl_json_str(doc, "context")),
                         .question = pl_strdup(pl_json_str(doc, "question")),
                         .filtered = filtered_of(rec, gen, k),
                         .line = line};
    r.has_stored_score = stored_score(rec, k, &r.stored_score);
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
    int got = 1;
    for (int k = 0; got == 1 && k < cJSON_GetArraySize(gens); k++) {
        const cJSON *gen = cJSON_GetArrayItem(gens, k);
        if (!cJSON_IsString(gen)) {
            pl_diags_add(rd->warnings, rd->path, line, 0, "resps[0][%d] is not a string: repeat %d skipped", k, k + 1);
            continue;
        }
        pl_run_response r = response_of(f, rec, doc, id, gen, k, line);
        bool oom = false;
        r.prompt = pl_run_share(rd, prompt_of(rec), &oom); /* one copy for every repeat */
        if (oom) {
            pl_run_response_clear(&r);
            got = -1;
        } else if (pl_run_push(rd, &r) < 0)
            got = -1;
    }
    free(id);
    if (got < 0 || (key >= 0 && pl_hashmap_put(&f->seen, &key, 1, 0) == -2))
        return -1;
    return 1;
}
