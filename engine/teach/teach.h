/* Teach mode: walk a planning task by hand.  A session holds the current
 * state and the history of applied actions (for undo), lists the applicable
 * actions by name, explains why typed text is not applicable, reports goal
 * progress and, on request, hints: h* of the current state and of each
 * applicable action's successor, so that the optimal next actions are those
 * with cost(a) + h*(succ) = h*(current).
 *
 * Every h* comes from an optimal A* + LM-cut search limited to
 * `hint_seconds` CPU seconds per search; a search that hits the limit makes
 * that value PL_UNKNOWN, never a guess.  Values (unknowns included) are
 * cached per state for the session, and each optimal plan found also fills
 * the cache for every state along it.
 *
 * The session borrows the task (it must outlive the session); it never
 * prints.  Not thread-safe: one session, one user. */
#ifndef PL_TEACH_TEACH_H
#define PL_TEACH_TEACH_H

#include <stdbool.h>
#include <stdint.h>

#include "plans/plan.h"
#include "search/reach.h"

typedef struct pl_teach pl_teach;

/* hint_seconds <= 0 means the default (2 s).  NULL when out of memory. */
pl_teach *pl_teach_new(const pl_task *t, double hint_seconds);
void pl_teach_free(pl_teach *s);
/* Replaces the limits of each hint search (before the first hint: values
 * already cached stay). */
void pl_teach_set_limits(pl_teach *s, const pl_limits *limits);

/* Starts the walk at `state` instead of the initial state (a state file,
 * start_state.h); only before any action is applied (else false).  To start
 * after a plan prefix, apply its actions instead: undo then goes back to
 * the initial state. */
bool pl_teach_start_at(pl_teach *s, const uint64_t *state);

const pl_task *pl_teach_task(const pl_teach *s);
const uint64_t *pl_teach_state(const pl_teach *s); /* borrowed; changes with apply/undo */
bool pl_teach_goal_reached(const pl_teach *s);

/* The actions applicable in the current state, sorted by name (borrowed,
 * valid until the next apply or undo); returns the count. */
int pl_teach_applicable(const pl_teach *s, const int **actions);

/* Applies a ground action.  0: applied; 1: not applicable (nothing
 * changes); -1: out of memory. */
int pl_teach_apply(pl_teach *s, int action);
/* Returns to the state before the last applied action; false when none. */
bool pl_teach_undo(pl_teach *s);

/* The walked plan: actions applied so far (borrowed) and their cost. */
int pl_teach_steps(const pl_teach *s, const int **actions);
double pl_teach_cost(const pl_teach *s);
/* The walked plan in plan-file form, "(a b)\n" per action (owned; NULL when
 * out of memory).  `planlens validate` reads it back. */
char *pl_teach_plan_text(const pl_teach *s);
/* Writes the plan text beside `path` and renames it over (replacing an
 * existing file: the caller asks first).  PL_ERR_IO with the path on failure. */
int pl_teach_save(const pl_teach *s, const char *path, pl_error *err);

/* What a typed action means in the current state. */
typedef struct {
    pl_ref_status status;   /* of pl_resolve_action */
    int action;             /* ground action, or -1 */
    bool applicable;        /* names a ground action applicable now */
    char **unmet;           /* owned: preconditions false now (pl_explain_unmet; for
                             * PL_REF_STATICALLY_FALSE those on static facts) */
    int nunmet;
    char *text;             /* owned: the action as read, "(name a b)" */
    char *reason;           /* owned: one line; NULL when applicable */
} pl_teach_why;

/* Resolves `text` against the task and explains it in the current state.
 * Returns 0, or -1 when out of memory (out is cleared then). */
int pl_teach_why_not(const pl_teach *s, const char *text, pl_teach_why *out);
void pl_teach_why_clear(pl_teach_why *w);

/* Goal progress: the top-level goal conjuncts and those still false. */
typedef struct {
    int total;
    int held;
    char **unmet;  /* owned (pl_explain_unmet_goals) */
    int nunmet;
} pl_teach_goal;

int pl_teach_goal_progress(const pl_teach *s, pl_teach_goal *out); /* -1: out of memory */
void pl_teach_goal_clear(pl_teach_goal *g);

/* h* of one state: PL_YES with the cost, PL_NO for a dead end (the goal is
 * unreachable from it), PL_UNKNOWN when the search hit its limit. */
typedef struct {
    pl_answer answer;
    long long cost;
} pl_teach_hstar;

/* Hints for the current state (computed on first request, then cached;
 * borrowed until the next apply or undo).  actions[i] is the i-th
 * applicable action (pl_teach_applicable's order). */
typedef struct {
    pl_teach_hstar here;
    int n;
    const int *actions;
    pl_teach_hstar *after;  /* h* of each action's successor */
    bool *optimal;          /* cost(a) + h*(succ) == h*(here), both known */
    int noptimal;
} pl_teach_hints;

const pl_teach_hints *pl_teach_hints_get(pl_teach *s); /* NULL when out of memory */
/* h* of any state (cached the same way). */
pl_teach_hstar pl_teach_hstar_of(pl_teach *s, const uint64_t *state);
/* Is the walked plan optimal?  Compares its cost with h* of the initial
 * state: YES / NO, or UNKNOWN when that h* is unknown. */
pl_answer pl_teach_walk_optimal(pl_teach *s, long long *optimal_cost);

#endif
