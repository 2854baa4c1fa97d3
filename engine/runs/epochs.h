/* Scores over epochs reduced as Inspect reduces them (its default "mean"
 * reducer): a sample's score is the mean over its epochs (lm-eval repeats),
 * then a metric takes the sample scores.  A run may also answer one question
 * several times in one epoch (a JSONL of separate samples, as the
 * conformance set): the k-th answer of each epoch is sample k, so a file
 * without epochs keeps one sample per line, as evaluate_gen.py scores it. */
#ifndef PL_RUNS_EPOCHS_H
#define PL_RUNS_EPOCHS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    const void *run;       /* who answered (a run, a run x task); compared by address */
    const void *question;  /* the question answered; compared by address */
    int epoch;             /* 1-based */
    int order;             /* load order, which numbers a question's answers within an epoch */
    double official, sound;
} pl_epoch_answer;

typedef struct {
    double official, sound; /* means over the sample's epochs */
    int epochs;             /* answers (epochs) it has */
} pl_epoch_sample;

/* Sorts the answers and writes one entry per sample to `out` (room for n),
 * grouped by run and question.  Returns the number of samples. */
int pl_epoch_samples(pl_epoch_answer *answers, int n, pl_epoch_sample *out);

/* Inspect's epoch reducers (inspect_ai/scorer/_reducer/reducer.py), named
 * as its logs name them (eval.config.epochs_reducer): "mean" (the default),
 * "median", "mode" (the most common value; a tie goes to the value seen
 * first), "max", "at_least_<k>" (1 when at least k epochs score >= 1) and
 * "pass_at_<k>" (the unbiased pass@k estimator 1 - C(n-c, k) / C(n, k), NaN
 * when fewer than k epochs are scored). */
typedef enum { PL_REDUCE_MEAN, PL_REDUCE_MEDIAN, PL_REDUCE_MODE, PL_REDUCE_MAX, PL_REDUCE_AT_LEAST,
               PL_REDUCE_PASS_AT } pl_epoch_reducer_kind;
typedef struct {
    pl_epoch_reducer_kind kind;
    int k; /* at_least, pass_at */
} pl_epoch_reducer;

/* false when the name is none of the above (NULL is "mean"). */
bool pl_epoch_reducer_parse(const char *name, pl_epoch_reducer *out);
/* The reducer's name as Inspect logs it ("at_least_2"), into buf. */
const char *pl_epoch_reducer_name(const pl_epoch_reducer *r, char *buf, size_t size);
/* One sample's score over its epochs' values (n >= 1). */
double pl_epoch_reduce(const pl_epoch_reducer *r, const double *values, int n);
/* pl_epoch_samples with each run's reducer: reducer_of(run, ctx), NULL for
 * mean.  A sample whose score is NaN (pass_at_k with fewer than k epochs)
 * is still written; metrics leave it out. */
int pl_epoch_samples_reduced(pl_epoch_answer *answers, int n, const pl_epoch_reducer *(*reducer_of)(const void *run,
                                                                                                    void *ctx),
                             void *ctx, pl_epoch_sample *out);

#endif
