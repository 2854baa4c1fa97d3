/* The heuristics of one state and their why (heuristic_explain.h): each
 * value from the planner's evaluator, the tables through its explanation
 * hooks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/sort.h"
#include "plans/plan.h"
#include "teach/heuristic_explain.h"

const char *pl_hx_atom_name(const pl_relaxed *hr, int atom, char *buf, size_t n)
{
    const pl_task *t = hr->task;
    int k = atom - t->natoms - hr->nnegated; /* an auxiliary atom's number (search/relaxed_conditions.h) */
    switch (pl_relaxed_atom_kind_of(hr, atom)) {
    case PL_RELAXED_TASK_ATOM:
        snprintf(buf, n, "%s", t->atoms[atom].name);
        break;
    case PL_RELAXED_NOT_ATOM:
        snprintf(buf, n, "(not %s)", t->atoms[hr->negated_base[atom - t->natoms]].name);
        break;
    case PL_RELAXED_EITHER:
        snprintf(buf, n, "(either #%d)", k);
        break;
    case PL_RELAXED_ALL:
        snprintf(buf, n, "(all of #%d)", k);
        break;
    case PL_RELAXED_FALSE:
        snprintf(buf, n, "(false)");
        break;
    }
    return buf;
}

const char *pl_hx_op_name(const pl_relaxed *hr, int op, char *buf, size_t n)
{
    const pl_relaxed_op *o = &hr->ops[op];
    char atom[512];
    if (o->action < 0) {
        snprintf(buf, n, "axiom %s", pl_hx_atom_name(hr, o->eff[0], atom, sizeof atom));
        return buf;
    }
    const pl_gaction *ga = &hr->task->actions[o->action];
    if (!ga->conditional) {
        snprintf(buf, n, "%s", ga->name);
        return buf;
    }
    /* one of several operators of the action: named by what it adds */
    size_t at = (size_t)snprintf(buf, n, "%s adding", ga->name);
    for (int i = 0; i < o->neff && at < n; i++)
        at += (size_t)snprintf(buf + at, n - at, " %s", pl_hx_atom_name(hr, o->eff[i], atom, sizeof atom));
    return buf;
}

int pl_hx_state_atoms(const pl_relaxed *hr, const uint64_t *state, int *out)
{
    const pl_task *t = hr->task;
    int n = 0;
    for (int a = 0; a < t->natoms; a++)
        if (pl_state_has(state, a))
            out[n++] = a;
    for (int i = 0; i < hr->nnegated; i++)
        if (!pl_state_has(state, hr->negated_base[i]))
            out[n++] = t->natoms + i;
    return n;
}

/* An evaluator of kind k for the task's goal, evaluated on the state. */
static pl_heuristic *evaluated(const pl_heuristic_explanation *x, const pl_relaxed *r, pl_heuristic_kind k, int *value)
{
    pl_heuristic *h = pl_heuristic_new(r, k, x->goal, x->ngoal, NULL);
    if (h)
        *value = pl_heuristic_eval(h, x->state);
    return h;
}

static int clamp(long long v)
{
    return v >= PL_H_INF ? PL_H_INF - 1 : (int)v;
}

/* The atom and operator tables of an evaluation (additive: h_add). */
static int fill_table(const pl_heuristic_explanation *x, const pl_heuristic *h, bool additive, pl_hx_table *tb)
{
    const pl_relaxed *hr = x->hr;
    tb->atom = malloc(((size_t)hr->natoms + 1) * sizeof *tb->atom);
    tb->achiever = malloc(((size_t)hr->natoms + 1) * sizeof *tb->achiever);
    tb->op = malloc(((size_t)hr->nops + 1) * sizeof *tb->op);
    if (!tb->atom || !tb->achiever || !tb->op)
        return -1;
    for (int a = 0; a < hr->natoms; a++) {
        tb->atom[a] = pl_heuristic_atom_value(h, a);
        tb->achiever[a] = pl_heuristic_achiever(h, a);
    }
    for (int o = 0; o < hr->nops; o++) {
        const pl_relaxed_op *op = &hr->ops[o];
        long long v = 0;
        for (int i = 0; i < op->npre && v < PL_H_INF; i++) {
            int p = tb->atom[op->pre[i]];
            if (p == PL_H_INF)
                v = PL_H_INF;
            else if (additive)
                v += p;
            else if (p > v)
                v = p;
        }
        tb->op[o] = v >= PL_H_INF ? PL_H_INF : clamp(v + op->cost);
    }
    return 0;
}

/* Each relaxed-plan operator's layer: one more than the layers of the
 * plan operators achieving its preconditions (atoms of the state, or of
 * value 0, are at layer 0). */
static void layer_plan(pl_heuristic_explanation *x, const bool *in_plan)
{
    const pl_relaxed *hr = x->hr;
    for (int o = 0; o < hr->nops; o++)
        x->plan_layer[o] = in_plan[o] ? 1 : 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (int o = 0; o < hr->nops; o++) {
            if (!in_plan[o])
                continue;
            const pl_relaxed_op *op = &hr->ops[o];
            int layer = 1;
            for (int i = 0; i < op->npre; i++) {
                int a = x->ff_achiever[op->pre[i]];
                if (a >= 0 && in_plan[a] && x->plan_layer[a] + 1 > layer)
                    layer = x->plan_layer[a] + 1;
            }
            if (layer > x->plan_layer[o] && layer <= hr->nops) {
                x->plan_layer[o] = layer;
                changed = true;
            }
        }
    }
    for (int o = 0; o < hr->nops; o++)
        if (x->plan_layer[o] > x->plan_layers)
            x->plan_layers = x->plan_layer[o];
}

static int explain_ff(pl_heuristic_explanation *x, const pl_relaxed *r)
{
    pl_heuristic *h = evaluated(x, r, PL_H_FF, &x->hff);
    bool *in_plan = calloc((size_t)x->hr->nops + 1, sizeof *in_plan);
    x->plan_layer = calloc((size_t)x->hr->nops + 1, sizeof *x->plan_layer);
    x->ff_achiever = malloc(((size_t)x->hr->natoms + 1) * sizeof *x->ff_achiever);
    int rc = h && in_plan && x->plan_layer && x->ff_achiever ? 0 : -1;
    for (int a = 0; rc == 0 && a < x->hr->natoms; a++)
        x->ff_achiever[a] = pl_heuristic_achiever(h, a);
    if (rc == 0 && x->hff != PL_H_INF) { /* (an infinite h_FF marks no relaxed plan) */
        for (int o = 0; o < x->hr->nops; o++)
            in_plan[o] = pl_heuristic_in_relaxed_plan(h, o);
        layer_plan(x, in_plan);
    }
    free(in_plan);
    pl_heuristic_free(h);
    return rc;
}

static int explain_lmcut(pl_heuristic_explanation *x, const pl_relaxed *r)
{
    pl_heuristic *h = evaluated(x, r, PL_H_LMCUT, &x->lmcut);
    if (!h)
        return -1;
    x->lmcut_is_hmax = pl_heuristic_kind_used(h) != PL_H_LMCUT;
    int size = pl_heuristic_cuts_size(h);
    if (size > 0 && (x->cuts = malloc((size_t)size * sizeof *x->cuts)) != NULL)
        memcpy(x->cuts, pl_heuristic_cuts(h), (size_t)size * sizeof *x->cuts);
    pl_heuristic_free(h);
    return size > 0 && !x->cuts ? -1 : 0;
}

/* Whether a false goal conjunct can never hold: an atom the grounding
 * found unreachable or a false static atom; else by h_max = infinity, or a
 * search for it alone. */
static bool goal_unreachable(const pl_heuristic_explanation *x, const pl_relaxed *r, const char *text,
                             const pl_limits *limits)
{
    pl_atom_ref ref;
    pl_atom_status st = pl_resolve_atom_ref(x->task, text, &ref);
    bool out = st == PL_ATOM_UNREACHABLE || st == PL_ATOM_STATIC_FALSE || st == PL_ATOM_TYPE_FALSE;
    if (st == PL_ATOM_FLUENT)
        out = x->dead_end_by_relaxation ? x->max.atom[ref.atom] == PL_H_INF
                                        : pl_atom_reachable(x->task, r, x->state, ref.atom, limits) == PL_NO;
    pl_atom_ref_clear(&ref);
    return out;
}

/* The goal conjuncts that cannot be reached, each alone; when none can be
 * shown so, all the false ones (together). */
static int explain_dead_end(pl_heuristic_explanation *x, const pl_relaxed *r, const pl_limits *limits)
{
    x->dead_end = true;
    x->dead_end_by_relaxation = x->hmax == PL_H_INF;
    char **unmet = NULL;
    int n = pl_explain_unmet_goals(x->task, x->state, &unmet);
    if (n < 0)
        return -1;
    for (int i = 0; i < n; i++)
        if (goal_unreachable(x, r, unmet[i], limits)) {
            char *keep = unmet[x->nunreachable]; /* move unmet[i] to the front */
            unmet[x->nunreachable++] = unmet[i];
            unmet[i] = keep;
        }
    x->together = x->nunreachable == 0;
    if (x->together)
        x->nunreachable = n;
    for (int i = x->nunreachable; i < n; i++)
        free(unmet[i]);
    x->unreachable = unmet;
    return 0;
}

static int explain_hstar(pl_heuristic_explanation *x, const pl_relaxed *r, const pl_limits *limits)
{
    pl_search_result res = {0};
    x->hstar_answer = pl_optimal_cost(x->task, r, x->state, limits, &x->hstar, &res);
    int rc = 0;
    if (x->hstar_answer == PL_YES && res.plan_length > 0) {
        x->plan = malloc((size_t)res.plan_length * sizeof *x->plan);
        if (x->plan) {
            memcpy(x->plan, res.plan, (size_t)res.plan_length * sizeof *x->plan);
            x->plan_length = res.plan_length;
        } else {
            rc = -1;
        }
    }
    pl_search_result_clear(&res);
    if (rc == 0 && x->hstar_answer == PL_NO)
        rc = explain_dead_end(x, r, limits);
    return rc;
}

static int explain_tables(pl_heuristic_explanation *x, const pl_relaxed *r)
{
    pl_heuristic *h = evaluated(x, r, PL_H_BLIND, &x->blind);
    pl_heuristic_free(h);
    if (!h)
        return -1;
    h = evaluated(x, r, PL_H_MAX, &x->hmax);
    int rc = h ? fill_table(x, h, false, &x->max) : -1;
    x->max.value = x->hmax;
    pl_heuristic_free(h);
    if (rc < 0)
        return -1;
    h = evaluated(x, r, PL_H_ADD, &x->hadd);
    rc = h ? fill_table(x, h, true, &x->add) : -1;
    x->add.value = x->hadd;
    pl_heuristic_free(h);
    return rc;
}

int pl_heuristic_explain(const pl_task *t, const pl_relaxed *r, const uint64_t *state, const pl_limits *limits,
                         pl_heuristic_explanation *out)
{
    memset(out, 0, sizeof *out);
    out->task = t;
    out->hr = r->negated ? r->negated : r;
    out->state = pl_state_clone(t, state);
    out->goal = malloc(((size_t)t->natoms * 2 + 1) * sizeof *out->goal);
    if (!out->state || !out->goal)
        goto fail;
    out->ngoal = pl_relaxed_goal_atoms(r, t->goal, out->goal);
    if (pl_task_goal_reached(t, state)) {
        out->goal_state = true;
        out->hstar_answer = PL_YES;
        return 0;
    }
    if (explain_tables(out, r) < 0 || explain_ff(out, r) < 0 || explain_lmcut(out, r) < 0 ||
        explain_hstar(out, r, limits) < 0)
        goto fail;
    return 0;
fail:
    pl_heuristic_explanation_clear(out);
    return -1;
}

static void table_clear(pl_hx_table *tb)
{
    free(tb->atom);
    free(tb->achiever);
    free(tb->op);
}

void pl_heuristic_explanation_clear(pl_heuristic_explanation *x)
{
    free(x->state);
    free(x->goal);
    table_clear(&x->max);
    table_clear(&x->add);
    free(x->plan_layer);
    free(x->ff_achiever);
    free(x->cuts);
    free(x->plan);
    pl_strings_free(x->unreachable, x->nunreachable);
    memset(x, 0, sizeof *x);
}

int pl_hx_critical_path(const pl_heuristic_explanation *x, int *out)
{
    if (x->goal_state || x->hmax == PL_H_INF || x->ngoal == 0)
        return 0;
    const int *val = x->max.atom;
    int atom = x->goal[0];
    for (int i = 1; i < x->ngoal; i++)
        if (val[x->goal[i]] > val[atom])
            atom = x->goal[i];
    int n = 0;
    while (atom >= 0 && n < x->hr->natoms) {
        out[n++] = atom;
        int o = x->max.achiever[atom];
        if (o < 0)
            break;
        const pl_relaxed_op *op = &x->hr->ops[o];
        atom = -1;
        for (int i = 0; i < op->npre; i++)
            if (atom < 0 || val[op->pre[i]] > val[atom])
                atom = op->pre[i];
    }
    return n;
}

int pl_hx_supports(const pl_heuristic_explanation *x, int *out)
{
    if (x->goal_state || x->hadd == PL_H_INF)
        return 0;
    bool *seen = calloc((size_t)x->hr->natoms + 1, sizeof *seen);
    if (!seen)
        return 0;
    int n = 0;
    for (int i = 0; i < x->ngoal; i++)
        if (!seen[x->goal[i]]) {
            seen[x->goal[i]] = true;
            out[n++] = x->goal[i];
        }
    for (int k = 0; k < n; k++) {
        int o = x->add.achiever[out[k]];
        if (o < 0)
            continue;
        const pl_relaxed_op *op = &x->hr->ops[o];
        for (int i = 0; i < op->npre; i++)
            if (!seen[op->pre[i]]) {
                seen[op->pre[i]] = true;
                out[n++] = op->pre[i];
            }
    }
    free(seen);
    return n;
}

typedef struct {
    int value, atom;
    char *name;
} atom_entry;

static int by_value_then_name(const void *a, const void *b)
{
    const atom_entry *x = a, *y = b;
    if (x->value != y->value)
        return x->value < y->value ? -1 : 1;
    return strcmp(x->name, y->name);
}

int pl_hx_atoms_by_value(const pl_relaxed *hr, const int *values, int *out)
{
    atom_entry *e = calloc((size_t)hr->natoms + 1, sizeof *e);
    int rc = e ? 0 : -1;
    char buf[1024];
    for (int a = 0; rc == 0 && a < hr->natoms; a++) {
        e[a] = (atom_entry){values[a], a, pl_strdup(pl_hx_atom_name(hr, a, buf, sizeof buf))};
        rc = e[a].name ? 0 : -1;
    }
    if (rc == 0) {
        pl_sort(e, (size_t)hr->natoms, sizeof *e, by_value_then_name);
        for (int i = 0; i < hr->natoms; i++)
            out[i] = e[i].atom;
    }
    for (int a = 0; e && a < hr->natoms; a++)
        free(e[a].name);
    free(e);
    return rc;
}

void pl_hx_ff_needed(const pl_heuristic_explanation *x, bool *need)
{
    for (int i = 0; i < x->ngoal; i++)
        need[x->goal[i]] = true;
    for (int o = 0; o < x->hr->nops; o++)
        for (int k = 0; x->plan_layer[o] && k < x->hr->ops[o].npre; k++)
            need[x->hr->ops[o].pre[k]] = true;
    for (int a = 0; a < x->hr->natoms; a++)
        need[a] = need[a] && x->ff_achiever[a] >= 0;
}
