/* Text to ground actions, plan files, plan traces and why-not explanations. */
#ifndef PL_PLANS_PLAN_H
#define PL_PLANS_PLAN_H

#include "base/failure.h"
#include "task/task.h"

typedef enum {
    PL_REF_OK,               /* names a ground action of the task */
    PL_REF_MALFORMED,        /* not an action: unbalanced or nested parentheses, odd characters */
    PL_REF_UNKNOWN_ACTION,   /* no schema of that name */
    PL_REF_WRONG_ARITY,      /* fewer arguments than parameters */
    PL_REF_UNKNOWN_OBJECT,   /* an argument names no object */
    PL_REF_TYPE_MISMATCH,    /* an argument is not of the parameter's type */
    PL_REF_STATICALLY_FALSE, /* a precondition on static facts is false */
    PL_REF_UNREACHABLE       /* well-formed, but never applicable from the initial state */
} pl_ref_status;

const char *pl_ref_status_name(pl_ref_status s); /* "unknown-action", ... */

typedef struct {
    pl_ref_status status;
    int action;   /* ground action id when OK, else -1 */
    int schema;   /* resolved schema, or -1 */
    int *args;    /* resolved objects (schema arity) when every argument resolved, else NULL;
                   * lives in the same allocation as text (pl_action_ref_clear frees both) */
    int nargs;
    int surplus;  /* extra arguments beyond the schema's parameters (ignored, like VAL) */
    int stray_parens; /* unmatched ')' after the action, ignored ("(a b))") */
    int bad_arg;  /* 0-based argument at fault for UNKNOWN_OBJECT / TYPE_MISMATCH, else -1 */
    char *text;   /* owned: the action as read, lower-cased, "(name a b)" */
    char *detail; /* owned: one-line human-readable reason when status != OK */
} pl_action_ref;

/* Reads `(name a b)`, `name(a, b)` or `name a b` (any case and spacing) and
 * resolves it against the task.  Always fills `out` (free with
 * pl_action_ref_clear); returns out->status. */
pl_ref_status pl_resolve_action(const pl_task *t, const char *text, pl_action_ref *out);
void pl_action_ref_clear(pl_action_ref *r);

/* What an atom text names. */
typedef enum {
    PL_ATOM_FLUENT,            /* a fluent atom of the task (out->atom) */
    PL_ATOM_UNREACHABLE,       /* well-formed, of a fluent predicate, never true in a reachable state */
    PL_ATOM_STATIC_TRUE,       /* of a predicate no action changes, true */
    PL_ATOM_STATIC_FALSE,      /* ... false */
    PL_ATOM_TYPE_TRUE,         /* a type name used as a unary predicate, of an object of that type */
    PL_ATOM_TYPE_FALSE,        /* ... of an object of another type */
    PL_ATOM_MALFORMED,         /* not (predicate arg ...) */
    PL_ATOM_UNKNOWN_PREDICATE,
    PL_ATOM_WRONG_ARITY,
    PL_ATOM_UNKNOWN_OBJECT,
    PL_ATOM_TYPE_MISMATCH      /* an argument is not of the predicate's parameter type */
} pl_atom_status;

typedef struct {
    pl_atom_status status;
    int atom;     /* fluent atom id for PL_ATOM_FLUENT, else -1 */
    int pred;     /* the predicate when it resolved, else -1 */
    char *detail; /* owned: one-line reason when status != PL_ATOM_FLUENT */
} pl_atom_ref;

/* Resolves an atom text (same spellings as actions) into `out` (free with
 * pl_atom_ref_clear); returns out->status. */
pl_atom_status pl_resolve_atom_ref(const pl_task *t, const char *text, pl_atom_ref *out);
void pl_atom_ref_clear(pl_atom_ref *r);

/* Resolves a ground atom `(pred a b)` (same spellings).  Returns the fluent
 * atom id, or -1 with a reason in *why (owned, may be NULL) when the text
 * names a static atom, no predicate, wrong arity, unknown objects, or an
 * atom that is never reachable.  *is_static is set for static atoms. */
int pl_resolve_atom(const pl_task *t, const char *text, bool *is_static, char **why);

/* Plan files: one action per line; `;` comments; Fast Downward sas_plan
 * (`; cost = N (unit cost)`) and VAL forms (`0: (a b) [1]`, `0.001: (a b)`).
 * Also a single line with several parenthesised actions.  Returns the steps
 * as strings owned by `out` (one allocation for steps, lines and the strings:
 * free only with pl_plan_steps_free). */
typedef struct {
    char **steps;
    int *lines;   /* 1-based source line of each step */
    int count;
} pl_plan_steps;

int pl_plan_steps_parse(const char *text, pl_plan_steps *out, pl_error *err);
void pl_plan_steps_free(pl_plan_steps *p);

/* Preconditions of `schema` bound to `args` that do not hold in `state`
 * (top-level conjuncts, printed with objects substituted), as owned strings.
 * Returns the count; *out receives an owned array (free each and the array). */
int pl_explain_unmet(const pl_task *t, int schema, const int *args, const uint64_t *state, char ***out);
/* Preconditions false whatever the fluents: those on static facts. */
int pl_explain_static_unmet(const pl_task *t, int schema, const int *args, char ***out);
/* Top-level goal conjuncts false in `state`. */
int pl_explain_unmet_goals(const pl_task *t, const uint64_t *state, char ***out);
void pl_strings_free(char **s, int n);

typedef struct {
    pl_action_ref ref;  /* every step is resolved, also those after a failure */
    bool executed;
    char **unmet;  /* failing step: preconditions false in the state before it */
    int nunmet;
} pl_trace_step;

typedef struct {
    const pl_task *task;  /* borrowed */
    int nsteps;
    pl_trace_step *steps;
    uint64_t *states;     /* (lea + 1) states of task->words words: states[0] = init */
    int lea;              /* actions executed before the first failure (= nsteps if none) */
    int failed_step;      /* index of the first failing step, or -1 */
    bool executable;      /* every step executed */
    bool goal_reached;    /* goal holds in the last state reached (also when a later step fails) */
    bool valid;           /* executable && goal_reached */
    char **unmet_goals;
    int nunmet_goals;
    double cost;          /* of the executed prefix */
    int nwarnings;        /* executed or failing steps read leniently (surplus arguments, stray ')') */
} pl_trace;

/* Simulates the plan from the task's initial state.  NULL only on out of memory. */
pl_trace *pl_trace_new(const pl_task *t, char *const *steps, int nsteps);
static inline const uint64_t *pl_trace_state(const pl_trace *tr, int i)
{
    return tr->states + (size_t)i * (size_t)tr->task->words;
}
void pl_trace_free(pl_trace *tr);

/* Why the traced plan is wrong (engine/plans/failure.c), into *out (cleared
 * first): an empty plan when the goal does not hold initially
 * (empty-answer); else the first failing step by its reference (malformed
 * step, unknown action, wrong arity, unknown object, type mismatch: key the
 * schema, or the name as written) or its first false precondition
 * (unmet-precondition, key "schema: predicate"), step 1-based; else the goal
 * false at the end (goal-unmet, key "N goals", step 0); else, when
 * optimal_cost >= 0, a plan costlier than it (not-optimal, key "+gap").
 * PL_FAIL_NONE for a valid (and optimal) plan.  Returns 0, or -1 when out of
 * memory. */
int pl_plan_failure(const pl_trace *tr, double optimal_cost, pl_failure *out);

#endif
