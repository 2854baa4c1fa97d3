/* planlens validate --stream [FILE]: JSONL in (FILE or stdin), one verdict
 * per line out, for pipelines that check many plans of many problems in one
 * process.  A line is an object with "domain" and "problem" (paths) or
 * "domain_pddl" and "problem_pddl" (texts); "plan" (a path, or an array of
 * actions) or "plan_text"; optionally "id", echoed.  Grounded tasks are kept
 * across lines, keyed by the paths or texts.  The JSONL is data, maybe from
 * elsewhere: the paths it names are read only inside a root (--root DIR, by
 * default the working directory), and an error quotes no more than a short
 * snippet of what it read. */
#define _POSIX_C_SOURCE 200809L /* getline */
#include <cjson/cJSON.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/file.h"
#include "base/json.h"
#include "base/path.h"
#include "cli.h"
#include "shard.h"
#include "validate.h"

enum { CACHE_SIZE = 32 }; /* tasks kept; all are dropped when it is full */
enum { MAX_ERROR_BYTES = 240 }; /* of a line's error: a token quoted from a file is cut there */

typedef struct {
    uint64_t hash;
    char *key;
    pl_loaded_task lt;
} cached_task;

typedef struct {
    cached_task items[CACHE_SIZE];
    int count;
    const char *root; /* the paths of the lines are confined under it */
} task_cache;

static uint64_t fnv1a(const char *s)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3u;
    return h;
}

static void cache_clear(task_cache *c)
{
    for (int i = 0; i < c->count; i++) {
        free(c->items[i].key);
        pl_loaded_task_free(&c->items[i].lt);
    }
    c->count = 0;
}

/* The text of the file a line names, when it lies inside root; else NULL
 * with err set (naming the path, never a byte of the file). */
static char *read_confined(const char *root, const char *path, size_t *len, pl_error *err)
{
    char *confined = pl_path_join_confined(root, path, err);
    char *text = confined ? pl_read_file(confined, len, err) : NULL;
    free(confined);
    return text;
}

/* The text of "NAME" (a path: the file's text, *owned set) or of
 * "NAME_pddl" (the text itself); *label names it in errors. */
static const char *source_text(const task_cache *c, const cJSON *line, const char *name, char **owned,
                               const char **label, pl_error *err)
{
    static const char *const text_names[] = {"domain_pddl", "problem_pddl"};
    const char *path = pl_json_str(line, name);
    *owned = NULL;
    *label = path;
    if (path) {
        size_t len;
        *owned = read_confined(c->root, path, &len, err);
        return *owned;
    }
    *label = text_names[strcmp(name, "domain") ? 1 : 0];
    const char *text = pl_json_str(line, *label);
    if (!text)
        pl_error_set(err, PL_ERR_SYNTAX, NULL, 0, 0, "expected \"%s\" (a path) or \"%s\" (the text)", name, *label);
    return text;
}

/* The task of a line, from the cache or loaded into it; NULL with *err set. */
static const pl_task *line_task(task_cache *c, const cJSON *line, pl_error *err)
{
    char *dfile = NULL, *pfile = NULL;
    const char *dlabel = NULL, *plabel = NULL;
    const char *d = source_text(c, line, "domain", &dfile, &dlabel, err);
    const char *p = d ? source_text(c, line, "problem", &pfile, &plabel, err) : NULL;
    /* a path keys its file, a text itself: files are taken not to change during a run */
    char *key = p ? pl_strdup_printf("%s%c%s", dfile ? dlabel : d, 0x1e, pfile ? plabel : p) : NULL;
    uint64_t h = key ? fnv1a(key) : 0;
    const pl_task *found = NULL;
    for (int i = 0; key && i < c->count && !found; i++)
        if (c->items[i].hash == h && !strcmp(c->items[i].key, key))
            found = c->items[i].lt.task;
    pl_loaded_task lt;
    pl_diags warnings = PL_DIAGS_INIT;
    if (key && !found &&
        pl_load_task_texts(d, strlen(d), dlabel, p, strlen(p), plabel, &lt, &warnings, err) == PL_OK) {
        if (c->count == CACHE_SIZE)
            cache_clear(c);
        c->items[c->count++] = (cached_task){h, key, lt};
        found = lt.task;
        key = NULL;
    }
    cli_print_warnings(&warnings);
    free(key);
    free(dfile);
    free(pfile);
    return found;
}

/* The steps of a line's plan: "plan" (a path or an array of actions) or "plan_text". */
static bool line_plan(const char *root, const cJSON *line, pl_plan_steps *steps, pl_error *err)
{
    const cJSON *plan = pl_json_get(line, "plan");
    const char *text = pl_json_str(line, "plan_text");
    char *owned = NULL;
    size_t len;
    if (cJSON_IsString(plan)) {
        text = owned = read_confined(root, plan->valuestring, &len, err);
        if (!text || pl_check_text(plan->valuestring, text, len, err) != PL_OK) {
            free(owned);
            return false;
        }
    } else if (cJSON_IsArray(plan)) {
        size_t cap = 1;
        const cJSON *a;
        cJSON_ArrayForEach(a, plan) cap += cJSON_IsString(a) ? strlen(a->valuestring) + 1 : 0;
        text = owned = calloc(cap, 1);
        cJSON_ArrayForEach(a, plan) if (owned && cJSON_IsString(a)) strcat(strcat(owned, a->valuestring), "\n");
    }
    if (!text) {
        pl_error_set(err, PL_ERR_SYNTAX, NULL, 0, 0,
                     "expected \"plan\" (a path or an array of actions) or \"plan_text\"");
        return false;
    }
    bool ok = pl_plan_steps_parse(text, steps, err) == PL_OK;
    free(owned);
    return ok;
}

/* One line's verdict (or error) as a JSON object; *rc raised to the line's exit code. */
static cJSON *line_verdict(task_cache *c, const char *text, size_t len, int number, int *rc)
{
    pl_error err = PL_ERROR_INIT;
    char label[32];
    snprintf(label, sizeof label, "line %d", number);
    cJSON *line = pl_json_parse_exact(text, len, label, &err);
    const pl_task *t = line ? line_task(c, line, &err) : NULL;
    pl_plan_steps steps;
    bool have_steps = t && line_plan(c->root, line, &steps, &err);
    pl_trace *tr = have_steps ? pl_trace_new(t, steps.steps, steps.count) : NULL;
    const cJSON *plan = pl_json_get(line, "plan");
    cJSON *out = tr ? cli_trace_json(cJSON_IsString(plan) ? plan->valuestring : NULL, &steps, tr)
                    : cJSON_CreateObject();
    cJSON_AddNumberToObject(out, "line", number);
    const cJSON *id = pl_json_get(line, "id");
    if (id)
        cJSON_AddItemToObject(out, "id", cJSON_Duplicate(id, true));
    if (!tr) {
        char *msg = have_steps ? NULL : pl_error_format(&err);
        if (msg && strlen(msg) > MAX_ERROR_BYTES) { /* cut on a character boundary, "..." within */
            size_t cut = MAX_ERROR_BYTES - 3;
            while (cut > 0 && ((unsigned char)msg[cut] & 0xc0) == 0x80)
                cut--;
            memcpy(msg + cut, "...", 4);
        }
        cJSON_AddStringToObject(out, "error", msg ? msg : "out of memory");
        free(msg);
        *rc = PL_EXIT_INPUT;
    } else if (!tr->valid && *rc == PL_EXIT_OK) {
        *rc = PL_EXIT_INVALID;
    }
    pl_trace_free(tr);
    if (have_steps)
        pl_plan_steps_free(&steps);
    pl_error_clear(&err);
    cJSON_Delete(line);
    return out;
}

/* Whether the shard owns a line: its task (domain and problem, paths or
 * texts) as the partition key, so each task is grounded by one shard; a
 * line that names none goes by its number. */
static bool line_in_shard(const cli_shard *s, const char *text, size_t len, int number)
{
    cJSON *line = cJSON_ParseWithLength(text, len);
    const char *d = pl_json_str(line, "domain"), *p = pl_json_str(line, "problem");
    d = d ? d : pl_json_str(line, "domain_pddl");
    p = p ? p : pl_json_str(line, "problem_pddl");
    char n[16];
    snprintf(n, sizeof n, "%d", number);
    bool mine = d && p ? cli_shard_owns(s, d, p) : cli_shard_owns(s, "line", n);
    cJSON_Delete(line);
    return mine;
}

/* A verdict as a part's unit: the line cli_print_json writes. */
static void put_unit(cli_part *part, int number, cJSON *verdict)
{
    char *s = cli_json_text(verdict, false), *line = s ? pl_strdup_printf("%s\n", s) : NULL;
    cli_part_text(part, number, 0, line);
    free(line);
    free(s);
    cJSON_Delete(verdict);
}

int cli_validate_stream(const cli_validate_job *job, const cli_shard *shard, int argc, char **argv)
{
    const char *root = job->stream_root, *path = job->stream_path;
    struct stat st;
    if (stat(root, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "planlens: validate: --root %s: not a directory\n", root);
        return PL_EXIT_INPUT;
    }
    FILE *in = path && strcmp(path, "-") ? fopen(path, "r") : stdin;
    if (!in) {
        fprintf(stderr, "planlens: validate: cannot open %s\n", path);
        return PL_EXIT_INPUT;
    }
    task_cache cache = {.count = 0, .root = root};
    char *text = NULL;
    size_t cap = 0;
    ssize_t len;
    int rc = PL_EXIT_OK;
    cli_part *part = shard->on ? cli_part_begin(stdout, "validate", shard, "jsonl", argc, argv, NULL, NULL) : NULL;
    for (int number = 1; (len = getline(&text, &cap, in)) >= 0; number++) {
        if (strspn(text, " \t\r\n") == (size_t)len || (shard->on && !line_in_shard(shard, text, (size_t)len, number)))
            continue;
        if (shard->on) {
            put_unit(part, number, line_verdict(&cache, text, (size_t)len, number, &rc));
            continue;
        }
        cli_print_json(line_verdict(&cache, text, (size_t)len, number, &rc));
        fflush(stdout); /* a verdict per line, as it comes: the other end may wait for it */
    }
    if (shard->on)
        rc = cli_part_end(part, rc, NULL);
    free(text);
    cache_clear(&cache);
    if (in != stdin)
        fclose(in);
    return rc;
}
