/* planlens grade --notes FILE --apply-review on journals written by
 * `planlens notes add`: an answer-level override flips exactly its answer
 * and moves the accuracy by one answer; a question exclusion leaves out
 * exactly that question's answers; a retracted override is not applied; a
 * question-level corrected stored answer regrades every answer of the
 * question; without --apply-review the output is plain grade's byte for
 * byte; keys that match no answer are reported; shards merge to the same
 * output.  Fixture: tests/data/apply-review (three models answering three
 * progression_bool questions once each, so every answer has its own key);
 * on the conformance set (SKIP when absent): a corrected app answer
 * regraded, a just answer the stored answer cannot change, keys shared by
 * several answers. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "base/error.h"
#include "test_support.h"

#define FIXTURE PLANLENS_SOURCE_DIR "/tests/data/apply-review"
#define INPUTS "--questions " FIXTURE "/questions.json --responses " FIXTURE "/runs.jsonl"

static char dir[64];

typedef struct {
    int status;
    char *out; /* stdout */
    char *err; /* stderr */
} run_result;

static void run_free(run_result *r)
{
    free(r->out);
    free(r->err);
}

/* planlens with the arguments, as author "tester". */
static run_result run(const char *fmt, ...)
{
    char args[4096], cmd[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    snprintf(cmd, sizeof cmd, "PLANLENS_AUTHOR=tester '%s' %s 2>'%s/stderr'", PLANLENS_BIN, args, dir);
    run_result r;
    r.out = pl_test_shell(cmd, &r.status);
    snprintf(cmd, sizeof cmd, "cat '%s/stderr'", dir);
    int status;
    r.err = pl_test_shell(cmd, &status);
    return r;
}

/* A new journal named `name` in the test's folder, with the records added
 * by each `notes add` argument list (NULL-terminated). */
static const char *journal(const char *name, ...)
{
    static char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    unlink(path);
    va_list ap;
    va_start(ap, name);
    for (const char *args; (args = va_arg(ap, const char *));) {
        run_result r = run("notes add --notes '%s' %s", path, args);
        if (r.status != 0)
            fail_msg("notes add %s: exit %d: %s", args, r.status, r.err);
        run_free(&r);
    }
    va_end(ap);
    return path;
}

/* grade's output on the fixture in `format`, plain or with the journal
 * applied (NULL: plain). */
static run_result grade(const char *format, const char *notes)
{
    run_result r = notes ? run("grade " INPUTS " --format %s --notes '%s' --apply-review", format, notes)
                         : run("grade " INPUTS " --format %s", format);
    if (r.status != 0)
        fail_msg("grade exited %d: %s", r.status, r.err);
    return r;
}

static cJSON *jsonl_rows(const char *text)
{
    cJSON *rows = cJSON_CreateArray();
    char *copy = strdup(text);
    for (char *save = NULL, *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        cJSON *o = cJSON_Parse(line);
        assert_non_null(o);
        cJSON_AddItemToArray(rows, o);
    }
    free(copy);
    return rows;
}

static int int_of(const cJSON *o, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    assert_true(cJSON_IsNumber(v));
    return v->valueint;
}

/* The lines of two outputs (JSONL), the same except at the rows listed
 * (-1 ends the list), which must differ. */
static void expect_only_rows_differ(const char *plain, const char *applied, const int *rows)
{
    cJSON *a = jsonl_rows(plain), *b = jsonl_rows(applied);
    assert_int_equal(cJSON_GetArraySize(a), cJSON_GetArraySize(b));
    for (int i = 0; i < cJSON_GetArraySize(a); i++) {
        bool listed = false;
        for (const int *k = rows; *k >= 0; k++)
            listed |= *k == i;
        bool same = cJSON_Compare(cJSON_GetArrayItem(a, i), cJSON_GetArrayItem(b, i), true);
        if (same == listed)
            fail_msg("row %d: %s", i, listed ? "unchanged" : "changed");
    }
    cJSON_Delete(a);
    cJSON_Delete(b);
}

/* The official mean and n the table gives a model's `all` row. */
static double table_mean(const char *table, const char *model, int *n)
{
    char prefix[64];
    snprintf(prefix, sizeof prefix, "\n%-20s all ", model);
    const char *row = strstr(table, prefix);
    if (!row)
        fail_msg("no row for %s in:\n%s", model, table);
    char name[32], task[32];
    int epochs;
    double mean;
    assert_int_equal(sscanf(row + 1, "%31s %31s %d %d %lf", name, task, n, &epochs, &mean), 5);
    return mean;
}

static void test_answer_override(void **state)
{
    (void)state;
    const char *j = journal("override.jsonl", "--key 'm2|prog_bool|1|#1|1' --type override --score 1", NULL);
    run_result plain = grade("jsonl", NULL), applied = grade("jsonl", j);
    expect_only_rows_differ(plain.out, applied.out, (const int[]){1, -1});
    cJSON *rows = jsonl_rows(applied.out);
    const cJSON *row = cJSON_GetArrayItem(rows, 1);
    assert_int_equal(int_of(row, "score"), 1);
    assert_int_equal(int_of(row, "sound_score"), 1);
    const cJSON *review = cJSON_GetObjectItemCaseSensitive(row, "review");
    assert_int_equal(int_of(review, "override"), 1);
    assert_int_equal(int_of(review, "line"), 1);
    assert_string_equal(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(review, "by")), "tester");
    assert_string_equal(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(review, "scope")), "answer");
    assert_int_equal(int_of(cJSON_GetObjectItemCaseSensitive(review, "was"), "score"), 0);
    assert_null(cJSON_GetObjectItemCaseSensitive(row, "excluded"));
    cJSON_Delete(rows);
    /* the table: m2 gains one answer of three, the others unchanged */
    run_result t0 = grade("table", NULL), t1 = grade("table", j);
    int n0, n1;
    assert_float_equal(table_mean(t1.out, "m2", &n1) - table_mean(t0.out, "m2", &n0), 1.0 / 3, 0.002);
    assert_int_equal(n0, 3);
    assert_int_equal(n1, 3);
    assert_float_equal(table_mean(t1.out, "m1", &n1), table_mean(t0.out, "m1", &n0), 1e-9);
    assert_non_null(strstr(t1.out, "\nreview applied: 1 override (tester) from "));
    assert_non_null(strstr(t1.err, "planlens: review applied: 1 override (tester) from "));
    run_free(&plain);
    run_free(&applied);
    run_free(&t0);
    run_free(&t1);
}

static void test_question_excluded(void **state)
{
    (void)state;
    const char *j = journal("exclude.jsonl", "--key 'prog_bool|3' --question --type exclude --text 'two readings'",
                            "--key 'm1|prog_bool|1|#1|1' --type note --text 'fine'", NULL);
    run_result plain = grade("jsonl", NULL), applied = grade("jsonl", j);
    /* the rows are kept, marked; only question 3's */
    expect_only_rows_differ(plain.out, applied.out, (const int[]){6, 7, 8, -1});
    cJSON *rows = jsonl_rows(applied.out);
    for (int i = 6; i < 9; i++) {
        const cJSON *row = cJSON_GetArrayItem(rows, i);
        assert_true(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(row, "excluded")));
        const cJSON *review = cJSON_GetObjectItemCaseSensitive(row, "review");
        assert_string_equal(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(review, "excluded_scope")),
                            "question");
        assert_null(cJSON_GetObjectItemCaseSensitive(review, "override"));
    }
    cJSON_Delete(rows);
    /* the table: two questions each; m3 (right on question 1 only) 1/3 -> 1/2 */
    run_result t0 = grade("table", NULL), t1 = grade("table", j);
    int n0, n1;
    assert_float_equal(table_mean(t0.out, "m3", &n0), 0.333, 1e-9);
    assert_float_equal(table_mean(t1.out, "m3", &n1), 0.5, 1e-9);
    assert_int_equal(n1, 2);
    assert_float_equal(table_mean(t1.out, "m2", &n1), 0.5, 1e-9);
    assert_non_null(strstr(t1.out, "\nreview applied: 1 question excluded (tester) from "));
    assert_non_null(strstr(t1.out, "3 excluded from the accuracy"));
    /* CSV: the rows and the review columns */
    run_result csv = grade("csv", j);
    assert_non_null(strstr(csv.out, ",excluded,excluded_by,excluded_line\n"));
    const char *row = strstr(csv.out, ",m3|prog_bool|3|#1|1,"); /* the answer schema's key, then its review */
    assert_non_null(row);
    const char *row_end = strchr(row, '\n');
    assert_non_null(row_end);
    assert_int_equal(strncmp(row_end - 21, ",,,,,,,,true,tester,1", 21), 0);
    run_free(&plain);
    run_free(&applied);
    run_free(&t0);
    run_free(&t1);
    run_free(&csv);
}

static void test_retracted_not_applied(void **state)
{
    (void)state;
    const char *j = journal("retract.jsonl", "--key 'm2|prog_bool|1|#1|1' --type override --score 1",
                            "--key 'prog_bool|2' --question --type exclude", "--type retract --retracts 1",
                            "--type retract --retracts 2", NULL);
    run_result plain = grade("jsonl", NULL), applied = grade("jsonl", j);
    assert_string_equal(applied.out, plain.out);
    assert_non_null(strstr(applied.err, "planlens: review applied: no override or exclusion from "));
    run_free(&plain);
    run_free(&applied);
}

static void test_question_regraded(void **state)
{
    (void)state;
    /* question 2's stored answer "no" corrected to "yes": m3's "yes" right, the "no"s wrong */
    const char *j = journal("regrade.jsonl", "--key 'prog_bool|2' --question --type override --score 1 --answer yes",
                            NULL);
    run_result plain = grade("jsonl", NULL), applied = grade("jsonl", j);
    expect_only_rows_differ(plain.out, applied.out, (const int[]){3, 4, 5, -1});
    cJSON *rows = jsonl_rows(applied.out);
    static const int want[] = {0, 0, 1};
    for (int i = 3; i < 6; i++) {
        const cJSON *row = cJSON_GetArrayItem(rows, i);
        assert_int_equal(int_of(row, "score"), want[i - 3]);
        assert_int_equal(int_of(row, "sound_score"), want[i - 3]);
        const cJSON *review = cJSON_GetObjectItemCaseSensitive(row, "review");
        assert_string_equal(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(review, "regraded")), "yes");
        assert_null(cJSON_GetObjectItemCaseSensitive(review, "override"));
        assert_string_equal(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(review, "scope")), "question");
        assert_int_equal(int_of(cJSON_GetObjectItemCaseSensitive(review, "was"), "score"), 1 - want[i - 3]);
    }
    cJSON_Delete(rows);
    assert_non_null(strstr(applied.err, "(3 regraded against a corrected stored answer), 3 of them changed"));
    run_free(&plain);
    run_free(&applied);
}

static void test_notes_alone_changes_nothing(void **state)
{
    (void)state;
    const char *j = journal("all.jsonl", "--key 'm2|prog_bool|1|#1|1' --type override --score 1",
                            "--key 'prog_bool|3' --question --type exclude",
                            "--key 'prog_bool|2' --question --type override --score 1 --answer yes", NULL);
    static const char *const formats[] = {"table", "jsonl", "json", "csv"};
    for (size_t i = 0; i < sizeof formats / sizeof *formats; i++) {
        run_result plain = grade(formats[i], NULL);
        run_result notes = run("grade " INPUTS " --format %s --notes '%s'", formats[i], j);
        assert_int_equal(notes.status, 0);
        assert_string_equal(notes.out, plain.out);
        assert_non_null(strstr(notes.err, "--notes without --apply-review: the review journal changes no score"));
        run_free(&plain);
        run_free(&notes);
    }
    run_result usage = run("grade " INPUTS " --apply-review");
    assert_int_equal(usage.status, 2);
    assert_non_null(strstr(usage.err, "--apply-review needs --notes FILE"));
    assert_string_equal(usage.out, "");
    run_free(&usage);
    run_result missing = run("grade " INPUTS " --apply-review --notes '%s'", dir);
    assert_int_equal(missing.status, 3); /* a folder is no journal */
    run_free(&missing);
}

static void test_unmatched_reported(void **state)
{
    (void)state;
    /* an escape in a key and in an author: shown as text, never obeyed */
    const char *j = journal("unmatched.jsonl", "--key 'm9|prog_bool|1|#1|1' --type override --score 1",
                            "--key 'prog_bool|1' --question --type status --status bad-question",
                            "--key \"$(printf 'prog_bool|9\\033[2J')\" --question --type exclude",
                            "--key 'm1|prog_bool|2|#1|1' --type exclude --author \"$(printf 'eve\\033[31m')\"", NULL);
    run_result t = grade("table", j);
    const char *line = "2 keys with an override or exclusion match no answer here (not applied): "
                       "m9|prog_bool|1|#1|1, prog_bool|9\\e[2J\n";
    assert_non_null(strstr(t.out, line));
    assert_non_null(strstr(t.err, line));
    assert_non_null(strstr(t.err, "1 key reviewed bad-question is not excluded"));
    assert_non_null(strstr(t.out, "review applied: 1 answer excluded (eve\\e[31m) from "));
    assert_null(strchr(t.out, '\x1b'));
    assert_null(strchr(t.err, '\x1b'));
    run_free(&t);
}

/* The parts of N shards merged: the unsharded output, byte for byte. */
static void test_shards_merge(void **state)
{
    (void)state;
    const char *j = journal("shards.jsonl", "--key 'm2|prog_bool|1|#1|1' --type override --score 1 --author ana",
                            "--key 'prog_bool|3' --question --type exclude",
                            "--key 'prog_bool|2' --question --type override --score 1 --answer yes --author bo",
                            "--key 'm9|prog_bool|1|#1|1' --type override --score 0", NULL);
    static const char *const formats[] = {"table", "jsonl", "json", "csv"};
    for (size_t f = 0; f < sizeof formats / sizeof *formats; f++) {
        run_result one = grade(formats[f], j);
        for (int n = 2; n <= 3; n++) {
            char parts[512] = "";
            for (int i = 1; i <= n; i++) {
                char part[128];
                snprintf(part, sizeof part, "%s/part%d", dir, i);
                run_result p = run("grade --shard %d/%d " INPUTS " --format %s --notes '%s' --apply-review > '%s'", i,
                                   n, formats[f], j, part);
                assert_int_equal(p.status, 0);
                run_free(&p);
                strcat(parts, " '");
                strcat(parts, part);
                strcat(parts, "'");
            }
            run_result merged = run("merge%s", parts);
            assert_int_equal(merged.status, 0);
            if (strcmp(merged.out, one.out))
                fail_msg("%s, %d shards:\n%s\nunsharded:\n%s", formats[f], n, merged.out, one.out);
            run_free(&merged);
        }
        if (!strcmp(formats[f], "table"))
            assert_non_null(strstr(one.out, "review applied: 2 overrides (ana 1, bo 1), 1 question excluded (tester)"));
        run_free(&one);
    }
}

/* The official scores of a JSONL output, summed over the rows not excluded. */
static int score_sum(const cJSON *rows, int *n)
{
    int sum = 0;
    *n = 0;
    const cJSON *row;
    cJSON_ArrayForEach(row, rows)
    {
        if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(row, "excluded")))
            continue;
        (*n)++;
        sum += int_of(row, "score");
    }
    return sum;
}

static void test_conformance(void **state)
{
    (void)state;
    if (!pl_test_data_dir("grade --apply-review on the conformance set"))
        skip();
    char questions[512], inputs[1024];
    snprintf(questions, sizeof questions, "%s", pl_test_data_path("conformance/acpbench-dev/dev_questions.json"));
    snprintf(inputs, sizeof inputs, "--questions '%s' --responses '%s' --format jsonl", questions,
             pl_test_data_path("conformance/acpbench-dev/responses.jsonl"));
    /* app -5674...: stored [(debark c2 l0), (sail l0 l1)], corrected to [(debark c2 l0)];
     * just -1219...: its plan decides, the corrected answer cannot change that;
     * prog: a list where the stored answer is an object {pos, neg}, refused */
    const char *j = journal(
        "conformance.jsonl",
        "--key 'app_gen|-5674251047178000480' --question --type override --score 1 --answer '[\"(debark c2 l0)\"]'",
        "--key 'just_gen|-1219355986766168268' --question --type override --score 1 --answer '[]'",
        "--key 'prog_gen|297440160406485545' --question --type override --score 1 --answer '[\"(at c1 l0)\"]'",
        "--key 'responses.jsonl|land_gen|5196274110229243987|#3|1' --type override --score 0", NULL);
    run_result plain = run("grade %s", inputs), applied = run("grade %s --notes '%s' --apply-review", inputs, j);
    assert_int_equal(applied.status, 0);
    cJSON *before = jsonl_rows(plain.out), *after = jsonl_rows(applied.out);
    int app = 0, just = 0, changed = 0, overridden = 0;
    for (int i = 0; i < cJSON_GetArraySize(after); i++) {
        const cJSON *a = cJSON_GetArrayItem(before, i), *b = cJSON_GetArrayItem(after, i);
        const char *key = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(b, "key"));
        const cJSON *review = cJSON_GetObjectItemCaseSensitive(b, "review");
        changed += int_of(a, "score") != int_of(b, "score");
        if (strstr(key, "|app_gen|-5674251047178000480|")) {
            app++;
            /* every answer regraded against the one-action set */
            assert_non_null(cJSON_GetObjectItemCaseSensitive(review, "regraded"));
            const cJSON *parsed = cJSON_GetObjectItemCaseSensitive(b, "parsed");
            bool just_debark = cJSON_GetArraySize(parsed) == 1 &&
                               !strcmp(cJSON_GetArrayItem(parsed, 0)->valuestring, "(debark c2 l0)");
            assert_int_equal(int_of(b, "score"), just_debark);
        } else if (strstr(key, "|just_gen|-1219355986766168268|")) {
            just++;
            assert_int_equal(int_of(b, "score"), 1);
            assert_null(cJSON_GetObjectItemCaseSensitive(review, "regraded"));
        } else if (review) {
            overridden++;
            assert_int_equal(int_of(b, "score"), 0);
        } else {
            assert_true(cJSON_Compare(a, b, true));
        }
    }
    assert_true(app > 1);
    assert_true(just > 1);
    assert_int_equal(overridden, 1); /* the run's third answer to that question, and no other */
    assert_true(changed > 0);
    assert_non_null(strstr(applied.err, "does not change action_justification_gen's grading"));
    assert_non_null(strstr(applied.err, "question prog_gen|297440160406485545: the corrected stored answer is not an "
                                        "object as the stored answer is: override (line 3) not applied"));
    /* the table's accuracy over all answers is the JSONL's mean */
    int n;
    double mean = (double)score_sum(after, &n) / n;
    run_result table = run("grade %s --notes '%s' --apply-review --format table", inputs, j);
    int tn;
    assert_float_equal(table_mean(table.out, "-", &tn), mean, 0.0005);
    assert_int_equal(tn, n);
    cJSON_Delete(before);
    cJSON_Delete(after);
    run_free(&plain);
    run_free(&applied);
    run_free(&table);
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/planlens-apply-review-XXXXXX");
    if (!mkdtemp(dir))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_answer_override),     cmocka_unit_test(test_question_excluded),
        cmocka_unit_test(test_retracted_not_applied), cmocka_unit_test(test_question_regraded),
        cmocka_unit_test(test_notes_alone_changes_nothing), cmocka_unit_test(test_unmatched_reported),
        cmocka_unit_test(test_shards_merge),        cmocka_unit_test(test_conformance),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        return 1;
    return rc;
}
