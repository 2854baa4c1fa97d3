/* The state view: a plan's trace stepped through state by state, and the
 * answers that are states or effects against the true ones.
 *
 * Every line of both views has target -1: a state is stepped with ←/→ and
 * an atom opens nothing.
 *
 * Atom lines of the trace view are four spans: the change mark ("  + " added
 * by the last action, "  − " deleted by it, ascii "  - ", else "    "), the
 * goal mark ("◎ " a goal atom that holds, "○ " one that does not; ascii
 * "G " / "g "; else "  "), the atom, and a note ("" or "  goal ..."), so
 * the line's text is "  C G (atom)...".  Atoms are grouped under one header
 * line per predicate (domain order, atoms by name).  Listed: the state's
 * atoms, the atoms the last action deleted (no longer in the state) and the
 * goal atoms not yet true. */
#ifndef PL_STATE_VIEW_H
#define PL_STATE_VIEW_H

#include <stdbool.h>

#include "plans/plan.h"
#include "view_model.h"
#include "workspace/workspace.h"

/* The trace of a plan from the task's initial state: resolved and simulated once. */
typedef struct pl_state_trace pl_state_trace;
/* NULL only when out of memory; an unresolvable or inapplicable step ends the trace there
 * (its reason kept for the view).  The task (borrowed) must outlive the trace; the plan's
 * strings are only read during the call. */
pl_state_trace *pl_state_trace_new(const pl_task *t, const char *const *plan, int n);
void pl_state_trace_free(pl_state_trace *tr);
int pl_state_trace_steps(const pl_state_trace *tr); /* states: 1 + executable actions */
/* The engine's trace behind the view (borrowed): validity, LEA, the failing step. */
const pl_trace *pl_state_trace_engine(const pl_state_trace *tr);

/* The state after `step` actions (0 = initial; clamped to the states there are): a header
 * "step i of n: (action)" with "goals k/m" (m = the goal's literals on fluent atoms), then the
 * atoms grouped by predicate as described above, the atoms added by the last action in
 * ROLE_CORRECT, the deleted ones in ROLE_WRONG, goal atoms not yet true in ROLE_MISSED.  At the
 * last state of a trace that stopped early, the failing action and why (its unmet
 * preconditions, or why its text names no action) in ROLE_ERROR.  `width` wraps long reasons.
 * With `ascii` the model holds no byte >= 0x80 at all: such bytes in names or plan text show
 * as '?'. */
void pl_view_state_trace(const pl_state_trace *tr, int step, bool ascii, int width, pl_view_model *vm);

/* A record whose answer is a state or effects — ACPBench prog (positive and negative effects)
 * and the IoU tasks state, tracking, prog_pos and prog_neg (applicability lists actions, plan
 * and costplan are plans): the true atoms grouped by predicate, each with its role ("both" or
 * "missed"), then the model's wrong and hallucinated atoms, each with the engine's reason (a
 * wrong atom of a tracking question says when the actions deleted it or that none made it
 * true).  Atom lines are spans: mark, atom (in the role's colour), "  role", and ": reason"
 * when the line has room (else the reason is wrapped on the lines below).  Roles are the
 * verdict's (IoU) or the detail screen's (ACPBench prog).  The question's PDDL is grounded on
 * every call (milliseconds at benchmark sizes): build the model when the record is opened or
 * the width changes, not per frame.  Returns 1 when built, 0 when the record has no such answer
 * or is not graded yet (vm untouched), -1 out of memory (vm freed). */
int pl_view_state_answer(const pl_workspace *ws, int record, bool ascii, int width, pl_view_model *vm);

#endif
