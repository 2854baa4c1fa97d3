/* Fast Downward's variable order, as the order in which its relaxation
 * heuristics meet a state's facts.
 *
 * Its h_add queues the state's facts variable by variable and takes each
 * cost's bucket last in first out; among equally cheap achievers the first
 * one found supports an atom, so the relaxed plan h_FF extracts depends on
 * that order.  The variables are the translator's: mutex groups chosen
 * greedily, largest first (fact_groups.py, from invariants.h), ordered along
 * the causal graph (variable_order.py: strongly connected components in
 * topological order, each broken by the greedy MaxDAG order, goal
 * variables last; variables no goal depends on dropped). */
#ifndef PL_SEARCH_FACT_ORDER_H
#define PL_SEARCH_FACT_ORDER_H

#include "task/task.h"

/* The relaxed atoms 0 .. natoms + nnegated - 1 (the task's atoms, then
 * "not negated_base[i]" as n + i) in the order Fast Downward meets them:
 * first those it has no value for (a "not p" of a group's atom, atoms of
 * dropped variables), then variable by variable, each group's atoms in
 * its order and a binary variable's "not p" after p.  NULL out of memory. */
int *pl_fd_fact_order(const pl_task *t, int nnegated, const int *negated_base);

#endif
