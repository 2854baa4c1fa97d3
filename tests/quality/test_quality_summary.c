/* The plan-quality summary (engine/quality/summary.h) and the chart writer
 * (views/chart_svg.h):
 *   - on ../shared/data/plan-quality/dev.jsonl, each group's success rates of
 *     π0 … π3 equal those counted here from the published `validity`,
 *     `pi1_validity`, ... values with cJSON (SKIP without the data);
 *   - duplicates count once (the highest final score), missing cases count
 *     as failures or are left out, absent instances of a range are missing;
 *   - the SVG has balanced tags, the CSV one row per category. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "chart_svg.h"
#include "quality/summary.h"
#include "test_support.h"

/* ---- dev.jsonl ----------------------------------------------------------- */

typedef struct {
    char key[256];
    int cases, valid[4];
} expected_group;

static expected_group *find_expected(expected_group *g, int *n, const char *key)
{
    for (int i = 0; i < *n; i++)
        if (!strcmp(g[i].key, key))
            return &g[i];
    snprintf(g[*n].key, sizeof g[*n].key, "%s", key);
    return &g[(*n)++];
}

static const pl_qfacts_list *dev_facts(pl_qfacts_list *facts)
{
    const char *path = pl_test_data_path("plan-quality/dev.jsonl");
    pl_quality_cases cases = {0};
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    cJSON *published = NULL;
    assert_int_equal(pl_quality_read_file(path, NULL, &cases, &warnings, &err), PL_OK);
    assert_int_equal(pl_qpublished_read(path, &published, &err), PL_OK);
    assert_int_equal(warnings.count, 0);
    for (int i = 0; i < cases.count; i++) {
        cJSON *e = pl_qpublished_take(published, cases.items[i].id);
        assert_non_null(e);
        pl_qfacts f;
        assert_int_equal(pl_qfacts_from_published(&cases.items[i], e, &f), 0);
        assert_int_equal(pl_qfacts_push(facts, &f), 0);
        cJSON_Delete(e);
    }
    cJSON_Delete(published);
    pl_quality_cases_free(&cases);
    return facts;
}

static void test_dev_success_rates(void **state)
{
    (void)state;
    if (!pl_test_data_dir("plan-quality summary of dev.jsonl"))
        return;
    cJSON *rows = pl_test_read_jsonl(pl_test_data_path("plan-quality/dev.jsonl"));
    int nrows = cJSON_GetArraySize(rows);
    expected_group *want = calloc((size_t)nrows, sizeof *want);
    int nwant = 0;
    static const char *const keys[4] = {"validity", "pi1_validity", "pi2_validity", "pi3_validity"};
    const cJSON *row;
    cJSON_ArrayForEach(row, rows) {
        char key[256];
        snprintf(key, sizeof key, "%s|%s|%s", cJSON_GetObjectItem(row, "domain")->valuestring,
                 cJSON_GetObjectItem(row, "model")->valuestring, cJSON_GetObjectItem(row, "prompt_type")->valuestring);
        expected_group *g = find_expected(want, &nwant, key);
        const cJSON *e = cJSON_GetObjectItem(row, "expected");
        g->cases++;
        for (int k = 0; k < 4; k++)
            g->valid[k] += cJSON_IsTrue(cJSON_GetObjectItem(e, keys[k]));
    }

    pl_qfacts_list facts = {0};
    dev_facts(&facts);
    pl_qsummary_options opt = {PL_QMISSING_FAIL, 0, 0};
    pl_qsummary sum;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_qsummary_build(&facts, &opt, &sum, &err), 0);
    assert_int_equal(sum.ngroups, nwant);
    assert_int_equal(sum.input_cases, nrows);
    assert_int_equal(sum.published, nrows);
    int compared = 0;
    for (int i = 0; i < sum.ngroups; i++) {
        const pl_qgroup *g = &sum.groups[i];
        char key[256];
        snprintf(key, sizeof key, "%s|%s|%s", g->domain, g->model, g->prompt_type);
        int n = nwant;
        expected_group *w = find_expected(want, &n, key);
        assert_int_equal(n, nwant); /* a group the published rows have */
        assert_int_equal(g->cases, w->cases);
        for (int k = 0; k < 4; k++) {
            if (pl_qgroup_sr(g, k) != (double)w->valid[k] / w->cases)
                printf("group %s: sr_pi%d %g, published %d/%d\n", key, k, pl_qgroup_sr(g, k), w->valid[k], w->cases);
            assert_true(pl_qgroup_sr(g, k) == (double)w->valid[k] / w->cases);
            compared++;
        }
    }
    printf("dev.jsonl: %d groups, %d success rates equal to the published validity\n", sum.ngroups, compared);
    pl_qsummary_free(&sum);
    pl_qfacts_list_free(&facts);
    free(want);
    cJSON_Delete(rows);
}

/* ---- aggregation rules --------------------------------------------------- */

static void push_fact(pl_qfacts_list *l, const char *model, const char *instance, bool evaluated, bool valid,
                      double final_score, int m)
{
    pl_qfacts f = {0};
    f.case_id = pl_strdup_printf("d/%s/p/%s", model, instance);
    f.domain = pl_strdup("d");
    f.model = pl_strdup(model);
    f.prompt_type = pl_strdup("p");
    f.instance_id = pl_strdup(instance);
    f.evaluated = evaluated;
    f.m = m;
    f.pi4_len = f.complementary_len = -1;
    if (evaluated) {
        f.n = 2;
        f.valid[0] = valid;
        f.executable = valid;
        f.lea = valid ? 2 : 0;
        f.stv = valid ? 0 : 4;
        f.final_score = final_score;
        f.labels = calloc(2, sizeof *f.labels);
        f.np_labels = calloc(2, sizeof *f.np_labels);
        for (int i = 0; i < 2; i++)
            f.labels[i] = f.np_labels[i] = valid ? PL_QL_POSITION : PL_QL_REDUNDANT;
    }
    assert_int_equal(pl_qfacts_push(l, &f), 0);
}

static void build(const pl_qfacts_list *l, pl_qmissing rule, int first, int last, pl_qsummary *out)
{
    pl_qsummary_options opt = {rule, first, last};
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_qsummary_build(l, &opt, out, &err), 0);
}

static void test_duplicates_count_once(void **state)
{
    (void)state;
    pl_qfacts_list l = {0};
    push_fact(&l, "m", "1", true, false, 1.5, 2);
    push_fact(&l, "m", "1", true, true, 4.0, 2);  /* the highest final score: kept */
    push_fact(&l, "m", "1", false, false, 0, 2);  /* failed: never beats an evaluated one */
    push_fact(&l, "m", "2", true, false, 0.5, 2);
    pl_qsummary s;
    build(&l, PL_QMISSING_FAIL, 0, 0, &s);
    assert_int_equal(s.duplicates, 2);
    assert_int_equal(s.ngroups, 1);
    assert_int_equal(s.groups[0].cases, 2);
    assert_int_equal(s.groups[0].missing, 0);
    assert_true(pl_qgroup_sr(&s.groups[0], 0) == 0.5);
    assert_true(pl_qgroup_final_mean(&s.groups[0]) == 2.25);
    assert_int_equal(s.groups[0].labels[PL_QL_POSITION], 2);
    pl_qsummary_free(&s);
    pl_qfacts_list_free(&l);
}

static void test_missing_fail_or_omit(void **state)
{
    (void)state;
    pl_qfacts_list l = {0};
    push_fact(&l, "m", "1", true, true, 4.0, 2);
    push_fact(&l, "m", "2", false, false, 0, 3); /* failed record */
    push_fact(&l, "other", "3", true, false, 1.0, 5);
    pl_qsummary s;

    build(&l, PL_QMISSING_FAIL, 0, 0, &s);
    assert_int_equal(s.missing, 1);
    assert_int_equal(s.groups[0].cases, 2);
    assert_true(pl_qgroup_sr(&s.groups[0], 0) == 0.5);
    assert_true(pl_qgroup_stv_mean(&s.groups[0]) == 3.0); /* (0 + 2·3) / 2 */
    assert_true(pl_qgroup_executable(&s.groups[0]) == 0.5);
    pl_qsummary_free(&s);

    build(&l, PL_QMISSING_OMIT, 0, 0, &s);
    assert_int_equal(s.missing, 1);
    assert_int_equal(s.groups[0].cases, 1);
    assert_int_equal(s.groups[0].missing, 1);
    assert_true(pl_qgroup_sr(&s.groups[0], 0) == 1.0);
    pl_qsummary_free(&s);

    /* instances 1-3: "m" lacks 3 (|π_GT| 5 from "other"), "other" lacks 1 and 2 */
    build(&l, PL_QMISSING_FAIL, 1, 3, &s);
    assert_int_equal(s.missing, 1 + 1 + 2);
    assert_int_equal(s.groups[0].cases, 3);
    assert_true(pl_qgroup_stv_mean(&s.groups[0]) == (0 + 6 + 10) / 3.0);
    assert_int_equal(s.groups[1].cases, 3);
    assert_true(pl_qgroup_sr(&s.groups[1], 0) == 0);
    assert_true(pl_qgroup_stv_mean(&s.groups[1]) == (4 + 4 + 6) / 3.0);
    pl_qsummary_free(&s);

    build(&l, PL_QMISSING_OMIT, 1, 3, &s);
    assert_int_equal(s.groups[0].cases, 1);
    assert_int_equal(s.groups[1].cases, 1);
    pl_qsummary_free(&s);
    pl_qfacts_list_free(&l);
}

/* ---- the chart writer ---------------------------------------------------- */

static int count(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, what)); p += strlen(what))
        n++;
    return n;
}

static char *read_back(FILE *f)
{
    long len = ftell(f);
    rewind(f);
    char *text = calloc((size_t)len + 1, 1);
    assert_int_equal(fread(text, 1, (size_t)len, f), (size_t)len);
    return text;
}

/* Every element opened is closed (or self-closing), in order. */
static void assert_balanced(const char *svg)
{
    char stack[64][32];
    int depth = 0;
    for (const char *p = strchr(svg, '<'); p; p = strchr(p + 1, '<')) {
        if (p[1] == '?')
            continue;
        const char *end = strchr(p, '>');
        assert_non_null(end);
        bool closing = p[1] == '/', self = end[-1] == '/';
        const char *name = p + 1 + closing;
        size_t len = strcspn(name, " />");
        if (closing) {
            assert_true(depth > 0);
            depth--;
            assert_int_equal(strlen(stack[depth]), len);
            assert_memory_equal(stack[depth], name, len);
        } else if (!self) {
            assert_true(depth < 64 && len < 32);
            memcpy(stack[depth], name, len);
            stack[depth++][len] = '\0';
        }
    }
    assert_int_equal(depth, 0);
}

static void test_chart_svg_and_csv(void **state)
{
    (void)state;
    const char *cats[] = {"a<b & c", "second", "third, with comma"};
    const double v1[] = {1, 2, 3}, v2[] = {0.5, 0, 4};
    const int totals[] = {10, 20, 30};
    pl_chart_series series[] = {{"first", "#1a9850", v1}, {"second \"s\"", "#d73027", v2}};
    pl_chart charts[2] = {
        {"stacked", "Stacked & titled", "x", "y", cats, 3, series, 2, true, totals, NULL, false, NULL},
        {"grouped", "Grouped", "x", "y", cats, 2, series, 1, false, NULL, "m1", false, NULL},
    };
    FILE *f = tmpfile();
    assert_int_equal(pl_chart_write_svg(f, charts, 2), 0);
    char *svg = read_back(f);
    fclose(f);
    assert_balanced(svg);
    assert_int_equal(count(svg, "<svg "), 1);
    assert_int_equal(count(svg, "<g>"), 2);
    /* background, 3×2 + 2×1 bars, 2 + 1 legend boxes */
    assert_int_equal(count(svg, "<rect "), 1 + 8 + 3);
    assert_non_null(strstr(svg, "a&lt;b &amp; c"));
    assert_null(strstr(svg, "a<b"));
    assert_non_null(strstr(svg, "n=30"));
    free(svg);

    f = tmpfile();
    assert_int_equal(pl_chart_write_csv(f, charts, 2), 0);
    char *csv = read_back(f);
    fclose(f);
    assert_string_equal(csv, "chart,model,category,first,\"second \"\"s\"\"\",n\n"
                             "stacked,,a<b & c,1,0.5,10\n"
                             "stacked,,second,2,0,20\n"
                             "stacked,,\"third, with comma\",3,4,30\n"
                             "grouped,m1,a<b & c,1,,\n"
                             "grouped,m1,second,2,,\n");
    free(csv);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dev_success_rates),
        cmocka_unit_test(test_duplicates_count_once),
        cmocka_unit_test(test_missing_fail_or_omit),
        cmocka_unit_test(test_chart_svg_and_csv),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
