/* The (group, id) and (context, question) index of pl_acp_questions
 * (engine-internal; the lookups are declared in questions.h). */
#ifndef PL_ACPBENCH_QUESTION_INDEX_H
#define PL_ACPBENCH_QUESTION_INDEX_H

#include "acpbench/questions.h"

/* Indexes qs->items[item] (already appended).  Returns 0, or -1 when out of
 * memory. */
int pl_acp_index_add(pl_acp_questions *qs, int item);
void pl_acp_index_free(pl_acp_question_index *ix);

#endif
