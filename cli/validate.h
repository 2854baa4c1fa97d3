/* planlens validate: the JSON verdict of a plan, shared by --json and --stream. */
#ifndef PL_CLI_VALIDATE_H
#define PL_CLI_VALIDATE_H

#include <cjson/cJSON.h>

#include "plans/plan.h"

/* A plan's verdict: file (NULL: null), valid, executable, goal_reached,
 * length, lea, cost, failure, unmet_goals, warnings. */
cJSON *cli_trace_json(const char *file, const pl_plan_steps *steps, const pl_trace *tr);
/* validate --stream: JSONL from `path` (NULL or "-": stdin), a verdict per
 * line on stdout (validate_stream.c); exit 3 after any line's input error,
 * else 1 after any invalid plan, else 0. */
int cli_validate_stream(const char *path);

#endif
