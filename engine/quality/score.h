/* The numeric building blocks of the plan-quality scores (spec
 * plan-quality.md §4, §6): the parameter term, the longest common
 * subsequence and substring of two plans, the length penalty.  Plans are
 * arrays of action ids of one pl_qvocab; floating-point operations follow
 * the official Python in order, so that equal scores stay equal. */
#ifndef PL_QUALITY_SCORE_H
#define PL_QUALITY_SCORE_H

#include "quality/vocab.h"

/* C(p, p') of `compare_variables`: p from the LLM action, p' from the GT one. */
double pl_q_param_term(const pl_qaction *llm, const pl_qaction *gt);

/* get_largest_subsequence: writes the subsequence (LLM strings) to out
 * (capacity n) and returns its length; the whole plan when plan == gt.
 * Returns -1 when out of memory. */
int pl_q_lcs_seq(const int *plan, int n, const int *gt, int m, int *out);
/* get_largest_subset: the longest common contiguous block; *start receives
 * its first index in plan.  The whole plan when plan == gt. */
int pl_q_lcs_str(const int *plan, int n, const int *gt, int m, int *start);

/* penalise_length_from_chosen: d = n - m; d²/m, 0, or 2·d²/m. */
double pl_q_length_penalty(int n, int m);

#endif
