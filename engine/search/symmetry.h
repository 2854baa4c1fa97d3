/* Interchangeable objects of a grounded task, for searches that need only
 * the cost of a plan.
 *
 * Two objects are interchangeable when swapping their names maps the
 * grounded task onto itself: every atom to an atom, every action to an
 * action of the same cost with the swapped preconditions and effects, and
 * the goal onto the goal (the initial state need not be kept).  A state and
 * its swapped image then have the same optimal cost.  Objects any two of
 * which are interchangeable form a class; every permutation within the
 * classes keeps h*, so a search may store each state as a representative of
 * its orbit (orbit search): in Ferry all cars bound for the same place
 * become one count.
 *
 * Only tasks whose actions have conjunctive preconditions and unconditional
 * effects and whose goal is a conjunction of atoms get classes; for the
 * others (and when no two objects are interchangeable) the symmetry is
 * trivial. */
#ifndef PL_SEARCH_SYMMETRY_H
#define PL_SEARCH_SYMMETRY_H

#include <stdbool.h>
#include <stdint.h>

#include "task/task.h"

typedef struct pl_symmetry_s pl_symmetry;

/* The classes of `t` (a task with no class is trivial); NULL when out of
 * memory.  Costs one pass over the actions per pair tried. */
pl_symmetry *pl_symmetry_new(const pl_task *t);
void pl_symmetry_free(pl_symmetry *s);
bool pl_symmetry_trivial(const pl_symmetry *s);
int pl_symmetry_classes(const pl_symmetry *s);

/* Is the task one symmetries are found for (conjunctive preconditions,
 * unconditional effects, a goal that is a conjunction of atoms)?  Then
 * is_goal (t->natoms, all false on entry) marks the goal's atoms. */
bool pl_symmetry_task_supported(const pl_task *t, bool *is_goal);
/* Adds `ngens` permutations of the atoms (perms[k * t->natoms + atom]), each
 * mapping the task onto itself (structural.h): representatives then also
 * take them into account.  Returns 0, or -1 when out of memory. */
int pl_symmetry_add_generators(pl_symmetry *s, const int *perms, int ngens);

/* Scratch for pl_symmetry_canonical: one per thread, from
 * pl_symmetry_scratch_new (free() it); NULL when out of memory. */
uint64_t *pl_symmetry_scratch_new(const pl_symmetry *s);
/* out = the representative of the orbit of `state`: a state with the same
 * h*, the same for most states of one orbit (always when no atom relates two
 * objects of classes).  out may not alias state. */
void pl_symmetry_canonical(const pl_symmetry *s, const uint64_t *state, uint64_t *out, uint64_t *scratch);

#endif
