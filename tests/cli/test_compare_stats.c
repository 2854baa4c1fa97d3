/* planlens compare --format json on real plan-quality cases
 * (../shared/data/plan-quality/dev.jsonl): the pairing counts against the
 * file read here on its own (a case pairs by domain, prompt type and
 * instance), and each accuracy object's ci95 and mcnemar_p against the
 * question lines it prints: discordant pairs counted from them, McNemar's
 * p summed in integers (C(n, i) / 2^n, n small), the interval as
 * diff ± 1.96·se clipped to [−1, 1]. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#define DEV PLANLENS_DATA_DIR "/plan-quality/dev.jsonl"
#define MAX_CASES 4096

typedef struct {
    char key[256];
    int a, b; /* answers of run A and run B to the key */
} case_key;

/* The distinct (domain, prompt type, instance) keys of both runs, read from the file. */
static int read_keys(const char *run_a, const char *run_b, case_key *keys)
{
    FILE *f = fopen(DEV, "r");
    assert_non_null(f);
    static char line[1 << 20];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        cJSON *j = cJSON_Parse(line);
        assert_non_null(j);
        const char *model = cJSON_GetStringValue(cJSON_GetObjectItem(j, "model"));
        bool a = !strcmp(model, run_a), b = !strcmp(model, run_b);
        if (a || b) {
            char key[256];
            snprintf(key, sizeof key, "%s/%s/%d", cJSON_GetStringValue(cJSON_GetObjectItem(j, "domain")),
                     cJSON_GetStringValue(cJSON_GetObjectItem(j, "prompt_type")),
                     (int)cJSON_GetNumberValue(cJSON_GetObjectItem(j, "instance_id")));
            int k = 0;
            while (k < n && strcmp(keys[k].key, key))
                k++;
            if (k == n) {
                assert_true(n < MAX_CASES);
                snprintf(keys[n++].key, sizeof keys->key, "%s", key);
            }
            keys[k].a += a;
            keys[k].b += b;
        }
        cJSON_Delete(j);
    }
    fclose(f);
    return n;
}

static cJSON *compare_json(const char *run_a, const char *run_b)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "'%s' compare --questions %s --responses %s --runs %s %s --format json 2>/dev/null",
             PLANLENS_BIN, DEV, DEV, run_a, run_b);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap);
    while ((got = fread(buf + n, 1, cap - n - 1, p)) > 0)
        if ((n += got) + 1024 > cap)
            buf = realloc(buf, cap *= 2);
    buf[n] = '\0';
    assert_int_equal(pclose(p), 0);
    cJSON *j = cJSON_Parse(buf);
    free(buf);
    assert_non_null(j);
    return j;
}

static int number(const cJSON *j, const char *name)
{
    const cJSON *v = cJSON_GetObjectItem(j, name);
    assert_true(cJSON_IsNumber(v));
    return (int)v->valuedouble;
}

/* 2 Σ_{i ≤ min(b, c)} C(b + c, i) / 2^(b + c), at most 1: exact in integers for b + c ≤ 60. */
static double mcnemar_by_hand(int b, int c)
{
    int n = b + c, k = b < c ? b : c;
    assert_true(n <= 60);
    uint64_t sum = 0, binom = 1;
    for (int i = 0; i <= k; i++) {
        sum += binom;
        binom = binom * (uint64_t)(n - i) / (uint64_t)(i + 1);
    }
    double p = 2 * ldexp((double)sum, -n);
    return b == c || p > 1 ? 1 : p;
}

static void check_accuracy(const cJSON *task, int a_only, int b_only)
{
    const cJSON *acc = cJSON_GetObjectItem(task, "accuracy");
    assert_int_equal(number(task, "a_only"), a_only);
    assert_int_equal(number(task, "b_only"), b_only);
    double p = cJSON_GetNumberValue(cJSON_GetObjectItem(acc, "mcnemar_p"));
    assert_true(fabs(p - mcnemar_by_hand(a_only, b_only)) < 1e-12);
    const cJSON *ci = cJSON_GetObjectItem(acc, "ci95"), *se = cJSON_GetObjectItem(acc, "se");
    if (number(acc, "n") < 2) { /* one pair: no interval */
        assert_true(cJSON_IsNull(ci) && cJSON_IsNull(se));
        return;
    }
    double diff = cJSON_GetNumberValue(cJSON_GetObjectItem(acc, "diff"));
    double low = fmax(-1, diff - 1.959963984540054 * se->valuedouble);
    double high = fmin(1, diff + 1.959963984540054 * se->valuedouble);
    assert_int_equal(cJSON_GetArraySize(ci), 2);
    assert_true(fabs(cJSON_GetArrayItem(ci, 0)->valuedouble - low) < 1e-12);
    assert_true(fabs(cJSON_GetArrayItem(ci, 1)->valuedouble - high) < 1e-12);
}

static void check_runs(const char *run_a, const char *run_b)
{
    static case_key keys[MAX_CASES];
    memset(keys, 0, sizeof keys);
    int nkeys = read_keys(run_a, run_b, keys), paired = 0, only_a = 0, only_b = 0, dup_a = 0, dup_b = 0;
    for (int k = 0; k < nkeys; k++) {
        paired += keys[k].a && keys[k].b;
        only_a += keys[k].a && !keys[k].b;
        only_b += !keys[k].a && keys[k].b;
        dup_a += keys[k].a > 1 ? keys[k].a - 1 : 0;
        dup_b += keys[k].b > 1 ? keys[k].b - 1 : 0;
    }
    cJSON *j = compare_json(run_a, run_b);
    assert_int_equal(number(j, "paired"), paired);
    assert_int_equal(number(j, "only_a"), only_a);
    assert_int_equal(number(j, "only_b"), only_b);
    assert_int_equal(number(j, "duplicates_a"), dup_a);
    assert_int_equal(number(j, "duplicates_b"), dup_b);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(j, "sets_differ")) == (only_a || only_b));
    /* the discordant pairs from the question lines, which name each pair's scores */
    int a_only = 0, b_only = 0, lines = 0;
    const cJSON *q;
    cJSON_ArrayForEach(q, cJSON_GetObjectItem(j, "questions"))
    {
        int sa = number(q, "score_a"), sb = number(q, "score_b");
        a_only += sa && !sb;
        b_only += !sa && sb;
        lines++;
    }
    assert_int_equal(lines, paired); /* every pair graded: each has its line */
    const cJSON *task;
    cJSON_ArrayForEach(task, cJSON_GetObjectItem(j, "tasks")) /* one task here: plan-quality */
        check_accuracy(task, a_only, b_only);
    check_accuracy(cJSON_GetObjectItem(j, "total"), a_only, b_only);
    cJSON_Delete(j);
}

static void test_compare_pairs_plan_quality(void **state)
{
    (void)state;
    FILE *probe = fopen(DEV, "r");
    if (!probe) {
        print_message("SKIP: %s absent\n", DEV);
        return;
    }
    fclose(probe);
    check_runs("o4-mini_chat", "claude_3-7_sonnet"); /* the 182 and 64 cases: 4 in common */
    check_runs("gemini_2_flash", "o3-mini_chat");    /* the most cases in common of any two models */
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_compare_pairs_plan_quality)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
