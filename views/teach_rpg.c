/* Teach mode's relaxed planning graph screen, from engine/teach/rpg.h. */
#include <stdio.h>
#include <stdlib.h>

#include "teach_view.h"

enum { NAME = 1024 };

/* A line starting with `text`; returns its columns (items follow it). */
static int label(pl_view_model *vm, pl_role role, const char *text)
{
    pl_vm_line(vm, -1);
    pl_vm_span(vm, role, "%s", text);
    return pl_text_columns(text);
}

static void fact_layer(const pl_rpg *g, int level, int width, pl_view_model *vm)
{
    char buf[NAME], head[48];
    snprintf(head, sizeof head, "fact layer %d%s:", level, level == 0 ? " (the state)" : "");
    int used = label(vm, ROLE_HEADER, head), facts = 0;
    for (int a = 0; a < g->hr->natoms; a++)
        if (g->atom_level[a] == level && ++facts)
            pl_teach_item(vm, ROLE_TEXT, " ", pl_hx_atom_name(g->hr, a, buf, sizeof buf), width, 4, &used);
    if (level == 0 && !facts)
        pl_vm_span(vm, ROLE_DIM, " (no atom an action changes; static facts are left out)");
}

/* The operators first applicable at `level`, the relaxed plan's marked "*"
 * (seen without colour too). */
static void action_layer(const pl_rpg *g, int level, bool last, int width, pl_view_model *vm)
{
    char buf[NAME], head[48];
    snprintf(head, sizeof head, "action layer %d:", level);
    int used = label(vm, ROLE_DIM, head);
    for (int o = 0; o < g->hr->nops; o++)
        if (g->op_level[o] == level) {
            bool marked = g->in_relaxed_plan[o];
            char *item = pl_strdup_printf("%s%s", marked ? "*" : "", pl_hx_op_name(g->hr, o, buf, sizeof buf));
            if (!item)
                vm->oom = true;
            else
                pl_teach_item(vm, marked ? ROLE_CORRECT : ROLE_TEXT, " ", item, width, 4, &used);
            free(item);
        }
    if (last)
        pl_teach_item(vm, ROLE_DIM, "  ", "(adds nothing new: the fixpoint)", width, 4, &used);
}

/* The goal level, and each goal atom with its first level. */
static void goal_lines(const pl_rpg *g, const char *dot, int width, pl_view_model *vm)
{
    char buf[NAME];
    pl_vm_line(vm, -1);
    if (g->goal_level >= 0)
        pl_vm_span(vm, ROLE_CORRECT, "goal level %d", g->goal_level);
    else
        pl_vm_span(vm, ROLE_WRONG, "goal level: never (some goal atom is never reached: a dead end)");
    if (g->goal_level >= 0)
        pl_vm_span(vm, ROLE_DIM, " (the first fact layer holding every goal atom)");
    if (g->hff != PL_H_INF)
        pl_vm_span(vm, ROLE_DIM, "%sh_FF %d", dot, g->hff);
    int used = label(vm, ROLE_TEXT, "goal atoms (first level):");
    for (int i = 0; i < g->ngoal; i++) {
        int a = g->goal[i], level = g->atom_level[a];
        pl_hx_atom_name(g->hr, a, buf, sizeof buf);
        char *item = level < 0 ? pl_strdup_printf("%s never", buf) : pl_strdup_printf("%s %d", buf, level);
        if (!item)
            vm->oom = true;
        else
            pl_teach_item(vm, level < 0 ? ROLE_WRONG : ROLE_TEXT, i ? ", " : " ", item, width, 4, &used);
        free(item);
    }
}

void pl_view_teach_rpg(const pl_task *t, const pl_rpg *g, const char *state, bool ascii, int width,
                       pl_view_model *vm)
{
    const char *dot = ascii ? " | " : " · ";
    char buf[NAME];
    pl_vm_init(vm);
    pl_vm_set_title(vm, "relaxed planning graph %s", t->problem->name);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "Relaxed planning graph");
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_DIM, "(each layer lists what is first there; * marks h_FF's relaxed plan)");
    pl_teach_state_line(vm, t, state, ascii, width);
    goal_lines(g, dot, width, vm);
    int used;
    for (int l = 0; l < g->nlevels; l++) {
        pl_vm_line(vm, -1);
        fact_layer(g, l, width, vm);
        action_layer(g, l, l == g->nlevels - 1, width, vm);
    }
    pl_vm_line(vm, -1);
    used = label(vm, ROLE_HEADER, "never reached:");
    int never = 0;
    for (int a = 0; a < g->hr->natoms; a++)
        if (g->atom_level[a] < 0 && ++never)
            pl_teach_item(vm, ROLE_WRONG, " ", pl_hx_atom_name(g->hr, a, buf, sizeof buf), width, 4, &used);
    if (!never)
        pl_vm_span(vm, ROLE_DIM, " (none)");
    if (g->hff != PL_H_INF) {
        snprintf(buf, sizeof buf, "relaxed plan (h_FF = %d):", g->hff);
        used = label(vm, ROLE_HEADER, buf);
        for (int o = 0; o < g->hr->nops; o++)
            if (g->in_relaxed_plan[o])
                pl_teach_item(vm, ROLE_CORRECT, " ", pl_hx_op_name(g->hr, o, buf, sizeof buf), width, 4, &used);
    }
    pl_vm_set_status(vm, "relaxed planning graph%s%d fact layers", dot, g->nlevels);
}
