/* Comparing a model's set answer with the ground truth: IoU (Jaccard) and
 * action distance, ../shared/specs/iou-metrics.md, with every item given
 * its role so a screen can show the two side by side. */
#ifndef PL_IOU_SET_COMPARE_H
#define PL_IOU_SET_COMPARE_H

#include <stdbool.h>

#include "task/task.h"

typedef enum {
    PL_ITEM_BOTH,       /* in the answer and in the truth */
    PL_ITEM_WRONG,      /* only in the answer; names something real of the task */
    PL_ITEM_HALLUCINATED, /* only in the answer; names nothing of the task (see why) */
    PL_ITEM_MISSED      /* only in the truth */
} pl_item_role;

const char *pl_item_role_name(pl_item_role r); /* "both", "wrong", "hallucinated", "missed" */

typedef struct {
    char *text;        /* owned, normalised */
    pl_item_role role;
    char *why;         /* owned: the engine's reason for a wrong or hallucinated item, or NULL */
} pl_set_item;

typedef struct {
    pl_set_item *items; /* both (answer order), then answer-only (answer order), then missed (truth order) */
    int count;
    int n_both, n_answer_only, n_missed;
    int n_hallucinated;  /* among the answer-only items, after pl_set_explain_* */
    int n_duplicates;    /* answer items repeated (a set: they count once) */
    double iou;          /* |both| / |answer ∪ truth|; 1 when both are empty */
} pl_set_comparison;

/* Compares two lists of normalised items (duplicates count once).  Returns
 * 0, or -1 when out of memory (out is then empty).  Answer-only items start
 * as PL_ITEM_WRONG. */
int pl_set_compare(char *const *answer, int nanswer, char *const *truth, int ntruth, pl_set_comparison *out);
void pl_set_comparison_free(pl_set_comparison *c);

/* Action distance of two plans: 1 − IoU of their sets of distinct actions. */
double pl_action_distance(const pl_set_comparison *c);

/* Resolve the answer-only items against the task as ground actions (or
 * atoms) and mark those naming no action (atom) of the task as hallucinated,
 * with the engine's reason (unknown object, wrong arity, ...).  Returns 0 or
 * -1 when out of memory. */
int pl_set_explain_actions(const pl_task *t, pl_set_comparison *c);
int pl_set_explain_atoms(const pl_task *t, pl_set_comparison *c);

/* pl_set_explain_actions, and for the wrong items that are actions of the
 * task, why they are not applicable in `state`: the preconditions false
 * there ("not applicable: (clear b) is false"). */
int pl_set_explain_applicable(const pl_task *t, const uint64_t *state, pl_set_comparison *c);
/* pl_set_explain_atoms for claimed effects of one step from `before`
 * (positive: atoms that become true; else atoms that become false), and for
 * the wrong items that are atoms of the task, why they are no such change
 * ("already true before the step", "stays false", ...). */
int pl_set_explain_effects(const pl_task *t, const uint64_t *before, bool positive, pl_set_comparison *c);

#endif
