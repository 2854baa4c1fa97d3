/* Grading one answer to an IoU-paper question (../shared/specs/iou-metrics.md):
 * the list read from the response, every item with its role against the
 * ground truth (and, when the question carries PDDL, the engine's reason for
 * items that name nothing of the task), IoU or action distance, and binary
 * success. */
#ifndef PL_IOU_VERDICT_H
#define PL_IOU_VERDICT_H

#include <stdbool.h>

#include "base/failure.h"
#include "iou/answer_list.h"
#include "iou/questions.h"
#include "iou/set_compare.h"

typedef struct {
    pl_answer_list list;     /* what was read from the response (list.ok false: parse failure) */
    pl_set_comparison cmp;   /* roles of the items (empty answer on a parse failure) */
    bool is_distance;        /* plan tasks: value is the action distance (lower is better) */
    double value;            /* IoU, or AD; a parse failure scores IoU 0 / AD 1 */
    bool success;            /* sets: IoU = 1; plan: valid; costplan: valid and as cheap as the truth */
    char *note;              /* owned: the plan's validity and cost, or why no PDDL check ran; may be NULL */
    pl_failure failure;      /* why success is false (kind PL_FAIL_NONE on success); base/failure.h */
} pl_iou_verdict;

typedef struct pl_iou_grader pl_iou_grader;

/* A grader keeps the grounded task of the last problems it saw, so the seven
 * questions of one problem ground it once.  Not thread-safe. */
pl_iou_grader *pl_iou_grader_new(void);
void pl_iou_grader_free(pl_iou_grader *g);

/* Returns 0, or -1 when out of memory. */
int pl_iou_grade(pl_iou_grader *g, const pl_iou_question *q, const char *response, pl_iou_verdict *out);
void pl_iou_verdict_clear(pl_iou_verdict *v);

#endif
