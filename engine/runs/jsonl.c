/* JSON-lines run files: native records ({"id", "group", "response",
 * "model"?}) and lm-evaluation-harness sample logs.  The first line that
 * parses decides which; blank lines are ignored, a bad line is a warning. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/text_lines.h"
#include "runs/reader.h"
#include "runs/runs.h"

/* One line parsed; a syntax error's position is given in the whole file. */
static cJSON *parse_line(const char *path, const char *s, size_t n, int line, pl_error *err)
{
    cJSON *j = pl_json_parse_exact(s, n, path, err);
    if (!j && err)
        err->line = line;
    return j;
}

bool pl_run_first_line_is_object(const char *text, size_t len)
{
    pl_line_reader lr = {text, len, 0, 0};
    const char *s;
    size_t n;
    while (pl_next_line(&lr, &s, &n)) {
        if (pl_is_blank(s, n))
            continue;
        cJSON *j = pl_json_parse_exact(s, n, NULL, NULL);
        bool object = cJSON_IsObject(j);
        cJSON_Delete(j);
        return object;
    }
    return false;
}

/* Whether the first line that parses is an lm-eval sample (else a native
 * record); an error when no line parses or that line is neither. */
static pl_error_code detect_lm_eval(const pl_run_reader *rd, const char *text, size_t len, bool *lm_eval,
                                    pl_error *err)
{
    pl_line_reader lr = {text, len, 0, 0};
    const char *s;
    size_t n;
    pl_error first_err = PL_ERROR_INIT;
    while (pl_next_line(&lr, &s, &n)) {
        pl_error line_err = PL_ERROR_INIT;
        cJSON *j = pl_is_blank(s, n) ? NULL : parse_line(rd->path, s, n, lr.line, &line_err);
        if (!j) {
            if (!first_err.code)
                first_err = line_err;
            else
                pl_error_clear(&line_err);
            continue;
        }
        pl_error_clear(&first_err);
        *lm_eval = pl_json_get(j, "doc_id") || pl_json_get(j, "resps");
        bool native = pl_json_get(j, "response") || pl_json_get(j, "id");
        cJSON_Delete(j);
        if (*lm_eval || native)
            return PL_OK;
        return pl_error_set(err, PL_ERR_SYNTAX, rd->path, lr.line, 1,
                            "unknown run format: expected native JSON lines ({\"id\", \"group\", \"response\"}), "
                            "lm-evaluation-harness samples (\"doc_id\", \"doc\", \"resps\") or an Inspect log");
    }
    if (!first_err.code)
        return pl_error_set(err, PL_ERR_SYNTAX, rd->path, 0, 0, "empty file: expected JSON lines or an Inspect log");
    pl_error_set(err, first_err.code, first_err.file, first_err.line, first_err.column, "%s", first_err.message);
    pl_error_clear(&first_err);
    return PL_ERR_SYNTAX;
}

/* 1 when loaded, 0 when skipped, -1 when out of memory. */
static int native_record(pl_run_reader *rd, const cJSON *rec, int line)
{
    const cJSON *id_json = pl_json_get(rec, "id");
    const char *response = pl_json_str(rec, "response");
    char *id = pl_json_id_text(id_json);
    if (!id || !response) {
        pl_diags_add(rd->warnings, rd->path, line, 0, "%s",
                     !id_json ? "missing id" : !id ? "id is neither an integer nor a string" : "missing response");
        free(id);
        return 0;
    }
    pl_run_response r = {.id = id,
                         .group = pl_strdup(pl_json_str(rec, "group")),
                         .model = pl_strdup(pl_json_str(rec, "model")),
                         .response = pl_strdup(response),
                         .epoch = 1,
                         .line = line};
    return pl_run_push(rd, &r) < 0 ? -1 : 1;
}

/* What pl_lm_eval_record or native_record returned for the line (0 also for
 * a line that is not a JSON object). */
static int load_line(pl_run_reader *rd, pl_lm_eval_file *lm, const char *s, size_t n, int line)
{
    pl_error e = PL_ERROR_INIT;
    cJSON *rec = parse_line(rd->path, s, n, line, &e);
    int got = 0;
    if (!rec)
        pl_diags_add(rd->warnings, rd->path, e.line, e.column, "%s", e.message);
    else if (!cJSON_IsObject(rec))
        pl_diags_add(rd->warnings, rd->path, line, 1, "expected a JSON object");
    else
        got = lm ? pl_lm_eval_record(lm, rd, rec, line) : native_record(rd, rec, line);
    cJSON_Delete(rec);
    pl_error_clear(&e);
    return got;
}

pl_error_code pl_run_load_jsonl(pl_run_reader *rd, const char *text, size_t len, pl_error *err)
{
    bool lm_eval = false;
    pl_error_code rc = detect_lm_eval(rd, text, len, &lm_eval, err);
    if (rc)
        return rc;
    pl_lm_eval_file *lm = lm_eval ? pl_lm_eval_file_new(rd) : NULL;
    pl_line_reader lr = {text, len, 0, 0};
    const char *s;
    size_t n;
    int got = lm_eval && !lm ? -1 : 0, records = 0, skipped = 0;
    while (got >= 0 && pl_next_line(&lr, &s, &n))
        if (!pl_is_blank(s, n)) {
            got = load_line(rd, lm, s, n, lr.line);
            records += got != 2; /* another lm-eval filter's copy is not a record of its own */
            skipped += got == 0;
        }
    pl_lm_eval_file_free(lm);
    if (got >= 0 && skipped)
        pl_diags_add(rd->warnings, rd->path, 0, 0, "%d of %d records skipped, %d loaded", skipped, records,
                     records - skipped);
    return got < 0 ? pl_error_set(err, PL_ERR_LIMIT, rd->path, 0, 0, "out of memory") : PL_OK;
}
