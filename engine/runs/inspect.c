/* Inspect AI eval logs: samples → responses, and the .json log format.
 * A log is {"eval": {"task", "model", ...}, "samples": [{"id", "epoch",
 * "input" (a string or messages), "target", "messages": [{"role", "content"}],
 * "output": {"model", "completion", "choices": [{"message": {"role",
 * "content": a string or parts: {"type": "text", "text"}, {"type":
 * "reasoning", "reasoning", "summary"?, "redacted"}}}]}, "scores": {name:
 * {"value", ...}}, "metadata",
 * "error": {"message", "traceback"} or null}]}
 * (inspect_ai/log/_log.py, model/_model_output.py). */
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/sort.h"
#include "runs/reader.h"
#include "runs/runs.h"

typedef struct {
    const cJSON *json;
    char *id;        /* metadata.id, else the sample id */
    char *sample_id; /* the sample id */
    char *sort_key;  /* the sample id as Inspect sorts it */
    int epoch;
} sample_ref;

typedef struct {
    char *group;       /* named by eval.task, or NULL */
    const char *model; /* eval.model, or NULL */
} log_header;

/* Python's str(id).zfill(20) for an integer id: Inspect's sort key. */
static char *sort_key_of(const char *id)
{
    size_t n = strlen(id), sign = id[0] == '-';
    bool integer = n > sign && strspn(id + sign, "0123456789") == n - sign;
    if (!integer || n >= 20)
        return pl_strdup(id);
    char *key = malloc(21);
    if (key) {
        memcpy(key, id, sign);
        memset(key + sign, '0', 20 - n);
        memcpy(key + 20 - n + sign, id + sign, n - sign);
        key[20] = '\0';
    }
    return key;
}

static bool make_ref(const cJSON *sample, sample_ref *ref)
{
    const cJSON *meta_id = pl_json_get(pl_json_get(sample, "metadata"), "id"), *epoch = pl_json_get(sample, "epoch");
    char *sample_id = pl_json_id_text(pl_json_get(sample, "id"));
    *ref = (sample_ref){sample, meta_id ? pl_json_id_text(meta_id) : pl_strdup(sample_id), sample_id,
                        sample_id ? sort_key_of(sample_id) : NULL, cJSON_IsNumber(epoch) ? epoch->valueint : 1};
    return ref->id && ref->sort_key;
}

/* Inspect's sample order (sort_samples): by epoch, then by id. */
static int ref_order(const void *a, const void *b)
{
    const sample_ref *x = a, *y = b;
    if (x->epoch != y->epoch)
        return x->epoch < y->epoch ? -1 : 1;
    return strcmp(x->sort_key, y->sort_key);
}

static const char *text_part(const cJSON *part)
{
    const char *type = pl_json_str(part, "type");
    return type && !strcmp(type, "text") ? pl_json_str(part, "text") : NULL;
}

/* A message's text: the string content, or its text parts joined by
 * newlines (ChatMessage.text). */
static char *message_text(const cJSON *content)
{
    if (cJSON_IsString(content))
        return pl_strdup(content->valuestring);
    size_t n = 0, o = 0;
    const cJSON *part;
    cJSON_ArrayForEach(part, content)
    {
        if (text_part(part))
            n += strlen(text_part(part)) + 1;
    }
    char *out = malloc(n + 1);
    if (!out)
        return NULL;
    cJSON_ArrayForEach(part, content)
    {
        const char *t = text_part(part);
        if (!t)
            continue;
        if (o)
            out[o++] = '\n';
        memcpy(out + o, t, strlen(t));
        o += strlen(t);
    }
    out[o] = '\0';
    return out;
}

/* The reasoning parts of a message's content (ContentReasoning: its
 * `reasoning`, or its `summary` when the provider redacted it), joined by
 * blank lines; NULL when it has none. */
static char *reasoning_text(const cJSON *content)
{
    char *out = NULL;
    const cJSON *part;
    cJSON_ArrayForEach(part, content)
    {
        const char *type = pl_json_str(part, "type"), *text = pl_json_str(part, "reasoning");
        if (!type || strcmp(type, "reasoning"))
            continue;
        if (cJSON_IsTrue(pl_json_get(part, "redacted")))
            text = pl_json_str(part, "summary") ? pl_json_str(part, "summary") : "(reasoning redacted by the provider)";
        char *grown = pl_strdup_printf("%s%s%s", out ? out : "", out ? "\n\n" : "", text ? text : "");
        free(out);
        if (!(out = grown))
            return NULL;
    }
    return out;
}

/* What the model was given: the sample's messages before its last
 * assistant message (the input as the solvers sent it: system prompt,
 * templates), else its `input` (a string or messages); each message as
 * "role: text" when there are several or any is not the user's. */
static bool is_role(const cJSON *message, const char *role)
{
    const char *r = pl_json_str(message, "role");
    return r && !strcmp(r, role);
}

static char *prompt_text(const cJSON *sample)
{
    const cJSON *input = pl_json_get(sample, "input"), *messages = pl_json_get(sample, "messages");
    int n = cJSON_GetArraySize(messages);
    while (n > 0 && !is_role(cJSON_GetArrayItem(messages, n - 1), "assistant"))
        n--;
    if (n > 0) /* the last assistant message is the answer */
        n--;
    if (n == 0) {
        if (cJSON_IsString(input))
            return pl_strdup(input->valuestring);
        messages = input;
        n = cJSON_GetArraySize(input);
    }
    if (n == 1 && is_role(cJSON_GetArrayItem(messages, 0), "user"))
        return message_text(pl_json_get(cJSON_GetArrayItem(messages, 0), "content"));
    char *out = NULL;
    for (int i = 0; i < n; i++) {
        const cJSON *m = cJSON_GetArrayItem(messages, i);
        char *text = message_text(pl_json_get(m, "content"));
        const char *role = pl_json_str(m, "role");
        char *grown = pl_strdup_printf("%s%s%s: %s", out ? out : "", out ? "\n\n" : "", role ? role : "message",
                                       text ? text : "");
        free(text);
        free(out);
        if (!(out = grown))
            return NULL;
    }
    return out;
}

/* What the scorers read (output.completion, which Inspect fills from the
 * first choice); NULL when the sample has no model output. */
static char *output_text(const cJSON *output)
{
    const char *completion = pl_json_str(output, "completion");
    if (completion && *completion)
        return pl_strdup(completion);
    const cJSON *choice = cJSON_GetArrayItem(pl_json_get(output, "choices"), 0);
    return choice ? message_text(pl_json_get(pl_json_get(choice, "message"), "content")) : NULL;
}

/* A score value as a number: "C"/"I"/"P"/"N" as Inspect's value_to_float
 * maps them (1, 0, 0.5, 0), numbers and booleans as they are. */
static bool score_value(const cJSON *v, double *out)
{
    static const struct {
        const char *letter;
        double value;
    } letters[] = {{"C", 1}, {"I", 0}, {"P", 0.5}, {"N", 0}};
    if (cJSON_IsNumber(v) || cJSON_IsBool(v)) {
        *out = cJSON_IsNumber(v) ? v->valuedouble : cJSON_IsTrue(v);
        return true;
    }
    for (size_t i = 0; cJSON_IsString(v) && i < sizeof letters / sizeof *letters; i++)
        if (!strcmp(v->valuestring, letters[i].letter)) {
            *out = letters[i].value;
            return true;
        }
    return false;
}

/* The first scorer's value that is a number, and its name. */
static const char *stored_score(const cJSON *scores, double *out)
{
    const cJSON *score;
    cJSON_ArrayForEach(score, scores)
    {
        if (score_value(pl_json_get(score, "value"), out))
            return score->string;
    }
    return NULL;
}

/* The values of the scorers other than `shown` ("includes: C"), or NULL. */
static char *other_scores(const cJSON *scores, const char *shown)
{
    char *out = NULL;
    const cJSON *score;
    cJSON_ArrayForEach(score, scores)
    {
        if (shown && !strcmp(score->string, shown))
            continue;
        const cJSON *v = pl_json_get(score, "value");
        char *value = cJSON_IsString(v) ? pl_strdup(v->valuestring) : cJSON_PrintUnformatted(v);
        char *grown = pl_strdup_printf("%s%s%s: %s", out ? out : "", out ? ", " : "", score->string,
                                       value ? value : "?");
        if (value && !cJSON_IsString(v))
            cJSON_free(value);
        else
            free(value);
        free(out);
        out = grown;
    }
    return out;
}

/* The message of a sample's error (an EvalError, or a string in a
 * summary), or NULL when the sample has none. */
static const char *error_message(const cJSON *error)
{
    if (!error || cJSON_IsNull(error))
        return NULL;
    const char *message = cJSON_IsString(error) ? error->valuestring : pl_json_str(error, "message");
    return message ? message : "error";
}

/* Whether the model answered: its output has a choice (an empty completion
 * is an answer too) or a completion.  A failed model call leaves Inspect's
 * default output, with no choice and an empty completion. */
static bool model_answered(const cJSON *output)
{
    const char *completion = pl_json_str(output, "completion");
    return cJSON_GetArraySize(pl_json_get(output, "choices")) > 0 || (completion && *completion);
}

/* 0 when loaded, -1 when out of memory.  A sample without output is an empty
 * answer, as Inspect's scorers see it.  An errored one has no answer when
 * its model call failed; when the model answered (even with an empty
 * completion) the error came from scoring (Inspect scores a sample after
 * its solver finished), and the answer is graded. */
static int sample_response(pl_run_reader *rd, const log_header *h, const sample_ref *s, int number)
{
    const cJSON *output = pl_json_get(s->json, "output"), *meta = pl_json_get(s->json, "metadata");
    const char *error = error_message(pl_json_get(s->json, "error"));
    char *text = output_text(output);
    const char *scorer_error = NULL;
    if (error && model_answered(output)) {
        scorer_error = error;
        error = NULL;
    } else if (error) {
        free(text);
        text = NULL;
    }
    const char *group = pl_json_str(meta, "group"), *model = h->model ? h->model : pl_json_str(output, "model");
    pl_run_response r = {.id = pl_strdup(s->id),
                         .sample_id = pl_strdup(s->sample_id),
                         .group = pl_strdup(group && *group ? group : h->group),
                         .model = pl_strdup(model),
                         .response = text ? text : pl_strdup(""),
                         .epoch = s->epoch,
                         .error = pl_strdup(error),
                         .context = pl_strdup(pl_json_str(meta, "context")),
                         .question = pl_strdup(pl_json_str(s->json, "input")),
                         .line = number};
    const cJSON *choice = cJSON_GetArrayItem(pl_json_get(output, "choices"), 0);
    r.reasoning = reasoning_text(pl_json_get(pl_json_get(choice, "message"), "content"));
    char *prompt = prompt_text(s->json);
    bool oom = false;
    r.prompt = pl_run_share(rd, prompt, &oom); /* one copy for every epoch */
    free(prompt);
    const cJSON *scores = pl_json_get(s->json, "scores");
    const char *scorer = error ? NULL : stored_score(scores, &r.stored_score);
    r.has_stored_score = scorer != NULL;
    r.stored_scorer = pl_strdup(scorer);
    r.scorer_error = pl_strdup(scorer_error);
    if (cJSON_GetArraySize(scores) > (scorer ? 1 : 0))
        r.other_scores = other_scores(scores, scorer);
    if (oom || !r.response || (error && !r.error) || (scorer_error && !r.scorer_error)) {
        pl_run_response_clear(&r);
        return -1;
    }
    return pl_run_push(rd, &r);
}

/* The samples in Inspect's order: by epoch, then by id. */
static int load_sorted(pl_run_reader *rd, const log_header *h, sample_ref *refs, int n)
{
    pl_sort(refs, (size_t)n, sizeof *refs, ref_order);
    for (int k = 0; k < n; k++)
        if (sample_response(rd, h, &refs[k], k + 1) < 0)
            return -1;
    return 0;
}

/* The scorers' names: results.scores[].name, else the first sample's. */
static char *scorer_names(const cJSON *header, cJSON *const *samples, int n)
{
    const cJSON *list = pl_json_get(pl_json_get(header, "results"), "scores"), *s;
    bool from_results = cJSON_GetArraySize(list) > 0;
    if (!from_results)
        list = n ? pl_json_get(samples[0], "scores") : NULL;
    char *out = NULL;
    cJSON_ArrayForEach(s, list)
    {
        const char *name = from_results ? pl_json_str(s, "name") : s->string;
        if (!name || (out && strstr(out, name))) /* one entry per scorer and reducer */
            continue;
        char *grown = pl_strdup_printf("%s%s%s", out ? out : "", out ? ", " : "", name);
        free(out);
        out = grown;
    }
    return out;
}

/* Samples × epochs the eval planned: eval.dataset.samples (at most
 * config.limit) times config.epochs; 0 when the log does not say. */
static int planned_samples(const cJSON *eval)
{
    const cJSON *count = pl_json_get(pl_json_get(eval, "dataset"), "samples");
    const cJSON *config = pl_json_get(eval, "config"), *limit = pl_json_get(config, "limit");
    const cJSON *epochs = pl_json_get(config, "epochs");
    if (!cJSON_IsNumber(count))
        return 0;
    int n = count->valueint;
    if (cJSON_IsNumber(limit) && limit->valueint < n)
        n = limit->valueint;
    return n * (cJSON_IsNumber(epochs) && epochs->valueint > 0 ? epochs->valueint : 1);
}

/* The log's header in the reader's file entry; false when out of memory. */
static bool note_header(pl_run_reader *rd, const cJSON *header, bool finished, cJSON *const *samples, int n)
{
    const cJSON *eval = pl_json_get(header, "eval"), *config = pl_json_get(eval, "config");
    const char *started = pl_json_str(pl_json_get(header, "stats"), "started_at");
    const char *status = finished ? pl_json_str(header, "status") : "started";
    const cJSON *reducer = cJSON_GetArrayItem(pl_json_get(config, "epochs_reducer"), 0);
    const cJSON *error = pl_json_get(header, "error");
    pl_run_file *f = pl_run_reader_file(rd);
    f->kind = "Inspect log";
    f->task_id = pl_strdup(pl_json_str(eval, "task_id"));
    f->task = pl_strdup(pl_json_str(eval, "task"));
    f->model = pl_strdup(pl_json_str(eval, "model"));
    f->status = pl_strdup(status);
    f->error = pl_strdup(error_message(error));
    f->started_at = pl_strdup(started ? started : pl_json_str(eval, "created"));
    f->reducer = pl_strdup(cJSON_IsString(reducer) ? reducer->valuestring : NULL);
    f->scorers = scorer_names(header, samples, n);
    f->samples = n;
    f->planned = planned_samples(eval);
    return (f->task_id || !pl_json_str(eval, "task_id")) && (f->status || !status) &&
           (f->error || !error_message(error));
}

int pl_run_inspect_samples(pl_run_reader *rd, const cJSON *header, bool finished, cJSON *const *samples, int n)
{
    const cJSON *eval = pl_json_get(header, "eval");
    if (!note_header(rd, header, finished, samples, n))
        return -1;
    sample_ref *refs = calloc((size_t)n + 1, sizeof *refs);
    if (!refs)
        return -1;
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (make_ref(samples[i], &refs[m]))
            m++;
        else {
            pl_diags_add(rd->warnings, rd->path, 0, 0, "sample %d: missing id", i + 1);
            free(refs[m].id);
            free(refs[m].sample_id);
            free(refs[m].sort_key);
        }
    }
    log_header h = {pl_run_group_of_task(pl_json_str(eval, "task")), pl_json_str(eval, "model")};
    int rc = load_sorted(rd, &h, refs, m);
    for (int k = 0; k < m; k++) {
        free(refs[k].id);
        free(refs[k].sample_id);
        free(refs[k].sort_key);
    }
    free(refs);
    free(h.group);
    return rc;
}

pl_error_code pl_run_load_inspect_json(pl_run_reader *rd, const cJSON *log, pl_error *err)
{
    const cJSON *eval = pl_json_get(log, "eval"), *samples = pl_json_get(log, "samples");
    if (!cJSON_IsObject(eval))
        return pl_error_set(err, PL_ERR_SYNTAX, rd->path, 0, 0, "expected an Inspect log: \"eval\" is not an object");
    if (!cJSON_IsArray(samples)) {
        pl_diags_add(rd->warnings, rd->path, 0, 0, "the log holds no samples");
        return pl_run_inspect_samples(rd, log, true, NULL, 0) < 0
                   ? pl_error_set(err, PL_ERR_LIMIT, rd->path, 0, 0, "out of memory")
                   : PL_OK;
    }
    int n = cJSON_GetArraySize(samples), i = 0;
    cJSON **list = malloc(((size_t)n + 1) * sizeof *list);
    if (!list)
        return pl_error_set(err, PL_ERR_LIMIT, rd->path, 0, 0, "out of memory");
    cJSON *s;
    cJSON_ArrayForEach(s, samples)
    {
        list[i++] = s;
    }
    int rc = pl_run_inspect_samples(rd, log, true, list, n);
    free(list);
    return rc < 0 ? pl_error_set(err, PL_ERR_LIMIT, rd->path, 0, 0, "out of memory") : PL_OK;
}
