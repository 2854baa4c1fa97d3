/* planlens applicable / progress: what the initial state allows, and what one
 * action changes. */
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "plans/plan.h"

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

int cmd_applicable(int argc, char **argv)
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
    qsort(ids, (size_t)n, sizeof *ids, by_action_name);
    if (json) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "count", n);
        cJSON *arr = cJSON_AddArrayToObject(o, "actions");
        for (int i = 0; i < n; i++)
            cJSON_AddItemToArray(arr, cJSON_CreateString(t->actions[ids[i]].name));
        cli_print_json(o);
    } else {
        for (int i = 0; i < n; i++)
            puts(t->actions[ids[i]].name);
    }
    free(ids);
    pl_loaded_task_free(&lt);
    return PL_EXIT_OK;
}

/* Atoms whose truth goes from `from` to `to` between the two states. */
static int changed_atoms(const pl_task *t, const uint64_t *before, const uint64_t *after, bool to, int *out)
{
    int n = 0;
    for (int a = 0; a < t->natoms; a++)
        if (pl_state_has(before, a) != to && pl_state_has(after, a) == to)
            out[n++] = a;
    sort_task = t;
    qsort(out, (size_t)n, sizeof *out, by_atom_name);
    return n;
}

static int state_atoms(const pl_task *t, const uint64_t *s, int *out)
{
    int n = 0;
    for (int a = 0; a < t->natoms; a++)
        if (pl_state_has(s, a))
            out[n++] = a;
    sort_task = t;
    qsort(out, (size_t)n, sizeof *out, by_atom_name);
    return n;
}

static cJSON *atom_array(const pl_task *t, const int *ids, int n)
{
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(arr, cJSON_CreateString(t->atoms[ids[i]].name));
    return arr;
}

static void print_atoms(const char *label, const pl_task *t, const int *ids, int n)
{
    printf("%s", label);
    for (int i = 0; i < n; i++)
        printf(" %s", t->atoms[ids[i]].name);
    printf("%s\n", n ? "" : " (none)");
}

static int report_inapplicable(const pl_task *t, const pl_action_ref *ref, bool json)
{
    char **unmet = NULL;
    int n = ref->args ? pl_explain_unmet(t, ref->schema, ref->args, t->init, &unmet) : 0;
    if (json) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "action", ref->text);
        cJSON_AddBoolToObject(o, "applicable", false);
        cJSON_AddStringToObject(o, "reason", ref->status == PL_REF_OK ? "precondition" : pl_ref_status_name(ref->status));
        if (ref->detail)
            cJSON_AddStringToObject(o, "detail", ref->detail);
        cJSON *arr = cJSON_AddArrayToObject(o, "unmet");
        for (int i = 0; i < n; i++)
            cJSON_AddItemToArray(arr, cJSON_CreateString(unmet[i]));
        cli_print_json(o);
    } else {
        printf("%s is not applicable", ref->text);
        printf("%s%s\n", ref->detail ? ": " : "", ref->detail ? ref->detail : "");
        for (int i = 0; i < n; i++)
            printf("  unmet precondition: %s\n", unmet[i]);
    }
    pl_strings_free(unmet, n);
    return PL_EXIT_INVALID;
}

int cmd_progress(int argc, char **argv)
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
        rc = report_inapplicable(t, &ref, json);
    } else {
        uint64_t *next = pl_state_new(t);
        int *ids = malloc(((size_t)t->natoms + 1) * sizeof *ids);
        pl_task_apply(t, ref.action, t->init, next);
        if (json) {
            cJSON *o = cJSON_CreateObject();
            cJSON_AddStringToObject(o, "action", t->actions[ref.action].name);
            cJSON_AddBoolToObject(o, "applicable", true);
            int n = changed_atoms(t, t->init, next, true, ids);
            cJSON_AddItemToObject(o, "positive_effects", atom_array(t, ids, n));
            n = changed_atoms(t, t->init, next, false, ids);
            cJSON_AddItemToObject(o, "negative_effects", atom_array(t, ids, n));
            n = state_atoms(t, next, ids);
            cJSON_AddItemToObject(o, "next_state", atom_array(t, ids, n));
            cli_print_json(o);
        } else {
            printf("action: %s\n", t->actions[ref.action].name);
            print_atoms("positive effects:", t, ids, changed_atoms(t, t->init, next, true, ids));
            print_atoms("negative effects:", t, ids, changed_atoms(t, t->init, next, false, ids));
            print_atoms("next state:", t, ids, state_atoms(t, next, ids));
        }
        free(ids);
        free(next);
    }
    pl_action_ref_clear(&ref);
    pl_loaded_task_free(&lt);
    return rc;
}
