/* Plan potential (spec plan-quality.md §8, §9).
 *
 * π1: every consistent renaming of the variables of π0 (all permutations of
 * the distinct 1st/2nd parameters when there are fewer than 7, else the
 * renamings that make one action equal a GT action), each at its best
 * circular shift, scored like π0 minus the share of renamed variables.
 * Evaluations are memoised on the candidate plan: the official code rebuilds
 * a Plan (and calls VAL) for every shift of every renaming.
 *
 * π2/π3: the sub-plan of a plan the official `search_subseqs` returns. */
#ifndef PL_QUALITY_POTENTIAL_H
#define PL_QUALITY_POTENTIAL_H

#include <stdbool.h>

#include "quality/judged_plan.h"

typedef struct {
    int *plan;               /* owned: the best candidate (π0 when nothing beats it) */
    int n;
    double best_score;       /* potential_score of the evaluator */
    bool improved;           /* a candidate beat curr_score */
    bool best_valid;         /* VAL's verdict on the best candidate */
    bool any_valid;          /* some examined candidate was VAL-valid (final score rule, §6.5) */
    int nvariables;
    int optimal_offset;      /* last non-zero offset seen (§8 quirk) */
    int mappings;            /* renamings examined */
    bool error;              /* a 0-ary action: get_variable_lists raises in the official code */
} pl_qpotential;

/* π0 = plan[0..n) with score curr_score; gt[0..m).  Returns 0, -1 when out of memory. */
int pl_qpotential_search(pl_qvocab *v, const int *plan, int n, const int *gt, int m, double curr_score,
                         pl_qpotential *out);
void pl_qpotential_clear(pl_qpotential *p);

/* search_subseqs on an evaluated plan: writes an owned plan to *out. */
int pl_qsubplan(pl_qvocab *v, const pl_qplan *p, int **out, int *nout);

#endif
