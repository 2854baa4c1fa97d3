/* planlens validate DOMAIN PROBLEM PLAN...: the arguments, the loop over the
 * plans and the text verdicts.  No JSON here: the small static `planlens`
 * (front.c) runs this itself, and hands --json and --stream to planlens-full
 * (cmd_validate.c, validate_stream.c). */
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "cli.h"
#include "validate.h"

int cli_validate_parse(int argc, char **argv, cli_validate_job *job)
{
    *job = (cli_validate_job){0};
    if (argc > 0 && !strcmp(argv[0], "--stream")) {
        job->stream = true;
        job->stream_root = ".";
        for (int i = 1; i < argc; i++) {
            if (!strcmp(argv[i], "--root")) {
                if (++i == argc)
                    return cli_usage_error("validate", "--root needs a directory");
                job->stream_root = argv[i];
            } else if (job->stream_path || (argv[i][0] == '-' && argv[i][1])) {
                return cli_usage_error("validate", "--stream [--root DIR] reads one FILE (none or -: stdin)");
            } else {
                job->stream_path = argv[i];
            }
        }
        return PL_EXIT_OK;
    }
    int npos = 0;
    job->plans = calloc((size_t)argc + 1, sizeof *job->plans);
    if (!job->plans) {
        fprintf(stderr, "planlens: out of memory\n");
        return PL_EXIT_INPUT;
    }
    for (int i = 0; i < argc; i++) {
        int flag = cli_output_flag("validate", argc, argv, &i, &job->json);
        if (flag < 0)
            return PL_EXIT_USAGE;
        if (flag)
            continue;
        if (argv[i][0] == '-' && argv[i][1])
            return cli_usage_error("validate", "unknown option '%s'", argv[i]);
        if (npos == 0)
            job->domain = argv[i];
        else if (npos == 1)
            job->problem = argv[i];
        else
            job->plans[job->nplans++] = argv[i];
        npos++;
    }
    if (npos < 3)
        return cli_usage_error("validate", "expected DOMAIN PROBLEM PLAN...");
    return PL_EXIT_OK;
}

int cli_validate_plans(const cli_validate_job *job, const pl_task *task, cli_verdict_fn emit, void *ctx)
{
    int rc = PL_EXIT_OK;
    for (int p = 0; p < job->nplans; p++) {
        pl_error err = PL_ERROR_INIT;
        size_t len = 0;
        char *text = pl_read_file(job->plans[p], &len, &err);
        pl_plan_steps steps;
        if (!text || pl_check_text(job->plans[p], text, len, &err) != PL_OK ||
            pl_plan_steps_parse(text, &steps, &err) != PL_OK) {
            cli_print_error(&err);
            pl_error_clear(&err);
            free(text);
            rc = PL_EXIT_INPUT;
            continue;
        }
        free(text);
        pl_trace *tr = pl_trace_new(task, steps.steps, steps.count);
        if (!tr) {
            fprintf(stderr, "planlens: out of memory\n");
            pl_plan_steps_free(&steps);
            rc = PL_EXIT_INPUT;
            break;
        }
        if (!tr->valid && rc == PL_EXIT_OK)
            rc = PL_EXIT_INVALID;
        emit(ctx, job->plans[p], &steps, tr);
        pl_trace_free(tr);
        pl_plan_steps_free(&steps);
    }
    return rc;
}

int cli_validate_text(const cli_validate_job *job)
{
    pl_loaded_task lt;
    if (!cli_load_task(job->domain, job->problem, &lt))
        return PL_EXIT_INPUT;
    int rc = cli_validate_plans(job, lt.task, cli_print_verdict, NULL);
    pl_loaded_task_free(&lt);
    return rc;
}

char *cli_step_warning(const pl_plan_steps *steps, const pl_trace *tr, int i)
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

static void print_list(const char *label, char **items, int n)
{
    printf("  %s", label);
    for (int i = 0; i < n; i++)
        printf("%s%s", i ? ", " : " ", cli_text(items[i]));
    printf("\n");
}

void cli_print_verdict(void *ctx, const char *file, const pl_plan_steps *steps, const pl_trace *tr)
{
    (void)ctx; /* stdout */
    const char *unit = tr->task->has_costs ? "" : " (unit cost)";
    if (tr->valid) {
        printf("%s: Plan valid: %d action%s, cost %g%s\n", cli_text(file), tr->nsteps, tr->nsteps == 1 ? "" : "s",
               tr->cost, unit);
    } else {
        cli_put_safe(stdout, file);
        fputs(": Plan invalid\n", stdout);
        printf("  executed %d of %d actions (LEA %d)\n", tr->lea, tr->nsteps, tr->lea);
    }
    for (int i = 0; i < tr->nsteps; i++) {
        char *w = cli_step_warning(steps, tr, i);
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
                   cli_text(st->ref.text));
        else {
            /* the step's text is the model's, not a name the task knows: quote it safely */
            printf("  action at index %d (line %d): ", tr->failed_step, steps->lines[tr->failed_step]);
            cli_put_safe(stdout, st->ref.text);
            fputs(": ", stdout);
            cli_put_safe(stdout, st->ref.detail ? st->ref.detail : pl_ref_status_name(st->ref.status));
            putchar('\n');
        }
        for (int k = 0; k < st->nunmet; k++)
            printf("    unmet precondition: %s\n", cli_text(st->unmet[k]));
    }
    if (!tr->goal_reached)
        print_list(tr->executable ? "unmet goals:" : "goals unmet in the last state reached:", tr->unmet_goals,
                   tr->nunmet_goals);
}
