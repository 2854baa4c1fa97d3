/* The model of an lm-eval samples file, from the results file lm-eval wrote
 * with it (lm_eval/loggers/evaluation_tracker.py): both carry the same
 * date_id, `samples_<task>_<date>.jsonl` beside `results_<date>.json`
 * (--output_path DIR) or `X_<date>.json` (--output_path X.json). */
#define _XOPEN_SOURCE 700 /* realpath */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "base/json.h"
#include "runs/reader.h"

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && !strcmp(s + n - k, suffix);
}

/* The results file of the samples' date in dir: results_<date>.json first,
 * else the first X_<date>.json by name; NULL when none. */
static char *results_path(const char *dir, const char *date)
{
    char *suffix = pl_strdup_printf("_%s.json", date), *best = NULL;
    DIR *d = suffix ? opendir(dir) : NULL;
    for (struct dirent *e; d && (e = readdir(d));) {
        const char *name = e->d_name;
        if (!ends_with(name, suffix) || !strncmp(name, "samples_", 8) || name[0] == '.')
            continue;
        bool better = !best || (!strncmp(name, "results_", 8) ? strncmp(best, "results_", 8) || strcmp(name, best) < 0
                                                               : strncmp(best, "results_", 8) && strcmp(name, best) < 0);
        if (better) {
            free(best);
            best = pl_strdup(name);
        }
    }
    if (d)
        closedir(d);
    char *path = best ? pl_strdup_printf("%s/%s", dir, best) : NULL;
    if (path && !pl_is_regular_file(path, NULL)) { /* a FIFO would hang the read, a device never end */
        free(path);
        path = NULL;
    }
    free(best);
    free(suffix);
    return path;
}

/* GeneralConfigTracker._get_model_name: the value of the first of these
 * keys in model_args ("k=v,k=v" as given on the command line, or a dict). */
static char *model_of_args(const cJSON *args)
{
    static const char *const keys[] = {"peft", "delta", "pretrained", "model", "path", "engine"};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        if (cJSON_IsObject(args)) {
            const char *v = pl_json_str(args, keys[i]);
            if (v && *v)
                return pl_strdup(v);
            continue;
        }
        char prefix[16];
        snprintf(prefix, sizeof prefix, "%s=", keys[i]);
        const char *at = cJSON_IsString(args) ? strstr(args->valuestring, prefix) : NULL;
        if (at) {
            at += strlen(prefix);
            return pl_strndup(at, strcspn(at, ","));
        }
    }
    return NULL;
}

static char *model_of_results(const char *path)
{
    size_t len;
    char *text = pl_read_file(path, &len, NULL);
    cJSON *results = text ? pl_json_parse_exact(text, len, NULL, NULL) : NULL;
    const char *name = pl_json_str(results, "model_name");
    char *model = name && *name ? pl_strdup(name)
                                : model_of_args(pl_json_get(pl_json_get(results, "config"), "model_args"));
    cJSON_Delete(results);
    free(text);
    return model;
}

char *pl_lm_eval_model(const pl_run_reader *rd)
{
    const char *slash = strrchr(rd->path, '/'), *base = slash ? slash + 1 : rd->path;
    const char *last = strrchr(base, '_'), *ext = last ? strstr(last, ".jsonl") : NULL;
    char *dir = slash ? pl_strndup(rd->path, (size_t)(slash - rd->path)) : pl_strdup(".");
    char *date = ext ? pl_strndup(last + 1, (size_t)(ext - last - 1)) : NULL;
    char *results = dir && date ? results_path(dir, date) : NULL;
    char *model = results ? model_of_results(results) : NULL;
    char *full = !model && dir ? realpath(dir, NULL) : NULL; /* "." → the directory's own name */
    if (full) {
        const char *dir_name = strrchr(full, '/') && full[1] ? strrchr(full, '/') + 1 : full;
        model = pl_strdup(dir_name);
        if (results)
            pl_diags_add(rd->warnings, rd->path, 0, 0, "%s names no model: the model is the directory's name, '%s'",
                         results, dir_name);
        else
            pl_diags_add(rd->warnings, rd->path, 0, 0,
                         "no lm-eval results file (results_<date>.json or <name>_<date>.json) beside it: the model "
                         "is the directory's name, '%s'",
                         dir_name);
    }
    free(full);
    free(results);
    free(date);
    free(dir);
    return model;
}
