/* ACPBench answers (parsed or stored) as text a reader takes in at a glance:
 * strings without JSON quotes, lists as "a, b, c", an object one key per line. */
#ifndef PL_ANSWER_TEXT_H
#define PL_ANSWER_TEXT_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "acpbench/questions.h"
#include "view_model.h"
#include "workspace/workspace.h"

/* Lines for `answer`, an answer to a `task` question, under the current
 * section, indented by two; keys of an object are named with what they mean
 * for the task (nexta's yes/no/maybe/opt: "yes (on an optimal plan)"; land's
 * yes/no: "yes (is a landmark)").  ascii: "-" for an empty list instead of "—". */
void pl_view_answer_lines(pl_view_model *vm, const cJSON *answer, pl_acp_task task, int width, bool ascii);

/* A record's failure as every list, filter and export of the explorer names
 * it, in the CLI's words (pl_failure_kind_name): kind "none" for a right
 * answer; a wrong answer its grader gave no kind is "other" (as the failure
 * table counts it).  key and detail are borrowed (NULL when none), step 0
 * when none. */
typedef struct {
    pl_failure_kind kind;
    const char *key;
    int step;
    const char *detail;
} pl_record_failure;

/* The record's failure; false (and *out cleared) when it has no sound
 * verdict: pending, not graded for an error, or an errored sample. */
bool pl_record_failure_of(const pl_ws_record *r, pl_record_failure *out);
/* "kind key" ("not-applicable sail"; the kind alone without a key), or ""
 * without a verdict, into buf. */
const char *pl_record_failure_text(const pl_ws_record *r, char *buf, size_t size);

#endif
