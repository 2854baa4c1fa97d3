/* The why screen with several runs compares them on the same questions:
 * each column keeps only its answers to the questions every run answered
 * (paired as `planlens compare` pairs: task, ACPBench group and id, a
 * run's first answer to a question; workspace/run_compare.h), so that the
 * failure shares of the columns are over the paired wrong answers, and the
 * first two runs' sound accuracies over those questions are compared with
 * the paired 95 % interval of the difference and McNemar's exact p. */
#ifndef PL_VIEWS_WHY_PAIRED_H
#define PL_VIEWS_WHY_PAIRED_H

#include "workspace/run_compare.h"

#define PL_WHY_PAIRED_MAX 4

typedef struct {
    int paired;                     /* questions every run answered */
    int left_out[PL_WHY_PAIRED_MAX]; /* each run's answers not paired (a question another run did not
                                     * answer, or a repeat: a later epoch) */
    pl_cmp_diff accuracy;           /* first run − second run, sound verdicts of the pairs both graded */
    int a_only, b_only;             /* discordant pairs: first right and second wrong, the other way */
    double mcnemar_p;
} pl_why_pairing;

/* Narrows members[c] (nmembers[c] records of run runs[c]) to the paired
 * answers, in place, and fills out.  Returns 0, or -1 when out of memory. */
int pl_why_pair_columns(const pl_workspace *ws, const char *const *runs, int *const *members, int *nmembers, int nruns,
                        pl_why_pairing *out);

#endif
