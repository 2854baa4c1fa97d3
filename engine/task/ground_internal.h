/* Between the grounding passes: the relaxed-reachability fixpoint
 * (ground_fixpoint.c) hands the reachable (schema, arguments) pairs to the
 * builder of ground actions (ground.c). */
#ifndef PL_TASK_GROUND_INTERNAL_H
#define PL_TASK_GROUND_INTERNAL_H

#include "task/internal.h"

typedef struct {
    int *ids;
    int count, cap;
} pl_int_list;

int pl_int_list_push(pl_int_list *l, int v);

typedef struct {
    pl_int_list schema; /* per found action: its schema */
    pl_int_list offset; /* per found action: where its arguments start in args */
    pl_int_list args;   /* arguments of all found actions, back to back */
} pl_found_actions;

void pl_found_actions_free(pl_found_actions *f);

/* Fills t->pred_static, t->static_true and the fluent atoms (t->atoms,
 * t->atom_ids) reachable in the delete relaxation, and lists the reachable
 * action groundings.  Needs the type tables (pl_task_init_types).
 * Returns -1 on out of memory or when a size limit is exceeded (then *limit
 * names it; else *limit is NULL). */
int pl_fixpoint_run(pl_task *t, pl_found_actions *out, const char **limit);

/* The rules the fixpoint joins: the domain's actions, then its axioms
 * (schema nactions + i), which it reads as actions adding their head. */
static inline const pl_action *pl_rule_at(const pl_domain *d, int schema)
{
    return schema < d->nactions ? &d->actions[schema] : &d->axioms[schema - d->nactions];
}

/* The ground axioms of the found axiom groundings, ordered by stratum, and
 * the derived-atom mask (axioms.c).  Returns PL_OK or fills err. */
int pl_ground_axioms(pl_gbuilder *b, const pl_found_actions *found, pl_error *err);

#endif
