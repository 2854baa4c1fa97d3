/* Scores over epochs reduced as Inspect reduces them (its default "mean"
 * reducer): a sample's score is the mean over its epochs (lm-eval repeats),
 * then a metric takes the sample scores.  A run may also answer one question
 * several times in one epoch (a JSONL of separate samples, as the
 * conformance set): the k-th answer of each epoch is sample k, so a file
 * without epochs keeps one sample per line, as evaluate_gen.py scores it. */
#ifndef PL_RUNS_EPOCHS_H
#define PL_RUNS_EPOCHS_H

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

#endif
