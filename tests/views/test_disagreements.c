/* Disagreements between a run's stored scores and the official verdict.
 *
 * The run: the conformance responses to the ACPBench dev questions with the
 * official grader's reference scores stored beside them, written as
 * lm-evaluation-harness sample logs (one per task) in a temp directory.  The
 * stored score of every 40th response is flipped.  Opened in a workspace
 * with its questions, exactly the flipped records show stored != official,
 * and the D view's filter `sound!=score or stored!=score` selects exactly
 * them plus the records whose sound verdict differs from the official one.
 * Only tasks whose official verdict needs no planner are written, so no
 * search limit can change a verdict. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/json.h"
#include "filter.h"
#include "plans/plan.h"
#include "test_support.h"

static const char *const tasks[] = {"app", "prog", "val", "just", "land"};
enum { NTASKS = 5, FLIP_EVERY = 40 };

typedef struct {
    char dir[64];
    char *files[NTASKS];
    char *lines_flipped; /* [task * n + line]: the stored score of that line was flipped */
    int n;
    int flipped;
} run_copy;

static cJSON *read_jsonl(const char *path)
{
    cJSON *all = pl_test_read_jsonl(path);
    assert_non_null(all);
    return all;
}

/* A line of responses.jsonl: the exact id text (cJSON alone rounds 19-digit
 * ids), the group, and the response as the line writes it (JSON text, byte
 * for byte: some responses hold bytes that are not UTF-8). */
typedef struct {
    char *id, *group, *response_json;
} response_line;

static response_line read_response(const char *line)
{
    cJSON *rec = pl_json_parse_exact(line, strlen(line), NULL, NULL);
    assert_non_null(rec);
    const char *key = strstr(line, "\"response\": "), *end = strrchr(line, '}');
    assert_true(key && end > key);
    key += strlen("\"response\": ");
    response_line r = {pl_json_id_text(cJSON_GetObjectItemCaseSensitive(rec, "id")),
                       pl_strdup(cJSON_GetObjectItemCaseSensitive(rec, "group")->valuestring),
                       pl_strndup(key, (size_t)(end - key))};
    cJSON_Delete(rec);
    return r;
}

/* The index in tasks[] of the group's task, or -1. */
static int task_index(const char *group)
{
    pl_acp_task task;
    pl_acp_format format;
    assert_true(pl_acp_group_parse(group, &task, &format));
    for (int t = 0; t < NTASKS; t++)
        if (!strcmp(pl_acp_task_name(task), tasks[t]))
            return t;
    return -1;
}

/* Writes samples_acp_<task>_gen_<date>.jsonl for each task, flipping the
 * stored score of every FLIP_EVERY-th response; `raw` are the lines of
 * responses.jsonl (for exact ids). */
static void write_run(run_copy *rc, const cJSON *verdicts, char **raw, int n)
{
    FILE *out[NTASKS];
    int written[NTASKS] = {0};
    for (int t = 0; t < NTASKS; t++) {
        rc->files[t] = pl_strdup_printf("%s/samples_acp_%s_gen_2025-01-01T00-00-00.jsonl", rc->dir, tasks[t]);
        out[t] = fopen(rc->files[t], "w");
        assert_non_null(out[t]);
    }
    char *results = pl_strdup_printf("%s/results_2025-01-01T00-00-00.json", rc->dir); /* names the model */
    FILE *rf = fopen(results, "w");
    assert_non_null(rf);
    fputs("{\"results\": {}, \"model_name\": \"flipped\", \"config\": {}}\n", rf);
    assert_int_equal(fclose(rf), 0);
    free(results);
    rc->n = n;
    rc->lines_flipped = calloc((size_t)NTASKS * (size_t)n + 1, 1);
    for (int i = 0; i < n; i++) {
        const cJSON *verdict = cJSON_GetArrayItem(verdicts, i);
        response_line resp = read_response(raw[i]);
        assert_string_equal(resp.group, cJSON_GetObjectItemCaseSensitive(verdict, "group")->valuestring);
        int t = task_index(resp.group);
        if (t >= 0) {
            int score = cJSON_GetObjectItemCaseSensitive(verdict, "score")->valueint, line = ++written[t];
            bool flip = i % FLIP_EVERY == 0;
            rc->lines_flipped[t * n + line] = flip;
            rc->flipped += flip;
            fprintf(out[t],
                    "{\"doc_id\": %d, \"doc\": {\"id\": %s, \"group\": \"%s\"}, \"resps\": [[%s]], "
                    "\"filter\": \"none\", \"metrics\": [\"score\"], \"score\": %d}\n",
                    line - 1, resp.id, resp.group, resp.response_json, flip ? 1 - score : score);
        }
        free(resp.id);
        free(resp.group);
        free(resp.response_json);
    }
    for (int t = 0; t < NTASKS; t++)
        assert_int_equal(fclose(out[t]), 0);
}

/* The lines of a text file (owned strings); returns the count. */
static int read_lines(const char *path, char ***out)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char **lines = NULL, *line = NULL;
    size_t cap = 0;
    int n = 0;
    while (getline(&line, &cap, f) > 0) {
        lines = realloc(lines, (size_t)(n + 1) * sizeof *lines);
        lines[n++] = pl_strdup(line);
    }
    free(line);
    fclose(f);
    *out = lines;
    return n;
}

static bool was_flipped(const run_copy *rc, const pl_ws_record *r)
{
    for (int t = 0; t < NTASKS; t++)
        if (!strcmp(r->resp->source, rc->files[t]))
            return rc->lines_flipped[t * rc->n + r->resp->line];
    fail_msg("record from an unexpected file %s", r->resp->source);
    return false;
}

static pl_workspace *open_graded(const run_copy *rc)
{
    /* pl_test_acpbench_path returns a static buffer: copy each */
    const char *paths[NTASKS + 1] = {rc->dir};
    char *copies[NTASKS];
    for (int t = 0; t < NTASKS; t++)
        paths[t + 1] = copies[t] = pl_strdup(pl_test_acpbench_path(tasks[t], "dev"));
    pl_diags warnings = PL_DIAGS_INIT;
    pl_workspace *ws = pl_workspace_open(paths, NTASKS + 1, &warnings);
    assert_non_null(ws);
    assert_int_equal(warnings.count, 0);
    pl_diags_clear(&warnings);
    for (int t = 0; t < NTASKS; t++)
        free(copies[t]);
    assert_int_equal(pl_workspace_grade_start(ws), 0);
    while (pl_workspace_graded(ws) < pl_workspace_count(ws)) {
        struct timespec ts = {0, 5000000};
        nanosleep(&ts, NULL);
    }
    return ws;
}

static void test_flipped_scores(void **state)
{
    (void)state;
    if (!pl_test_data_dir("conformance responses"))
        return;
    char *responses_path = pl_strdup(pl_test_data_path("conformance/acpbench-dev/responses.jsonl"));
    cJSON *verdicts = read_jsonl(pl_test_data_path("conformance/acpbench-dev/verdicts.jsonl"));
    char **raw;
    int n = read_lines(responses_path, &raw);
    assert_int_equal(n, cJSON_GetArraySize(verdicts));

    run_copy rc = {0};
    snprintf(rc.dir, sizeof rc.dir, "/tmp/planlens-disagree-XXXXXX");
    assert_non_null(mkdtemp(rc.dir));
    write_run(&rc, verdicts, raw, n);
    pl_workspace *ws = open_graded(&rc);

    int col = 0;
    char *err = NULL;
    pl_filter *f = pl_filter_parse("sound!=score or stored!=score", &col, &err);
    assert_non_null(f);
    int records = pl_workspace_count(ws), stored_differs = 0, sound_differs = 0, selected = 0, both = 0;
    for (int i = 0; i < records; i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        assert_true(r->graded);
        assert_null(r->error);
        assert_true(r->resp->has_stored_score);
        bool flipped = was_flipped(&rc, r), sound = r->sound_score != r->score;
        if ((r->resp->stored_score != r->score) != flipped)
            fail_msg("%s line %d: stored %g, official %d, flipped %d", r->resp->source, r->resp->line,
                     r->resp->stored_score, r->score, flipped);
        stored_differs += flipped;
        sound_differs += sound;
        both += flipped && sound;
        bool match = pl_filter_match(f, r);
        assert_int_equal(match, flipped || sound);
        selected += match;
    }
    print_message("%d records, %d stored scores flipped, %d stored != official, %d official != sound, "
                  "%d selected by the D filter\n",
                  records, rc.flipped, stored_differs, sound_differs, selected);
    assert_true(rc.flipped > 10);
    assert_int_equal(stored_differs, rc.flipped);
    assert_int_equal(selected, rc.flipped + sound_differs - both);
    pl_ws_aggregate agg;
    int *all = malloc((size_t)records * sizeof *all);
    for (int i = 0; i < records; i++)
        all[i] = i;
    pl_workspace_aggregate(ws, all, records, &agg);
    assert_int_equal(agg.stored_differs, rc.flipped);
    assert_int_equal(agg.stored, records);
    free(all);

    pl_filter_free(f);
    pl_workspace_close(ws);
    for (int t = 0; t < NTASKS; t++) {
        assert_int_equal(unlink(rc.files[t]), 0);
        free(rc.files[t]);
    }
    char *results = pl_strdup_printf("%s/results_2025-01-01T00-00-00.json", rc.dir);
    assert_int_equal(unlink(results), 0);
    free(results);
    assert_int_equal(rmdir(rc.dir), 0);
    free(rc.lines_flipped);
    pl_strings_free(raw, n);
    cJSON_Delete(verdicts);
    free(responses_path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_flipped_scores)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
