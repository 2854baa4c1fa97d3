/* Two runs compared question by question (engine/workspace/run_compare.h and the
 * compare view): the paired SE against hand-worked numbers, pairing and
 * counts on tiny runs written here, the view over sample-runs/, and the
 * per-task accuracies on the conformance responses against the reference
 * verdicts (computed without the comparison code). */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
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

#include "acpbench/questions.h"
#include "base/file.h"
#include "base/json.h"
#include "compare_view.h"
#include "test_support.h"
#include "workspace/run_compare.h"

#define SAMPLES PLANLENS_SOURCE_DIR "/sample-runs"

static pl_workspace *open_graded(const char *const *paths, int npaths)
{
    pl_diags warnings = PL_DIAGS_INIT;
    pl_workspace *ws = pl_workspace_open(paths, npaths, &warnings);
    assert_non_null(ws);
    for (size_t i = 0; i < warnings.count; i++)
        printf("warning: %s: %s\n", warnings.items[i].file ? warnings.items[i].file : "", warnings.items[i].message);
    pl_diags_clear(&warnings);
    pl_workspace_grade_start(ws);
    while (pl_workspace_graded(ws) < pl_workspace_count(ws)) {
        struct timespec ts = {0, 5000000};
        nanosleep(&ts, NULL);
    }
    return ws;
}

/* Lines that open a record: the paired questions listed. */
static int question_lines(const pl_view_model *vm)
{
    int n = 0;
    for (int i = 0; i < vm->nlines; i++)
        n += vm->lines[i].target >= 0;
    return n;
}

static const pl_cmp_task *task_named(const pl_run_comparison *c, const char *task)
{
    for (int t = 0; t < c->ntasks; t++)
        if (!strcmp(c->tasks[t].task, task))
            return &c->tasks[t];
    fail_msg("no task %s in the comparison", task);
    return NULL;
}

/* d = a − b = (1, 0, 0, 1, −1): mean 0.2; Σ(d − 0.2)² = 0.64 + 0.04 + 0.04 +
 * 0.64 + 1.44 = 2.8; s² = 2.8 / 4 = 0.7; SE = sqrt(0.7 / 5) = sqrt(0.14). */
static void test_paired_se_by_hand(void **state)
{
    (void)state;
    const double a[] = {1, 1, 0, 1, 0}, b[] = {0, 1, 0, 0, 1};
    pl_cmp_diff d = pl_paired_diff(a, b, 5);
    assert_int_equal(d.n, 5);
    assert_float_equal(d.mean_a, 0.6, 1e-12);
    assert_float_equal(d.mean_b, 0.4, 1e-12);
    assert_float_equal(d.diff, 0.2, 1e-12);
    assert_float_equal(d.se, 0.3741657386773941, 1e-12);
    /* the unpaired SE, sqrt(.6·.4/5 + .4·.6/5) = 0.3098, would differ */
    assert_true(fabs(d.se - sqrt(0.048)) > 0.05);
    assert_true(isnan(pl_paired_diff(a, b, 1).se));
    assert_int_equal(pl_paired_diff(a, b, 0).n, 0);
    const double same[] = {0.5, 0.25};
    assert_float_equal(pl_paired_diff(same, same, 2).se, 0, 0);
}

/* ---- two tiny runs over the sample app questions, written to a temp dir ---- */

typedef struct {
    char dir[64];
    char *ids[7];    /* app questions' exact ids */
    char *truth[7];  /* their answers as one list "[(a), (b)]" */
    char *first[7];  /* the first item of the answer alone */
    int n;
} tiny_data;

static void load_app_questions(tiny_data *t)
{
    size_t len;
    char *text = pl_read_file(SAMPLES "/acpbench/blocksworld.gen.json", &len, NULL);
    assert_non_null(text);
    cJSON *qs = pl_json_parse_exact(text, len, "blocksworld.gen.json", NULL); /* 19-digit ids as strings */
    assert_non_null(qs);
    for (int i = 0; i < cJSON_GetArraySize(qs) && t->n < 7; i++) {
        const cJSON *q = cJSON_GetArrayItem(qs, i), *answer = cJSON_GetObjectItem(q, "answer");
        if (strcmp(cJSON_GetObjectItem(q, "group")->valuestring, "applicable_actions_gen") ||
            cJSON_GetArraySize(answer) < 2)
            continue;
        char *list = pl_strdup("[");
        for (int k = 0; k < cJSON_GetArraySize(answer); k++) {
            char *longer = pl_strdup_printf("%s%s%s", list, k ? ", " : "", cJSON_GetArrayItem(answer, k)->valuestring);
            free(list);
            list = longer;
        }
        t->truth[t->n] = pl_strdup_printf("%s]", list);
        free(list);
        t->first[t->n] = pl_strdup_printf("[%s]", cJSON_GetArrayItem(answer, 0)->valuestring);
        t->ids[t->n++] = pl_strdup(cJSON_GetObjectItem(q, "id")->valuestring);
    }
    cJSON_Delete(qs);
    free(text);
    assert_int_equal(t->n, 7);
}

static void write_response(FILE *f, const char *model, const char *id, const char *response)
{
    fprintf(f, "{\"id\": %s, \"group\": \"applicable_actions_gen\", \"model\": \"%s\", \"response\": \"%s\"}\n", id,
            model, response);
}

/* Questions 0-4: A right on 0, 1, 3; B right on 1, 4 (B answers 0 with one
 * item of several: partly right).  Question 5 only A answers, 6 only B; A
 * answers 0 twice (the second is a duplicate and is left out). */
static int tiny_setup(void **state)
{
    tiny_data *t = calloc(1, sizeof *t);
    assert_non_null(t);
    load_app_questions(t);
    snprintf(t->dir, sizeof t->dir, "/tmp/planlens-compare-XXXXXX");
    assert_non_null(mkdtemp(t->dir));
    char path[128];
    snprintf(path, sizeof path, "%s/a.jsonl", t->dir);
    FILE *a = fopen(path, "w");
    snprintf(path, sizeof path, "%s/b.jsonl", t->dir);
    FILE *b = fopen(path, "w");
    assert_non_null(a);
    assert_non_null(b);
    const int right_a[] = {1, 1, 0, 1, 0}, right_b[] = {0, 1, 0, 0, 1};
    for (int q = 0; q < 5; q++) {
        write_response(a, "tiny-a", t->ids[q], right_a[q] ? t->truth[q] : "[]");
        write_response(b, "tiny-b", t->ids[q], right_b[q] ? t->truth[q] : q == 0 ? t->first[q] : "[]");
    }
    write_response(a, "tiny-a", t->ids[5], t->truth[5]);
    write_response(b, "tiny-b", t->ids[6], t->truth[6]);
    write_response(a, "tiny-a", t->ids[0], "[]");
    fclose(a);
    fclose(b);
    *state = t;
    return 0;
}

static int tiny_teardown(void **state)
{
    tiny_data *t = *state;
    char path[128];
    snprintf(path, sizeof path, "%s/a.jsonl", t->dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/b.jsonl", t->dir);
    unlink(path);
    rmdir(t->dir);
    for (int i = 0; i < t->n; i++) {
        free(t->ids[i]);
        free(t->truth[i]);
        free(t->first[i]);
    }
    free(t);
    return 0;
}

static pl_workspace *open_tiny(const tiny_data *t)
{
    char a[128], b[128];
    snprintf(a, sizeof a, "%s/a.jsonl", t->dir);
    snprintf(b, sizeof b, "%s/b.jsonl", t->dir);
    const char *paths[] = {SAMPLES "/acpbench/blocksworld.gen.json", a, b};
    return open_graded(paths, 3);
}

static void test_tiny_pairs_and_se(void **state)
{
    tiny_data *t = *state;
    pl_workspace *ws = open_tiny(t);
    pl_run_comparison c;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_run_compare(ws, NULL, 0, "tiny-a", "tiny-b", &c, &err), PL_OK);
    assert_int_equal(c.npairs, 5);
    assert_int_equal(c.only_a, 1);
    assert_int_equal(c.only_b, 1);
    assert_int_equal(c.dup_a, 1);
    assert_int_equal(c.dup_b, 0);
    assert_int_equal(c.pending + c.errors, 0);
    assert_int_equal(c.ntasks, 1);
    const pl_cmp_task *app = &c.tasks[0];
    assert_string_equal(app->task, "app");
    assert_int_equal(app->accuracy.n, 5);
    assert_float_equal(app->accuracy.diff, 0.2, 1e-12);
    assert_float_equal(app->accuracy.se, 0.3741657386773941, 1e-12); /* worked out above */
    assert_int_equal(app->a_only, 2);
    assert_int_equal(app->b_only, 1);
    /* pairs come in A's record order and join the same question; the first
     * response of A to question 0 is the one paired (a right answer) */
    double va[5], vb[5];
    for (int p = 0; p < 5; p++) {
        const pl_cmp_pair *pair = &c.pairs[p];
        const pl_ws_record *ra = pl_workspace_record(ws, pair->a), *rb = pl_workspace_record(ws, pair->b);
        assert_string_equal(ra->id, t->ids[p]);
        assert_string_equal(rb->id, t->ids[p]);
        assert_true(pair->ready && pair->has_value);
        va[p] = ra->value;
        vb[p] = rb->value;
    }
    assert_int_equal(c.pairs[0].score_a, 1);
    /* B's partial answer to question 0: IoU 1/|G| strictly between 0 and 1 */
    assert_true(vb[0] > 0 && vb[0] < 1);
    double mean = 0, ss = 0;
    for (int p = 0; p < 5; p++)
        mean += (va[p] - vb[p]) / 5;
    for (int p = 0; p < 5; p++)
        ss += (va[p] - vb[p] - mean) * (va[p] - vb[p] - mean);
    assert_int_equal(app->value.n, 5);
    assert_false(app->is_distance);
    assert_float_equal(app->value.diff, mean, 1e-12);
    assert_float_equal(app->value.se, sqrt(ss / 4 / 5), 1e-12);
    pl_run_comparison_free(&c);

    /* B against A: the same pairs, the difference negated, the SE unchanged */
    assert_int_equal(pl_run_compare(ws, NULL, 0, "tiny-b", "tiny-a", &c, &err), PL_OK);
    assert_float_equal(c.tasks[0].accuracy.diff, -0.2, 1e-12);
    assert_float_equal(c.tasks[0].accuracy.se, 0.3741657386773941, 1e-12);
    assert_int_equal(c.tasks[0].a_only, 1);
    pl_run_comparison_free(&c);
    pl_workspace_close(ws);
}

/* Before grading the pairs exist and wait: no statistics yet. */
static void test_before_grading(void **state)
{
    tiny_data *t = *state;
    char a[128], b[128];
    snprintf(a, sizeof a, "%s/a.jsonl", t->dir);
    snprintf(b, sizeof b, "%s/b.jsonl", t->dir);
    const char *paths[] = {SAMPLES "/acpbench/blocksworld.gen.json", a, b};
    pl_diags warnings = PL_DIAGS_INIT;
    pl_workspace *ws = pl_workspace_open(paths, 3, &warnings);
    assert_non_null(ws);
    pl_diags_clear(&warnings);
    pl_run_comparison c;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_run_compare(ws, NULL, 0, "tiny-a", "tiny-b", &c, &err), PL_OK);
    assert_int_equal(c.npairs, 5);
    assert_int_equal(c.pending, 5);
    assert_int_equal(c.tasks[0].pairs, 5);
    assert_int_equal(c.tasks[0].accuracy.n, 0);
    assert_false(c.pairs[0].ready);
    pl_run_comparison_free(&c);
    pl_view_model vm;
    pl_view_compare(ws, NULL, "tiny-a", "tiny-b", PL_CMP_ALL, 0.1, true, 100, &vm);
    assert_int_equal(question_lines(&vm), 0);
    char *counts = pl_vm_line_text(&vm.lines[1]);
    assert_non_null(strstr(counts, "grading 5"));
    free(counts);
    pl_vm_free(&vm);
    pl_workspace_close(ws);
}

static void test_unknown_and_same_run(void **state)
{
    tiny_data *t = *state;
    pl_workspace *ws = open_tiny(t);
    pl_run_comparison c;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_run_compare(ws, NULL, 0, "tiny-a", "gpt-9", &c, &err), PL_ERR_SEMANTIC);
    assert_string_equal(err.message, "no run named 'gpt-9' (runs: tiny-a, tiny-b)");
    pl_run_comparison_free(&c);
    assert_int_equal(pl_run_compare(ws, NULL, 0, "tiny-a", "tiny-a", &c, &err), PL_ERR_SEMANTIC);
    pl_run_comparison_free(&c);
    /* a run that exists but is outside the records given */
    int only_first = 0;
    assert_string_equal(pl_workspace_record(ws, 0)->model, "tiny-a");
    assert_int_equal(pl_run_compare(ws, &only_first, 1, "tiny-a", "tiny-b", &c, &err), PL_ERR_SEMANTIC);
    assert_non_null(strstr(err.message, "run 'tiny-b' has no responses among those selected"));
    pl_run_comparison_free(&c);
    pl_view_model vm;
    pl_view_compare(ws, NULL, "tiny-a", "gpt-9", PL_CMP_ALL, 0.1, false, 100, &vm);
    assert_int_equal(vm.nlines, 1);
    assert_int_equal(vm.lines[0].spans[0].role, ROLE_ERROR);
    assert_non_null(strstr(vm.lines[0].spans[0].text, "runs: tiny-a, tiny-b"));
    pl_vm_free(&vm);
    pl_error_clear(&err);
    pl_workspace_close(ws);
}

/* ---- the compare screen over sample-runs/ ---- */

static void test_view_on_sample_runs(void **state)
{
    (void)state;
    const char *paths[] = {SAMPLES};
    pl_workspace *ws = open_graded(paths, 1);
    pl_run_comparison c;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_run_compare(ws, NULL, 0, "synthetic-careful", "synthetic-sloppy", &c, &err), PL_OK);
    assert_int_equal(c.npairs, 196);
    assert_int_equal(c.only_a + c.only_b + c.dup_a + c.dup_b + c.errors + c.pending, 0);
    /* every task's accuracies equal the records' own, counted here */
    for (int t = 0; t < c.ntasks; t++) {
        int n[2] = {0, 0}, right[2] = {0, 0};
        for (int i = 0; i < pl_workspace_count(ws); i++) {
            const pl_ws_record *r = pl_workspace_record(ws, i);
            int side = !strcmp(r->model, "synthetic-sloppy");
            if (!strcmp(r->task, c.tasks[t].task)) {
                n[side]++;
                right[side] += r->score;
            }
        }
        assert_int_equal(c.tasks[t].accuracy.n, n[0]);
        assert_int_equal(n[0], n[1]);
        assert_float_equal(c.tasks[t].accuracy.mean_a, (double)right[0] / n[0], 1e-12);
        assert_float_equal(c.tasks[t].accuracy.mean_b, (double)right[1] / n[1], 1e-12);
        assert_int_equal(c.tasks[t].a_only - c.tasks[t].b_only, right[0] - right[1]);
    }
    assert_true(task_named(&c, "plan")->is_distance);
    assert_true(c.total.mixed_values);
    int disagree = c.total.a_only + c.total.b_only;

    pl_view_model all, agree, dis;
    pl_view_compare(ws, NULL, "synthetic-careful", "synthetic-sloppy", PL_CMP_ALL, 0.1, false, 120, &all);
    pl_view_compare(ws, NULL, "synthetic-careful", "synthetic-sloppy", PL_CMP_AGREE, 0.1, false, 120, &agree);
    pl_view_compare(ws, NULL, "synthetic-careful", "synthetic-sloppy", PL_CMP_DISAGREE, 0.1, true, 120, &dis);
    assert_false(all.oom);
    assert_int_equal(question_lines(&all), c.npairs);
    assert_int_equal(question_lines(&dis), disagree);
    assert_int_equal(question_lines(&agree), c.npairs - disagree);
    /* a question line opens run A's record; B's answer to the same question is on it */
    for (int i = 0; i < dis.nlines; i++) {
        if (dis.lines[i].target < 0)
            continue;
        const pl_ws_record *ra = pl_workspace_record(ws, dis.lines[i].target);
        assert_string_equal(ra->model, "synthetic-careful");
        char *text = pl_vm_line_text(&dis.lines[i]);
        assert_non_null(strstr(text, ra->id));
        assert_non_null(strstr(text, ra->score ? "A right" : "B right"));
        free(text);
    }
    /* ascii: no byte ≥ 0x80 anywhere; unicode: the Δ ± header is there */
    for (int i = 0; i < dis.nlines; i++)
        for (int s = 0; s < dis.lines[i].nspans; s++)
            for (const unsigned char *p = (const unsigned char *)dis.lines[i].spans[s].text; *p; p++)
                assert_true(*p < 0x80);
    for (const unsigned char *p = (const unsigned char *)dis.status; *p; p++)
        assert_true(*p < 0x80);
    bool has_delta = false;
    for (int i = 0; i < all.nlines; i++) {
        char *text = pl_vm_line_text(&all.lines[i]);
        has_delta |= strstr(text, "Δ acc") && strstr(text, "Δ mean");
        free(text);
    }
    assert_true(has_delta);
    /* the summary row of app shows its numbers */
    const pl_cmp_task *app = task_named(&c, "app");
    char want[64];
    snprintf(want, sizeof want, "%+.1f ±%.1f", 100 * app->accuracy.diff, 100 * app->accuracy.se);
    bool found = false;
    for (int i = 0; i < all.nlines && !found; i++) {
        char *text = pl_vm_line_text(&all.lines[i]);
        found = !strncmp(text, "app ", 4) && strstr(text, want);
        free(text);
    }
    assert_true(found);
    pl_vm_free(&all);
    pl_vm_free(&agree);
    pl_vm_free(&dis);

    /* the paired histograms: same bins, each run's values counted once */
    for (int t = 0; t < c.ntasks; t++) {
        pl_histogram h[2];
        assert_int_equal(pl_run_compare_histograms(ws, &c, t, 0.25, h, &err), PL_OK);
        assert_int_equal(h[0].nbins, 4);
        assert_int_equal(h[1].nbins, 4);
        int in_bins[2] = {0, 0}, expected[2][4] = {{0}};
        for (int p = 0; p < c.npairs; p++)
            if (c.pairs[p].task == t && c.pairs[p].has_value) { /* reach, val, ...: no value */
                expected[0][pl_histogram_bin_of(&h[0], c.pairs[p].value_a)]++;
                expected[1][pl_histogram_bin_of(&h[1], c.pairs[p].value_b)]++;
            }
        for (int side = 0; side < 2; side++)
            for (int b = 0; b < 4; b++) {
                assert_int_equal(h[side].bins[b].count, expected[side][b]);
                in_bins[side] += h[side].bins[b].count;
            }
        assert_int_equal(in_bins[0], c.tasks[t].value.n);
        assert_int_equal(in_bins[1], c.tasks[t].value.n);
        pl_histogram_free(&h[0]);
        pl_histogram_free(&h[1]);
    }
    assert_int_not_equal(pl_run_compare_histograms(ws, &c, 0, 0.3, (pl_histogram[2]){0}, &err), PL_OK);
    pl_error_clear(&err);
    pl_run_comparison_free(&c);

    /* a filter narrows the records compared */
    int col;
    char *msg = NULL;
    pl_filter *f = pl_filter_parse("task=plan", &col, &msg);
    pl_selection sel = {.filter = f};
    pl_view_model plan;
    pl_view_compare(ws, &sel, "synthetic-careful", "synthetic-sloppy", PL_CMP_ALL, 0.1, false, 120, &plan);
    assert_int_equal(question_lines(&plan), 14); /* one plan question per sample problem */
    assert_non_null(strstr(plan.status, "14 paired"));
    pl_vm_free(&plan);
    pl_filter_free(f);
    pl_workspace_close(ws);
}

/* ---- the conformance responses as two runs, against the reference verdicts ---- */

typedef struct {
    char *key;       /* the line's `"id": …, "group": "…"` text */
    int first, last; /* line indices; last = first when answered once */
} question_lines_t;

/* Writes one line per question (its first response, or its last when it
 * has several) with a model added. */
static void write_run(const char *path, char **lines, const question_lines_t *qs, int nq, bool last,
                      const char *model)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    for (int q = 0; q < nq; q++) {
        if (last && qs[q].last == qs[q].first)
            continue;
        const char *line = lines[last ? qs[q].last : qs[q].first];
        fprintf(f, "{\"model\": \"%s\", %s\n", model, line + 1);
    }
    fclose(f);
}

static char **split_lines(char *text, int *n)
{
    char **lines = NULL;
    *n = 0;
    for (char *save = NULL, *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        lines = realloc(lines, (size_t)(*n + 1) * sizeof *lines);
        assert_non_null(lines);
        lines[(*n)++] = l;
    }
    return lines;
}

static void test_conformance_runs(void **state)
{
    (void)state;
    if (!pl_test_data_dir("test_compare conformance responses"))
        skip();
    char *text = pl_read_file(pl_test_data_path("conformance/acpbench-dev/responses.jsonl"), NULL, NULL);
    assert_non_null(text);
    cJSON *verdicts = pl_test_read_jsonl(pl_test_data_path("conformance/acpbench-dev/verdicts.jsonl"));
    int nlines;
    char **lines = split_lines(text, &nlines);
    assert_int_equal(nlines, cJSON_GetArraySize(verdicts));
    /* questions by the exact text of their id and group (ids repeat across groups) */
    question_lines_t *qs = calloc((size_t)nlines, sizeof *qs);
    assert_non_null(qs);
    int nq = 0;
    for (int i = 0; i < nlines; i++) {
        const char *end = strstr(lines[i], ", \"response\"");
        assert_non_null(end);
        int q = 0;
        while (q < nq && (strlen(qs[q].key) != (size_t)(end - lines[i]) || strncmp(qs[q].key, lines[i], end - lines[i])))
            q++;
        if (q == nq)
            qs[nq++] = (question_lines_t){pl_strndup(lines[i], (size_t)(end - lines[i])), i, i};
        qs[q].last = i;
    }
    char dir[] = "/tmp/planlens-compare-XXXXXX", a[64], b[64];
    assert_non_null(mkdtemp(dir));
    snprintf(a, sizeof a, "%s/first.jsonl", dir);
    snprintf(b, sizeof b, "%s/last.jsonl", dir);
    write_run(a, lines, qs, nq, false, "first-response");
    write_run(b, lines, qs, nq, true, "last-response");
    const char *paths[] = {pl_test_data_path("conformance/acpbench-dev/dev_questions.json"), a, b};
    pl_workspace *ws = open_graded(paths, 3);

    pl_run_comparison c;
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_run_compare(ws, NULL, 0, "first-response", "last-response", &c, &err), PL_OK);
    int once = 0;
    for (int q = 0; q < nq; q++)
        once += qs[q].first == qs[q].last;
    assert_int_equal(c.npairs, nq - once);
    assert_int_equal(c.only_a, once);
    assert_int_equal(c.only_b + c.dup_a + c.dup_b + c.pending + c.errors, 0);
    /* per task, from the reference verdicts: n, accuracies, discordant
     * counts, and the SE in its closed form for 0/1 outcomes:
     * Σ(d − d̄)² = (a_only + b_only) − n·d̄² */
    int checked = 0;
    for (int t = 0; t < c.ntasks; t++) {
        int n = 0, ra = 0, rb = 0, a_only = 0, b_only = 0;
        for (int i = 0; i < pl_workspace_count(ws); i++) {
            const pl_ws_record *r = pl_workspace_record(ws, i);
            if (strcmp(r->model, "first-response") || strcmp(r->task, c.tasks[t].task))
                continue;
            const question_lines_t *q = &qs[r->resp->line - 1]; /* run A holds question q on line q + 1 */
            if (q->first == q->last)
                continue;
            int sa = cJSON_GetObjectItem(cJSON_GetArrayItem(verdicts, q->first), "score")->valueint;
            int sb = cJSON_GetObjectItem(cJSON_GetArrayItem(verdicts, q->last), "score")->valueint;
            n++;
            ra += sa;
            rb += sb;
            a_only += sa && !sb;
            b_only += !sa && sb;
        }
        const pl_cmp_task *ct = &c.tasks[t];
        assert_int_equal(ct->accuracy.n, n);
        assert_float_equal(ct->accuracy.mean_a, (double)ra / n, 1e-12);
        assert_float_equal(ct->accuracy.mean_b, (double)rb / n, 1e-12);
        assert_int_equal(ct->a_only, a_only);
        assert_int_equal(ct->b_only, b_only);
        double d = (double)(ra - rb) / n;
        assert_float_equal(ct->accuracy.se, sqrt((a_only + b_only - n * d * d) / (n - 1) / n), 1e-9);
        checked += n;
    }
    assert_int_equal(checked, nq - once);
    printf("conformance: %d questions paired, %d answered once, %d tasks\n", nq - once, once, c.ntasks);
    pl_run_comparison_free(&c);
    pl_workspace_close(ws);
    unlink(a);
    unlink(b);
    rmdir(dir);
    for (int q = 0; q < nq; q++)
        free(qs[q].key);
    free(qs);
    free(lines);
    free(text);
    cJSON_Delete(verdicts);
}

/* One plan-quality case line: the model's name is in its case id, as in the
 * paper's data. */
static void write_case(FILE *f, const char *domain, const char *problem, const char *model, const char *instance,
                       const char *plan)
{
    cJSON *o = cJSON_CreateObject();
    char *id = pl_strdup_printf("bw/%s/zero_shot/%s", model, instance);
    cJSON_AddStringToObject(o, "case_id", id);
    cJSON_AddStringToObject(o, "model", model);
    cJSON_AddStringToObject(o, "domain", "bw");
    cJSON_AddStringToObject(o, "prompt_type", "zero_shot");
    cJSON_AddStringToObject(o, "instance_id", instance);
    cJSON_AddStringToObject(o, "domain_pddl", domain);
    cJSON_AddStringToObject(o, "problem_pddl", problem);
    const char *gt[] = {"(pick-up b)"};
    cJSON_AddItemToObject(o, "gt_plan", cJSON_CreateStringArray(gt, 1));
    cJSON_AddItemToObject(o, "llm_plan", cJSON_CreateStringArray(&plan, 1));
    char *line = cJSON_PrintUnformatted(o);
    fprintf(f, "%s\n", line);
    free(line);
    free(id);
    cJSON_Delete(o);
}

/* Plan-quality cases of two models pair by (domain, prompt, instance), not
 * by their case ids (which name the model). */
static void test_plan_quality_pairs(void **state)
{
    (void)state;
    size_t len;
    pl_error err = PL_ERROR_INIT;
    char *domain = pl_read_file(SAMPLES "/blocksworld/domain.pddl", &len, &err);
    char *problem = pl_read_file(SAMPLES "/blocksworld/problem.pddl", &len, &err);
    assert_non_null(domain);
    assert_non_null(problem);
    char dir[] = "/tmp/planlens-cases-XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/cases.jsonl", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    write_case(f, domain, problem, "m1", "1", "(pick-up b)");
    write_case(f, domain, problem, "m2", "1", "(pick-up a)");
    write_case(f, domain, problem, "m1", "2", "(pick-up b)");
    write_case(f, domain, problem, "m2", "3", "(pick-up b)");
    fclose(f);
    const char *paths[] = {path};
    pl_workspace *ws = open_graded(paths, 1);
    pl_run_comparison c;
    assert_int_equal(pl_run_compare(ws, NULL, 0, "m1", "m2", &c, &err), PL_OK);
    assert_int_equal(c.npairs, 1);
    assert_int_equal(c.only_a, 1);
    assert_int_equal(c.only_b, 1);
    const pl_ws_record *a = pl_workspace_record(ws, c.pairs[0].a), *b = pl_workspace_record(ws, c.pairs[0].b);
    assert_string_equal(a->id, "bw/m1/zero_shot/1");
    assert_string_equal(b->id, "bw/m2/zero_shot/1");
    pl_run_comparison_free(&c);
    pl_workspace_close(ws);
    remove(path);
    rmdir(dir);
    free(domain);
    free(problem);
    /* the paper's data: case ids name the model, so pairing by id found none */
    if (!pl_test_data_dir("plan-quality/dev.jsonl"))
        return;
    const char *dev[] = {pl_test_data_path("plan-quality/dev.jsonl")};
    ws = open_graded(dev, 1);
    assert_int_equal(pl_run_compare(ws, NULL, 0, "o4-mini_chat", "o3-mini_chat", &c, &err), PL_OK);
    printf("plan-quality dev: o4-mini_chat vs o3-mini_chat: %d pairs\n", c.npairs);
    assert_true(c.npairs > 0);
    pl_run_comparison_free(&c);
    pl_workspace_close(ws);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_paired_se_by_hand),
        cmocka_unit_test_setup_teardown(test_tiny_pairs_and_se, tiny_setup, tiny_teardown),
        cmocka_unit_test_setup_teardown(test_before_grading, tiny_setup, tiny_teardown),
        cmocka_unit_test_setup_teardown(test_unknown_and_same_run, tiny_setup, tiny_teardown),
        cmocka_unit_test(test_view_on_sample_runs),
        cmocka_unit_test(test_conformance_runs),
        cmocka_unit_test(test_plan_quality_pairs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
