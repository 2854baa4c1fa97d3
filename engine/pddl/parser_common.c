#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "pddl/parser_internal.h"

void *pl_vec_grow(pl_parser *p, pl_vec *v, size_t elem)
{
    if (v->count == v->capacity) {
        int cap = v->capacity ? v->capacity * 2 : 8;
        void *data = pl_arena_alloc(p->arena, (size_t)cap * elem);
        if (!data)
            pl_parse_fail(p, pl_peek(p), PL_ERR_LIMIT, "out of memory");
        if (v->count)
            memcpy(data, v->data, (size_t)v->count * elem);
        v->data = data;
        v->capacity = cap;
    }
    return (char *)v->data + (size_t)v->count++ * elem;
}

_Noreturn void pl_parse_fail(pl_parser *p, const pl_token *at, pl_error_code code,
                             const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = pl_strdup_vprintf(fmt, ap);
    va_end(ap);
    pl_error_set(p->err, code, p->file, at->line, at->column, "%s", msg ? msg : "error");
    free(msg);
    longjmp(p->fail, 1);
}

void pl_parse_warn(pl_parser *p, const pl_token *at, const char *fmt, ...)
{
    if (!p->warnings)
        return;
    va_list ap;
    va_start(ap, fmt);
    char *msg = pl_strdup_vprintf(fmt, ap);
    va_end(ap);
    pl_diags_add(p->warnings, p->file, at->line, at->column, "%s", msg ? msg : "warning");
    free(msg);
}

pl_loc pl_loc_of(const pl_token *t)
{
    pl_loc l = {t->line, t->column};
    return l;
}

const pl_token *pl_peek(pl_parser *p)
{
    return &p->tok[p->pos];
}

const pl_token *pl_next(pl_parser *p)
{
    const pl_token *t = &p->tok[p->pos];
    if (t->kind != PL_TOK_END)
        p->pos++;
    return t;
}

static const char *describe(const pl_token *t)
{
    switch (t->kind) {
    case PL_TOK_LPAREN: return "'('";
    case PL_TOK_RPAREN: return "')'";
    case PL_TOK_END: return "end of file";
    default: return t->text;
    }
}

void pl_expect_lparen(pl_parser *p, const char *what)
{
    const pl_token *t = pl_next(p);
    if (t->kind != PL_TOK_LPAREN)
        pl_parse_fail(p, t, PL_ERR_SYNTAX, "expected '(' to open %s, found %s", what, describe(t));
}

void pl_expect_rparen(pl_parser *p, const char *what)
{
    const pl_token *t = pl_next(p);
    if (t->kind != PL_TOK_RPAREN)
        pl_parse_fail(p, t, PL_ERR_SYNTAX, "expected ')' to close %s, found %s", what, describe(t));
}

const char *pl_expect_symbol(pl_parser *p, const char *what)
{
    const pl_token *t = pl_next(p);
    if (t->kind != PL_TOK_SYMBOL)
        pl_parse_fail(p, t, PL_ERR_SYNTAX, "expected %s, found %s", what, describe(t));
    return t->text;
}

void pl_expect_keyword(pl_parser *p, const char *kw)
{
    const pl_token *t = pl_next(p);
    if (t->kind != PL_TOK_SYMBOL || strcmp(t->text, kw) != 0)
        pl_parse_fail(p, t, PL_ERR_SYNTAX, "expected '%s', found %s", kw, describe(t));
}

int pl_peek_is_keyword(pl_parser *p, int offset, const char *kw)
{
    for (int i = 0; i < offset; i++)
        if (p->tok[p->pos + i].kind == PL_TOK_END)
            return 0;
    const pl_token *t = &p->tok[p->pos + offset];
    return t->kind == PL_TOK_SYMBOL && strcmp(t->text, kw) == 0;
}

void pl_skip_balanced(pl_parser *p)
{
    const pl_token *start = pl_next(p);
    if (start->kind != PL_TOK_LPAREN)
        return;
    int depth = 1;
    while (depth > 0) {
        const pl_token *t = pl_next(p);
        if (t->kind == PL_TOK_END)
            pl_parse_fail(p, start, PL_ERR_SYNTAX, "unbalanced '(' (never closed)");
        depth += t->kind == PL_TOK_LPAREN ? 1 : t->kind == PL_TOK_RPAREN ? -1 : 0;
    }
}

static int find_or_declare_type(pl_parser *p, const pl_token *at)
{
    int id = pl_domain_find_type(p->dom, at->text);
    if (id >= 0)
        return id;
    if (p->prob)
        pl_parse_fail(p, at, PL_ERR_SEMANTIC, "undeclared type '%s'", at->text);
    /* The domain parser owns p->dom while parsing: declare implicitly, loudly. */
    pl_domain *d = (pl_domain *)p->dom;
    pl_type *types = pl_arena_alloc(p->arena, (size_t)(d->ntypes + 1) * sizeof *types);
    if (!types)
        pl_parse_fail(p, at, PL_ERR_LIMIT, "out of memory");
    memcpy(types, d->types, (size_t)d->ntypes * sizeof *types);
    pl_type *t = &types[d->ntypes];
    t->name = at->text;
    t->parents = pl_arena_calloc(p->arena, 1, sizeof(int));
    t->nparents = 1;
    t->loc = pl_loc_of(at);
    d->types = types;
    if (!p->in_types)
        pl_parse_warn(p, at, "type '%s' is used but not declared; read as a subtype of object", at->text);
    return d->ntypes++;
}

pl_typeset pl_parse_type_ref(pl_parser *p)
{
    pl_typeset ts = {NULL, 0};
    const pl_token *t = pl_peek(p);
    pl_vec ids = {0};
    if (t->kind == PL_TOK_LPAREN) {
        pl_next(p);
        pl_expect_keyword(p, "either");
        while (pl_peek(p)->kind == PL_TOK_SYMBOL)
            PL_VEC_PUSH(p, &ids, int, find_or_declare_type(p, pl_next(p)));
        pl_expect_rparen(p, "(either ...)");
        if (ids.count == 0)
            pl_parse_fail(p, t, PL_ERR_SYNTAX, "expected at least one type in (either ...)");
    } else if (t->kind == PL_TOK_SYMBOL) {
        PL_VEC_PUSH(p, &ids, int, find_or_declare_type(p, pl_next(p)));
    } else {
        pl_parse_fail(p, t, PL_ERR_SYNTAX, "expected a type name after '-', found %s", describe(t));
    }
    ts.ids = ids.data;
    ts.count = ids.count;
    return ts;
}

int pl_parse_typed_list(pl_parser *p, pl_vec *out, int want_vars, int *saw_untyped)
{
    int first = out->count, pending = out->count;
    int typed_any = 0;
    for (;;) {
        const pl_token *t = pl_peek(p);
        if (t->kind != PL_TOK_SYMBOL)
            break;
        if (strcmp(t->text, "-") == 0) {
            pl_next(p);
            if (pending == out->count)
                pl_parse_fail(p, t, PL_ERR_SYNTAX, "expected a name before '-'");
            pl_typeset ts = pl_parse_type_ref(p);
            for (int i = pending; i < out->count; i++)
                ((pl_object *)out->data)[i].types = ts;
            pending = out->count;
            typed_any = 1;
            continue;
        }
        if (want_vars != (t->text[0] == '?'))
            pl_parse_fail(p, t, PL_ERR_SYNTAX, "expected a %s, found '%s'",
                          want_vars ? "variable (?name)" : "name", t->text);
        pl_next(p);
        pl_object o = {t->text, {NULL, 0}, pl_loc_of(t)};
        PL_VEC_PUSH(p, out, pl_object, o);
    }
    if (pending < out->count) {
        if (saw_untyped)
            *saw_untyped = typed_any || (p->dom->requirements & PL_REQ_TYPING);
        static int object_type = 0;
        pl_typeset ts = {&object_type, 1};
        for (int i = pending; i < out->count; i++)
            ((pl_object *)out->data)[i].types = ts;
    }
    return out->count - first;
}

int pl_scope_push(pl_parser *p, int *count)
{
    pl_vec list = {0};
    int n = pl_parse_typed_list(p, &list, 1, NULL);
    int first = p->slots->count;
    if (first + n > PL_MAX_VARS)
        pl_parse_fail(p, pl_peek(p), PL_ERR_LIMIT, "more than %d variables in one action", PL_MAX_VARS);
    for (int i = 0; i < n; i++) {
        pl_object *o = &((pl_object *)list.data)[i];
        for (int j = 0; j < i; j++)
            if (!strcmp(((pl_object *)list.data)[j].name, o->name)) {
                pl_token at = {PL_TOK_SYMBOL, o->loc.line, o->loc.column, o->name};
                pl_parse_fail(p, &at, PL_ERR_SEMANTIC, "variable '%s' declared twice", o->name);
            }
        pl_variable v = {o->name, o->types, o->loc};
        PL_VEC_PUSH(p, p->slots, pl_variable, v);
        PL_VEC_PUSH(p, &p->visible, int, first + i);
    }
    *count = n;
    return first;
}

void pl_scope_pop(pl_parser *p, int count)
{
    p->visible.count -= count;
}

int pl_parse_term(pl_parser *p)
{
    const pl_token *t = pl_next(p);
    if (t->kind != PL_TOK_SYMBOL)
        pl_parse_fail(p, t, PL_ERR_SYNTAX, "expected a variable or object name, found %s", describe(t));
    if (t->text[0] == '?') {
        const int *vis = p->visible.data;
        const pl_variable *slots = p->slots ? p->slots->data : NULL;
        for (int i = p->visible.count - 1; i >= 0; i--)
            if (strcmp(slots[vis[i]].name, t->text) == 0)
                return vis[i];
        pl_parse_fail(p, t, PL_ERR_SEMANTIC, "undeclared variable '%s'", t->text);
    }
    int obj = -1;
    if (p->prob) {
        int key[255];
        int len = pl_name_key(t->text, key, 255);
        obj = len >= 0 ? pl_hashmap_get(&p->object_names, key, len) : pl_problem_find_object(p->prob, t->text);
    }
    if (obj < 0)
        for (int i = 0; i < p->dom->nconstants; i++)
            if (strcmp(p->dom->constants[i].name, t->text) == 0)
                obj = i;
    if (obj < 0)
        pl_parse_fail(p, t, PL_ERR_SEMANTIC, "unknown %s '%s'", p->prob ? "object" : "constant", t->text);
    return PL_TERM_OBJECT(obj);
}

pl_formula *pl_new_formula(pl_parser *p, pl_formula_kind kind, const pl_token *at)
{
    pl_formula *f = pl_arena_calloc(p->arena, 1, sizeof *f);
    if (!f)
        pl_parse_fail(p, at, PL_ERR_LIMIT, "out of memory");
    f->kind = kind;
    f->loc = pl_loc_of(at);
    return f;
}

static void parse_atom_args(pl_parser *p, const pl_token *at, int pred, pl_formula *f)
{
    pl_vec args = {0};
    while (pl_peek(p)->kind == PL_TOK_SYMBOL)
        PL_VEC_PUSH(p, &args, int, pl_parse_term(p));
    f->args = args.data;
    f->nargs = args.count;
    if (pred >= 0 && f->nargs != p->dom->preds[pred].arity)
        pl_parse_fail(p, at, PL_ERR_SEMANTIC, "predicate '%s' takes %d argument%s, given %d",
                      at->text, p->dom->preds[pred].arity,
                      p->dom->preds[pred].arity == 1 ? "" : "s", f->nargs);
}

static const char *const numeric_comparisons[] = {"<", ">", "<=", ">=", NULL};

pl_formula *pl_parse_formula(pl_parser *p)
{
    const pl_token *open = pl_peek(p);
    pl_expect_lparen(p, "a condition");
    const pl_token *head = pl_peek(p);
    if (head->kind == PL_TOK_RPAREN) { /* () is the empty condition */
        pl_next(p);
        return pl_new_formula(p, PL_F_TRUE, open);
    }
    const char *h = pl_expect_symbol(p, "a predicate or connective");
    pl_formula *f;
    if (!strcmp(h, "and") || !strcmp(h, "or")) {
        f = pl_new_formula(p, h[0] == 'a' ? PL_F_AND : PL_F_OR, head);
        pl_vec kids = {0};
        while (pl_peek(p)->kind == PL_TOK_LPAREN)
            PL_VEC_PUSH(p, &kids, pl_formula *, pl_parse_formula(p));
        f->kids = kids.data;
        f->nkids = kids.count;
    } else if (!strcmp(h, "not")) {
        f = pl_new_formula(p, PL_F_NOT, head);
        f->kids = pl_arena_alloc(p->arena, sizeof *f->kids);
        f->kids[0] = pl_parse_formula(p);
        f->nkids = 1;
    } else if (!strcmp(h, "imply")) {
        f = pl_new_formula(p, PL_F_IMPLY, head);
        f->kids = pl_arena_alloc(p->arena, 2 * sizeof *f->kids);
        f->kids[0] = pl_parse_formula(p);
        f->kids[1] = pl_parse_formula(p);
        f->nkids = 2;
    } else if (!strcmp(h, "exists") || !strcmp(h, "forall")) {
        f = pl_new_formula(p, h[0] == 'e' ? PL_F_EXISTS : PL_F_FORALL, head);
        pl_expect_lparen(p, "the quantified variables");
        f->var_first = pl_scope_push(p, &f->nvars);
        pl_expect_rparen(p, "the quantified variables");
        f->kids = pl_arena_alloc(p->arena, sizeof *f->kids);
        f->kids[0] = pl_parse_formula(p);
        f->nkids = 1;
        pl_scope_pop(p, f->nvars);
    } else if (!strcmp(h, "=")) {
        f = pl_new_formula(p, PL_F_EQ, head);
        if (pl_peek(p)->kind == PL_TOK_LPAREN)
            pl_parse_fail(p, pl_peek(p), PL_ERR_UNSUPPORTED,
                          "unsupported: numeric condition (= with a function term)");
        parse_atom_args(p, head, -1, f);
        if (pl_peek(p)->kind == PL_TOK_LPAREN)
            pl_parse_fail(p, pl_peek(p), PL_ERR_UNSUPPORTED,
                          "unsupported: numeric condition (= with a function term)");
        if (f->nargs != 2)
            pl_parse_fail(p, head, PL_ERR_SEMANTIC, "'=' takes 2 arguments, given %d", f->nargs);
    } else {
        for (int i = 0; numeric_comparisons[i]; i++)
            if (!strcmp(h, numeric_comparisons[i]))
                pl_parse_fail(p, head, PL_ERR_UNSUPPORTED, "unsupported: numeric condition '%s'", h);
        if (!strcmp(h, "preference"))
            pl_parse_fail(p, head, PL_ERR_UNSUPPORTED, "unsupported: preferences");
        int pred = pl_domain_find_pred(p->dom, h);
        if (pred < 0)
            pl_parse_fail(p, head, PL_ERR_SEMANTIC, "undeclared predicate '%s'", h);
        f = pl_new_formula(p, PL_F_ATOM, head);
        f->pred = pred;
        parse_atom_args(p, head, pred, f);
    }
    pl_expect_rparen(p, "the condition");
    return f;
}

void pl_section_once(pl_parser *p, const pl_token *sec, const char *const *once, const pl_token **seen, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (!strcmp(sec->text, once[k])) {
            if (seen[k])
                pl_parse_fail(p, sec, PL_ERR_SYNTAX, "(%s ...) given a second time (first at line %d)", sec->text,
                              seen[k]->line);
            seen[k] = sec;
        }
}
