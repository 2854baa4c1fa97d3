/* Structural symmetries of a grounded task (Shleyfman et al. 2015), the
 * kind the official ACPBench planner prunes with: permutations of the atoms
 * that map every action onto an action of the same cost (preconditions,
 * adds and deletes alike) and the goal onto itself, whatever objects the
 * atoms name.  They include what no swap of two objects gives: Floor-tile's
 * mirror image of the grid (left and right trade places), or Swap's joint
 * renaming of an agent and the role it should end with.  Found as the
 * automorphisms of the task's description graph with bliss. */
#ifndef PL_SEARCH_STRUCTURAL_H
#define PL_SEARCH_STRUCTURAL_H

#include "search/symmetry.h"

/* Adds generators of the task's structural symmetries to `s` (built for
 * t), so that its representatives (pl_symmetry_canonical) also take them
 * into account.  Tasks symmetry.h does not support, description graphs of
 * more than a million vertices, and a process where bliss cannot be loaded
 * get none.  Returns 0, or -1 when out of
 * memory (s unchanged). */
int pl_symmetry_add_structural(pl_symmetry *s, const pl_task *t);

#endif
