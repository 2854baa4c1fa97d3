/* Plan-quality cases in the explorer's screens, on the real cases of
 * ../shared/data/plan-quality/dev.jsonl (SKIP without them or WordNet):
 * the values the background grading keeps equal what `planlens quality`'s
 * pipeline computes for the case with the command's own options, and the
 * published ones; the question list shows them, the filter reads them, and
 * the final-score histogram bins them.  A table short of room drops those
 * columns only after its names are at their minimum. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "quality/pipeline.h"
#include "table.h"
#include "test_support.h"
#include "views.h"

typedef struct {
    pl_workspace *ws;
    cJSON *cases; /* the JSONL lines, for the published values */
} fixture;

static int setup(void **state)
{
    static fixture f;
    *state = NULL;
    if (!pl_test_data_dir("plan-quality dev cases in the explorer"))
        return 0;
    pl_error err = PL_ERROR_INIT;
    pl_name_sim *sim = pl_name_sim_open(NULL, &err);
    if (!sim) {
        printf("SKIP: plan-quality dev cases in the explorer: WordNet not available (%s)\n",
               err.message ? err.message : "?");
        pl_error_clear(&err);
        return 0;
    }
    pl_name_sim_close(sim);
    const char *path = pl_test_data_path("plan-quality/dev.jsonl");
    f.cases = pl_test_read_jsonl(path);
    f.ws = pl_test_open_graded(&path, 1);
    *state = &f;
    return f.ws && f.cases ? 0 : -1;
}

static int teardown(void **state)
{
    fixture *f = *state;
    if (f) {
        pl_workspace_close(f->ws);
        cJSON_Delete(f->cases);
    }
    return 0;
}

static const cJSON *published(const fixture *f, const char *id)
{
    const cJSON *c;
    cJSON_ArrayForEach(c, f->cases)
    {
        const cJSON *cid = cJSON_GetObjectItemCaseSensitive(c, "case_id");
        if (cJSON_IsString(cid) && !strcmp(cid->valuestring, id))
            return c;
    }
    return NULL;
}

static const char *const paper_labels[PL_WS_LABELS] = {"correct", "misplaced", "same_act", "diff_act", "redundant"};

/* Label counts of a published {"index": label} object. */
static void count_labels(const cJSON *labels, int counts[PL_WS_LABELS])
{
    memset(counts, 0, PL_WS_LABELS * sizeof *counts);
    const cJSON *l;
    cJSON_ArrayForEach(l, labels)
    {
        for (int k = 0; k < PL_WS_LABELS; k++)
            counts[k] += cJSON_IsString(l) && !strcmp(l->valuestring, paper_labels[k]);
    }
}

/* Each case's record holds what the pipeline gives with `planlens
 * quality`'s defaults (π4 included, as the command runs it), and on the
 * cases the current official code reproduces, the published labels and LEA. */
static void test_records_match_the_pipeline(void **state)
{
    fixture *f = *state;
    if (!f)
        skip();
    pl_error err = PL_ERROR_INIT;
    pl_name_sim *sim = pl_name_sim_open(NULL, &err);
    assert_non_null(sim);
    pl_quality_options opt = pl_quality_defaults();
    int checked = 0, published_checked = 0, short_runs = 0;
    for (int i = 0; i < pl_workspace_count(f->ws); i++) {
        const pl_ws_record *r = pl_workspace_record(f->ws, i);
        const pl_quality_case *c = r->pcase;
        assert_non_null(c);
        if (!c->ngt || c->load_error) {
            assert_false(r->has_quality);
            continue;
        }
        assert_true(r->has_quality);
        pl_loaded_task lt;
        pl_test_load_texts(c->domain_text, c->problem_text, c->id, &lt);
        pl_quality_result q;
        assert_int_equal(pl_quality_run(lt.task, sim, c->gt, c->ngt, c->llm, c->nllm, c->llm_correct, &opt, &q, &err), 0);
        assert_true(r->final_score == q.final_score);
        assert_int_equal(r->quality_lea, q.lea);
        assert_int_equal(r->case_lea, q.true_lea);
        int aqm[PL_WS_LABELS] = {0}, np[PL_WS_LABELS] = {0};
        for (int k = 0; k < q.n; k++) {
            aqm[q.aqm[k] - 1]++;
            np[q.np_aqm[k] - 1]++;
        }
        assert_memory_equal(r->aqm, aqm, sizeof aqm);
        assert_memory_equal(r->np_aqm, np, sizeof np);
        short_runs += r->quality_lea < c->nllm;
        const cJSON *p = published(f, c->id);
        const cJSON *repro = cJSON_GetObjectItemCaseSensitive(p, "repro");
        if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(repro, "per_plan_v2"))) {
            const cJSON *e = cJSON_GetObjectItemCaseSensitive(p, "expected");
            count_labels(cJSON_GetObjectItemCaseSensitive(e, "aqm"), aqm);
            count_labels(cJSON_GetObjectItemCaseSensitive(e, "np_aqm"), np);
            assert_memory_equal(r->aqm, aqm, sizeof aqm);
            assert_memory_equal(r->np_aqm, np, sizeof np);
            assert_int_equal(r->quality_lea, cJSON_GetObjectItemCaseSensitive(e, "lea")->valueint);
            published_checked++;
        }
        pl_quality_result_clear(&q);
        pl_loaded_task_free(&lt);
        checked++;
    }
    pl_name_sim_close(sim);
    assert_true(checked > 900);
    assert_true(published_checked >= 813);
    assert_true(short_runs > 100);
}

static char *line_text(const pl_view_model *vm, int i)
{
    char *s = pl_vm_line_text(&vm->lines[i]);
    assert_non_null(s);
    return s;
}

/* The list of one run x task shows each case's LEA, AQM counts and final
 * score, at 80 columns too (its sound and parse columns, which say nothing
 * about a case, make room). */
static void test_list_shows_the_values(void **state)
{
    fixture *f = *state;
    if (!f)
        skip();
    int error_column;
    char *error = NULL;
    pl_filter *scope = pl_filter_parse("model=o4-mini_chat", &error_column, &error);
    assert_non_null(scope);
    pl_selection sel = {NULL, NULL, 0, scope};
    for (int width = 80; width <= 220; width += 140) {
        pl_view_model vm;
        pl_view_list(f->ws, &sel, SORT_INPUT, false, width, true, &vm);
        pl_view_list_fill(f->ws, &vm, 0, vm.nlines);
        char *header = line_text(&vm, 0);
        assert_non_null(strstr(header, " LEA "));
        assert_non_null(strstr(header, " AQM "));
        assert_non_null(strstr(header, " final"));
        assert_null(strstr(header, "sound"));
        free(header);
        int rows = 0;
        for (int i = 1; i < vm.nlines; i++) {
            assert_true(pl_vm_line_columns(&vm.lines[i]) <= width);
            const pl_ws_record *r = pl_workspace_record(f->ws, vm.lines[i].target);
            char *text = line_text(&vm, i), want[96];
            snprintf(want, sizeof want, " %dc %dm %ds %dd %dr ", r->aqm[0], r->aqm[1], r->aqm[2], r->aqm[3], r->aqm[4]);
            assert_non_null(strstr(text, want));
            snprintf(want, sizeof want, " %.3f", r->final_score);
            assert_non_null(strstr(text, want));
            snprintf(want, sizeof want, " %d/%d", r->quality_lea, r->pcase->nllm);
            assert_non_null(strstr(text, want));
            if (r->quality_lea != r->case_lea) { /* the true LEA beside the official one */
                snprintf(want, sizeof want, " %d/%d (%d) ", r->quality_lea, r->pcase->nllm, r->case_lea);
                assert_non_null(strstr(text, want));
            }
            free(text);
            rows += r->has_quality;
        }
        assert_true(rows > 100);
        pl_vm_free(&vm);
    }
    pl_filter_free(scope);
}

static int count_matching(const fixture *f, const char *expr)
{
    int error_column, n;
    char *error = NULL;
    pl_filter *filter = pl_filter_parse(expr, &error_column, &error);
    assert_non_null(filter);
    pl_selection sel = {filter, NULL, 0, NULL};
    free(pl_select_records(f->ws, &sel, &n));
    pl_filter_free(filter);
    return n;
}

/* final, lea and the label counts are filter fields. */
static void test_filter_fields(void **state)
{
    fixture *f = *state;
    if (!f)
        skip();
    int low = 0, unexecuted = 0, redundant = 0, negative = 0;
    for (int i = 0; i < pl_workspace_count(f->ws); i++) {
        const pl_ws_record *r = pl_workspace_record(f->ws, i);
        low += r->has_quality && r->final_score < 0.5;
        negative += r->has_quality && r->final_score == -1;
        unexecuted += r->has_quality && r->quality_lea == 0;
        redundant += r->has_quality && r->aqm[4] > 2;
    }
    assert_true(low > 0 && negative > 0 && unexecuted > 0 && redundant > 0);
    assert_int_equal(count_matching(f, "final<0.5"), low);
    assert_int_equal(count_matching(f, "final=-1"), negative);
    assert_int_equal(count_matching(f, "lea=0 final>=-1"), unexecuted);
    assert_int_equal(count_matching(f, "redundant>2"), redundant);
    int error_column;
    char *error = NULL;
    assert_null(pl_filter_parse("final~x", &error_column, &error));
    free(error);
}

/* The final-score histogram bins each case by its score from -1 to 4, a bin
 * opens its cases, and the breadcrumb names the bin in the score's units. */
static void test_final_score_histogram(void **state)
{
    fixture *f = *state;
    if (!f)
        skip();
    pl_view_model vm;
    pl_view_histogram(f->ws, NULL, 0.05, PL_HIST_FINAL, true, 120, &vm);
    int bins = 0, members = 0;
    bool headed = false;
    for (int l = 0; l < vm.nlines; l++) {
        char *text = line_text(&vm, l);
        headed = headed || strstr(text, "final score (-1 to 4") != NULL;
        assert_null(strstr(text, "action distance"));
        free(text);
        int target = vm.lines[l].target;
        if (target < 0)
            continue;
        assert_int_equal(target % PL_HIST_TARGET_STRIDE / PL_HIST_METRIC_STRIDE, PL_HIST_FINAL);
        int n, bin = target % PL_HIST_METRIC_STRIDE;
        int *in = pl_histogram_members(f->ws, NULL, 0.05, target, &n);
        assert_non_null(in);
        double lo = -1 + bin * 0.25, hi = lo + 0.25;
        for (int i = 0; i < n; i++) {
            double s = pl_workspace_record(f->ws, in[i])->final_score;
            assert_true(s >= lo - 1e-9 && (s < hi - 1e-9 || bin == 19));
        }
        char *label = pl_histogram_bin_label(f->ws, NULL, 0.05, target), want[48];
        snprintf(want, sizeof want, "/ final %.2f to %.2f", lo, hi);
        assert_non_null(strstr(label, want));
        free(label);
        free(in);
        members += n;
        bins++;
    }
    assert_true(headed);
    assert_true(bins > 20);
    int with_score = 0;
    for (int i = 0; i < pl_workspace_count(f->ws); i++)
        with_score += pl_workspace_record(f->ws, i)->has_quality;
    assert_int_equal(members, with_score);
    pl_vm_free(&vm);
}

/* A table short of room cuts its names to their minimum before it drops a
 * column of lesser verdicts, lowest `drop` first, and the names take back
 * what the dropped column left (views/table.h). */
static void test_lesser_columns_drop_last(void **state)
{
    (void)state;
    pl_table t;
    pl_table_init(&t, true);
    int id = pl_table_add(&t, "id", PL_ALIGN_LEFT, true, 6);
    int score = pl_table_add(&t, "score", PL_ALIGN_RIGHT, false, 0);
    int aqm = pl_table_add(&t, "AQM", PL_ALIGN_RIGHT, false, 0);
    int final = pl_table_add(&t, "final", PL_ALIGN_RIGHT, false, 0);
    pl_table_measure(&t, id, "blocksworld_3/model/one_shot/8"); /* 30 columns */
    pl_table_measure(&t, aqm, "0c 0m 0s 0d 0r");
    t.cols[aqm].drop = 1;
    t.cols[final].drop = 2;
    pl_table_fit(&t, 60); /* everything whole: 30 + 6 + 15 + 6 */
    assert_int_equal(t.cols[id].width, 30);
    assert_true(t.cols[aqm].width && t.cols[final].width);
    pl_table_fit(&t, 40); /* the id cut to 13 columns: nothing dropped */
    assert_int_equal(t.cols[id].width, 13);
    assert_true(t.cols[aqm].width && t.cols[final].width);
    pl_table_fit(&t, 30); /* the id at its minimum does not fit: AQM goes, the id grows back */
    assert_int_equal(t.cols[aqm].width, 0);
    assert_int_equal(t.cols[final].width, 5);
    assert_int_equal(t.cols[id].width, 30 - 1 - 5 - 1 - 5);
    pl_table_fit(&t, 12); /* then final */
    assert_int_equal(t.cols[final].width, 0);
    assert_int_equal(t.cols[score].width, 5);
    assert_int_equal(t.cols[id].width, 6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_records_match_the_pipeline),
        cmocka_unit_test(test_list_shows_the_values),
        cmocka_unit_test(test_filter_fields),
        cmocka_unit_test(test_final_score_histogram),
        cmocka_unit_test(test_lesser_columns_drop_last),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
