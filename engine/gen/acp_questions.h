/* ACPBench-Hard generative questions about a problem's initial state, with
 * the ground truth derived by the engine (docs/GEN.md): reach, areach, val,
 * just, land and nexta, each in ACPBench's question wording and answer shape
 * so the official grading applies unchanged.  (app and prog come from the
 * IoU generator, engine/gen/iou_questions.h.)  Deterministic for a seed. */
#ifndef PL_GEN_ACP_QUESTIONS_H
#define PL_GEN_ACP_QUESTIONS_H

#include <cjson/cJSON.h>
#include <stdint.h>

#include "acpbench/questions.h"
#include "search/reach.h"

typedef struct {
    char *question; /* owned: ACPBench's wording, with the plan quoted for val and just */
    cJSON *answer;  /* owned: ACPBench's shape (see below) */
    char *note;     /* owned, may be NULL: what was left out of the answer and why */
} pl_gen_acp;

/* Answer shapes:
 *   reach  ["on a a", ...]  every typed atom of a changing predicate that no
 *          reachable state makes true (no parentheses, as ACPBench stores them)
 *   areach ["(stack a a)", ...]  every typed action never applicable in a
 *          reachable state, statically impossible ones included
 *   val    4  the 0-based index of the first inapplicable action: an action
 *          inapplicable in its state inserted into an optimal plan
 *   just   [["(a)", "2"], ["(a)", "(b)", "-1"], ...]  the removals (the k-th
 *          occurrence of an action, or a consecutive pair) that leave a valid plan, from
 *          an optimal plan with an action and its inverse inserted
 *   land   {"yes": [...], "no": [...]}  the atoms neither initial nor goal,
 *          split into fact landmarks and not
 *   nexta  {"yes", "no", "maybe", "opt"}  the applicable actions that start an
 *          optimal plan, those that do not, those left undecided at a limit,
 *          and h* as a string
 * An item the engine cannot decide within `limits` is left out of reach,
 * areach and land (and named in `note`); nexta puts it in maybe, which the
 * official grader settles with its planner. */

/* Generates one question.  Returns 0; 1 when it cannot be asked here (the
 * reason in out->note: no plan, goal already true, action costs for nexta,
 * too many groundings); -1 when out of memory.  `task` is one of the six
 * above; `seed` picks the insertions of val and just. */
int pl_gen_acp_question(const pl_task *t, const pl_relaxed *rel, pl_acp_task task, uint64_t seed,
                        const pl_limits *limits, pl_gen_acp *out);
void pl_gen_acp_clear(pl_gen_acp *g);

#endif
