/* planlens applicable / progress --json (planlens-full). */
#include <cjson/cJSON.h>

#include "cli.h"
#include "state_output.h"

static cJSON *atom_array(const pl_task *t, const int *ids, int n)
{
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(arr, cJSON_CreateString(t->atoms[ids[i]].name));
    return arr;
}

static void applicable(const pl_task *t, const int *ids, int n)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "count", n);
    cJSON *arr = cJSON_AddArrayToObject(o, "actions");
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(arr, cJSON_CreateString(t->actions[ids[i]].name));
    cJSON *costs = cJSON_AddArrayToObject(o, "costs"); /* costs[i]: of actions[i] */
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(costs, cJSON_CreateNumber(t->actions[ids[i]].cost));
    cli_print_json(o);
}

static void inapplicable(const pl_action_ref *ref, char **unmet, int n)
{
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
}

static void progress(const pl_task *t, int action, const uint64_t *before, const uint64_t *next, int *ids)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "action", t->actions[action].name);
    cJSON_AddBoolToObject(o, "applicable", true);
    cJSON_AddNumberToObject(o, "cost", t->actions[action].cost);
    int n = cli_changed_atoms(t, before, next, true, ids);
    cJSON_AddItemToObject(o, "positive_effects", atom_array(t, ids, n));
    n = cli_changed_atoms(t, before, next, false, ids);
    cJSON_AddItemToObject(o, "negative_effects", atom_array(t, ids, n));
    n = cli_state_atoms(t, next, ids);
    cJSON_AddItemToObject(o, "next_state", atom_array(t, ids, n));
    if (t->naxioms) {
        n = cli_derived_atoms(t, next, ids);
        cJSON_AddItemToObject(o, "derived_atoms", atom_array(t, ids, n));
    }
    cli_print_json(o);
}

const cli_state_json cli_state_json_output = {applicable, inapplicable, progress};
