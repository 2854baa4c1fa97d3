/* Error bars (stats.h): Wilson, Miller's clustered SE, McNemar's exact test. */
#include "base/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/sort.h"

static const pl_interval undefined = {NAN, NAN};

bool pl_interval_defined(pl_interval ci)
{
    return !isnan(ci.low) && !isnan(ci.high);
}

pl_interval pl_wilson95(int k, int n)
{
    if (n < 2 || k < 0 || k > n)
        return undefined;
    const double z2 = PL_Z95 * PL_Z95;
    double center = (k + z2 / 2) / (n + z2);
    double half = PL_Z95 / (n + z2) * sqrt((double)k * (n - k) / n + z2 / 4);
    pl_interval ci = {center - half, center + half};
    /* exact at the ends: k = 0 starts at 0, k = n ends at 1 (not 1e-17 off) */
    if (k == 0)
        ci.low = 0;
    if (k == n)
        ci.high = 1;
    return ci;
}

pl_interval pl_normal95(double diff, double se)
{
    if (isnan(se))
        return undefined;
    return (pl_interval){diff - PL_Z95 * se, diff + PL_Z95 * se};
}

static double clip01(double x)
{
    return x < 0 ? 0 : x > 1 ? 1 : x;
}

int pl_clustered_mean(const double *x, const int *cluster, int n, int nclusters, pl_mean_ci *out)
{
    *out = (pl_mean_ci){.n = n, .se = NAN, .ci95 = undefined};
    if (n == 0)
        return 0;
    double *sum = calloc((size_t)nclusters + 1, sizeof *sum);   /* Σ (x_i − x̄) per question */
    int *size = calloc((size_t)nclusters + 1, sizeof *size);
    if (!sum || !size) {
        free(sum);
        free(size);
        return -1;
    }
    bool binary = true;
    for (int i = 0; i < n; i++) {
        out->mean += x[i];
        binary = binary && (x[i] == 0 || x[i] == 1);
    }
    out->mean /= n;
    double squares = 0; /* Σ (x_i − x̄)² */
    for (int i = 0; i < n; i++) {
        double e = x[i] - out->mean;
        squares += e * e;
        sum[cluster[i]] += e;
        out->clusters += !size[cluster[i]]++;
        out->clustered = out->clustered || size[cluster[i]] > 1;
    }
    if (n >= 2) {
        /* Σ_{i≠j in c} e_i e_j = (Σ_c e)² − Σ_c e²: the cross terms of equation 4 */
        double cross = 0;
        for (int c = 0; c < nclusters; c++)
            cross += sum[c] * sum[c];
        cross -= squares;
        double var = squares / (n - 1) / n + cross / ((double)n * n);
        out->se = sqrt(var > 0 ? var : 0);
        if (out->clustered || !binary)
            out->ci95 = (pl_interval){clip01(out->mean - PL_Z95 * out->se), clip01(out->mean + PL_Z95 * out->se)};
        else
            out->ci95 = pl_wilson95((int)lround(out->mean * n), n);
    }
    free(sum);
    free(size);
    return 0;
}

typedef struct {
    const char *key;
    int index;
} keyed;

static int by_key(const void *x, const void *y)
{
    return strcmp(((const keyed *)x)->key, ((const keyed *)y)->key);
}

int pl_clustered_mean_by_key(const double *x, const char *const *keys, int n, pl_mean_ci *out)
{
    keyed *order = malloc(((size_t)n + 1) * sizeof *order);
    int *cluster = malloc(((size_t)n + 1) * sizeof *cluster);
    int rc = order && cluster ? 0 : -1, nclusters = 0;
    for (int i = 0; rc == 0 && i < n; i++)
        order[i] = (keyed){keys[i], i};
    if (rc == 0) {
        pl_sort(order, (size_t)n, sizeof *order, by_key);
        for (int i = 0; i < n; i++) {
            nclusters += !i || strcmp(order[i].key, order[i - 1].key);
            cluster[order[i].index] = nclusters - 1;
        }
        rc = pl_clustered_mean(x, cluster, n, nclusters, out);
    }
    free(order);
    free(cluster);
    return rc;
}

double pl_mcnemar_exact_p(int b, int c)
{
    int n = b + c, k = b < c ? b : c;
    if (b == c)
        return 1;
    /* log C(n, k) − n·ln 2: the largest term of P(X ≤ k), as k < n/2 */
    double log_top = lgamma(n + 1.0) - lgamma(k + 1.0) - lgamma(n - k + 1.0) - n * log(2.0);
    /* Σ_{i ≤ k} C(n, i) / C(n, k), from i = k down: each term is the last
     * times i / (n − i + 1) (< 1), so the sum stops once they no longer count */
    double sum = 1, term = 1;
    for (int i = k; i > 0; i--) {
        term *= (double)i / (n - i + 1);
        sum += term;
        if (term < sum * 1e-17)
            break;
    }
    double p = 2 * exp(log_top + log(sum));
    return p > 1 ? 1 : p;
}
