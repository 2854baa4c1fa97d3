/* The relaxed planning graph (rpg.h). */
#include <stdlib.h>
#include <string.h>

#include "teach/heuristic_explain.h"
#include "teach/rpg.h"

static bool ready_at(const pl_rpg *g, const pl_relaxed_op *op, int i)
{
    for (int k = 0; k < op->npre; k++)
        if (g->atom_level[op->pre[k]] < 0 || g->atom_level[op->pre[k]] > i)
            return false;
    return true;
}

/* Fact layer i closed under the operators that are no action (axioms, a
 * disjunction's or a quantifier's, all of cost 0): they take no layer, their
 * atoms join the layer where their preconditions hold. */
static void close_layer(pl_rpg *g, int i)
{
    const pl_relaxed *hr = g->hr;
    for (bool changed = true; changed;) {
        changed = false;
        for (int o = 0; o < hr->nops; o++) {
            const pl_relaxed_op *op = &hr->ops[o];
            if (op->action >= 0 || g->op_level[o] >= 0 || !ready_at(g, op, i))
                continue;
            g->op_level[o] = i;
            for (int k = 0; k < op->neff; k++)
                if (g->atom_level[op->eff[k]] < 0) {
                    g->atom_level[op->eff[k]] = i;
                    changed = true;
                }
        }
    }
}

/* Actions first applicable at level i: their preconditions all hold by
 * then.  Adds their new effects at level i + 1 and closes it; returns how
 * many atoms the actions added. */
static int grow(pl_rpg *g, int i)
{
    const pl_relaxed *hr = g->hr;
    int added = 0;
    for (int o = 0; o < hr->nops; o++) {
        if (g->op_level[o] >= 0 || hr->ops[o].action < 0)
            continue;
        const pl_relaxed_op *op = &hr->ops[o];
        if (!ready_at(g, op, i))
            continue;
        g->op_level[o] = i;
        for (int k = 0; k < op->neff; k++)
            if (g->atom_level[op->eff[k]] < 0) {
                g->atom_level[op->eff[k]] = i + 1;
                added++;
            }
    }
    close_layer(g, i + 1);
    return added;
}

/* The planner's h_FF relaxed plan of the state. */
static int mark_relaxed_plan(pl_rpg *g, const pl_relaxed *r, const uint64_t *state)
{
    pl_heuristic *h = pl_heuristic_new(r, PL_H_FF, g->goal, g->ngoal, NULL);
    if (!h)
        return -1;
    g->hff = pl_heuristic_eval(h, state);
    /* a goal state is evaluated without an exploration: no plan to read */
    if (g->hff != PL_H_INF && g->hff > 0)
        for (int o = 0; o < g->hr->nops; o++)
            g->in_relaxed_plan[o] = pl_heuristic_in_relaxed_plan(h, o);
    pl_heuristic_free(h);
    return 0;
}

int pl_rpg_build(const pl_task *t, const pl_relaxed *r, const uint64_t *state, pl_rpg *out)
{
    memset(out, 0, sizeof *out);
    const pl_relaxed *hr = r->negated ? r->negated : r;
    out->hr = hr;
    out->atom_level = malloc(((size_t)hr->natoms + 1) * sizeof *out->atom_level);
    out->op_level = malloc(((size_t)hr->nops + 1) * sizeof *out->op_level);
    out->goal = malloc(((size_t)t->natoms * 2 + 1) * sizeof *out->goal);
    out->in_relaxed_plan = calloc((size_t)hr->nops + 1, sizeof *out->in_relaxed_plan);
    if (!out->atom_level || !out->op_level || !out->goal || !out->in_relaxed_plan)
        goto fail;
    for (int a = 0; a < hr->natoms; a++)
        out->atom_level[a] = -1;
    for (int o = 0; o < hr->nops; o++)
        out->op_level[o] = -1;
    int n = pl_hx_state_atoms(hr, state, out->goal); /* (goal: scratch until below) */
    for (int i = 0; i < n; i++)
        out->atom_level[out->goal[i]] = 0;
    close_layer(out, 0);
    int level = 0;
    while (grow(out, level) > 0)
        level++;
    out->nlevels = level + 1;
    out->ngoal = pl_relaxed_goal_atoms(r, t->goal, out->goal);
    for (int i = 0; i < out->ngoal; i++) {
        int l = out->atom_level[out->goal[i]];
        if (l < 0) {
            out->goal_level = -1;
            break;
        }
        if (l > out->goal_level)
            out->goal_level = l;
    }
    if (mark_relaxed_plan(out, r, state) < 0)
        goto fail;
    return 0;
fail:
    pl_rpg_clear(out);
    return -1;
}

void pl_rpg_clear(pl_rpg *g)
{
    free(g->atom_level);
    free(g->op_level);
    free(g->goal);
    free(g->in_relaxed_plan);
    memset(g, 0, sizeof *g);
}

int pl_rpg_first_achiever(const pl_rpg *g, int atom)
{
    int l = g->atom_level[atom];
    if (l <= 0)
        return -1;
    for (int o = 0; o < g->hr->nops; o++) {
        const pl_relaxed_op *op = &g->hr->ops[o];
        if (g->op_level[o] != l - 1)
            continue;
        for (int k = 0; k < op->neff; k++)
            if (op->eff[k] == atom)
                return o;
    }
    return -1;
}
