/* The domain parser: (define (domain NAME) sections...). */
#include <stdlib.h>
#include <string.h>

#include "pddl/parser_internal.h"

static const struct {
    const char *name;
    unsigned flags;
} supported_requirements[] = {
    {":strips", PL_REQ_STRIPS},
    {":typing", PL_REQ_TYPING},
    {":negative-preconditions", PL_REQ_NEGATIVE_PRECONDITIONS},
    {":equality", PL_REQ_EQUALITY},
    {":disjunctive-preconditions", PL_REQ_DISJUNCTIVE_PRECONDITIONS},
    {":existential-preconditions", PL_REQ_EXISTENTIAL_PRECONDITIONS},
    {":universal-preconditions", PL_REQ_UNIVERSAL_PRECONDITIONS},
    {":quantified-preconditions", PL_REQ_EXISTENTIAL_PRECONDITIONS | PL_REQ_UNIVERSAL_PRECONDITIONS},
    {":conditional-effects", PL_REQ_CONDITIONAL_EFFECTS},
    {":action-costs", PL_REQ_ACTION_COSTS},
    {":derived-predicates", PL_REQ_DERIVED_PREDICATES},
    {":adl", PL_REQ_STRIPS | PL_REQ_TYPING | PL_REQ_NEGATIVE_PRECONDITIONS | PL_REQ_EQUALITY |
                 PL_REQ_DISJUNCTIVE_PRECONDITIONS | PL_REQ_EXISTENTIAL_PRECONDITIONS |
                 PL_REQ_UNIVERSAL_PRECONDITIONS | PL_REQ_CONDITIONAL_EFFECTS},
};

void pl_parse_requirements(pl_parser *p, unsigned *flags)
{
    while (pl_peek(p)->kind == PL_TOK_SYMBOL) {
        const pl_token *t = pl_next(p);
        size_t i, n = sizeof supported_requirements / sizeof supported_requirements[0];
        for (i = 0; i < n; i++)
            if (!strcmp(t->text, supported_requirements[i].name))
                break;
        if (i == n)
            pl_parse_fail(p, t, PL_ERR_UNSUPPORTED, "unsupported: requirement %s", t->text);
        *flags |= supported_requirements[i].flags;
    }
    pl_expect_rparen(p, "(:requirements ...)");
}

static void parse_types(pl_parser *p, pl_domain *d)
{
    pl_vec list = {0};
    p->in_types = 1;
    pl_parse_typed_list(p, &list, 0, NULL);
    p->in_types = 0;
    pl_expect_rparen(p, "(:types ...)");
    for (int i = 0; i < list.count; i++) {
        pl_object *o = &((pl_object *)list.data)[i];
        if (!strcmp(o->name, "object"))
            continue; /* `object - ...` or a redeclaration of the root */
        int id = pl_domain_find_type(d, o->name);
        if (id < 0) {
            pl_type *types = pl_arena_alloc(p->arena, (size_t)(d->ntypes + 1) * sizeof *types);
            if (!types)
                pl_parse_fail(p, pl_peek(p), PL_ERR_LIMIT, "out of memory");
            memcpy(types, d->types, (size_t)d->ntypes * sizeof *types);
            d->types = types;
            id = d->ntypes++;
            d->types[id].name = o->name;
            d->types[id].loc = o->loc;
            d->types[id].parents = o->types.ids;
            d->types[id].nparents = o->types.count;
        } else {
            d->types[id].parents = o->types.ids;
            d->types[id].nparents = o->types.count;
        }
    }
    /* Subtype cycles would make type membership loop forever. */
    for (int t = 1; t < d->ntypes; t++)
        for (int k = 0; k < d->types[t].nparents; k++)
            if (pl_domain_type_is_subtype(d, d->types[t].parents[k], t)) {
                pl_token at = {PL_TOK_SYMBOL, d->types[t].loc.line, d->types[t].loc.column, NULL};
                pl_parse_fail(p, &at, PL_ERR_SEMANTIC, "type '%s' is its own ancestor", d->types[t].name);
            }
}

static void parse_constants(pl_parser *p, pl_domain *d)
{
    pl_vec list = {0};
    pl_parse_typed_list(p, &list, 0, NULL);
    pl_expect_rparen(p, "(:constants ...)");
    d->constants = list.data;
    d->nconstants = list.count;
}

static void parse_skeletons(pl_parser *p, pl_domain *d, int functions)
{
    pl_vec out = {0};
    while (pl_peek(p)->kind == PL_TOK_LPAREN) {
        pl_next(p);
        const pl_token *name = pl_peek(p);
        pl_expect_symbol(p, functions ? "a function name" : "a predicate name");
        pl_vec params = {0};
        int untyped = 0;
        pl_parse_typed_list(p, &params, 1, &untyped);
        pl_expect_rparen(p, functions ? "the function declaration" : "the predicate declaration");
        if (params.count > PL_MAX_ARITY)
            pl_parse_fail(p, name, PL_ERR_LIMIT, "'%s' has more than %d parameters", name->text, PL_MAX_ARITY);
        if (untyped && !functions && params.count)
            pl_parse_warn(p, name, "parameters of predicate '%s' have no type; read as object", name->text);
        pl_predicate s = {name->text, pl_arena_calloc(p->arena, (size_t)params.count + 1, sizeof(pl_typeset)),
                          params.count, pl_loc_of(name)};
        for (int i = 0; i < params.count; i++)
            s.params[i] = ((pl_object *)params.data)[i].types;
        int dup = 0;
        for (int i = 0; i < out.count; i++)
            dup |= !strcmp(((pl_predicate *)out.data)[i].name, s.name);
        if (dup)
            pl_parse_warn(p, name, "%s '%s' declared twice; the first declaration is used",
                          functions ? "function" : "predicate", s.name);
        else
            PL_VEC_PUSH(p, &out, pl_predicate, s);
        if (functions && pl_peek_is_keyword(p, 0, "-")) {
            pl_next(p);
            const pl_token *ty = pl_next(p);
            if (ty->kind != PL_TOK_SYMBOL || strcmp(ty->text, "number"))
                pl_parse_fail(p, ty, PL_ERR_UNSUPPORTED, "unsupported: object fluents (function type other than number)");
        }
    }
    if (pl_peek(p)->kind == PL_TOK_SYMBOL)
        pl_parse_fail(p, pl_peek(p), PL_ERR_SYNTAX, "expected '(' to open a declaration, found %s",
                      pl_peek(p)->text);
    pl_expect_rparen(p, functions ? "(:functions ...)" : "(:predicates ...)");
    if (functions) {
        d->funcs = out.data;
        d->nfuncs = out.count;
        d->total_cost = -1;
        for (int i = 0; i < d->nfuncs; i++)
            if (!strcmp(d->funcs[i].name, "total-cost"))
                d->total_cost = i;
    } else {
        d->preds = out.data;
        d->npreds = out.count;
    }
}

static pl_effect *new_effect(pl_parser *p, pl_effect_kind kind, const pl_token *at)
{
    pl_effect *e = pl_arena_calloc(p->arena, 1, sizeof *e);
    if (!e)
        pl_parse_fail(p, at, PL_ERR_LIMIT, "out of memory");
    e->kind = kind;
    e->loc = pl_loc_of(at);
    return e;
}

static void parse_cost(pl_parser *p, pl_effect *e, const pl_token *head)
{
    pl_domain *d = (pl_domain *)p->dom;
    pl_expect_lparen(p, "the function term");
    const pl_token *fn = pl_peek(p);
    pl_expect_symbol(p, "a function name");
    if (d->total_cost < 0 || strcmp(fn->text, "total-cost"))
        pl_parse_fail(p, fn, PL_ERR_UNSUPPORTED, "unsupported: numeric effect %s on '%s' (only total-cost)",
                      head->text, fn->text);
    pl_expect_rparen(p, "(total-cost)");
    const pl_token *v = pl_peek(p);
    e->cost.func = -1;
    if (v->kind == PL_TOK_SYMBOL) {
        pl_next(p);
        char *end;
        e->cost.value = strtod(v->text, &end);
        if (*end || e->cost.value < 0)
            pl_parse_fail(p, v, PL_ERR_SYNTAX, "expected a non-negative number or a function term, found '%s'", v->text);
    } else {
        pl_expect_lparen(p, "the cost expression");
        const pl_token *f = pl_peek(p);
        pl_expect_symbol(p, "a function name");
        int func = -1;
        for (int i = 0; i < d->nfuncs; i++)
            if (!strcmp(d->funcs[i].name, f->text))
                func = i;
        if (func < 0 || func == d->total_cost)
            pl_parse_fail(p, f, func < 0 ? PL_ERR_SEMANTIC : PL_ERR_UNSUPPORTED,
                          func < 0 ? "undeclared function '%s'" : "unsupported: cost expression '%s'", f->text);
        pl_vec args = {0};
        while (pl_peek(p)->kind == PL_TOK_SYMBOL)
            PL_VEC_PUSH(p, &args, int, pl_parse_term(p));
        if (args.count != d->funcs[func].arity)
            pl_parse_fail(p, f, PL_ERR_SEMANTIC, "function '%s' takes %d argument%s, given %d", f->text,
                          d->funcs[func].arity, d->funcs[func].arity == 1 ? "" : "s", args.count);
        pl_expect_rparen(p, "the function term");
        e->cost.func = func;
        e->cost.args = args.data;
        e->cost.nargs = args.count;
    }
}

static pl_effect *parse_effect(pl_parser *p)
{
    const pl_token *open = pl_peek(p);
    pl_expect_lparen(p, "an effect");
    if (pl_peek(p)->kind == PL_TOK_RPAREN) {
        pl_next(p);
        return new_effect(p, PL_E_AND, open);
    }
    const pl_token *head = pl_peek(p);
    const char *h = pl_expect_symbol(p, "a predicate or effect keyword");
    pl_effect *e;
    if (!strcmp(h, "and")) {
        e = new_effect(p, PL_E_AND, head);
        pl_vec kids = {0};
        while (pl_peek(p)->kind == PL_TOK_LPAREN)
            PL_VEC_PUSH(p, &kids, pl_effect *, parse_effect(p));
        e->kids = kids.data;
        e->nkids = kids.count;
    } else if (!strcmp(h, "forall")) {
        e = new_effect(p, PL_E_FORALL, head);
        pl_expect_lparen(p, "the quantified variables");
        e->var_first = pl_scope_push(p, &e->nvars);
        pl_expect_rparen(p, "the quantified variables");
        e->kids = pl_arena_alloc(p->arena, sizeof *e->kids);
        e->kids[0] = parse_effect(p);
        e->nkids = 1;
        pl_scope_pop(p, e->nvars);
    } else if (!strcmp(h, "when")) {
        e = new_effect(p, PL_E_WHEN, head);
        e->cond = pl_parse_formula(p);
        e->kids = pl_arena_alloc(p->arena, sizeof *e->kids);
        e->kids[0] = parse_effect(p);
        e->nkids = 1;
    } else if (!strcmp(h, "increase")) {
        e = new_effect(p, PL_E_COST, head);
        parse_cost(p, e, head);
    } else if (!strcmp(h, "decrease") || !strcmp(h, "assign") || !strcmp(h, "scale-up") ||
               !strcmp(h, "scale-down")) {
        pl_parse_fail(p, head, PL_ERR_UNSUPPORTED, "unsupported: numeric effect '%s'", h);
    } else {
        int negated = !strcmp(h, "not");
        const pl_token *atom_head = head;
        if (negated) {
            pl_expect_lparen(p, "the deleted atom");
            atom_head = pl_peek(p);
            pl_expect_symbol(p, "a predicate name");
        }
        int pred = pl_domain_find_pred(p->dom, atom_head->text);
        if (pred < 0)
            pl_parse_fail(p, atom_head, PL_ERR_SEMANTIC, "undeclared predicate '%s' in an effect", atom_head->text);
        e = new_effect(p, negated ? PL_E_DEL : PL_E_ADD, atom_head);
        e->pred = pred;
        pl_vec args = {0};
        while (pl_peek(p)->kind == PL_TOK_SYMBOL)
            PL_VEC_PUSH(p, &args, int, pl_parse_term(p));
        e->args = args.data;
        e->nargs = args.count;
        if (args.count != p->dom->preds[pred].arity)
            pl_parse_fail(p, atom_head, PL_ERR_SEMANTIC, "predicate '%s' takes %d argument%s, given %d",
                          atom_head->text, p->dom->preds[pred].arity, p->dom->preds[pred].arity == 1 ? "" : "s",
                          args.count);
        if (negated)
            pl_expect_rparen(p, "the deleted atom");
    }
    pl_expect_rparen(p, "the effect");
    return e;
}

static void parse_action(pl_parser *p, pl_domain *d, pl_vec *actions)
{
    const pl_token *name = pl_peek(p);
    pl_expect_symbol(p, "an action name");
    pl_action a = {0};
    a.name = name->text;
    a.loc = pl_loc_of(name);
    pl_vec slots = {0};
    p->slots = &slots;
    p->visible.count = 0;
    bool seen_params = false;
    while (pl_peek(p)->kind == PL_TOK_SYMBOL) {
        const pl_token *key = pl_next(p);
        if ((!strcmp(key->text, ":parameters") && seen_params) || (!strcmp(key->text, ":precondition") && a.pre) ||
            (!strcmp(key->text, ":effect") && a.eff))
            pl_parse_fail(p, key, PL_ERR_SYNTAX, "%s given twice in action '%s'", key->text, a.name);
        if (!strcmp(key->text, ":parameters")) {
            seen_params = true;
            pl_expect_lparen(p, "the parameter list");
            pl_scope_push(p, &a.nparams);
            pl_expect_rparen(p, "the parameter list");
        } else if (!strcmp(key->text, ":precondition")) {
            a.pre = pl_parse_formula(p);
        } else if (!strcmp(key->text, ":effect")) {
            a.eff = parse_effect(p);
        } else {
            pl_parse_fail(p, key, PL_ERR_SYNTAX,
                          "expected :parameters, :precondition or :effect, found '%s'", key->text);
        }
    }
    pl_expect_rparen(p, "the action");
    if (!a.pre)
        a.pre = pl_new_formula(p, PL_F_TRUE, name);
    if (!a.eff)
        a.eff = new_effect(p, PL_E_AND, name);
    a.vars = slots.data;
    a.nvars = slots.count;
    p->slots = NULL;
    for (int i = 0; i < actions->count; i++)
        if (!strcmp(((pl_action *)actions->data)[i].name, a.name))
            pl_parse_fail(p, name, PL_ERR_SEMANTIC, "action '%s' defined twice", a.name);
    PL_VEC_PUSH(p, actions, pl_action, a);
    (void)d;
}

static void parse_domain_body(pl_parser *p, pl_domain *d)
{
    pl_expect_lparen(p, "the domain");
    pl_expect_keyword(p, "define");
    pl_expect_lparen(p, "(domain NAME)");
    pl_expect_keyword(p, "domain");
    d->name = pl_expect_symbol(p, "the domain name");
    pl_expect_rparen(p, "(domain NAME)");
    pl_vec actions = {0}, axioms = {0};
    d->total_cost = -1;
    /* Declaring sections may appear once: actions already parsed hold indices
     * into the first list, which a second one would replace. */
    static const char *const once[] = {":requirements", ":types", ":constants", ":predicates", ":functions"};
    const pl_token *seen[sizeof once / sizeof *once] = {0};
    while (pl_peek(p)->kind == PL_TOK_LPAREN) {
        pl_next(p);
        const pl_token *sec = pl_peek(p);
        const char *s = pl_expect_symbol(p, "a domain section such as :predicates or :action");
        pl_section_once(p, sec, once, seen, sizeof once / sizeof *once);
        if (!strcmp(s, ":requirements"))
            pl_parse_requirements(p, &d->requirements);
        else if (!strcmp(s, ":types"))
            parse_types(p, d);
        else if (!strcmp(s, ":constants"))
            parse_constants(p, d);
        else if (!strcmp(s, ":predicates"))
            parse_skeletons(p, d, 0);
        else if (!strcmp(s, ":functions"))
            parse_skeletons(p, d, 1);
        else if (!strcmp(s, ":action"))
            parse_action(p, d, &actions);
        else if (!strcmp(s, ":derived"))
            pl_parse_axiom(p, &axioms);
        else if (!strcmp(s, ":durative-action"))
            pl_parse_fail(p, sec, PL_ERR_UNSUPPORTED, "unsupported: durative actions (:durative-action)");
        else if (!strcmp(s, ":constraints"))
            pl_parse_fail(p, sec, PL_ERR_UNSUPPORTED, "unsupported: constraints (:constraints)");
        else
            pl_parse_fail(p, sec, PL_ERR_SYNTAX, "expected a domain section such as :predicates or :action, found '%s'", s);
    }
    pl_expect_rparen(p, "the domain");
    const pl_token *rest = pl_peek(p);
    if (rest->kind != PL_TOK_END)
        pl_parse_fail(p, rest, PL_ERR_SYNTAX, "expected end of file after the domain");
    d->actions = actions.data;
    d->nactions = actions.count;
    pl_finish_axioms(p, d, &axioms);
}

/* setjmp lives here so no local of the caller is live across the longjmp. */
static int run_domain_parser(pl_parser *p, pl_domain *d)
{
    if (setjmp(p->fail))
        return -1;
    parse_domain_body(p, d);
    return 0;
}

pl_domain *pl_domain_parse(const char *text, size_t len, const char *file,
                           pl_diags *warnings, pl_error *err)
{
    pl_domain *d = calloc(1, sizeof *d);
    if (!d) {
        pl_error_set(err, PL_ERR_LIMIT, file, 0, 0, "out of memory");
        return NULL;
    }
    d->file = pl_arena_strndup(&d->arena, file ? file : "<domain>", strlen(file ? file : "<domain>"));
    pl_token_list toks;
    if (pl_lex(text, len, d->file, &d->arena, &toks, err) != PL_OK) {
        pl_domain_free(d);
        return NULL;
    }
    d->types = pl_arena_calloc(&d->arena, 1, sizeof *d->types);
    d->types[0].name = "object";
    d->ntypes = 1;
    pl_parser *p = calloc(1, sizeof *p);
    if (!p) {
        pl_domain_free(d);
        pl_error_set(err, PL_ERR_LIMIT, file, 0, 0, "out of memory");
        return NULL;
    }
    p->tok = toks.tokens;
    p->file = d->file;
    p->arena = &d->arena;
    p->err = err;
    p->warnings = warnings;
    p->dom = d;
    int rc = run_domain_parser(p, d);
    free(p);
    if (rc < 0) {
        pl_domain_free(d);
        return NULL;
    }
    return d;
}

void pl_domain_free(pl_domain *d)
{
    if (!d)
        return;
    pl_arena_free(&d->arena);
    free(d);
}
