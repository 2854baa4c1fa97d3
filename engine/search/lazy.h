/* The satisficing search of `planlens plan --search sat` (lazy.c): lazy
 * greedy best-first search with preferred operators and boosting, h_FF
 * and the landmark-count heuristic in alternation, as the first iteration
 * of LAMA.  pl_search runs it when p->lazy is set. */
#ifndef PL_SEARCH_LAZY_H
#define PL_SEARCH_LAZY_H

#include "search/search.h"

pl_search_status pl_lazy_search(const pl_task *t, const pl_relaxed *r, const pl_search_params *p,
                                pl_search_result *out);

#endif
