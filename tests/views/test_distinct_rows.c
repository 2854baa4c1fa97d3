/* Rows that differ look different (issue 28 point 1): tables cut names so
 * that distinct values stay distinct, after dropping what every row shares;
 * columns of placeholders give their room to the names; rows that are
 * still the same (one question answered several times by one run) get an
 * answer column.  Over sample-runs/ and, when present, ../shared/data. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "table.h"
#include "test_support.h"
#include "views.h"

static char *line_text(const pl_view_model *vm, int i)
{
    char *s = pl_vm_line_text(&vm->lines[i]);
    assert_non_null(s);
    return s;
}

/* Every two selectable lines of the model differ as drawn; returns how many
 * lines were compared. */
static int lines_distinct(const pl_view_model *vm, int width)
{
    char **texts = calloc((size_t)vm->nlines + 1, sizeof *texts);
    assert_non_null(texts);
    int n = 0;
    for (int i = vm->nfixed; i < vm->nlines; i++)
        if (vm->lines[i].target >= 0)
            texts[n++] = line_text(vm, i); /* the whole line: what scrolls sideways counts too */
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (!strcmp(texts[i], texts[j]))
                fail_msg("two rows read the same at %d columns: %s", width, texts[i]);
    for (int i = 0; i < n; i++)
        free(texts[i]);
    free(texts);
    return n;
}

/* The records of one run and task (a dashboard row's list). */
static int *records_of(const pl_workspace *ws, const char *model, const char *task, int *n)
{
    int *out = malloc(((size_t)pl_workspace_count(ws) + 1) * sizeof *out);
    assert_non_null(out);
    *n = 0;
    for (int i = 0; i < pl_workspace_count(ws); i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        if (!strcmp(r->model, model) && (!task || !strcmp(r->task, task)))
            out[(*n)++] = i;
    }
    return out;
}

/* synthetic-careful / applicability at 80 columns: the ids differ as drawn,
 * without the task every id ends in (the breadcrumb names it), a flag or not
 * (it read `blocksworld-4ops…-4/applicability` for bw-sample-4 and bw-5-4). */
static void test_applicability_ids_apart(void **state)
{
    pl_workspace *ws = *state;
    int n;
    int *subset = records_of(ws, "synthetic-careful", "applicability", &n);
    assert_int_equal(n, 14);
    pl_selection sel = {NULL, subset, n, NULL};
    for (int flagged = 0; flagged < 2; flagged++) {
        if (flagged)
            pl_workspace_annotate(ws, subset[0], true, NULL);
        for (int width = 80; width <= 220; width += 60) {
            pl_view_model vm;
            pl_view_list(ws, &sel, SORT_INPUT, false, width, false, &vm);
            pl_view_list_fill(ws, &vm, 0, vm.nlines);
            assert_int_equal(lines_distinct(&vm, width), 14);
            bool sample = false;
            for (int i = 1; i < vm.nlines; i++) {
                char *text = line_text(&vm, i);
                sample = sample || strstr(text, "bw-sample-4");
                assert_true(width > 80 || !strstr(text, "/applicability")); /* dropped to make room */
                free(text);
            }
            assert_true(sample); /* the part that tells the rows apart is whole */
            pl_vm_free(&vm);
        }
    }
    pl_workspace_annotate(ws, subset[0], false, NULL);
    free(subset);
}

/* The table alone: names every value shares the start of, the same middle
 * cut for two values, a number's sign kept. */
static void test_table_cuts_apart(void **state)
{
    (void)state;
    const char *runs[] = {"claude_3-5_haiku", "claude_3_haiku", "claude_3-7_sonnet", "gemini_2-5_flash",
                          "gemini_2_flash",   "o3-mini_chat",   "o4-mini_chat",      "qcode",
                          "qcodel",           "responses.jsonl"};
    int n = sizeof runs / sizeof *runs;
    for (int width = 4; width <= 16; width++) {
        pl_table t;
        pl_table_init(&t, false);
        int run = pl_table_add(&t, "run", PL_ALIGN_LEFT, true, 4);
        for (int i = 0; i < n; i++)
            pl_table_measure(&t, run, runs[i]);
        pl_table_values(&t, run, runs, n);
        pl_table_fit(&t, width);
        assert_true(t.cols[run].floor < 16); /* a form of its own in fewer columns than the widest */
        if (t.cols[run].width < t.cols[run].floor)
            continue; /* narrower than that: rows may read the same */
        pl_view_model vm;
        pl_vm_init(&vm);
        for (int i = 0; i < n; i++) {
            pl_vm_line(&vm, i);
            pl_table_cell(&t, run, &vm, ROLE_TEXT, runs[i]);
        }
        lines_distinct(&vm, t.cols[run].width);
        pl_vm_free(&vm);
    }
    const char *ids[] = {"-3661081234919015750", "-3661081299919015750", "-8254512345678980213"};
    pl_table t;
    pl_table_init(&t, true);
    int id = pl_table_add(&t, "id", PL_ALIGN_LEFT, true, 8);
    for (int i = 0; i < 3; i++)
        pl_table_measure(&t, id, ids[i]);
    pl_table_values(&t, id, ids, 3);
    pl_table_fit(&t, 14);
    pl_view_model vm;
    pl_vm_init(&vm);
    for (int i = 0; i < 3; i++) {
        pl_vm_line(&vm, i);
        pl_table_cell(&t, id, &vm, ROLE_TEXT, ids[i]);
        char *text = line_text(&vm, i);
        assert_true(text[0] == '-'); /* the sign is not a shared prefix to drop */
        free(text);
    }
    lines_distinct(&vm, 14);
    pl_vm_free(&vm);
}

/* ../shared/data: the dashboard's runs at 80 columns (clau…aiku, gemi…lash
 * twice each), the disagreements' ACPBench ids, and the conformance set's
 * ten answers to one val question, told apart by an answer column. */
static void test_shared_data_apart(void **state)
{
    (void)state;
    const char *dir = pl_test_data_dir("the dashboard and lists of ../shared/data");
    if (!dir)
        return;
    const char *paths[] = {dir};
    pl_workspace *ws = pl_test_open_graded(paths, 1);
    assert_non_null(ws);
    for (int width = 80; width <= 220; width += 60) {
        pl_view_model vm;
        pl_dashboard_rows rows;
        pl_view_dashboard(ws, NULL, width, false, NULL, &vm, &rows);
        assert_true(lines_distinct(&vm, width) > 20);
        pl_dashboard_rows_free(&rows);
        pl_vm_free(&vm);
        int val = -1;
        for (int i = 0; i < pl_workspace_count(ws) && val < 0; i++)
            if (!strcmp(pl_workspace_record(ws, i)->id, "4896696031890359153"))
                val = i;
        assert_true(val >= 0);
        int n;
        int *subset = records_of(ws, pl_workspace_record(ws, val)->model, "val", &n); /* a dashboard row's list */
        pl_selection sel = {NULL, subset, n, NULL};
        pl_view_list(ws, &sel, SORT_ID, false, width, false, &vm);
        assert_true(vm.table->cols[vm.table->ncols - 2].width > 0); /* the answer column */
        int from = 0;
        for (int i = 0; i < vm.nlines; i++) { /* the rows of the val question */
            const pl_ws_record *r = vm.lines[i].target >= 0 ? pl_workspace_record(ws, vm.lines[i].target) : NULL;
            if (r && !strcmp(r->id, "4896696031890359153") && !from)
                from = i;
        }
        assert_true(from > 0);
        pl_view_list_fill(ws, &vm, from, from + 10);
        pl_view_model part;
        pl_vm_init(&part);
        for (int i = from; i < from + 10; i++) {
            pl_vm_line(&part, vm.lines[i].target);
            char *text = line_text(&vm, i);
            pl_vm_span(&part, ROLE_TEXT, "%s", text);
            assert_true(width < 220 || strstr(text, "4896696031890359153")); /* whole when it fits */
            free(text);
        }
        assert_int_equal(lines_distinct(&part, width), 10);
        pl_vm_free(&part);
        pl_vm_free(&vm);
        free(subset);
    }
    pl_workspace_close(ws);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_cuts_apart),
        cmocka_unit_test(test_applicability_ids_apart),
        cmocka_unit_test(test_shared_data_apart),
    };
    return cmocka_run_group_tests(tests, pl_test_open_samples, pl_test_close_workspace);
}
