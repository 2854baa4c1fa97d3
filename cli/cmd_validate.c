/* planlens validate DOMAIN PROBLEM PLAN... [--json] | validate --stream [FILE]:
 * the JSON verdicts; the job and the text are validate_plans.c's. */
#include <cjson/cJSON.h>
#include <stdlib.h>

#include "cli.h"
#include "shard.h"
#include "validate.h"

static cJSON *string_array(char **items, int n)
{
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(arr, cJSON_CreateString(items[i]));
    return arr;
}

cJSON *cli_trace_json(const char *file, const pl_plan_steps *steps, const pl_trace *tr)
{
    cJSON *o = cJSON_CreateObject();
    if (file)
        cJSON_AddStringToObject(o, "file", file);
    else
        cJSON_AddNullToObject(o, "file");
    cJSON_AddBoolToObject(o, "valid", tr->valid);
    cJSON_AddBoolToObject(o, "executable", tr->executable);
    cJSON_AddBoolToObject(o, "goal_reached", tr->goal_reached);
    cJSON_AddNumberToObject(o, "length", tr->nsteps);
    cJSON_AddNumberToObject(o, "lea", tr->lea);
    cJSON_AddNumberToObject(o, "cost", tr->cost);
    if (tr->failed_step >= 0) {
        const pl_trace_step *st = &tr->steps[tr->failed_step];
        cJSON *f = cJSON_AddObjectToObject(o, "failure");
        cJSON_AddNumberToObject(f, "step", tr->failed_step);
        cJSON_AddNumberToObject(f, "line", steps->lines[tr->failed_step]);
        cJSON_AddStringToObject(f, "action", st->ref.text ? st->ref.text : "");
        cJSON_AddStringToObject(f, "reason", st->ref.status == PL_REF_OK ? "precondition"
                                                                         : pl_ref_status_name(st->ref.status));
        if (st->ref.detail)
            cJSON_AddStringToObject(f, "detail", st->ref.detail);
        cJSON_AddItemToObject(f, "unmet", string_array(st->unmet, st->nunmet));
    } else {
        cJSON_AddNullToObject(o, "failure");
    }
    cJSON_AddItemToObject(o, "unmet_goals", string_array(tr->unmet_goals, tr->nunmet_goals));
    cJSON *warnings = cJSON_AddArrayToObject(o, "warnings");
    for (int i = 0; i < tr->nsteps; i++) {
        char *w = cli_step_warning(steps, tr, i);
        if (w)
            cJSON_AddItemToArray(warnings, cJSON_CreateString(w));
        free(w);
    }
    return o;
}

/* cli_verdict_fn: the verdict into the "plans" array ctx */
static void add_verdict(void *ctx, const char *file, const pl_plan_steps *steps, const pl_trace *tr)
{
    cJSON_AddItemToArray(ctx, cli_trace_json(file, steps, tr));
}

int cmd_validate(int argc, char **argv)
{
    cli_validate_job job = {0};
    cli_shard shard; /* --stream only: partition key the line's domain and problem, order key its number */
    int rc = cli_shard_take("validate", &argc, argv, &shard);
    rc = rc == PL_EXIT_OK ? cli_validate_parse(argc, argv, &job) : rc;
    if (rc == PL_EXIT_OK && shard.on && !job.stream)
        rc = cli_usage_error("validate", "--shard goes with --stream (a batch of lines)");
    if (rc != PL_EXIT_OK || job.stream) {
        free(job.plans);
        return rc != PL_EXIT_OK ? rc : cli_validate_stream(&job, &shard, argc, argv);
    }
    pl_loaded_task lt;
    if (!job.json) {
        rc = cli_validate_text(&job);
    } else if (!cli_load_task(job.domain, job.problem, &lt)) {
        rc = PL_EXIT_INPUT;
    } else {
        cJSON *out = cJSON_CreateObject();
        cJSON_AddStringToObject(out, "domain", job.domain);
        cJSON_AddStringToObject(out, "problem", job.problem);
        rc = cli_validate_plans(&job, lt.task, add_verdict, cJSON_AddArrayToObject(out, "plans"));
        cli_print_json(out);
        pl_loaded_task_free(&lt);
    }
    free(job.plans);
    return rc;
}
