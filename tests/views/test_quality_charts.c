/* The quality charts' counts, drill-down, drawing and export against
 * direct counts: over the published values of ../shared/data/plan-quality/
 * dev.jsonl (each action's AQM and NP-AQM code label, LEA and validity, read
 * from the file; SKIP when absent), and over the plan-quality cases of
 * sample-runs/ run through the pipeline here (the rest of sample-runs/ is
 * not counted). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "quality/name_similarity.h"
#include "quality/pipeline.h"
#include "quality_charts.h"
#include "test_support.h"

/* One case as counted here, by hand. */
typedef struct {
    char *id, *model;
    int n;                      /* |π0| */
    pl_qlabel *labels[2];       /* AQM, NP-AQM code label per action */
    int lea;
    bool valid;
} direct_case;

typedef struct {
    direct_case *cases;
    int n;
} direct_set;

static void direct_free(direct_set *d)
{
    for (int i = 0; i < d->n; i++) {
        free(d->cases[i].id);
        free(d->cases[i].model);
        free(d->cases[i].labels[0]);
        free(d->cases[i].labels[1]);
    }
    free(d->cases);
}

static const direct_case *direct_of(const direct_set *d, const char *id)
{
    for (int i = 0; i < d->n; i++)
        if (!strcmp(d->cases[i].id, id))
            return &d->cases[i];
    fail_msg("record %s has no direct case", id);
    return NULL;
}

static pl_qlabel code_label(const char *name)
{
    for (int l = PL_QL_POSITION; l <= PL_QL_REDUNDANT; l++)
        if (!strcmp(name, pl_qlabel_code_name((pl_qlabel)l)))
            return (pl_qlabel)l;
    fail_msg("unknown label %s", name);
    return PL_QL_NONE;
}

/* {"0": "position", ...} in action order. */
static pl_qlabel *labels_from(const cJSON *o, int n)
{
    pl_qlabel *l = calloc((size_t)n + 1, sizeof *l);
    assert_non_null(l);
    for (int i = 0; i < n; i++) {
        char key[16];
        snprintf(key, sizeof key, "%d", i);
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
        assert_true(cJSON_IsString(v));
        l[i] = code_label(v->valuestring);
    }
    return l;
}

static direct_set direct_from_dev(const char *path)
{
    cJSON *lines = pl_test_read_jsonl(path);
    direct_set d = {calloc((size_t)cJSON_GetArraySize(lines) + 1, sizeof *d.cases), 0};
    assert_non_null(d.cases);
    const cJSON *line;
    cJSON_ArrayForEach(line, lines)
    {
        const cJSON *e = cJSON_GetObjectItemCaseSensitive(line, "expected");
        direct_case *c = &d.cases[d.n++];
        c->id = strdup(cJSON_GetObjectItemCaseSensitive(line, "case_id")->valuestring);
        c->model = strdup(cJSON_GetObjectItemCaseSensitive(line, "model")->valuestring);
        c->n = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(line, "llm_plan"));
        c->labels[0] = labels_from(cJSON_GetObjectItemCaseSensitive(e, "aqm_code_labels"), c->n);
        c->labels[1] = labels_from(cJSON_GetObjectItemCaseSensitive(e, "np_aqm_code_labels"), c->n);
        c->lea = cJSON_GetObjectItemCaseSensitive(e, "lea")->valueint;
        c->valid = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "validity"));
    }
    cJSON_Delete(lines);
    return d;
}

/* The workspace's plan-quality cases through the pipeline, as `planlens quality` runs them. */
static direct_set direct_from_pipeline(const pl_workspace *ws)
{
    direct_set d = {calloc((size_t)pl_workspace_count(ws) + 1, sizeof *d.cases), 0};
    pl_error err = PL_ERROR_INIT;
    pl_name_sim *sim = pl_name_sim_open(NULL, &err);
    assert_non_null(sim);
    for (int i = 0; i < pl_workspace_count(ws); i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        const pl_quality_case *pc = r->pcase;
        if (!pc)
            continue;
        pl_loaded_task lt;
        char *why = NULL;
        assert_int_equal(pl_record_task(r, &lt, &why), 0);
        pl_quality_options opt = pl_quality_defaults();
        opt.replan = false;
        pl_quality_result q;
        assert_int_equal(pl_quality_run(lt.task, sim, pc->gt, pc->ngt, pc->llm, pc->nllm, pc->llm_correct, &opt, &q, &err), 0);
        direct_case *c = &d.cases[d.n++];
        c->id = strdup(r->id);
        c->model = strdup(r->model);
        c->n = q.n;
        for (int k = 0; k < 2; k++) {
            c->labels[k] = calloc((size_t)q.n + 1, sizeof *c->labels[k]);
            memcpy(c->labels[k], k ? q.np_aqm : q.aqm, (size_t)q.n * sizeof *q.aqm);
        }
        c->lea = q.lea;
        c->valid = q.validity;
        pl_quality_result_clear(&q);
        pl_loaded_task_free(&lt);
    }
    pl_name_sim_close(sim);
    return d;
}

/* The bins of the test's own: floor(10·i/n); LEA 0, tenths of (0, 1), 1. */
static int tenth_of(int i, int n)
{
    return 10 * i / n;
}

static int lea_bin_of(int lea, int n)
{
    return lea <= 0 ? 0 : lea >= n ? 11 : 1 + 10 * lea / n;
}

static bool in_bar(const direct_case *c, int chart, const char *name, int bar)
{
    if (chart == PL_QC_LABELS)
        return !strcmp(c->model, name);
    if (chart == PL_QC_LEA)
        return c->n > 0 && lea_bin_of(c->lea, c->n) == bar;
    for (int i = 0; i < c->n; i++)
        if (tenth_of(i, c->n) == bar)
            return true;
    return false;
}

/* A bar's label and case counts, by hand. */
static void direct_bar(const direct_set *d, bool np, int chart, const pl_qc_bar *bar, int b, long counts[5], int *cases)
{
    memset(counts, 0, 5 * sizeof *counts);
    *cases = 0;
    for (int i = 0; i < d->n; i++) {
        const direct_case *c = &d->cases[i];
        if (!in_bar(c, chart, bar->name, b))
            continue;
        ++*cases;
        if (chart == PL_QC_LEA)
            counts[c->valid ? 0 : 1]++;
        for (int a = 0; chart != PL_QC_LEA && a < c->n; a++)
            if (chart == PL_QC_LABELS || tenth_of(a, c->n) == b)
                counts[c->labels[np][a] - 1]++;
    }
}

static const pl_selection everything = {NULL, NULL, 0, NULL};

/* Every bar's counts and cases equal the direct ones, and Enter on it opens exactly its cases. */
static void check_charts(const pl_workspace *ws, const direct_set *d, bool np)
{
    pl_qcharts c;
    assert_int_equal(pl_qcharts_build(ws, &everything, np, &c), 0);
    assert_int_equal(c.cases, d->n);
    assert_int_equal(c.uncounted, 0);
    assert_int_equal(c.nbars[PL_QC_POSITIONS], 10);
    assert_int_equal(c.nbars[PL_QC_LEA], 12);
    int models = 0;
    for (int i = 0; i < d->n; i++) {
        bool seen = false;
        for (int j = 0; j < i && !seen; j++)
            seen = !strcmp(d->cases[i].model, d->cases[j].model);
        models += !seen;
    }
    assert_int_equal(c.nbars[PL_QC_LABELS], models);
    for (int k = 0; k < PL_QC_CHARTS; k++) {
        int all_cases = 0;
        for (int b = 0; b < c.nbars[k]; b++) {
            const pl_qc_bar *bar = &c.bars[k][b];
            long counts[5], total = 0;
            int cases;
            direct_bar(d, np, k, bar, b, counts, &cases);
            for (int l = 0; l < 5; l++) {
                assert_int_equal(bar->counts[l], counts[l]);
                total += counts[l];
            }
            assert_int_equal(bar->total, total);
            assert_int_equal(bar->cases, cases);
            all_cases += cases;
            int n;
            int *members = pl_qcharts_members(ws, &everything, &c, k * PL_QC_STRIDE + b, &n);
            assert_int_equal(n, cases);
            for (int m = 0; m < n; m++)
                assert_true(in_bar(direct_of(d, pl_workspace_record(ws, members[m])->id), k, bar->name, b));
            free(members);
        }
        if (k == PL_QC_LABELS)
            assert_int_equal(all_cases, d->n); /* a case per model */
    }
    char *label = pl_qcharts_label(&c, PL_QC_POSITIONS * PL_QC_STRIDE + 3);
    assert_string_equal(label, np ? "NP-AQM labels in tenth 0.3" : "AQM labels in tenth 0.3");
    free(label);
    label = pl_qcharts_label(&c, PL_QC_LEA * PL_QC_STRIDE + 11);
    assert_string_equal(label, "LEA/|π0| 1");
    free(label);
    assert_null(pl_qcharts_label(&c, PL_QC_LEA * PL_QC_STRIDE + 12));
    pl_qcharts_free(&c);
}

/* The drawn bars: ASCII only, a line per bar opening it, the label bars
 * filling the same width with as many letters of each label as its share
 * (within a column), the LEA bars as long as their count. */
static void check_drawing(const pl_workspace *ws, int width)
{
    pl_qcharts c;
    assert_int_equal(pl_qcharts_build(ws, &everything, false, &c), 0);
    pl_view_model vm;
    pl_view_quality_charts(&c, width, true, &vm);
    assert_false(vm.oom);
    int lines[PL_QC_CHARTS] = {0}, full = -1, longest = 0;
    long max = 0;
    for (int b = 0; b < c.nbars[PL_QC_LEA]; b++)
        max = c.bars[PL_QC_LEA][b].total > max ? c.bars[PL_QC_LEA][b].total : max;
    for (int i = 0; i < vm.nlines; i++) {
        char *text = pl_vm_line_text(&vm.lines[i]);
        for (const char *p = text; *p; p++)
            assert_true((unsigned char)*p < 0x80);
        assert_true(pl_text_columns(text) <= width);
        int target = vm.lines[i].target;
        if (target < 0) {
            free(text);
            continue;
        }
        int k = target / PL_QC_STRIDE;
        const pl_qc_bar *bar = &c.bars[k][target % PL_QC_STRIDE];
        lines[k]++;
        const char *letters = k == PL_QC_LEA ? "VX" : "CMSDR";
        const char *start = text + strcspn(text, letters);
        int run = (int)strspn(start, letters);
        if (k != PL_QC_LEA && bar->total) {
            full = full < 0 ? run : full;
            assert_int_equal(run, full);
            for (int l = 0; l < 5; l++) {
                int cells = 0;
                for (int j = 0; j < run; j++)
                    cells += start[j] == letters[l];
                double exact = (double)bar->counts[l] * run / (double)bar->total;
                assert_true(cells >= (int)exact && cells <= (int)exact + 1);
            }
        } else if (k == PL_QC_LEA && bar->total == max) {
            longest = run;
        }
        free(text);
    }
    for (int k = 0; k < PL_QC_CHARTS; k++)
        assert_int_equal(lines[k], c.nbars[k]);
    assert_true(full >= 10);
    assert_int_equal(longest, full); /* the most frequent LEA bin spans the bar width */
    pl_vm_free(&vm);
    pl_qcharts_free(&c);
}

/* :export charts.svg writes the SVG and the CSV of its data beside it. */
static void check_export(const pl_workspace *ws)
{
    pl_qcharts c;
    assert_int_equal(pl_qcharts_build(ws, &everything, false, &c), 0);
    char dir[] = "/tmp/planlens-charts-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char svg[64], csv[64];
    snprintf(svg, sizeof svg, "%s/charts.svg", dir);
    snprintf(csv, sizeof csv, "%s/charts.csv", dir);
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_qcharts_export(&c, svg, &err), PL_OK);
    FILE *f = fopen(svg, "r");
    assert_non_null(f);
    char text[1 << 16];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    assert_non_null(strstr(text, "<svg"));
    assert_non_null(strstr(text, "AQM labels per model"));
    assert_non_null(strstr(text, "LEA / |π0|"));
    f = fopen(csv, "r");
    assert_non_null(f);
    char line[1024];
    assert_non_null(fgets(line, sizeof line, f));
    assert_int_equal(strncmp(line, "chart,model,category,correct,misplaced,same_act,diff_act,redundant", 66), 0);
    int rows[PL_QC_CHARTS] = {0};
    static const char *const ids[PL_QC_CHARTS] = {"labels,", "positions,", "lea,"};
    while (fgets(line, sizeof line, f))
        for (int k = 0; k < PL_QC_CHARTS; k++)
            rows[k] += !strncmp(line, ids[k], strlen(ids[k]));
    fclose(f);
    for (int k = 0; k < PL_QC_CHARTS; k++)
        assert_int_equal(rows[k], c.nbars[k]);
    remove(svg);
    remove(csv);
    rmdir(dir);
    pl_qcharts_free(&c);
}

static void dev_cases(void **state)
{
    (void)state;
    if (!pl_test_data_dir("plan-quality dev.jsonl charts"))
        skip();
    const char *path = pl_test_data_path("plan-quality/dev.jsonl");
    pl_workspace *ws = pl_test_open_graded(&path, 1);
    assert_non_null(ws);
    if (!pl_workspace_record(ws, 0)->has_quality) {
        printf("SKIP: no pipeline values (WordNet missing?)\n");
        pl_workspace_close(ws);
        skip();
    }
    direct_set d = direct_from_dev(path);
    check_charts(ws, &d, false);
    check_charts(ws, &d, true);
    check_drawing(ws, 80);
    check_drawing(ws, 140);
    check_drawing(ws, 220);
    check_export(ws);
    direct_free(&d);
    pl_workspace_close(ws);
}

static void sample_cases(void **state)
{
    pl_workspace *ws = *state;
    direct_set d = direct_from_pipeline(ws);
    assert_true(d.n >= 4); /* sample-runs/plans */
    check_charts(ws, &d, false);
    check_charts(ws, &d, true);
    check_drawing(ws, 80);
    check_export(ws);
    direct_free(&d);
}

/* A list without plan-quality cases: nothing counted, the screen says so. */
static void no_cases(void **state)
{
    pl_workspace *ws = *state;
    int *acp = malloc((size_t)pl_workspace_count(ws) * sizeof *acp), n = 0;
    for (int i = 0; i < pl_workspace_count(ws); i++)
        if (!pl_workspace_record(ws, i)->pcase)
            acp[n++] = i;
    pl_selection sel = {NULL, acp, n, NULL};
    pl_qcharts c;
    assert_int_equal(pl_qcharts_build(ws, &sel, false, &c), 0);
    assert_int_equal(c.cases, 0);
    assert_int_equal(c.nbars[PL_QC_LABELS], 0);
    int none;
    assert_null(pl_qcharts_members(ws, &sel, &c, PL_QC_LEA * PL_QC_STRIDE, &none));
    assert_int_equal(none, 0);
    pl_view_model vm;
    pl_view_quality_charts(&c, 80, false, &vm);
    char *text = pl_vm_line_text(&vm.lines[0]);
    assert_non_null(strstr(text, "no plan-quality cases"));
    free(text);
    pl_vm_free(&vm);
    pl_qcharts_free(&c);
    free(acp);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sample_cases),
        cmocka_unit_test(no_cases),
    };
    const struct CMUnitTest dev[] = {cmocka_unit_test(dev_cases)};
    int failed = cmocka_run_group_tests_name("sample-runs", tests, pl_test_open_samples, pl_test_close_workspace);
    return failed + cmocka_run_group_tests_name("dev.jsonl", dev, NULL, NULL);
}
