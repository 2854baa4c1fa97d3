/* h^2 reachability (Bonet & Geffner): which pairs of atoms can hold together
 * in some state reachable from a given state.  It over-approximates, so a
 * pair it calls unreachable is a proof: two goal atoms that are mutex make
 * the goal unreachable without any search (e.g. (holding b) with (clear b)). */
#ifndef PL_SEARCH_MUTEX_H
#define PL_SEARCH_MUTEX_H

#include "task/task.h"

typedef struct pl_mutexes_s {
    int natoms;
    unsigned char *pair; /* natoms x natoms; the diagonal = the atom alone */
} pl_mutexes;

/* Computes the table from `state` (negative preconditions are ignored and
 * conditional effects treated as unconditional adds without deletes, which
 * keeps it an over-approximation).  NULL on out of memory. */
pl_mutexes *pl_mutexes_new(const pl_task *t, const uint64_t *state);
/* The same for the task without the actions `disabled` marks (may be NULL). */
pl_mutexes *pl_mutexes_new_without(const pl_task *t, const uint64_t *state, const bool *disabled);
void pl_mutexes_free(pl_mutexes *m);

static inline bool pl_mutex_pair_reachable(const pl_mutexes *m, int a, int b)
{
    return m->pair[(size_t)a * (size_t)m->natoms + (size_t)b];
}

/* True when every atom and pair of `atoms` is reachable. */
bool pl_mutexes_allow(const pl_mutexes *m, const int *atoms, int n);

#endif
