/* Why-not: which conditions fail, printed with the objects substituted. */
#include <stdlib.h>
#include <string.h>

#include "plan.h"
#include "task_internal.h"

typedef struct {
    char *buf;
    size_t len, cap;
} strbuf;

static void sb_add(strbuf *b, const char *s)
{
    size_t n = strlen(s);
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 64;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *g = realloc(b->buf, cap);
        if (!g)
            return;
        b->buf = g;
        b->cap = cap;
    }
    memcpy(b->buf + b->len, s, n + 1);
    b->len += n;
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
        sb_add(b, "(");
        sb_add(b, f->kind == PL_F_EQ ? "=" : p->t->domain->preds[f->pred].name);
        for (int i = 0; i < f->nargs; i++) {
            sb_add(b, " ");
            print_term(p, b, f->args[i]);
        }
        sb_add(b, ")");
        return;
    default:
        break;
    }
    sb_add(b, "(");
    sb_add(b, heads[f->kind]);
    if (f->kind == PL_F_EXISTS || f->kind == PL_F_FORALL) {
        sb_add(b, " (");
        for (int i = 0; i < f->nvars; i++) {
            if (i)
                sb_add(b, " ");
            sb_add(b, p->vars[f->var_first + i].name);
        }
        sb_add(b, ")");
    }
    for (int i = 0; i < f->nkids; i++) {
        sb_add(b, " ");
        print_formula(p, b, f->kids[i]);
    }
    sb_add(b, ")");
}

static void collect_unmet(pl_lift_ctx *c, printer *p, const pl_formula *f, strbuf *list, int *n)
{
    if (f->kind == PL_F_AND) {
        for (int i = 0; i < f->nkids; i++)
            collect_unmet(c, p, f->kids[i], list, n);
        return;
    }
    if (pl_lift_eval(c, f, true))
        return;
    strbuf one = {0};
    print_formula(p, &one, f);
    if (!one.buf)
        return;
    sb_add(list, one.buf);
    sb_add(list, "\n");
    free(one.buf);
    (*n)++;
}

static int split_lines(strbuf *b, int n, char ***out)
{
    *out = NULL;
    if (n == 0 || !b->buf) {
        free(b->buf);
        return 0;
    }
    char **items = calloc((size_t)n, sizeof *items);
    int k = 0;
    for (char *s = b->buf; items && k < n && *s;) {
        char *nl = strchr(s, '\n');
        items[k++] = pl_strndup(s, (size_t)(nl - s));
        s = nl + 1;
    }
    free(b->buf);
    *out = items;
    return items ? k : 0;
}

static int explain(const pl_task *t, const pl_variable *vars, int nvars, int nbound, const int *args,
                   const pl_formula *f, const uint64_t *state, bool statics_only, char ***out)
{
    int *binding = calloc((size_t)nvars + 1, sizeof *binding);
    if (!binding) {
        *out = NULL;
        return 0;
    }
    if (nbound)
        memcpy(binding, args, (size_t)nbound * sizeof *binding);
    pl_lift_ctx c = {t, vars, binding, false, state, statics_only};
    printer p = {t, vars, binding, nbound};
    strbuf list = {0};
    int n = 0;
    collect_unmet(&c, &p, f, &list, &n);
    free(binding);
    return split_lines(&list, n, out);
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
