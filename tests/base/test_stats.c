/* Error bars (base/stats.h) against values computed independently:
 *
 *     /usr/bin/python3 bench/stats_reference.py
 *
 * exact rational sums (fractions) and SciPy 1.10's binomtest (exact
 * two-sided p-value, Wilson interval), which agree to 1e-13 on every case
 * below.  The expected numbers are that script's output. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>

#include "base/stats.h"
#include "workspace/run_compare.h"

static void near(double got, double want)
{
    double tol = 1e-12 + 1e-9 * fabs(want);
    if (fabs(got - want) > tol)
        fail_msg("got %.17g, want %.17g", got, want);
}

static void test_wilson(void **state)
{
    (void)state;
    static const struct {
        int k, n;
        double low, high;
    } cases[] = {
        {0, 10, 0, 0.277532799862889},
        {7, 10, 0.396778147461145, 0.892208732593699},
        {10, 10, 0.722467200137111, 1},
        {1, 2, 0.0945312057342307, 0.905468794265769},
        {1, 3, 0.0614919447203963, 0.792340399197952},
        {12, 14, 0.600586205030297, 0.959906078728535},
        {31, 64, 0.366335516654326, 0.604183985214199},
        {41, 182, 0.170622631468008, 0.291284304505395},
        {500, 1000, 0.469069600368104, 0.530930399631896},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        pl_interval ci = pl_wilson95(cases[i].k, cases[i].n);
        near(ci.low, cases[i].low);
        near(ci.high, cases[i].high);
    }
    /* one answer says nothing about its spread: no interval, never ± 0 */
    assert_false(pl_interval_defined(pl_wilson95(1, 1)));
    assert_false(pl_interval_defined(pl_wilson95(0, 0)));
    assert_true(pl_interval_defined(pl_wilson95(0, 2)));
}

static void test_mcnemar_exact(void **state)
{
    (void)state;
    static const struct {
        int b, c;
        double p;
    } cases[] = {
        {0, 0, 1},
        {3, 3, 1},
        {1, 5, 0.21875},
        {5, 1, 0.21875},
        {2, 10, 0.03857421875},
        {0, 7, 0.015625},
        {12, 30, 0.00791589733489673},
        {10, 1000, 5.35957487462473e-281}, /* 2^-1010 alone underflows: summed in log space */
        {400, 460, 0.044169548194589},
        {5000, 5200, 0.0487879631268225},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        near(pl_mcnemar_exact_p(cases[i].b, cases[i].c), cases[i].p);
    /* far beyond the double range of the terms: a clean 0, not NAN */
    double p = pl_mcnemar_exact_p(0, 2000000);
    assert_false(isnan(p));
    assert_true(p >= 0 && p < 1e-300);
}

static void clustered(const double *x, const int *cluster, int n, int nclusters, double mean, double se, double low,
                      double high)
{
    pl_mean_ci m;
    assert_int_equal(pl_clustered_mean(x, cluster, n, nclusters, &m), 0);
    assert_int_equal(m.n, n);
    assert_int_equal(m.clusters, nclusters);
    assert_true(m.clustered);
    near(m.mean, mean);
    near(m.se, se);
    near(m.ci95.low, low);
    near(m.ci95.high, high);
}

static void test_clustered_mean(void **state)
{
    (void)state;
    /* four questions, three epochs each */
    const double x1[] = {1, 1, 1, 0, 0, 1, 0, 0, 0, 1, 0, 1};
    const int c1[] = {0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3};
    clustered(x1, c1, 12, 4, 0.5, 0.191353499095683, 0.124954033456743, 0.875045966543257);
    /* uneven clusters, in no particular order */
    const double x2[] = {1, 0, 1, 1, 0, 0, 1, 0, 0, 1};
    const int c2[] = {0, 1, 2, 0, 2, 2, 2, 4, 4, 3};
    clustered(x2, c2, 10, 5, 0.5, 0.166666666666667, 0.173339335909991, 0.826660664090009);
    /* values, not scores */
    const double x3[] = {0.5, 0.25, 1, 0.75, 0.2};
    const int c3[] = {0, 0, 1, 1, 2};
    clustered(x3, c3, 5, 3, 0.54, 0.177499295773251, 0.192107773003206, 0.887892226996794);

    /* one answer per question and 0/1 scores: Wilson's interval */
    const double x4[] = {1, 1, 1, 1, 1, 1, 1, 0, 0, 0};
    const int c4[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    pl_mean_ci m;
    assert_int_equal(pl_clustered_mean(x4, c4, 10, 10, &m), 0);
    assert_false(m.clustered);
    near(m.ci95.low, 0.396778147461145);
    near(m.ci95.high, 0.892208732593699);
    /* n = 1: a mean, no interval */
    assert_int_equal(pl_clustered_mean(x4, c4, 1, 1, &m), 0);
    assert_true(m.mean == 1 && isnan(m.se) && !pl_interval_defined(m.ci95));
}

static void test_paired_interval(void **state)
{
    (void)state;
    const double a[] = {1, 1, 0, 1, 0, 1, 1, 0, 1, 1}, b[] = {0, 1, 0, 0, 0, 1, 0, 0, 1, 1};
    pl_cmp_diff d = pl_paired_diff(a, b, 10);
    near(d.diff, 0.3);
    near(d.se, 0.152752523165195);
    pl_interval ci = pl_normal95(d.diff, d.se);
    near(ci.low, 0.000610556048598221);
    near(ci.high, 0.599389443951402);
    d = pl_paired_diff(a, b, 1);
    assert_false(pl_interval_defined(pl_normal95(d.diff, d.se)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wilson),
        cmocka_unit_test(test_mcnemar_exact),
        cmocka_unit_test(test_clustered_mean),
        cmocka_unit_test(test_paired_interval),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
