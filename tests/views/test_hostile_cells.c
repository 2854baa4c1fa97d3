/* Issue 37 §1 in the explorer: every text a view model holds is safe to
 * draw.  A response, run name or note with OSC 0 (title), OSC 52
 * (clipboard), CSI, CR or BS (overwriting what is drawn before), U+202E,
 * C1, invalid UTF-8, a NUL or a tab shows visible escapes, never bytes a
 * terminal acts on; columns stay right; the parsed-part highlighting
 * covers the same characters; the exports are valid (CSV formula guard,
 * SVG without control bytes, JSON that parses). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/error.h"
#include "chart_svg.h"
#include "csv_out.h"
#include "table.h"
#include "test_support.h"
#include "views.h"

#define ESC "\x1b"
#define HOSTILE_RUN "hostile" ESC "]0;PWNED-TITLE\arun"

/* No byte a terminal acts on: no C0 (tab and newline included: a line is
 * one row), no DEL, no C1 (U+0080..U+009F), no bidi override or isolate,
 * and valid UTF-8. */
static void assert_inert(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; p[i];) {
        assert_true(p[i] >= 0x20 && p[i] != 0x7F);
        if (p[i] < 0x80) {
            i++;
            continue;
        }
        int n = p[i] >= 0xF0 ? 4 : p[i] >= 0xE0 ? 3 : 2;
        assert_true(p[i] >= 0xC2 && p[i] <= 0xF4);
        for (int k = 1; k < n; k++)
            assert_int_equal(p[i + k] & 0xC0, 0x80);
        if (n == 2)
            assert_false(p[i] == 0xC2 && p[i + 1] < 0xA0); /* C1 */
        if (n == 3 && p[i] == 0xE2 && p[i + 1] == 0x80)
            assert_false(p[i + 2] >= 0xAA && p[i + 2] <= 0xAE); /* U+202A..U+202E */
        if (n == 3 && p[i] == 0xE2 && p[i + 1] == 0x81)
            assert_false(p[i + 2] >= 0xA6 && p[i + 2] <= 0xA9); /* U+2066..U+2069 */
        i += (size_t)n;
    }
}

static void assert_model_inert(const pl_view_model *vm)
{
    if (vm->title)
        assert_inert(vm->title);
    if (vm->status)
        assert_inert(vm->status);
    for (int i = 0; i < vm->nlines; i++)
        for (int k = 0; k < vm->lines[i].nspans; k++)
            assert_inert(vm->lines[i].spans[k].text);
}

/* The model's text, every line joined with '\n'. */
static char *model_text(const pl_view_model *vm)
{
    size_t cap = 1;
    for (int i = 0; i < vm->nlines; i++) {
        char *l = pl_vm_line_text(&vm->lines[i]);
        cap += strlen(l) + 1;
        free(l);
    }
    char *out = calloc(1, cap);
    for (int i = 0; i < vm->nlines; i++) {
        char *l = pl_vm_line_text(&vm->lines[i]);
        strcat(strcat(out, l), "\n");
        free(l);
    }
    return out;
}

static void test_span_title_status(void **state)
{
    (void)state;
    pl_view_model vm;
    pl_vm_init(&vm);
    pl_vm_set_title(&vm, "run %s", HOSTILE_RUN);
    pl_vm_set_status(&vm, "%s", "clip" ESC "]52;c;Y3VybA==\a");
    pl_vm_line(&vm, 0);
    pl_vm_span(&vm, ROLE_TEXT, "%s", "wrong\rright");
    pl_vm_span(&vm, ROLE_TEXT, "%s", "|ab\b\bXY|" ESC "[2J|\xe2\x80\xae" "evil|\xc2\x9b" "31m|bad\xff|nul\xc0\x80x|a\tb");
    assert_model_inert(&vm);
    assert_string_equal(vm.title, "run hostile\\e]0;PWNED-TITLE\\arun");
    assert_string_equal(vm.status, "clip\\e]52;c;Y3VybA==\\a");
    assert_string_equal(vm.lines[0].spans[0].text, "wrong\\rright"); /* "right" never overwrites "wrong" */
    assert_string_equal(vm.lines[0].spans[1].text,
                        "|ab\\b\\bXY|\\e[2J|\\u202eevil|\\u009b31m|bad\xef\xbf\xbd|nul\\0x|a      b"); /* the tab: to column 64 */
    /* an escape takes as many columns as its bytes: the line is as wide as it reads */
    char *line = pl_vm_line_text(&vm.lines[0]);
    assert_int_equal(pl_vm_line_columns(&vm.lines[0]), (int)strlen(line) - 2); /* U+FFFD: 3 bytes, 1 column */
    free(line);
    pl_vm_free(&vm);
}

/* The part a parser read is marked by byte offsets into the original
 * response; once made safe the same characters are highlighted. */
static void test_wrapped_marks_follow(void **state)
{
    (void)state;
    const char *text = "x" ESC "]0;T\a [(pick-up b)]\r\b tail\xe2\x80\xae.";
    const char *parsed = "[(pick-up b)]";
    size_t lo = (size_t)(strstr(text, parsed) - text), marks[2] = {lo, lo + strlen(parsed)};
    pl_view_model vm;
    pl_vm_init(&vm);
    pl_vm_wrapped_marked(&vm, ROLE_TEXT, text, 80, 2, marks, 1, ROLE_PARSED);
    assert_model_inert(&vm);
    assert_int_equal(vm.nlines, 1);
    char *all = pl_vm_line_text(&vm.lines[0]);
    assert_string_equal(all, "  x\\e]0;T\\a [(pick-up b)]\\r\\b tail\\u202e.");
    free(all);
    int marked = 0;
    for (int k = 0; k < vm.lines[0].nspans; k++)
        if (vm.lines[0].spans[k].role == ROLE_PARSED) {
            assert_string_equal(vm.lines[0].spans[k].text, parsed);
            marked++;
        }
    assert_int_equal(marked, 1);
    pl_vm_free(&vm);

    /* wrapped: every row fits the width, counted as drawn, line breaks kept */
    pl_vm_init(&vm);
    pl_vm_wrapped(&vm, ROLE_TEXT, ESC "[31m" ESC "[31m" ESC "[31m" ESC "[31m" ESC "[31m\nsecond\tline", 20, 0);
    assert_model_inert(&vm);
    char *joined = model_text(&vm);
    assert_string_equal(joined, "\\e[31m\\e[31m\\e[31m\\e\n[31m\\e[31m\nsecond  line\n");
    free(joined);
    for (int i = 0; i < vm.nlines; i++)
        assert_true(pl_vm_line_columns(&vm.lines[i]) <= 20);
    pl_vm_free(&vm);
}

/* A table cell is made safe before it is cut and padded: the columns after
 * it stay where the header puts them. */
static void test_table_columns(void **state)
{
    (void)state;
    const char *names[] = {HOSTILE_RUN, "m-cr\rfake", "plain"};
    pl_table t;
    pl_table_init(&t, false);
    int run = pl_table_add(&t, "run", PL_ALIGN_LEFT, false, 3);
    int n = pl_table_add(&t, "n", PL_ALIGN_RIGHT, false, 1);
    for (int i = 0; i < 3; i++)
        pl_table_measure(&t, run, names[i]);
    pl_table_fit(&t, 200);
    pl_view_model vm;
    pl_vm_init(&vm);
    pl_vm_line(&vm, -1);
    pl_table_header(&t, &vm);
    for (int i = 0; i < 3; i++) {
        pl_vm_line(&vm, i);
        pl_table_cell(&t, run, &vm, ROLE_TEXT, names[i]);
        pl_table_cell(&t, n, &vm, ROLE_TEXT, "7");
    }
    assert_model_inert(&vm);
    int width = pl_vm_line_columns(&vm.lines[1]);
    assert_int_equal(width, (int)strlen("hostile\\e]0;PWNED-TITLE\\arun") + 2);
    for (int i = 1; i <= 3; i++)
        assert_int_equal(pl_vm_line_columns(&vm.lines[i]), width);
    char *row = pl_vm_line_text(&vm.lines[2]);
    assert_string_equal(row, "m-cr\\rfake                   7");
    free(row);
    pl_vm_free(&vm);
}

static pl_workspace *open_hostile(void)
{
    const char *paths[] = {PLANLENS_SOURCE_DIR "/tests/data/hostile-run"};
    pl_workspace *ws = pl_workspace_open(paths, 1, NULL);
    assert_non_null(ws);
    pl_workspace_grade_all(ws);
    return ws;
}

/* The hostile run through the screens a person browses: dashboard, the
 * answers, each answer's detail. */
static void test_hostile_run_screens(void **state)
{
    pl_workspace *ws = *state;
    assert_true(pl_workspace_count(ws) >= 9);
    pl_view_model vm;
    pl_dashboard_rows rows = {0};
    pl_vm_init(&vm);
    pl_view_dashboard(ws, NULL, 120, false, NULL, &vm, &rows);
    assert_model_inert(&vm);
    char *dash = model_text(&vm);
    assert_non_null(strstr(dash, "hostile\\e]0;PWNED-TITLE\\arun"));
    assert_non_null(strstr(dash, "m-cr\\rfake"));
    assert_non_null(strstr(dash, "m-bad\xef\xbf\xbdname"));
    free(dash);
    pl_dashboard_rows_free(&rows);
    pl_vm_free(&vm);

    const char *expect[] = {"\\e]0;PWNED-TITLE\\a osc-title", "\\e]52;c;Y3VybCBldmlsLnNofHNo\\a osc-clip",
                            "\\e[2J\\e[31m(pick-up c)", "wrong\\rright", "back\\b\\b\\bXXX bidi \\u202e(unstack d a)\\u202c",
                            "nul\\0after c1\\u009b31m", "bad\xef\xbf\xbd\xef\xbf\xbdutf8"};
    int found[7] = {0};
    for (int r = 0; r < pl_workspace_count(ws); r++) {
        pl_vm_init(&vm);
        pl_view_detail(ws, r, &(pl_detail_opts){100, false, true}, NULL, &vm);
        assert_false(vm.oom);
        assert_model_inert(&vm);
        char *text = model_text(&vm);
        for (int k = 0; k < 7; k++)
            found[k] += strstr(text, expect[k]) != NULL;
        free(text);
        pl_vm_free(&vm);
    }
    for (int k = 0; k < 7; k++)
        assert_true(found[k] >= 1);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *s = calloc(1, (size_t)n + 1);
    assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    return s;
}

/* CSV of the records: a run name "=HYPERLINK(...)" must not be a formula
 * (OWASP: a leading '), unless --csv-raw; every cell safe text. */
static void test_csv_formula_guard(void **state)
{
    pl_workspace *ws = *state;
    char dir[] = "/tmp/planlens-hostile-cells-XXXXXX", path[128];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/dash.csv", dir);
    int *all = malloc((size_t)pl_workspace_count(ws) * sizeof *all);
    for (int i = 0; i < pl_workspace_count(ws); i++)
        all[i] = i;
    pl_error err = PL_ERROR_INIT;
    /* the note of a record is the user's, but may quote a response: a formula cell */
    pl_ws_record *r = (pl_ws_record *)pl_workspace_record(ws, 0);
    char *was = r->note;
    r->note = "=HYPERLINK(\"http://evil.example\",\"click\")";
    assert_int_equal(pl_export_records(ws, all, pl_workspace_count(ws), path, &err), PL_OK);
    char *csv = slurp(path);
    assert_non_null(strstr(csv, "\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"click\"\")\""));
    assert_non_null(strstr(csv, "hostile\\e]0;PWNED-TITLE\\arun"));
    assert_null(strchr(csv, '\x1b'));
    assert_null(strchr(csv, '\r'));
    free(csv);
    pl_csv_set_raw(true);
    assert_int_equal(pl_export_records(ws, all, pl_workspace_count(ws), path, &err), PL_OK);
    pl_csv_set_raw(false);
    csv = slurp(path);
    assert_non_null(strstr(csv, ",\"=HYPERLINK(\"\"http://evil.example\"\",\"\"click\"\")\""));
    assert_null(strchr(csv, '\x1b')); /* raw turns off the formula guard, never the sanitizer */
    free(csv);
    r->note = was;

    /* JSON parses and is valid UTF-8, the ESC and the invalid byte as \u escapes */
    snprintf(path, sizeof path, "%s/records.json", dir);
    assert_int_equal(pl_export_records(ws, all, pl_workspace_count(ws), path, &err), PL_OK);
    char *json = slurp(path);
    for (const unsigned char *p = (const unsigned char *)json; *p; p++)
        assert_true(*p >= 0x20 || *p == '\n' || *p == '\t');
    assert_null(strstr(json, "\xc0\x80"));
    assert_null(strchr(json, '\xff'));
    cJSON *parsed = cJSON_Parse(json);
    assert_non_null(parsed);
    assert_int_equal(cJSON_GetArraySize(parsed), pl_workspace_count(ws));
    cJSON_Delete(parsed);
    free(json);
    snprintf(path, sizeof path, "%s/dashboard.json", dir);
    assert_int_equal(pl_export_dashboard(ws, NULL, path, &err), PL_OK);
    json = slurp(path);
    parsed = cJSON_Parse(json);
    assert_non_null(parsed);
    assert_string_equal(cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetArrayItem(parsed, 0), "run")), HOSTILE_RUN);
    cJSON_Delete(parsed);
    free(json);
    free(all);
    unlink(path);
    snprintf(path, sizeof path, "%s/records.json", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/dash.csv", dir);
    unlink(path);
    rmdir(dir);
}

/* An SVG of hostile run names: no control byte, every < and & escaped, so
 * an XML reader draws it (a control byte or a broken sequence blanks it). */
static void test_svg_well_formed(void **state)
{
    (void)state;
    double values[2] = {1, 2};
    const char *cats[2] = {"cat" ESC "[31m<b>&", "bad\xff\xfe"};
    pl_chart_series series = {HOSTILE_RUN " \xe2\x80\xae", "#123456", values};
    pl_chart chart = {"id", "title\r\b", "x<", "y&", cats, 2, &series, 1, false, NULL, NULL, false, NULL};
    char dir[] = "/tmp/planlens-hostile-svg-XXXXXX", path[128], csv[140];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/chart.svg", dir);
    snprintf(csv, sizeof csv, "%s/chart.csv", dir);
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_chart_export(&chart, 1, path, &err), PL_OK);
    char *svg = slurp(path);
    for (const unsigned char *p = (const unsigned char *)svg; *p; p++)
        assert_true(*p >= 0x20 || *p == '\n');
    assert_non_null(strstr(svg, "cat\\e[31m&lt;b&gt;&amp;"));
    assert_non_null(strstr(svg, "hostile\\e]0;PWNED-TITLE\\arun \\u202e"));
    assert_non_null(strstr(svg, "bad\xef\xbf\xbd\xef\xbf\xbd"));
    /* balanced: every & starts an entity, as many tags open as close */
    for (const char *a = strchr(svg, '&'); a; a = strchr(a + 1, '&'))
        assert_true(!strncmp(a, "&amp;", 5) || !strncmp(a, "&lt;", 4) || !strncmp(a, "&gt;", 4) ||
                    !strncmp(a, "&quot;", 6) || !strncmp(a, "&apos;", 6));
    int open = 0, close = 0;
    for (const char *a = strstr(svg, "<text"); a; a = strstr(a + 1, "<text"))
        open++;
    for (const char *a = strstr(svg, "</text>"); a; a = strstr(a + 1, "</text>"))
        close++;
    assert_int_equal(open, close);
    free(svg);
    char *data = slurp(csv);
    assert_null(strchr(data, '\x1b'));
    free(data);
    unlink(path);
    unlink(csv);
    rmdir(dir);
}

static int setup(void **state)
{
    *state = open_hostile();
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
        cmocka_unit_test(test_span_title_status), cmocka_unit_test(test_wrapped_marks_follow),
        cmocka_unit_test(test_table_columns),     cmocka_unit_test(test_hostile_run_screens),
        cmocka_unit_test(test_csv_formula_guard), cmocka_unit_test(test_svg_well_formed),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
