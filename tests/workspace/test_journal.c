/* The review journal (workspace/journal.h): two writer processes sharing
 * one file lose and merge nothing while a reader follows them; a torn last
 * line; the old notes format read and converted without loss; the fold;
 * keys and texts with escapes; a symbolic link at the journal's path. */
#define _GNU_SOURCE /* memmem */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "base/file.h"
#include "runs/answer_key.h"
#include "workspace/journal.h"

static char dir[64];

static char *path_in(const char *name)
{
    static char path[4][128];
    static int next;
    char *p = path[next++ % 4];
    snprintf(p, sizeof path[0], "%s/%s", dir, name);
    return p;
}

static void write_text(const char *path, const char *text, size_t len, const char *mode)
{
    FILE *f = fopen(path, mode);
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

static char *read_text(const char *path, size_t *len)
{
    pl_error err = PL_ERROR_INIT;
    char *text = pl_read_file(path, len, &err);
    assert_non_null(text);
    return text;
}

static pl_journal *open_journal(const char *path, pl_diags *warnings)
{
    pl_error err = PL_ERROR_INIT;
    pl_journal *j = pl_journal_open(path, warnings, &err);
    assert_non_null(j);
    return j;
}

static void append(pl_journal *j, pl_journal_record r)
{
    pl_error err = PL_ERROR_INIT;
    pl_error_code rc = pl_journal_append(j, &r, &err);
    if (rc != PL_OK)
        fail_msg("append: %s", err.message);
}

static pl_journal_record note(const char *key, const char *text)
{
    return (pl_journal_record){.key = (char *)key, .type = PL_JR_NOTE, .text = (char *)text};
}

/* ---- two writers and a reader ---- */

static void writer(const char *path, int id)
{
    pl_error err = PL_ERROR_INIT;
    pl_journal *j = pl_journal_open(path, NULL, &err);
    for (int i = 0; j && i < 1000; i++) {
        char key[64], text[64];
        snprintf(key, sizeof key, "m|app_gen|%d|%d|1", id, i % 7);
        snprintf(text, sizeof text, "writer %d note %d", id, i);
        pl_journal_record r = note(key, text);
        r.author = id ? "bo" : "ana";
        if (pl_journal_append(j, &r, &err) != PL_OK) {
            fprintf(stderr, "writer %d: %s\n", id, err.message);
            _exit(1);
        }
    }
    pl_journal_close(j);
    _exit(j ? 0 : 1);
}

/* Each writer's notes as read, in order, are 0, 1, 2, …: a prefix. */
static void assert_prefixes(const pl_journal *j, int *seen)
{
    int next[2] = {0, 0};
    for (int i = 0; i < pl_journal_nrecords(j); i++) {
        int w, n;
        assert_int_equal(sscanf(pl_journal_record_at(j, i)->text, "writer %d note %d", &w, &n), 2);
        assert_true(w == 0 || w == 1);
        assert_int_equal(n, next[w]);
        next[w]++;
    }
    seen[0] = next[0];
    seen[1] = next[1];
}

static void test_two_writers(void **state)
{
    (void)state;
    const char *path = path_in("shared.jsonl");
    pid_t pids[2];
    for (int w = 0; w < 2; w++)
        if ((pids[w] = fork()) == 0)
            writer(path, w);
    pl_journal *reader = open_journal(path, NULL);
    int seen[2] = {0, 0}, refreshes = 0, last = pl_journal_nrecords(reader);
    for (int done = 0; done < 2;) {
        for (int w = 0; w < 2; w++) {
            int status;
            if (pids[w] > 0 && waitpid(pids[w], &status, WNOHANG) == pids[w]) {
                assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
                pids[w] = 0;
                done++;
            }
        }
        pl_error err = PL_ERROR_INIT;
        int added;
        if (pl_journal_refresh(reader, &added, NULL, &err) != PL_OK)
            fail_msg("refresh: %s", err.message);
        assert_int_equal(pl_journal_nrecords(reader), last + added);
        last = pl_journal_nrecords(reader);
        assert_prefixes(reader, seen);
        refreshes++;
    }
    assert_int_equal(pl_journal_nrecords(reader), 2000);
    assert_int_equal(seen[0], 1000);
    assert_int_equal(seen[1], 1000);
    assert_true(refreshes > 1);
    /* per key: the last note of each writer's keys */
    const pl_journal_state *s = pl_journal_state_of(reader, "m|app_gen|1|6|1");
    assert_non_null(s);
    assert_string_equal(s->note, "writer 1 note 993");
    assert_string_equal(s->note_author, "bo");
    assert_int_equal(pl_journal_nstates(reader), 14);
    pl_journal_close(reader);
    /* 2,000 lines, each a whole JSON object */
    size_t len;
    char *text = read_text(path, &len);
    int lines = 0;
    for (char *line = text, *nl; (nl = memchr(line, '\n', len - (size_t)(line - text))); line = nl + 1) {
        cJSON *o = cJSON_ParseWithLength(line, (size_t)(nl - line));
        assert_true(cJSON_IsObject(o));
        assert_non_null(cJSON_GetObjectItem(o, "time"));
        cJSON_Delete(o);
        lines++;
    }
    assert_int_equal(lines, 2000);
    assert_int_equal(text[len - 1], '\n');
    free(text);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0600);
}

/* ---- a torn last line ---- */

static void test_torn_line(void **state)
{
    (void)state;
    const char *path = path_in("torn.jsonl");
    pl_journal *w = open_journal(path, NULL);
    append(w, note("a|app_gen|1|-|1", "one"));
    append(w, note("a|app_gen|2|-|1", "two"));
    const char *half = "{\"key\": \"a|app_gen|3|-|1\", \"type\": \"note\", \"te";
    write_text(path, half, strlen(half), "a");
    pl_diags warnings = PL_DIAGS_INIT;
    pl_journal *r = open_journal(path, &warnings);
    assert_int_equal(pl_journal_nrecords(r), 2);
    assert_int_equal(warnings.count, 1);
    assert_int_equal(warnings.items[0].line, 3);
    assert_non_null(strstr(warnings.items[0].message, "incomplete"));
    pl_diags_clear(&warnings);
    /* reported once, not consumed */
    pl_error err = PL_ERROR_INIT;
    int added = -1;
    assert_int_equal(pl_journal_refresh(r, &added, &warnings, &err), PL_OK);
    assert_int_equal(added, 0);
    assert_int_equal(warnings.count, 0);
    /* completed by its writer: a record */
    const char *rest = "xt\": \"three\"}\n";
    write_text(path, rest, strlen(rest), "a");
    assert_int_equal(pl_journal_refresh(r, &added, &warnings, &err), PL_OK);
    assert_int_equal(added, 1);
    assert_int_equal(warnings.count, 0);
    assert_string_equal(pl_journal_state_of(r, "a|app_gen|3|-|1")->note, "three");
    assert_int_equal(pl_journal_record_at(r, 2)->line, 3);
    /* torn again, then another writer appends: the torn line is closed off
     * (an unreadable line, kept) and the new record stays whole */
    write_text(path, half, strlen(half), "a");
    append(w, note("a|app_gen|4|-|1", "four"));
    assert_int_equal(pl_journal_nrecords(w), 4);
    assert_int_equal(pl_journal_last_appended(w), 5);
    assert_int_equal(pl_journal_refresh(r, &added, &warnings, &err), PL_OK);
    assert_int_equal(added, 1);
    assert_int_equal(warnings.count, 1);
    assert_int_equal(warnings.items[0].line, 4);
    assert_non_null(strstr(warnings.items[0].message, "not a journal record"));
    assert_string_equal(pl_journal_state_of(r, "a|app_gen|4|-|1")->note, "four");
    pl_diags_clear(&warnings);
    size_t len;
    char *text = read_text(path, &len);
    assert_non_null(strstr(text, "\"te\n{")); /* the fragment kept as it was */
    free(text);
    pl_journal_close(r);
    pl_journal_close(w);
}

/* ---- the old notes format ---- */

static const char old_notes[] = "{\"key\":\"gpt-4o\\tapp\\t-868\",\"flag\":true,\"note\":\"wrong label\"}\n"
                                "{\"key\":\"gpt-4o\\treach\\t17\",\"flag\":true}\n"
                                "\n"
                                "{\"key\":\"llama\\tapplicability\\t3\",\"flag\":false,\"note\":\"see \\u001b[31m\"}\n"
                                "not json, wri\0ten by hand\n"
                                "{\"key\":\"no tabs\",\"flag\":false,\"note\":\"odd key\"}\n";

static const pl_journal_record *find_record(const pl_journal *j, const char *key, pl_journal_type type)
{
    for (int i = 0; i < pl_journal_nrecords(j); i++) {
        const pl_journal_record *r = pl_journal_record_at(j, i);
        if (!strcmp(r->key, key) && r->type == type)
            return r;
    }
    return NULL;
}

static void assert_converted(const pl_journal *j)
{
    const pl_journal_record *r = find_record(j, "app|-868", PL_JR_FLAG);
    assert_non_null(r);
    assert_true(r->flag);
    assert_true(r->question_scope);
    assert_string_equal(r->author, "converted");
    assert_string_equal(r->old_key, "gpt-4o\tapp\t-868");
    assert_string_equal(r->question_id, "-868");
    assert_string_equal(r->group, "app");
    assert_string_equal(find_record(j, "app|-868", PL_JR_NOTE)->text, "wrong label");
    assert_true(find_record(j, "reach|17", PL_JR_FLAG)->flag);
    assert_null(find_record(j, "reach|17", PL_JR_NOTE));
    assert_null(find_record(j, "applicability|3", PL_JR_FLAG));
    assert_string_equal(find_record(j, "applicability|3", PL_JR_NOTE)->text, "see \x1b[31m");
    r = find_record(j, "no tabs", PL_JR_NOTE);
    assert_string_equal(r->text, "odd key");
    assert_string_equal(r->old_key, "no tabs");
    assert_int_equal(pl_journal_nrecords(j) >= 5, true);
    const pl_journal_state *s = pl_journal_state_of(j, "app|-868");
    assert_true(s->flagged);
    assert_string_equal(s->note, "wrong label");
}

static void test_old_format_converted(void **state)
{
    (void)state;
    const char *path = path_in("old.jsonl");
    size_t old_len = sizeof old_notes - 1;
    write_text(path, old_notes, old_len, "w");
    pl_diags warnings = PL_DIAGS_INIT;
    pl_journal *j = open_journal(path, &warnings);
    assert_int_equal(warnings.count, 1); /* the hand-written line */
    pl_diags_clear(&warnings);
    assert_int_equal(pl_journal_nrecords(j), 5);
    assert_converted(j);
    size_t len;
    char *text = read_text(path, &len); /* reading changes nothing */
    assert_int_equal(len, old_len);
    assert_memory_equal(text, old_notes, len);
    free(text);
    struct stat st;
    assert_int_not_equal(stat(path_in("old.jsonl.v1"), &st), 0);
    /* the first append converts */
    append(j, note("gpt-4o|app_gen|-868|3|1", "after"));
    text = read_text(path_in("old.jsonl.v1"), &len);
    assert_int_equal(len, old_len);
    assert_memory_equal(text, old_notes, len);
    free(text);
    assert_int_equal(pl_journal_nrecords(j), 6);
    assert_converted(j);
    pl_journal_close(j);
    j = open_journal(path, &warnings);
    assert_int_equal(warnings.count, 1); /* the unreadable line, still kept */
    pl_diags_clear(&warnings);
    assert_int_equal(pl_journal_nrecords(j), 6);
    assert_converted(j);
    assert_string_equal(pl_journal_state_of(j, "gpt-4o|app_gen|-868|3|1")->note, "after");
    text = read_text(path, &len);
    assert_non_null(memmem(text, len, "not json, wri\0ten by hand\n", 26));
    assert_null(memchr(text, '\x1b', len));
    free(text);
    pl_journal_close(j);
    /* an old file again beside its .v1: the copy goes to .v2 */
    write_text(path, old_notes, old_len, "w");
    j = open_journal(path, NULL);
    append(j, note("x|y|1|-|1", "z"));
    text = read_text(path_in("old.jsonl.v2"), &len);
    assert_memory_equal(text, old_notes, len);
    free(text);
    text = read_text(path_in("old.jsonl.v1"), &len);
    assert_memory_equal(text, old_notes, len);
    free(text);
    pl_journal_close(j);
}

/* An old file whose first line the old reader could not read (a note that
 * is not text): the conversion keeps that line first, as it was, and the
 * file is a journal from then on — the records appended after it are read
 * as records, and a second append converts nothing again. */
static void test_old_unreadable_line_first(void **state)
{
    (void)state;
    static const char old[] = "{\"key\":\"m\\tapp\\t1\",\"flag\":true,\"note\":true}\n"
                              "{\"key\":\"m\\tapp\\t2\",\"flag\":true}\n";
    const char *path = path_in("first-unreadable.jsonl");
    write_text(path, old, sizeof old - 1, "w");
    pl_journal *j = open_journal(path, NULL);
    append(j, note("m|app_gen|1|#1|1", "one"));
    append(j, note("m|app_gen|1|#1|1", "two"));
    pl_journal_close(j);
    struct stat st;
    assert_int_equal(stat(path_in("first-unreadable.jsonl.v1"), &st), 0);
    assert_int_not_equal(stat(path_in("first-unreadable.jsonl.v2"), &st), 0); /* converted once */
    pl_diags warnings = PL_DIAGS_INIT;
    j = open_journal(path, &warnings);
    assert_int_equal(warnings.count, 1); /* the kept line */
    assert_true(find_record(j, "app|2", PL_JR_FLAG)->flag);
    assert_string_equal(pl_journal_state_of(j, "m|app_gen|1|#1|1")->note, "two");
    assert_int_equal(pl_journal_nrecords(j), 3);
    pl_diags_clear(&warnings);
    pl_journal_close(j);
}

/* ---- the fold ---- */

static void test_fold(void **state)
{
    (void)state;
    pl_journal *j = open_journal(path_in("fold.jsonl"), NULL);
    const char *k = "m|land_bool|5|2|1";
    assert_null(pl_journal_state_of(j, k));
    append(j, note(k, "first"));
    append(j, (pl_journal_record){.key = (char *)k, .type = PL_JR_FLAG, .flag = true, .author = "ana"});
    append(j, (pl_journal_record){.key = (char *)k, .type = PL_JR_STATUS, .status = PL_REVIEW_GRADER_WRONG});
    append(j, (pl_journal_record){.key = (char *)k, .type = PL_JR_OVERRIDE, .score = 1, .answer = "yes"});
    append(j, (pl_journal_record){.key = (char *)k, .type = PL_JR_EXCLUDE, .text = "ambiguous"});
    const pl_journal_state *s = pl_journal_state_of(j, k);
    assert_string_equal(s->note, "first");
    assert_true(s->flagged);
    assert_int_equal(s->status, PL_REVIEW_GRADER_WRONG);
    assert_true(s->has_override);
    assert_int_equal(s->override_score, 1);
    assert_string_equal(s->override_answer, "yes");
    assert_true(s->excluded);
    assert_false(s->question_scope);
    /* the question was filled in from the answer key */
    assert_string_equal(pl_journal_record_at(j, 0)->group, "land_bool");
    assert_string_equal(pl_journal_record_at(j, 0)->question_id, "5");
    /* clearing: an empty note, a cleared flag; retracting the override */
    append(j, note(k, ""));
    append(j, (pl_journal_record){.key = (char *)k, .type = PL_JR_FLAG, .flag = false});
    append(j, (pl_journal_record){.key = (char *)k, .type = PL_JR_RETRACT, .retracts = 4});
    s = pl_journal_state_of(j, k);
    assert_null(s->note);
    assert_false(s->flagged);
    assert_false(s->has_override);
    assert_true(pl_journal_record_at(j, 3)->retracted);
    assert_int_equal(s->nrecords, 8);
    assert_int_equal(s->records[3], 3);
    /* retracting the retract brings the override back; the exclusion goes */
    append(j, (pl_journal_record){.key = (char *)k, .type = PL_JR_RETRACT, .retracts = 8});
    append(j, (pl_journal_record){.key = (char *)k, .type = PL_JR_RETRACT, .retracts = 5});
    s = pl_journal_state_of(j, k);
    assert_true(s->has_override);
    assert_false(s->excluded);
    assert_false(pl_journal_record_at(j, 3)->retracted);
    assert_int_equal(s->status, PL_REVIEW_GRADER_WRONG);
    /* a question-level flag is its own key */
    append(j, (pl_journal_record){.key = "land_bool|5", .question_scope = true, .type = PL_JR_FLAG, .flag = true});
    s = pl_journal_state_of(j, "land_bool|5");
    assert_true(s->question_scope && s->flagged);
    assert_string_equal(pl_journal_record_at(j, 10)->question_id, "5");
    assert_int_equal(pl_journal_nstates(j), 2);
    assert_string_equal(pl_journal_state_at(j, 0)->key, k);
    /* refused: a retract of a line that is not a record, an unknown type */
    pl_error err = PL_ERROR_INIT;
    pl_journal_record bad = {.key = (char *)k, .type = PL_JR_RETRACT, .retracts = 99};
    assert_int_not_equal(pl_journal_append(j, &bad, &err), PL_OK);
    pl_error_clear(&err);
    bad = (pl_journal_record){.key = "", .type = PL_JR_NOTE};
    assert_int_not_equal(pl_journal_append(j, &bad, &err), PL_OK);
    pl_error_clear(&err);
    assert_int_equal(pl_journal_nrecords(j), 11);
    pl_journal_close(j);
}

/* ---- escapes, authors, names ---- */

static void test_escapes_round_trip(void **state)
{
    (void)state;
    const char *path = path_in("escapes.jsonl");
    char *key = pl_answer_key("run|with|bars", "app_gen", "-1", "s\\1", 2);
    const char *text = "line one\nline \"two\"\t\x1b[2J\x07 back\\slash \xe2\x80\xae rtl nul:" "\xC0\x80" ":end";
    setenv("PLANLENS_AUTHOR", "ana\x1b]0;x\x07", 1);
    pl_journal *j = open_journal(path, NULL);
    append(j, note(key, text));
    unsetenv("PLANLENS_AUTHOR");
    pl_journal_close(j);
    size_t len;
    char *raw = read_text(path, &len);
    for (size_t i = 0; i + 1 < len; i++) /* no control byte reaches the file */
        assert_true((unsigned char)raw[i] >= 0x20 && (unsigned char)raw[i] != 0x7f);
    assert_null(strstr(raw, "\xe2\x80\xae"));
    free(raw);
    j = open_journal(path, NULL);
    const pl_journal_record *r = pl_journal_record_at(j, 0);
    assert_string_equal(r->key, key);
    assert_string_equal(r->text, text);
    assert_string_equal(r->author, "ana\x1b]0;x\x07");
    assert_string_equal(r->group, "app_gen");
    assert_string_equal(r->question_id, "-1");
    assert_int_equal(strlen(r->time), 20);
    assert_int_equal(r->time[19], 'Z');
    assert_non_null(r->version);
    pl_journal_close(j);
    free(key);
    /* names */
    pl_journal_type t;
    pl_review_status st;
    assert_true(pl_journal_type_parse("override", &t) && t == PL_JR_OVERRIDE);
    assert_false(pl_journal_type_parse("Note", &t));
    assert_true(pl_review_status_parse("bad-question", &st) && st == PL_REVIEW_BAD_QUESTION);
    assert_string_equal(pl_review_status_name(PL_REVIEW_NONE), "");
    assert_string_equal(pl_journal_type_name(PL_JR_RETRACT), "retract");
    setenv("PLANLENS_AUTHOR", "bo", 1);
    assert_string_equal(pl_journal_default_author(), "bo");
    unsetenv("PLANLENS_AUTHOR");
    assert_true(pl_journal_default_author()[0] != 0);
}

/* ---- the file under the path changes ---- */

static void test_replaced_and_symlinked(void **state)
{
    (void)state;
    char real[128], link[128];
    snprintf(real, sizeof real, "%s", path_in("real.jsonl"));
    snprintf(link, sizeof link, "%s", path_in("link.jsonl"));
    pl_journal *j = open_journal(real, NULL);
    append(j, note("a|b|1|-|1", "one"));
    append(j, note("a|b|2|-|1", "two"));
    /* appended through a link: the link stays, the file it names grows */
    assert_int_equal(symlink(real, link), 0);
    pl_journal *l = open_journal(link, NULL);
    assert_int_equal(pl_journal_nrecords(l), 2);
    append(l, note("a|b|3|-|1", "three"));
    struct stat st;
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    pl_error err = PL_ERROR_INIT;
    int added;
    assert_int_equal(pl_journal_refresh(j, &added, NULL, &err), PL_OK);
    assert_int_equal(added, 1);
    /* replaced by a shorter file: read again from the start */
    const char *one = "{\"key\": \"z|b|1|-|1\", \"type\": \"note\", \"text\": \"new\"}\n";
    write_text(path_in("other.jsonl"), one, strlen(one), "w");
    assert_int_equal(rename(path_in("other.jsonl"), real), 0);
    assert_int_equal(pl_journal_refresh(j, &added, NULL, &err), PL_OK);
    assert_int_equal(pl_journal_nrecords(j), 1);
    assert_int_equal(added, 1);
    assert_null(pl_journal_state_of(j, "a|b|1|-|1"));
    assert_string_equal(pl_journal_state_of(j, "z|b|1|-|1")->note, "new");
    /* an old notes file behind a link is not converted (that would replace
     * the link by a file): refused, nothing changed */
    write_text(real, old_notes, sizeof old_notes - 1, "w");
    assert_int_equal(pl_journal_refresh(l, NULL, NULL, &err), PL_OK);
    pl_journal_record r = note("a|b|9|-|1", "x");
    assert_int_not_equal(pl_journal_append(l, &r, &err), PL_OK);
    assert_non_null(strstr(err.message, "symbolic link"));
    pl_error_clear(&err);
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    size_t len;
    char *text = read_text(real, &len);
    assert_memory_equal(text, old_notes, sizeof old_notes - 1);
    free(text);
    assert_int_not_equal(lstat(path_in("link.jsonl.v1"), &st), 0);
    /* removed: empty */
    assert_int_equal(unlink(real), 0);
    assert_int_equal(pl_journal_refresh(j, NULL, NULL, &err), PL_OK);
    assert_int_equal(pl_journal_nrecords(j), 0);
    assert_null(pl_journal_state_of(j, "z|b|1|-|1"));
    pl_journal_close(j);
    pl_journal_close(l);
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/planlens-journal-XXXXXX");
    if (!mkdtemp(dir))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_writers),
        cmocka_unit_test(test_torn_line),
        cmocka_unit_test(test_old_format_converted),
        cmocka_unit_test(test_old_unreadable_line_first),
        cmocka_unit_test(test_fold),
        cmocka_unit_test(test_escapes_round_trip),
        cmocka_unit_test(test_replaced_and_symlinked),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        return 1;
    return rc;
}
