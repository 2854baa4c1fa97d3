/* planlens heuristics --format json: the field names of issue 39 §1
 * (blind, hmax, hadd, hff, lmcut, hstar, dead_end) and each one's why;
 * infinite values are null. */
#include <cjson/cJSON.h>
#include <stdlib.h>

#include "heuristics_output.h"

enum { NAME = 1024 };

static cJSON *value(int v)
{
    return v == PL_H_INF ? cJSON_CreateNull() : cJSON_CreateNumber(v);
}

static cJSON *atom_str(const pl_heuristic_explanation *x, int atom)
{
    char buf[NAME];
    return cJSON_CreateString(pl_hx_atom_name(x->hr, atom, buf, sizeof buf));
}

static cJSON *op_str(const pl_heuristic_explanation *x, int op)
{
    char buf[NAME];
    return op < 0 ? cJSON_CreateNull() : cJSON_CreateString(pl_hx_op_name(x->hr, op, buf, sizeof buf));
}

/* {"atom", "value", "achiever"} */
static cJSON *atom_entry(const pl_heuristic_explanation *x, const pl_hx_table *tb, int a)
{
    cJSON *e = cJSON_CreateObject();
    cJSON_AddItemToObject(e, "atom", atom_str(x, a));
    cJSON_AddItemToObject(e, "value", value(tb->atom[a]));
    cJSON_AddItemToObject(e, "achiever", op_str(x, tb->achiever[a]));
    return e;
}

static cJSON *table(const pl_heuristic_explanation *x, const pl_hx_table *tb)
{
    cJSON *o = cJSON_CreateObject();
    cJSON *atoms = cJSON_AddArrayToObject(o, "atoms");
    for (int a = 0; a < x->hr->natoms; a++)
        cJSON_AddItemToArray(atoms, atom_entry(x, tb, a));
    cJSON *ops = cJSON_AddArrayToObject(o, "actions");
    for (int op = 0; op < x->hr->nops; op++) {
        if (tb->op[op] == PL_H_INF)
            continue;
        cJSON *e = cJSON_CreateObject();
        cJSON_AddItemToObject(e, "action", op_str(x, op));
        cJSON_AddNumberToObject(e, "cost", x->hr->ops[op].cost);
        cJSON_AddNumberToObject(e, "value", tb->op[op]);
        cJSON_AddItemToArray(ops, e);
    }
    return o;
}

static cJSON *hmax_why(const pl_heuristic_explanation *x, int *scratch)
{
    cJSON *o = table(x, &x->max);
    cJSON *path = cJSON_AddArrayToObject(o, "critical_path");
    for (int i = 0, n = pl_hx_critical_path(x, scratch); i < n; i++)
        cJSON_AddItemToArray(path, atom_entry(x, &x->max, scratch[i]));
    return o;
}

static cJSON *hadd_why(const pl_heuristic_explanation *x, int *scratch)
{
    cJSON *o = table(x, &x->add);
    cJSON *sup = cJSON_AddArrayToObject(o, "supports");
    for (int i = 0, n = pl_hx_supports(x, scratch); i < n; i++) {
        int a = scratch[i], op = x->add.achiever[a];
        cJSON *e = atom_entry(x, &x->add, a);
        if (op >= 0) {
            cJSON_AddNumberToObject(e, "cost", x->hr->ops[op].cost);
            cJSON *pre = cJSON_AddArrayToObject(e, "preconditions");
            for (int k = 0; k < x->hr->ops[op].npre; k++) {
                int p = x->hr->ops[op].pre[k];
                cJSON *pe = cJSON_CreateObject();
                cJSON_AddItemToObject(pe, "atom", atom_str(x, p));
                cJSON_AddItemToObject(pe, "value", value(x->add.atom[p]));
                cJSON_AddItemToArray(pre, pe);
            }
        }
        cJSON_AddItemToArray(sup, e);
    }
    return o;
}

static cJSON *hff_why(const pl_heuristic_explanation *x)
{
    cJSON *o = cJSON_CreateObject();
    cJSON *layers = cJSON_AddArrayToObject(o, "relaxed_plan");
    bool *need = calloc((size_t)x->hr->natoms + 1, sizeof *need);
    if (!need || x->hff == PL_H_INF) {
        free(need);
        return o;
    }
    pl_hx_ff_needed(x, need);
    for (int layer = 1; layer <= x->plan_layers; layer++) {
        cJSON *l = cJSON_CreateObject();
        cJSON_AddNumberToObject(l, "layer", layer);
        cJSON *acts = cJSON_AddArrayToObject(l, "actions");
        for (int op = 0; op < x->hr->nops; op++) {
            if (x->plan_layer[op] != layer)
                continue;
            cJSON *e = cJSON_CreateObject();
            cJSON_AddItemToObject(e, "action", op_str(x, op));
            cJSON_AddNumberToObject(e, "cost", x->hr->ops[op].cost);
            cJSON *for_atoms = cJSON_AddArrayToObject(e, "achiever_of");
            for (int a = 0; a < x->hr->natoms; a++)
                if (need[a] && x->ff_achiever[a] == op)
                    cJSON_AddItemToArray(for_atoms, atom_str(x, a));
            cJSON_AddItemToArray(acts, e);
        }
        cJSON_AddItemToArray(layers, l);
    }
    free(need);
    return o;
}

static cJSON *lmcut_why(const pl_heuristic_explanation *x)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddBoolToObject(o, "as_hmax", x->lmcut_is_hmax);
    cJSON *cuts = cJSON_AddArrayToObject(o, "cuts");
    const int *at = x->cuts ? x->cuts + 1 : NULL;
    for (int i = 0; at && i < x->cuts[0]; i++) {
        cJSON *c = cJSON_CreateObject();
        cJSON_AddNumberToObject(c, "cost", at[0]);
        cJSON *acts = cJSON_AddArrayToObject(c, "actions");
        for (int k = 0; k < at[1]; k++)
            if (at[2 + k] < x->hr->nops)
                cJSON_AddItemToArray(acts, op_str(x, at[2 + k]));
        cJSON_AddItemToArray(cuts, c);
        at += 2 + at[1];
    }
    return o;
}

static cJSON *hstar_why(const pl_heuristic_explanation *x)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "status", x->hstar_answer == PL_YES ? "solved" : x->hstar_answer == PL_NO ? "dead end"
                                                                                                         : "unknown");
    if (x->hstar_answer == PL_YES) {
        cJSON *plan = cJSON_AddArrayToObject(o, "plan");
        for (int i = 0; i < x->plan_length; i++)
            cJSON_AddItemToArray(plan, cJSON_CreateString(x->task->actions[x->plan[i]].name));
    }
    if (x->dead_end) {
        cJSON_AddStringToObject(o, "by", x->dead_end_by_relaxation ? "relaxation" : "search");
        cJSON_AddBoolToObject(o, "together", x->together);
        cJSON *un = cJSON_AddArrayToObject(o, "unreachable_goals");
        for (int i = 0; i < x->nunreachable; i++)
            cJSON_AddItemToArray(un, cJSON_CreateString(x->unreachable[i]));
    }
    return o;
}

static cJSON *start_json(const pl_task *t, const pl_start_spec *spec, const pl_start_state *s)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "from", spec->plan_path ? "plan" : spec->state_path ? "state file" : "initial state");
    if (spec->plan_path || spec->state_path)
        cJSON_AddStringToObject(o, "file", spec->plan_path ? spec->plan_path : spec->state_path);
    if (spec->plan_path) {
        cJSON_AddNumberToObject(o, "steps", s->steps);
        cJSON_AddNumberToObject(o, "plan_length", s->plan_length);
        cJSON_AddNumberToObject(o, "cost", s->cost);
    }
    cJSON *atoms = cJSON_AddArrayToObject(o, "atoms");
    for (int a = 0; a < t->natoms; a++)
        if (pl_state_has(s->state, a) && !pl_task_atom_derived(t, a))
            cJSON_AddItemToArray(atoms, cJSON_CreateString(t->atoms[a].name));
    return o;
}

void cli_print_heuristics_json(const pl_heuristic_explanation *x, const pl_start_spec *spec,
                               const pl_start_state *start)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddItemToObject(o, "state", start_json(x->task, spec, start));
    cJSON_AddStringToObject(o, "costs", x->task->has_costs ? "action costs" : "unit");
    cJSON_AddItemToObject(o, "blind", value(x->blind));
    cJSON_AddItemToObject(o, "hmax", value(x->hmax));
    cJSON_AddItemToObject(o, "hadd", value(x->hadd));
    cJSON_AddItemToObject(o, "hff", value(x->hff));
    cJSON_AddItemToObject(o, "lmcut", value(x->lmcut));
    if (x->hstar_answer == PL_YES)
        cJSON_AddNumberToObject(o, "hstar", (double)x->hstar);
    else
        cJSON_AddNullToObject(o, "hstar");
    cJSON_AddBoolToObject(o, "dead_end", x->dead_end);
    int *scratch = malloc(((size_t)x->hr->natoms + 1) * sizeof *scratch);
    if (!x->goal_state && scratch) {
        cJSON *why = cJSON_AddObjectToObject(o, "why");
        cJSON_AddItemToObject(why, "hmax", hmax_why(x, scratch));
        cJSON_AddItemToObject(why, "hadd", hadd_why(x, scratch));
        cJSON_AddItemToObject(why, "hff", hff_why(x));
        cJSON_AddItemToObject(why, "lmcut", lmcut_why(x));
        cJSON_AddItemToObject(why, "hstar", hstar_why(x));
    }
    free(scratch);
    cli_print_json(o);
}
