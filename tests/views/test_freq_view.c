/* Frequency tables of a column on a real workspace (sample-runs/): every
 * value's count and share equal a count over the records, the values sort
 * by count or by value, a line opens exactly the records with its value,
 * and the number columns go to the histogram's metrics. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "freq_view.h"
#include "test_support.h"

static char *text_of(const pl_view_model *vm, int line)
{
    char *s = pl_vm_line_text(&vm->lines[line]);
    assert_non_null(s);
    return s;
}

/* The count a line shows: its second column. */
static int count_on(const pl_view_model *vm, int line, char *value, size_t size)
{
    char *s = text_of(vm, line);
    char *share = strrchr(s, '%');
    assert_non_null(share);
    int count = 0;
    /* "value   count  share% bar": the value is all before the count */
    char *end = share;
    while (end > s && end[-1] != ' ')
        end--; /* the share's start */
    while (end > s && end[-1] == ' ')
        end--;
    char *num = end;
    while (num > s && num[-1] != ' ')
        num--;
    count = atoi(num);
    while (num > s && num[-1] == ' ')
        num--;
    snprintf(value, size, "%.*s", (int)(num - s), s);
    free(s);
    return count;
}

/* The domain table: counts equal the records', sorted by count, each line
 * opening its domain's records. */
static void test_domain_counts_and_drill_down(void **state)
{
    pl_workspace *ws = *state;
    pl_view_model vm;
    pl_view_freq(ws, NULL, PL_FREQ_DOMAIN, false, 100, true, &vm);
    assert_false(vm.oom);
    assert_string_equal(vm.title, "frequency of domain");
    assert_int_equal(vm.nfixed, 1);
    int total = pl_workspace_count(ws), seen = 0, last = total + 1;
    assert_true(vm.nlines > 3);
    for (int line = vm.nfixed; line < vm.nlines; line++) {
        char value[128];
        int count = count_on(&vm, line, value, sizeof value);
        int want = 0;
        for (int i = 0; i < total; i++)
            want += !strcmp(pl_workspace_record(ws, i)->domain, value);
        assert_int_equal(count, want);
        assert_true(count <= last); /* by count, the most first */
        last = count;
        seen += count;
        char share[32];
        snprintf(share, sizeof share, " %.1f%%", 100.0 * count / total);
        char *s = text_of(&vm, line);
        assert_non_null(strstr(s, share));
        free(s);
        int n;
        int *members = pl_freq_members(ws, NULL, PL_FREQ_DOMAIN, vm.lines[line].target, &n);
        assert_int_equal(n, want);
        for (int k = 0; k < n; k++)
            assert_string_equal(pl_workspace_record(ws, members[k])->domain, value);
        free(members);
        char *label = pl_freq_label(ws, NULL, PL_FREQ_DOMAIN, vm.lines[line].target);
        char want_label[160];
        snprintf(want_label, sizeof want_label, "domain: %s", value);
        assert_string_equal(label, want_label);
        free(label);
    }
    assert_int_equal(seen, total);
    pl_vm_free(&vm);
}

/* By value: the values in order, the targets unchanged. */
static void test_sort_by_value(void **state)
{
    pl_workspace *ws = *state;
    pl_view_model by_count, by_value;
    pl_view_freq(ws, NULL, PL_FREQ_TASK, false, 100, true, &by_count);
    pl_view_freq(ws, NULL, PL_FREQ_TASK, true, 100, true, &by_value);
    assert_int_equal(by_count.nlines, by_value.nlines);
    char prev[128] = "";
    for (int line = by_value.nfixed; line < by_value.nlines; line++) {
        char value[128];
        count_on(&by_value, line, value, sizeof value);
        assert_true(line == by_value.nfixed || pl_id_cmp(prev, value) < 0);
        snprintf(prev, sizeof prev, "%s", value);
        assert_int_equal(by_value.lines[line].target, line - by_value.nfixed); /* target: the value's rank */
    }
    assert_non_null(strstr(by_value.status, "sorted by value"));
    pl_vm_free(&by_count);
    pl_vm_free(&by_value);
}

/* The failure kind: right answers apart, each wrong one under its kind. */
static void test_failure_kind_column(void **state)
{
    pl_workspace *ws = *state;
    pl_view_model vm;
    pl_view_freq(ws, NULL, PL_FREQ_KIND, false, 120, true, &vm);
    for (int line = vm.nfixed; line < vm.nlines; line++) {
        char value[128];
        int count = count_on(&vm, line, value, sizeof value), want = 0;
        for (int i = 0; i < pl_workspace_count(ws); i++) {
            const pl_ws_record *r = pl_workspace_record(ws, i);
            const pl_failure *f = pl_ws_record_failure(r);
            pl_failure_kind k = f->kind == PL_FAIL_NONE ? PL_FAIL_OTHER : f->kind;
            bool wrong = r->graded && !r->error && !r->resp->error && !r->sound_score;
            want += wrong ? !strcmp(value, pl_failure_kind_name(k)) : !strcmp(value, "none (right)") && r->sound_score;
        }
        assert_int_equal(count, want);
    }
    assert_true(vm.nlines > vm.nfixed + 2); /* right answers and some kinds */
    pl_vm_free(&vm);
}

/* Plan lengths of the plan-quality cases; the other records have none. */
static void test_plan_length(void **state)
{
    pl_workspace *ws = *state;
    int col;
    char *err = NULL;
    pl_filter *cases = pl_filter_parse("task=plan-quality", &col, &err);
    assert_non_null(cases);
    pl_selection sel = {.filter = cases};
    pl_view_model vm;
    pl_view_freq(ws, &sel, PL_FREQ_LENGTH, true, 100, true, &vm);
    int total = 0;
    for (int line = vm.nfixed; line < vm.nlines; line++) {
        char value[128];
        int count = count_on(&vm, line, value, sizeof value), want = 0;
        for (int i = 0; i < pl_workspace_count(ws); i++) {
            const pl_ws_record *r = pl_workspace_record(ws, i);
            want += r->pcase && r->pcase->nllm == atoi(value);
        }
        assert_int_equal(count, want);
        total += count;
    }
    assert_true(total > 0);
    pl_vm_free(&vm);
    pl_filter_free(cases);
}

/* AQM labels count the actions of the cases' plans, not the cases. */
static void test_labels_count_actions(void **state)
{
    pl_workspace *ws = *state;
    pl_view_model vm;
    pl_view_freq(ws, NULL, PL_FREQ_LABEL, false, 100, true, &vm);
    static const char *const names[] = {"correct", "misplaced", "same_act", "diff_act", "redundant"};
    int actions = 0;
    for (int line = vm.nfixed; line < vm.nlines; line++) {
        char value[128];
        int count = count_on(&vm, line, value, sizeof value), want = 0, k = 0;
        while (k < 5 && strcmp(names[k], value))
            k++;
        assert_true(k < 5);
        for (int i = 0; i < pl_workspace_count(ws); i++) {
            const pl_ws_record *r = pl_workspace_record(ws, i);
            want += r->has_quality ? r->aqm[k] : 0;
        }
        assert_int_equal(count, want);
        actions += count;
    }
    char want[64];
    snprintf(want, sizeof want, " %d actions ", actions);
    assert_non_null(strstr(vm.status, want));
    pl_vm_free(&vm);
}

static void test_column_names(void **state)
{
    (void)state;
    for (int c = 0; c < PL_FREQ_COLUMNS; c++)
        assert_int_equal(pl_freq_column_from_name(pl_freq_column_name((pl_freq_column)c)), c);
    assert_int_equal(pl_freq_column_from_name("MODEL"), PL_FREQ_RUN);
    assert_int_equal(pl_freq_column_from_name("ad"), PL_FREQ_IOU);
    assert_int_equal(pl_freq_column_from_name("colour"), -1);
    assert_int_equal(pl_freq_histogram_metric(PL_FREQ_IOU), PL_HIST_VALUE);
    assert_int_equal(pl_freq_histogram_metric(PL_FREQ_LEA), PL_HIST_LEA);
    assert_int_equal(pl_freq_histogram_metric(PL_FREQ_FINAL), PL_HIST_FINAL);
    assert_int_equal(pl_freq_histogram_metric(PL_FREQ_RULE), PL_HIST_ALL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_domain_counts_and_drill_down),
        cmocka_unit_test(test_sort_by_value),
        cmocka_unit_test(test_failure_kind_column),
        cmocka_unit_test(test_plan_length),
        cmocka_unit_test(test_labels_count_actions),
        cmocka_unit_test(test_column_names),
    };
    return cmocka_run_group_tests(tests, pl_test_open_samples, pl_test_close_workspace);
}
