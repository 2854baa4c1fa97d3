/* planlens exercises round trip (issue 39 §6): sheets for three students,
 * the same seed twice gives the same files, students get questions of their
 * own; filled answers (right ones from the key, some deliberately wrong, a
 * malformed line, an unknown student) are marked, and the mark sheet is
 * checked cell by cell. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "test_support.h"

static const char *const students[] = {"Ada Lovelace", "Alan Turing", "Grace Hopper"};
static const char *const folders[] = {"ada_lovelace", "alan_turing", "grace_hopper"};
static const char *const files[] = {"sheet.md", "sheet.txt", "answers.txt"};

static char dir[256];

static char *read_text(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *read_text(const char *fmt, ...)
{
    char path[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(path, sizeof path, fmt, ap);
    va_end(ap);
    char *text = pl_read_file(path, NULL, NULL);
    if (!text)
        fail_msg("cannot read %s", path);
    return text;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

static int run(const char *args, char **err_out)
{
    char cmd[4096], errpath[300];
    snprintf(errpath, sizeof errpath, "%s/stderr.txt", dir);
    snprintf(cmd, sizeof cmd, "%s %s 2>%s", PLANLENS_BIN, args, errpath);
    int status;
    free(pl_test_shell(cmd, &status));
    if (err_out)
        *err_out = pl_read_file(errpath, NULL, NULL);
    return status;
}

static int generate(const char *out, int seed)
{
    char args[1024];
    snprintf(args, sizeof args,
             "exercises --domain %s/sample-runs/blocksworld/domain.pddl --problem "
             "%s/sample-runs/blocksworld/problem.pddl %s/sample-runs/blocksworld/problems/bw-3-5.pddl "
             "--tasks all --students %s/roster.txt --seed %d --out %s/%s",
             PLANLENS_SOURCE_DIR, PLANLENS_SOURCE_DIR, PLANLENS_SOURCE_DIR, dir, seed, dir, out);
    return run(args, NULL);
}

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/planlens-exercises-XXXXXX");
    assert_non_null(mkdtemp(dir));
    char path[300];
    snprintf(path, sizeof path, "%s/roster.txt", dir);
    write_text(path, "Ada Lovelace\n\n# a comment\nAlan Turing\nGrace Hopper\n");
    assert_int_equal(generate("a", 11), 0);
    assert_int_equal(generate("b", 11), 0);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static cJSON *key_of(const char *out, int s)
{
    char *text = read_text("%s/%s/key/%s.json", dir, out, folders[s]);
    cJSON *key = cJSON_Parse(text);
    free(text);
    assert_non_null(key);
    return key;
}

/* The same seed gives the same files, byte for byte; the key is never in a
 * student's folder. */
static void test_same_seed_same_sheets(void **state)
{
    (void)state;
    for (int s = 0; s < 3; s++) {
        for (int f = 0; f < 3; f++) {
            char *x = read_text("%s/a/%s/%s", dir, folders[s], files[f]);
            char *y = read_text("%s/b/%s/%s", dir, folders[s], files[f]);
            assert_string_equal(x, y);
            free(x);
            free(y);
        }
        char *x = read_text("%s/a/key/%s.json", dir, folders[s]), *y = read_text("%s/b/key/%s.json", dir, folders[s]);
        assert_string_equal(x, y);
        free(x);
        free(y);
        char path[512];
        snprintf(path, sizeof path, "%s/a/%s/key", dir, folders[s]);
        assert_null(fopen(path, "r"));
    }
}

/* Every kind is asked of everyone, and no two students get the same
 * questions (states, atoms, problems, plans). */
static void test_students_differ(void **state)
{
    (void)state;
    char *fp[3];
    for (int s = 0; s < 3; s++) {
        cJSON *key = key_of("a", s);
        assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(key, "questions")), 13);
        cJSON *qs = cJSON_DetachItemFromObject(key, "questions");
        for (cJSON *q = qs->child; q; q = q->next) /* the student's name apart */
            cJSON_DeleteItemFromObject(q, "record");
        fp[s] = cJSON_PrintUnformatted(qs);
        cJSON_Delete(qs);
        cJSON_Delete(key);
        char *sheet = read_text("%s/a/%s/sheet.md", dir, folders[s]), *tmpl = read_text("%s/a/%s/answers.txt", dir, folders[s]);
        char want[64];
        snprintf(want, sizeof want, "# Exercises: %s\n", students[s]);
        assert_non_null(strstr(sheet, want));
        assert_non_null(strstr(sheet, "h_max"));
        assert_non_null(strstr(sheet, "relaxed planning graph"));
        snprintf(want, sizeof want, "student: %s\nq1: \n", students[s]);
        assert_non_null(strstr(tmpl, want));
        assert_non_null(strstr(tmpl, "\nq13: \n"));
        free(sheet);
        free(tmpl);
    }
    assert_string_not_equal(fp[0], fp[1]);
    assert_string_not_equal(fp[0], fp[2]);
    assert_string_not_equal(fp[1], fp[2]);
    for (int s = 0; s < 3; s++)
        free(fp[s]);
}

/* A wrong answer of each kind, and what its why must name. */
static const char *wrong_answer(const char *task, const cJSON *q, char *buf, size_t n, const char **reason)
{
    const char *model = cJSON_GetObjectItem(q, "model_answer")->valuestring;
    if (!strcmp(task, "hmax") || !strcmp(task, "hadd") || !strcmp(task, "hff") || !strcmp(task, "rpg_level")) {
        snprintf(buf, n, "%d", atoi(model) + 5);
        *reason = !strcmp(task, "rpg_level") ? "first level" : model; /* "wrong: N, not MODEL; ..." */
    } else if (!strcmp(task, "rpg_plan")) {
        snprintf(buf, n, "(pick-up a)");
        *reason = "not a relaxed plan";
    } else if (!strcmp(task, "val")) {
        snprintf(buf, n, "%d", atoi(model) == 0 ? 1 : 0);
        *reason = "a right answer: ";
    } else if (!strcmp(task, "nexta") || !strcmp(task, "reach") || !strcmp(task, "areach") || !strcmp(task, "land")) {
        snprintf(buf, n, "(fly-to mars)");
        *reason = "a right answer: ";
    } else {
        snprintf(buf, n, "[(fly-to mars)]");
        *reason = "a right answer: ";
    }
    return buf;
}

/* A tiny CSV reader: rows of cells, quotes as RFC 4180. */
static int csv_rows(char *text, char *rows[][5], int max)
{
    int r = 0, c = 0;
    char *w = text, *cell = text;
    bool quoted = false;
    for (char *p = text; *p && r < max; p++) {
        if (quoted) {
            if (*p == '"' && p[1] == '"')
                *w++ = *p++;
            else if (*p == '"')
                quoted = false;
            else
                *w++ = *p;
        } else if (*p == '"') {
            quoted = true;
        } else if (*p == ',' || *p == '\n') {
            char sep = *p; /* w may be p */
            *w++ = '\0';
            if (c < 5)
                rows[r][c] = cell;
            c++;
            cell = w;
            if (sep == '\n') {
                assert_int_equal(c, 5);
                r++;
                c = 0;
            }
        } else {
            *w++ = *p;
        }
    }
    return r;
}

typedef struct {
    char id[8], task[16], why[96];
    int score;
} expected;

/* Fills s's answers: every third question wrong, every fifth unanswered,
 * the rest the key's model answer.  Returns the file's text. */
static char *fill(int s, expected *want, int *nwant, bool bad_lines)
{
    cJSON *key = key_of("a", s);
    size_t cap = 1 << 16, len = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    len += (size_t)snprintf(text + len, cap - len, "; filled by the test\nstudent: %s\n", students[s]);
    int i = 0;
    for (cJSON *q = cJSON_GetObjectItem(key, "questions")->child; q; q = q->next, i++) {
        const char *id = cJSON_GetObjectItem(q, "id")->valuestring, *task = cJSON_GetObjectItem(q, "task")->valuestring;
        expected *e = &want[(*nwant)++];
        snprintf(e->id, sizeof e->id, "%s", id);
        snprintf(e->task, sizeof e->task, "%s", task);
        char buf[128];
        const char *answer = cJSON_GetObjectItem(q, "model_answer")->valuestring, *reason = "right";
        e->score = 1;
        if ((i + s) % 3 == 1) {
            answer = wrong_answer(task, q, buf, sizeof buf, &reason);
            e->score = 0;
        } else if ((i + s) % 5 == 4) {
            answer = "";
            reason = "unanswered";
            e->score = 0;
        }
        snprintf(e->why, sizeof e->why, "%s", reason);
        len += (size_t)snprintf(text + len, cap - len, "%s: %s\n", id, answer);
        if (bad_lines && i == 2)
            len += (size_t)snprintf(text + len, cap - len, "this is no answer\nq77: 3\n");
    }
    cJSON_Delete(key);
    return text;
}

static void test_mark_round_trip(void **state)
{
    (void)state;
    expected want[64];
    int nwant = 0;
    char path[3][300], unknown[300], args[2048];
    for (int s = 0; s < 3; s++) {
        snprintf(path[s], sizeof path[s], "%s/filled-%d.txt", dir, s);
        char *text = fill(s, want, &nwant, s == 1);
        write_text(path[s], text);
        free(text);
    }
    snprintf(unknown, sizeof unknown, "%s/filled-unknown.txt", dir);
    write_text(unknown, "student: Nobody Known\nq1: 3\n");
    snprintf(args, sizeof args, "exercises mark %s/a %s %s %s %s", dir, path[0], path[1], path[2], unknown);
    char *err;
    assert_int_equal(run(args, &err), 3); /* the bad lines: reported, the rest marked */
    char located[400];
    snprintf(located, sizeof located, "%s:6: expected 'qN: answer'", path[1]); /* a comment, the student, q1..q3 */
    assert_non_null(strstr(err, located));
    snprintf(located, sizeof located, "%s:7: q77: no such question on Alan Turing's sheet", path[1]);
    assert_non_null(strstr(err, located));
    snprintf(located, sizeof located, "%s:1: unknown student 'Nobody Known'", unknown);
    assert_non_null(strstr(err, located));
    free(err);

    char *csv = read_text("%s/a/marks.csv", dir);
    char *rows[80][5];
    int n = csv_rows(csv, rows, 80);
    assert_int_equal(n, 1 + nwant);
    assert_string_equal(rows[0][0], "student");
    assert_string_equal(rows[0][4], "why");
    for (int r = 1; r < n; r++) {
        const expected *e = &want[r - 1];
        int s = (r - 1) / 13;
        assert_string_equal(rows[r][0], students[s]);
        assert_string_equal(rows[r][1], e->id);
        assert_string_equal(rows[r][2], e->task);
        if (atoi(rows[r][3]) != e->score || !strstr(rows[r][4], e->why))
            fail_msg("%s %s (%s): score %s, why '%s'; expected %d, naming '%s'", rows[r][0], e->id, e->task, rows[r][3],
                     rows[r][4], e->score, e->why);
        assert_true(!strncmp(rows[r][4], e->score ? "right" : e->why[0] == 'u' ? "unanswered" : "wrong", 5));
    }
    free(csv);

    /* the per-task summary: each task asked of three students */
    char *sum = read_text("%s/a/marks-summary.csv", dir);
    n = csv_rows(sum, rows, 80);
    assert_int_equal(n, 14);
    for (int r = 1; r < n; r++) {
        int right = 0, answered = 0;
        for (int i = 0; i < nwant; i++)
            if (!strcmp(want[i].task, rows[r][0])) {
                right += want[i].score;
                answered += strcmp(want[i].why, "unanswered") != 0;
            }
        assert_string_equal(rows[r][1], "3");
        assert_int_equal(atoi(rows[r][2]), answered);
        assert_int_equal(atoi(rows[r][3]), right);
    }
    free(sum);

    /* an existing mark sheet is refused without --force */
    snprintf(args, sizeof args, "exercises mark %s/a %s", dir, path[0]);
    assert_int_equal(run(args, &err), 2);
    assert_non_null(strstr(err, "nothing written (--force replaces them)"));
    free(err);
    snprintf(args, sizeof args, "exercises mark %s/a %s --force", dir, path[0]);
    assert_int_equal(run(args, NULL), 0);
}

/* Sheets are not overwritten without --force either. */
static void test_sheets_guarded(void **state)
{
    (void)state;
    assert_int_equal(generate("a", 11), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_seed_same_sheets),
        cmocka_unit_test(test_students_differ),
        cmocka_unit_test(test_mark_round_trip),
        cmocka_unit_test(test_sheets_guarded),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
