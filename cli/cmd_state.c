/* planlens applicable / progress: what a state (the initial state, after a
 * plan prefix, or from a state file: --plan FILE --step K, --state FILE)
 * allows, and what one action changes; as text here, as JSON by
 * state_json.c. */
#include <stdlib.h>
#include <string.h>

#include "base/sort.h"
#include "cli.h"
#include "state_output.h"

/* Splits argv into positionals, the --json flag and the start state. */
static int parse_args(const char *cmd, int argc, char **argv, const char **pos, int want, bool *json,
                      pl_start_spec *start)
{
    int n = 0;
    *json = false;
    *start = (pl_start_spec){NULL, -1, NULL};
    for (int i = 0; i < argc; i++) {
        int flag = cli_state_flags(cmd, argc, argv, &i, json, start);
        if (flag < 0)
            return PL_EXIT_USAGE;
        if (!flag && cli_state_positional(cmd, argv[i], pos, &n, want) != PL_EXIT_OK)
            return PL_EXIT_USAGE;
    }
    if (n < want)
        return cli_usage_error(cmd, want == 2 ? "expected DOMAIN PROBLEM" : "expected DOMAIN PROBLEM ACTION");
    return cli_start_check(cmd, start);
}

static const pl_task *sort_task;

static int by_action_name(const void *a, const void *b)
{
    return strcmp(sort_task->actions[*(const int *)a].name, sort_task->actions[*(const int *)b].name);
}

static int by_atom_name(const void *a, const void *b)
{
    return strcmp(sort_task->atoms[*(const int *)a].name, sort_task->atoms[*(const int *)b].name);
}

/* Parses the arguments, loads DOMAIN PROBLEM (pos[0], pos[1]) and reads
 * the start state. */
static int load_for(const char *cmd, int argc, char **argv, const char **pos, int want, bool *json,
                    pl_loaded_task *lt, pl_start_spec *spec, pl_start_state *start)
{
    int rc = parse_args(cmd, argc, argv, pos, want, json, spec);
    if (rc != PL_EXIT_OK)
        return rc;
    return cli_load_state(cmd, pos, spec, lt, start, NULL);
}

/* Text output from a chosen state begins with where it comes from, as a
 * `;` comment line so that the action lines stay plan lines. */
static void print_banner(const pl_start_spec *spec, const pl_start_state *start)
{
    if (spec->plan_path || spec->state_path)
        cli_print_start(stdout, "; ", spec, start);
}

int cli_applicable(int argc, char **argv, const cli_state_json *json_out)
{
    const char *pos[2];
    bool json;
    pl_loaded_task lt;
    pl_start_spec spec;
    pl_start_state start;
    int rc = load_for("applicable", argc, argv, pos, 2, &json, &lt, &spec, &start);
    if (rc != PL_EXIT_OK)
        return rc;
    const pl_task *t = lt.task;
    int *ids = malloc(((size_t)t->nactions + 1) * sizeof *ids);
    int n = ids ? pl_task_applicable_actions(t, start.state, ids) : 0;
    sort_task = t;
    pl_sort(ids, (size_t)n, sizeof *ids, by_action_name);
    if (json && json_out) {
        json_out->applicable(t, ids, n);
    } else {
        print_banner(&spec, &start);
        for (int i = 0; i < n; i++) /* with action costs, each after a plan-file comment */
            if (t->has_costs)
                printf("%s ; cost %g\n", cli_text(t->actions[ids[i]].name), t->actions[ids[i]].cost);
            else
                puts(cli_text(t->actions[ids[i]].name));
    }
    free(ids);
    cli_state_free(&lt, &start, NULL);
    return PL_EXIT_OK;
}

int cli_changed_atoms(const pl_task *t, const uint64_t *before, const uint64_t *after, bool to, int *out)
{
    int n = 0;
    for (int a = 0; a < t->natoms; a++)
        if (pl_state_has(before, a) != to && pl_state_has(after, a) == to && !pl_task_atom_derived(t, a))
            out[n++] = a;
    sort_task = t;
    pl_sort(out, (size_t)n, sizeof *out, by_atom_name);
    return n;
}

/* The atoms true in s that are derived (or basic, when !derived), sorted. */
static int true_atoms(const pl_task *t, const uint64_t *s, bool derived, int *out)
{
    int n = 0;
    for (int a = 0; a < t->natoms; a++)
        if (pl_state_has(s, a) && pl_task_atom_derived(t, a) == derived)
            out[n++] = a;
    sort_task = t;
    pl_sort(out, (size_t)n, sizeof *out, by_atom_name);
    return n;
}

int cli_state_atoms(const pl_task *t, const uint64_t *s, int *out)
{
    return true_atoms(t, s, false, out);
}

int cli_derived_atoms(const pl_task *t, const uint64_t *s, int *out)
{
    return true_atoms(t, s, true, out);
}

static void print_atoms(const char *label, const pl_task *t, const int *ids, int n)
{
    printf("%s", label);
    for (int i = 0; i < n; i++)
        printf(" %s", cli_text(t->atoms[ids[i]].name));
    printf("%s\n", n ? "" : " (none)");
}

static int report_inapplicable(const pl_task *t, const pl_action_ref *ref, const uint64_t *state,
                               const cli_state_json *json_out)
{
    char **unmet = NULL;
    int n = ref->args ? pl_explain_unmet(t, ref->schema, ref->args, state, &unmet) : 0;
    if (json_out) {
        json_out->inapplicable(ref, unmet, n);
    } else {
        printf("%s is not applicable", cli_text(ref->text));
        printf("%s%s\n", ref->detail ? ": " : "", ref->detail ? cli_text(ref->detail) : "");
        for (int i = 0; i < n; i++)
            printf("  unmet precondition: %s\n", cli_text(unmet[i]));
    }
    pl_strings_free(unmet, n);
    return PL_EXIT_INVALID;
}

int cli_progress(int argc, char **argv, const cli_state_json *json_out)
{
    const char *pos[3];
    bool json;
    pl_loaded_task lt;
    pl_start_spec spec;
    pl_start_state start;
    int rc = load_for("progress", argc, argv, pos, 3, &json, &lt, &spec, &start);
    if (rc != PL_EXIT_OK)
        return rc;
    const pl_task *t = lt.task;
    const uint64_t *before = start.state;
    pl_action_ref ref;
    pl_resolve_action(t, pos[2], &ref);
    if (!(json && json_out))
        print_banner(&spec, &start);
    if (ref.status != PL_REF_OK || !pl_task_applicable(t, ref.action, before)) {
        rc = report_inapplicable(t, &ref, before, json ? json_out : NULL);
    } else {
        uint64_t *next = pl_state_new(t);
        int *ids = malloc(((size_t)t->natoms + 1) * sizeof *ids);
        pl_task_apply(t, ref.action, before, next);
        if (json && json_out) {
            json_out->progress(t, ref.action, before, next, ids);
        } else {
            printf("action: %s\n", cli_text(t->actions[ref.action].name));
            if (t->has_costs)
                printf("cost: %g\n", t->actions[ref.action].cost);
            print_atoms("positive effects:", t, ids, cli_changed_atoms(t, before, next, true, ids));
            print_atoms("negative effects:", t, ids, cli_changed_atoms(t, before, next, false, ids));
            print_atoms("next state:", t, ids, cli_state_atoms(t, next, ids));
            if (t->naxioms) /* derived atoms: what the axioms make of the next state */
                print_atoms("derived atoms:", t, ids, cli_derived_atoms(t, next, ids));
        }
        free(ids);
        free(next);
    }
    pl_action_ref_clear(&ref);
    cli_state_free(&lt, &start, NULL);
    return rc;
}
