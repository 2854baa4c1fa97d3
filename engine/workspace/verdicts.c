/* Reference verdicts beside a run (e.g. the conformance data's
 * verdicts.jsonl: line N is the verdict for line N of responses.jsonl): a
 * JSONL file whose records carry `score` and no `response` is read as the
 * stored scores of the one run file in its directory, line by line.  And
 * the other official grader's verdict of each graded ACPBench record: the
 * scorers of ACPBench's Inspect tasks (acpbench/inspect_grade.h). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "acpbench/inspect_grade.h"
#include "base/file.h"
#include "base/json.h"
#include "base/text_lines.h"
#include "runs/runs.h"
#include "workspace/internal.h"

/* A record that scores a response without holding one. */
static bool is_verdict(const cJSON *rec)
{
    const cJSON *score = pl_json_get(rec, "score");
    return cJSON_IsObject(rec) && cJSON_IsNumber(score) && !pl_json_get(rec, "response") &&
           !pl_json_get(rec, "resps") && !pl_json_get(rec, "llm_plan");
}

bool ws_is_verdict_file(const char *path)
{
    char *line = ws_first_line(path);
    cJSON *j = line ? pl_json_parse_exact(line, strlen(line), NULL, NULL) : NULL;
    bool verdict = is_verdict(j);
    cJSON_Delete(j);
    free(line);
    return verdict;
}

static size_t dir_len(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? (size_t)(slash - path) : 0;
}

static bool same_dir(const char *a, const char *b)
{
    size_t n = dir_len(a);
    return n == dir_len(b) && !strncmp(a, b, n);
}

/* The one run file in the directory of `path`, or NULL (with *nruns the count). */
static const char *run_beside(const pl_workspace *ws, const char *path, int *nruns)
{
    const char *found = NULL;
    *nruns = 0;
    for (int i = 0; i < ws->runs.count; i++) {
        const char *src = ws->runs.items[i].source;
        if (same_dir(src, path) && (!found || strcmp(found, src))) {
            found = src;
            ++*nruns;
        }
    }
    return *nruns == 1 ? found : NULL;
}

/* Sets the stored score of the run's response on each verdict's line. */
static int apply(pl_workspace *ws, const char *path, const char *run, const char *text, size_t len)
{
    int count = ws->runs.count, applied = 0, records = 0;
    pl_run_response **by_line = calloc((size_t)count + 1, sizeof *by_line);
    int *lines = calloc((size_t)count + 1, sizeof *lines), nl = 0;
    if (!by_line || !lines) {
        free(by_line);
        free(lines);
        return -1;
    }
    for (int i = 0; i < count; i++) /* a run file's responses are in line order */
        if (!strcmp(ws->runs.items[i].source, run)) {
            by_line[nl] = &ws->runs.items[i];
            lines[nl++] = ws->runs.items[i].line;
        }
    pl_line_reader lr = {text, len, 0, 0};
    const char *s;
    size_t n;
    int at = 0;
    while (pl_next_line(&lr, &s, &n)) {
        if (pl_is_blank(s, n))
            continue;
        records++;
        pl_error e = PL_ERROR_INIT;
        cJSON *rec = pl_json_parse_exact(s, n, path, &e);
        char *id = rec ? pl_json_id_text(pl_json_get(rec, "id")) : NULL;
        while (at < nl && lines[at] < lr.line)
            at++;
        pl_run_response *r = at < nl && lines[at] == lr.line ? by_line[at] : NULL;
        const char *group = rec ? pl_json_str(rec, "group") : NULL;
        if (!rec)
            pl_diags_add(&ws->warnings, path, lr.line, e.column, "%s", e.message ? e.message : "not JSON");
        else if (!is_verdict(rec))
            pl_diags_add(&ws->warnings, path, lr.line, 0, "expected a verdict: an object with a numeric score");
        else if (!r)
            pl_diags_add(&ws->warnings, path, lr.line, 0, "no response on this line of %s", run);
        else if (!id || strcmp(id, r->id) || (group && r->group && strcmp(group, r->group)))
            pl_diags_add(&ws->warnings, path, lr.line, 0, "verdict for another question than line %d of %s",
                         lr.line, run);
        else {
            r->has_stored_score = true;
            r->stored_score = pl_json_get(rec, "score")->valuedouble;
            applied++;
        }
        free(id);
        cJSON_Delete(rec);
        pl_error_clear(&e);
    }
    if (applied < records)
        pl_diags_add(&ws->warnings, path, 0, 0, "%d of %d verdicts applied to %s", applied, records, run);
    free(by_line);
    free(lines);
    return 0;
}

int ws_apply_verdicts(pl_workspace *ws)
{
    int rc = 0;
    for (int v = 0; rc == 0 && v < ws->nverdict_files; v++) {
        const char *path = ws->verdict_files[v];
        int nruns;
        const char *run = run_beside(ws, path, &nruns);
        if (!run) {
            if (nruns)
                pl_diags_add(&ws->warnings, path, 0, 0, "verdicts not applied: %d runs beside them, expected one",
                             nruns);
            else
                pl_diags_add(&ws->warnings, path, 0, 0, "verdicts not applied: no run beside them");
            continue;
        }
        size_t len;
        pl_error err = PL_ERROR_INIT;
        char *text = pl_read_file(path, &len, &err);
        if (!text)
            pl_diags_add(&ws->warnings, path, 0, 0, "not opened: %s", err.message ? err.message : "error");
        else
            rc = apply(ws, path, run, text, len);
        free(text);
        pl_error_clear(&err);
    }
    return rc;
}

void ws_inspect_verdict(pl_ws_record *rec)
{
    pl_inspect_verdict iv;
    rec->has_inspect = rec->acp && !rec->error && rec->acp_v.parsed &&
                       pl_inspect_grade(rec->acp, rec->resp->response, &rec->acp_v, &iv) == 0;
    rec->inspect_score = rec->has_inspect ? iv.score : 0;
    rec->official_rule = rec->has_inspect ? iv.official_rule : NULL;
}
