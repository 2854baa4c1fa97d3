/* One plan judged against the ground truth as the official `Plan` object
 * does (spec plan-quality.md §2–§7). */
#ifndef PL_QUALITY_JUDGED_PLAN_H
#define PL_QUALITY_JUDGED_PLAN_H

#include <stdbool.h>

#include "quality/exec.h"
#include "quality/trace.h"

/* A `Plan`: its labels, VAL emulation and raw score (Plan.score). */
typedef struct {
    int *plan;        /* owned copy of the action ids */
    int n;
    pl_qtrace trace;
    pl_qexec exec;
    double raw;       /* starts at n; the evaluators add and subtract */
} pl_qplan;

int pl_qplan_eval(pl_qvocab *v, const int *plan, int n, const int *gt, int m, bool want_states, pl_qplan *out);
void pl_qplan_clear(pl_qplan *p);
/* Plan.get_score(): raw / n, 0 for an empty plan. */
double pl_qplan_score(const pl_qplan *p);
/* evaluate_plan (invalid): raw += sim − P;  evaluate_valid_plan: raw −= P when longer than GT. */
void pl_qplan_add_invalid_terms(pl_qplan *p, int m);
void pl_qplan_add_valid_terms(pl_qplan *p, int m);

#endif
