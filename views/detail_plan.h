/* The plan part of the question detail (question_detail.c): a ground-truth
 * plan and the model's plan in their own orders, step beside step, never
 * reordered, with the last executable action and the failing step marked
 * as the plan view marks them; why the action distance says what it says;
 * and a plan-quality final score taken apart. */
#ifndef PL_DETAIL_PLAN_H
#define PL_DETAIL_PLAN_H

#include "base/failure.h"
#include "iou/set_compare.h"
#include "views.h"

/* Rows "#  ground truth  model's plan  match" for steps 1..max(ntruth,
 * nplan): each plan in its own order.  `match` says where the model's step
 * is in the ground truth (`same step`, `truth step 4`, or not in it, with
 * the engine's reason from cmp when given) and when the truth's step is
 * missing from the plan.  failure: why the plan is not valid (its step
 * marks the failing one; GOAL_UNMET closes the rows), or NULL / kind NONE
 * for a valid plan. */
void pl_detail_plan_rows(pl_view_model *vm, char *const *truth, int ntruth, char *const *plan, int nplan,
                         const pl_set_comparison *cmp, const pl_failure *failure, const pl_detail_opts *o);

/* What the action distance measures, and why it is 0 for an invalid plan
 * (the same actions as the truth, in an order that does not execute). */
void pl_detail_distance_note(pl_view_model *vm, bool valid, double distance, const pl_failure *failure,
                             const pl_detail_opts *o);

/* A plan-quality case's final score as (curr + potential) / 2, and, where
 * an invalid plan scores above the 4.000 of a valid plan of the ground
 * truth's length, what the published metric rewards. */
void pl_detail_final_score(pl_view_model *vm, const pl_ws_record *r, const pl_detail_opts *o);

#endif
