/* planlens notes add | list | export on a journal written by the binary:
 * every record type, usage errors (exit 2) and an unreadable journal (exit
 * 3), the state table and the history with escapes shown, never obeyed,
 * the old notes format converted by the first add, and the maintainer's
 * report with planlens's evidence from grading an Inspect log. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "base/file.h"
#include "test_support.h"

#define SETS PLANLENS_SOURCE_DIR "/tests/data/runs/sets/"
#define KEY "m/scorers|prog_bool|1|1|1"

static char dir[64], journal[128];

typedef struct {
    int status;
    char *out;
} run_result;

static run_result run(const char *fmt, ...)
{
    char args[2048], cmd[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    snprintf(cmd, sizeof cmd, "PLANLENS_AUTHOR=tester '%s' %s 2>&1", PLANLENS_BIN, args);
    run_result r;
    r.out = pl_test_shell(cmd, &r.status);
    return r;
}

static void expect(run_result r, int status, const char *needle)
{
    if (r.status != status || (needle && !strstr(r.out, needle)))
        fail_msg("expected exit %d and '%s', got exit %d:\n%s", status, needle ? needle : "", r.status, r.out);
    free(r.out);
}

static void test_add_and_list(void **state)
{
    (void)state;
    snprintf(journal, sizeof journal, "%s/review.jsonl", dir);
    expect(run("notes add --notes %s --key '" KEY "' --type note --text \"$(printf 'misparsed\\033[2J')\"", journal), 0,
           "line 1: note on " KEY);
    expect(run("notes add --notes %s --key '" KEY "' --type status --status grader-wrong --author ana", journal), 0,
           "line 2: status");
    expect(run("notes add --notes %s --key '" KEY "' --type override --score 0 --answer no", journal), 0, "line 3");
    expect(run("notes add --notes %s --key 'prog_bool|1' --question --type flag", journal), 0, "line 4: flag");
    expect(run("notes add --notes %s --key 'prog_bool|2' --question --type exclude --text 'two right answers'",
               journal),
           0, "line 5: exclude");
    expect(run("notes add --notes %s --type retract --retracts 3", journal), 0, "line 6: retract on " KEY);
    /* refused, nothing written */
    expect(run("notes add --notes %s --key '" KEY "' --type verdict", journal), 2, "--type verdict");
    expect(run("notes add --notes %s --key 'prog_bool|1' --type note --text x", journal), 2, "not an answer key");
    expect(run("notes add --notes %s --key '" KEY "' --type status --status wrong", journal), 2, "--status");
    expect(run("notes add --notes %s --key '" KEY "' --type override", journal), 2, "--score");
    expect(run("notes add --notes %s --type retract --retracts 40", journal), 2, "no record on that line");
    expect(run("notes add --notes %s --type note --text x", journal), 2, "--key KEY is required");
    expect(run("notes add --notes %s --key '" KEY "' --type note --text x", dir), 3, NULL);
    struct stat st;
    assert_int_equal(stat(journal, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0600);
    /* the state table: the note's escape shown, the retracted override gone */
    run_result r = run("notes list --notes %s", journal);
    assert_int_equal(r.status, 0);
    assert_null(strchr(r.out, '\x1b'));
    assert_non_null(strstr(r.out, "note (tester): misparsed\\e[2J"));
    assert_non_null(strstr(r.out, "status grader-wrong (ana)"));
    assert_null(strstr(r.out, "override"));
    assert_non_null(strstr(r.out, "prog_bool|2  (question: every answer)"));
    assert_non_null(strstr(r.out, "excluded (tester)"));
    assert_non_null(strstr(r.out, "3 keys"));
    free(r.out);
    /* the history: every record, the withdrawn one marked */
    r = run("notes list --notes %s --history", journal);
    assert_non_null(strstr(r.out, "score 0, answer no  [retracted]"));
    assert_non_null(strstr(r.out, "withdraws line 3"));
    free(r.out);
    /* filters and formats */
    r = run("notes list --notes %s --format jsonl --status grader-wrong", journal);
    cJSON *o = cJSON_Parse(r.out);
    assert_non_null(o);
    assert_string_equal(cJSON_GetObjectItem(o, "key")->valuestring, KEY);
    assert_string_equal(cJSON_GetObjectItem(o, "note")->valuestring, "misparsed\x1b[2J");
    assert_true(cJSON_IsNull(cJSON_GetObjectItem(o, "override")));
    assert_null(strchr(r.out, '\x1b'));
    cJSON_Delete(o);
    free(r.out);
    r = run("notes list --notes %s --format csv --author ana", journal);
    assert_non_null(strstr(r.out, "key,scope,flagged,status"));
    assert_non_null(strstr(r.out, KEY ",answer,no,grader-wrong,ana"));
    assert_null(strstr(r.out, "prog_bool|2"));
    free(r.out);
    r = run("notes list --notes %s --history --format jsonl --key 'prog_bool|1'", journal);
    int lines = 0;
    for (const char *s = r.out; (s = strchr(s, '\n')); s++)
        lines++;
    assert_int_equal(lines, 5); /* the 4 records of the answer and the question's flag */
    free(r.out);
    expect(run("notes list --notes %s --format xml", journal), 2, "--format");
    expect(run("notes"), 2, "add, list or export");
    expect(run("notes --help"), 0, "  notes export ");
}

static void test_old_notes_converted(void **state)
{
    (void)state;
    char old[160], v1[170];
    snprintf(old, sizeof old, "%s/old-notes.jsonl", dir);
    snprintf(v1, sizeof v1, "%s.v1", old);
    const char text[] = "{\"key\":\"m\\tprog\\t1\",\"flag\":true,\"note\":\"stored answer wrong\"}\n";
    FILE *f = fopen(old, "w");
    fputs(text, f);
    fclose(f);
    expect(run("notes list --notes %s --history", old), 0, "converted     note      prog|1 (question)");
    struct stat st;
    assert_int_not_equal(stat(v1, &st), 0); /* reading converts nothing */
    expect(run("notes add --notes %s --key '" KEY "' --type flag --flag off", old), 0, "line 3: flag");
    size_t len;
    pl_error err = PL_ERROR_INIT;
    char *kept = pl_read_file(v1, &len, &err);
    assert_non_null(kept);
    assert_int_equal(len, strlen(text));
    assert_memory_equal(kept, text, len);
    free(kept);
    expect(run("notes list --notes %s", old), 0, "note (converted): stored answer wrong");
}

static void test_export(void **state)
{
    (void)state;
    run_result r = run("notes export --notes %s --format jsonl " SETS "questions.json " SETS "scorers", journal);
    assert_int_equal(r.status, 0);
    /* two questions: prog_bool|1 (grader-wrong, flagged) and prog_bool|2 (excluded) */
    cJSON *e = cJSON_Parse(r.out);
    assert_non_null(e);
    assert_string_equal(cJSON_GetObjectItem(e, "key")->valuestring, "prog_bool|1");
    assert_string_equal(cJSON_GetObjectItem(e, "group")->valuestring, "progression_bool");
    assert_string_equal(cJSON_GetObjectItem(e, "id")->valuestring, "1");
    assert_string_equal(cJSON_GetObjectItem(e, "status")->valuestring, "grader-wrong");
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(e, "flagged")));
    assert_non_null(cJSON_GetObjectItem(e, "stored_answer"));
    assert_false(cJSON_IsNull(cJSON_GetObjectItem(e, "stored_answer")));
    const cJSON *notes = cJSON_GetObjectItem(e, "notes");
    assert_int_equal(cJSON_GetArraySize(notes), 1);
    assert_string_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(notes, 0), "author")->valuestring, "tester");
    const cJSON *answers = cJSON_GetObjectItem(e, "answers"), *a = cJSON_GetArrayItem(answers, 0);
    assert_true(cJSON_GetArraySize(answers) >= 1); /* the question is flagged: each of its answers */
    assert_string_equal(cJSON_GetObjectItem(a, "key")->valuestring, KEY);
    assert_non_null(cJSON_GetObjectItem(a, "score"));
    assert_non_null(cJSON_GetObjectItem(a, "sound_score"));
    assert_string_equal(cJSON_GetObjectItem(a, "path")->valuestring, "exact-match");
    cJSON_Delete(e);
    const char *second = strchr(r.out, '\n');
    assert_non_null(second);
    e = cJSON_Parse(second + 1);
    assert_string_equal(cJSON_GetObjectItem(e, "key")->valuestring, "prog_bool|2");
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(e, "excluded")));
    assert_string_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(e, "notes"), 0), "text")->valuestring,
                        "two right answers");
    cJSON_Delete(e);
    free(r.out);
    /* Markdown and CSV: the same entries, escapes shown */
    r = run("notes export --notes %s " SETS "questions.json " SETS "scorers", journal);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "2 questions flagged"));
    assert_non_null(strstr(r.out, "## progression_bool 1"));
    assert_non_null(strstr(r.out, "- Status: grader-wrong; flagged"));
    assert_non_null(strstr(r.out, "tester (")); /* a note with its author */
    assert_non_null(strstr(r.out, "misparsed\\e[2J"));
    assert_non_null(strstr(r.out, "official 1 (exact-match)"));
    assert_null(strchr(r.out, '\x1b'));
    free(r.out);
    char out[160];
    snprintf(out, sizeof out, "%s/report.csv", dir);
    expect(run("notes export --notes %s --format csv --output %s " SETS "questions.json " SETS "scorers", journal, out),
           0, "2 questions written");
    size_t len;
    pl_error err = PL_ERROR_INIT;
    char *csv = pl_read_file(out, &len, &err);
    assert_non_null(csv);
    assert_non_null(strstr(csv, "key,group,id,domain,stored_answer,status,flagged,excluded,proposed,notes,evidence\n"));
    assert_non_null(strstr(csv, "prog_bool|2,progression_bool,2,"));
    free(csv);
    /* the file is there now: refused without --force (cli/output_guard.h), replaced with it */
    expect(run("notes export --notes %s --format md --output %s " SETS "questions.json " SETS "scorers", journal, out),
           2, "exists: nothing written (--force replaces it)");
    csv = pl_read_file(out, &len, &err);
    assert_non_null(strstr(csv, "key,group,id,domain,")); /* as it was */
    free(csv);
    expect(run("notes export --notes %s --format md --output %s --force " SETS "questions.json " SETS "scorers", journal,
               out),
           0, "2 questions written");
    expect(run("notes export --notes %s --format pdf", journal), 2, "--format");
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/planlens-notes-cli-XXXXXX");
    if (!mkdtemp(dir))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_add_and_list),
        cmocka_unit_test(test_old_notes_converted),
        cmocka_unit_test(test_export),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        return 1;
    return rc;
}
