/* Where a lesson starts (issue 39 §5): the initial state, the state after
 * the first K actions of a plan file, or a state written in a file.  The
 * commands that look at one state (applicable, progress, heuristics, rpg,
 * teach) read it here, so they all mean the same thing by --plan FILE
 * --step K and --state FILE.
 *
 * A state file lists the atoms true in the state, each in parentheses as in
 * PDDL, any number to a line, `;` starting a comment to the end of the line:
 *
 *     ; blocksworld after (unstack b a)
 *     (holding b) (clear a)
 *     (ontable a)
 *
 * Atoms not listed are false.  Static atoms (of predicates no action
 * changes) may be listed when true and are then ignored; a false static
 * atom, a derived atom (the axioms compute those), an unknown predicate or
 * object, or text outside parentheses is an error at its line and column.
 * The "next state:" line of `planlens progress`, without its label, is a
 * state file; so is the JSON "state" array of `heuristics` and `rpg`
 * written one atom a line. */
#ifndef PL_TEACH_START_STATE_H
#define PL_TEACH_START_STATE_H

#include <stdint.h>

#include "base/error.h"
#include "task/task.h"

typedef struct {
    const char *plan_path;  /* --plan FILE, or NULL */
    int step;               /* --step K: actions applied from the plan; -1 = all of them */
    const char *state_path; /* --state FILE, or NULL (not with plan_path) */
} pl_start_spec;

typedef struct {
    uint64_t *state;  /* owned (free()); the task's words */
    int steps;        /* plan actions applied to reach it (0 without a plan) */
    int plan_length;  /* actions in the plan file (0 without a plan) */
    double cost;      /* of those steps */
    int *actions;     /* owned: the ground actions of those steps, in order */
} pl_start_state;

/* Fills *out (zeroed first) from spec, reading files; on failure returns the
 * error code with a located message in err (out then owns nothing).  With
 * a plan, every one of the first K steps must apply: the message names the
 * step (0 = the plan's first action) that does not. */
int pl_start_state_read(const pl_task *t, const pl_start_spec *spec, pl_start_state *out, pl_error *err);
/* A state from a state file's text (path names it in errors). */
int pl_start_state_parse(const pl_task *t, const char *text, const char *path, uint64_t *state, pl_error *err);
void pl_start_state_clear(pl_start_state *s);

#endif
