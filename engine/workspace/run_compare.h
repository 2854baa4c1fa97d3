/* Two runs over the same questions, question by question (the paired
 * comparisons of the IoU paper's figures 6 and 9, and accuracy differences
 * with a standard error that respects the pairing).
 *
 * Pairing key: the question a response answers: (task, ACPBench group,
 * question id), whatever the run file numbered its samples (Inspect numbers
 * the samples of IBM's tasks 1..N; records carry the matched question's id).
 * ACPBench ids repeat across tasks and formats, so the id alone is not a key.
 * A plan-quality case's id names its model, so cases pair by (domain, prompt
 * type, instance) instead (pl_ws_record.pair_id).  A run's first response
 * to a key (in record order: epoch 1 first) is the pair's record (its score,
 * value and delta); further responses to the same key are counted
 * (dup_a, dup_b), and those of other epochs make, with the first, the
 * question's epoch-reduced score: the mean of the official scores of its
 * responses that have a verdict (Inspect's "mean" reducer, runs/epochs.h).
 * A second response in the same epoch is a duplicate and is left out.
 *
 * Statistics use the epoch-reduced official score (0/1 without epochs)
 * and the value (IoU, or action distance for plans; the first epoch's) of
 * pairs whose two records are graded and have a verdict.  For each such
 * pair i, d_i = a_i − b_i; the difference of the
 * runs is the mean d̄ (= accuracy A − accuracy B) and its standard error
 *
 *     SE = sqrt(s² / n),   s² = Σ (d_i − d̄)² / (n − 1)   (sample variance)
 *
 * Paired, because both runs answer the same questions: question difficulty
 * makes a_i and b_i correlated, and Var(a − b) = Var(a) + Var(b) − 2 Cov(a, b)
 * is what the difference actually varies by.  The unpaired formula
 * sqrt(pA(1−pA)/n + pB(1−pB)/n) ignores the covariance and overstates the
 * uncertainty.  For binary scores d_i is 0 on concordant pairs, so the SE
 * (like McNemar's test) is driven by the discordant counts.  With n < 2 the
 * SE is undefined: NAN.
 *
 * The 95 % interval of a difference is d̄ ± 1.96·SE (undefined when the SE
 * is), and McNemar's exact p-value (base/stats.h) tests the accuracy
 * difference on the discordant pairs a_only and b_only.  McNemar's test is
 * for 0/1 outcomes: when a reduced score is fractional (a question right in
 * some epochs only) it is not computed (mcnemar_p NAN, `fractional`) and
 * the paired interval alone speaks.  The accuracy difference's interval is
 * clipped to [−1, 1]. */
#ifndef PL_WORKSPACE_RUN_COMPARE_H
#define PL_WORKSPACE_RUN_COMPARE_H

#include <stdbool.h>

#include "base/error.h"
#include "base/stats.h"
#include "iou/histogram.h"
#include "workspace/workspace.h"

typedef struct {
    int a, b;          /* record indices of run A's and run B's response */
    int task;          /* index into pl_run_comparison.tasks */
    bool ready;        /* both graded with a verdict: the fields below are set */
    int score_a, score_b;
    bool has_value;    /* both have a value */
    double value_a, value_b;
    double delta;      /* value_a − value_b when has_value, else score_a − score_b */
    int epochs_a, epochs_b;  /* responses to the question with a verdict, per run (ready pairs) */
    double reduced_a, reduced_b; /* the mean official score over them (= score_a, score_b with one epoch) */
    int first_a, first_b;    /* all responses to the question: members[first_x .. first_x + count_x) */
    int count_a, count_b;
} pl_cmp_pair;

/* A paired difference: mean of d_i, its SE (NAN when n < 2) and 95 % interval. */
typedef struct {
    int n;
    double mean_a, mean_b, diff, se;
    pl_interval ci95; /* diff ± 1.96·se: undefined when se is NAN */
} pl_cmp_diff;

typedef struct {
    const char *task;      /* borrowed from the records; "all" for the total */
    int pairs;             /* paired questions (ready or not) */
    pl_cmp_diff accuracy;  /* over ready pairs: official score */
    int a_only, b_only;    /* McNemar's discordant counts: A right B wrong, A wrong B right */
    double mcnemar_p;      /* McNemar's exact two-sided p-value on them (1 when none; NAN when fractional) */
    bool fractional;       /* some pair's reduced score is neither 0 nor 1 (epochs): no McNemar */
    pl_cmp_diff value;     /* over ready pairs where both have a value */
    bool is_distance;      /* the values are action distances (lower is better) */
    bool mixed_values;     /* IoU and action distance both present (total only): value not computed */
} pl_cmp_task;

typedef struct {
    pl_cmp_pair *pairs;    /* owned; ordered by run A's record index */
    int npairs;
    pl_cmp_task *tasks;    /* owned; ordered by task name */
    int ntasks;
    pl_cmp_task total;     /* every task together */
    int only_a, only_b;    /* questions answered by one run only */
    int *members;          /* owned: record indices of every response of the paired questions */
    int dup_a, dup_b;      /* extra responses to a question (later epochs: in its reduced score if paired) */
    int pending;           /* pairs not graded yet */
    int errors;            /* pairs where a record has no verdict */
} pl_run_comparison;

/* Pairs the responses of runs model_a and model_b among the given records
 * (all of the workspace when records is NULL), and computes the statistics
 * over those graded so far.  Returns PL_OK; PL_ERR_SEMANTIC when a model
 * has no record among them or both names are the same (the message lists
 * the runs found); PL_ERR_LIMIT when out of memory.  Free with
 * pl_run_comparison_free (also after an error). */
int pl_run_compare(const pl_workspace *ws, const int *records, int n, const char *model_a, const char *model_b,
                   pl_run_comparison *out, pl_error *err);
void pl_run_comparison_free(pl_run_comparison *c);

/* Run A's (h[0]) and run B's (h[1]) histograms of the values of one task's
 * ready pairs that have both values, on the same bins; n_success counts
 * the official verdicts (a valid plan may have AD > 0).  Returns PL_OK (free
 * both with pl_histogram_free) or an error (a bin width the histogram
 * refuses, out of memory). */
int pl_run_compare_histograms(const pl_workspace *ws, const pl_run_comparison *c, int task, double bin_width,
                              pl_histogram h[2], pl_error *err);

/* Mean of a − b over n pairs, its paired SE (the formula above) and its 95 %
 * interval.  a and b may hold 0/1 scores or values. */
pl_cmp_diff pl_paired_diff(const double *a, const double *b, int n);

/* The runs (model names) of the workspace, comma-separated (a new string;
 * NULL when out of memory). */
char *pl_workspace_run_names(const pl_workspace *ws);

#endif
