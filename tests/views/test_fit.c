/* Screens that fit the terminal: the one scrolling model every screen uses
 * (views/viewport.h), tables sized from their content and the width
 * (views/table.h), ids in numeric order, and the screens built on them over
 * sample-runs/ at 80 and 220 columns, in ASCII. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "csv_out.h"
#include "table.h"
#include "test_support.h"
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
    /* laid out whole: the id uncut, the optional run (hide) still hidden */
    assert_int_equal(t.natural, 41 + 1 + 6 + 1 + 17);
    assert_int_equal(vm.natural_width, t.natural);
    pl_table_fit(&t, t.natural);
    assert_int_equal(t.cols[id].width, 41);
    assert_int_equal(t.cols[run].width, 0);
    assert_int_equal(pl_table_width(&t), t.natural);
    pl_vm_free(&vm);
}

/* A name column's natural width leaves out what every value shares: a list
 * whose ids all end in "/applicability" is whole without that suffix. */
static void test_natural_width_without_shared_ends(void **state)
{
    (void)state;
    const char *ids[] = {"blocksworld-4ops/bw-sample-4/applicability", "blocksworld-4ops/bw-5-4/applicability",
                         "ferry/ferry-l2-c3/applicability"};
    pl_table t;
    pl_table_init(&t, false);
    int id = pl_table_add(&t, "id", PL_ALIGN_LEFT, true, 8);
    pl_table_add(&t, "score", PL_ALIGN_RIGHT, false, 0);
    for (int i = 0; i < 3; i++)
        pl_table_measure(&t, id, ids[i]);
    pl_table_values(&t, id, ids, 3);
    pl_table_fit(&t, 34);
    assert_int_equal(t.cols[id].width, 28); /* "blocksworld-4ops/bw-sample-4" */
    assert_int_equal(t.natural, 28 + 1 + 5);
    pl_table_values(&t, id, ids, 3);
    pl_table_fit(&t, 20); /* cut: the natural width is still the whole values' */
    assert_true(t.cols[id].width < 28);
    assert_int_equal(t.natural, 28 + 1 + 5);
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

static char *text_of(const pl_view_model *vm, int i)
{
    char *s = pl_vm_line_text(&vm->lines[i]);
    assert_non_null(s);
    return s;
}

static bool ascii_only(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s >= 0x80)
            return false;
    return true;
}

/* Every line of a model at most `width` columns wide and, with ascii, ASCII. */
static void fits(const pl_view_model *vm, int width, bool ascii)
{
    for (int i = 0; i < vm->nlines; i++) {
        assert_true(pl_vm_line_columns(&vm->lines[i]) <= width);
        char *text = text_of(vm, i);
        if (ascii && !ascii_only(text))
            fail_msg("line %d is not ASCII: %s", i, text);
        free(text);
    }
}

/* At 80 columns the dashboard keeps every verdict column whole (it cut
 * `mean IoU` to `0.8` and dropped parse!, off!=snd and stored!=). */
static void test_dashboard_fits(void **state)
{
    pl_workspace *ws = *state;
    for (int width = 80; width <= 220; width += 140) {
        pl_view_model vm;
        pl_dashboard_rows rows;
        pl_view_dashboard(ws, NULL, width, true, NULL, &vm, &rows);
        assert_int_equal(vm.nfixed, 1);
        char *header = text_of(&vm, 0);
        for (const char *h = "answers official sound IoU AD parse! off!=snd "; *h; h += strcspn(h, " ") + 1) {
            char want[16];
            snprintf(want, sizeof want, " %.*s", (int)strcspn(h, " "), h);
            assert_non_null(strstr(header, want));
        }
        assert_true(width < 220 || strstr(header, "stored!=")); /* no run stores scores: - under it */
        size_t stored = strstr(header, "stored!=") ? (size_t)(strstr(header, "stored!=") - header) + 7 : 0;
        free(header);
        fits(&vm, width, true);
        bool whole = false;
        for (int i = 1; i < vm.nlines; i++) {
            char *text = text_of(&vm, i);
            whole = whole || strstr(text, " 0.845 ");
            if (width == 220)
                assert_true(strlen(text) > stored && text[stored] == '-');
            free(text);
        }
        assert_true(whole);
        pl_dashboard_rows_free(&rows);
        pl_vm_free(&vm);
    }
}

/* Run A of a pending comparison is marked on its rows. */
static void test_dashboard_marks_run_a(void **state)
{
    pl_workspace *ws = *state;
    pl_view_model vm;
    pl_dashboard_rows rows;
    pl_view_dashboard(ws, NULL, 140, false, "synthetic-sloppy", &vm, &rows);
    int marked = 0;
    for (int i = 1; i < vm.nlines; i++) {
        char *text = text_of(&vm, i);
        bool a = !strncmp(text, "A ", 2);
        assert_true(a == (strstr(text, "synthetic-sloppy") != NULL));
        marked += a;
        free(text);
    }
    assert_true(marked > 5);
    pl_dashboard_rows_free(&rows);
    pl_vm_free(&vm);
}

/* At 80 columns the list shows every verdict column, the names cut in the
 * middle; at 220 the ids are whole. */
static void test_list_fits(void **state)
{
    pl_workspace *ws = *state;
    for (int width = 80; width <= 220; width += 140) {
        pl_view_model vm;
        pl_view_list(ws, NULL, SORT_ID, false, width, true, &vm);
        pl_view_list_fill(ws, &vm, 0, vm.nlines);
        char *header = text_of(&vm, 0);
        assert_true(!strncmp(header, "id^ ", 4));
        for (const char *h = "score sound IoU AD parse flags "; *h; h += strcspn(h, " ") + 1) {
            char want[16];
            snprintf(want, sizeof want, " %.*s", (int)strcspn(h, " "), h);
            assert_non_null(strstr(header, want));
        }
        free(header);
        fits(&vm, width, true);
        int cut = 0;
        long long last = -1;
        for (int i = 1; i < vm.nlines; i++) {
            char *text = text_of(&vm, i);
            cut += strstr(text, "..") != NULL;
            const pl_ws_record *r = pl_workspace_record(ws, vm.lines[i].target);
            if (width == 220)
                assert_true(!strncmp(text, r->id, strlen(r->id)));
            if (r->id[0] >= '0' && r->id[0] <= '9') { /* numeric ids in numeric order */
                long long n = atoll(r->id);
                assert_true(n >= last);
                last = n;
            }
            free(text);
        }
        assert_true(width == 220 ? cut == 0 : cut > 100);
        if (width == 80) { /* cut at 80: laid out at its natural width, nothing is */
            assert_true(vm.natural_width > 80);
            int natural = vm.natural_width;
            pl_vm_free(&vm);
            pl_view_list(ws, NULL, SORT_ID, false, natural, true, &vm);
            pl_view_list_fill(ws, &vm, 0, vm.nlines);
            assert_int_equal(vm.natural_width, natural);
            for (int i = 1; i < vm.nlines; i++) {
                char *text = text_of(&vm, i);
                assert_null(strstr(text, ".."));
                free(text);
            }
        }
        pl_vm_free(&vm);
    }
}

static int record_with_id(const pl_workspace *ws, const char *id)
{
    for (int i = 0; i < pl_workspace_count(ws); i++)
        if (!strcmp(pl_workspace_record(ws, i)->id, id))
            return i;
    fail_msg("no record %s in sample-runs", id);
    return -1;
}

static int line_starting(const pl_view_model *vm, const char *prefix)
{
    for (int i = 0; i < vm->nlines; i++) {
        char *text = text_of(vm, i);
        bool hit = !strncmp(text, prefix, strlen(prefix));
        free(text);
        if (hit)
            return i;
    }
    return -1;
}

/* The detail puts the verdict and the ground truth beside the answer first,
 * the long context folded until expanded. */
static void test_detail_order_and_folds(void **state)
{
    pl_workspace *ws = *state;
    int r = record_with_id(ws, "model-extra-argument");
    pl_view_model vm;
    pl_view_detail(ws, r, &(pl_detail_opts){80, true, false}, NULL, &vm);
    assert_int_equal(vm.nfixed, 1);
    int verdict = line_starting(&vm, "Verdict"), table = line_starting(&vm, "Ground-truth plan"),
        question = line_starting(&vm, "Question"), response = line_starting(&vm, "Response"),
        context = line_starting(&vm, "Context");
    assert_true(verdict > 0 && verdict < table && table < question && question < response && response < context);
    assert_true(line_starting(&vm, "  ... 3 more lines folded") > context);
    assert_int_equal(line_starting(&vm, "  ... 3 more lines folded"), vm.nlines - 1);
    int failing = line_starting(&vm, "    5  (pick-up b)");
    assert_true(failing > table);
    char *text = text_of(&vm, failing);
    assert_non_null(strstr(text, "(pick-up b)    (pick-up b) (stack b c)")); /* each plan in its own order */
    free(text);
    /* the marker above the first step that fails, as in the plan view */
    int marker = line_starting(&vm, "  -- last executable action: step 4 - step 5 (pick-up b) (stack b c)");
    assert_true(marker > table && marker < failing);
    fits(&vm, 1000, true);
    int folded = vm.nlines;
    pl_vm_free(&vm);
    pl_view_detail(ws, r, &(pl_detail_opts){80, true, true}, NULL, &vm);
    assert_int_equal(vm.nlines, folded - 1 + 3);
    assert_int_equal(line_starting(&vm, "  ... "), -1);
    pl_vm_free(&vm);
}

/* The dashboard's export is its table; the records' CSV has the rule and reason. */
static void test_exports(void **state)
{
    pl_workspace *ws = *state;
    char path[] = "/tmp/planlens-test-fit-XXXXXX";
    assert_non_null(mkdtemp(path));
    char csv[128], dash[128];
    snprintf(dash, sizeof dash, "%s/dashboard.csv", path);
    snprintf(csv, sizeof csv, "%s/records.csv", path);
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_export_dashboard(ws, NULL, dash, &err), PL_OK);
    FILE *f = fopen(dash, "r");
    assert_non_null(f);
    char line[512];
    int rows = 0;
    bool careful_app = false;
    assert_non_null(fgets(line, sizeof line, f));
    assert_string_equal(line, "run,task,answers,graded,official,sound,mean_iou,mean_action_distance,parse_failures,"
                              "official_ne_sound,stored_ne_official,errors,inspect_ne_lm_eval\n");
    while (fgets(line, sizeof line, f)) {
        rows++;
        careful_app = careful_app || !strncmp(line, "synthetic-careful,app,14,14,0.642857,0.642857,0.845238,,0,0,,0,", 63);
    }
    fclose(f);
    assert_int_equal(rows, pl_workspace_ngroups(ws));
    assert_true(careful_app);
    int all[2] = {0, 1};
    assert_int_equal(pl_export_records(ws, all, 2, csv, &err), PL_OK);
    f = fopen(csv, "r");
    assert_non_null(f);
    assert_non_null(fgets(line, sizeof line, f));
    assert_string_equal(line, PL_ANSWER_CSV_HEADER "\n"); /* the answer schema (csv_out.h, test_failure_views) */
    fclose(f);
    remove(dash);
    remove(csv);
    rmdir(path);
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
        cmocka_unit_test(test_natural_width_without_shared_ends),
        cmocka_unit_test(test_id_order),
        cmocka_unit_test(test_dashboard_fits),
        cmocka_unit_test(test_dashboard_marks_run_a),
        cmocka_unit_test(test_list_fits),
        cmocka_unit_test(test_detail_order_and_folds),
        cmocka_unit_test(test_exports),
    };
    return cmocka_run_group_tests(tests, pl_test_open_samples, pl_test_close_workspace);
}
