/* Model-run files: the format of each file detected and its reader called;
 * a response matched to the question it answers. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "base/json.h"
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

/* lm-eval's results_<date>.json (or X_<date>.json): the run's aggregated
 * metrics and configuration, written beside its samples files. */
static bool is_lm_eval_results(const cJSON *doc)
{
    return cJSON_IsObject(pl_json_get(doc, "results")) &&
           (pl_json_get(doc, "config") || pl_json_get(doc, "configs") || pl_json_get(doc, "model_name"));
}

/* A JSON text: one Inspect log document, lm-eval results, or JSON lines. */
static pl_error_code load_json_text(pl_run_reader *rd, const char *text, size_t len, pl_error *err)
{
    size_t first = 0;
    while (first < len && isspace((unsigned char)text[first]))
        first++;
    if (first == len) { /* lm-eval leaves an empty samples file when a task wrote nothing */
        pl_diags_add(rd->warnings, rd->path, 0, 0, "empty file: no responses (skipped)");
        return PL_OK;
    }
    if (text[first] != '{')
        return format_error(rd->path, text, first,
                            "expected an Inspect log (a JSON object) or JSON lines (one object per line)", err);
    if (ends_with(rd->path, ".jsonl") || ends_with(rd->path, ".jsonl.gz"))
        return pl_run_load_jsonl(rd, text, len, err);
    pl_error doc_err = PL_ERROR_INIT;
    cJSON *doc = pl_json_parse_exact(text, len, rd->path, &doc_err);
    pl_error_code rc;
    if (doc && pl_json_get(doc, "eval"))
        rc = pl_run_load_inspect_json(rd, doc, err);
    else if (is_lm_eval_results(doc)) {
        rd->rs->summaries++;
        rc = PL_OK;
    }
    else if (doc || pl_run_first_line_is_object(text, len))
        rc = pl_run_load_jsonl(rd, text, len, err);
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
    pl_run_reader rd = {rs, path, warnings};
    pl_error_code rc;
    if (is_zip(text, len))
        rc = pl_run_load_inspect_zip(&rd, text, len, err);
    else if (ends_with(path, ".eval"))
        rc = pl_error_set(err, PL_ERR_SYNTAX, path, 0, 0, "expected a zip archive (an Inspect .eval log)");
    else
        rc = load_json_text(&rd, text, len, err);
    free(text);
    return rc;
}

const pl_acp_question *pl_acp_questions_match(const pl_acp_questions *qs, const pl_run_response *r)
{
    const pl_acp_question *q = pl_acp_questions_find(qs, r->group, r->id);
    return q ? q : pl_acp_questions_find_text(qs, r->group, r->context, r->question);
}
