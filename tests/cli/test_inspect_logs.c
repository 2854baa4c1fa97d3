/* grade --official inspect on Inspect logs of ACPBench's own Inspect tasks
 * (tests/data/inspect-rules, one log per rule, written by
 * tests/runs/make_inspect_rule_fixtures.py with the scores the tasks' source
 * computes): planlens reproduces every stored score and every exception, and
 * names the rule where lm-eval's verdict differs; --official lm-eval differs
 * from the log exactly there.  Sharded runs merge to the same bytes, and the
 * explorer's records carry the same verdicts and keys. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/error.h"
#include "test_support.h"

#define RULES PLANLENS_SOURCE_DIR "/tests/data/inspect-rules"
#define GRADE "'" PLANLENS_BIN "' grade --questions '" RULES "/questions.json' --responses "

/* The fixture logs: every .json but questions.json (owned names, sorted). */
static int fixture_logs(char ***out)
{
    struct dirent **list;
    int n = scandir(RULES, &list, NULL, alphasort), count = 0;
    assert_true(n > 0);
    *out = calloc((size_t)n, sizeof **out);
    for (int i = 0; i < n; i++) {
        const char *name = list[i]->d_name;
        size_t len = strlen(name);
        if (len > 5 && !strcmp(name + len - 5, ".json") && strcmp(name, "questions.json"))
            (*out)[count++] = pl_strdup(name);
        free(list[i]);
    }
    free(list);
    return count;
}

static void free_logs(char **logs, int n)
{
    for (int i = 0; i < n; i++)
        free(logs[i]);
    free(logs);
}

/* The rule a fixture is for: its name up to ".json" or "--". */
static char *rule_of(const char *log)
{
    const char *end = strstr(log, "--");
    return pl_strndup(log, end ? (size_t)(end - log) : strlen(log) - 5);
}

/* grade's rows for one log (--format json), an array of objects. */
static cJSON *grade_json(const char *log, const char *official)
{
    char *cmd = pl_strdup_printf(GRADE "'" RULES "/%s' --format json --official %s", log, official);
    int status;
    char *out = pl_test_shell(cmd, &status);
    assert_int_equal(status, 0);
    cJSON *rows = cJSON_Parse(out);
    assert_true(cJSON_IsArray(rows));
    free(out);
    free(cmd);
    return rows;
}

static const char *str(const cJSON *o, const char *key)
{
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));
}

static const cJSON *item(const cJSON *o, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(o, key);
}

/* The exception's name in Inspect's message: "IndexError('list ...')" → IndexError. */
static bool names_exception(const char *message, const char *name)
{
    size_t len = strlen(name);
    return message && !strncmp(message, name, len) && message[len] == '(';
}

/* --official inspect: the log's stored verdicts, the rule where lm-eval's differs. */
static void check_inspect(const char *log)
{
    char *rule = rule_of(log);
    cJSON *rows = grade_json(log, "inspect"), *row;
    int ruled = 0;
    cJSON_ArrayForEach(row, rows)
    {
        const cJSON *stored = item(row, "stored_score"), *score = item(row, "score");
        if (stored) {
            assert_true(cJSON_IsNumber(score));
            if (score->valuedouble != stored->valuedouble)
                fail_msg("%s: %s: score %g, the log stores %g", log, str(row, "key"), score->valuedouble,
                         stored->valuedouble);
        } else {
            /* the log's scorer raised: so does planlens's Inspect verdict, the same exception */
            assert_true(cJSON_IsNull(score));
            assert_non_null(str(row, "official_error"));
            if (!names_exception(str(row, "scorer_error"), str(row, "official_error")))
                fail_msg("%s: %s raises %s, the log says %s", log, str(row, "key"), str(row, "official_error"),
                         str(row, "scorer_error"));
        }
        const char *got = str(row, "official_rule");
        if (got && strcmp(got, rule))
            fail_msg("%s: %s: rule %s", log, str(row, "key"), got);
        ruled += got != NULL;
        assert_true((got != NULL) == (item(row, "lm_eval_score") != NULL));
    }
    if (!ruled)
        fail_msg("%s: no answer with the rule %s", log, rule);
    cJSON_Delete(rows);
    free(rule);
}

/* --official lm-eval: the stored verdict, except on the answers the rule sets apart. */
static void check_lm_eval(const char *log)
{
    cJSON *rows = grade_json(log, "lm-eval"), *row;
    cJSON_ArrayForEach(row, rows)
    {
        const cJSON *stored = item(row, "stored_score");
        int score = (int)item(row, "score")->valuedouble;
        bool ruled = str(row, "official_rule") != NULL;
        if (stored) {
            assert_true(ruled == (score != (int)stored->valuedouble));
            if (ruled)
                assert_int_equal((int)item(row, "inspect_score")->valuedouble, (int)stored->valuedouble);
        } else {
            assert_true(ruled);
            assert_true(cJSON_IsNull(item(row, "inspect_score")));
            assert_true(names_exception(str(row, "scorer_error"), str(row, "inspect_error")));
        }
    }
    cJSON_Delete(rows);
}

static void test_rule_logs(void **state)
{
    (void)state;
    char **logs;
    int n = fixture_logs(&logs);
    /* one log per rule at least: the ten of inspect_grade.h */
    static const char *const rules[] = {"app-target-string", "app-parse-failure-typeerror",
                                        "parse-failure-correct-when-empty", "just-parse-failure-typeerror",
                                        "just-empty-indexerror", "nexta-maybe-nameerror", "pattern-ignorecase",
                                        "pattern-first-match", "mcq-choice-fallback", "pattern-group-verbatim"};
    for (size_t r = 0; r < sizeof rules / sizeof *rules; r++) {
        bool found = false;
        for (int i = 0; i < n && !found; i++) {
            char *rule = rule_of(logs[i]);
            found = !strcmp(rule, rules[r]);
            free(rule);
        }
        if (!found)
            fail_msg("no fixture log for %s", rules[r]);
    }
    for (int i = 0; i < n; i++) {
        check_inspect(logs[i]);
        check_lm_eval(logs[i]);
    }
    free_logs(logs, n);
}

/* Every format with --official inspect, as 2 shards merged: the same bytes. */
static void test_shards(void **state)
{
    (void)state;
    static const char *const formats[] = {"jsonl", "csv", "table"};
    const char *logs = "'" RULES "/nexta-maybe-nameerror.json' '" RULES "/pattern-ignorecase--mcq.json' '" RULES
                       "/just-empty-indexerror.json'";
    char dir[] = "/tmp/planlens-inspect-XXXXXX";
    assert_non_null(mkdtemp(dir));
    for (int f = 0; f < 3; f++) {
        int status;
        char *cmd = pl_strdup_printf(GRADE "%s --official inspect --format %s 2>/dev/null", logs, formats[f]);
        char *one = pl_test_shell(cmd, &status);
        assert_int_equal(status, 0);
        for (int i = 1; i <= 2; i++) {
            char *part = pl_strdup_printf(GRADE "%s --official inspect --format %s --shard %d/2 > '%s/p%d'", logs,
                                          formats[f], i, dir, i);
            free(pl_test_shell(part, &status));
            free(part);
        }
        char *merge = pl_strdup_printf("'%s' merge '%s/p2' '%s/p1'", PLANLENS_BIN, dir, dir);
        char *merged = pl_test_shell(merge, &status);
        if (strcmp(one, merged))
            fail_msg("--format %s: 2 shards merged differ from one process:\n%s\n---\n%s", formats[f], one, merged);
        if (!strcmp(formats[f], "table")) { /* the raising answers left out: the stored scores agree */
            assert_non_null(strstr(one, "the Inspect scorer raises on 1 answer:"));
            assert_non_null(strstr(one, " 0/2 "));
            assert_null(strstr(one, " 1/2 "));
        }
        free(merged);
        free(merge);
        free(one);
        free(cmd);
    }
    char *rm = pl_strdup_printf("rm -rf '%s'", dir);
    assert_int_equal(system(rm), 0);
    free(rm);
}

/* The explorer's records: the same Inspect verdicts and the same keys as grade's. */
static void test_workspace(void **state)
{
    (void)state;
    const char *paths[] = {RULES};
    pl_workspace *ws = pl_test_open_graded(paths, 1);
    assert_non_null(ws);
    cJSON *keys = cJSON_CreateObject();
    char **logs;
    int n = fixture_logs(&logs);
    for (int i = 0; i < n; i++) {
        cJSON *rows = grade_json(logs[i], "inspect"), *row;
        cJSON_ArrayForEach(row, rows)
        {
            const cJSON *score = item(row, "score");
            cJSON_AddNumberToObject(keys, str(row, "key"), cJSON_IsNull(score) ? -1 : score->valuedouble);
        }
        cJSON_Delete(rows);
    }
    free_logs(logs, n);
    int count = pl_workspace_count(ws);
    assert_int_equal(count, cJSON_GetArraySize(keys));
    for (int i = 0; i < count; i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        char *key = pl_workspace_answer_key(ws, i);
        const cJSON *want = item(keys, key);
        if (!want)
            fail_msg("the explorer's key %s is not grade's", key);
        assert_true(r->has_inspect);
        assert_int_equal(r->inspect_score, (int)want->valuedouble);
        assert_true((r->official_rule != NULL) == (r->inspect_score != r->score));
        free(key);
    }
    cJSON_Delete(keys);
    pl_workspace_close(ws);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rule_logs),
        cmocka_unit_test(test_shards),
        cmocka_unit_test(test_workspace),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
