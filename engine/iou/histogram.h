/* Histograms of per-answer metrics (IoU, action distance) beside binary
 * success, as in figures 1-2 of the IoU paper: fixed-width bins over [0, 1],
 * the members of each bin (for drill-down), and summary statistics. */
#ifndef PL_IOU_HISTOGRAM_H
#define PL_IOU_HISTOGRAM_H

#include "base/error.h"

typedef struct {
    double lo, hi;   /* [lo, hi); the last bin is [lo, 1] */
    int count;
    int *members;    /* owned: indices into the input values, ascending */
} pl_hist_bin;

typedef struct {
    double bin_width;
    int nbins;
    pl_hist_bin *bins;
    int n;              /* values binned (parse failures included, with the value given) */
    int n_success;      /* value == 1 when higher is better (IoU), == 0 otherwise (AD) */
    int n_parse_fail;
    double mean, median;
    double skewness;    /* sample skewness g1 = m3 / m2^1.5 (0 when all values are equal) */
} pl_histogram;

/* Bins n values in [0, 1].  parse_failed (may be NULL) marks answers that did
 * not parse: they are counted apart and binned with the value given (the
 * spec scores them IoU 0).  bin_width must divide 1 into at most 1000 equal
 * bins (0.05, 0.1, ...); anything else is an error.  Returns PL_OK or an
 * error code. */
int pl_histogram_build(const double *values, const unsigned char *parse_failed, int n, double bin_width,
                       int higher_is_better, pl_histogram *out, pl_error *err);
#define PL_HISTOGRAM_MAX_BINS 1000
/* The number of bins of width bin_width, or 0 when it does not divide
 * [0, 1] into at most PL_HISTOGRAM_MAX_BINS equal bins (0.3, 0, -1, NAN). */
int pl_histogram_bin_count(double bin_width);
/* The bin a value falls in (1.0 falls in the last bin). */
int pl_histogram_bin_of(const pl_histogram *h, double value);
void pl_histogram_free(pl_histogram *h);

#endif
