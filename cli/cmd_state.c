/* planlens applicable / progress: what the initial state allows, and what one
 * action changes; as text here, as JSON by state_json.c. */
#include <stdlib.h>
#include <string.h>

#include "base/sort.h"
#include "cli.h"
#include "state_output.h"

/* Splits argv into positionals and the --json flag. */
static int parse_args(const char *cmd, int argc, char **argv, const char **pos, int want, bool *json)
{
    int n = 0;
    *json = false;
    for (int i = 0; i < argc; i++) {
        int flag = cli_output_flag(cmd, argc, argv, &i, json);
        if (flag < 0)
            return PL_EXIT_USAGE;
        if (flag)
            continue;
        if (argv[i][0] == '-' && argv[i][1])
            return cli_usage_error(cmd, "unknown option '%s'", argv[i]);
        else if (n < want)
            pos[n++] = argv[i];
        else
            return cli_usage_error(cmd, "unexpected argument '%s'", argv[i]);
    }
    if (n < want)
        return cli_usage_error(cmd, want == 2 ? "expected DOMAIN PROBLEM" : "expected DOMAIN PROBLEM ACTION");
    return PL_EXIT_OK;
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

/* Parses the arguments and loads DOMAIN PROBLEM (pos[0], pos[1]). */
static int load_for(const char *cmd, int argc, char **argv, const char **pos, int want, bool *json,
                    pl_loaded_task *lt)
{
    int rc = parse_args(cmd, argc, argv, pos, want, json);
    if (rc != PL_EXIT_OK)
        return rc;
    return cli_load_task(pos[0], pos[1], lt) ? PL_EXIT_OK : PL_EXIT_INPUT;
}

int cli_applicable(int argc, char **argv, const cli_state_json *json_out)
{
    const char *pos[2];
    bool json;
    pl_loaded_task lt;
    int rc = load_for("applicable", argc, argv, pos, 2, &json, &lt);
    if (rc != PL_EXIT_OK)
        return rc;
    const pl_task *t = lt.task;
    int *ids = malloc(((size_t)t->nactions + 1) * sizeof *ids);
    int n = ids ? pl_task_applicable_actions(t, t->init, ids) : 0;
    sort_task = t;
    pl_sort(ids, (size_t)n, sizeof *ids, by_action_name);
    if (json && json_out) {
        json_out->applicable(t, ids, n);
    } else {
        for (int i = 0; i < n; i++)
            puts(cli_text(t->actions[ids[i]].name));
    }
    free(ids);
    pl_loaded_task_free(&lt);
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

static int report_inapplicable(const pl_task *t, const pl_action_ref *ref, const cli_state_json *json_out)
{
    char **unmet = NULL;
    int n = ref->args ? pl_explain_unmet(t, ref->schema, ref->args, t->init, &unmet) : 0;
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
    int rc = load_for("progress", argc, argv, pos, 3, &json, &lt);
    if (rc != PL_EXIT_OK)
        return rc;
    const pl_task *t = lt.task;
    pl_action_ref ref;
    pl_resolve_action(t, pos[2], &ref);
    if (ref.status != PL_REF_OK || !pl_task_applicable(t, ref.action, t->init)) {
        rc = report_inapplicable(t, &ref, json ? json_out : NULL);
    } else {
        uint64_t *next = pl_state_new(t);
        int *ids = malloc(((size_t)t->natoms + 1) * sizeof *ids);
        pl_task_apply(t, ref.action, t->init, next);
        if (json && json_out) {
            json_out->progress(t, ref.action, next, ids);
        } else {
            printf("action: %s\n", cli_text(t->actions[ref.action].name));
            print_atoms("positive effects:", t, ids, cli_changed_atoms(t, t->init, next, true, ids));
            print_atoms("negative effects:", t, ids, cli_changed_atoms(t, t->init, next, false, ids));
            print_atoms("next state:", t, ids, cli_state_atoms(t, next, ids));
            if (t->naxioms) /* derived atoms: what the axioms make of the next state */
                print_atoms("derived atoms:", t, ids, cli_derived_atoms(t, next, ids));
        }
        free(ids);
        free(next);
    }
    pl_action_ref_clear(&ref);
    pl_loaded_task_free(&lt);
    return rc;
}
