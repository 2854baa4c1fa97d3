/* Shared by acp_questions.c and acp_plans.c. */
#ifndef PL_GEN_ACP_INTERNAL_H
#define PL_GEN_ACP_INTERNAL_H

#include "gen/acp_questions.h"

/* val and just: questions about a plan made from an optimal one.  Returns as
 * pl_gen_acp_question, filling question, answer or note. */
int pl_gen_acp_from_plan(const pl_task *t, const pl_relaxed *rel, pl_acp_task task, uint64_t seed,
                         const pl_limits *limits, pl_gen_acp *out);

#endif
