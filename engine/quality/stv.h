/* Steps to Validity (StV, `search_steps_to_validity`, spec plan-quality.md
 * §11): remove the redundant actions; if the rest is not valid, reorder,
 * fix or remove each action by its new label, then add the GT actions the
 * plan lacks, each absorbed by one earlier repair when there is one.  Not
 * an edit distance: the official count, step by step. */
#ifndef PL_QUALITY_STV_H
#define PL_QUALITY_STV_H

#include <stdbool.h>

#include "quality/trace.h"

typedef enum { PL_QS_REMOVE, PL_QS_REORDER, PL_QS_FIX_VARIABLES, PL_QS_FIX_ACTION, PL_QS_ADD } pl_qstep_kind;

const char *pl_qstep_name(pl_qstep_kind k); /* remove_action, reorder_action, ... */

typedef struct {
    pl_qstep_kind kind;
    int action; /* action id */
} pl_qstep;

/* `trace` labels plan[0..n); `plan_valid` is VAL's verdict on it.  *steps
 * receives an owned array (may be NULL when *nsteps is 0).  -1 on out of memory. */
int pl_qstv(pl_qvocab *v, const int *plan, int n, const pl_qtrace *trace, bool plan_valid, const int *gt, int m,
            pl_qstep **steps, int *nsteps);

#endif
