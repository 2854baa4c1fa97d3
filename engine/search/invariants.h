/* Mutex groups as Fast Downward's translator finds them: its invariant
 * synthesis over the action schemas (translate/invariant_finder.py and
 * invariants.py, after Helmert 2009), instantiated on the task.
 *
 * A candidate invariant says that for every binding of its parameters at
 * most one atom of its parts holds ("at ?obj ?anywhere" plus "in ?obj
 * ?anywhere").  A candidate is kept when no action can add one of its atoms
 * without deleting another (balance), nor add two (too heavy); an
 * unbalanced add effect refines it with the predicate a delete effect of
 * the same action names.  Groups are the instantiations of the kept
 * invariants that hold exactly one initial atom.
 *
 * Fast Downward turns these groups into its state variables, whose order
 * breaks the ties of its relaxation heuristics (fact_order.h).  Where the
 * translator would split or compile a condition (disjunctions, universal
 * preconditions) only the literals of its top-level conjunction are read. */
#ifndef PL_SEARCH_INVARIANTS_H
#define PL_SEARCH_INVARIANTS_H

#include "task/task.h"

typedef struct {
    int ngroups;
    int *start;  /* group g: atoms[start[g] .. start[g + 1]) */
    int *atoms;  /* fluent atom ids, each group in Fast Downward's atom order */
    int *rank;   /* per atom: its place in that order (pl_fd_atom_ranks) */
} pl_fd_groups;

/* The mutex groups of `t` (every instantiation of a proved invariant that
 * holds exactly one initial atom, restricted to the task's atoms).
 * Returns 0, or -1 out of memory (then *out is empty). */
int pl_fd_groups_find(const pl_task *t, pl_fd_groups *out);
void pl_fd_groups_free(pl_fd_groups *g);

/* Fast Downward's order of atoms: by predicate name, then argument names
 * (translate/pddl's Atom key).  rank[a] is atom a's place; NULL on out of
 * memory. */
int *pl_fd_atom_ranks(const pl_task *t);

#endif
