/* Failure modes counted per column (engine/workspace/failure_table.h), over
 * the graded records of sample-runs/: every wrong answer counted once under
 * its kind, keys nested under their kind, the counts equal to the records a
 * row selects, and both orders. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"
#include "workspace/failure_table.h"

#define SAMPLES PLANLENS_SOURCE_DIR "/sample-runs"

static pl_workspace *open_samples(void)
{
    const char *paths[] = {SAMPLES};
    pl_workspace *ws = pl_test_open_graded(paths, 1);
    assert_non_null(ws);
    return ws;
}

/* The records of group g (a new array). */
static int *group(const pl_workspace *ws, int g, int *n)
{
    int *out = malloc(((size_t)pl_workspace_count(ws) + 1) * sizeof *out);
    assert_non_null(out);
    *n = 0;
    for (int i = 0; i < pl_workspace_count(ws); i++)
        if (pl_workspace_record(ws, i)->group == g)
            out[(*n)++] = i;
    return out;
}

static void check_column(const pl_workspace *ws, const pl_ws_failure_table *t, int c, const int *records, int n)
{
    int answers = 0, wrong = 0;
    for (int i = 0; i < n; i++) {
        const pl_ws_record *r = pl_workspace_record(ws, records[i]);
        if (!r->graded || r->error || r->resp->error)
            continue;
        answers++;
        wrong += !r->sound_score;
    }
    assert_int_equal(t->answers[c], answers);
    assert_int_equal(t->wrong[c], wrong);
    int kinds = 0;
    for (int row = 0; row < t->nrows; row++) {
        int selected = 0;
        for (int i = 0; i < n; i++)
            selected += pl_ws_failure_row_has(t, row, pl_workspace_record(ws, records[i]));
        assert_int_equal(t->rows[row].count[c], selected);
        if (!t->rows[row].key) {
            kinds += t->rows[row].count[c];
            int keys = 0; /* the keys nested under this kind */
            for (int k = row + 1; k < t->nrows && t->rows[k].key; k++) {
                assert_int_equal(t->rows[k].kind, t->rows[row].kind);
                keys += t->rows[k].count[c];
            }
            assert_true(keys <= t->rows[row].count[c]);
        }
    }
    assert_int_equal(kinds, wrong); /* each wrong answer under exactly one kind */
}

static int kind_total(const pl_ws_failure_table *t, int row)
{
    int n = 0;
    for (int c = 0; c < t->ncolumns; c++)
        n += t->rows[row].count[c];
    return n;
}

static void test_each_group(void **state)
{
    (void)state;
    pl_workspace *ws = open_samples();
    int total_wrong = 0;
    for (int g = 0; g < pl_workspace_ngroups(ws); g++) {
        int n;
        int *records = group(ws, g, &n);
        const int *cols[] = {records};
        pl_ws_failure_table t;
        assert_int_equal(pl_ws_failure_table_build(ws, cols, &n, 1, PL_WS_FAILURE_BY_COUNT, &t), 0);
        check_column(ws, &t, 0, records, n);
        total_wrong += t.wrong[0];
        int last = -1; /* kinds by count, larger first */
        for (int row = 0; row < t.nrows; row++) {
            if (t.rows[row].key)
                continue;
            if (last >= 0)
                assert_true(kind_total(&t, last) >= kind_total(&t, row));
            last = row;
        }
        assert_true(t.nrows == 0 || !t.rows[0].key); /* a kind's row opens the table */
        pl_ws_failure_table_free(&t);
        free(records);
    }
    assert_true(total_wrong > 0);
    pl_workspace_close(ws);
}

/* Two runs side by side, ordered by the difference of their shares. */
static void test_two_columns_by_difference(void **state)
{
    (void)state;
    pl_workspace *ws = open_samples();
    int na, nb;
    int *a = group(ws, 1, &na), *b = group(ws, pl_workspace_ngroups(ws) - 1, &nb);
    const int *cols[] = {a, b};
    int ns[] = {na, nb};
    pl_ws_failure_table t;
    assert_int_equal(pl_ws_failure_table_build(ws, cols, ns, 2, PL_WS_FAILURE_BY_DIFF, &t), 0);
    check_column(ws, &t, 0, a, na);
    check_column(ws, &t, 1, b, nb);
    double last = INFINITY;
    for (int row = 0; row < t.nrows; row++) {
        if (t.rows[row].key)
            continue;
        double d = fabs(pl_ws_failure_share(&t, row, 0) - pl_ws_failure_share(&t, row, 1));
        assert_true(d <= last + 1e-12);
        last = d;
    }
    pl_ws_failure_table_free(&t);
    free(a);
    free(b);
    pl_workspace_close(ws);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_group),
        cmocka_unit_test(test_two_columns_by_difference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
