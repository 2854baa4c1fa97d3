/* Screens that fit the terminal: the one scrolling model every screen uses
 * (views/viewport.h), tables sized from their content and the width
 * (views/table.h), and ids in numeric order. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "table.h"
#include "viewport.h"
#include "views.h"

/* `text` lines of plain text, then `items` selectable lines; `fixed` header lines first. */
static void model(pl_view_model *vm, int fixed, int text, int items)
{
    pl_vm_init(vm);
    for (int i = 0; i < fixed; i++) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_HEADER, "header %d", i);
    }
    vm->nfixed = fixed;
    for (int i = 0; i < text; i++) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_TEXT, "text %d", i);
    }
    for (int i = 0; i < items; i++) {
        pl_vm_line(vm, i);
        pl_vm_span(vm, ROLE_TEXT, "item %d", i);
    }
}

/* A page of text scrolls from the first key (the detail screen did not
 * until G was pressed), and no key scrolls past its end. */
static void test_text_scrolls_from_the_first_key(void **state)
{
    (void)state;
    pl_view_model vm;
    model(&vm, 1, 30, 0);
    pl_viewport v = {0, 0, 0, false};
    pl_vp_fit(&vm, 10, 80, &v);
    assert_int_equal(v.top, 1); /* below the fixed header */
    assert_int_equal(v.cursor, -1);
    pl_vp_line(&vm, 10, &v, 1);
    pl_vp_fit(&vm, 10, 80, &v);
    assert_int_equal(v.top, 2);
    pl_vp_page(&vm, 10, &v, 1);
    pl_vp_fit(&vm, 10, 80, &v);
    assert_int_equal(v.top, 11);
    for (int i = 0; i < 5; i++)
        pl_vp_page(&vm, 10, &v, 1);
    pl_vp_fit(&vm, 10, 80, &v);
    assert_int_equal(v.top, 31 - 9); /* the last line on the bottom row, not above it */
    assert_int_equal(pl_vp_line_at(&vm, &v, 10, 9), 30);
    assert_int_equal(pl_vp_line_at(&vm, &v, 10, 0), 0); /* the header stays */
    pl_vp_edge(&vm, 10, &v, -1);
    assert_int_equal(v.top, 1);
    pl_vp_edge(&vm, 10, &v, 1);
    assert_int_equal(v.top, 22);
    pl_vp_scroll(&vm, 10, &v, -3);
    assert_int_equal(v.top, 19);
    pl_vm_free(&vm);
}

/* In a list the cursor moves and the view follows; a page keeps the
 * cursor's row; at the end the cursor goes to the last line. */
static void test_list_cursor_and_pages(void **state)
{
    (void)state;
    pl_view_model vm;
    model(&vm, 1, 0, 50);
    pl_viewport v = {0, 0, 0, false};
    pl_vp_fit(&vm, 10, 80, &v);
    assert_int_equal(v.cursor, 1);
    for (int i = 0; i < 9; i++)
        pl_vp_line(&vm, 10, &v, 1);
    assert_int_equal(v.cursor, 10);
    assert_int_equal(v.top, 2); /* 9 rows below the header: the cursor on the last */
    pl_vp_page(&vm, 10, &v, 1);
    assert_int_equal(v.top, 11);
    assert_int_equal(v.cursor, 19);
    pl_vp_edge(&vm, 10, &v, 1);
    assert_int_equal(v.cursor, 50);
    assert_int_equal(v.top, 42);
    pl_vp_page(&vm, 10, &v, -1);
    pl_vp_page(&vm, 10, &v, 1);
    pl_vp_page(&vm, 10, &v, 1);
    assert_int_equal(v.cursor, 50);
    pl_vp_goto(&vm, 10, &v, 5);
    pl_vp_fit(&vm, 10, 80, &v);
    assert_int_equal(v.cursor, 5);
    assert_true(v.top <= 5 && 5 < v.top + 9);
    pl_vm_free(&vm);
}

/* Text above selectable lines (compare: the summary, then the questions):
 * the text scrolls until the lines come into view, then the cursor moves;
 * scrolling up past the first line shows the text again. */
static void test_text_then_lines(void **state)
{
    (void)state;
    pl_view_model vm;
    model(&vm, 0, 20, 10);
    pl_viewport v = {20, 0, 0, true};
    pl_vp_fit(&vm, 10, 80, &v);
    assert_int_equal(v.top, 0); /* held: the summary first */
    pl_vp_line(&vm, 10, &v, 1);
    assert_int_equal(v.top, 1);
    assert_int_equal(v.cursor, 20);
    for (int i = 0; i < 10; i++)
        pl_vp_line(&vm, 10, &v, 1);
    assert_int_equal(v.top, 11);
    assert_int_equal(v.cursor, 20); /* came into view on the bottom row */
    pl_vp_line(&vm, 10, &v, 1);
    assert_int_equal(v.cursor, 21);
    pl_vp_line(&vm, 10, &v, -1);
    pl_vp_line(&vm, 10, &v, -1);
    assert_int_equal(v.cursor, 20);
    assert_int_equal(v.top, 11); /* no line above: the text scrolls */
    pl_vp_edge(&vm, 10, &v, -1);
    assert_int_equal(v.top, 0);
    pl_vm_free(&vm);
}

static void test_sideways(void **state)
{
    (void)state;
    pl_view_model vm;
    pl_vm_init(&vm);
    pl_vm_line(&vm, 0);
    pl_vm_span(&vm, ROLE_TEXT, "%200s", "end");
    pl_viewport v = {0, 0, 0, false};
    pl_vp_side(&vm, 80, &v, 1);
    assert_int_equal(v.left, 20);
    for (int i = 0; i < 10; i++)
        pl_vp_side(&vm, 80, &v, 1);
    assert_int_equal(v.left, 120); /* the end of the widest line at the right edge */
    pl_vp_fit(&vm, 10, 190, &v);   /* a wider terminal needs less */
    assert_int_equal(v.left, 10);
    pl_vp_side(&vm, 190, &v, -1);
    assert_int_equal(v.left, 0);
    pl_vm_free(&vm);
}

static void test_middle_cut(void **state)
{
    (void)state;
    char *s = pl_middle_cut("synthetic-careful", 9, false);
    assert_string_equal(s, "synt…eful");
    free(s);
    s = pl_middle_cut("synthetic-careful", 9, true);
    assert_string_equal(s, "synt..ful");
    free(s);
    s = pl_middle_cut("short", 9, false);
    assert_string_equal(s, "short");
    free(s);
    s = pl_middle_cut("blocksworld_3/o4-mini_chat/one_shot/12", 20, false);
    assert_int_equal(pl_text_columns(s), 20);
    assert_non_null(strstr(s, "shot/12")); /* both ends kept: rows stay apart */
    free(s);
}

/* Verdict columns keep their width; a name every row shares hides first;
 * then the widest name shrinks; the sort column is marked. */
static void test_table_fit(void **state)
{
    (void)state;
    pl_table t;
    pl_table_init(&t, false);
    int id = pl_table_add(&t, "id", PL_ALIGN_LEFT, true, 10);
    int run = pl_table_add(&t, "run", PL_ALIGN_LEFT, true, 8);
    int score = pl_table_add(&t, "score", PL_ALIGN_RIGHT, false, 0);
    int flags = pl_table_add(&t, "flags", PL_ALIGN_LEFT, false, 0);
    pl_table_measure(&t, id, "blocksworld_3/claude_3-5_haiku/one_shot/8");
    pl_table_measure(&t, run, "claude_3-5_haiku");
    pl_table_measure(&t, flags, "off!=snd stored!=");
    t.cols[run].hide = 1;
    t.sort_col = score;
    t.descending = true;
    pl_table_fit(&t, 220);
    assert_int_equal(t.cols[id].width, 41); /* the whole id at 220 columns */
    assert_int_equal(t.cols[run].width, 16);
    assert_int_equal(t.cols[score].width, 6); /* "score▼" */
    pl_table_fit(&t, 70);
    assert_int_equal(t.cols[run].width, 0); /* hidden before any name is cut */
    assert_int_equal(t.cols[id].width, 41);
    pl_table_fit(&t, 40);
    assert_int_equal(t.cols[score].width, 6);
    assert_int_equal(t.cols[flags].width, 17);
    assert_int_equal(pl_table_width(&t), 40);
    assert_int_equal(t.cols[id].width, 40 - 6 - 17 - 2);
    pl_table_fit(&t, 20); /* the minimum: the rest scrolls sideways */
    assert_int_equal(t.cols[id].width, 10);
    pl_view_model vm;
    pl_vm_init(&vm);
    pl_vm_line(&vm, -1);
    pl_table_header(&t, &vm);
    char *text = pl_vm_line_text(&vm.lines[0]);
    assert_string_equal(text, "id         score▼ flags            ");
    free(text);
    pl_vm_free(&vm);
}

static void test_id_order(void **state)
{
    (void)state;
    const char *ids[] = {"-5674251047178000480", "-12", "3", "10", "827030599662005993", "9223372036854775999"};
    for (size_t i = 0; i + 1 < sizeof ids / sizeof *ids; i++) {
        assert_true(pl_id_cmp(ids[i], ids[i + 1]) < 0);
        assert_true(pl_id_cmp(ids[i + 1], ids[i]) > 0);
    }
    assert_true(pl_id_cmp("case-9", "case-10") < 0);
    assert_true(pl_id_cmp("bw/one_shot/2", "bw/one_shot/11") < 0);
    assert_int_equal(pl_id_cmp("same", "same"), 0);
    assert_true(pl_id_cmp("abc", "abd") < 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_text_scrolls_from_the_first_key),
        cmocka_unit_test(test_list_cursor_and_pages),
        cmocka_unit_test(test_text_then_lines),
        cmocka_unit_test(test_sideways),
        cmocka_unit_test(test_middle_cut),
        cmocka_unit_test(test_table_fit),
        cmocka_unit_test(test_id_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
