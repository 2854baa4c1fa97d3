/* planlens validate DOMAIN PROBLEM PLAN... [--json] | validate --stream [FILE] */
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "cli.h"
#include "validate.h"

static cJSON *string_array(char **items, int n)
{
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(arr, cJSON_CreateString(items[i]));
    return arr;
}

/* The lenient reading of a step that executed or failed, if any (owned). */
static char *step_warning(const pl_plan_steps *steps, const pl_trace *tr, int i)
{
    const pl_action_ref *r = &tr->steps[i].ref;
    if (i > tr->lea || (r->surplus == 0 && r->stray_parens == 0))
        return NULL;
    if (r->surplus > 0)
        return pl_strdup_printf("action at index %d (line %d): %d extra argument%s ignored in %s", i,
                                steps->lines[i], r->surplus, r->surplus == 1 ? "" : "s", r->text);
    return pl_strdup_printf("action at index %d (line %d): unmatched ')' ignored after %s", i, steps->lines[i],
                            r->text);
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
        char *w = step_warning(steps, tr, i);
        if (w)
            cJSON_AddItemToArray(warnings, cJSON_CreateString(w));
        free(w);
    }
    return o;
}

static void print_list(const char *label, char **items, int n)
{
    printf("  %s", label);
    for (int i = 0; i < n; i++)
        printf("%s%s", i ? ", " : " ", items[i]);
    printf("\n");
}

static void print_trace(const char *file, const pl_plan_steps *steps, const pl_trace *tr)
{
    const char *unit = tr->task->has_costs ? "" : " (unit cost)";
    if (tr->valid) {
        printf("%s: Plan valid: %d action%s, cost %g%s\n", file, tr->nsteps, tr->nsteps == 1 ? "" : "s",
               tr->cost, unit);
    } else {
        cli_put_safe(stdout, file);
        fputs(": Plan invalid\n", stdout);
        printf("  executed %d of %d actions (LEA %d)\n", tr->lea, tr->nsteps, tr->lea);
    }
    for (int i = 0; i < tr->nsteps; i++) {
        char *w = step_warning(steps, tr, i);
        if (w) {
            fputs("  warning: ", stdout);
            cli_put_safe(stdout, w);
            putchar('\n');
        }
        free(w);
    }
    if (tr->failed_step >= 0) {
        const pl_trace_step *st = &tr->steps[tr->failed_step];
        if (st->ref.status == PL_REF_OK)
            printf("  action at index %d (line %d): %s is not applicable\n", tr->failed_step, steps->lines[tr->failed_step],
                   st->ref.text);
        else {
            /* the step's text is the model's, not a name the task knows: quote it safely */
            printf("  action at index %d (line %d): ", tr->failed_step, steps->lines[tr->failed_step]);
            cli_put_safe(stdout, st->ref.text);
            fputs(": ", stdout);
            cli_put_safe(stdout, st->ref.detail ? st->ref.detail : pl_ref_status_name(st->ref.status));
            putchar('\n');
        }
        for (int k = 0; k < st->nunmet; k++)
            printf("    unmet precondition: %s\n", st->unmet[k]);
    }
    if (!tr->goal_reached)
        print_list(tr->executable ? "unmet goals:" : "goals unmet in the last state reached:", tr->unmet_goals,
                   tr->nunmet_goals);
}

int cmd_validate(int argc, char **argv)
{
    if (argc > 0 && !strcmp(argv[0], "--stream")) {
        if (argc > 2)
            return cli_usage_error("validate", "--stream reads one FILE (none or -: stdin)");
        return cli_validate_stream(argc == 2 ? argv[1] : NULL);
    }
    bool json = false;
    const char *pos[3] = {NULL, NULL, NULL};
    int npos = 0;
    char **plans = calloc((size_t)argc + 1, sizeof *plans);
    int nplans = 0;
    for (int i = 0; i < argc; i++) {
        int flag = cli_output_flag("validate", argc, argv, &i, &json);
        if (flag < 0)
            return free(plans), PL_EXIT_USAGE;
        if (flag)
            continue;
        if (argv[i][0] == '-' && argv[i][1])
            return free(plans), cli_usage_error("validate", "unknown option '%s'", argv[i]);
        else if (npos < 2)
            pos[npos++] = argv[i];
        else
            plans[nplans++] = argv[i];
    }
    if (npos < 2 || nplans == 0) {
        free(plans);
        return cli_usage_error("validate", "expected DOMAIN PROBLEM PLAN...");
    }
    pl_loaded_task lt;
    if (!cli_load_task(pos[0], pos[1], &lt)) {
        free(plans);
        return PL_EXIT_INPUT;
    }
    int rc = PL_EXIT_OK;
    cJSON *out = json ? cJSON_CreateObject() : NULL;
    cJSON *arr = NULL;
    if (out) {
        cJSON_AddStringToObject(out, "domain", pos[0]);
        cJSON_AddStringToObject(out, "problem", pos[1]);
        arr = cJSON_AddArrayToObject(out, "plans");
    }
    for (int p = 0; p < nplans; p++) {
        pl_error err = PL_ERROR_INIT;
        size_t len = 0;
        char *text = pl_read_file(plans[p], &len, &err);
        pl_plan_steps steps;
        if (!text || pl_check_text(plans[p], text, len, &err) != PL_OK ||
            pl_plan_steps_parse(text, &steps, &err) != PL_OK) {
            cli_print_error(&err);
            pl_error_clear(&err);
            free(text);
            rc = PL_EXIT_INPUT;
            continue;
        }
        free(text);
        pl_trace *tr = pl_trace_new(lt.task, steps.steps, steps.count);
        if (!tr) {
            fprintf(stderr, "planlens: out of memory\n");
            pl_plan_steps_free(&steps);
            rc = PL_EXIT_INPUT;
            break;
        }
        if (!tr->valid && rc == PL_EXIT_OK)
            rc = PL_EXIT_INVALID;
        if (out)
            cJSON_AddItemToArray(arr, cli_trace_json(plans[p], &steps, tr));
        else
            print_trace(plans[p], &steps, tr);
        pl_trace_free(tr);
        pl_plan_steps_free(&steps);
    }
    if (out)
        cli_print_json(out);
    pl_loaded_task_free(&lt);
    free(plans);
    return rc;
}
