/* The state view of a plan's trace: the state after each step grouped by
 * predicate, what the last action changed, the goal's progress, and where
 * and why the trace stopped. */
#include "state_view.h"

#include <stdlib.h>
#include <string.h>

#include "base/sort.h"
#include "natural_order.h"
#include "state_text.h"

struct pl_state_trace {
    pl_trace *trace;
    signed char *goal; /* per fluent atom: 1 the goal wants it true, -1 false, 0 neither */
    int ngoals;
};

/* The literals of the goal's condition, whatever its shape (a disjunct
 * counts as a goal atom too: it is what the goal talks about). */
static void collect_goal(const pl_task *t, int node, signed char *goal)
{
    if (node < 0) /* PL_GF_TRUE / PL_GF_FALSE */
        return;
    const pl_gnode *g = &t->gnodes[node];
    if (g->kind == PL_G_LIT) {
        goal[g->atom] = g->neg ? -1 : 1;
        return;
    }
    for (int i = 0; i < g->count; i++)
        collect_goal(t, t->gkids[g->first + i], goal);
}

pl_state_trace *pl_state_trace_new(const pl_task *t, const char *const *plan, int n)
{
    pl_state_trace *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    /* pl_trace_new only reads the strings */
    st->trace = pl_trace_new(t, (char *const *)plan, n);
    st->goal = calloc((size_t)t->natoms + 1, 1);
    if (!st->trace || !st->goal) {
        pl_state_trace_free(st);
        return NULL;
    }
    collect_goal(t, t->goal, st->goal);
    for (int a = 0; a < t->natoms; a++)
        st->ngoals += st->goal[a] != 0;
    return st;
}

void pl_state_trace_free(pl_state_trace *tr)
{
    if (!tr)
        return;
    pl_trace_free(tr->trace);
    free(tr->goal);
    free(tr);
}

int pl_state_trace_steps(const pl_state_trace *tr)
{
    return tr->trace->lea + 1;
}

const pl_trace *pl_state_trace_engine(const pl_state_trace *tr)
{
    return tr->trace;
}

typedef struct {
    int pred;
    const char *name;
    int atom;
} listed_atom;

static int by_pred_then_name(const void *a, const void *b)
{
    const listed_atom *x = a, *y = b;
    /* natural order: (at c2) before (at c10), as a person counts */
    return x->pred != y->pred ? (x->pred > y->pred) - (x->pred < y->pred) : pl_natural_cmp(x->name, y->name);
}

/* What one step shows: the states around it and its goal progress. */
typedef struct {
    const pl_state_trace *st;
    const pl_task *t;
    const uint64_t *cur, *prev; /* prev NULL at step 0 */
    bool ascii;
} step_ctx;

static bool goal_holds(const step_ctx *c, int a)
{
    return c->st->goal[a] == 1 ? pl_state_has(c->cur, a) : !pl_state_has(c->cur, a);
}

static void atom_line(pl_view_model *vm, const step_ctx *c, int a)
{
    bool now = pl_state_has(c->cur, a), before = c->prev ? pl_state_has(c->prev, a) : now;
    bool added = now && !before, deleted = !now && before;
    int goal = c->st->goal[a];
    bool holds = goal && goal_holds(c, a);
    pl_vm_line(vm, -1);
    pl_sv_span(vm, c->ascii, added ? ROLE_CORRECT : deleted ? ROLE_WRONG : ROLE_TEXT, "  %s ",
               added ? "+" : deleted ? pl_sv_glyph(c->ascii, "−", "-") : " ");
    pl_sv_span(vm, c->ascii, holds ? ROLE_CORRECT : ROLE_MISSED, "%s ",
               !goal ? " " : holds ? pl_sv_glyph(c->ascii, "◎", "G") : pl_sv_glyph(c->ascii, "○", "g"));
    pl_role role = added ? ROLE_CORRECT : deleted ? ROLE_WRONG : now ? ROLE_TEXT : ROLE_MISSED;
    pl_sv_span(vm, c->ascii, role, "%s", c->t->atoms[a].name);
    /* A derived atom is no effect of the action: the axioms made it follow. */
    bool derived = pl_task_atom_derived(c->t, a);
    const char *change = added     ? (derived ? "  derived, now true" : "  added")
                         : deleted ? (derived ? "  derived, no longer true" : "  deleted")
                                   : "";
    const char *goal_note = !goal         ? ""
                            : goal < 0    ? (holds ? "  goal: false" : "  goal: must become false")
                            : holds       ? "  goal"
                                          : "  goal, not yet true";
    pl_sv_span(vm, c->ascii, ROLE_DIM, "%s%s", change, goal_note);
}

/* The state's atoms, the deleted ones and the goal atoms not yet true,
 * under one header per predicate. */
static void atoms_by_predicate(pl_view_model *vm, const step_ctx *c)
{
    const pl_task *t = c->t;
    listed_atom *list = malloc(((size_t)t->natoms + 1) * sizeof *list);
    if (!list) {
        vm->oom = true;
        return;
    }
    int n = 0;
    for (int a = 0; a < t->natoms; a++)
        if (pl_state_has(c->cur, a) || (c->prev && pl_state_has(c->prev, a)) || c->st->goal[a] == 1)
            list[n++] = (listed_atom){t->atoms[a].pred, t->atoms[a].name, a};
    pl_sort(list, (size_t)n, sizeof *list, by_pred_then_name);
    for (int i = 0; i < n; i++) {
        if (i == 0 || list[i].pred != list[i - 1].pred) {
            int true_now = 0, deleted = 0;
            for (int j = i; j < n && list[j].pred == list[i].pred; j++) {
                true_now += pl_state_has(c->cur, list[j].atom);
                deleted += c->prev && pl_state_has(c->prev, list[j].atom) && !pl_state_has(c->cur, list[j].atom);
            }
            int pending = 0;
            for (int j = i; j < n && list[j].pred == list[i].pred; j++)
                pending += !pl_state_has(c->cur, list[j].atom) && !(c->prev && pl_state_has(c->prev, list[j].atom));
            pl_vm_line(vm, -1);
            pl_vm_line(vm, -1);
            bool derived = t->domain->pred_stratum && t->domain->pred_stratum[list[i].pred] >= 0;
            pl_sv_span(vm, c->ascii, ROLE_HEADER, "%s", t->domain->preds[list[i].pred].name);
            pl_sv_span(vm, c->ascii, ROLE_DIM, "%s  %d true", derived ? " (derived)" : "", true_now);
            if (deleted)
                pl_sv_span(vm, c->ascii, ROLE_DIM, derived ? ", %d no longer true" : ", %d deleted", deleted);
            if (pending)
                pl_sv_span(vm, c->ascii, ROLE_DIM, ", %d goal atom%s not yet true", pending, pending == 1 ? "" : "s");
        }
        atom_line(vm, c, list[i].atom);
    }
    free(list);
}

/* Why the step after the trace's last state did not run. */
static void failure(pl_view_model *vm, const pl_trace *tr, bool ascii, int width)
{
    const pl_trace_step *f = &tr->steps[tr->failed_step];
    pl_vm_line(vm, -1);
    pl_vm_line(vm, -1);
    pl_sv_span(vm, ascii, ROLE_ERROR, "stopped at step %d of %d: %s ", tr->failed_step + 1, tr->nsteps, f->ref.text);
    if (f->ref.status != PL_REF_OK) {
        pl_sv_span(vm, ascii, ROLE_ERROR, "names no action (%s)", pl_ref_status_name(f->ref.status));
        if (f->ref.detail)
            pl_sv_wrapped(vm, ascii, ROLE_ERROR, f->ref.detail, width, 4);
    } else {
        pl_sv_span(vm, ascii, ROLE_ERROR, "is not applicable here");
    }
    for (int i = 0; i < f->nunmet; i++) {
        pl_vm_line(vm, -1);
        pl_sv_span(vm, ascii, ROLE_ERROR, "    unmet precondition: %s", f->unmet[i]);
    }
}

/* At the end of a plan that ran to completion: reached the goal or not. */
static void completion(pl_view_model *vm, const pl_trace *tr, bool ascii)
{
    pl_vm_line(vm, -1);
    pl_vm_line(vm, -1);
    pl_sv_span(vm, ascii, tr->goal_reached ? ROLE_CORRECT : ROLE_ERROR, "end of plan: %s",
               tr->goal_reached ? "goal reached" : "goal not reached");
    for (int i = 0; i < tr->nunmet_goals; i++) {
        pl_vm_line(vm, -1);
        pl_sv_span(vm, ascii, ROLE_ERROR, "    unmet goal: %s", tr->unmet_goals[i]);
    }
}

static void header(pl_view_model *vm, const step_ctx *c, int step)
{
    const pl_trace *tr = c->st->trace;
    const pl_task *t = c->t;
    /* [0] basic atoms (the action's effects), [1] derived ones (the axioms') */
    int holding = 0, added[2] = {0, 0}, deleted[2] = {0, 0}, size = 0;
    for (int a = 0; a < t->natoms; a++) {
        bool now = pl_state_has(c->cur, a), before = c->prev ? pl_state_has(c->prev, a) : now;
        int derived = pl_task_atom_derived(t, a);
        holding += c->st->goal[a] && goal_holds(c, a);
        added[derived] += now && !before;
        deleted[derived] += before && !now;
        size += now;
    }
    pl_vm_line(vm, -1);
    if (step)
        pl_sv_span(vm, c->ascii, ROLE_HEADER, "step %d of %d: %s", step, tr->nsteps,
                   t->actions[tr->steps[step - 1].ref.action].name);
    else
        pl_sv_span(vm, c->ascii, ROLE_HEADER, "step 0 of %d: initial state", tr->nsteps);
    pl_sv_span(vm, c->ascii, holding == c->st->ngoals ? ROLE_CORRECT : ROLE_TEXT, "   goals %d/%d", holding,
               c->st->ngoals);
    pl_vm_line(vm, -1);
    pl_sv_span(vm, c->ascii, ROLE_DIM, "%d atom%s true", size, PL_PLURAL(size));
    if (step)
        pl_sv_span(vm, c->ascii, ROLE_DIM, " %s +%d added %s %s%d deleted", pl_sv_glyph(c->ascii, "·", "-"), added[0],
                   pl_sv_glyph(c->ascii, "·", "-"), pl_sv_glyph(c->ascii, "−", "-"), deleted[0]);
    if (step && t->nderived)
        pl_sv_span(vm, c->ascii, ROLE_DIM, " %s derived +%d %s%d", pl_sv_glyph(c->ascii, "·", "-"), added[1],
                   pl_sv_glyph(c->ascii, "−", "-"), deleted[1]);
    if (t->nstatic_true)
        pl_sv_span(vm, c->ascii, ROLE_DIM, " (and %d static facts, not shown)", t->nstatic_true);
}

void pl_view_state_trace(const pl_state_trace *st, int step, bool ascii, int width, pl_view_model *vm)
{
    pl_vm_init(vm);
    const pl_trace *tr = st->trace;
    step = step < 0 ? 0 : step > tr->lea ? tr->lea : step;
    step_ctx c = {st, tr->task, pl_trace_state(tr, step), step ? pl_trace_state(tr, step - 1) : NULL, ascii};
    header(vm, &c, step);
    atoms_by_predicate(vm, &c);
    if (step == tr->lea && tr->failed_step >= 0)
        failure(vm, tr, ascii, width);
    else if (step == tr->nsteps)
        completion(vm, tr, ascii);
    pl_vm_set_title(vm, "state: step %d of %d", step, tr->nsteps); /* as the header counts */
    pl_vm_set_status(vm, "%s", !tr->executable  ? "plan stops: a step is not executable"
                               : tr->valid      ? "plan valid"
                                                : "plan executable, goal not reached");
    pl_sv_ascii_finish(vm, ascii);
}
