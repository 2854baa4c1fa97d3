/* The start-state options of applicable, progress, heuristics and rpg
 * (engine/teach/start_state.h): --plan FILE [--step K] | --state FILE. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "teach_view.h"

int cli_start_option(const char *cmd, int argc, char **argv, int *i, pl_start_spec *spec)
{
    const char *arg = argv[*i];
    if (strcmp(arg, "--plan") && strcmp(arg, "--step") && strcmp(arg, "--state"))
        return 0;
    if (*i + 1 == argc) {
        cli_usage_error(cmd, "%s needs a value", arg);
        return -1;
    }
    const char *value = argv[++*i];
    if (!strcmp(arg, "--step")) {
        char *end;
        long k = strtol(value, &end, 10);
        if (!*value || *end || k < 0 || k > 1000000000) {
            cli_usage_error(cmd, "--step: '%s' is not a number of plan actions (0 = the initial state)", value);
            return -1;
        }
        spec->step = (int)k;
    } else {
        *(!strcmp(arg, "--plan") ? &spec->plan_path : &spec->state_path) = value;
    }
    return 1;
}

int cli_start_check(const char *cmd, const pl_start_spec *spec)
{
    if (spec->plan_path && spec->state_path)
        return cli_usage_error(cmd, "--plan and --state exclude each other");
    if (spec->step >= 0 && !spec->plan_path)
        return cli_usage_error(cmd, "--step K needs --plan FILE");
    return PL_EXIT_OK;
}

int cli_start_read(const pl_task *t, const pl_start_spec *spec, pl_start_state *out)
{
    pl_error err = PL_ERROR_INIT;
    if (pl_start_state_read(t, spec, out, &err) == PL_OK)
        return PL_EXIT_OK;
    cli_print_error(&err);
    pl_error_clear(&err);
    return PL_EXIT_INPUT;
}

void cli_print_start(FILE *out, const char *prefix, const pl_start_spec *spec, const pl_start_state *s)
{
    if (spec->plan_path && s->steps == 0)
        fprintf(out, "%sstate: the initial state (0 of the %d actions of %s applied)\n", prefix, s->plan_length,
                cli_text(spec->plan_path));
    else if (spec->plan_path)
        fprintf(out, "%sstate: after %d of the %d actions of %s (step%s 0%s%.0d; step 0 is the first action), cost %g\n",
                prefix, s->steps, s->plan_length, cli_text(spec->plan_path), s->steps > 1 ? "s" : "",
                s->steps > 1 ? "-" : "", s->steps > 1 ? s->steps - 1 : 0, s->cost);
    else if (spec->state_path)
        fprintf(out, "%sstate: read from %s\n", prefix, cli_text(spec->state_path));
    else
        fprintf(out, "%sstate: the initial state\n", prefix);
}

void cli_print_costs(FILE *out, const char *prefix, const pl_task *t)
{
    char costs[96];
    pl_teach_costs_text(t, false, costs, sizeof costs); /* teach's banner says it alike */
    fprintf(out, "%s%s\n", prefix, costs);
}

int cli_state_flags(const char *cmd, int argc, char **argv, int *i, bool *json, pl_start_spec *spec)
{
    int flag = cli_output_flag(cmd, argc, argv, i, json);
    return flag ? flag : cli_start_option(cmd, argc, argv, i, spec);
}

int cli_state_positional(const char *cmd, const char *arg, const char **pos, int *n, int want)
{
    if (arg[0] == '-' && arg[1])
        return cli_usage_error(cmd, "unknown option '%s'", arg);
    if (*n == want)
        return cli_usage_error(cmd, "unexpected argument '%s'", arg);
    pos[(*n)++] = arg;
    return PL_EXIT_OK;
}

int cli_load_state(const char *cmd, const char *const pos[2], const pl_start_spec *spec, pl_loaded_task *lt,
                   pl_start_state *start, pl_relaxed **r)
{
    memset(start, 0, sizeof *start);
    if (r)
        *r = NULL;
    if (!cli_load_task(pos[0], pos[1], lt))
        return PL_EXIT_INPUT;
    int rc = cli_start_read(lt->task, spec, start);
    if (rc == PL_EXIT_OK && r && !(*r = pl_relaxed_new(lt->task))) {
        fprintf(stderr, "planlens: %s: out of memory\n", cmd);
        rc = PL_EXIT_INPUT;
    }
    if (rc != PL_EXIT_OK)
        cli_state_free(lt, start, r ? *r : NULL);
    return rc;
}

void cli_state_free(pl_loaded_task *lt, pl_start_state *start, pl_relaxed *r)
{
    pl_relaxed_free(r);
    pl_start_state_clear(start);
    pl_loaded_task_free(lt);
}
