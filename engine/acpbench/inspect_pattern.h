/* Inspect's pattern() scorer on ACPBench's bool and mcq questions, for
 * inspect_grade.c. */
#ifndef PL_ACPBENCH_INSPECT_PATTERN_H
#define PL_ACPBENCH_INSPECT_PATTERN_H

#include "acpbench/inspect_grade.h"

/* pl_inspect_grade for a bool or mcq question.  0, or -1 when out of memory. */
int acp_inspect_pattern(const pl_acp_question *q, const char *response, const pl_acp_verdict *lm,
                        pl_inspect_verdict *out);

#endif
