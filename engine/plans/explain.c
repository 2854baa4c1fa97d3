/* Why-not: which conditions fail, printed with the objects substituted. */
#include <stdlib.h>
#include <string.h>

#include "plans/plan.h"
#include "task/internal.h"

/* Growable string, on the stack until it outgrows `local`.  Holds the unmet
 * conditions back to back, each with its terminating NUL. */
typedef struct {
    char *buf;
    size_t len, cap;
    bool oom;
    char local[256];
} strbuf;

static void sb_init(strbuf *b)
{
    b->buf = b->local;
    b->len = 0;
    b->cap = sizeof b->local;
    b->oom = false;
}

static void sb_release(strbuf *b)
{
    if (b->buf != b->local)
        free(b->buf);
}

static bool sb_grow(strbuf *b, size_t n)
{
    size_t cap = b->cap * 2;
    while (cap < b->len + n)
        cap *= 2;
    char *g = b->buf == b->local ? malloc(cap) : realloc(b->buf, cap);
    if (!g) {
        b->oom = true;
        return false;
    }
    if (b->buf == b->local)
        memcpy(g, b->local, b->len);
    b->buf = g;
    b->cap = cap;
    return true;
}

static bool sb_reserve(strbuf *b, size_t n)
{
    return b->len + n <= b->cap || sb_grow(b, n);
}

/* Appends s[0..n) (which may include NULs). */
static void sb_addn(strbuf *b, const char *s, size_t n)
{
    if (!sb_reserve(b, n))
        return;
    memcpy(b->buf + b->len, s, n);
    b->len += n;
}

static void sb_add(strbuf *b, const char *s)
{
    sb_addn(b, s, strlen(s));
}

static void sb_addc(strbuf *b, char c)
{
    if (sb_reserve(b, 1))
        b->buf[b->len++] = c;
}

typedef struct {
    const pl_task *t;
    const pl_variable *vars;
    const int *binding;
    int nbound; /* slots below this print as their objects */
} printer;

static void print_term(printer *p, strbuf *b, int term)
{
    if (!PL_TERM_IS_VAR(term))
        sb_add(b, p->t->problem->objects[PL_TERM_OBJ_INDEX(term)].name);
    else if (term < p->nbound)
        sb_add(b, p->t->problem->objects[p->binding[term]].name);
    else
        sb_add(b, p->vars[term].name);
}

static void print_formula(printer *p, strbuf *b, const pl_formula *f)
{
    static const char *const heads[] = {"", "", "", "=", "not", "and", "or", "imply", "exists", "forall"};
    switch (f->kind) {
    case PL_F_TRUE:
        sb_add(b, "(and)");
        return;
    case PL_F_FALSE:
        sb_add(b, "(or)");
        return;
    case PL_F_ATOM:
    case PL_F_EQ:
        sb_addc(b, '(');
        sb_add(b, f->kind == PL_F_EQ ? "=" : p->t->domain->preds[f->pred].name);
        for (int i = 0; i < f->nargs; i++) {
            sb_addc(b, ' ');
            print_term(p, b, f->args[i]);
        }
        sb_addc(b, ')');
        return;
    default:
        break;
    }
    sb_addc(b, '(');
    sb_add(b, heads[f->kind]);
    if (f->kind == PL_F_EXISTS || f->kind == PL_F_FORALL) {
        sb_add(b, " (");
        for (int i = 0; i < f->nvars; i++) {
            if (i)
                sb_addc(b, ' ');
            sb_add(b, p->vars[f->var_first + i].name);
        }
        sb_addc(b, ')');
    }
    for (int i = 0; i < f->nkids; i++) {
        sb_addc(b, ' ');
        print_formula(p, b, f->kids[i]);
    }
    sb_addc(b, ')');
}

/* Appends each false top-level conjunct of f to list, NUL-terminated. */
static void collect_unmet(pl_lift_ctx *c, printer *p, const pl_formula *f, strbuf *list, int *n)
{
    if (f->kind == PL_F_AND) {
        for (int i = 0; i < f->nkids; i++)
            collect_unmet(c, p, f->kids[i], list, n);
        return;
    }
    if (pl_lift_eval(c, f, true))
        return;
    print_formula(p, list, f);
    sb_addc(list, '\0');
    (*n)++;
}

/* The n NUL-terminated strings of b as an owned array of owned strings
 * (the contract of pl_strings_free). */
static int split_items(const strbuf *b, int n, char ***out)
{
    *out = NULL;
    if (n == 0 || b->oom)
        return 0;
    char **items = malloc((size_t)n * sizeof *items);
    if (!items)
        return 0;
    const char *s = b->buf;
    for (int k = 0; k < n; k++) {
        size_t len = strlen(s);
        items[k] = pl_strndup(s, len);
        if (!items[k]) {
            pl_strings_free(items, k);
            return 0;
        }
        s += len + 1;
    }
    *out = items;
    return n;
}

static int explain(const pl_task *t, const pl_variable *vars, int nvars, int nbound, const int *args,
                   const pl_formula *f, const uint64_t *state, bool statics_only, char ***out)
{
    /* Quantifiers bind the slots after the parameters while evaluating. */
    int local[PL_MAX_VARS + 1];
    int *binding = nvars <= PL_MAX_VARS ? local : malloc(((size_t)nvars + 1) * sizeof *binding);
    if (!binding) {
        *out = NULL;
        return 0;
    }
    memset(binding, 0, ((size_t)nvars + 1) * sizeof *binding);
    if (nbound)
        memcpy(binding, args, (size_t)nbound * sizeof *binding);
    pl_lift_ctx c = {t, vars, binding, false, state, statics_only};
    printer p = {t, vars, binding, nbound};
    strbuf list;
    sb_init(&list);
    int n = 0;
    collect_unmet(&c, &p, f, &list, &n);
    if (binding != local)
        free(binding);
    n = split_items(&list, n, out);
    sb_release(&list);
    return n;
}

int pl_explain_unmet(const pl_task *t, int schema, const int *args, const uint64_t *state, char ***out)
{
    const pl_action *a = &t->domain->actions[schema];
    return explain(t, a->vars, a->nvars, a->nparams, args, a->pre, state, false, out);
}

int pl_explain_static_unmet(const pl_task *t, int schema, const int *args, char ***out)
{
    const pl_action *a = &t->domain->actions[schema];
    return explain(t, a->vars, a->nvars, a->nparams, args, a->pre, NULL, true, out);
}

int pl_explain_unmet_goals(const pl_task *t, const uint64_t *state, char ***out)
{
    const pl_problem *pr = t->problem;
    return explain(t, pr->goal_vars, pr->ngoal_vars, 0, NULL, pr->goal, state, false, out);
}

void pl_strings_free(char **s, int n)
{
    for (int i = 0; s && i < n; i++)
        free(s[i]);
    free(s);
}
