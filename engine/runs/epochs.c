/* The reduction over epochs (epochs.h). */
#include "runs/epochs.h"

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
    qsort(answers, (size_t)n, sizeof *answers, by_slot);
    int nout = 0;
    for (int i = 0, end; i < n; i = end) {
        /* one question of one run: answers[i..end), by epoch; its samples go to out[nout..) */
        int first = nout, attempt = 0;
        for (end = i; end < n && same_question(&answers[end], &answers[i]); end++) {
            attempt = end > i && answers[end].epoch == answers[end - 1].epoch ? attempt + 1 : 0;
            if (first + attempt == nout)
                out[nout++] = (pl_epoch_sample){0, 0, 0};
            pl_epoch_sample *s = &out[first + attempt];
            s->official += answers[end].official;
            s->sound += answers[end].sound;
            s->epochs++;
        }
        for (int k = first; k < nout; k++) {
            out[k].official /= out[k].epochs;
            out[k].sound /= out[k].epochs;
        }
    }
    return nout;
}
