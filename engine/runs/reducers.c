/* Inspect's epoch reducers on one sample's scalar values, computed as
 * inspect_ai/scorer/_reducer/reducer.py computes them (epochs.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/sort.h"
#include "runs/epochs.h"

static const char *const names[] = {"mean", "median", "mode", "max", "at_least", "pass_at"};

bool pl_epoch_reducer_parse(const char *name, pl_epoch_reducer *out)
{
    *out = (pl_epoch_reducer){PL_REDUCE_MEAN, 0};
    if (!name)
        return true;
    for (int kind = PL_REDUCE_MEAN; kind <= PL_REDUCE_PASS_AT; kind++) {
        size_t n = strlen(names[kind]);
        if (strncmp(name, names[kind], n))
            continue;
        if (kind < PL_REDUCE_AT_LEAST && !name[n]) {
            out->kind = (pl_epoch_reducer_kind)kind;
            return true;
        }
        /* "<name>_<k>": Inspect's shorthand for the k parameter (create_reducers) */
        char *end;
        long k = kind >= PL_REDUCE_AT_LEAST && name[n] == '_' ? strtol(name + n + 1, &end, 10) : 0;
        if (k >= 1 && k <= 1000 && !*end && end != name + n + 1) {
            *out = (pl_epoch_reducer){(pl_epoch_reducer_kind)kind, (int)k};
            return true;
        }
    }
    return false;
}

const char *pl_epoch_reducer_name(const pl_epoch_reducer *r, char *buf, size_t size)
{
    if (r->kind >= PL_REDUCE_AT_LEAST)
        snprintf(buf, size, "%s_%d", names[r->kind], r->k);
    else
        snprintf(buf, size, "%s", names[r->kind]);
    return buf;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* statistics.median: the middle value, or the mean of the middle two. */
static double median(const double *values, int n)
{
    double *v = malloc((size_t)n * sizeof *v);
    if (!v)
        return NAN;
    memcpy(v, values, (size_t)n * sizeof *v);
    pl_sort(v, (size_t)n, sizeof *v, by_value);
    double m = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    free(v);
    return m;
}

/* Counter(values).most_common(1): the most frequent, first seen on a tie. */
static double mode(const double *values, int n)
{
    double best = values[0];
    int best_count = 0;
    for (int i = 0; i < n; i++) {
        int count = 0;
        for (int j = 0; j < n; j++)
            count += values[j] == values[i];
        if (count > best_count) {
            best = values[i];
            best_count = count;
        }
    }
    return best;
}

/* 1 - prod(1 - k / arange(n - c + 1, n + 1)) (Chen et al. 2021). */
static double pass_at(int k, const double *values, int n)
{
    int correct = 0;
    for (int i = 0; i < n; i++)
        correct += values[i] >= 1.0;
    if (n < k)
        return NAN;
    if (n - correct < k)
        return 1.0;
    double prod = 1.0;
    for (int m = n - correct + 1; m <= n; m++)
        prod *= 1.0 - (double)k / m;
    return 1.0 - prod;
}

double pl_epoch_reduce(const pl_epoch_reducer *r, const double *values, int n)
{
    double out = 0;
    int count = 0;
    switch (r->kind) {
    case PL_REDUCE_MEAN:
        for (int i = 0; i < n; i++)
            out += values[i];
        return out / n;
    case PL_REDUCE_MEDIAN:
        return median(values, n);
    case PL_REDUCE_MODE:
        return mode(values, n);
    case PL_REDUCE_MAX:
        out = values[0];
        for (int i = 1; i < n; i++)
            out = values[i] > out ? values[i] : out;
        return out;
    case PL_REDUCE_AT_LEAST:
        for (int i = 0; i < n; i++)
            count += values[i] >= 1.0;
        return count >= r->k;
    case PL_REDUCE_PASS_AT:
        return pass_at(r->k, values, n);
    }
    return NAN;
}
