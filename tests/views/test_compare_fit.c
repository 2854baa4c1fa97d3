/* The compare screen fitted to the terminal: section headings that stay in
 * view while their section scrolls (views/viewport.h), and the summary and
 * question tables at 60, 80, 140 and 220 columns over sample-runs/ (and the
 * plan-quality data when present): the verdict columns of both runs always
 * shown, long ids cut in the middle, nothing past the width. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compare_view.h"
#include "test_support.h"
#include "viewport.h"

/* 10 lines of text, a heading, 20 items, a heading, 20 items (lines 0-52). */
static void sections(pl_view_model *vm)
{
    pl_vm_init(vm);
    for (int i = 0; i < 10; i++) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_TEXT, "text %d", i);
    }
    for (int s = 0; s < 2; s++) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_HEADER, "heading %d", s);
        pl_vm_heading(vm);
        for (int i = 0; i < 20; i++) {
            pl_vm_line(vm, 100 * s + i);
            pl_vm_span(vm, ROLE_TEXT, "item %d.%d", s, i);
        }
    }
}

/* The lines shown, row by row, in `shown` (height rows). */
static void rows(const pl_view_model *vm, const pl_viewport *v, int height, int *shown)
{
    for (int r = 0; r < height; r++)
        shown[r] = pl_vp_line_at(vm, v, height, r);
}

static void test_heading_stays_while_its_section_scrolls(void **state)
{
    (void)state;
    pl_view_model vm;
    sections(&vm);
    assert_int_equal(vm.nheadings, 2);
    assert_int_equal(vm.headings[0], 10);
    assert_int_equal(vm.headings[1], 31);
    pl_viewport v = {-1, 0, 0, false};
    pl_vp_fit(&vm, 8, 80, &v);
    int shown[8];
    rows(&vm, &v, 8, shown);
    assert_int_equal(v.cursor, 11); /* the first item, in view on the last row */
    assert_int_equal(shown[7], 11);
    assert_int_equal(shown[0], 4); /* above the first heading: plain scrolling */
    /* the cursor walks down into the first section: its heading stays on the first row */
    for (int i = 0; i < 10; i++)
        pl_vp_line(&vm, 8, &v, 1);
    pl_vp_fit(&vm, 8, 80, &v);
    assert_int_equal(v.cursor, 21);
    rows(&vm, &v, 8, shown);
    assert_int_equal(shown[0], 10);
    assert_int_equal(shown[7], 21);
    assert_int_equal(shown[1], v.top + 1); /* line `top` is under the heading */
    /* back up: the item right below the heading comes out from under it */
    for (int i = 0; i < 9; i++)
        pl_vp_line(&vm, 8, &v, -1);
    pl_vp_fit(&vm, 8, 80, &v);
    assert_int_equal(v.cursor, 12);
    rows(&vm, &v, 8, shown);
    assert_int_equal(shown[0], 10);
    assert_int_equal(shown[1], 12);
    pl_vp_line(&vm, 8, &v, -1);
    pl_vp_fit(&vm, 8, 80, &v);
    rows(&vm, &v, 8, shown);
    assert_int_equal(shown[0], 10); /* the heading in its own place, then the first item */
    assert_int_equal(shown[1], 11);
    assert_int_equal(v.cursor, 11);
    /* a page down skips no line: the next page starts right after the last row */
    int last = shown[7];
    pl_vp_page(&vm, 8, &v, 1);
    pl_vp_fit(&vm, 8, 80, &v);
    rows(&vm, &v, 8, shown);
    assert_int_equal(shown[0], 10);
    assert_int_equal(shown[1], last + 1);
    /* and a page up brings back the line that was under the heading */
    int hidden = v.top;
    pl_vp_page(&vm, 8, &v, -1);
    pl_vp_fit(&vm, 8, 80, &v);
    rows(&vm, &v, 8, shown);
    assert_int_equal(shown[7], hidden);
    /* the second section: its own heading replaces the first one */
    pl_vp_edge(&vm, 8, &v, 1);
    pl_vp_fit(&vm, 8, 80, &v);
    rows(&vm, &v, 8, shown);
    assert_int_equal(shown[0], 31);
    assert_int_equal(shown[7], 51);
    assert_int_equal(v.cursor, 51);
    pl_vm_free(&vm);
}

/* A heading sticks only over lines of its own section: the last line before
 * the next heading shows itself, not the old heading over it. */
static void test_next_section_right_below(void **state)
{
    (void)state;
    pl_view_model vm;
    sections(&vm);
    pl_viewport v = {-1, 30, 0, true};
    int shown[8];
    rows(&vm, &v, 8, shown);
    assert_int_equal(shown[0], 30);
    assert_int_equal(shown[1], 31);
    v.top = 29;
    rows(&vm, &v, 8, shown);
    assert_int_equal(shown[0], 10);
    assert_int_equal(shown[1], 30);
    pl_vm_truncate(&vm, 20); /* headings go with their lines */
    assert_int_equal(vm.nheadings, 1);
    pl_vm_free(&vm);
}

/* The text of line i (a new string). */
static char *text_of(const pl_view_model *vm, int i)
{
    char *text = pl_vm_line_text(&vm->lines[i]);
    assert_non_null(text);
    return text;
}

/* The header of the question table: the line before the first question line. */
static int question_header(const pl_view_model *vm)
{
    for (int i = 0; i < vm->nlines; i++)
        if (vm->lines[i].target >= 0)
            return i - 1;
    return -1;
}

static void assert_fits(const pl_view_model *vm, int width)
{
    for (int i = 0; i < vm->nlines; i++)
        if (pl_vm_line_columns(&vm->lines[i]) > width) {
            char *text = text_of(vm, i);
            fail_msg("line %d is %d columns at %d: '%s'", i, pl_vm_line_columns(&vm->lines[i]), width, text);
        }
}

/* Every question line shows both runs' scores and the mark, and its id is
 * whole or cut in the middle (both ends kept); returns how many were cut. */
static int check_question_lines(const pl_workspace *ws, const pl_view_model *vm)
{
    int cut = 0;
    for (int i = 0; i < vm->nlines; i++) {
        if (vm->lines[i].target < 0)
            continue;
        const char *id = pl_workspace_record(ws, vm->lines[i].target)->id;
        char *text = text_of(vm, i);
        assert_true(strstr(text, " agree") || strstr(text, " A right") || strstr(text, " B right"));
        size_t cell = strcspn(text, " ");
        if (strncmp(text, id, strlen(id)) || text[strlen(id)] != ' ') {
            char *dots = strstr(text, "..");
            assert_non_null(dots);
            assert_true((size_t)(dots - text) < cell);
            size_t head = (size_t)(dots - text), tail = cell - head - 2;
            assert_memory_equal(text, id, head);
            assert_memory_equal(dots + 2, id + strlen(id) - tail, tail);
            assert_true(head >= tail && head <= tail + 1);
            cut++;
        }
        free(text);
    }
    return cut;
}

static void test_compare_fits_each_width(void **state)
{
    const pl_workspace *ws = *state;
    const int widths[] = {60, 80, 140, 220};
    for (size_t w = 0; w < sizeof widths / sizeof *widths; w++) {
        int width = widths[w];
        pl_view_model vm;
        pl_view_compare(ws, NULL, "synthetic-careful", "synthetic-sloppy", PL_CMP_ALL, 0.1, true, width, &vm);
        assert_false(vm.oom);
        assert_fits(&vm, width);
        int header = question_header(&vm);
        assert_true(header > 0);
        assert_int_equal(vm.headings[vm.nheadings - 1], header); /* it stays while the questions scroll */
        char *h = text_of(&vm, header);
        assert_non_null(strstr(h, " A B value A value B "));
        assert_non_null(strstr(h, " mark"));
        assert_true(!strncmp(h, "id ", 3) || !strncmp(h, "id.", 3));
        int cut = check_question_lines(ws, &vm);
        if (width >= 140) /* room for the whole ids */
            assert_int_equal(cut, 0);
        else /* blocksworld-4ops/bw-sample-4/applicability is cut */
            assert_true(cut > 0);
        assert_non_null(strstr(h, " task "));
        free(h);
        /* the summary: one table when it fits, else accuracy first, then the values */
        int acc = -1, mean = -1;
        for (int i = 0; i < header; i++) {
            char *text = text_of(&vm, i);
            if (strstr(text, "acc A") && acc < 0)
                acc = i;
            if (strstr(text, "mean A") && mean < 0)
                mean = i;
            free(text);
        }
        assert_true(acc > 0 && mean > 0);
        if (width >= 140)
            assert_int_equal(acc, mean);
        else
            assert_true(mean > acc);
        char *row = text_of(&vm, acc + 1);
        assert_non_null(strstr(row, "app "));
        assert_non_null(strstr(row, "64.3%"));
        assert_non_null(strstr(row, "21.4%"));
        free(row);
        pl_vm_free(&vm);
    }
}

/* The widest id cell of the question lines. */
static int widest_id(const pl_view_model *vm)
{
    int widest = 0;
    for (int i = 0; i < vm->nlines; i++)
        if (vm->lines[i].target >= 0) {
            char *text = text_of(vm, i);
            int n = (int)strcspn(text, " ");
            widest = n > widest ? n : widest;
            free(text);
        }
    return widest;
}

/* One task: the task column goes first when room is short (the summary
 * names it), and the ids get its room. */
static void test_one_task_hides_its_column(void **state)
{
    const pl_workspace *ws = *state;
    int col;
    char *msg = NULL;
    pl_filter *f = pl_filter_parse("task=applicability", &col, &msg);
    assert_non_null(f);
    pl_selection sel = {.filter = f};
    pl_view_model wide, narrow, all;
    pl_view_compare(ws, &sel, "synthetic-careful", "synthetic-sloppy", PL_CMP_ALL, 0.1, true, 140, &wide);
    pl_view_compare(ws, &sel, "synthetic-careful", "synthetic-sloppy", PL_CMP_ALL, 0.1, true, 60, &narrow);
    pl_view_compare(ws, NULL, "synthetic-careful", "synthetic-sloppy", PL_CMP_ALL, 0.1, true, 60, &all);
    char *w = text_of(&wide, question_header(&wide)), *n = text_of(&narrow, question_header(&narrow));
    assert_non_null(strstr(w, " task "));
    assert_null(strstr(n, " task "));
    assert_true(check_question_lines(ws, &narrow) > 0);
    assert_true(widest_id(&narrow) > widest_id(&all));
    assert_fits(&narrow, 60);
    free(w);
    free(n);
    pl_vm_free(&wide);
    pl_vm_free(&narrow);
    pl_vm_free(&all);
    pl_filter_free(f);
}

/* The plan-quality data: case ids name the model, so only their ends tell
 * the paired cases apart; cut in the middle, the lines still differ. */
static void test_plan_quality_ids(void **state)
{
    (void)state;
    if (!pl_test_data_dir("plan-quality/dev.jsonl")) {
        printf("SKIP: plan-quality/dev.jsonl not found\n");
        return;
    }
    const char *dev[] = {pl_test_data_path("plan-quality/dev.jsonl")};
    pl_workspace *ws = pl_test_open_graded(dev, 1);
    assert_non_null(ws);
    const int widths[] = {60, 80, 220};
    for (size_t w = 0; w < sizeof widths / sizeof *widths; w++) {
        pl_view_model vm;
        pl_view_compare(ws, NULL, "o4-mini_chat", "o3-mini_chat", PL_CMP_ALL, 0.1, false, widths[w], &vm);
        assert_fits(&vm, widths[w]);
        int header = question_header(&vm), lines = 0;
        assert_true(header > 0);
        for (int i = header + 1; i < vm.nlines; i++)
            for (int k = header + 1; k < i; k++) {
                char *a = text_of(&vm, i), *b = text_of(&vm, k);
                assert_string_not_equal(a, b);
                free(a);
                free(b);
            }
        for (int i = header + 1; i < vm.nlines; i++)
            lines += vm.lines[i].target >= 0;
        assert_int_equal(lines, 5);
        pl_vm_free(&vm);
    }
    pl_workspace_close(ws);
}

int main(void)
{
    const struct CMUnitTest model[] = {
        cmocka_unit_test(test_heading_stays_while_its_section_scrolls),
        cmocka_unit_test(test_next_section_right_below),
        cmocka_unit_test(test_plan_quality_ids),
    };
    const struct CMUnitTest samples[] = {
        cmocka_unit_test(test_compare_fits_each_width),
        cmocka_unit_test(test_one_task_hides_its_column),
    };
    int failed = cmocka_run_group_tests(model, NULL, NULL);
    return failed + cmocka_run_group_tests(samples, pl_test_open_samples, pl_test_close_workspace);
}
