/* Fast Downward's variable order (translate/variable_order.py): the causal
 * graph has an arc from every variable an operator's precondition (or an
 * effect's condition) reads to every variable its effects change, weighted
 * by how many operator effects make it; the variables go in the order of
 * its strongly connected components (Tarjan, topological order), each
 * cycle broken greedily (MaxDAG: the variable whose incoming arcs weigh
 * least first, goal variables last); variables no goal variable depends on
 * are dropped. */
#ifndef PL_SEARCH_CAUSAL_GRAPH_H
#define PL_SEARCH_CAUSAL_GRAPH_H

#include "task/task.h"

/* var_of[a]: the variable (0 .. nvars - 1) of each of t's atoms, numbered
 * as the translator numbers them before ordering.  Writes the ordered
 * variables to order (capacity nvars); returns their count, or -1 out of
 * memory. */
int pl_causal_graph_order(const pl_task *t, const int *var_of, int nvars, int *order);

#endif
