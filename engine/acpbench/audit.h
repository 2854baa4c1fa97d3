/* Dataset audit: the stored labels of ACPBench generative questions
 * re-derived with the engine, each provably wrong label reported with its
 * proof.  Covered: applicable-action sets (app), progression effects (prog),
 * unreachable atoms (reach) and actions (areach), the first inapplicable
 * action (val), removal options (just), landmark yes/no labels (land), and
 * next-action yes/no labels with the optimal cost (nexta), and a stored
 * None (reach, areach: nothing unreachable; land: no landmark) with the sound
 * grader's None check.  A label the engine cannot decide within the limits is
 * counted as unknown and never reported; a label it cannot resolve is listed
 * in `unresolved` with the reason. */
#ifndef PL_ACPBENCH_AUDIT_H
#define PL_ACPBENCH_AUDIT_H

#include "acpbench/questions.h"
#include "search/reach.h"

typedef struct {
    char *item;   /* the labelled item, "(at c2 l0)" */
    char *stored; /* the label as stored: "applicable", "not a landmark", ... */
    char *proof;  /* why it is wrong: a plan, an unsolvable compiled task, a failing precondition */
} pl_audit_finding;

typedef struct {
    pl_audit_finding *items;
    int count, cap;
    int checked;   /* labels checked */
    int unknown;   /* labels left undecided at a limit */
    /* labels not checked at all, each with why in `proof`: text that names no
     * atom or action of the task, a shape the audit does not read, a fact
     * decided without search that the audit does not grade */
    pl_audit_finding *unresolved;
    int nunresolved, cap_unresolved;
} pl_audit_result;

/* Audits one generative question (no-op for bool and mcq).  Returns 0, or -1 when
 * its PDDL does not load (err says why) or out of memory. */
int pl_acp_audit(const pl_acp_question *q, const pl_limits *limits, pl_audit_result *out, pl_error *err);
void pl_audit_result_free(pl_audit_result *r);

#endif
