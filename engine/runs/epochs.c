/* The reduction over epochs (epochs.h). */
#include "runs/epochs.h"
#include "base/sort.h"

#include <stdint.h>
#include <stdlib.h>

static int cmp_address(const void *a, const void *b)
{
    return (uintptr_t)a < (uintptr_t)b ? -1 : (uintptr_t)a > (uintptr_t)b;
}

/* Run, question, epoch, then load order. */
static int by_slot(const void *x, const void *y)
{
    const pl_epoch_answer *a = x, *b = y;
    int c = cmp_address(a->run, b->run);
    if (!c)
        c = cmp_address(a->question, b->question);
    if (!c)
        c = (a->epoch > b->epoch) - (a->epoch < b->epoch);
    return c ? c : (a->order > b->order) - (a->order < b->order);
}

static int same_question(const pl_epoch_answer *a, const pl_epoch_answer *b)
{
    return a->run == b->run && a->question == b->question;
}

int pl_epoch_samples(pl_epoch_answer *answers, int n, pl_epoch_sample *out)
{
    return pl_epoch_samples_reduced(answers, n, NULL, NULL, out);
}

/* One question of one run, answers[0..n) sorted by epoch: the k-th answer of
 * each epoch is sample k; each sample's values reduced into out.  Returns
 * the number of samples; -1 when out of memory. */
static int reduce_question(const pl_epoch_answer *answers, int n, const pl_epoch_reducer *r, pl_epoch_sample *out)
{
    int *attempt = malloc((size_t)n * sizeof *attempt);
    double *official = malloc((size_t)n * sizeof *official), *sound = malloc((size_t)n * sizeof *sound);
    int nsamples = 0;
    if (!attempt || !official || !sound)
        nsamples = -1;
    for (int i = 0; nsamples >= 0 && i < n; i++) {
        attempt[i] = i > 0 && answers[i].epoch == answers[i - 1].epoch ? attempt[i - 1] + 1 : 0;
        nsamples = attempt[i] + 1 > nsamples ? attempt[i] + 1 : nsamples;
    }
    for (int a = 0; a < nsamples; a++) {
        int m = 0;
        for (int i = 0; i < n; i++)
            if (attempt[i] == a) {
                official[m] = answers[i].official;
                sound[m++] = answers[i].sound;
            }
        out[a] = (pl_epoch_sample){pl_epoch_reduce(r, official, m), pl_epoch_reduce(r, sound, m), m};
    }
    free(attempt);
    free(official);
    free(sound);
    return nsamples;
}

int pl_epoch_samples_reduced(pl_epoch_answer *answers, int n, const pl_epoch_reducer *(*reducer_of)(const void *run,
                                                                                                    void *ctx),
                             void *ctx, pl_epoch_sample *out)
{
    static const pl_epoch_reducer mean = {PL_REDUCE_MEAN, 0};
    pl_sort(answers, (size_t)n, sizeof *answers, by_slot);
    int nout = 0;
    for (int i = 0, end; i < n; i = end) {
        for (end = i; end < n && same_question(&answers[end], &answers[i]); end++)
            ;
        const pl_epoch_reducer *r = reducer_of ? reducer_of(answers[i].run, ctx) : NULL;
        int got = reduce_question(&answers[i], end - i, r ? r : &mean, &out[nout]);
        if (got < 0)
            return nout; /* out of memory: the samples so far */
        nout += got;
    }
    return nout;
}
