/* The problem parser: (define (problem NAME) (:domain D) ...). */
#include <stdlib.h>
#include <string.h>

#include "pddl/parser_internal.h"

/* Name -> object map for term lookups (the combined table). */
static void index_object_names(pl_parser *p, const pl_problem *pr)
{
    pl_hashmap_free(&p->object_names);
    for (int i = 0; i < pr->nobjects; i++) {
        int key[255];
        int len = pl_name_key(pr->objects[i].name, key, 255);
        if (len >= 0 && pl_hashmap_put(&p->object_names, key, len, i) == -2)
            pl_parse_fail(p, pl_peek(p), PL_ERR_LIMIT, "out of memory");
    }
}

static void parse_objects(pl_parser *p, pl_problem *pr)
{
    const pl_domain *d = pr->domain;
    pl_vec list = {0};
    for (int i = 0; i < d->nconstants; i++)
        PL_VEC_PUSH(p, &list, pl_object, d->constants[i]);
    int first = list.count;
    pl_parse_typed_list(p, &list, 0, NULL);
    pl_expect_rparen(p, "(:objects ...)");
    /* Drop repeated names (an object re-declaring a constant is common). */
    pl_object *objs = list.data;
    pr->objects = objs;
    pr->nobjects = first;
    index_object_names(p, pr);
    int n = first;
    for (int i = first; i < list.count; i++) {
        int key[255];
        int len = pl_name_key(objs[i].name, key, 255);
        int at = len >= 0 ? pl_hashmap_put(&p->object_names, key, len, n) : n;
        if (at == -2)
            pl_parse_fail(p, pl_peek(p), PL_ERR_LIMIT, "out of memory");
        if (at != n) {
            pl_token tok = {PL_TOK_SYMBOL, objs[i].loc.line, objs[i].loc.column, NULL};
            pl_parse_warn(p, &tok, "object '%s' declared twice; the first declaration is used", objs[i].name);
            continue;
        }
        objs[n++] = objs[i];
    }
    pr->nobjects = n;
}

static int find_func(const pl_domain *d, const char *name)
{
    for (int i = 0; i < d->nfuncs; i++)
        if (!strcmp(d->funcs[i].name, name))
            return i;
    return -1;
}

static void parse_init_value(pl_parser *p, pl_problem *pr, pl_vec *values, const pl_token *eq)
{
    pl_expect_lparen(p, "the function term");
    const pl_token *fn = pl_peek(p);
    pl_expect_symbol(p, "a function name");
    int func = find_func(pr->domain, fn->text);
    if (func < 0)
        pl_parse_fail(p, fn, PL_ERR_SEMANTIC, "undeclared function '%s'", fn->text);
    pl_vec args = {0};
    while (pl_peek(p)->kind == PL_TOK_SYMBOL)
        PL_VEC_PUSH(p, &args, int, PL_TERM_OBJ_INDEX(pl_parse_term(p)));
    pl_expect_rparen(p, "the function term");
    if (args.count != pr->domain->funcs[func].arity)
        pl_parse_fail(p, fn, PL_ERR_SEMANTIC, "function '%s' takes %d argument%s, given %d", fn->text,
                      pr->domain->funcs[func].arity, pr->domain->funcs[func].arity == 1 ? "" : "s", args.count);
    const pl_token *v = pl_next(p);
    char *end = NULL;
    double value = v->kind == PL_TOK_SYMBOL ? strtod(v->text, &end) : 0;
    if (v->kind != PL_TOK_SYMBOL || *end)
        pl_parse_fail(p, v, PL_ERR_SYNTAX, "expected a number as the value of '%s'", fn->text);
    pl_init_value iv = {func, args.data, args.count, value, pl_loc_of(eq)};
    PL_VEC_PUSH(p, values, pl_init_value, iv);
    pl_expect_rparen(p, "(= ...)");
}

static void parse_init(pl_parser *p, pl_problem *pr)
{
    pl_vec atoms = {0}, values = {0};
    while (pl_peek(p)->kind == PL_TOK_LPAREN) {
        pl_next(p);
        const pl_token *head = pl_peek(p);
        const char *h = pl_expect_symbol(p, "a predicate name");
        if (!strcmp(h, "=")) {
            parse_init_value(p, pr, &values, head);
            continue;
        }
        if (!strcmp(h, "at") && pl_peek(p)->kind == PL_TOK_SYMBOL &&
            strtod(pl_peek(p)->text, NULL) != 0 && pl_domain_find_pred(pr->domain, "at") < 0)
            pl_parse_fail(p, head, PL_ERR_UNSUPPORTED, "unsupported: timed initial literals");
        if (!strcmp(h, "not")) {
            /* Closed world: a negated init atom states nothing new. */
            pl_parse_warn(p, head, "negative literal in :init ignored (the initial state is closed-world)");
            pl_skip_balanced(p);
            pl_expect_rparen(p, "(not ...)");
            continue;
        }
        int pred = pl_domain_find_pred(pr->domain, h);
        if (pred < 0)
            pl_parse_fail(p, head, PL_ERR_SEMANTIC, "undeclared predicate '%s'", h);
        if (pr->domain->pred_stratum[pred] >= 0)
            pl_parse_fail(p, head, PL_ERR_SEMANTIC, "derived predicate '%s' in :init (only its axioms make it true)", h);
        pl_vec args = {0};
        while (pl_peek(p)->kind == PL_TOK_SYMBOL) {
            const pl_token *arg = pl_peek(p);
            if (arg->text[0] == '?')
                pl_parse_fail(p, arg, PL_ERR_SYNTAX, "expected an object name in :init, found variable '%s'", arg->text);
            PL_VEC_PUSH(p, &args, int, PL_TERM_OBJ_INDEX(pl_parse_term(p)));
        }
        if (args.count != pr->domain->preds[pred].arity)
            pl_parse_fail(p, head, PL_ERR_SEMANTIC, "predicate '%s' takes %d argument%s, given %d", h,
                          pr->domain->preds[pred].arity, pr->domain->preds[pred].arity == 1 ? "" : "s", args.count);
        pl_expect_rparen(p, "the initial atom");
        pl_init_atom a = {pred, args.data, args.count, pl_loc_of(head)};
        PL_VEC_PUSH(p, &atoms, pl_init_atom, a);
    }
    pl_expect_rparen(p, "(:init ...)");
    pr->init = atoms.data;
    pr->ninit = atoms.count;
    pr->values = values.data;
    pr->nvalues = values.count;
}

static void parse_metric(pl_parser *p, pl_problem *pr)
{
    const pl_token *dir = pl_peek(p);
    pl_expect_symbol(p, "minimize or maximize");
    if (strcmp(dir->text, "minimize"))
        pl_parse_fail(p, dir, PL_ERR_UNSUPPORTED, "unsupported: metric '%s' (only minimize total-cost)", dir->text);
    pl_expect_lparen(p, "the metric expression");
    const pl_token *fn = pl_peek(p);
    pl_expect_symbol(p, "total-cost");
    if (strcmp(fn->text, "total-cost"))
        pl_parse_fail(p, fn, PL_ERR_UNSUPPORTED, "unsupported: metric on '%s' (only total-cost)", fn->text);
    pl_expect_rparen(p, "(total-cost)");
    pl_expect_rparen(p, "(:metric ...)");
    pr->minimize_total_cost = true;
}

static void parse_problem_body(pl_parser *p, pl_problem *pr)
{
    pl_expect_lparen(p, "the problem");
    pl_expect_keyword(p, "define");
    pl_expect_lparen(p, "(problem NAME)");
    pl_expect_keyword(p, "problem");
    pr->name = pl_expect_symbol(p, "the problem name");
    pl_expect_rparen(p, "(problem NAME)");
    pr->objects = pr->domain->constants;
    pr->nobjects = pr->domain->nconstants;
    index_object_names(p, pr);
    pl_vec goal_vars = {0};
    /* Each section may appear once: (:init ...) holds indices into the
     * objects read before it, which a second (:objects ...) would replace. */
    static const char *const once[] = {":domain", ":requirements", ":objects", ":init", ":goal", ":metric"};
    const pl_token *seen[sizeof once / sizeof *once] = {0};
    while (pl_peek(p)->kind == PL_TOK_LPAREN) {
        pl_next(p);
        const pl_token *sec = pl_peek(p);
        const char *s = pl_expect_symbol(p, "a problem section such as :objects or :init");
        pl_section_once(p, sec, once, seen, sizeof once / sizeof *once);
        if (!strcmp(s, ":domain")) {
            const pl_token *dn = pl_peek(p);
            pr->domain_name = pl_expect_symbol(p, "the domain name");
            if (strcmp(pr->domain_name, pr->domain->name))
                pl_parse_warn(p, dn, "problem is for domain '%s' but the domain is '%s'",
                              pr->domain_name, pr->domain->name);
            pl_expect_rparen(p, "(:domain NAME)");
        } else if (!strcmp(s, ":requirements")) {
            unsigned flags = 0;
            pl_parse_requirements(p, &flags);
        } else if (!strcmp(s, ":objects")) {
            parse_objects(p, pr);
        } else if (!strcmp(s, ":init")) {
            parse_init(p, pr);
        } else if (!strcmp(s, ":goal")) {
            p->slots = &goal_vars;
            p->visible.count = 0;
            pr->goal = pl_parse_formula(p);
            pl_expect_rparen(p, "(:goal ...)");
        } else if (!strcmp(s, ":metric")) {
            parse_metric(p, pr);
        } else if (!strcmp(s, ":constraints")) {
            pl_parse_fail(p, sec, PL_ERR_UNSUPPORTED, "unsupported: constraints (:constraints)");
        } else {
            pl_parse_fail(p, sec, PL_ERR_SYNTAX, "expected a problem section such as :objects, :init or :goal, found '%s'", s);
        }
    }
    pl_expect_rparen(p, "the problem");
    const pl_token *rest = pl_peek(p);
    if (rest->kind != PL_TOK_END)
        pl_parse_fail(p, rest, PL_ERR_SYNTAX, "expected end of file after the problem");
    if (!pr->goal)
        pl_parse_fail(p, rest, PL_ERR_SYNTAX, "expected a (:goal ...) section in the problem");
    pr->goal_vars = goal_vars.data;
    pr->ngoal_vars = goal_vars.count;
}

/* setjmp lives here so no local of the caller is live across the longjmp. */
static int run_problem_parser(pl_parser *p, pl_problem *pr)
{
    if (setjmp(p->fail))
        return -1;
    parse_problem_body(p, pr);
    return 0;
}

pl_problem *pl_problem_parse(const pl_domain *domain, const char *text, size_t len,
                             const char *file, pl_diags *warnings, pl_error *err)
{
    pl_problem *pr = calloc(1, sizeof *pr);
    pl_parser *p = calloc(1, sizeof *p);
    if (!pr || !p) {
        free(pr);
        free(p);
        pl_error_set(err, PL_ERR_LIMIT, file, 0, 0, "out of memory");
        return NULL;
    }
    const char *name = file ? file : "<problem>";
    pr->file = pl_arena_strndup(&pr->arena, name, strlen(name));
    pr->domain = domain;
    pl_token_list toks;
    if (pl_lex(text, len, pr->file, &pr->arena, &toks, err) != PL_OK) {
        free(p);
        pl_problem_free(pr);
        return NULL;
    }
    p->tok = toks.tokens;
    p->file = pr->file;
    p->arena = &pr->arena;
    p->err = err;
    p->warnings = warnings;
    p->dom = domain;
    p->prob = pr;
    int rc = run_problem_parser(p, pr);
    pl_hashmap_free(&p->object_names);
    free(p);
    if (rc < 0) {
        pl_problem_free(pr);
        return NULL;
    }
    return pr;
}

void pl_problem_free(pl_problem *p)
{
    if (!p)
        return;
    pl_arena_free(&p->arena);
    free(p);
}
