/* The why screen's view model on a real workspace (sample-runs/): the wrong
 * answers of two runs to `app` are given known failure modes (the
 * classifiers' own choices may change; these tests are about the table),
 * then the view must show each kind with its keys nested under it, the
 * counts and shares of those assignments, fold and unfold, sort by the
 * difference between the runs, and open exactly the answers of a row. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "csv_out.h"
#include "test_support.h"
#include "why_view.h"

#define CAREFUL "synthetic-careful"
#define SLOPPY "synthetic-sloppy"

/* The modes handed out, in turn, to a run's wrong answers: the careful run
 * gets the first two only, so the shares of the runs differ by kind. */
static const struct {
    pl_failure_kind kind;
    const char *key;
} modes[] = {
    {PL_FAIL_NOT_APPLICABLE, "pick-up"},
    {PL_FAIL_NOT_APPLICABLE, "drop"},
    {PL_FAIL_NOT_APPLICABLE, "pick-up"},
    {PL_FAIL_MISSED_ITEMS, NULL},
    {PL_FAIL_NOTHING_EXTRACTED, NULL},
};
enum { NMODES = 5, CAREFUL_MODES = 2 };

typedef struct {
    pl_workspace *ws;
    int mode_of[1024]; /* per record: its index in modes[], or -1 */
} fixture;

static bool in_column(const pl_ws_record *r, const char *run)
{
    return !strcmp(r->model, run) && !strcmp(r->task, "app");
}

static bool wrong(const pl_ws_record *r)
{
    return r->graded && !r->error && !r->resp->error && !r->sound_score;
}

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    void *ws;
    assert_int_equal(pl_test_open_samples(&ws), 0);
    f->ws = ws;
    assert_true(pl_workspace_count(f->ws) <= 1024);
    int given[2] = {0, 0};
    for (int i = 0; i < pl_workspace_count(f->ws); i++) {
        pl_ws_record *r = (pl_ws_record *)pl_workspace_record(f->ws, i); /* graded: ours to change */
        f->mode_of[i] = -1;
        bool careful = in_column(r, CAREFUL);
        if (!wrong(r) || (!careful && !in_column(r, SLOPPY)))
            continue;
        int m = careful ? given[0]++ % CAREFUL_MODES : given[1]++ % NMODES;
        pl_failure *fail = (pl_failure *)pl_ws_record_failure(r);
        assert_int_equal(pl_failure_set(fail, modes[m].kind, modes[m].key, 0, NULL), 0);
        f->mode_of[i] = m;
    }
    assert_true(given[0] >= CAREFUL_MODES && given[1] >= NMODES); /* the sample runs have that many wrong answers */
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    void *ws = f->ws;
    pl_test_close_workspace(&ws);
    free(f);
    return 0;
}

/* Records of a run's column with mode kind (and key, unless NULL: any). */
static int count_mode(const fixture *f, const char *run, pl_failure_kind kind, const char *key)
{
    int n = 0;
    for (int i = 0; i < pl_workspace_count(f->ws); i++) {
        int m = f->mode_of[i];
        if (m >= 0 && in_column(pl_workspace_record(f->ws, i), run) && modes[m].kind == kind &&
            (!key || (modes[m].key && !strcmp(modes[m].key, key))))
            n++;
    }
    return n;
}

static int wrong_in(const fixture *f, const char *run)
{
    int n = 0;
    for (int i = 0; i < pl_workspace_count(f->ws); i++)
        n += f->mode_of[i] >= 0 && in_column(pl_workspace_record(f->ws, i), run);
    return n;
}

static char *text_of(const pl_view_model *vm, int line)
{
    char *s = pl_vm_line_text(&vm->lines[line]);
    assert_non_null(s);
    return s;
}

/* The line whose text starts (after spaces) with `name`, or -1. */
static int line_named(const pl_view_model *vm, const char *name)
{
    for (int i = vm->nfixed; i < vm->nlines; i++) {
        char *s = text_of(vm, i);
        const char *t = s + strspn(s, " ");
        bool hit = !strncmp(t, name, strlen(name)) && t[strlen(name)] == ' ';
        free(s);
        if (hit)
            return i;
    }
    return -1;
}

static void open_why(pl_why *w, const char *a, const char *b)
{
    const char *runs[] = {a, b};
    assert_int_equal(pl_why_init(w, runs, b ? 2 : 1, "app"), 0);
}

/* Counts and shares of one run; each key line right below its kind. */
static void test_counts_and_nesting(void **state)
{
    fixture *f = *state;
    pl_why w;
    pl_view_model vm;
    open_why(&w, SLOPPY, NULL);
    pl_view_why(f->ws, NULL, &w, 100, true, &vm);
    assert_false(vm.oom);
    assert_int_equal(vm.nfixed, 2);
    int wrong_answers = wrong_in(f, SLOPPY);
    char want[64];
    snprintf(want, sizeof want, "%d wrong of", wrong_answers);
    char *head = text_of(&vm, 0);
    assert_non_null(strstr(head, want));
    free(head);
    struct {
        const char *line;
        pl_failure_kind kind;
        const char *key;
    } rows[] = {{"- not-applicable", PL_FAIL_NOT_APPLICABLE, NULL},
                {"pick-up", PL_FAIL_NOT_APPLICABLE, "pick-up"},
                {"drop", PL_FAIL_NOT_APPLICABLE, "drop"},
                {"- missed-items", PL_FAIL_MISSED_ITEMS, NULL},
                {"- nothing-extracted", PL_FAIL_NOTHING_EXTRACTED, NULL}};
    int at[5];
    for (int i = 0; i < 5; i++) {
        at[i] = line_named(&vm, rows[i].line);
        assert_true(at[i] >= 0);
        int n = count_mode(f, SLOPPY, rows[i].kind, rows[i].key);
        snprintf(want, sizeof want, " %d %5.1f%%", n, 100.0 * n / wrong_answers);
        char *s = text_of(&vm, at[i]);
        assert_non_null(strstr(s, want));
        free(s);
    }
    /* the keys right under their kind, the most frequent first; kinds by count */
    assert_int_equal(at[1], at[0] + 1);
    assert_int_equal(at[2], at[0] + 2);
    assert_true(at[0] < at[3] && at[0] < at[4]);
    assert_int_equal(vm.nlines, vm.nfixed + 5); /* nothing else: the assigned modes are all there is */
    pl_vm_free(&vm);
    pl_why_free(&w);
}

static void test_fold_and_unfold(void **state)
{
    fixture *f = *state;
    pl_why w;
    pl_view_model vm;
    open_why(&w, SLOPPY, NULL);
    pl_view_why(f->ws, NULL, &w, 100, true, &vm);
    int key_line = line_named(&vm, "drop"), kind_line = line_named(&vm, "- not-applicable");
    int lines = vm.nlines;
    /* folding from a key: the kind folds, and the cursor goes to the kind's line */
    int kind_row = pl_why_toggle_fold(&w, vm.lines[key_line].target);
    assert_int_equal(kind_row, vm.lines[kind_line].target);
    pl_vm_free(&vm);
    pl_view_why(f->ws, NULL, &w, 100, true, &vm);
    assert_int_equal(vm.nlines, lines - 2);
    assert_int_equal(line_named(&vm, "drop"), -1);
    assert_int_equal(line_named(&vm, "pick-up"), -1);
    assert_true(line_named(&vm, "+ not-applicable") >= 0);
    assert_int_equal(vm.lines[line_named(&vm, "+ not-applicable")].target, kind_row);
    pl_why_toggle_fold(&w, kind_row);
    pl_vm_free(&vm);
    pl_view_why(f->ws, NULL, &w, 100, true, &vm);
    assert_int_equal(vm.nlines, lines);
    /* all folded: the kinds alone; then all unfolded again */
    assert_true(pl_why_fold_all(&w));
    pl_vm_free(&vm);
    pl_view_why(f->ws, NULL, &w, 100, true, &vm);
    assert_int_equal(vm.nlines, vm.nfixed + 3);
    assert_false(pl_why_fold_all(&w));
    pl_vm_free(&vm);
    pl_view_why(f->ws, NULL, &w, 100, false, &vm);
    assert_int_equal(vm.nlines, lines);
    assert_true(line_named(&vm, "▾ not-applicable") >= 0); /* Unicode marks without --ascii */
    pl_vm_free(&vm);
    pl_why_free(&w);
}

static double share_of(const fixture *f, const char *run, pl_failure_kind kind)
{
    return (double)count_mode(f, run, kind, NULL) / wrong_in(f, run);
}

/* Two runs side by side: a column group each, the difference of shares,
 * and the kinds sorted by it. */
/* A table longer than the screen opens folded (the kinds at a glance), once:
 * a later unfold stays unfolded. */
static void test_opens_folded_when_long(void **state)
{
    fixture *f = *state;
    pl_why w;
    pl_view_model vm;
    open_why(&w, SLOPPY, NULL);
    pl_view_why(f->ws, NULL, &w, 100, true, &vm);
    int unfolded = vm.nlines;
    pl_vm_free(&vm);
    w.fold_over = 3; /* fewer lines than the table's rows */
    pl_view_why(f->ws, NULL, &w, 100, true, &vm);
    assert_int_equal(vm.nlines, vm.nfixed + 3);
    assert_int_equal(w.fold_over, 0);
    assert_false(pl_why_fold_all(&w));
    pl_vm_free(&vm);
    pl_view_why(f->ws, NULL, &w, 100, true, &vm);
    assert_int_equal(vm.nlines, unfolded);
    pl_vm_free(&vm);
    pl_why_free(&w);
}

static void test_sort_by_difference(void **state)
{
    fixture *f = *state;
    pl_why w;
    pl_view_model vm;
    open_why(&w, CAREFUL, SLOPPY);
    w.order = PL_WS_FAILURE_BY_DIFF;
    pl_view_why(f->ws, NULL, &w, 140, true, &vm);
    assert_false(vm.oom);
    char *head = text_of(&vm, vm.nfixed - 2); /* under the pairing lines: the runs */
    assert_non_null(strstr(head, CAREFUL));
    assert_non_null(strstr(head, SLOPPY));
    free(head);
    head = text_of(&vm, vm.nfixed - 1);
    assert_non_null(strstr(head, "diffv")); /* the sort column, descending */
    free(head);
    pl_failure_kind kinds[] = {PL_FAIL_NOT_APPLICABLE, PL_FAIL_MISSED_ITEMS, PL_FAIL_NOTHING_EXTRACTED};
    const char *names[] = {"- not-applicable", "- missed-items", "- nothing-extracted"};
    int at[3];
    double diff[3];
    for (int k = 0; k < 3; k++) {
        at[k] = line_named(&vm, names[k]);
        assert_true(at[k] >= 0);
        diff[k] = share_of(f, CAREFUL, kinds[k]) - share_of(f, SLOPPY, kinds[k]);
        char want[32];
        snprintf(want, sizeof want, " %+.1f", 100 * diff[k]);
        char *s = text_of(&vm, at[k]);
        size_t len = strlen(s), wl = strlen(want);
        assert_true(len >= wl && !strcmp(s + len - wl, want)); /* the last column */
        free(s);
    }
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++)
            if (at[a] < at[b])
                assert_true(diff[a] * diff[a] >= diff[b] * diff[b] - 1e-12);
    /* by count instead: the kind with the most wrong answers over both runs first */
    w.order = PL_WS_FAILURE_BY_COUNT;
    pl_vm_free(&vm);
    pl_view_why(f->ws, NULL, &w, 140, true, &vm);
    int most = 0;
    for (int k = 1; k < 3; k++)
        if (count_mode(f, CAREFUL, kinds[k], NULL) + count_mode(f, SLOPPY, kinds[k], NULL) >
            count_mode(f, CAREFUL, kinds[most], NULL) + count_mode(f, SLOPPY, kinds[most], NULL))
            most = k;
    assert_int_equal(line_named(&vm, names[most]), vm.nfixed);
    pl_vm_free(&vm);
    pl_why_free(&w);
}

static int by_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* Enter on a row opens exactly the answers it counts, in every run. */
static void test_drill_down(void **state)
{
    fixture *f = *state;
    pl_why w;
    pl_view_model vm;
    open_why(&w, CAREFUL, SLOPPY);
    pl_view_why(f->ws, NULL, &w, 140, true, &vm);
    const char *lines[] = {"pick-up", "- not-applicable", "- nothing-extracted"};
    for (int k = 0; k < 3; k++) {
        int line = line_named(&vm, lines[k]);
        assert_true(line >= 0);
        int n;
        int *got = pl_why_members(f->ws, &w, vm.lines[line].target, &n);
        assert_non_null(got);
        qsort(got, (size_t)n, sizeof *got, by_int);
        int want = 0;
        for (int i = 0; i < pl_workspace_count(f->ws); i++) {
            int m = f->mode_of[i];
            bool in = m >= 0 && (k == 0   ? modes[m].key && !strcmp(modes[m].key, "pick-up")
                                 : k == 1 ? modes[m].kind == PL_FAIL_NOT_APPLICABLE
                                          : modes[m].kind == PL_FAIL_NOTHING_EXTRACTED);
            if (in) {
                assert_true(want < n);
                assert_int_equal(got[want++], i);
            }
        }
        assert_int_equal(n, want);
        free(got);
    }
    char *label = pl_why_label(&w, vm.lines[line_named(&vm, "pick-up")].target);
    assert_string_equal(label, CAREFUL " vs " SLOPPY " / app / not-applicable pick-up");
    free(label);
    pl_vm_free(&vm);
    pl_why_free(&w);
}

/* The user's filter narrows what is counted. */
static void test_selection_narrows(void **state)
{
    fixture *f = *state;
    int col;
    char *err = NULL;
    pl_filter *ferry = pl_filter_parse("domain=ferry", &col, &err);
    assert_non_null(ferry);
    pl_selection sel = {.filter = ferry};
    pl_why w;
    pl_view_model vm;
    open_why(&w, SLOPPY, NULL);
    pl_view_why(f->ws, &sel, &w, 100, true, &vm);
    int answers = 0, wrong_answers = 0;
    for (int i = 0; i < pl_workspace_count(f->ws); i++) {
        const pl_ws_record *r = pl_workspace_record(f->ws, i);
        if (in_column(r, SLOPPY) && !strcmp(r->domain, "ferry")) {
            answers++;
            wrong_answers += f->mode_of[i] >= 0;
        }
    }
    assert_int_equal(w.table.answers[0], answers);
    assert_int_equal(w.table.wrong[0], wrong_answers);
    assert_true(answers < 14); /* the run answers other domains too */
    pl_vm_free(&vm);
    pl_why_free(&w);
    pl_filter_free(ferry);
}

/* :export why.csv: one line per row, run and answer the row counts there
 * (one without answer when it counts none), the answer's cells after the
 * table's in the one answer schema (csv_out.h), the kinds by name. */
static void test_export_csv(void **state)
{
    fixture *f = *state;
    pl_why w;
    pl_view_model vm;
    open_why(&w, CAREFUL, SLOPPY);
    pl_view_why(f->ws, NULL, &w, 140, true, &vm);
    char path[] = "/tmp/planlens-why-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_why_export_csv(&w, path, &err), PL_OK);
    FILE *in = fopen(path, "r");
    assert_non_null(in);
    static char line[1 << 16];
    int n = 0, lines = 0;
    char want[128];
    int count = count_mode(f, SLOPPY, PL_FAIL_NOT_APPLICABLE, "pick-up");
    snprintf(want, sizeof want, "not-applicable,pick-up," SLOPPY ",app,%d,%d,", count, wrong_in(f, SLOPPY));
    while (fgets(line, sizeof line, in)) {
        if (!lines++)
            assert_string_equal(line, "kind,key,run,task,count,wrong,answers,share," PL_ANSWER_CSV_HEADER "\n");
        if (!strncmp(line, want, strlen(want))) {
            n++;
            assert_non_null(strstr(line, SLOPPY "|")); /* the answer's key: its run first */
            /* the answer's own failure_kind and failure_key cells, as grade writes them */
            assert_non_null(strstr(line + strlen(want), ",not-applicable,pick-up,"));
        }
    }
    fclose(in);
    remove(path);
    assert_true(count > 0);
    assert_int_equal(n, count); /* a line per answer the row counts */
    pl_vm_free(&vm);
    pl_why_free(&w);
}

static bool file_has(const char *path, const char *text)
{
    FILE *in = fopen(path, "r");
    assert_non_null(in);
    char buf[65536];
    size_t n = fread(buf, 1, sizeof buf - 1, in);
    fclose(in);
    buf[n] = '\0';
    return strstr(buf, text) != NULL;
}

/* :export why.svg: a chart of the rows shown, its data beside it. */
static void test_export_svg(void **state)
{
    fixture *f = *state;
    pl_why w;
    pl_view_model vm;
    open_why(&w, CAREFUL, SLOPPY);
    pl_view_why(f->ws, NULL, &w, 140, true, &vm);
    pl_why_toggle_fold(&w, vm.lines[line_named(&vm, "- missed-items")].target); /* no key: nothing hidden */
    pl_why_toggle_fold(&w, vm.lines[line_named(&vm, "- not-applicable")].target);
    char dir[] = "/tmp/planlens-why-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char svg[64], csv[64];
    snprintf(svg, sizeof svg, "%s/why.svg", dir);
    snprintf(csv, sizeof csv, "%s/why.csv", dir);
    pl_error err = PL_ERROR_INIT;
    assert_int_equal(pl_why_export_svg(&w, svg, &err), PL_OK);
    assert_true(file_has(svg, "<svg"));
    assert_true(file_has(svg, CAREFUL) && file_has(svg, SLOPPY)); /* a series per run */
    assert_true(file_has(svg, ">not-applicable<")); /* the kinds by name, as grade and the filter name them */
    assert_false(file_has(svg, "not applicable"));
    assert_false(file_has(svg, "pick-up")); /* folded: the kind without its keys */
    assert_true(file_has(csv, "kind,key,run,task,count,wrong,answers,share," PL_ANSWER_CSV_HEADER));
    assert_true(file_has(csv, "not-applicable,pick-up,")); /* the data: every row */
    remove(svg);
    remove(csv);
    rmdir(dir);
    pl_vm_free(&vm);
    pl_why_free(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_and_nesting), cmocka_unit_test(test_fold_and_unfold),
        cmocka_unit_test(test_opens_folded_when_long),
        cmocka_unit_test(test_sort_by_difference), cmocka_unit_test(test_drill_down),
        cmocka_unit_test(test_selection_narrows),  cmocka_unit_test(test_export_csv),
        cmocka_unit_test(test_export_svg),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
