/* h^2 reachability (Bonet & Geffner): which pairs of atoms can hold together
 * in some state reachable from a given state.  It over-approximates, so a
 * pair it calls unreachable is a proof: two goal atoms that are mutex make
 * the goal unreachable without any search (e.g. (holding b) with (clear b)).
 *
 * The table is a bit matrix: row a holds the atoms b such that the pair
 * {a, b} is reachable (bit a: a itself is). */
#ifndef PL_SEARCH_MUTEX_H
#define PL_SEARCH_MUTEX_H

#include "task/task.h"

typedef struct pl_mutexes_s {
    int natoms;
    int words;      /* uint64 words per row */
    uint64_t *rows; /* natoms rows of `words` words */
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
    return (m->rows[(size_t)a * (size_t)m->words + (size_t)b / 64] >> (b % 64)) & 1;
}

/* True when every atom and pair of `atoms` is reachable. */
bool pl_mutexes_allow(const pl_mutexes *m, const int *atoms, int n);

/* h^2 from many states of one task: the actions compiled once into bit
 * masks, one table reused.  A search asks it of each state it evaluates:
 * a goal pair h^2 cannot reach makes the state a dead end that the delete
 * relaxation (and so LM-cut) misses, as in Floor-tile, where a tile painted
 * too early is the only place from which another can be painted.  Not for
 * two threads at once. */
typedef struct pl_h2 pl_h2;

/* For the task without the actions `disabled` marks (may be NULL), towards
 * the conjunction `goal` (n atoms, copied).  NULL on out of memory. */
pl_h2 *pl_h2_new(const pl_task *t, const bool *disabled, const int *goal, int ngoal);
void pl_h2_free(pl_h2 *h);
/* True when h^2 from `state` proves the goal unreachable: no plan starts
 * there.  Stops as soon as every goal pair is reachable. */
bool pl_h2_dead_end(pl_h2 *h, const uint64_t *state);
/* States tested and found dead so far (for a caller deciding whether the
 * test pays). */
long pl_h2_tests(const pl_h2 *h);
long pl_h2_dead_ends(const pl_h2 *h);

#endif
