/* Replanning π4 (`improve_plan`, spec plan-quality.md §10): keep π0 up to the
 * first state that reaches the goal; else up to where it diverges from the
 * GT's states, and complete it from there with the embedded optimal planner
 * (A* with LM-cut, standing in for Fast Downward's astar(lmcut())). */
#ifndef PL_QUALITY_REPLAN_H
#define PL_QUALITY_REPLAN_H

#include <stdbool.h>

#include "quality/exec.h"

typedef struct {
    int *plan, n;                  /* π4 */
    int nkept;                     /* π4 = π0[:nkept] + complementary */
    int *correct_part, ncorrect;   /* as reported: π0 up to the first state equal to the divergence state */
    int *complementary, ncomp;     /* planner output (GT when π0 is empty or not simulable) */
    bool valid;                    /* VAL emulation on π4 */
    const char *note;              /* NULL, or "empty plan", "not simulable", "goal reached",
                                      "no plan found", "planner limit", "GT suffix reused" */
} pl_qreplan;

/* π0 = plan[0..n) with its replay `exec` (states kept); gt[0..m).  Empty GT:
 * nothing is done.  With reuse_gt, when the divergence state is a state of
 * the valid GT plan, the GT's remainder is taken instead of searching (an
 * optimal plan, given an optimal GT as PlanBench's; which optimal plan the
 * official code gets is up to Fast Downward anyway).  Returns 0, -1 when
 * out of memory. */
int pl_qreplan_run(pl_qvocab *v, const int *plan, int n, const pl_qexec *exec, const int *gt, int m,
                   double seconds, bool reuse_gt, pl_qreplan *out);
void pl_qreplan_clear(pl_qreplan *r);

#endif
