/* The actions applicable in a state without testing every ground action: a
 * decision tree over the actions' positive preconditions (Fast Downward's
 * successor generator, over atoms instead of finite-domain variables).
 *
 * Each action's positive precondition atoms are sorted by one global order
 * (the atoms that most actions require first), and the actions form a trie
 * over those lists: a node holds the actions whose list ends there and one
 * branch per next atom.  A query walks the branches whose atom the state
 * holds, so it meets only actions whose positive preconditions all hold;
 * those with negative or non-conjunctive preconditions are then tested in
 * full.  Built once per task (read-only, shareable). */
#ifndef PL_SEARCH_SUCCESSORS_H
#define PL_SEARCH_SUCCESSORS_H

#include "task/task.h"

typedef struct pl_successors pl_successors;

/* NULL on out of memory. */
pl_successors *pl_successors_new(const pl_task *t);
void pl_successors_free(pl_successors *g);
/* The applicable actions of `state` into out (capacity t->nactions), in
 * increasing action order; returns their count. */
int pl_successors_applicable(const pl_successors *g, const uint64_t *state, int *out);

#endif
