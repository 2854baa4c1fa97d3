/* Teach mode's screen: picture, goal progress, state, applicable actions
 * (with hints), the last typed action's explanation, the walked plan. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/sort.h"
#include "natural_order.h"
#include "teach_view.h"

static const char *undo_key(const pl_teach_view_opts *o)
{
    return o->undo_key ? o->undo_key : "u";
}

static const char *save_key(const pl_teach_view_opts *o)
{
    return o->save_key ? o->save_key : "s";
}

static void section(pl_view_model *vm, const char *title)
{
    pl_vm_line(vm, -1);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "%s", title);
}

static void hstar_text(char *buf, size_t n, pl_teach_hstar h)
{
    if (h.answer == PL_YES)
        snprintf(buf, n, "%lld", h.cost);
    else
        snprintf(buf, n, "%s", h.answer == PL_NO ? "dead end" : "unknown");
}

static void goal_banner(pl_teach *s, const pl_teach_view_opts *o, pl_view_model *vm)
{
    const int *steps;
    int n = pl_teach_steps(s, &steps);
    long long best;
    pl_answer optimal = pl_teach_walk_optimal(s, &best);
    pl_vm_line(vm, -1);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_SUCCESS_BAR, "%s GOAL REACHED in %d step%s", o->ascii ? "**" : "★", n, n == 1 ? "" : "s");
    if (optimal == PL_YES)
        pl_vm_span(vm, ROLE_CORRECT, " - optimal");
    else if (optimal == PL_NO)
        pl_vm_span(vm, ROLE_MISSED, " - not optimal: an optimal plan costs %lld", best);
    else
        pl_vm_span(vm, ROLE_DIM, " - optimality unknown (the search hit its time limit)");
    pl_vm_span(vm, ROLE_DIM, "  (%s saves the plan, %s undoes)", save_key(o), undo_key(o));
}

/* What the last action added and deleted, as the state view marks them. */
static void change_line(const pl_teach *s, const pl_teach_view_opts *o, pl_view_model *vm)
{
    const pl_task *t = pl_teach_task(s);
    const uint64_t *now = pl_teach_state(s);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_DIM, "after %s:", t->actions[o->last_action].name);
    int changed = 0;
    for (int pass = 0; pass < 2; pass++) /* added, then deleted */
        for (int a = 0; a < t->natoms; a++) {
            bool was = pl_state_has(o->before, a), is = pl_state_has(now, a);
            if (pass == 0 ? is && !was : was && !is) {
                pl_vm_span(vm, pass == 0 ? ROLE_CORRECT : ROLE_WRONG, " %s%s", pass == 0 ? "+" : o->ascii ? "-" : "−",
                           t->atoms[a].name);
                changed++;
            }
        }
    if (!changed)
        pl_vm_span(vm, ROLE_DIM, " no change to the state");
}

static void goal_progress(pl_teach *s, const pl_teach_view_opts *o, pl_view_model *vm)
{
    pl_teach_goal g;
    if (pl_teach_goal_progress(s, &g) < 0)
        vm->oom = true;
    pl_vm_line(vm, -1);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "Goal");
    pl_vm_span(vm, g.held == g.total ? ROLE_CORRECT : ROLE_TEXT, " %d/%d conditions hold", g.held, g.total);
    for (int i = 0; i < g.nunmet; i++) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_MISSED, "  %s %s", o->ascii ? "-" : "✗", g.unmet[i]);
    }
    pl_teach_goal_clear(&g);
}

/* A name and where it came from, to be put in natural order (c2 before c10). */
typedef struct {
    const char *name;
    int index;
} named;

static int by_natural_name(const void *x, const void *y)
{
    const named *a = x, *b = y;
    int c = pl_natural_cmp(a->name, b->name);
    return c ? c : (a->index > b->index) - (a->index < b->index);
}

/* One line per predicate: "on          a b · d c", the atoms in natural
 * order, wrapped between atoms under the first one. */
static void state_lines(const pl_teach *s, const pl_teach_view_opts *o, pl_view_model *vm)
{
    const pl_task *t = pl_teach_task(s);
    const uint64_t *state = pl_teach_state(s);
    const pl_domain *d = t->domain;
    named *atoms = malloc(((size_t)t->natoms + 1) * sizeof *atoms);
    if (!atoms) {
        vm->oom = true;
        return;
    }
    for (int p = 0; p < d->npreds; p++) {
        int n = 0;
        for (int a = 0; a < t->natoms; a++)
            if (t->atoms[a].pred == p && pl_state_has(state, a))
                atoms[n++] = (named){t->atoms[a].name, a};
        if (!n)
            continue;
        pl_sort(atoms, (size_t)n, sizeof *atoms, by_natural_name);
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_TEXT, "%-12s", d->preds[p].name);
        int used = pl_text_columns(vm->lines[vm->nlines - 1].spans[0].text), indent = used < 13 ? used + 1 : 2;
        for (int i = 0; i < n; i++) {
            /* the atom's name without its predicate: "(on a b)" -> "a b" */
            const char *args = atoms[i].name + 1 + strlen(d->preds[p].name);
            args += args[0] == ' ';
            char *text = pl_strdup_printf("%.*s", (int)strlen(args) - 1, args);
            if (!text) {
                vm->oom = true;
                break;
            }
            pl_teach_item(vm, ROLE_TEXT, i ? (o->ascii ? " | " : " · ") : " ", text, o->width, indent, &used);
            free(text);
        }
    }
    free(atoms);
}

static void actions(pl_teach *s, const pl_teach_view_opts *o, pl_view_model *vm)
{
    const int *acts;
    int n = pl_teach_applicable(s, &acts);
    const pl_teach_hints *h = o->hints ? pl_teach_hints_get(s) : NULL;
    const pl_task *t = pl_teach_task(s);
    char buf[64];
    pl_vm_line(vm, -1);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "Applicable actions (%d)", n);
    if (h) {
        hstar_text(buf, sizeof buf, h->here);
        pl_vm_span(vm, ROLE_DIM, "   h* here: %s", buf);
    }
    int namew = 0;
    for (int i = 0; i < n; i++)
        namew = (int)strlen(t->actions[acts[i]].name) > namew ? (int)strlen(t->actions[acts[i]].name) : namew;
    /* in natural order ((move c2 l1) before (move c10 l1)); i stays the engine's index, the hints' too */
    named *order = malloc(((size_t)n + 1) * sizeof *order);
    if (!order) {
        vm->oom = true;
        return;
    }
    for (int i = 0; i < n; i++)
        order[i] = (named){t->actions[acts[i]].name, i};
    pl_sort(order, (size_t)n, sizeof *order, by_natural_name);
    for (int k = 0; k < n; k++) {
        int i = order[k].index;
        pl_vm_line(vm, acts[i]);
        bool best = h && h->optimal[i];
        pl_vm_span(vm, best ? ROLE_CORRECT : ROLE_TEXT, "  %-*s", namew, t->actions[acts[i]].name);
        if (!h)
            continue;
        hstar_text(buf, sizeof buf, h->after[i]);
        pl_vm_span(vm, ROLE_DIM, "  h* after: %s", buf);
        if (best)
            pl_vm_span(vm, ROLE_CORRECT, "  %s optimal", o->ascii ? "<-" : "←");
    }
    free(order);
    if (!n) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "  (none: %s undoes the last action)", undo_key(o));
    }
    if (!h)
        return;
    pl_vm_line(vm, -1);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "Hint:");
    if (h->here.answer == PL_NO)
        pl_vm_span(vm, ROLE_WRONG, " dead end: the goal cannot be reached from here (%s undoes)", undo_key(o));
    else if (h->here.answer == PL_UNKNOWN)
        pl_vm_span(vm, ROLE_DIM, " unknown: the search hit its time limit");
    else if (h->here.cost == 0)
        pl_vm_span(vm, ROLE_CORRECT, " the goal holds");
    else {
        pl_vm_span(vm, ROLE_TEXT, " optimal next:");
        for (int i = 0; i < h->n; i++)
            if (h->optimal[i])
                pl_vm_span(vm, ROLE_CORRECT, " %s", t->actions[h->actions[i]].name);
        if (!h->noptimal)
            pl_vm_span(vm, ROLE_DIM, " unknown (a successor's search hit its time limit)");
    }
}

static void why_lines(const pl_teach_why *w, const pl_teach_view_opts *o, pl_view_model *vm)
{
    if (o->why_at)
        *o->why_at = vm->nlines;
    pl_vm_line(vm, -1);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "Why not %s:", w->text);
    pl_vm_span(vm, ROLE_WRONG, " %s", w->reason ? w->reason : "applicable");
    for (int i = 0; i < w->nunmet; i++) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_MISSED, "  %s %s", o->ascii ? "-" : "✗", w->unmet[i]);
    }
}

/* "1. (a b)  2. (c d)" wrapped between items, never inside one. */
static void walked_plan(const pl_teach *s, const pl_teach_view_opts *o, pl_view_model *vm)
{
    const int *steps;
    int n = pl_teach_steps(s, &steps);
    const pl_task *t = pl_teach_task(s);
    pl_vm_line(vm, -1);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "Walked plan (%d)", n);
    pl_vm_line(vm, -1);
    for (int i = 0, used = 0; i < n; i++) {
        char *item = pl_strdup_printf("%d. %s", i + 1, t->actions[steps[i]].name);
        if (!item) {
            vm->oom = true;
            return;
        }
        pl_teach_item(vm, ROLE_TEXT, "  ", item, o->width, 2, &used);
        free(item);
    }
}

/* "domain · problem  step 2 · cost 3 · unit costs". */
static void banner(pl_teach *s, const pl_teach_view_opts *o, int nsteps, pl_view_model *vm)
{
    const pl_task *t = pl_teach_task(s);
    const char *dot = o->ascii ? " | " : " · ";
    char costs[96];
    pl_teach_costs_text(t, true, costs, sizeof costs);
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "%s%s%s", t->domain->name, dot, t->problem->name);
    pl_vm_span(vm, ROLE_DIM, "  step %d%scost %g%s%s", nsteps, dot, pl_teach_cost(s), dot, costs);
}

/* "start: after 2 of the 5 actions of FILE (...)", wrapped between words. */
static void start_line(const pl_teach_view_opts *o, pl_view_model *vm)
{
    char *start = o->start ? pl_strdup_printf("start: %s", o->start) : NULL;
    if (start)
        pl_vm_wrapped(vm, ROLE_DIM, start, o->width, 2);
    free(start);
}

void pl_view_teach(pl_teach *s, const pl_teach_view_opts *o, pl_view_model *vm)
{
    const pl_task *t = pl_teach_task(s);
    const int *steps;
    int nsteps = pl_teach_steps(s, &steps);
    pl_vm_init(vm);
    pl_vm_set_title(vm, "teach %s", o->title ? o->title : t->problem->name);
    banner(s, o, nsteps, vm);
    if (o->before && nsteps > 0)
        change_line(s, o, vm);
    start_line(o, vm);
    if (pl_teach_goal_reached(s))
        goal_banner(s, o, vm);
    section(vm, "Picture");
    pl_vm_span(vm, ROLE_DIM, " (%s)", pl_picture_kind_name(pl_picture_kind_of(t)));
    pl_teach_picture(t, pl_teach_state(s), o->ascii, o->width, vm);
    goal_progress(s, o, vm);
    if (o->why_at)
        *o->why_at = -1;
    if (o->why)
        why_lines(o->why, o, vm);
    actions(s, o, vm);
    section(vm, "State");
    state_lines(s, o, vm);
    walked_plan(s, o, vm);
    const int *acts;
    const char *dot = o->ascii ? "|" : "·";
    pl_vm_set_status(vm, "step %d (cost %g) %s %d applicable %s hints %s", nsteps, pl_teach_cost(s), dot,
                     pl_teach_applicable(s, &acts), dot, o->hints ? "on" : "off (h)");
}
