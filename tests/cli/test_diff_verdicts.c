/* planlens diff-verdicts: the conformance set's verdicts against
 * themselves (no difference, exit 0) and against a copy with three
 * verdicts flipped (exactly those three, exit 1); small files in each
 * format (JSONL, JSON array, CSV with formula guards) matched by key or by
 * fields, answers only one file has, usage and input errors. */
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

#include "base/file.h"
#include "test_support.h"

static char dir[64];

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
    snprintf(cmd, sizeof cmd, "'%s' %s 2>&1", PLANLENS_BIN, args);
    run_result r;
    r.out = pl_test_shell(cmd, &r.status);
    return r;
}

static char *path_of(const char *name)
{
    static char path[4][128];
    static int next;
    char *p = path[next++ % 4];
    snprintf(p, sizeof path[0], "%s/%s", dir, name);
    return p;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; (s = strchr(s, '\n')); s++)
        n++;
    return n;
}

static void test_conformance_verdicts(void **state)
{
    (void)state;
    if (!pl_test_data_dir("diff-verdicts on the conformance verdicts"))
        skip();
    char verdicts[512];
    snprintf(verdicts, sizeof verdicts, "%s", pl_test_data_path("conformance/acpbench-dev/verdicts.jsonl"));
    run_result r = run("diff-verdicts %s %s", verdicts, verdicts);
    if (r.status != 0 || !strstr(r.out, "\n0 answers differ\n"))
        fail_msg("exit %d:\n%s", r.status, r.out);
    assert_non_null(strstr(r.out, "matched on group id"));
    assert_non_null(strstr(r.out, "\nall                          3111     3111        0        0        0\n"));
    free(r.out);
    /* a copy with the verdicts of lines 6, 1001 and 3001 flipped (as text:
     * cJSON would round the 19-digit ids) */
    size_t len;
    pl_error err = PL_ERROR_INIT;
    char *text = pl_read_file(verdicts, &len, &err);
    assert_non_null(text);
    FILE *f = fopen(path_of("flipped.jsonl"), "w");
    int flipped[3][2], nflipped = 0, line_no = 1;
    for (char *line = text, *nl; (nl = strchr(line, '\n')); line = nl + 1, line_no++) {
        *nl = 0;
        char *score = strstr(line, "\"score\": ");
        assert_non_null(score);
        if (line_no == 6 || line_no == 1001 || line_no == 3001) {
            char *digit = score + strlen("\"score\": ");
            flipped[nflipped][0] = line_no;
            flipped[nflipped++][1] = *digit - '0';
            *digit = *digit == '1' ? '0' : '1';
        }
        fprintf(f, "%s\n", line);
    }
    fclose(f);
    free(text);
    assert_int_equal(line_no, 3112);
    assert_int_equal(nflipped, 3);
    r = run("diff-verdicts %s %s --format jsonl", verdicts, path_of("flipped.jsonl"));
    assert_int_equal(r.status, 1);
    assert_int_equal(count_lines(r.out), 3);
    const char *line = r.out;
    for (int k = 0; k < 3; k++, line = strchr(line, '\n') + 1) {
        cJSON *d = cJSON_Parse(line);
        assert_non_null(d);
        assert_int_equal(cJSON_GetObjectItem(d, "line_a")->valueint, flipped[k][0]);
        assert_int_equal(cJSON_GetObjectItem(d, "line_b")->valueint, flipped[k][0]);
        assert_int_equal(cJSON_GetObjectItem(d, "a")->valueint, flipped[k][1]);
        assert_int_equal(cJSON_GetObjectItem(d, "b")->valueint, 1 - flipped[k][1]);
        cJSON_Delete(d);
    }
    free(r.out);
    r = run("diff-verdicts %s %s", verdicts, path_of("flipped.jsonl"));
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.out, "\n3 answers differ"));
    assert_non_null(strstr(r.out, "     6      6  1 -> 0  applicable_actions_gen -5674251047178000480  [set-equal]"));
    free(r.out);
}

/* grade's three formats of the same answers, one of them changed */
static void test_formats_and_keys(void **state)
{
    (void)state;
    write_file(path_of("a.jsonl"),
               "{\"key\": \"m|app_gen|1|s1|1\", \"id\": 1, \"group\": \"applicable_actions_gen\", \"score\": 1, "
               "\"path\": \"set-equal\"}\n"
               "{\"key\": \"m|app_gen|1|s2|1\", \"id\": 1, \"group\": \"applicable_actions_gen\", \"score\": 0, "
               "\"official_rule\": \"app-target-string\"}\n"
               "\n"
               "{\"key\": \"-m|land_gen|7|s3|1\", \"id\": 7, \"group\": \"landmarks_gen\", \"score\": null}\n");
    write_file(path_of("b.json"),
               "[{\"key\": \"m|app_gen|1|s2|1\", \"id\": 1, \"group\": \"applicable_actions_gen\", \"score\": 1,"
               " \"official_rule\": \"app-target-string\"},\n"
               " {\"key\": \"m|app_gen|1|s1|1\", \"id\": 1, \"group\": \"applicable_actions_gen\", \"score\": 1},\n"
               " {\"key\": \"m|app_gen|9|s9|1\", \"id\": 9, \"group\": \"applicable_actions_gen\", \"score\": 0}]\n");
    write_file(path_of("c.csv"), "id,group,score,key,path\n"
                                 "1,applicable_actions_gen,1,m|app_gen|1|s1|1,set-equal\n"
                                 "1,applicable_actions_gen,0,m|app_gen|1|s2|1,\n"
                                 "7,landmarks_gen,,'-m|land_gen|7|s3|1,\n");
    /* JSONL = CSV (the ' before -m is the formula guard, not the key) */
    run_result r = run("diff-verdicts %s %s", path_of("a.jsonl"), path_of("c.csv"));
    if (r.status != 0)
        fail_msg("exit %d:\n%s", r.status, r.out);
    assert_non_null(strstr(r.out, "matched on key"));
    free(r.out);
    /* JSONL vs JSON: s2 differs, land only in A, app 9 only in B */
    r = run("diff-verdicts %s %s --format csv", path_of("a.jsonl"), path_of("b.json"));
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.out, "key,model,group,id,sample_id,epoch,line_a,line_b,a,b,rule\n"));
    assert_non_null(strstr(r.out, "m|app_gen|1|s2|1,,applicable_actions_gen,1,,,2,1,0,1,app-target-string\n"));
    assert_non_null(strstr(r.out, "'-m|land_gen|7|s3|1,,landmarks_gen,7,,,4,,none,absent,\n"));
    assert_non_null(strstr(r.out, "m|app_gen|9|s9|1,,applicable_actions_gen,9,,,,3,absent,0,\n"));
    assert_int_equal(count_lines(r.out), 4);
    free(r.out);
    r = run("diff-verdicts %s %s", path_of("a.jsonl"), path_of("b.json"));
    assert_non_null(strstr(r.out, "applicable_actions_gen        3        1        1        0        1\n"));
    assert_non_null(strstr(r.out, "app-target-string        1        0        1        0        0\n"));
    assert_non_null(strstr(r.out, "\n3 answers differ"));
    free(r.out);
    /* --field: another verdict column; errors */
    r = run("diff-verdicts %s %s --field sound_score", path_of("a.jsonl"), path_of("b.json"));
    assert_int_equal(r.status, 3);
    assert_non_null(strstr(r.out, "no answer has a \"sound_score\""));
    free(r.out);
    write_file(path_of("bad.jsonl"), "{\"id\": 1, \"score\": 1}\n{\"id\": 2, \"score\"\n");
    r = run("diff-verdicts %s %s", path_of("a.jsonl"), path_of("bad.jsonl"));
    assert_int_equal(r.status, 3);
    assert_non_null(strstr(r.out, "bad.jsonl:2"));
    free(r.out);
    r = run("diff-verdicts %s %s", path_of("a.jsonl"), path_of("missing.jsonl"));
    assert_int_equal(r.status, 3);
    free(r.out);
    r = run("diff-verdicts %s", path_of("a.jsonl"));
    assert_int_equal(r.status, 2);
    free(r.out);
    r = run("diff-verdicts %s %s --format xml", path_of("a.jsonl"), path_of("b.json"));
    assert_int_equal(r.status, 2);
    free(r.out);
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/planlens-diff-XXXXXX");
    if (!mkdtemp(dir))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_conformance_verdicts),
        cmocka_unit_test(test_formats_and_keys),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        return 1;
    return rc;
}
