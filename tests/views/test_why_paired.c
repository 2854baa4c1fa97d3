/* The why screen's pairing (views/why_paired.h) and the dashboard's interval
 * on the sample runs (sample-runs/): two runs compared on the questions both
 * answered, counted here on their own (task and id, a run's first answer);
 * the accuracy difference from the paired sound verdicts counted here and
 * McNemar's p (base/stats.h, checked in test_stats); the dashboard's
 * official 95 % interval, Wilson's (bench/stats_reference.py: 12 of 14 is
 * [0.6006, 0.9599]), and "n = 1" for a single answer. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"
#include "views.h"
#include "why_view.h"

#define CAREFUL "synthetic-careful"
#define SLOPPY "synthetic-sloppy"

static bool ready(const pl_ws_record *r)
{
    return r->graded && !r->error && !r->resp->error;
}

/* A selection of careful's app answers it got right (sound) and all of
 * sloppy's: the runs answer different questions. */
static void test_pairs_what_both_answered(void **state)
{
    const pl_workspace *ws = *state;
    int total = pl_workspace_count(ws), n = 0, careful = 0, sloppy = 0;
    int *subset = malloc((size_t)total * sizeof *subset);
    assert_non_null(subset);
    for (int i = 0; i < total; i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        if (strcmp(r->task, "app"))
            continue;
        if (!strcmp(r->model, CAREFUL) && ready(r) && r->sound_score)
            subset[n++] = i, careful++;
        else if (!strcmp(r->model, SLOPPY))
            subset[n++] = i, sloppy++;
    }
    /* by hand: each careful answer's partner among sloppy's (same task and id) */
    int paired = 0, a_only = 0, b_only = 0, both = 0;
    for (int i = 0; i < n; i++) {
        const pl_ws_record *a = pl_workspace_record(ws, subset[i]);
        if (strcmp(a->model, CAREFUL))
            continue;
        for (int j = 0; j < n; j++) {
            const pl_ws_record *b = pl_workspace_record(ws, subset[j]);
            if (!strcmp(b->model, SLOPPY) && !strcmp(a->id, b->id)) {
                paired++;
                if (ready(a) && ready(b)) {
                    both++;
                    a_only += a->sound_score && !b->sound_score;
                    b_only += !a->sound_score && b->sound_score;
                }
                break;
            }
        }
    }
    assert_true(paired > 1 && paired < sloppy); /* the sets differ */
    const char *runs[] = {CAREFUL, SLOPPY};
    pl_why w;
    assert_int_equal(pl_why_init(&w, runs, 2, "app"), 0);
    pl_selection sel = {.subset = subset, .nsubset = n};
    pl_view_model vm;
    pl_view_why(ws, &sel, &w, 100, true, &vm);
    assert_false(vm.oom);
    assert_int_equal(w.pairing.paired, paired);
    assert_int_equal(w.pairing.left_out[0], careful - paired);
    assert_int_equal(w.pairing.left_out[1], sloppy - paired);
    assert_int_equal(w.nmembers[0], paired);
    assert_int_equal(w.nmembers[1], paired);
    assert_int_equal(w.table.answers[1], both); /* B's shares are over its paired answers only */
    assert_int_equal(w.pairing.accuracy.n, both);
    assert_int_equal(w.pairing.a_only, a_only);
    assert_int_equal(w.pairing.b_only, b_only);
    assert_true(fabs(w.pairing.mcnemar_p - pl_mcnemar_exact_p(a_only, b_only)) < 1e-12);
    double diff = (double)(a_only - b_only) / both;
    assert_true(fabs(w.pairing.accuracy.diff - diff) < 1e-12);
    /* the header says n, the interval and that the sets differ */
    char want[128];
    snprintf(want, sizeof want, "%d paired questions - left out: A 0, B %d: shares", paired, sloppy - paired);
    char *head = pl_vm_line_text(&vm.lines[0]);
    assert_non_null(strstr(head, want));
    free(head);
    snprintf(want, sizeof want, "n = %d", both);
    bool said = false, interval = false;
    for (int i = 0; i < vm.nfixed; i++) {
        char *s = pl_vm_line_text(&vm.lines[i]);
        said = said || strstr(s, want);
        interval = interval || strstr(s, "95% CI [");
        free(s);
    }
    assert_true(said && interval);
    pl_vm_free(&vm);
    pl_why_free(&w);
    free(subset);
}

/* The dashboard's last column: the official accuracy's interval, n = 1 for one answer. */
static void test_dashboard_interval(void **state)
{
    const pl_workspace *ws = *state;
    pl_view_model vm;
    pl_dashboard_rows rows;
    pl_view_dashboard(ws, NULL, 220, true, NULL, &vm, &rows);
    bool header = false, app = false;
    for (int i = 0; i < vm.nlines; i++) {
        char *s = pl_vm_line_text(&vm.lines[i]);
        header = header || strstr(s, "official 95% CI");
        /* careful's applicability: 12 of 14 right, Wilson [60.1, 96.0] */
        app = app || (strstr(s, CAREFUL) && strstr(s, "applicability") && strstr(s, "[60.1, 96.0]"));
        free(s);
    }
    assert_true(header && app);
    pl_vm_free(&vm);
    pl_dashboard_rows_free(&rows);
    /* one answer: no interval */
    int one = -1;
    for (int i = 0; i < pl_workspace_count(ws) && one < 0; i++)
        one = ready(pl_workspace_record(ws, i)) ? i : -1;
    pl_selection sel = {.subset = &one, .nsubset = 1};
    pl_view_dashboard(ws, &sel, 220, true, NULL, &vm, &rows);
    char *s = pl_vm_line_text(&vm.lines[vm.nfixed]);
    assert_non_null(strstr(s, "n = 1"));
    free(s);
    pl_vm_free(&vm);
    pl_dashboard_rows_free(&rows);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pairs_what_both_answered),
        cmocka_unit_test(test_dashboard_interval),
    };
    return cmocka_run_group_tests(tests, pl_test_open_samples, pl_test_close_workspace);
}
