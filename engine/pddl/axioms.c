/* Axioms (:derived (p ?x...) body): parsing, and the checks once the whole
 * domain is read: derived predicates in no effect, and a stratification
 * (negation as failure only on predicates of lower strata). */
#include <stdlib.h>
#include <string.h>

#include "pddl/parser_internal.h"

void pl_parse_axiom(pl_parser *p, pl_vec *axioms)
{
    const pl_token *open = pl_peek(p);
    pl_expect_lparen(p, "the derived atom (p ?x ...)");
    const pl_token *head = pl_peek(p);
    pl_expect_symbol(p, "a predicate name");
    int pred = pl_domain_find_pred(p->dom, head->text);
    if (pred < 0)
        pl_parse_fail(p, head, PL_ERR_SEMANTIC, "undeclared predicate '%s' in (:derived ...)", head->text);
    const pl_predicate *decl = &p->dom->preds[pred];
    pl_vec slots = {0};
    p->slots = &slots;
    p->visible.count = 0;
    pl_action a = {0};
    a.name = decl->name;
    a.loc = pl_loc_of(head);
    pl_scope_push(p, &a.nparams);
    pl_expect_rparen(p, "the derived atom");
    if (a.nparams != decl->arity)
        pl_parse_fail(p, head, PL_ERR_SEMANTIC, "predicate '%s' takes %d argument%s, given %d", head->text,
                      decl->arity, decl->arity == 1 ? "" : "s", a.nparams);
    /* an untyped head variable ranges over the predicate's declared type */
    for (int i = 0; i < a.nparams; i++) {
        pl_variable *v = &((pl_variable *)slots.data)[i];
        if (v->types.count == 1 && v->types.ids[0] == 0)
            v->types = decl->params[i];
    }
    a.pre = pl_parse_formula(p);
    pl_expect_rparen(p, "(:derived ...)");
    a.vars = slots.data;
    a.nvars = slots.count;
    p->slots = NULL;
    pl_effect *e = pl_arena_calloc(p->arena, 1, sizeof *e);
    int *args = pl_arena_calloc(p->arena, (size_t)a.nparams + 1, sizeof *args);
    if (!e || !args)
        pl_parse_fail(p, open, PL_ERR_LIMIT, "out of memory");
    for (int i = 0; i < a.nparams; i++)
        args[i] = i;
    *e = (pl_effect){.kind = PL_E_ADD, .loc = a.loc, .pred = pred, .args = args, .nargs = a.nparams};
    a.eff = e;
    PL_VEC_PUSH(p, axioms, pl_action, a);
}

/* A dependency of a derived predicate's axiom on a derived predicate. */
typedef struct {
    int head, dep;
    bool negative;
    pl_loc loc; /* of the atom in the body */
} dependency;

static void collect_deps(pl_parser *p, const int *stratum, int head, const pl_formula *f, bool positive,
                         pl_vec *deps)
{
    if (f->kind == PL_F_ATOM && stratum[f->pred] >= 0) {
        dependency d = {head, f->pred, !positive, f->loc};
        PL_VEC_PUSH(p, deps, dependency, d);
    }
    for (int i = 0; i < f->nkids; i++) {
        bool flip = f->kind == PL_F_NOT || (f->kind == PL_F_IMPLY && i == 0);
        collect_deps(p, stratum, head, f->kids[i], flip ? !positive : positive, deps);
    }
}

/* Does derived predicate `from` depend on `to` (through any axioms)? */
static bool depends_on(const dependency *deps, int ndeps, int npreds, int from, int to, unsigned char *seen)
{
    memset(seen, 0, (size_t)npreds);
    int *stack = malloc(((size_t)npreds + 1) * sizeof *stack);
    if (!stack)
        return false;
    int top = 0;
    bool found = false;
    stack[top++] = from;
    seen[from] = 1;
    while (top && !found) {
        int x = stack[--top];
        for (int i = 0; i < ndeps; i++)
            if (deps[i].head == x && !seen[deps[i].dep]) {
                found |= deps[i].dep == to;
                seen[deps[i].dep] = 1;
                stack[top++] = deps[i].dep;
            }
    }
    free(stack);
    return found;
}

static void check_effects(pl_parser *p, const pl_domain *d, const pl_effect *e)
{
    if ((e->kind == PL_E_ADD || e->kind == PL_E_DEL) && d->pred_stratum[e->pred] >= 0) {
        pl_token at = {PL_TOK_SYMBOL, e->loc.line, e->loc.column, NULL};
        pl_parse_fail(p, &at, PL_ERR_SEMANTIC, "derived predicate '%s' in an effect (only its axioms make it true)",
                      d->preds[e->pred].name);
    }
    for (int i = 0; i < e->nkids; i++)
        check_effects(p, d, e->kids[i]);
}

/* Strata: a derived predicate is at least as high as those its axioms use
 * positively and above those they use negatively.  Refused, at the negated
 * atom, when a predicate depends negatively on one that depends on it. */
static void stratify(pl_parser *p, pl_domain *d)
{
    pl_vec deps = {0};
    for (int a = 0; a < d->naxioms; a++)
        collect_deps(p, d->pred_stratum, d->axiom_pred[a], d->axioms[a].pre, true, &deps);
    const dependency *dep = deps.data;
    unsigned char *seen = pl_arena_alloc(p->arena, (size_t)d->npreds + 1);
    if (!seen)
        pl_parse_fail(p, pl_peek(p), PL_ERR_LIMIT, "out of memory");
    for (int i = 0; i < deps.count; i++)
        if (dep[i].negative &&
            (dep[i].dep == dep[i].head || depends_on(dep, deps.count, d->npreds, dep[i].dep, dep[i].head, seen))) {
            pl_token at = {PL_TOK_SYMBOL, dep[i].loc.line, dep[i].loc.column, NULL};
            pl_parse_fail(p, &at, PL_ERR_SEMANTIC,
                          "derived predicates not stratifiable: '%s' depends on (not (%s ...)), and '%s' depends "
                          "on '%s'",
                          d->preds[dep[i].head].name, d->preds[dep[i].dep].name, d->preds[dep[i].dep].name,
                          d->preds[dep[i].head].name);
        }
    /* No negative edge within a cycle: the longest-path relaxation ends
     * within as many rounds as there are predicates. */
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < deps.count; i++) {
            int need = d->pred_stratum[dep[i].dep] + (dep[i].negative ? 1 : 0);
            if (d->pred_stratum[dep[i].head] < need) {
                d->pred_stratum[dep[i].head] = need;
                changed = true;
            }
        }
    }
}

void pl_finish_axioms(pl_parser *p, pl_domain *d, pl_vec *axioms)
{
    d->axioms = axioms->data;
    d->naxioms = axioms->count;
    d->axiom_pred = pl_arena_calloc(p->arena, (size_t)d->naxioms + 1, sizeof *d->axiom_pred);
    d->pred_stratum = pl_arena_alloc(p->arena, ((size_t)d->npreds + 1) * sizeof *d->pred_stratum);
    if (!d->axiom_pred || !d->pred_stratum)
        pl_parse_fail(p, pl_peek(p), PL_ERR_LIMIT, "out of memory");
    for (int i = 0; i < d->npreds; i++)
        d->pred_stratum[i] = -1;
    for (int a = 0; a < d->naxioms; a++) {
        d->axiom_pred[a] = d->axioms[a].eff->pred;
        d->pred_stratum[d->axiom_pred[a]] = 0;
    }
    if (d->naxioms == 0)
        return;
    for (int a = 0; a < d->nactions; a++)
        check_effects(p, d, d->actions[a].eff);
    stratify(p, d);
}
