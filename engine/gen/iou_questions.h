/* The IoU paper's question set for one problem (docs/GEN.md): context in
 * words, one question per task, the ground truth computed by the engine
 * (simulation; plans by A* with LM-cut: "plan" a shortest one, "costplan"
 * one of minimal total cost).  Deterministic for a seed: the action of
 * prog_pos/prog_neg and the tracking actions are a random walk from the
 * initial state (splitmix64 over the seed and the problem name), the same
 * whichever tasks are asked. */
#ifndef PL_GEN_IOU_QUESTIONS_H
#define PL_GEN_IOU_QUESTIONS_H

#include <stdint.h>

#include "gen/template.h"
#include "iou/questions.h"
#include "task/task.h"

typedef struct {
    unsigned tasks;        /* bit (1u << pl_iou_task) per task to generate */
    int track_length;      /* actions applied for the tracking question (2) */
    uint64_t seed;
    double plan_seconds;   /* CPU limit of each planner call (60) */
} pl_gen_options;

pl_gen_options pl_gen_default_options(void);

typedef struct {
    pl_iou_question *items; /* id, domain, problem, task, context, question, answer, actions filled */
    int count;
    char **skipped;         /* owned: one line per task that could not be generated, and why */
    int nskipped;
} pl_gen_set;

/* Generates the questions for the task's initial state.  Returns 0, or -1
 * when out of memory.  A task that cannot be asked (no applicable action,
 * no plan within the limit, costplan without action costs) is skipped with
 * its reason in out->skipped. */
int pl_gen_questions(const pl_task *t, const pl_gen_template *tmpl, const pl_gen_options *o, pl_gen_set *out);
void pl_gen_set_free(pl_gen_set *s);

#endif
