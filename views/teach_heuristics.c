/* Teach mode's heuristic panel (H): a state's heuristic values, then why
 * each is what it is, from engine/teach/heuristic_explain.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "teach_view.h"

enum { NAME = 1024 };

typedef struct {
    const pl_heuristic_explanation *x;
    bool ascii;
    int width;
    pl_view_model *vm;
    int *scratch; /* room for every relaxed atom */
} panel;

static const char *atom(const panel *p, int a, char *buf)
{
    return pl_hx_atom_name(p->x->hr, a, buf, NAME);
}

static const char *op(const panel *p, int o, char *buf)
{
    return pl_hx_op_name(p->x->hr, o, buf, NAME);
}

static void value(char *buf, size_t n, int v)
{
    if (v == PL_H_INF)
        snprintf(buf, n, "inf");
    else
        snprintf(buf, n, "%d", v);
}

/* "h_max = 4" as a section heading, what it means below it. */
static void heading_text(const panel *p, const char *name, const char *text, const char *what)
{
    pl_vm_line(p->vm, -1);
    pl_vm_line(p->vm, -1);
    pl_vm_span(p->vm, ROLE_HEADER, "%s = %s", name, text);
    pl_vm_heading(p->vm);
    pl_vm_wrapped(p->vm, ROLE_DIM, what, p->width, 2);
}

static void heading(const panel *p, const char *name, int v, const char *what)
{
    char text[32];
    value(text, sizeof text, v);
    heading_text(p, name, text, what);
}

/* The summary: every value on two lines, a dead end said at once. */
static void summary(const panel *p)
{
    const pl_heuristic_explanation *x = p->x;
    const char *names[] = {"blind", "h_max", "h_add", "h_FF", "LM-cut"};
    const int values[] = {x->blind, x->hmax, x->hadd, x->hff, x->lmcut};
    pl_vm_line(p->vm, -1);
    for (int i = 0; i < 5; i++) {
        char text[32];
        value(text, sizeof text, values[i]);
        pl_vm_span(p->vm, ROLE_TEXT, "%s%s ", i ? "   " : "  ", names[i]);
        pl_vm_span(p->vm, ROLE_HEADER, "%s", text);
    }
    pl_vm_line(p->vm, -1);
    if (x->hstar_answer == PL_YES)
        pl_vm_span(p->vm, ROLE_TEXT, "  h* ");
    if (x->hstar_answer == PL_YES)
        pl_vm_span(p->vm, ROLE_HEADER, "%lld", x->hstar);
    else if (x->hstar_answer == PL_NO)
        pl_vm_span(p->vm, ROLE_WRONG, "  h* inf: a dead end");
    else
        pl_vm_span(p->vm, ROLE_DIM, "  h* unknown: the search hit its time limit");
    if (x->hstar_answer == PL_YES)
        pl_vm_span(p->vm, ROLE_DIM, "   (h_max %s LM-cut %s h*; h_add and h_FF may overestimate)",
                   p->ascii ? "<=" : "≤", p->ascii ? "<=" : "≤");
    if (!x->hr->integral_costs) {
        pl_vm_line(p->vm, -1);
        pl_vm_span(p->vm, ROLE_DIM, "  (the relaxation rounds action costs down to whole numbers)");
    }
}

/* An exploration's cost table: atoms by value with their achievers, then
 * every operator reached with its cost and its preconditions' part. */
static void table(const panel *p, const pl_hx_table *tb, bool additive)
{
    const pl_relaxed *hr = p->x->hr;
    char a[NAME], o[NAME], v[32];
    if (pl_hx_atoms_by_value(hr, tb->atom, p->scratch) < 0)
        for (int i = 0; i < hr->natoms; i++) /* out of memory: the atoms as they are */
            p->scratch[i] = i;
    pl_vm_line(p->vm, -1);
    pl_vm_span(p->vm, ROLE_DIM, "  atoms (value; the achiever that first reached it at that value):");
    for (int i = 0; i < hr->natoms; i++) {
        int at = p->scratch[i];
        value(v, sizeof v, tb->atom[at]);
        pl_vm_line(p->vm, -1);
        pl_vm_span(p->vm, ROLE_TEXT, "    %-28s %3s  ", atom(p, at, a), v);
        if (tb->atom[at] == PL_H_INF)
            pl_vm_span(p->vm, ROLE_WRONG, "never reached");
        else if (tb->achiever[at] < 0)
            pl_vm_span(p->vm, ROLE_DIM, "in the state");
        else
            pl_vm_span(p->vm, ROLE_TEXT, "%s", op(p, tb->achiever[at], o));
    }
    pl_vm_line(p->vm, -1);
    pl_vm_span(p->vm, ROLE_DIM, "  actions (cost + the %s of the preconditions' values):", additive ? "sum" : "largest");
    for (int k = 0; k < hr->nops; k++)
        if (tb->op[k] != PL_H_INF) {
            pl_vm_line(p->vm, -1);
            pl_vm_span(p->vm, ROLE_TEXT, "    %-28s %d + %d = %d", op(p, k, o), hr->ops[k].cost,
                       tb->op[k] - hr->ops[k].cost, tb->op[k]);
        }
}

static void hmax(const panel *p)
{
    const pl_heuristic_explanation *x = p->x;
    heading(p, "h_max", x->hmax, "the most expensive goal atom, each atom costing its cheapest achiever");
    int n = pl_hx_critical_path(x, p->scratch);
    char a[NAME], o[NAME];
    if (n) {
        pl_vm_line(p->vm, -1);
        pl_vm_span(p->vm, ROLE_TEXT, "  critical path, from the goal down:");
        int used = pl_vm_line_columns(&p->vm->lines[p->vm->nlines - 1]);
        for (int i = 0; i < n; i++) {
            int at = p->scratch[i], by = x->max.achiever[at];
            char *item = by >= 0 ? pl_strdup_printf("%s %d %s %s", atom(p, at, a), x->max.atom[at],
                                                    p->ascii ? "<-" : "←", op(p, by, o))
                                 : pl_strdup_printf("%s %d (in the state)", atom(p, at, a), x->max.atom[at]);
            if (item)
                pl_teach_item(p->vm, ROLE_CORRECT, i ? (p->ascii ? " <- " : " ← ") : " ", item, p->width, 4, &used);
            free(item);
        }
    }
    table(p, &x->max, false);
}

static void hadd(const panel *p)
{
    const pl_heuristic_explanation *x = p->x;
    heading(p, "h_add", x->hadd, "the sum of the goal atoms' values, each atom costing its cheapest achiever");
    int n = pl_hx_supports(x, p->scratch);
    char a[NAME], o[NAME];
    if (n) {
        pl_vm_line(p->vm, -1);
        pl_vm_span(p->vm, ROLE_TEXT, "  supports, from the goal atoms down (achiever's cost + its preconditions'):");
    }
    for (int i = 0; i < n; i++) {
        int at = p->scratch[i], by = x->add.achiever[at];
        pl_vm_line(p->vm, -1);
        pl_vm_span(p->vm, ROLE_TEXT, "    %s = %d", atom(p, at, a), x->add.atom[at]);
        if (by < 0) {
            pl_vm_span(p->vm, ROLE_DIM, " (in the state)");
            continue;
        }
        const pl_relaxed_op *ro = &x->hr->ops[by];
        int used = pl_vm_line_columns(&p->vm->lines[p->vm->nlines - 1]);
        char *item = pl_strdup_printf("%s %d", op(p, by, o), ro->cost);
        if (item)
            pl_teach_item(p->vm, ROLE_CORRECT, " = ", item, p->width, 6, &used);
        free(item);
        for (int k = 0; k < ro->npre; k++) {
            item = pl_strdup_printf("%s %d", atom(p, ro->pre[k], a), x->add.atom[ro->pre[k]]);
            if (item)
                pl_teach_item(p->vm, ROLE_TEXT, " + ", item, p->width, 6, &used);
            free(item);
        }
    }
    table(p, &x->add, true);
}

static void hff(const panel *p)
{
    const pl_heuristic_explanation *x = p->x;
    heading(p, "h_FF", x->hff,
            "the relaxed plan's cost: each needed atom's h_add achiever followed back from the goal, each action "
            "paid once; an action's layer is 1 + the layers of its preconditions' achievers");
    bool *need = x->hff == PL_H_INF ? NULL : calloc((size_t)x->hr->natoms + 1, sizeof *need);
    if (!need)
        return;
    pl_hx_ff_needed(x, need);
    char a[NAME], o[NAME];
    for (int layer = 1; layer <= x->plan_layers; layer++) {
        pl_vm_line(p->vm, -1);
        pl_vm_span(p->vm, ROLE_TEXT, "  layer %d:", layer);
        for (int k = 0; k < x->hr->nops; k++) {
            if (x->plan_layer[k] != layer)
                continue;
            pl_vm_line(p->vm, -1);
            pl_vm_span(p->vm, ROLE_CORRECT, "    %s", op(p, k, o));
            pl_vm_span(p->vm, ROLE_DIM, " (cost %d) achieves", x->hr->ops[k].cost);
            int used = pl_vm_line_columns(&p->vm->lines[p->vm->nlines - 1]);
            for (int at = 0; at < x->hr->natoms; at++)
                if (need[at] && x->ff_achiever[at] == k)
                    pl_teach_item(p->vm, ROLE_TEXT, " ", atom(p, at, a), p->width, 6, &used);
        }
    }
    free(need);
}

static void lmcut(const panel *p)
{
    const pl_heuristic_explanation *x = p->x;
    if (x->lmcut_is_hmax) {
        heading(p, "LM-cut", x->lmcut,
                "conditional effects make LM-cut h_max here (one operator per action keeps it admissible)");
        return;
    }
    heading(p, "LM-cut", x->lmcut, "the cuts in order; each removes its cheapest action's cost from every action in it");
    if (!x->cuts)
        return;
    char o[NAME];
    const int *at = x->cuts + 1;
    for (int i = 0; i < x->cuts[0]; i++) {
        int cost = at[0], n = at[1];
        pl_vm_line(p->vm, -1);
        pl_vm_span(p->vm, ROLE_TEXT, "  cut %d: cost %d from", i + 1, cost);
        int used = pl_vm_line_columns(&p->vm->lines[p->vm->nlines - 1]);
        for (int k = 0; k < n; k++)
            if (at[2 + k] < x->hr->nops) /* not the artificial goal operator */
                pl_teach_item(p->vm, ROLE_CORRECT, " ", op(p, at[2 + k], o), p->width, 6, &used);
        at += 2 + n;
    }
}

static void hstar(const panel *p)
{
    const pl_heuristic_explanation *x = p->x;
    if (x->hstar_answer == PL_UNKNOWN) {
        heading_text(p, "h*", "unknown", "the search hit its time limit");
        return;
    }
    if (x->dead_end) {
        char *why = pl_strdup_printf("a dead end, proven by %s; %s:",
                                     x->dead_end_by_relaxation ? "the relaxation (h_max = inf)" : "exhaustive search",
                                     x->together ? "the goal conditions still false cannot all hold together"
                                                 : "goal conditions that can never hold");
        heading(p, "h*", PL_H_INF, why ? why : "a dead end");
        free(why);
        for (int i = 0; i < x->nunreachable; i++) {
            pl_vm_line(p->vm, -1);
            pl_vm_span(p->vm, ROLE_WRONG, "    %s %s", p->ascii ? "-" : "✗", x->unreachable[i]);
        }
        return;
    }
    heading(p, "h*", (int)x->hstar, "an optimal plan from the state (step 0 is the first action):");
    for (int i = 0; i < x->plan_length; i++) {
        pl_vm_line(p->vm, -1);
        pl_vm_span(p->vm, ROLE_TEXT, "    step %d: %s", i, x->task->actions[x->plan[i]].name);
    }
}

void pl_view_teach_heuristics(const pl_heuristic_explanation *x, const char *state, bool ascii, int width,
                              pl_view_model *vm)
{
    const pl_task *t = x->task;
    pl_vm_init(vm);
    pl_vm_set_title(vm, "heuristics %s", t->problem->name);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "Heuristics of this state");
    pl_teach_state_line(vm, t, state, ascii, width);
    panel p = {x, ascii, width, vm, malloc(((size_t)x->hr->natoms + 1) * sizeof(int))};
    if (!p.scratch) {
        vm->oom = true;
        return;
    }
    summary(&p);
    if (x->goal_state) {
        pl_vm_line(vm, -1);
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_CORRECT, "The goal holds in this state: every value is 0.");
    } else {
        hmax(&p);
        hadd(&p);
        hff(&p);
        lmcut(&p);
        hstar(&p);
    }
    free(p.scratch);
    pl_vm_set_status(vm, "heuristics of this state");
}
