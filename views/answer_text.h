/* ACPBench answers (parsed or stored) as text a reader takes in at a glance:
 * strings without JSON quotes, lists as "a, b, c", an object one key per line. */
#ifndef PL_ANSWER_TEXT_H
#define PL_ANSWER_TEXT_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "view_model.h"

/* Lines for `answer` under the current section, indented by two; keys of an
 * object are named (nexta's yes/no/maybe/opt with what they mean).  ascii:
 * "-" for an empty list instead of "—". */
void pl_view_answer_lines(pl_view_model *vm, const cJSON *answer, int width, bool ascii);

#endif
