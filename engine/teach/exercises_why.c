/* The why of each heuristic and RPG answer on a key, one line, from the
 * planner's own explanation (teach/heuristic_explain.h, teach/rpg.h). */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdio.h>
#include <stdlib.h>

#include "search/heuristic.h"

#include "teach/exercises_internal.h"

#define NAME 512

char *ex_value_text(int value)
{
    return value == PL_H_INF ? pl_strdup("inf") : pl_strdup_printf("%d", value);
}

char *ex_closed(FILE *f, char **buf)
{
    bool ok = !ferror(f);
    if (fclose(f) != 0 || !ok) {
        free(*buf);
        return NULL;
    }
    return *buf;
}

static void unreachable_goals(FILE *f, const pl_heuristic_explanation *x)
{
    char name[NAME];
    fprintf(f, "inf: the goal is unreachable even in the relaxation (a dead end); never reached:");
    for (int i = 0; i < x->ngoal; i++)
        if (x->max.atom[x->goal[i]] == PL_H_INF)
            fprintf(f, " %s", pl_hx_atom_name(x->hr, x->goal[i], name, sizeof name));
}

static void critical_path(FILE *f, const pl_heuristic_explanation *x, int *path)
{
    char name[NAME];
    int n = pl_hx_critical_path(x, path);
    fprintf(f, "h_max = %d, the value of the goal atom reached last; its critical path:", x->hmax);
    for (int i = 0; i < n; i++) {
        int a = path[i], op = x->max.achiever[a];
        fprintf(f, "%s %s = %d", i ? " <-" : "", pl_hx_atom_name(x->hr, a, name, sizeof name), x->max.atom[a]);
        if (op >= 0)
            fprintf(f, " by %s (cost %d)", pl_hx_op_name(x->hr, op, name, sizeof name), x->hr->ops[op].cost);
    }
}

static void goal_sum(FILE *f, const pl_heuristic_explanation *x)
{
    char name[NAME];
    int terms = 0;
    fprintf(f, "h_add = %d, the goal atoms' values added (an atom's value: its achiever's cost plus its "
               "preconditions' values):", x->hadd);
    for (int i = 0; i < x->ngoal; i++) {
        int a = x->goal[i], op = x->add.achiever[a];
        if (!x->add.atom[a])
            continue;
        fprintf(f, "%s %s = %d", terms++ ? " +" : "", pl_hx_atom_name(x->hr, a, name, sizeof name), x->add.atom[a]);
        if (op >= 0)
            fprintf(f, " by %s", pl_hx_op_name(x->hr, op, name, sizeof name));
    }
}

static void ff_plan(FILE *f, const pl_heuristic_explanation *x)
{
    char name[NAME];
    fprintf(f, "h_FF = %d, the cost of the relaxed plan:", x->hff);
    for (int layer = 1; layer <= x->plan_layers; layer++) {
        fprintf(f, " layer %d:", layer);
        for (int op = 0; op < x->hr->nops; op++)
            if (x->plan_layer[op] == layer)
                fprintf(f, " %s", pl_hx_op_name(x->hr, op, name, sizeof name));
        fprintf(f, layer < x->plan_layers ? ";" : "");
    }
}

char *ex_heuristic_why(const pl_heuristic_explanation *x, pl_ex_kind k)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    int *path = malloc(((size_t)x->hr->natoms + 1) * sizeof *path);
    if (!f || !path) {
        if (f)
            fclose(f);
        free(buf);
        free(path);
        return NULL;
    }
    int value = k == PL_EX_HMAX ? x->hmax : k == PL_EX_HADD ? x->hadd : x->hff;
    if (x->goal_state)
        fprintf(f, "0: the goal holds in the state");
    else if (value == PL_H_INF)
        unreachable_goals(f, x);
    else if (k == PL_EX_HMAX)
        critical_path(f, x, path);
    else if (k == PL_EX_HADD)
        goal_sum(f, x);
    else
        ff_plan(f, x);
    free(path);
    return ex_closed(f, &buf);
}

char *ex_level_why(const pl_rpg *g, int atom)
{
    char name[NAME], op_name[NAME];
    pl_hx_atom_name(g->hr, atom, name, sizeof name);
    int op = pl_rpg_first_achiever(g, atom);
    if (g->atom_level[atom] < 0)
        return pl_strdup_printf("%s is never reached: no action adds it from the state in the relaxation", name);
    if (op < 0)
        return pl_strdup_printf("%s holds in the state: layer 0", name);
    return pl_strdup_printf("%s is first in fact layer %d: %s of action layer %d adds it, and no action of an "
                            "earlier layer does", name, g->atom_level[atom], pl_hx_op_name(g->hr, op, op_name, sizeof op_name),
                            g->atom_level[atom] - 1);
}

/* Do the chosen actions' operators (and the axioms) reach every goal atom
 * from the graph's state in the relaxation?  reached: room for the atoms. */
static bool reaches_goal(const pl_rpg *g, const bool *chosen, bool *reached)
{
    const pl_relaxed *hr = g->hr;
    for (int a = 0; a < hr->natoms; a++)
        reached[a] = g->atom_level[a] == 0;
    for (bool grew = true; grew;) {
        grew = false;
        for (int o = 0; o < hr->nops; o++) {
            const pl_relaxed_op *op = &hr->ops[o];
            bool ready = op->action < 0 || chosen[op->action];
            for (int i = 0; ready && i < op->npre; i++)
                ready = reached[op->pre[i]];
            for (int i = 0; ready && i < op->neff; i++)
                if (!reached[op->eff[i]])
                    reached[op->eff[i]] = grew = true;
        }
    }
    for (int i = 0; i < g->ngoal; i++)
        if (!reached[g->goal[i]])
            return false;
    return true;
}

/* h_FF's actions in order of their first layer (into order, each once,
 * chosen set), then those nothing needs dropped, first to last.  Returns
 * the count. */
static int needed_actions(const pl_rpg *g, int *order, bool *chosen, bool *reached)
{
    int n = 0;
    for (int level = 0; level < g->nlevels; level++)
        for (int op = 0; op < g->hr->nops; op++) {
            int a = g->hr->ops[op].action;
            if (g->in_relaxed_plan[op] && g->op_level[op] == level && a >= 0 && !chosen[a])
                chosen[order[n++] = a] = true;
        }
    int kept = 0;
    for (int i = 0; i < n; i++) {
        chosen[order[i]] = false;
        if (!reaches_goal(g, chosen, reached))
            chosen[order[kept++] = order[i]] = true;
    }
    return kept;
}

int ex_relaxed_plan(const pl_rpg *g, char **plan, char **why)
{
    const pl_task *t = g->hr->task;
    char *pbuf = NULL, *wbuf = NULL;
    size_t plen = 0, wlen = 0;
    FILE *p = open_memstream(&pbuf, &plen), *w = open_memstream(&wbuf, &wlen);
    bool *chosen = calloc((size_t)t->nactions + 1, sizeof *chosen);
    bool *reached = calloc((size_t)g->hr->natoms + 1, sizeof *reached);
    int *order = malloc(((size_t)t->nactions + 1) * sizeof *order);
    bool ok = chosen && reached && order;
    if (p && w && ok) {
        int n = needed_actions(g, order, chosen, reached);
        double cost = 0;
        for (int i = 0; i < n; i++) {
            fprintf(p, "%s%s", i ? " " : "", t->actions[order[i]].name);
            cost += t->actions[order[i]].cost;
        }
        fprintf(w, "h_FF's relaxed plan (cost %d) without the actions nothing needs, cost %g:", g->hff,
                t->has_costs ? cost : n);
        for (int i = 0; i < n; i++)
            fprintf(w, " %s", t->actions[order[i]].name);
    }
    free(chosen);
    free(reached);
    free(order);
    *plan = p ? ex_closed(p, &pbuf) : NULL;
    *why = w ? ex_closed(w, &wbuf) : NULL;
    if (ok && *plan && *why)
        return 0;
    free(*plan);
    free(*why);
    *plan = *why = NULL;
    return -1;
}
