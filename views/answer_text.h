/* ACPBench answers (parsed or stored) as text a reader takes in at a glance:
 * strings without JSON quotes, lists as "a, b, c", an object one key per line. */
#ifndef PL_ANSWER_TEXT_H
#define PL_ANSWER_TEXT_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "acpbench/questions.h"
#include "view_model.h"

/* Lines for `answer`, an answer to a `task` question, under the current
 * section, indented by two; keys of an object are named with what they mean
 * for the task (nexta's yes/no/maybe/opt: "yes (on an optimal plan)"; land's
 * yes/no: "yes (is a landmark)").  ascii: "-" for an empty list instead of "—". */
void pl_view_answer_lines(pl_view_model *vm, const cJSON *answer, pl_acp_task task, int width, bool ascii);

#endif
