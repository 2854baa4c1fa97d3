/* Error bars for accuracies and for differences of two runs
 * (docs/COMPARE.md, "Error bars").
 *
 * - A proportion k of n answers: Wilson's 95 % score interval, which stays
 *   inside [0, 1] and is honest near 0 and 1 where p ± 1.96·sqrt(p(1−p)/n)
 *   is not (that one is [p, p] for k = 0).
 * - Answers that come in clusters (a question answered in several epochs
 *   or with several prompts): the mean with the clustered standard error of
 *   Miller, "Adding Error Bars to Evals" (2024), equation 4:
 *
 *       SE² = s²/n + (1/n²) Σ_c Σ_{i≠j ∈ c} (x_i − x̄)(x_j − x̄),
 *       s² = Σ (x_i − x̄)² / (n − 1)
 *
 *   over the n answers; answers of one question are not independent draws,
 *   and the cross terms count how much they move together.  The interval is
 *   x̄ ± 1.96·SE, clipped to [0, 1].
 * - A paired difference (two runs on the same questions): d̄ ± 1.96·SE with
 *   the paired SE (workspace/run_compare.h), and McNemar's exact two-sided
 *   p-value on the discordant pairs: under "no difference" each of the
 *   b + c discordant pairs goes either way with probability ½, so
 *   p = min(1, 2·P(X ≤ min(b, c))), X ~ Binomial(b + c, ½).
 *
 * An interval is undefined (both ends NAN) with fewer than 2 answers:
 * one answer says nothing about its spread, and "± 0" would claim it does. */
#ifndef PL_BASE_STATS_H
#define PL_BASE_STATS_H

#include <stdbool.h>

/* The normal quantile of a two-sided 95 % interval. */
#define PL_Z95 1.959963984540054

typedef struct {
    double low, high; /* NAN when undefined */
} pl_interval;

/* A mean with its 95 % interval. */
typedef struct {
    int n;          /* answers */
    int clusters;   /* questions they answer */
    double mean;    /* 0 when n is 0 */
    double se;      /* clustered SE (NAN when n < 2) */
    bool clustered; /* some question has several answers: the interval is x̄ ± 1.96·SE */
    pl_interval ci95;
} pl_mean_ci;

/* Is the interval defined? */
bool pl_interval_defined(pl_interval ci);

/* Wilson's 95 % interval of k successes in n trials (undefined for n < 2). */
pl_interval pl_wilson95(int k, int n);

/* The mean of scores x[0..n) in [0, 1] and its 95 % interval, where answer
 * i answers question cluster[i] (ids in [0, nclusters)).  Without several
 * answers to any question and with 0/1 scores the interval is Wilson's;
 * otherwise x̄ ± 1.96·SE with Miller's clustered SE.  Returns 0, or -1
 * when out of memory. */
int pl_clustered_mean(const double *x, const int *cluster, int n, int nclusters, pl_mean_ci *out);

/* The same with the question of each answer named by a string: answers
 * with equal keys form a cluster (an id answered in several epochs). */
int pl_clustered_mean_by_key(const double *x, const char *const *keys, int n, pl_mean_ci *out);

/* diff ± 1.96·se (undefined when se is NAN). */
pl_interval pl_normal95(double diff, double se);

/* McNemar's exact two-sided p-value for b and c discordant pairs (1 when
 * b = c, including 0 and 0).  Summed in log space term by term from the
 * largest, so that b + c in the millions neither overflows nor underflows
 * to a wrong 0 before the terms become negligible. */
double pl_mcnemar_exact_p(int b, int c);

#endif
