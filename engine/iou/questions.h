/* Question sets of the IoU paper's tasks in planlens' native JSONL
 * ("planlens-iou/1", written by `planlens gen`, docs/GEN.md): one question
 * per line with its context, the ground-truth answer computed by the engine,
 * the actions it is about, and the PDDL of the problem.
 *
 * A bad line is a warning (file, line, column, what was expected) and is
 * skipped; the rest loads.  Files are only read. */
#ifndef PL_IOU_QUESTIONS_H
#define PL_IOU_QUESTIONS_H

#include <stdbool.h>

#include "base/error.h"

typedef enum {
    PL_IOU_APPLICABILITY, /* the actions applicable in the state */
    PL_IOU_STATE,         /* the atoms true in the state (statics included) */
    PL_IOU_PROG_POS,      /* atoms the action makes true */
    PL_IOU_PROG_NEG,      /* atoms the action makes false */
    PL_IOU_TRACKING,      /* the state after the listed actions */
    PL_IOU_PLAN,          /* a plan (scored by action distance) */
    PL_IOU_COSTPLAN,      /* a cost-optimal plan (action distance) */
    PL_IOU_NTASKS
} pl_iou_task;

/* "applicability", "state", "prog_pos", "prog_neg", "tracking", "plan", "costplan". */
const char *pl_iou_task_name(pl_iou_task t);
bool pl_iou_task_parse(const char *name, pl_iou_task *out);
/* Plan tasks are scored by action distance (lower is better). */
bool pl_iou_task_is_plan(pl_iou_task t);
/* Whether the task's items are ground actions (else atoms). */
bool pl_iou_task_lists_actions(pl_iou_task t);

typedef struct {
    char *id;            /* "<domain>/<problem>/<task>" */
    char *domain, *problem;
    pl_iou_task task;
    char *context, *question;
    char **answer;       /* normalised ground truth (a plan: in order) */
    int nanswer;
    char **actions;      /* the actions applied (prog_*, tracking), else none */
    int nactions;
    char *pddl_domain, *pddl_problem; /* may be NULL */
    char *source;        /* file */
    int line;
} pl_iou_question;

typedef struct {
    pl_iou_question *items;
    int count, capacity;
} pl_iou_questions;

#define PL_IOU_QUESTIONS_INIT {NULL, 0, 0}

/* True when the file's first non-blank line is a planlens-iou/1 record. */
bool pl_iou_file_is_native(const char *path);
/* Appends the questions of one file.  Returns PL_OK, or an error for a file
 * that cannot be read. */
pl_error_code pl_iou_questions_load(pl_iou_questions *qs, const char *path, pl_diags *warnings, pl_error *err);
/* The question with this id, or NULL. */
const pl_iou_question *pl_iou_questions_find(const pl_iou_questions *qs, const char *id);
void pl_iou_questions_free(pl_iou_questions *qs);

#endif
