/* Model-run files: the format of each file detected and its reader called;
 * a response matched to the question it answers. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "base/json.h"
#include "runs/answer_key.h"
#include "runs/reader.h"
#include "runs/runs.h"

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && !strcmp(s + n - k, suffix);
}

static pl_error_code format_error(const char *path, const char *text, size_t off, const char *what, pl_error *err)
{
    int line, column;
    pl_text_position(text, off, &line, &column);
    return pl_error_set(err, PL_ERR_SYNTAX, path, line, column, "%s", what);
}

/* A new entry in rs->files for the file being read; -1 when out of memory. */
static int add_file(pl_run_responses *rs, const char *path)
{
    pl_run_file *grown = realloc(rs->files, (size_t)(rs->nfiles + 1) * sizeof *grown);
    if (!grown)
        return -1;
    rs->files = grown;
    rs->files[rs->nfiles] = (pl_run_file){.source = pl_strdup(path), .superseded_by = -1, .warning = -1};
    return rs->files[rs->nfiles].source ? rs->nfiles++ : -1;
}

/* A run record of JSON lines (native or lm-eval) rather than a document. */
static bool is_record(const cJSON *doc)
{
    return cJSON_IsObject(doc) && (pl_json_get(doc, "response") || pl_json_get(doc, "doc_id") ||
                                   pl_json_get(doc, "resps") || pl_json_get(doc, "id"));
}

/* One record as a JSON line (a pretty-printed record spans several). */
static pl_error_code load_one_record(pl_run_reader *rd, const cJSON *doc, pl_error *err)
{
    char *line = cJSON_PrintUnformatted(doc);
    if (!line)
        return pl_error_set(err, PL_ERR_LIMIT, rd->path, 0, 0, "out of memory");
    pl_error_code rc = pl_run_load_jsonl(rd, line, strlen(line), err);
    cJSON_free(line);
    return rc;
}

/* A JSON text is told from JSON lines by parsing it: one JSON value is a
 * document (an Inspect log, a companion file, a lone record), else the text
 * is JSON lines when its first line parses. */
static pl_error_code load_json_text(pl_run_reader *rd, const char *text, size_t len, pl_error *err)
{
    size_t first = 0;
    while (first < len && isspace((unsigned char)text[first]))
        first++;
    if (first == len) { /* lm-eval leaves an empty samples file when a task wrote nothing */
        pl_diags_add(rd->warnings, rd->path, 0, 0, "empty file: no responses (skipped)");
        return PL_OK;
    }
    pl_error doc_err = PL_ERROR_INIT;
    cJSON *doc = pl_json_parse_exact(text, len, rd->path, &doc_err);
    pl_error_code rc;
    if (cJSON_IsObject(pl_json_get(doc, "eval")))
        rc = pl_run_load_inspect_json(rd, doc, err);
    else if (is_record(doc))
        rc = load_one_record(rd, doc, err);
    else if (doc && (rc = pl_run_load_json_doc(rd, doc, err)) != PL_OK && err)
        pl_text_position(text, first, &err->line, &err->column); /* where the document starts */
    else if (doc)
        ;
    else if (pl_run_first_line_is_object(text, len) || ends_with(rd->path, ".jsonl") ||
             ends_with(rd->path, ".jsonl.gz")) /* neither parses: a .jsonl's error is its first bad line's */
        rc = pl_run_load_jsonl(rd, text, len, err);
    else if (text[first] != '{' && text[first] != '[')
        rc = format_error(rd->path, text, first,
                          "expected an Inspect log (a JSON object) or JSON lines (one object per line)", err);
    else
        rc = pl_error_set(err, doc_err.code, doc_err.file, doc_err.line, doc_err.column, "%s", doc_err.message);
    cJSON_Delete(doc);
    pl_error_clear(&doc_err);
    return rc;
}

static bool is_zip(const char *data, size_t len)
{
    return len >= 4 && !memcmp(data, "PK", 2) && ((data[2] == 3 && data[3] == 4) || (data[2] == 5 && data[3] == 6));
}

pl_error_code pl_run_responses_load(pl_run_responses *rs, const char *path, pl_diags *warnings, pl_error *err)
{
    size_t len;
    char *text = pl_read_file(path, &len, err);
    if (!text)
        return err ? err->code : PL_ERR_IO;
    pl_run_reader rd = {rs, path, warnings, add_file(rs, path)};
    pl_error_code rc;
    if (rd.file < 0)
        rc = pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
    else if (is_zip(text, len))
        rc = pl_run_load_inspect_zip(&rd, text, len, err);
    else if (ends_with(path, ".eval"))
        rc = pl_error_set(err, PL_ERR_SYNTAX, path, 0, 0, "expected a zip archive (an Inspect .eval log)");
    else
        rc = load_json_text(&rd, text, len, err);
    if (rc == PL_OK && pl_run_reader_file(&rd)->task_id && pl_run_settle_attempts(&rd) < 0)
        rc = pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
    if (rc != PL_OK && rd.file >= 0) /* nothing was appended: the entry goes */
        pl_run_file_clear(&rs->files[--rs->nfiles]);
    if (rc != PL_OK && rs->nfiles == 0) { /* and a table left empty with it: rs is as it was */
        free(rs->files);
        rs->files = NULL;
    }
    free(text);
    return rc;
}

/* Where the folder before `at` starts in `path` ("x/a/r.jsonl", at 2 → 0),
 * or `at` when no folder is left. */
static int folder_before(const char *path, int at)
{
    int i = at;
    while (i > 0 && path[i - 1] == '/')
        i--;
    if (i == 0)
        return at;
    while (i > 0 && path[i - 1] != '/')
        i--;
    return i;
}

/* Widens alike names (at[i]: where file i's starts) until they differ or no
 * folder is left above its name_at: each round, every unnamed file whose
 * name another different file shares takes one more folder, so that the
 * outcome does not depend on the files' order. */
static void tell_apart(const pl_run_file *files, const bool *unnamed, int *at, bool *alike, int n)
{
    for (bool widened = true; widened;) {
        widened = false;
        for (int i = 0; i < n; i++) {
            alike[i] = false;
            for (int j = 0; unnamed[i] && j < n && !alike[i]; j++)
                alike[i] = j != i && unnamed[j] && strcmp(files[i].source, files[j].source) &&
                           !strcmp(files[i].source + at[i], files[j].source + at[j]);
        }
        for (int i = 0; i < n; i++) {
            int wider = alike[i] ? folder_before(files[i].source, at[i]) : at[i];
            if (wider < files[i].name_at) /* never above the folder opened */
                wider = at[i];
            widened |= wider != at[i];
            at[i] = wider;
        }
    }
}

static const char *file_name(const char *path)
{
    return strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
}

/* Whether another file naming no model has file i's file name: the files
 * that were one run before they were named by their paths. */
static bool shares_file_name(const pl_run_file *files, const bool *unnamed, int n, int i)
{
    for (int j = 0; j < n; j++)
        if (j != i && unnamed[j] && strcmp(files[i].source, files[j].source) &&
            !strcmp(file_name(files[i].source), file_name(files[j].source)))
            return true;
    return false;
}

/* The group of an answer as keys name it: "app_gen" when it names an
 * ACPBench task, else as stored. */
static const char *key_group(const pl_run_response *r)
{
    pl_acp_task task;
    pl_acp_format format;
    return r->group && pl_acp_group_parse(r->group, &task, &format) ? pl_acp_group_name(task, format)
           : r->group                                                 ? r->group
                                                                      : "";
}

typedef struct {
    const char *model, *group, *id;
    int index;
} answer_place;

static int place_cmp(const answer_place *a, const answer_place *b)
{
    int c = strcmp(a->model, b->model);
    if (!c)
        c = strcmp(a->group, b->group);
    return c ? c : strcmp(a->id, b->id);
}

/* By run, group and id, then load order. */
static int by_question(const void *x, const void *y)
{
    const answer_place *a = x, *b = y;
    int c = place_cmp(a, b);
    return c ? c : (a->index > b->index) - (a->index < b->index);
}

/* Numbers the answers without a sample id among their run's answers to the
 * same question (`nth`), once the runs are named.  0, or -1 when out of
 * memory. */
static int number_answers(pl_run_responses *rs)
{
    answer_place *places = malloc(((size_t)rs->count + 1) * sizeof *places);
    int n = 0;
    if (!places)
        return -1;
    for (int i = 0; i < rs->count; i++) {
        const pl_run_response *r = &rs->items[i];
        if (!r->sample_id && r->model && r->id)
            places[n++] = (answer_place){r->model, key_group(r), r->id, i};
    }
    qsort(places, (size_t)n, sizeof *places, by_question);
    for (int k = 0; k < n; k++)
        rs->items[places[k].index].nth =
            k > 0 && !place_cmp(&places[k - 1], &places[k]) ? rs->items[places[k - 1].index].nth + 1 : 1;
    free(places);
    return 0;
}

const char *pl_run_response_sample(const pl_run_response *r, char *buf, size_t size)
{
    if (r->sample_id && *r->sample_id)
        return r->sample_id;
    snprintf(buf, size, r->nth > 0 ? "#%d" : "-", r->nth);
    return buf;
}

int pl_run_responses_name_runs(pl_run_responses *rs, pl_diags *warnings)
{
    int n = rs->nfiles;
    bool *unnamed = calloc((size_t)n + 1, sizeof *unnamed), *alike = calloc((size_t)n + 1, sizeof *alike);
    int *at = malloc(((size_t)n + 1) * sizeof *at);
    int rc = unnamed && alike && at ? 0 : -1;
    for (int i = 0; rc == 0 && i < rs->count; i++)
        unnamed[rs->items[i].file] |= !rs->items[i].model;
    for (int i = 0; rc == 0 && i < n; i++)
        at[i] = (int)(file_name(rs->files[i].source) - rs->files[i].source);
    if (rc == 0)
        tell_apart(rs->files, unnamed, at, alike, n);
    for (int i = 0; rc == 0 && i < rs->count; i++) {
        pl_run_response *r = &rs->items[i];
        if (!r->model && !(r->model = pl_strdup(rs->files[r->file].source + at[r->file])))
            rc = -1;
    }
    if (rc == 0)
        rc = number_answers(rs);
    for (int i = 0; rc == 0 && i < n; i++)
        if (unnamed[i] && shares_file_name(rs->files, unnamed, n, i))
            pl_diags_add(warnings, rs->files[i].source, 0, 0,
                         "names no model, nor does another file called %s: its answers are the run \"%s\", named by "
                         "its path",
                         file_name(rs->files[i].source), rs->files[i].source + at[i]);
    free(unnamed);
    free(alike);
    free(at);
    return rc;
}

const pl_acp_question *pl_acp_questions_match(const pl_acp_questions *qs, const pl_run_response *r)
{
    const pl_acp_question *q = pl_acp_questions_find(qs, r->group, r->id);
    return q ? q : pl_acp_questions_find_text(qs, r->group, r->context, r->question);
}
