/* Mutex groups for pattern databases (pdb.h): sets of atoms at most one of
 * which holds in every state reachable from a state where that is so. */
#ifndef PL_SEARCH_PDB_GROUPS_H
#define PL_SEARCH_PDB_GROUPS_H

#include "search/mutex.h"

typedef struct {
    int n;      /* groups */
    int *start; /* group g holds atoms[start[g] .. start[g + 1]) */
    int *atoms;
} pl_pdb_groups;

/* Cliques of the h^2 mutexes `m` that every action of `t` (STRIPS: no
 * conditional effect) preserves, each grown from one atom, atoms of its
 * predicate first; then every atom in none of them as a group of its own.
 * Returns 0, or -1 when out of memory (out empty). */
int pl_pdb_groups_find(const pl_task *t, const pl_mutexes *m, pl_pdb_groups *out);
void pl_pdb_groups_free(pl_pdb_groups *g);

#endif
