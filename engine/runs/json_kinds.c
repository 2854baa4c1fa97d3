/* JSON documents beside the runs that hold no answers, one table of them:
 * how each is recognised and what planlens says it holds.  Any other JSON
 * value is named for what it is, never called invalid JSON. */
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "runs/reader.h"
#include "runs/runs.h"

/* lm-eval's results_<date>.json (or X_<date>.json): the run's aggregated
 * metrics and configuration, written beside its samples files. */
static bool is_lm_eval_results(const cJSON *doc)
{
    return cJSON_IsObject(pl_json_get(doc, "results")) &&
           (pl_json_get(doc, "config") || pl_json_get(doc, "configs") || pl_json_get(doc, "model_name"));
}

static char *about_lm_eval_results(const cJSON *doc)
{
    (void)doc;
    return pl_strdup("lm-eval results (the run's summary; answers are in its samples files)");
}

/* Inspect's logs.json (write_log_dir_manifest): {log file name: EvalLog
 * header (the log without its samples)} for every log of the directory. */
static bool is_eval_set_manifest(const cJSON *doc)
{
    const cJSON *first = doc ? doc->child : NULL;
    return cJSON_IsObject(doc) && first && cJSON_IsObject(pl_json_get(first, "eval")) &&
           pl_json_get(first, "status");
}

static char *about_eval_set_manifest(const cJSON *doc)
{
    int logs = 0, finished = 0;
    const cJSON *log;
    cJSON_ArrayForEach(log, doc)
    {
        const char *status = pl_json_str(log, "status");
        logs++;
        finished += status && strcmp(status, "started");
    }
    return pl_strdup_printf("an Inspect eval-set manifest: %d log%s, %d finished (the answers are in the logs)",
                            logs, logs == 1 ? "" : "s", finished);
}

/* Inspect's eval-set.json (write_eval_set_info): {eval_set_id, tasks:
 * [{name, task_id, model, ...}]}. */
static bool is_eval_set(const cJSON *doc)
{
    return cJSON_IsString(pl_json_get(doc, "eval_set_id")) && cJSON_IsArray(pl_json_get(doc, "tasks"));
}

static char *about_eval_set(const cJSON *doc)
{
    int n = cJSON_GetArraySize(pl_json_get(doc, "tasks"));
    return pl_strdup_printf("an Inspect eval set (%s): %d task%s (the answers are in its logs)",
                            pl_json_str(doc, "eval_set_id"), n, n == 1 ? "" : "s");
}

static const struct {
    const char *kind;
    bool (*is)(const cJSON *doc);
    char *(*about)(const cJSON *doc);
    bool summary; /* counts in pl_run_responses.summaries */
} kinds[] = {
    {"lm-eval results", is_lm_eval_results, about_lm_eval_results, true},
    {"Inspect eval-set manifest", is_eval_set_manifest, about_eval_set_manifest, false},
    {"Inspect eval set", is_eval_set, about_eval_set, false},
};

/* "a JSON object with keys a, b, c, …", "a JSON array of 3 items", ... */
static char *describe(const cJSON *doc)
{
    if (cJSON_IsArray(doc))
        return pl_strdup_printf("a JSON array of %d item%s", cJSON_GetArraySize(doc),
                                cJSON_GetArraySize(doc) == 1 ? "" : "s");
    if (!cJSON_IsObject(doc))
        return pl_strdup(cJSON_IsString(doc) ? "a JSON string" : cJSON_IsNumber(doc) ? "a JSON number"
                                                                                      : "a JSON constant");
    if (!doc->child)
        return pl_strdup("an empty JSON object");
    char *out = pl_strdup("a JSON object with keys ");
    int shown = 0;
    for (const cJSON *k = doc->child; k && out; k = k->next, shown++) {
        char *grown = shown == 4 ? pl_strdup_printf("%s, …", out)
                                 : pl_strdup_printf("%s%s%s", out, shown ? ", " : "", k->string);
        free(out);
        out = grown;
        if (shown == 4)
            break;
    }
    return out;
}

pl_error_code pl_run_load_json_doc(pl_run_reader *rd, const cJSON *doc, pl_error *err)
{
    pl_run_file *f = pl_run_reader_file(rd);
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++) {
        if (!kinds[i].is(doc))
            continue;
        f->kind = kinds[i].kind;
        f->about = kinds[i].about(doc);
        rd->rs->summaries += kinds[i].summary;
        return f->about ? PL_OK : pl_error_set(err, PL_ERR_LIMIT, rd->path, 0, 0, "out of memory");
    }
    char *what = describe(doc);
    pl_error_code rc = pl_error_set(err, PL_ERR_SYNTAX, rd->path, 0, 0,
                                    "unknown run format: %s: not a question set or run (expected an Inspect "
                                    "log, lm-evaluation-harness samples or native JSON lines)",
                                    what ? what : "JSON");
    free(what);
    return rc;
}
