/* planlens report --by failure: the JSON counts against the workspace's own
 * verdicts of sample-runs/, the SVG chart and its CSV, the usage errors; and
 * the histograms' SVG (two charts per group: the histogram, binary success). */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/file.h"
#include "base/json.h"
#include "test_support.h"

#define SAMPLES PLANLENS_SOURCE_DIR "/sample-runs"

/* The command's stdout (stderr discarded) and exit status. */
static char *run(const char *args, int *status)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "'%s' report %s 2>/dev/null", PLANLENS_BIN, args);
    return pl_test_shell(cmd, status);
}

static void test_json_counts_match_verdicts(void **state)
{
    (void)state;
    int status;
    char *out = run("--by failure --format json --questions " SAMPLES, &status);
    assert_int_equal(status, 0);
    cJSON *groups = cJSON_Parse(out);
    assert_true(cJSON_IsArray(groups));
    const char *paths[] = {SAMPLES};
    pl_workspace *ws = pl_test_open_graded(paths, 1);
    assert_non_null(ws);
    assert_int_equal(cJSON_GetArraySize(groups), pl_workspace_ngroups(ws));
    int g = 0, kinds_seen = 0;
    const cJSON *grp;
    cJSON_ArrayForEach(grp, groups)
    {
        assert_string_equal(pl_json_str(grp, "model"), pl_workspace_group_model(ws, g));
        assert_string_equal(pl_json_str(grp, "task"), pl_workspace_group_task(ws, g));
        int wrong = 0;
        for (int i = 0; i < pl_workspace_count(ws); i++) {
            const pl_ws_record *r = pl_workspace_record(ws, i);
            wrong += r->group == g && r->graded && !r->error && !r->resp->error && !r->sound_score;
        }
        assert_int_equal(pl_json_get(grp, "wrong")->valueint, wrong);
        int sum = 0;
        const cJSON *kind;
        cJSON_ArrayForEach(kind, pl_json_get(grp, "failures"))
        {
            assert_true(pl_failure_kind_from_name(pl_json_str(kind, "kind")) > 0);
            assert_string_not_equal(pl_json_str(kind, "kind"), "other"); /* every wrong answer classified */
            sum += pl_json_get(kind, "count")->valueint;
            kinds_seen++;
        }
        assert_int_equal(sum, wrong);
        g++;
    }
    assert_true(kinds_seen > 10);
    pl_workspace_close(ws);
    cJSON_Delete(groups);
    free(out);
}

static void test_svg_and_csv(void **state)
{
    (void)state;
    char dir[] = "/tmp/planlens-report-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char args[512];
    snprintf(args, sizeof args, "--by failure --format svg --output %s/why.svg --questions " SAMPLES, dir);
    int status;
    free(run(args, &status));
    assert_int_equal(status, 0);
    char path[512];
    size_t len;
    snprintf(path, sizeof path, "%s/why.svg", dir);
    char *svg = pl_read_file(path, &len, NULL);
    assert_non_null(svg);
    assert_non_null(strstr(svg, "<svg"));
    assert_non_null(strstr(svg, "</svg>"));
    assert_non_null(strstr(svg, "not-applicable"));
    snprintf(path, sizeof path, "%s/why.csv", dir);
    char *csv = pl_read_file(path, &len, NULL);
    assert_non_null(csv);
    assert_int_equal(strncmp(csv, "chart,model,category,wrong answers\n", 35), 0);
    char *table = run("--by failure --format csv --questions " SAMPLES, &status);
    int kind_rows = 0, chart_rows = 0; /* the chart's CSV: one line per kind row of the table */
    for (const char *s = table; (s = strstr(s, ",,")); s++) /* a kind row has no key (an empty cell) */
        kind_rows++;
    for (const char *s = strchr(csv, '\n'); s && (s = strchr(s + 1, '\n'));)
        chart_rows++;
    assert_true(kind_rows > 10);
    assert_int_equal(chart_rows, kind_rows);
    free(table);
    free(svg);
    free(csv);
    snprintf(path, sizeof path, "rm -r '%s'", dir);
    assert_int_equal(system(path), 0);
}

static int count(const char *s, const char *needle)
{
    int n = 0;
    for (; (s = strstr(s, needle)); s++)
        n++;
    return n;
}

#define IOU SAMPLES "/iou/questions.jsonl --responses " SAMPLES "/iou/runs/*.jsonl"

static void test_histogram_svg(void **state)
{
    (void)state;
    int status;
    char *json = run("--format json --questions " IOU, &status);
    assert_int_equal(status, 0);
    cJSON *groups = cJSON_Parse(json);
    assert_true(cJSON_GetArraySize(groups) > 3);
    char *svg = run("--format svg --questions " IOU, &status);
    assert_int_equal(status, 0);
    assert_int_equal(count(svg, "<g>"), 2 * cJSON_GetArraySize(groups));
    const cJSON *g = cJSON_GetArrayItem(groups, 0); /* its title names the group and the count */
    char title[256];
    snprintf(title, sizeof title, "%s / %s: %s of %d answers", pl_json_str(g, "model"), pl_json_str(g, "task"),
             strcmp(pl_json_str(g, "metric"), "iou") ? "action distance" : "IoU", pl_json_get(g, "n")->valueint);
    assert_non_null(strstr(svg, title));
    snprintf(title, sizeof title, "binary success %d of %d", pl_json_get(g, "success")->valueint,
             pl_json_get(g, "n")->valueint);
    assert_non_null(strstr(svg, title));
    cJSON_Delete(groups);
    free(json);
    free(svg);
}

static void test_usage_errors(void **state)
{
    (void)state;
    int status;
    free(run("--by failure --output x.svg --questions " SAMPLES, &status));
    assert_int_equal(status, 2); /* --output is for --format svg */
    free(run("--by failure", &status));
    assert_int_equal(status, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_json_counts_match_verdicts),
        cmocka_unit_test(test_svg_and_csv),
        cmocka_unit_test(test_histogram_svg),
        cmocka_unit_test(test_usage_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
