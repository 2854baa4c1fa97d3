/* planlens validate: the job, its text verdicts (validate_plans.c, no JSON)
 * and its JSON verdicts (cmd_validate.c, validate_stream.c). */
#ifndef PL_CLI_VALIDATE_H
#define PL_CLI_VALIDATE_H

#include <stdbool.h>

#include "plans/plan.h"

typedef struct {
    bool stream;             /* --stream [--root DIR] [FILE]: stream_path (NULL: stdin) */
    const char *stream_path;
    const char *stream_root; /* the lines' paths are confined under it (default ".") */
    bool json;               /* --json or --format json */
    const char *domain, *problem;
    char **plans;            /* owned array (free() it), borrowed strings */
    int nplans;
} cli_validate_job;

/* The arguments after `validate`; PL_EXIT_OK, or after printing the error
 * PL_EXIT_USAGE (PL_EXIT_INPUT when out of memory).  Free job->plans either way. */
int cli_validate_parse(int argc, char **argv, cli_validate_job *job);
/* What is done with each plan's verdict. */
typedef void (*cli_verdict_fn)(void *ctx, const char *file, const pl_plan_steps *steps, const pl_trace *tr);
/* Traces each plan of the job on the task and passes its verdict to emit;
 * errors printed.  Exit 3 after any input error, else 1 after any invalid
 * plan, else 0. */
int cli_validate_plans(const cli_validate_job *job, const pl_task *task, cli_verdict_fn emit, void *ctx);
/* A verdict as text on stdout (ctx unused): VAL's words, then LEA, the
 * failing step and the unmet goals. */
void cli_print_verdict(void *ctx, const char *file, const pl_plan_steps *steps, const pl_trace *tr);
/* Loads the job's task and prints each plan's verdict as text; the exit code
 * of cli_validate_plans, 3 when the task does not load. */
int cli_validate_text(const cli_validate_job *job);
/* The lenient reading of step i that executed or failed, if any (owned). */
char *cli_step_warning(const pl_plan_steps *steps, const pl_trace *tr, int i);

/* A plan's verdict as JSON (a cJSON object): file (NULL: null), valid,
 * executable, goal_reached, length, lea, cost, failure, unmet_goals, warnings. */
struct cJSON;
struct cJSON *cli_trace_json(const char *file, const pl_plan_steps *steps, const pl_trace *tr);
/* validate --stream: JSONL from `path` (NULL or "-": stdin), a verdict per
 * line on stdout (validate_stream.c); exit 3 after any line's input error,
 * else 1 after any invalid plan, else 0.  With shard->on, only the lines
 * the shard owns, written as a part (shard.h; argv: validate's arguments
 * without --shard). */
struct cli_shard;
int cli_validate_stream(const cli_validate_job *job, const struct cli_shard *shard, int argc, char **argv);

#endif
