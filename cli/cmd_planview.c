/* planlens planview FILE [--case ID|--index N] [--plan pi0|pi1|pi2|pi3|pi4|gt] [--np]
 *                   [--pddl-dir DIR] [--width N]
 *
 * The explorer's plan view of one plan-quality case, printed as plain text,
 * one line per view line (docs/PLAN_VIEW.md). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "plan_view.h"

typedef struct {
    const char *file, *case_id, *pddl_dir;
    long index;
    int plan;
    bool np;
    long width;
} planview_args;

static int parse_plan(const char *s)
{
    static const char *const names[PL_PLAN_COUNT] = {"pi0", "pi1", "pi2", "pi3", "pi4", "gt"};
    for (int k = 0; k < PL_PLAN_COUNT; k++)
        if (!strcmp(s, names[k]))
            return k;
    return -1;
}

static bool parse_long(const char *s, long min, long *out)
{
    char *end;
    *out = strtol(s, &end, 10);
    return *s && !*end && *out >= min;
}

static int parse_args(int argc, char **argv, planview_args *a)
{
    *a = (planview_args){.index = -1, .plan = PL_PLAN_PI0, .width = 100};
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        bool has_value = i + 1 < argc;
        if (!strcmp(s, "--case") && has_value) {
            a->case_id = argv[++i];
        } else if (!strcmp(s, "--index") && has_value) {
            if (!parse_long(argv[++i], 0, &a->index))
                return cli_usage_error("planview", "--index expects a case number from 0");
        } else if (!strcmp(s, "--plan") && has_value) {
            if ((a->plan = parse_plan(argv[++i])) < 0)
                return cli_usage_error("planview", "--plan expects pi0, pi1, pi2, pi3, pi4 or gt");
        } else if (!strcmp(s, "--np")) {
            a->np = true;
        } else if (!strcmp(s, "--pddl-dir") && has_value) {
            a->pddl_dir = argv[++i];
        } else if (!strcmp(s, "--width") && has_value) {
            if (!parse_long(argv[++i], 40, &a->width) || a->width > 10000)
                return cli_usage_error("planview", "--width expects a number of columns from 40 to 10000");
        } else if ((s[0] == '-' && s[1]) || a->file) {
            return cli_usage_error("planview", "unknown or incomplete option '%s'", s);
        } else {
            a->file = s;
        }
    }
    if (!a->file)
        return cli_usage_error("planview", "expected FILE (.jsonl cases, PlanBench .json, published .csv)");
    if (a->case_id && a->index >= 0)
        return cli_usage_error("planview", "--case and --index exclude each other");
    return PL_EXIT_OK;
}

static const pl_quality_case *find_case(const pl_quality_cases *cases, const planview_args *a)
{
    if (!a->case_id)
        return a->index < cases->count ? &cases->items[a->index < 0 ? 0 : a->index] : NULL;
    for (int i = 0; i < cases->count; i++)
        if (!strcmp(cases->items[i].id, a->case_id))
            return &cases->items[i];
    return NULL;
}

int cmd_planview(int argc, char **argv)
{
    planview_args a;
    int rc = parse_args(argc, argv, &a);
    if (rc != PL_EXIT_OK)
        return rc;
    pl_quality_cases cases = {0};
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    if (pl_quality_read_file(a.file, a.pddl_dir, &cases, &warnings, &err) != PL_OK) {
        cli_print_error(&err);
        rc = PL_EXIT_INPUT;
    }
    pl_error_clear(&err);
    cli_print_warnings(&warnings);
    const pl_quality_case *c = rc == PL_EXIT_OK ? find_case(&cases, &a) : NULL;
    if (rc == PL_EXIT_OK && !c) {
        fprintf(stderr, "planlens: planview: %s: no such case", cli_text(a.file));
        if (a.case_id) {
            fputs(" '", stderr);
            cli_put_safe(stderr, a.case_id);
            fputc('\'', stderr);
        }
        fprintf(stderr, " (%d cases)\n", cases.count);
        rc = PL_EXIT_INPUT;
    }
    char *why = NULL;
    pl_plan_subject *s = c ? pl_plan_subject_from_case(c, &why) : NULL;
    if (c && !s) {
        fprintf(stderr, "planlens: planview: %s: ", cli_text(c->id));
        cli_put_safe(stderr, why);
        fputc('\n', stderr);
        rc = PL_EXIT_INPUT;
    }
    const char *const *plan;
    if (s && pl_plan_subject_plan(s, a.plan, &plan) < 0) {
        fprintf(stderr, "planlens: planview: %s: %s was not computed (no ground truth)\n", cli_text(c->id),
                pl_plan_name(a.plan));
        rc = PL_EXIT_INVALID;
    } else if (s) {
        pl_view_model vm;
        pl_view_plan(s, a.plan, a.np, (int)a.width, &vm);
        cli_print_view(&vm);
        if (vm.oom) {
            fputs("planlens: planview: out of memory\n", stderr);
            rc = PL_EXIT_INPUT;
        }
        pl_vm_free(&vm);
    }
    free(why);
    pl_plan_subject_free(s);
    pl_quality_cases_free(&cases);
    return rc;
}
