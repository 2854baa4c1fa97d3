/* The question bank: the ACPBench questions loaded (ACPBench files,
 * `planlens gen --style acpbench` output) browsed without a model run, as
 * :questions shows them when no run is open.  A line's target is the
 * question's index in pl_workspace_acp_questions. */
#ifndef PL_VIEWS_QUESTION_BANK_H
#define PL_VIEWS_QUESTION_BANK_H

#include <stdbool.h>

#include "view_model.h"
#include "workspace/workspace.h"

/* One line per question, in file order: its group (task and format),
 * domain, id and question text (no verdict or score: nothing answers it). */
void pl_view_question_bank(const pl_workspace *ws, int width, bool ascii, pl_view_model *vm);
/* Question `question`: as the detail shows a question, its question text,
 * the stored answer (and an MCQ's choices), then its context. */
void pl_view_bank_question(const pl_workspace *ws, int question, int width, bool ascii, pl_view_model *vm);

#endif
