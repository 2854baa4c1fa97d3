/* The 95 % intervals of issue 41 §2 beyond the dashboard: compare paired on
 * epoch means, report --by failure's share of wrong answers, grade's n = 1,
 * the error bars of the success charts (report, quality --summary).
 * Every expected number is worked out by hand in the comments from the
 * answers of tests/data/runs (grade --format jsonl lists them):
 *
 *   question              gpt-4o-mini (Inspect)       Qwen (lm-eval)
 *   1234567890123456789   epochs 1, 0, 1              1, 0, 1
 *   -42                   1, (errored), 1             1, 1, 0 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "test_support.h"

#define RUNS PLANLENS_SOURCE_DIR "/tests/data/runs/"
#define FILES "--questions " RUNS "questions.json --responses " RUNS \
    "inspect/2025-07-01T09-00-00+00-00_acp-app-gen_zstd.eval " RUNS \
    "lm-eval/output-path/samples_acp_app_gen_2025-07-01T09-00-00.000001.jsonl"
#define Z95 1.959963984540054

static char *run(const char *args)
{
    char cmd[4096];
    int status;
    snprintf(cmd, sizeof cmd, "'%s' %s 2>/dev/null", PLANLENS_BIN, args);
    char *out = pl_test_shell(cmd, &status);
    assert_int_equal(status, 0);
    return out;
}

static double num(const cJSON *o, const char *name)
{
    const cJSON *v = cJSON_GetObjectItem(o, name);
    assert_true(cJSON_IsNumber(v));
    return v->valuedouble;
}

static void expect_ci(const cJSON *ci, double low, double high)
{
    assert_true(cJSON_IsArray(ci));
    assert_true(fabs(cJSON_GetArrayItem(ci, 0)->valuedouble - low) < 1e-9);
    assert_true(fabs(cJSON_GetArrayItem(ci, 1)->valuedouble - high) < 1e-9);
}

/* Epoch means: A = (2/3 + 2/2) / 2 = 5/6 (the errored epoch left out),
 * B = (2/3 + 2/3) / 2 = 2/3.  Paired differences d = (0, 1/3): d̄ = 1/6,
 * s² = ((1/6)² + (1/6)²) / 1 = 1/18, SE = sqrt(1/18 / 2) = 1/6, the
 * interval 1/6 ± 1.96/6 = [−0.1600, 0.4933].  The means are fractional:
 * no McNemar. */
static void test_compare_pairs_epoch_means(void **state)
{
    (void)state;
    char *out = run("compare " FILES " --runs openai/gpt-4o-mini Qwen/Qwen2.5-7B-Instruct --format json");
    cJSON *j = cJSON_Parse(out);
    assert_non_null(j);
    const cJSON *acc = cJSON_GetObjectItem(cJSON_GetObjectItem(j, "total"), "accuracy");
    assert_int_equal((int)num(acc, "n"), 2);
    assert_true(fabs(num(acc, "a") - 5.0 / 6) < 1e-12);
    assert_true(fabs(num(acc, "b") - 2.0 / 3) < 1e-12);
    assert_true(fabs(num(acc, "diff") - 1.0 / 6) < 1e-12);
    assert_true(fabs(num(acc, "se") - 1.0 / 6) < 1e-12);
    expect_ci(cJSON_GetObjectItem(acc, "ci95"), 1.0 / 6 - Z95 / 6, 1.0 / 6 + Z95 / 6);
    assert_true(cJSON_IsNull(cJSON_GetObjectItem(acc, "mcnemar_p")));
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(acc, "fractional")));
    const cJSON *q = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "questions"), 1); /* -42 */
    assert_string_equal(cJSON_GetStringValue(cJSON_GetObjectItem(q, "id")), "-42");
    assert_int_equal((int)num(q, "epochs_a"), 2);
    assert_true(fabs(num(q, "reduced_b") - 2.0 / 3) < 1e-12);
    cJSON_Delete(j);
    free(out);
    out = run("compare " FILES " --runs openai/gpt-4o-mini Qwen/Qwen2.5-7B-Instruct");
    assert_non_null(strstr(out, "McNemar n/a (fractional scores)"));
    assert_non_null(strstr(out, "[-16.0, +49.3]"));
    free(out);
}

/* The share of wrong answers, clustered by question (Miller's eq. 4):
 * Qwen: x = (0,1,0 | 0,0,1), x̄ = 1/3, s² = (4/9 + 8/9)/5 = 4/15, s²/n =
 * 2/45; cross terms per question (Σdev)² − Σdev² = 0 − 6/9, twice: −12/9,
 * over n² = 36: −1/27.  SE² = 2/45 − 1/27 = 1/135, the interval
 * 1/3 ± 1.96·sqrt(1/135) = [0.1646, 0.5020].
 * gpt-4o-mini: x = (0,1,0 | 0,0), x̄ = 0.2, s²/n = 0.2/5 = 0.04; cross
 * terms (0.16 − 0.72) + (0.16 − 0.08) = −0.48, /25 = −0.0192; SE² = 0.0208,
 * 0.2 ± 1.96·sqrt(0.0208) = [−0.083, 0.4827], clipped to [0, 0.4827]. */
static void test_failure_report_interval(void **state)
{
    (void)state;
    char *out = run("report --by failure --format json " FILES);
    cJSON *j = cJSON_Parse(out);
    assert_int_equal(cJSON_GetArraySize(j), 2);
    const cJSON *qwen = cJSON_GetArrayItem(j, 0), *gpt = cJSON_GetArrayItem(j, 1);
    assert_true(fabs(num(qwen, "wrong_share") - 1.0 / 3) < 1e-12);
    assert_int_equal((int)num(qwen, "questions"), 2);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(qwen, "clustered")));
    expect_ci(cJSON_GetObjectItem(qwen, "wrong_ci95"), 1.0 / 3 - Z95 * sqrt(1.0 / 135), 1.0 / 3 + Z95 * sqrt(1.0 / 135));
    expect_ci(cJSON_GetObjectItem(gpt, "wrong_ci95"), 0, 0.2 + Z95 * sqrt(0.0208));
    cJSON_Delete(j);
    free(out);
    out = run("report --by failure " FILES);
    assert_non_null(strstr(out, "Qwen/Qwen2.5-7B-Instruct / app: 2 wrong of 6 answers "
                                "(33.3%, 95% CI [16.5, 50.2] clustered by question)\n"));
    free(out);
    out = run("report --by failure --no-ci " FILES);
    assert_non_null(strstr(out, "Qwen/Qwen2.5-7B-Instruct / app: 2 wrong of 6 answers\n"));
    free(out);
    out = run("report --by failure --no-ci --format json " FILES);
    assert_null(strstr(out, "wrong_ci95"));
    free(out);
    out = run("report --by failure --format csv " FILES);
    assert_non_null(strstr(out, ",share,wrong_ci95_low,wrong_ci95_high\n"));
    assert_non_null(strstr(out, "openai/gpt-4o-mini,app,not-applicable,,1,1,5,1.000000,0.000000,0.482670\n"));
    free(out);
    /* one answer per question: Wilson's.  5 of 14: (p + z²/2n ± z·sqrt(p(1−p)/n + z²/4n²)) / (1 + z²/n)
     * with p = 0.35714, z²/n = 0.27439: (0.49434 ± 0.28604) / 1.27439 = [0.1635, 0.6124] */
    out = run("report --by failure --questions " PLANLENS_SOURCE_DIR "/sample-runs");
    assert_non_null(strstr(out, "synthetic-careful / app: 5 wrong of 14 answers (35.7%, 95% CI [16.3, 61.2])\n"));
    free(out);
}

/* grade's "mean ± SE": one question has no SE; it says n = 1, never ± 0.000. */
static void test_grade_n1(void **state)
{
    (void)state;
    char *out = run("grade --questions " PLANLENS_SOURCE_DIR "/tests/data/hostile-text/questions.json --responses "
                    PLANLENS_SOURCE_DIR "/tests/data/hostile-text/run.jsonl");
    assert_non_null(strstr(out, "  0.000 (n = 1)   "));
    assert_null(strstr(out, "± 0.000"));
    assert_null(strstr(out, "± -"));
    free(out);
}

/* Wilson's 95 % interval of k in n, written out here from its formula:
 * (p + z²/2n ± z·sqrt(p(1−p)/n + z²/4n²)) / (1 + z²/n). */
static void wilson(int k, int n, double *low, double *high)
{
    double p = (double)k / n, z2 = Z95 * Z95, den = 1 + z2 / n;
    double centre = (p + z2 / (2.0 * n)) / den, half = Z95 * sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / den;
    *low = centre - half < 0 ? 0 : centre - half;
    *high = centre + half > 1 ? 1 : centre + half;
}

static char *slurp(const char *path)
{
    char cmd[1024];
    int status;
    snprintf(cmd, sizeof cmd, "cat '%s'", path);
    return pl_test_shell(cmd, &status);
}

/* Splits a CSV line without quotes into at most max cells (in place). */
static int cells(char *line, char **cell, int max)
{
    int n = 0;
    for (char *s = line; n < max; s++) {
        cell[n++] = s;
        if (!(s = strchr(s, ',')))
            break;
        *s = '\0';
    }
    return n;
}

#define IOU PLANLENS_SOURCE_DIR "/sample-runs/iou/questions.jsonl --responses " \
    PLANLENS_SOURCE_DIR "/sample-runs/iou/runs/*.jsonl"

/* report's binary-success chart: success's bar carries n·Wilson(k, n),
 * failure's the complement n·(1 − high, 1 − low) (one answer per question
 * in the sample runs); --no-ci leaves the bars and columns out. */
static void test_report_chart_error_bars(void **state)
{
    (void)state;
    char dir[] = "/tmp/planlens-bars-XXXXXX", args[1024], path[256];
    assert_non_null(mkdtemp(dir));
    snprintf(args, sizeof args, "report --format svg --output %s/r.svg --questions " IOU, dir);
    free(run(args));
    snprintf(path, sizeof path, "%s/r.csv", dir);
    char *csv = slurp(path), *save = NULL;
    assert_int_equal(strncmp(csv, "chart,model,category,answers,ci_low,ci_high\n", 44), 0);
    int checked = 0;
    double success = -1, s_low = 0, s_high = 0;
    for (char *line = strtok_r(csv, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char *c[8];
        int n = cells(line, c, 8);
        if (n != 6 || (strcmp(c[2], "success") && strcmp(c[2], "failure")))
            continue;
        if (!strcmp(c[2], "success")) {
            success = atof(c[3]), s_low = atof(c[4]), s_high = atof(c[5]);
            continue;
        }
        int k = (int)success, total = k + atoi(c[3]);
        double low, high;
        wilson(k, total, &low, &high);
        assert_true(fabs(s_low - total * low) < 1e-4 * total && fabs(s_high - total * high) < 1e-4 * total);
        assert_true(fabs(atof(c[4]) - total * (1 - high)) < 1e-4 * total);
        assert_true(fabs(atof(c[5]) - total * (1 - low)) < 1e-4 * total);
        checked++;
    }
    assert_true(checked > 3);
    free(csv);
    snprintf(path, sizeof path, "%s/r.svg", dir);
    char *svg = slurp(path);
    int bars = 0;
    for (const char *p = svg; (p = strstr(p, "<path class=\"ci\"")); p++)
        bars++;
    assert_int_equal(bars, 2 * checked);
    free(svg);
    snprintf(args, sizeof args, "report --format svg --no-ci --force --output %s/r.svg --questions " IOU, dir);
    free(run(args));
    snprintf(path, sizeof path, "%s/r.csv", dir);
    csv = slurp(path);
    assert_int_equal(strncmp(csv, "chart,model,category,answers\n", 29), 0);
    snprintf(path, sizeof path, "%s/r.svg", dir);
    svg = slurp(path);
    assert_null(strstr(svg, "class=\"ci\""));
    free(csv);
    free(svg);
    snprintf(args, sizeof args, "rm -r '%s'", dir);
    assert_int_equal(system(args), 0);
}

/* quality --summary's success rate by |π_GT| (../shared/data dev.jsonl):
 * each sr_piK's interval is Wilson's of round(rate·n) in the row's n cases. */
static void test_gt_length_error_bars(void **state)
{
    (void)state;
    if (!pl_test_data_dir("plan-quality dev.jsonl gt-length chart"))
        skip();
    char dir[] = "/tmp/planlens-bars-XXXXXX", args[1024], path[256];
    assert_non_null(mkdtemp(dir));
    snprintf(args, sizeof args, "quality '%s' --summary --format svg --chart gt-length --output %s/gt.svg",
             pl_test_data_path("plan-quality/dev.jsonl"), dir);
    free(run(args));
    snprintf(path, sizeof path, "%s/gt.csv", dir);
    char *csv = slurp(path), *save = NULL;
    /* four series drawn (π4 is valid everywhere: dropped), then their intervals, then n */
    const char *header = "chart,model,category,sr_pi0,sr_pi1,sr_pi2,sr_pi3,sr_pi0_ci_low,sr_pi0_ci_high,"
                         "sr_pi1_ci_low,sr_pi1_ci_high,sr_pi2_ci_low,sr_pi2_ci_high,sr_pi3_ci_low,"
                         "sr_pi3_ci_high,n\n";
    assert_int_equal(strncmp(csv, header, strlen(header)), 0);
    int rows = 0;
    strtok_r(csv, "\n", &save);
    for (char *line = strtok_r(NULL, "\n", &save); line; line = strtok_r(NULL, "\n", &save), rows++) {
        char *c[20];
        assert_int_equal(cells(line, c, 20), 16);
        int n = atoi(c[15]);
        for (int s = 0; s < 4; s++) {
            if (n < 2) { /* one case: no interval */
                assert_string_equal(c[7 + 2 * s], "");
                continue;
            }
            double low, high;
            wilson((int)lround(atof(c[3 + s]) * n), n, &low, &high);
            assert_true(fabs(atof(c[7 + 2 * s]) - low) < 1e-5);
            assert_true(fabs(atof(c[8 + 2 * s]) - high) < 1e-5);
        }
    }
    assert_true(rows > 20);
    free(csv);
    snprintf(args, sizeof args, "rm -r '%s'", dir);
    assert_int_equal(system(args), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_compare_pairs_epoch_means),
        cmocka_unit_test(test_failure_report_interval),
        cmocka_unit_test(test_grade_n1),
        cmocka_unit_test(test_report_chart_error_bars),
        cmocka_unit_test(test_gt_length_error_bars),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
