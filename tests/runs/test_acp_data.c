/* ACPBench question and run loaders: exact ids, (group, id) lookups, the
 * real question files and conformance responses, and hand-written run files
 * of every supported format (tests/data/runs; the .eval archive is built
 * here with libzip). */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zip.h>

#include <cmocka.h>

#include "acpbench/questions.h"
#include "base/json.h"
#include "runs/runs.h"
#include "test_support.h"

#define FIXTURES PLANLENS_SOURCE_DIR "/tests/data/runs/"

static const char *const tasks[PL_ACP_NTASKS] = {"app", "prog", "reach", "areach", "val", "just", "land", "nexta"};

/* The path of a question file, in the caller's buffer. */
static const char *acpbench_file(char *out, size_t size, const char *task, const char *split, const char *format)
{
    char rel[256];
    snprintf(rel, sizeof rel, "acpbench/%s/%s.%s.json%s", task, split, format, strcmp(split, "test") ? "" : ".gz");
    snprintf(out, size, "%s", pl_test_data_path(rel));
    return out;
}

static void fail_with(const char *what, pl_error *err)
{
    char *msg = pl_error_format(err);
    fail_msg("%s: %s", what, msg);
}

static void load_questions(pl_acp_questions *qs, const char *path, pl_diags *warnings)
{
    pl_error err = PL_ERROR_INIT;
    if (pl_acp_questions_load(qs, path, warnings, &err) != PL_OK)
        fail_with(path, &err);
}

static void load_run(pl_run_responses *rs, const char *path, pl_diags *warnings)
{
    pl_error err = PL_ERROR_INIT;
    if (pl_run_responses_load(rs, path, warnings, &err) != PL_OK)
        fail_with(path, &err);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int distinct_ids(const pl_acp_questions *qs)
{
    char **ids = malloc((size_t)qs->count * sizeof *ids);
    for (int i = 0; i < qs->count; i++)
        ids[i] = qs->items[i].id;
    qsort(ids, (size_t)qs->count, sizeof *ids, cmp_str);
    int n = qs->count > 0;
    for (int i = 1; i < qs->count; i++)
        n += strcmp(ids[i], ids[i - 1]) != 0;
    free(ids);
    return n;
}

static void free_raw_ids(char **ids, int n)
{
    for (int i = 0; i < n; i++)
        free(ids[i]);
    free(ids);
}

/* The questions of qs[first..] carry exactly the ids written in the file. */
static void assert_raw_ids(const pl_acp_questions *qs, int first, const char *path)
{
    char **ids;
    int n = pl_test_raw_ids(path, &ids);
    assert_int_equal(n, qs->count - first);
    for (int i = 0; i < n; i++)
        assert_string_equal(qs->items[first + i].id, ids[i]);
    free_raw_ids(ids, n);
}

/* Every question is found by its own (group, id); by id alone only when no
 * other question shares it. */
static void assert_all_resolvable(const pl_acp_questions *qs)
{
    for (int i = 0; i < qs->count; i++) {
        const pl_acp_question *q = &qs->items[i];
        assert_ptr_equal(pl_acp_questions_find(qs, q->group, q->id), q);
        int sharing = 0;
        for (int k = 0; k < qs->count; k++)
            sharing += !strcmp(qs->items[k].id, q->id);
        assert_ptr_equal(pl_acp_questions_find(qs, NULL, q->id), sharing == 1 ? q : NULL);
    }
}

/* ---- pl_json_parse_exact ---- */

static void test_exact_keeps_long_integers(void **state)
{
    (void)state;
    const char *text = "{\"id\": -5674251047178000480, \"n\": 123456789012345, \"f\": 1.5, \"e\": 2e3,"
                       " \"s\": \"x\\\"1234567890123456789\", \"big_frac\": 12345678901234567.5,"
                       " \"list\": [9007199254740993, -1]}";
    pl_error err = PL_ERROR_INIT;
    cJSON *j = pl_json_parse_exact(text, strlen(text), "t.json", &err);
    assert_non_null(j);
    assert_true(cJSON_IsString(cJSON_GetObjectItem(j, "id")));
    assert_string_equal(cJSON_GetObjectItem(j, "id")->valuestring, "-5674251047178000480");
    assert_true(cJSON_IsNumber(cJSON_GetObjectItem(j, "n")));
    assert_true(cJSON_GetObjectItem(j, "n")->valuedouble == 123456789012345.0);
    assert_true(cJSON_GetObjectItem(j, "f")->valuedouble == 1.5);
    assert_true(cJSON_GetObjectItem(j, "e")->valuedouble == 2000.0);
    assert_string_equal(cJSON_GetObjectItem(j, "s")->valuestring, "x\"1234567890123456789");
    assert_true(cJSON_IsNumber(cJSON_GetObjectItem(j, "big_frac")));
    cJSON *list = cJSON_GetObjectItem(j, "list");
    assert_string_equal(cJSON_GetArrayItem(list, 0)->valuestring, "9007199254740993");
    assert_true(cJSON_GetArrayItem(list, 1)->valuedouble == -1.0);
    cJSON_Delete(j);
}

/* Python writes lone UTF-16 surrogates for undecodable bytes; cJSON rejects them. */
static void test_exact_lone_surrogates(void **state)
{
    (void)state;
    const char *text = "[\"a\\udcfeb\", \"\\ud83d\\ude00\", \"\\ud83dx\", \"\\\\udcfe\", 1234567890123456789]";
    pl_error err = PL_ERROR_INIT;
    cJSON *j = pl_json_parse_exact(text, strlen(text), "t.json", &err);
    assert_non_null(j);
    assert_string_equal(cJSON_GetArrayItem(j, 0)->valuestring, "a\xef\xbf\xbd" "b");
    assert_string_equal(cJSON_GetArrayItem(j, 1)->valuestring, "\xf0\x9f\x98\x80");
    assert_string_equal(cJSON_GetArrayItem(j, 2)->valuestring, "\xef\xbf\xbdx");
    assert_string_equal(cJSON_GetArrayItem(j, 3)->valuestring, "\\udcfe");
    assert_string_equal(cJSON_GetArrayItem(j, 4)->valuestring, "1234567890123456789");
    cJSON_Delete(j);
}

static void assert_syntax_error(const char *text, int line, int column, const char *message_part)
{
    pl_error err = PL_ERROR_INIT;
    cJSON *j = pl_json_parse_exact(text, strlen(text), "bad.json", &err);
    assert_null(j);
    assert_int_equal(err.code, PL_ERR_SYNTAX);
    assert_string_equal(err.file, "bad.json");
    assert_int_equal(err.line, line);
    assert_int_equal(err.column, column);
    assert_non_null(strstr(err.message, message_part));
    pl_error_clear(&err);
}

static void test_exact_error_positions(void **state)
{
    (void)state;
    assert_syntax_error("{\n  \"a\": 1,\n  \"b\": tru\n}", 3, 8, "unexpected 't'");
    /* after a quoted long integer, the column is the original one */
    assert_syntax_error("[1234567890123456789, 1234567890123456789 x]", 1, 43, "unexpected 'x'");
    assert_syntax_error("{} []", 1, 4, "expected the end");
    assert_syntax_error("  \n ", 2, 2, "found nothing");
    assert_syntax_error("[1, 2", 1, 6, "ends before");
}

/* ---- question files ---- */

static void test_gen_files(void **state)
{
    (void)state;
    if (!pl_test_data_dir("test_acp_data gen questions"))
        skip();
    static const char *const splits[] = {"dev", "test"};
    for (int t = 0; t < PL_ACP_NTASKS; t++)
        for (int s = 0; s < 2; s++) {
            pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
            pl_diags warnings = PL_DIAGS_INIT;
            const char *path = pl_test_acpbench_path(tasks[t], splits[s]);
            load_questions(&qs, path, &warnings);
            assert_int_equal(warnings.count, 0);
            assert_int_equal(qs.count, s == 0 ? 40 : 130);
            for (int i = 0; i < qs.count; i++) {
                const pl_acp_question *q = &qs.items[i];
                assert_int_equal(q->task, t);
                assert_int_equal(q->format, PL_ACP_GEN);
                assert_non_null(q->domain_pddl);
                assert_non_null(q->problem_pddl);
                assert_non_null(q->answer);
                assert_int_equal(q->record, i + 1);
            }
            assert_raw_ids(&qs, 0, path);
            assert_all_resolvable(&qs);
            pl_acp_questions_free(&qs);
            pl_diags_clear(&warnings);
        }
}

static void assert_merged_split(const char *split, int count, int ids)
{
    pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    for (int t = 0; t < PL_ACP_NTASKS; t++)
        load_questions(&qs, pl_test_acpbench_path(tasks[t], split), &warnings);
    assert_int_equal(warnings.count, 0);
    assert_int_equal(qs.count, count);
    assert_int_equal(distinct_ids(&qs), ids);
    assert_all_resolvable(&qs);
    pl_acp_questions_free(&qs);
}

/* Spec §1: ids are not unique across tasks; (group, id) is. */
static void test_cross_task_collisions(void **state)
{
    (void)state;
    if (!pl_test_data_dir("test_acp_data id collisions"))
        skip();
    assert_merged_split("test", 1040, 1018);
    assert_merged_split("dev", 320, 314);
}

static void test_dev_questions_merged(void **state)
{
    (void)state;
    if (!pl_test_data_dir("test_acp_data dev_questions.json"))
        skip();
    pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    const char *path = pl_test_data_path("conformance/acpbench-dev/dev_questions.json");
    load_questions(&qs, path, &warnings);
    assert_int_equal(warnings.count, 0);
    assert_int_equal(qs.count, 320);
    assert_int_equal(distinct_ids(&qs), 314);
    assert_raw_ids(&qs, 0, path);
    /* the same records again: every one is a duplicate */
    load_questions(&qs, pl_test_acpbench_path("app", "dev"), &warnings);
    assert_int_equal(qs.count, 320);
    assert_int_equal(warnings.count, 40);
    assert_non_null(strstr(warnings.items[0].message, "record 1: duplicate question (applicable_actions_gen"));
    pl_acp_questions_free(&qs);
    pl_diags_clear(&warnings);
}

static void test_bool_and_mcq_files(void **state)
{
    (void)state;
    if (!pl_test_data_dir("test_acp_data bool/mcq questions"))
        skip();
    static const char *const formats[] = {"bool", "mcq"};
    for (int t = 0; t < PL_ACP_NTASKS - 1; t++) /* nexta has gen only */
        for (int f = 0; f < 2; f++) {
            pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
            pl_diags warnings = PL_DIAGS_INIT;
            char dev[1024], test[1024];
            acpbench_file(dev, sizeof dev, tasks[t], "dev", formats[f]);
            load_questions(&qs, dev, &warnings);
            assert_raw_ids(&qs, 0, dev);
            int dev_count = qs.count;
            acpbench_file(test, sizeof test, tasks[t], "test", formats[f]);
            load_questions(&qs, test, &warnings);
            assert_raw_ids(&qs, dev_count, test);
            assert_int_equal(warnings.count, 0);
            assert_int_equal(qs.count, t == PL_ACP_AREACH ? 160 : 170);
            for (int i = 0; i < qs.count; i++) {
                const pl_acp_question *q = &qs.items[i];
                assert_int_equal(q->task, t);
                assert_int_equal(q->format, f ? PL_ACP_MCQ : PL_ACP_BOOL);
                assert_null(q->domain_pddl);
                assert_true(cJSON_IsString(q->answer));
                assert_true(f ? q->choices && q->query : !q->choices && !q->query);
            }
            assert_all_resolvable(&qs);
            pl_acp_questions_free(&qs);
        }
}

static void test_group_names(void **state)
{
    (void)state;
    pl_acp_task t;
    pl_acp_format f;
    assert_true(pl_acp_group_parse("applicable_actions_mc", &t, &f));
    assert_true(t == PL_ACP_APP && f == PL_ACP_MCQ);
    assert_true(pl_acp_group_parse("landmarks_mcq", &t, &f));
    assert_true(t == PL_ACP_LAND && f == PL_ACP_MCQ);
    assert_true(pl_acp_group_parse("reachable_action_bool", &t, &f));
    assert_true(t == PL_ACP_AREACH && f == PL_ACP_BOOL);
    assert_true(pl_acp_group_parse("goal_closer_gen", &t, &f));
    assert_true(t == PL_ACP_NEXTA && f == PL_ACP_GEN);
    assert_false(pl_acp_group_parse("goal_closer", &t, &f));
    assert_false(pl_acp_group_parse("reachable_gen", &t, &f));
    assert_string_equal(pl_acp_task_name(PL_ACP_JUST), "just");
    assert_string_equal(pl_acp_task_group_prefix(PL_ACP_REACH), "reachable_atom");
}

static void test_question_fixture(void **state)
{
    (void)state;
    pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    const char *path = FIXTURES "questions.json";
    load_questions(&qs, path, &warnings);
    assert_int_equal(qs.count, 4);
    static const char *const expected[] = {
        "record 3: missing PDDL_problem",
        "record 4: duplicate question (applicable_actions_gen, 1234567890123456789), first loaded from",
        "record 5: unknown group \"no_such_task_gen\"",
        "record 8: missing id",
        "record 9: id is neither an integer nor a string",
    };
    assert_int_equal(warnings.count, 5);
    for (int i = 0; i < 5; i++) {
        assert_string_equal(warnings.items[i].file, path);
        assert_non_null(strstr(warnings.items[i].message, expected[i]));
    }
    assert_string_equal(qs.items[0].id, "1234567890123456789");
    assert_string_equal(qs.items[1].id, "-42");
    const pl_acp_question *mcq = pl_acp_questions_find(&qs, "landmarks_mc", "9");
    assert_non_null(mcq);
    assert_true(cJSON_IsString(mcq->choices));
    assert_string_equal(mcq->query, "Which is a landmark?");
    assert_ptr_equal(pl_acp_questions_find(&qs, "progression_bool", "5"), &qs.items[2]);
    assert_null(pl_acp_questions_find(&qs, "progression_gen", "5"));
    assert_null(pl_acp_questions_find(&qs, "no_such_group", "5"));
    assert_ptr_equal(pl_acp_questions_find_text(&qs, NULL, "A ferry is at l1.", "Which actions are applicable?"),
                     &qs.items[1]);
    assert_null(pl_acp_questions_find_text(&qs, NULL, NULL, "Which actions are applicable?"));
    pl_acp_questions_free(&qs);
    pl_diags_clear(&warnings);
}

/* ---- run files ---- */

static void test_conformance_responses(void **state)
{
    (void)state;
    if (!pl_test_data_dir("test_acp_data conformance responses"))
        skip();
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    const char *path = pl_test_data_path("conformance/acpbench-dev/responses.jsonl");
    load_run(&rs, path, &warnings);
    assert_int_equal(warnings.count, 0);
    assert_int_equal(rs.count, 3111);
    char **ids;
    assert_int_equal(pl_test_raw_ids(path, &ids), 3111);
    for (int i = 0; i < rs.count; i++) {
        assert_string_equal(rs.items[i].id, ids[i]);
        assert_int_equal(rs.items[i].line, i + 1);
        assert_non_null(rs.items[i].group);
        assert_non_null(rs.items[i].response);
    }
    free_raw_ids(ids, 3111);
    assert_non_null(strstr(rs.items[34].response, "\xef\xbf\xbd [(sail l0 l1)")); /* line 35: lone surrogates */
    load_questions(&qs, pl_test_data_path("conformance/acpbench-dev/dev_questions.json"), &warnings);
    for (int i = 0; i < rs.count; i++) {
        const pl_acp_question *q = pl_acp_questions_match(&qs, &rs.items[i]);
        assert_non_null(q);
        assert_string_equal(q->group, rs.items[i].group);
    }
    pl_acp_questions_free(&qs);
    pl_run_responses_free(&rs);
}

static void assert_warning(const pl_diags *w, size_t i, const char *file, int line, const char *message_part)
{
    assert_true(i < w->count);
    assert_string_equal(w->items[i].file, file);
    assert_int_equal(w->items[i].line, line);
    assert_non_null(strstr(w->items[i].message, message_part));
}

static void test_native_jsonl(void **state)
{
    (void)state;
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    const char *path = FIXTURES "native.jsonl";
    load_run(&rs, path, &warnings);
    assert_int_equal(rs.count, 3);
    assert_string_equal(rs.items[0].id, "1234567890123456789");
    assert_string_equal(rs.items[0].model, "m1");
    assert_string_equal(rs.items[1].id, "-42");
    assert_int_equal(rs.items[1].line, 3);
    assert_null(rs.items[1].model);
    assert_string_equal(rs.items[2].id, "5");
    assert_null(rs.items[2].group);
    assert_int_equal(rs.items[2].line, 6);
    assert_string_equal(rs.items[2].source, path);
    assert_int_equal(warnings.count, 3);
    assert_warning(&warnings, 0, path, 4, "invalid JSON");
    assert_warning(&warnings, 1, path, 5, "missing response");
    assert_warning(&warnings, 2, path, 0, "2 of 5 records skipped, 3 loaded");
    pl_run_responses_free(&rs);
    pl_diags_clear(&warnings);
}

static void test_lm_eval_samples(void **state)
{
    (void)state;
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    const char *path =
        FIXTURES "lm-eval/meta-llama__Llama-3.1-8B-Instruct/samples_acp_app_gen_2025-05-13T10-11-12.123456.jsonl";
    load_run(&rs, path, &warnings);
    assert_int_equal(rs.count, 4);
    const pl_run_response *r = &rs.items[0];
    assert_string_equal(r->id, "1234567890123456789");
    assert_string_equal(r->group, "applicable_actions_gen");
    assert_string_equal(r->model, "meta-llama__Llama-3.1-8B-Instruct");
    assert_string_equal(r->response, "(sail l0 l1)");
    assert_int_equal(r->epoch, 1);
    assert_true(r->has_stored_score && r->stored_score == 1.0);
    r = &rs.items[1];
    assert_string_equal(r->id, "-42");
    assert_string_equal(r->response, "The actions are (sail l1 l1)."); /* raw resps[0][0], not filtered */
    assert_int_equal(r->epoch, 1);
    assert_true(r->has_stored_score && r->stored_score == 0.0); /* the doc's metric: the first repeat's */
    r = &rs.items[2];
    assert_string_equal(r->id, "-42");
    assert_string_equal(r->response, "(sail l1 l0)"); /* the second repeat */
    assert_int_equal(r->epoch, 2);
    assert_false(r->has_stored_score);
    r = &rs.items[3];
    assert_string_equal(r->id, "99");
    assert_string_equal(r->group, "applicable_actions_gen"); /* from the task in the file name */
    assert_int_equal(r->line, 5);
    assert_true(r->has_stored_score && r->stored_score == 0.0);
    assert_int_equal(warnings.count, 3);
    assert_warning(&warnings, 0, path, 0, "the model is the directory's name");
    assert_warning(&warnings, 1, path, 3, "invalid JSON");
    /* the second filter's copy of doc 0 (line 4) is neither a record nor skipped */
    assert_warning(&warnings, 2, path, 0, "1 of 4 records skipped, 3 loaded");

    /* model_name from results_<date>.json, not the directory */
    const char *path2 = FIXTURES "lm-eval/results/samples_acp_prog_bool_2025-06-01T08-00-00.000001.jsonl";
    load_run(&rs, path2, &warnings);
    assert_int_equal(rs.count, 5);
    r = &rs.items[4];
    assert_string_equal(r->id, "-8215166616105943671");
    assert_string_equal(r->model, "ibm-granite/granite-3.1-8b-instruct");
    assert_string_equal(r->group, "progression_bool");
    assert_true(r->has_stored_score && r->stored_score == 1.0);
    assert_int_equal(warnings.count, 5);
    assert_warning(&warnings, 3, path2, 2, "missing doc.id");
    assert_warning(&warnings, 4, path2, 0, "1 of 2 records skipped, 1 loaded");

    pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
    load_questions(&qs, FIXTURES "questions.json", &warnings);
    assert_ptr_equal(pl_acp_questions_match(&qs, &rs.items[1]), &qs.items[1]);
    pl_acp_questions_free(&qs);
    pl_run_responses_free(&rs);
    pl_diags_clear(&warnings);
}

static void test_inspect_json_log(void **state)
{
    (void)state;
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    const char *path = FIXTURES "inspect/2025-05-13T10-11-12+00-00_acp-app-gen_Xy3.json";
    load_run(&rs, path, &warnings);
    assert_int_equal(rs.count, 4); /* by epoch, then id */
    const pl_run_response *r = &rs.items[0];
    assert_string_equal(r->id, "1");
    assert_string_equal(r->sample_id, "1");
    assert_int_equal(r->line, 1);
    assert_string_equal(r->model, "openai/gpt-4o-mini");
    assert_string_equal(r->group, "applicable_actions_gen");
    assert_string_equal(r->response, "(sail l0 l1)");
    assert_int_equal(r->epoch, 1);
    assert_true(r->has_stored_score && r->stored_score == 1.0);
    r = &rs.items[1];
    assert_string_equal(r->id, "2");
    assert_string_equal(r->group, "applicable_actions_gen"); /* metadata.group "" → eval.task */
    assert_string_equal(r->response, "(sail l1 l0)\n(sail l1 l1)");
    assert_true(r->has_stored_score && r->stored_score == 0.0);
    r = &rs.items[2]; /* errored: kept, with its message and no answer */
    assert_string_equal(r->id, "3");
    assert_string_equal(r->error, "RateLimitError: too many requests");
    assert_string_equal(r->response, "");
    r = &rs.items[3];
    assert_string_equal(r->id, "1");
    assert_int_equal(r->epoch, 2);
    assert_string_equal(r->response, "(sail l0 l0)");
    assert_int_equal(warnings.count, 0);

    /* positional sample ids: matched by context and question text */
    pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
    load_questions(&qs, FIXTURES "questions.json", &warnings);
    assert_ptr_equal(pl_acp_questions_match(&qs, &rs.items[0]), &qs.items[0]);
    assert_ptr_equal(pl_acp_questions_match(&qs, &rs.items[1]), &qs.items[1]);
    pl_acp_questions_free(&qs);
    pl_run_responses_free(&rs);
    pl_diags_clear(&warnings);
}

/* ---- Inspect .eval archives, built here ---- */

typedef struct {
    char dir[64];
    char path[128];
} temp_file;

static void temp_dir(temp_file *t)
{
    snprintf(t->dir, sizeof t->dir, "/tmp/planlens_acp_data_XXXXXX");
    assert_non_null(mkdtemp(t->dir));
}

static void temp_remove(temp_file *t)
{
    unlink(t->path);
    rmdir(t->dir);
}

static void zip_put(zip_t *za, const char *name, const char *text)
{
    zip_source_t *src = zip_source_buffer(za, text, strlen(text), 0);
    assert_non_null(src);
    assert_true(zip_file_add(za, name, src, ZIP_FL_ENC_UTF_8) >= 0);
}

static void write_eval(const char *path, const char *const *entries)
{
    int zerr;
    zip_t *za = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &zerr);
    assert_non_null(za);
    for (int i = 0; entries[i]; i += 2)
        zip_put(za, entries[i], entries[i + 1]);
    assert_int_equal(zip_close(za), 0);
}

#define EVAL_SPEC "\"eval\": {\"task\": \"acp_prog_bool\", \"model\": \"anthropic/claude-3-5-haiku\"}"

static void test_inspect_eval_archive(void **state)
{
    (void)state;
    static const char *const entries[] = {
        "_journal/start.json", "{\"version\": 2, " EVAL_SPEC ", \"plan\": {}}",
        "samples/10_epoch_1.json",
        "{\"id\": 10, \"epoch\": 1, \"input\": \"q10\", \"output\": {\"completion\": \"no\"},"
        " \"scores\": {\"pattern\": {\"value\": 0}}}",
        "samples/2_epoch_1.json",
        "{\"id\": 2, \"epoch\": 1, \"input\": \"q2\", \"output\": {\"choices\": [{\"message\":"
        " {\"role\": \"assistant\", \"content\": \"The answer is yes.\"}}]},"
        " \"scores\": {\"pattern\": {\"value\": \"C\"}},"
        " \"metadata\": {\"context\": \"c2\"}}",
        "samples/broken_epoch_1.json", "{\"id\": \"broken\",",
        "header.json", "{\"version\": 2, \"status\": \"success\", " EVAL_SPEC "}",
        "summaries.json", "[]",
        NULL};
    temp_file t;
    temp_dir(&t);
    snprintf(t.path, sizeof t.path, "%s/run.eval", t.dir);
    write_eval(t.path, entries);
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    load_run(&rs, t.path, &warnings);
    assert_int_equal(rs.count, 2);
    assert_string_equal(rs.items[0].id, "2"); /* Inspect's order: 2 before 10 */
    assert_string_equal(rs.items[0].response, "The answer is yes.");
    assert_string_equal(rs.items[0].group, "progression_bool");
    assert_string_equal(rs.items[0].model, "anthropic/claude-3-5-haiku");
    assert_string_equal(rs.items[0].context, "c2");
    assert_string_equal(rs.items[0].question, "q2");
    assert_true(rs.items[0].has_stored_score && rs.items[0].stored_score == 1.0);
    assert_string_equal(rs.items[1].id, "10");
    assert_int_equal(rs.items[1].line, 2);
    assert_true(rs.items[1].has_stored_score && rs.items[1].stored_score == 0.0);
    assert_int_equal(warnings.count, 1);
    assert_string_equal(warnings.items[0].file, t.path);
    assert_non_null(strstr(warnings.items[0].message, "samples/broken_epoch_1.json:1:"));
    pl_run_responses_free(&rs);
    pl_diags_clear(&warnings);
    temp_remove(&t);
}

static void assert_run_error(const char *name, const char *content, pl_error_code code, int line, int column,
                             const char *message_part)
{
    temp_file t;
    temp_dir(&t);
    snprintf(t.path, sizeof t.path, "%s/%s", t.dir, name);
    FILE *f = fopen(t.path, "w");
    assert_non_null(f);
    fputs(content, f);
    fclose(f);
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_run_responses_load(&rs, t.path, NULL, &err), code);
    assert_int_equal(rs.count, 0);
    assert_string_equal(err.file, t.path);
    assert_int_equal(err.line, line);
    assert_int_equal(err.column, column);
    assert_non_null(strstr(err.message, message_part));
    pl_error_clear(&err);
    temp_remove(&t);
}

static void test_run_file_errors(void **state)
{
    (void)state;
    assert_run_error("notes.txt", "\n  hello", PL_ERR_SYNTAX, 2, 3, "expected an Inspect log");
    assert_run_error("questions.json", "[{\"id\": 1}]", PL_ERR_SYNTAX, 1, 1, "expected an Inspect log");
    assert_run_error("log.json", "{\n \"eval\": {\"task\": \"x\"},\n \"samples\": [}\n", PL_ERR_SYNTAX, 3, 14,
                     "invalid JSON");
    assert_run_error("run.jsonl", "{\"foo\": 1}\n", PL_ERR_SYNTAX, 1, 1, "unknown run format");
    assert_run_error("run.jsonl", "\n{\"id\": 1, \"response\": \n", PL_ERR_SYNTAX, 2, 23, "invalid JSON");

    assert_run_error("run.eval", "{\"eval\": {}}", PL_ERR_SYNTAX, 0, 0, "zip archive");
    static const char *const no_header[] = {"samples/1_epoch_1.json", "{}", NULL};
    temp_file t;
    temp_dir(&t);
    snprintf(t.path, sizeof t.path, "%s/x.eval", t.dir);
    write_eval(t.path, no_header);
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_run_responses_load(&rs, t.path, NULL, &err), PL_ERR_SYNTAX);
    assert_non_null(strstr(err.message, "no header.json"));
    pl_error_clear(&err);
    temp_remove(&t);
    assert_int_equal(pl_run_responses_load(&rs, FIXTURES "no-such-file.jsonl", NULL, &err), PL_ERR_IO);
    pl_error_clear(&err);
}

static void test_question_file_errors(void **state)
{
    (void)state;
    pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_acp_questions_load(&qs, FIXTURES "native.jsonl", NULL, &err), PL_ERR_SYNTAX);
    assert_int_equal(err.line, 3); /* one JSON value ended on line 1 */
    assert_int_equal(err.column, 1);
    assert_non_null(strstr(err.message, "expected the end"));
    pl_error_clear(&err);
    assert_int_equal(pl_acp_questions_load(&qs, FIXTURES "inspect/2025-05-13T10-11-12+00-00_acp-app-gen_Xy3.json",
                                           NULL, &err),
                     PL_ERR_SYNTAX);
    assert_non_null(strstr(err.message, "expected a JSON list of question records"));
    assert_int_equal(qs.count, 0);
    pl_error_clear(&err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact_keeps_long_integers),
        cmocka_unit_test(test_exact_error_positions),
        cmocka_unit_test(test_exact_lone_surrogates),
        cmocka_unit_test(test_group_names),
        cmocka_unit_test(test_gen_files),
        cmocka_unit_test(test_cross_task_collisions),
        cmocka_unit_test(test_dev_questions_merged),
        cmocka_unit_test(test_bool_and_mcq_files),
        cmocka_unit_test(test_question_fixture),
        cmocka_unit_test(test_question_file_errors),
        cmocka_unit_test(test_conformance_responses),
        cmocka_unit_test(test_native_jsonl),
        cmocka_unit_test(test_lm_eval_samples),
        cmocka_unit_test(test_inspect_json_log),
        cmocka_unit_test(test_inspect_eval_archive),
        cmocka_unit_test(test_run_file_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
