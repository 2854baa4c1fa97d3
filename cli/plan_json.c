/* planlens plan --json (planlens-full). */
#include <cjson/cJSON.h>

#include "cli.h"
#include "state_output.h"

void cli_print_plan_json(const pl_task *t, const char *search_name, const pl_search_params *p,
                         const pl_search_result *res)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "status", pl_search_status_name(res->status));
    cJSON_AddStringToObject(o, "search", search_name);
    cJSON_AddStringToObject(o, "heuristic", pl_heuristic_name(res->heuristic_used));
    cJSON_AddBoolToObject(o, "optimal", !p->greedy && res->status == PL_SEARCH_SOLVED);
    if (res->limit)
        cJSON_AddStringToObject(o, "limit", res->limit);
    cJSON *plan = cJSON_AddArrayToObject(o, "plan");
    for (int i = 0; i < res->plan_length; i++)
        cJSON_AddItemToArray(plan, cJSON_CreateString(t->actions[res->plan[i]].name));
    if (res->status == PL_SEARCH_SOLVED)
        cJSON_AddNumberToObject(o, "cost", (double)res->cost);
    cJSON_AddStringToObject(o, "cost_kind", t->has_costs ? "general cost" : "unit cost");
    cJSON *st = cJSON_AddObjectToObject(o, "statistics");
    cJSON_AddNumberToObject(st, "expansions", res->expansions);
    cJSON_AddNumberToObject(st, "generated", res->generated);
    cJSON_AddNumberToObject(st, "evaluated", res->evaluated);
    cJSON_AddNumberToObject(st, "reopened", res->reopened);
    if (res->initial_h == PL_H_INF)
        cJSON_AddNullToObject(st, "initial_h");
    else
        cJSON_AddNumberToObject(st, "initial_h", res->initial_h);
    cJSON_AddNumberToObject(st, "search_seconds", res->seconds);
    cJSON_AddNumberToObject(st, "search_bytes", (double)res->bytes);
    cJSON_AddNumberToObject(st, "atoms", t->natoms);
    cJSON_AddNumberToObject(st, "actions", t->nactions);
    cli_print_json(o);
}
