/* The action schemas as Fast Downward's translator normalises them, for
 * the invariant synthesis (invariant_internal.h). */
#include <stdlib.h>
#include <string.h>

#include "search/invariant_internal.h"

typedef struct {
    inv_lit *items;
    int n, cap;
} lit_list;

static void push_lit(inv_finder *f, lit_list *l, inv_lit x)
{
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 8;
        inv_lit *grown = realloc(l->items, (size_t)cap * sizeof *grown);
        if (!grown) {
            f->oom = true;
            return;
        }
        l->items = grown;
        l->cap = cap;
    }
    l->items[l->n++] = x;
}

static inv_lit *keep_lits(inv_finder *f, const lit_list *l)
{
    if (!l->n)
        return NULL;
    inv_lit *kept = pl_arena_memdup(&f->arena, l->items, (size_t)l->n * sizeof *kept);
    f->oom = f->oom || !kept;
    return kept;
}

/* The literals of a condition's top-level conjunction; an existential
 * quantifier's variables join `params` when given (the translator makes
 * them parameters). */
static void collect_literals(inv_finder *f, const pl_formula *g, lit_list *out, int *params, int *nparams)
{
    switch (g->kind) {
    case PL_F_ATOM:
        push_lit(f, out, (inv_lit){g->pred, false, g->nargs, g->args});
        break;
    case PL_F_EQ:
        push_lit(f, out, (inv_lit){INV_EQ, false, 2, g->args});
        break;
    case PL_F_NOT: {
        const pl_formula *k = g->kids[0];
        if (k->kind == PL_F_ATOM)
            push_lit(f, out, (inv_lit){k->pred, true, k->nargs, k->args});
        else if (k->kind == PL_F_EQ)
            push_lit(f, out, (inv_lit){INV_EQ, true, 2, k->args});
        break;
    }
    case PL_F_AND:
        for (int i = 0; i < g->nkids; i++)
            collect_literals(f, g->kids[i], out, params, nparams);
        break;
    case PL_F_EXISTS:
        if (params)
            for (int v = 0; v < g->nvars; v++)
                params[(*nparams)++] = g->var_first + v;
        collect_literals(f, g->kids[0], out, params, nparams);
        break;
    default:
        break; /* disjunctions and universal conditions: the translator compiles them away */
    }
}

typedef struct {
    inv_eff *items;
    int n, cap;
} eff_list;

static void flatten_effects(inv_finder *f, const pl_effect *e, lit_list *cond, int *vars, int nvars, eff_list *out)
{
    switch (e->kind) {
    case PL_E_AND:
        for (int i = 0; i < e->nkids; i++)
            flatten_effects(f, e->kids[i], cond, vars, nvars, out);
        break;
    case PL_E_ADD:
    case PL_E_DEL: {
        if (out->n == out->cap) {
            int cap = out->cap ? out->cap * 2 : 8;
            inv_eff *grown = realloc(out->items, (size_t)cap * sizeof *grown);
            if (!grown) {
                f->oom = true;
                return;
            }
            out->items = grown;
            out->cap = cap;
        }
        int *kept_vars = nvars ? pl_arena_memdup(&f->arena, vars, (size_t)nvars * sizeof *vars) : NULL;
        f->oom = f->oom || (nvars && !kept_vars);
        out->items[out->n++] = (inv_eff){{e->pred, e->kind == PL_E_DEL, e->nargs, e->args}, keep_lits(f, cond), cond->n,
                                     kept_vars, nvars};
        break;
    }
    case PL_E_FORALL:
        for (int v = 0; v < e->nvars && nvars < PL_MAX_VARS; v++)
            vars[nvars++] = e->var_first + v;
        flatten_effects(f, e->kids[0], cond, vars, nvars, out);
        break;
    case PL_E_WHEN: {
        int before = cond->n;
        collect_literals(f, e->cond, cond, NULL, NULL);
        flatten_effects(f, e->kids[0], cond, vars, nvars, out);
        cond->n = before;
        break;
    }
    default:
        break;
    }
}

static const int *renamed(inv_finder *f, const int *args, int n, const inv_eff *e, int shift)
{
    int *out = pl_arena_alloc(&f->arena, (size_t)(n ? n : 1) * sizeof *out);
    if (!out) {
        f->oom = true;
        return args;
    }
    for (int i = 0; i < n; i++) {
        out[i] = args[i];
        for (int v = 0; v < e->nvars; v++)
            if (args[i] == e->vars[v])
                out[i] = args[i] + shift;
    }
    return out;
}

/* The copy of a universal effect with its own variables, so that two of
 * its instances can differ (BalanceChecker's heavy action). */
static inv_eff heavy_copy(inv_finder *f, const inv_eff *e, int shift)
{
    inv_eff c = *e;
    c.atom.args = renamed(f, e->atom.args, e->atom.nargs, e, shift);
    c.cond = e->ncond ? pl_arena_alloc(&f->arena, (size_t)e->ncond * sizeof *c.cond) : NULL;
    f->oom = f->oom || (e->ncond && !c.cond);
    for (int i = 0; c.cond && i < e->ncond; i++) {
        c.cond[i] = e->cond[i];
        c.cond[i].args = renamed(f, e->cond[i].args, e->cond[i].nargs, e, shift);
    }
    c.vars = pl_arena_alloc(&f->arena, (size_t)(e->nvars ? e->nvars : 1) * sizeof *c.vars);
    f->oom = f->oom || !c.vars;
    for (int v = 0; c.vars && v < e->nvars; v++)
        c.vars[v] = e->vars[v] + shift;
    return c;
}

/* (not (= ?p ?q)) for each two parameters no ground action makes equal
 * (BalanceChecker.add_inequality_preconds). */
static void add_inequalities(inv_finder *f, int schema, int nparams, lit_list *pre)
{
    if (nparams < 2)
        return;
    bool *equal = calloc((size_t)nparams * (size_t)nparams, sizeof *equal);
    if (!equal) {
        f->oom = true;
        return;
    }
    for (int a = 0; a < f->t->nactions; a++) {
        const pl_gaction *g = &f->t->actions[a];
        if (g->schema != schema)
            continue;
        for (int p = 0; p < nparams; p++)
            for (int q = p + 1; q < nparams; q++)
                if (g->args[p] == g->args[q])
                    equal[p * nparams + q] = true;
    }
    for (int p = 0; p < nparams; p++)
        for (int q = p + 1; q < nparams; q++) {
            if (equal[p * nparams + q])
                continue;
            int *args = pl_arena_alloc(&f->arena, 2 * sizeof *args);
            if (!args) {
                f->oom = true;
                break;
            }
            args[0] = p;
            args[1] = q;
            push_lit(f, pre, (inv_lit){INV_EQ, true, 2, args});
        }
    free(equal);
}

void inv_normalise(inv_finder *f)
{
    const pl_domain *d = f->d;
    f->acts = pl_arena_calloc(&f->arena, (size_t)d->nactions + 1, sizeof *f->acts);
    if (!f->acts) {
        f->oom = true;
        return;
    }
    lit_list pre = {0}, cond = {0};
    eff_list effs = {0};
    int vars[PL_MAX_VARS];
    for (int i = 0; i < d->nactions && !f->oom; i++) {
        const pl_action *a = &d->actions[i];
        inv_action *n = &f->acts[f->nacts++];
        n->params = pl_arena_alloc(&f->arena, (size_t)(a->nvars + 1) * sizeof *n->params);
        if (!n->params) {
            f->oom = true;
            break;
        }
        for (int p = 0; p < a->nparams; p++)
            n->params[n->nparams++] = p;
        pre.n = 0;
        collect_literals(f, a->pre, &pre, n->params, &n->nparams);
        add_inequalities(f, i, a->nparams, &pre);
        n->pre = keep_lits(f, &pre);
        n->npre = pre.n;
        effs.n = cond.n = 0;
        flatten_effects(f, a->eff, &cond, vars, 0, &effs);
        n->effs = effs.n ? pl_arena_memdup(&f->arena, effs.items, (size_t)effs.n * sizeof *n->effs) : NULL;
        n->neffs = effs.n;
        n->heavy = pl_arena_alloc(&f->arena, (size_t)(2 * effs.n + 1) * sizeof *n->heavy);
        if (!n->heavy || (effs.n && !n->effs)) {
            f->oom = true;
            break;
        }
        for (int e = 0; e < n->neffs; e++) {
            n->heavy[n->nheavy++] = n->effs[e];
            if (n->effs[e].nvars)
                n->heavy[n->nheavy++] = heavy_copy(f, &n->effs[e], a->nvars);
        }
    }
    free(pre.items);
    free(cond.items);
    free(effs.items);
}
