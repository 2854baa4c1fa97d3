/* Why an IoU answer is wrong (base/failure.h), from the roles its set
 * comparison gave the items (verdict.c calls it on every unsuccessful
 * answer). */
#ifndef PL_IOU_VERDICT_FAILURE_H
#define PL_IOU_VERDICT_FAILURE_H

#include "iou/verdict.h"
#include "task/task.h"

/* Fills v->failure of an unsuccessful set answer (not a plan task), its
 * list read: items counted per item kind — each answer-only item as the
 * task's kind of false item (applicability: not-applicable; state and
 * tracking: not-in-state; prog_*: not-an-effect, or wrong-sign for a change
 * of the other sign), unknown-name when it names nothing of the task
 * (hallucinated), each missed item as missed-items, repeats as duplicates.
 * The kind is the dominant one among those that make the answer wrong
 * (repeats do not: a set counts them once), the key the predicate or schema
 * most of its items name.  `t` may be NULL (no PDDL): answer-only items then
 * count as the task's kind.  Returns 0, or -1 when out of memory. */
int pl_iou_set_failure(const pl_task *t, const pl_iou_question *q, pl_iou_verdict *v);

#endif
