/* Warnings grouped by kind across files (issue 28): 320 duplicate question
 * ids in 16 files are one kind, shown as one group with its count and first
 * examples, not 320 lines. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/diag_groups.h"
#include "warnings_view.h"

static void kind_is(const char *message, const char *kind)
{
    char *k = pl_diag_kind_name(message);
    assert_non_null(k);
    assert_string_equal(k, kind);
    free(k);
}

static void test_kind_names(void **state)
{
    (void)state;
    kind_is("record 12: duplicate question (4896, nexta), first loaded from a/b.json record 3", "duplicate question");
    kind_is("missing response", "missing response");
    kind_is("7 of 9 records skipped, 2 loaded", "N of N records skipped");
    kind_is("verdict for another question than line 5 of runs/x.jsonl", "verdict for another question than line N of FILE");
    kind_is("not opened: no such file or directory", "not opened: no such file or directory");
    kind_is("sample 3: missing id", "missing id");
}

/* 320 duplicates spread over 16 files, then 5 copies of one warning in a run. */
static void fill(pl_diags *d)
{
    for (int i = 0; i < 320; i++) {
        char file[64];
        snprintf(file, sizeof file, "acpbench/set%02d/questions.json", i % 16);
        pl_diags_add(d, file, 0, 0, "record %d: duplicate question (%d, app), first loaded from %s record %d", i + 100,
                     1000 + i, file, i);
    }
    for (int line = 1; line <= 5; line++)
        pl_diags_add(d, "runs/v.jsonl", line, 0, "missing response");
}

static void test_grouped_by_kind(void **state)
{
    (void)state;
    pl_diags d = PL_DIAGS_INIT;
    fill(&d);
    pl_diag_kinds k;
    assert_int_equal(pl_diags_by_kind(&d, &k), 0);
    assert_int_equal(k.nkinds, 2);
    assert_int_equal(k.count, 325);
    assert_string_equal(k.kinds[0].name, "duplicate question");
    assert_int_equal(k.kinds[0].count, 320);
    assert_int_equal(k.kinds[0].nfiles, 16);
    assert_int_equal(k.kinds[0].ngroups, 320);
    assert_string_equal(k.kinds[1].name, "missing response");
    assert_int_equal(k.kinds[1].count, 5);
    assert_int_equal(k.kinds[1].nfiles, 1);
    assert_int_equal(k.kinds[1].ngroups, 1);
    pl_diag_kinds_free(&k);

    pl_view_model vm;
    pl_view_warnings(&d, 80, &vm);
    assert_false(vm.oom);
    assert_true(vm.nlines < 20); /* not one line per warning */
    assert_string_equal(vm.status, "325 warnings · 2 kinds");
    int kinds = 0;
    bool counted = false, more = false, lines = false;
    for (int i = 0; i < vm.nlines; i++) {
        char *text = pl_vm_line_text(&vm.lines[i]);
        assert_non_null(text);
        kinds += vm.lines[i].target >= 0;
        counted = counted || strstr(text, "duplicate question: 320 times in 16 files");
        more = more || strstr(text, "... 317 more (planlens --warnings FILE writes every one)");
        lines = lines || strstr(text, "runs/v.jsonl: missing response (5 times; lines 1, 2, 3, 4, 5)");
        free(text);
    }
    assert_int_equal(kinds, 2);
    assert_true(counted);
    assert_true(more);
    assert_true(lines);
    pl_vm_free(&vm);
    pl_diags_clear(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kind_names),
        cmocka_unit_test(test_grouped_by_kind),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
