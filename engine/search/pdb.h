/* Pattern databases (Edelkamp 2001; Haslum et al. 2007) over the mutex
 * groups of a grounded STRIPS task, added up by saturated cost
 * partitioning (Seipp & Helmert 2018).
 *
 * Variables.  A group is a set of atoms at most one of which holds in any
 * state, kept only when every action preserves that syntactically (an
 * action adding an atom of the group requires and deletes another atom of
 * it, or requires the atom it adds), so it holds in every state reachable
 * from one where it holds, symmetric images included.  Candidates are the
 * cliques of the h^2 mutexes (mutex.h).  A group's value in a state is the
 * atom of it that holds, or "none".
 *
 * Pattern databases.  The projection of the task onto a few groups is an
 * abstraction: each action maps the value of each group to one value (its
 * add, "none" after a delete, else unchanged), and negative preconditions
 * are dropped.  Its goal distances, computed backwards from the abstract
 * goal states, never exceed h* of a state whose groups each hold at most one
 * atom (pl_pdbs_eval checks that and gives 0 otherwise); an abstract dead
 * end is a real one.
 *
 * Cost partitioning.  The databases are built one after the other; each
 * uses what the earlier ones left of every action's cost (its cost less,
 * for each earlier database, the most that action's transitions lowered
 * that database's distances), so their sum stays admissible.
 *
 * Dead-end databases.  Besides, each goal atom gets a database read only
 * for its dead ends (a state whose abstract goal distance is infinite has
 * no plan): over the chain of groups its achievers need, the smallest
 * group of each precondition, following the achievers of each goal atom
 * the chain takes in, up to 20,000 abstract states.  In Floor-tile that is
 * a column of tiles, each painted only from the next: a tile painted out
 * of order leaves three goal tiles that need each other, which neither
 * LM-cut nor h^2 sees.  Their values are not added, so they take no share
 * of the costs. */
#ifndef PL_SEARCH_PDB_H
#define PL_SEARCH_PDB_H

#include <stdbool.h>
#include <stdint.h>

#include "search/heuristic.h"
#include "search/mutex.h"

typedef struct pl_pdbs pl_pdbs;

typedef struct {
    long max_states;       /* abstract states per database */
    long max_total_states; /* over all databases */
} pl_pdb_limits;

/* The databases for the task's own goal, with every action, from the h^2
 * mutexes `m` of its initial state.  NULL when the task is not STRIPS
 * (non-conjunctive preconditions, conditional effects), has no group, or
 * out of memory. */
pl_pdbs *pl_pdbs_new(const pl_task *t, const pl_relaxed *r, const pl_mutexes *m, const pl_pdb_limits *lim);
void pl_pdbs_free(pl_pdbs *p);
/* Sum of the databases' values for `state` (PL_H_INF: a proven dead end). */
int pl_pdbs_eval(const pl_pdbs *p, const uint64_t *state);
int pl_pdbs_count(const pl_pdbs *p);
long pl_pdbs_states(const pl_pdbs *p);

#endif
