/* View models built from a real workspace (sample-runs/), checked without a
 * terminal: the dashboard's numbers equal the records' verdicts, the list
 * sorts, the detail gives every item its role, and a histogram bin holds
 * exactly the records whose value falls in it. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "answer_text.h"
#include "test_support.h"
#include "views.h"

#define SAMPLES PLANLENS_SOURCE_DIR "/sample-runs"

static pl_workspace *open_graded(const char *path)
{
    const char *paths[] = {path};
    pl_diags warnings = PL_DIAGS_INIT;
    pl_workspace *ws = pl_workspace_open(paths, 1, &warnings);
    assert_non_null(ws);
    pl_diags_clear(&warnings);
    assert_int_equal(pl_workspace_grade_start(ws), 0);
    while (pl_workspace_graded(ws) < pl_workspace_count(ws)) {
        struct timespec ts = {0, 5000000};
        nanosleep(&ts, NULL);
    }
    assert_true(pl_workspace_count(ws) > 100);
    return ws;
}

static char *line_text(const pl_view_model *vm, int i)
{
    char *s = pl_vm_line_text(&vm->lines[i]);
    assert_non_null(s);
    return s;
}

static void test_dashboard(void **state)
{
    pl_workspace *ws = *state;
    pl_view_model vm;
    pl_dashboard_rows rows;
    pl_view_dashboard(ws, NULL, 120, false, NULL, &vm, &rows);
    assert_false(vm.oom);
    assert_string_equal(vm.title, "dashboard");
    assert_int_equal(vm.lines[0].target, -1); /* the header */
    assert_true(rows.nkeys > 4);
    /* every row's official accuracy is the mean of its records' scores */
    for (int row = 1; row < vm.nlines; row++) {
        int target = vm.lines[row].target;
        const char *key = rows.keys[target], *tab = strchr(key, '\t');
        int n = 0, right = 0;
        for (int i = 0; i < pl_workspace_count(ws); i++) {
            const pl_ws_record *r = pl_workspace_record(ws, i);
            if (!strncmp(r->model, key, (size_t)(tab - key)) && !r->model[tab - key] && !strcmp(r->task, tab + 1)) {
                n++;
                right += r->score;
            }
        }
        char want[32];
        snprintf(want, sizeof want, "%.1f%%", 100.0 * right / n);
        char *text = line_text(&vm, row);
        assert_non_null(strstr(text, want));
        free(text);
        const pl_span *acc = NULL; /* the official column: the first percentage */
        for (int k = 0; k < vm.lines[row].nspans && !acc; k++)
            acc = strchr(vm.lines[row].spans[k].text, '%') ? &vm.lines[row].spans[k] : NULL;
        assert_non_null(acc);
        assert_non_null(strstr(acc->text, want));
        assert_int_equal(acc->role, 100.0 * right / n >= 50 ? ROLE_CORRECT : ROLE_WRONG);
    }
    pl_dashboard_rows_free(&rows);
    pl_vm_free(&vm);
}

static void test_list_sort_and_filter(void **state)
{
    pl_workspace *ws = *state;
    int col;
    char *err = NULL;
    pl_filter *f = pl_filter_parse("task=state", &col, &err);
    pl_selection sel = {.filter = f};
    pl_view_model vm;
    pl_view_list(ws, &sel, SORT_IOU, true, 120, false, &vm);
    assert_true(vm.nlines > 2);
    assert_int_equal(vm.lines[1].nspans, 0); /* text only for the lines drawn */
    pl_view_list_fill(ws, &vm, 0, vm.nlines);
    char *first = pl_vm_line_text(&vm.lines[1]);
    assert_non_null(strstr(first, pl_workspace_record(ws, vm.lines[1].target)->id));
    free(first);
    double last = 2;
    for (int i = 1; i < vm.nlines; i++) {
        const pl_ws_record *r = pl_workspace_record(ws, vm.lines[i].target);
        assert_string_equal(r->task, "state");
        assert_true(r->value <= last);
        last = r->value;
    }
    assert_non_null(strstr(vm.status, "sorted by iou (descending)"));
    /* the lines are answers, and the status line says so (not "N questions") */
    char counted[32];
    snprintf(counted, sizeof counted, "%d answer%s ", vm.nlines - 1, vm.nlines == 2 ? "" : "s");
    assert_int_equal(strncmp(vm.status, counted, strlen(counted)), 0);
    pl_vm_free(&vm);
    pl_filter_free(f);
}

static bool answer_says(pl_acp_task task, const char *said)
{
    cJSON *answer = cJSON_Parse("{\"yes\": [\"(at c0 l1)\"], \"no\": [\"(at c0 l0)\"]}");
    assert_non_null(answer);
    pl_view_model vm;
    pl_vm_init(&vm);
    pl_view_answer_lines(&vm, answer, task, 80, false);
    bool found = false;
    for (int i = 0; i < vm.nlines; i++) {
        char *text = pl_vm_line_text(&vm.lines[i]);
        found |= strstr(text, said) != NULL;
        free(text);
    }
    pl_vm_free(&vm);
    cJSON_Delete(answer);
    return found;
}

/* land's stored yes/no are landmarks and facts that are not: not nexta's
 * "on an optimal plan" (issue 38 section 5). */
static void test_answer_key_meanings(void **state)
{
    (void)state;
    assert_true(answer_says(PL_ACP_LAND, "yes (is a landmark)"));
    assert_true(answer_says(PL_ACP_LAND, "no (is not a landmark)"));
    assert_false(answer_says(PL_ACP_LAND, "optimal plan"));
    assert_true(answer_says(PL_ACP_NEXTA, "yes (on an optimal plan)"));
    assert_true(answer_says(PL_ACP_NEXTA, "no (not on any optimal plan)"));
    assert_false(answer_says(PL_ACP_APP, "yes ("));
}

static void test_detail_roles(void **state)
{
    pl_workspace *ws = *state;
    /* a record with a hallucinated item: its detail shows it in that role, with the reason */
    for (int i = 0; i < pl_workspace_count(ws); i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        if (!r->iou || !r->iou_v.cmp.n_hallucinated)
            continue;
        pl_view_model vm;
        pl_view_detail(ws, i, &(pl_detail_opts){100, false, false}, NULL, &vm);
        int hallucinated = 0, correct = 0;
        for (int l = 0; l < vm.nlines; l++)
            for (int s = 0; s < vm.lines[l].nspans; s++) {
                hallucinated += vm.lines[l].spans[s].role == ROLE_HALLUCINATED;
                correct += vm.lines[l].spans[s].role == ROLE_CORRECT;
            }
        assert_int_equal(hallucinated, r->iou_v.cmp.n_hallucinated);
        assert_true(correct >= 2 * r->iou_v.cmp.n_both); /* both columns of each shared item */
        pl_vm_free(&vm);
        return;
    }
    fail_msg("no record with a hallucinated item in sample-runs");
}

/* ACPBench app and prog answers item by item: every answer-only item gets
 * the engine's reason, prog splits into positive and negative effects, and
 * the parsed items are marked where they occur in the response. */
static void test_detail_acp_compare(void **state)
{
    pl_workspace *ws = *state;
    pl_detail_cache cache = {0};
    int app = 0, prog = 0, answer_only = 0, marked = 0, state_reasons = 0;
    for (int i = 0; i < pl_workspace_count(ws); i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        if (!r->acp || r->acp->format != PL_ACP_GEN || (r->acp->task != PL_ACP_APP && r->acp->task != PL_ACP_PROG))
            continue;
        pl_compare_part parts[2];
        int nparts;
        assert_int_equal(pl_detail_compare(r, &cache, parts, &nparts), 1);
        assert_int_equal(nparts, r->acp->task == PL_ACP_APP ? 1 : 2);
        app += r->acp->task == PL_ACP_APP;
        prog += r->acp->task == PL_ACP_PROG;
        for (int p = 0; p < nparts; p++) {
            for (int k = 0; k < parts[p].cmp.count; k++) {
                const pl_set_item *it = &parts[p].cmp.items[k];
                if (it->role == PL_ITEM_WRONG || it->role == PL_ITEM_HALLUCINATED) {
                    answer_only++;
                    assert_non_null(it->why);
                }
                if (it->role == PL_ITEM_WRONG) /* a real action or atom: why it is no answer here */
                    state_reasons += !strncmp(it->why, "not applicable here", 19) ||
                                     !strncmp(it->why, "already ", 8) || !strncmp(it->why, "stays ", 6);
            }
            pl_set_comparison_free(&parts[p].cmp);
        }
        size_t marks[64];
        int n = pl_detail_marks(r, marks, 32);
        for (int m = 0; m < n; m++) {
            assert_true(marks[2 * m] < marks[2 * m + 1]);
            assert_true(marks[2 * m + 1] <= strlen(r->resp->response));
            assert_true(m == 0 || marks[2 * m] >= marks[2 * m - 1]); /* in order, not overlapping */
        }
        marked += n > 0;
    }
    pl_detail_cache_free(&cache);
    assert_true(app >= 10 && prog >= 10);
    assert_true(answer_only > 0); /* the sloppy run names actions and atoms that are wrong */
    assert_true(marked > (app + prog) / 2);
    print_message("answer-only items %d, explained by the state %d\n", answer_only, state_reasons);
    assert_true(state_reasons > 0);
}

/* Opening in the background ends with the same records as opening now, and
 * the aggregate over a run x task equals the dashboard's sums. */
static void test_async_open(void **state)
{
    pl_workspace *sync = *state;
    const char *paths[] = {SAMPLES};
    pl_workspace *ws = pl_workspace_open_async(paths, 1);
    assert_non_null(ws);
    pl_ws_progress p;
    for (pl_workspace_progress(ws, &p); !p.loaded || p.graded < p.count; pl_workspace_progress(ws, &p)) {
        assert_true(p.files_done <= p.files);
        struct timespec ts = {0, 2000000};
        nanosleep(&ts, NULL);
    }
    assert_true(p.files > 0);
    assert_int_equal(p.count, pl_workspace_count(sync));
    int n = pl_workspace_count(ws), *all = malloc((size_t)n * sizeof *all);
    assert_non_null(all);
    int official = 0;
    for (int i = 0; i < n; i++) {
        all[i] = i;
        official += pl_workspace_record(sync, i)->score;
    }
    pl_ws_aggregate agg;
    pl_workspace_aggregate(ws, all, n, &agg);
    assert_int_equal(agg.answers, n);
    assert_int_equal(agg.graded, n);
    assert_int_equal(agg.official, official);
    assert_true(agg.nvalues > 0 && agg.value_mean > 0);
    free(all);
    pl_workspace_close(ws);
}

/* Plan-quality case files open as records: the 962 real LLM plans of the
 * plan-quality dev set are graded by simulation, and the verdict equals the
 * benchmark's own (llm_correct) on every one; a bad line is reported and
 * skipped while the rest loads. */
static void test_case_files(void **state)
{
    (void)state;
    const char *dir = pl_test_data_dir("plan-quality case records");
    if (!dir)
        return;
    char tmp[] = "/tmp/planlens-cases-XXXXXX", bad[64];
    assert_non_null(mkdtemp(tmp));
    snprintf(bad, sizeof bad, "%s/bad.jsonl", tmp);
    FILE *f = fopen(bad, "w");
    assert_non_null(f);
    fputs("{\"case_id\": \"x\", \"llm_plan\": [\"(a)\"], \"gt_plan\": 5}\n", f);
    fclose(f);
    const char *paths[] = {pl_test_data_path("plan-quality/dev.jsonl"), bad};
    pl_diags warnings = PL_DIAGS_INIT;
    pl_workspace *ws = pl_workspace_open(paths, 2, &warnings);
    pl_diags_clear(&warnings);
    assert_non_null(ws);
    assert_int_equal(pl_workspace_grade_start(ws), 0);
    while (pl_workspace_graded(ws) < pl_workspace_count(ws)) {
        struct timespec ts = {0, 5000000};
        nanosleep(&ts, NULL);
    }
    assert_int_equal(pl_workspace_count(ws), 962);
    cJSON *cases = pl_test_read_jsonl(pl_test_data_path("plan-quality/dev.jsonl"));
    int valid = 0;
    for (int i = 0; i < pl_workspace_count(ws); i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        assert_non_null(r->pcase);
        assert_string_equal(r->task, "plan-quality");
        assert_null(r->error);
        /* the reference simulation stored with each case (checks.val_real, checks.true_lea) */
        const cJSON *checks = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(cases, i), "checks");
        const cJSON *real = cJSON_GetObjectItemCaseSensitive(checks, "val_real");
        assert_int_equal(r->score, cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(real, "validity")));
        assert_int_equal(r->case_lea, cJSON_GetObjectItemCaseSensitive(checks, "true_lea")->valueint);
        valid += r->score;
    }
    cJSON_Delete(cases);
    assert_true(valid > 100 && valid < 962);
    const pl_diags *w = pl_workspace_warnings(ws);
    bool reported = false;
    for (size_t i = 0; i < w->count; i++)
        reported |= w->items[i].file && strstr(w->items[i].file, "planlens-cases-") != NULL;
    assert_true(reported);
    pl_workspace_close(ws);
    unlink(bad);
    rmdir(tmp);
}

static void test_histogram_members(void **state)
{
    pl_workspace *ws = *state;
    pl_view_model vm;
    pl_view_histogram(ws, NULL, 0.1, PL_HIST_ALL, true, 120, &vm);
    int checked = 0, leas = 0;
    for (int l = 0; l < vm.nlines; l++) {
        int target = vm.lines[l].target;
        if (target < 0)
            continue;
        int n;
        int *members = pl_histogram_members(ws, NULL, 0.1, target, &n);
        assert_non_null(members);
        int bin = target % PL_HIST_METRIC_STRIDE, metric = target % PL_HIST_TARGET_STRIDE / PL_HIST_METRIC_STRIDE;
        for (int i = 0; i < n; i++) {
            const pl_ws_record *r = pl_workspace_record(ws, members[i]);
            /* metric 1: a plan-quality case's LEA as the share of its plan executed;
             * 2: its final score from -1 to 4 */
            double v = metric == PL_HIST_LEA     ? (double)r->case_lea / r->pcase->nllm
                       : metric == PL_HIST_FINAL ? (r->final_score + 1) / 5
                                                 : r->value;
            int want = (int)floor(v * 10 + 1e-9);
            assert_int_equal(want > 9 ? 9 : want, bin);
            leas += metric == 1;
        }
        char count[16];
        snprintf(count, sizeof count, " %d ", n);
        char *text = line_text(&vm, l);
        assert_non_null(strstr(text, count));
        free(text);
        free(members);
        checked++;
    }
    assert_true(checked > 10);
    assert_int_equal(leas, 4); /* the four hand-written cases */
    pl_vm_free(&vm);
}

/* A screen's scope (what it was opened on) and the user's filter narrow
 * together: a filter never widens a drilled list. */
static void test_scope_and_filter(void **state)
{
    pl_workspace *ws = *state;
    int col;
    char *err = NULL;
    pl_filter *scope = pl_filter_parse("model=\"synthetic-careful\" task=\"app\"", &col, &err);
    pl_filter *user = pl_filter_parse("score=0", &col, &err);
    assert_non_null(scope);
    assert_non_null(user);
    pl_selection both = {.filter = user, .scope = scope}, only_user = {.filter = user};
    int n, nuser;
    int *in = pl_select_records(ws, &both, &n), *all = pl_select_records(ws, &only_user, &nuser);
    assert_true(n > 0 && n < nuser);
    for (int i = 0; i < n; i++) {
        const pl_ws_record *r = pl_workspace_record(ws, in[i]);
        assert_string_equal(r->model, "synthetic-careful");
        assert_string_equal(r->task, "app");
        assert_int_equal(r->score, 0);
    }
    /* a bin's subset is a scope too */
    pl_selection bin = {.filter = user, .subset = all, .nsubset = nuser, .scope = scope};
    int nbin;
    int *in_bin = pl_select_records(ws, &bin, &nbin);
    assert_int_equal(nbin, n);
    free(in_bin);
    free(in);
    free(all);
    pl_filter_free(scope);
    pl_filter_free(user);
}

/* A plan answer's action distance is in the AD column, never in IoU's; a
 * set answer's IoU the other way round. */
static void test_list_ad_column(void **state)
{
    pl_workspace *ws = *state;
    int col;
    char *err = NULL;
    pl_filter *f = pl_filter_parse("task=plan or task=app", &col, &err);
    pl_selection sel = {.filter = f};
    pl_view_model vm;
    pl_view_list(ws, &sel, SORT_INPUT, false, 160, false, &vm);
    pl_view_list_fill(ws, &vm, 0, vm.nlines);
    char *header = line_text(&vm, 0);
    assert_non_null(strstr(header, "  IoU    AD "));
    free(header);
    int plans = 0, sets = 0;
    for (int i = 1; i < vm.nlines; i++) {
        const pl_ws_record *r = pl_workspace_record(ws, vm.lines[i].target);
        if (!r->has_value)
            continue;
        char want[32];
        snprintf(want, sizeof want, r->is_distance ? "     - %5.3f " : " %5.3f     - ", r->value);
        char *text = line_text(&vm, i);
        if (!strstr(text, want))
            fail_msg("'%s' lacks '%s'", text, want);
        free(text);
        plans += r->is_distance;
        sets += !r->is_distance;
    }
    assert_true(plans > 0 && sets > 0);
    pl_vm_free(&vm);
    pl_filter_free(f);
}

/* The breadcrumb names a bin by its run, task, metric and range. */
static void test_bin_label(void **state)
{
    pl_workspace *ws = *state;
    pl_view_model vm;
    pl_view_histogram(ws, NULL, 0.25, PL_HIST_ALL, true, 120, &vm);
    int target = -1;
    for (int l = 0; l < vm.nlines && target < 0; l++)
        target = vm.lines[l].target;
    assert_true(target >= 0);
    char *label = pl_histogram_bin_label(ws, NULL, 0.25, target);
    assert_non_null(label);
    int b = target % PL_HIST_TARGET_STRIDE;
    char range[32];
    snprintf(range, sizeof range, "%.2f-%.2f", b * 0.25, (b + 1) * 0.25);
    assert_non_null(strstr(label, range));
    assert_non_null(strstr(label, " / "));
    free(label);
    assert_null(pl_histogram_bin_label(ws, NULL, 0.25, 99 * PL_HIST_TARGET_STRIDE));
    pl_vm_free(&vm);
}

/* PlanBench: task 1 and task 2 are runs × tasks of their own, and task 2's
 * stored verdict (valid and optimal) is explained where it differs from
 * ours (valid). */
static void test_planbench_tasks(void **state)
{
    (void)state;
    if (!pl_test_data_dir("planbench"))
        return;
    pl_workspace *ws = open_graded(pl_test_data_path("planbench"));
    assert_int_equal(pl_workspace_ngroups(ws), 2);
    assert_string_equal(pl_workspace_group_task(ws, 0), "planbench-t1");
    assert_string_equal(pl_workspace_group_task(ws, 1), "planbench-t2");
    int explained = 0, differs = 0;
    for (int i = 0; i < pl_workspace_count(ws); i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        if (!r->resp->has_stored_score || r->resp->stored_score == r->score)
            continue;
        differs++;
        assert_string_equal(r->task, "planbench-t2"); /* task 1's verdict is validity: it agrees */
        pl_view_model vm;
        pl_view_detail(ws, i, &(pl_detail_opts){120, false, false}, NULL, &vm);
        for (int l = 0; l < vm.nlines; l++) {
            char *text = line_text(&vm, l);
            explained += strstr(text, "stored!=: valid but not optimal") != NULL;
            free(text);
        }
        pl_vm_free(&vm);
    }
    assert_true(differs > 0);
    assert_int_equal(explained, differs);
    pl_workspace_close(ws);
}

static int setup(void **state)
{
    *state = open_graded(SAMPLES);
    return 0;
}

static int teardown(void **state)
{
    pl_workspace_close(*state);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dashboard),
        cmocka_unit_test(test_list_sort_and_filter),
        cmocka_unit_test(test_detail_roles),
        cmocka_unit_test(test_detail_acp_compare),
        cmocka_unit_test(test_async_open),
        cmocka_unit_test(test_histogram_members),
        cmocka_unit_test(test_case_files),
        cmocka_unit_test(test_scope_and_filter),
        cmocka_unit_test(test_bin_label),
        cmocka_unit_test(test_list_ad_column),
        cmocka_unit_test(test_planbench_tasks),
        cmocka_unit_test(test_answer_key_meanings),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
