/* planlens states DOMAIN PROBLEM PLAN [--step K|--all] [--width N] [--ascii]:
 * the explorer's state view of a plan's trace, as text (the last state
 * reached by default). */
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "cli.h"
#include "plans/plan.h"
#include "state_view.h"

typedef struct {
    const char *pos[3];
    int step; /* -1: the last state reached */
    bool all, ascii;
    int width;
} states_args;

/* A whole decimal number in [min, max], else false. */
static bool int_value(const char *s, int min, int max, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < min || v > max)
        return false;
    *out = (int)v;
    return true;
}

static int parse_args(int argc, char **argv, states_args *a)
{
    int npos = 0;
    *a = (states_args){{NULL, NULL, NULL}, -1, false, false, 80};
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        if (!strcmp(arg, "--all"))
            a->all = true;
        else if (!strcmp(arg, "--ascii"))
            a->ascii = true;
        else if (!strcmp(arg, "--step") || !strcmp(arg, "--width")) {
            bool step = !strcmp(arg, "--step");
            if (i + 1 == argc)
                return cli_usage_error("states", "%s needs a value", arg);
            if (!int_value(argv[++i], step ? 0 : 20, step ? 1000000000 : 10000, step ? &a->step : &a->width))
                return cli_usage_error("states", "%s: '%s' is not %s", arg, argv[i],
                                       step ? "a step number (0 = the initial state)" : "a width of 20 to 10000");
        } else if (arg[0] == '-' && arg[1])
            return cli_usage_error("states", "unknown option '%s'", arg);
        else if (npos < 3)
            a->pos[npos++] = arg;
        else
            return cli_usage_error("states", "unexpected argument '%s'", arg);
    }
    if (npos < 3)
        return cli_usage_error("states", "expected DOMAIN PROBLEM PLAN");
    if (a->all && a->step >= 0)
        return cli_usage_error("states", "--step and --all exclude each other");
    return PL_EXIT_OK;
}

/* Prints the states asked for; PL_EXIT_USAGE for a step past the trace. */
static int print_states(const pl_state_trace *st, const states_args *a)
{
    int n = pl_state_trace_steps(st);
    if (a->step >= n)
        return cli_usage_error("states", "--step %d: the trace has states 0 to %d", a->step, n - 1);
    int from = a->all ? 0 : a->step >= 0 ? a->step : n - 1, to = a->all ? n - 1 : from;
    pl_view_model vm;
    for (int step = from; step <= to; step++) {
        pl_view_state_trace(st, step, a->ascii, a->width, &vm);
        if (vm.oom) {
            pl_vm_free(&vm);
            fprintf(stderr, "planlens: out of memory\n");
            return PL_EXIT_INPUT;
        }
        if (step > from)
            putchar('\n');
        cli_print_view(&vm);
        if (step == to) {
            fputs("\n", stdout);
            cli_put_safe(stdout, vm.status ? vm.status : "");
            putchar('\n');
        }
        pl_vm_free(&vm);
    }
    return PL_EXIT_OK;
}

int cmd_states(int argc, char **argv)
{
    states_args a;
    int rc = parse_args(argc, argv, &a);
    if (rc != PL_EXIT_OK)
        return rc;
    pl_error err = PL_ERROR_INIT;
    size_t len = 0;
    char *text = pl_read_file(a.pos[2], &len, &err);
    pl_plan_steps steps;
    if (!text || pl_check_text(a.pos[2], text, len, &err) != PL_OK || pl_plan_steps_parse(text, &steps, &err) != PL_OK) {
        cli_print_error(&err);
        pl_error_clear(&err);
        free(text);
        return PL_EXIT_INPUT;
    }
    free(text);
    pl_loaded_task lt;
    if (!cli_load_task(a.pos[0], a.pos[1], &lt)) {
        pl_plan_steps_free(&steps);
        return PL_EXIT_INPUT;
    }
    pl_state_trace *st = pl_state_trace_new(lt.task, (const char *const *)steps.steps, steps.count);
    if (!st) {
        fprintf(stderr, "planlens: out of memory\n");
        rc = PL_EXIT_INPUT;
    } else {
        rc = print_states(st, &a);
        if (rc == PL_EXIT_OK && !pl_state_trace_engine(st)->valid)
            rc = PL_EXIT_INVALID;
    }
    pl_state_trace_free(st);
    pl_plan_steps_free(&steps);
    pl_loaded_task_free(&lt);
    return rc;
}
