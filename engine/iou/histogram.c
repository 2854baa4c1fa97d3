#include "iou/histogram.h"
#include "base/sort.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int pl_histogram_bin_of(const pl_histogram *h, double value)
{
    /* the epsilon keeps 0.15 in [0.15, 0.2) despite 0.15 / 0.05 = 2.9999... */
    int b = (int)floor(value / h->bin_width + 1e-9);
    return b < 0 ? 0 : b >= h->nbins ? h->nbins - 1 : b;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void summarise(pl_histogram *h, const double *values, double *sorted)
{
    int n = h->n;
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += values[i];
    h->mean = sum / n;
    memcpy(sorted, values, (size_t)n * sizeof *sorted);
    pl_sort(sorted, (size_t)n, sizeof *sorted, cmp_double);
    h->median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    double m2 = 0, m3 = 0;
    for (int i = 0; i < n; i++) {
        double d = values[i] - h->mean;
        m2 += d * d;
        m3 += d * d * d;
    }
    m2 /= n;
    m3 /= n;
    h->skewness = m2 > 1e-24 ? m3 / pow(m2, 1.5) : 0.0;
}

int pl_histogram_bin_count(double bin_width)
{
    double bins = bin_width > 0 ? 1.0 / bin_width : 0;
    int nbins = bins < 1e6 ? (int)lround(bins) : 0;
    return nbins >= 1 && nbins <= PL_HISTOGRAM_MAX_BINS && fabs(bins - nbins) <= 1e-6 ? nbins : 0;
}

int pl_histogram_build(const double *values, const unsigned char *parse_failed, int n, double bin_width,
                       int higher_is_better, pl_histogram *out, pl_error *err)
{
    memset(out, 0, sizeof *out);
    int nbins = pl_histogram_bin_count(bin_width);
    if (!nbins)
        return pl_error_set(err, PL_ERR_SEMANTIC, NULL, 0, 0,
                            "bin width %g does not divide [0, 1] into at most 1000 equal bins", bin_width);
    out->bin_width = 1.0 / nbins;
    out->nbins = nbins;
    out->n = n;
    out->bins = calloc((size_t)nbins, sizeof *out->bins);
    int *fill = calloc((size_t)nbins, sizeof *fill);
    double *sorted = malloc((size_t)(n ? n : 1) * sizeof *sorted);
    if (!out->bins || !fill || !sorted)
        goto oom;
    for (int b = 0; b < nbins; b++) {
        out->bins[b].lo = b * out->bin_width;
        out->bins[b].hi = b + 1 == nbins ? 1.0 : (b + 1) * out->bin_width;
    }
    for (int i = 0; i < n; i++) {
        out->bins[pl_histogram_bin_of(out, values[i])].count++;
        out->n_success += higher_is_better ? values[i] >= 1.0 : values[i] <= 0.0;
        out->n_parse_fail += parse_failed && parse_failed[i];
    }
    for (int b = 0; b < nbins; b++)
        if (out->bins[b].count && !(out->bins[b].members = malloc((size_t)out->bins[b].count * sizeof(int))))
            goto oom;
    for (int i = 0; i < n; i++) {
        int b = pl_histogram_bin_of(out, values[i]);
        out->bins[b].members[fill[b]++] = i;
    }
    if (n)
        summarise(out, values, sorted);
    free(fill);
    free(sorted);
    return PL_OK;
oom:
    free(fill);
    free(sorted);
    pl_histogram_free(out);
    return pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0, "out of memory");
}

void pl_histogram_free(pl_histogram *h)
{
    for (int b = 0; b < h->nbins && h->bins; b++)
        free(h->bins[b].members);
    free(h->bins);
    memset(h, 0, sizeof *h);
}
