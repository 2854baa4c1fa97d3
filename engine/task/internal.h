/* Shared by the grounding files: the lifted-formula evaluator and the
 * ground-condition builder. */
#ifndef PL_TASK_INTERNAL_H
#define PL_TASK_INTERNAL_H

#include "task/task.h"

typedef struct {
    const pl_task *t;
    const pl_variable *vars; /* variable slots of the action (or goal) */
    int *binding;      /* object per variable slot */
    bool relaxed;      /* negated fluent atoms count as true */
    const uint64_t *state; /* exact mode: NULL means "interned atoms are true" */
    bool statics_only; /* fluent literals count as true either way: only statics decide */
} pl_lift_ctx;

/* Truth of lifted formula `f` (with `positive` polarity) under ctx. */
bool pl_lift_eval(pl_lift_ctx *c, const pl_formula *f, bool positive);
/* Ground atom key (pred, objects...) of an atom under a binding. */
void pl_lift_atom_key(const int *binding, int pred, const int *args, int nargs, int *key);

/* Builder for ground conditions in the task's node pool (growable). */
typedef struct {
    pl_task *t;
    const pl_variable *vars;
    int node_cap, kid_cap;
} pl_gbuilder;

/* Ground condition of `f` under `binding`: statics evaluated, quantifiers
 * expanded, fluent atoms never reached replaced by false. */
int pl_ground_cond(pl_gbuilder *b, const pl_formula *f, int *binding, bool positive);
int pl_gnode_lit(pl_gbuilder *b, int atom, bool neg);
/* Conjunction of two ground conditions. */
int pl_ground_and(pl_gbuilder *b, int x, int y);

/* Objects a variable of typeset `ts` ranges over (borrowed; *n receives the
 * count).  For (either ...) the lists of the types are concatenated into a
 * scratch buffer owned by the task. */
const int *pl_task_objects_of(const pl_task *t, const pl_typeset *ts, int *n);

/* Fills the type tables of a task under construction; -1 on out of memory. */
int pl_task_init_types(pl_task *t);

#endif
