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

/* ---- derived atoms: the basic atoms behind them ---- */

enum { MAX_BEHIND = 16 }; /* literals listed behind one unmet condition */

typedef struct {
    const pl_task *t;
    const uint64_t *state;
    unsigned char *seen; /* derived atoms explained already (natoms bytes) */
    int listed;
    strbuf *b;
} behind;

static void describe_derived(behind *w, int atom);

/* Lists a literal of an axiom body, and why it holds or fails when its atom
 * is derived (each derived atom explained once). */
static void behind_literal(behind *w, int atom, bool neg)
{
    if (w->listed == MAX_BEHIND)
        sb_add(w->b, ", ...");
    if (w->listed++ >= MAX_BEHIND)
        return;
    if (w->listed > 1 && w->b->len && w->b->buf[w->b->len - 1] != ' ')
        sb_add(w->b, ", ");
    sb_add(w->b, neg ? "(not " : "");
    sb_add(w->b, w->t->atoms[atom].name);
    sb_add(w->b, neg ? ")" : "");
    if (pl_task_atom_derived(w->t, atom) && !w->seen[atom])
        describe_derived(w, atom);
}

/* The literals that make ground condition `cond` hold (each conjunct, one
 * true disjunct) or fail (each false conjunct, every disjunct). */
static void behind_cond(behind *w, int cond, bool holds)
{
    if (cond < 0)
        return;
    const pl_gnode *n = &w->t->gnodes[cond];
    if (n->kind == PL_G_LIT) {
        behind_literal(w, n->atom, n->neg);
        return;
    }
    for (int i = 0; i < n->count; i++) {
        int kid = w->t->gkids[n->first + i];
        if (pl_task_cond_holds(w->t, kid, w->state) != holds)
            continue;
        behind_cond(w, kid, holds);
        if (holds && n->kind == PL_G_OR)
            return; /* one true disjunct is enough */
    }
}

/* " [derived (p ...) holds by L, ...]" (the body of an axiom that holds)
 * or " [derived (p ...) is false: unmet L, ...]" (every axiom's failing
 * literals). */
static void describe_derived(behind *w, int atom)
{
    const pl_task *t = w->t;
    bool holds = pl_state_has(w->state, atom);
    w->seen[atom] = 1;
    sb_add(w->b, " [derived ");
    sb_add(w->b, t->atoms[atom].name);
    sb_add(w->b, holds ? " holds by " : " is false: unmet ");
    int before = w->listed;
    for (int i = 0; i < t->naxioms; i++) {
        const pl_gaxiom *ax = &t->axioms[i];
        if (ax->head != atom || (holds && !pl_task_cond_holds(t, ax->body, w->state)))
            continue;
        behind_cond(w, ax->body, holds);
        if (holds)
            break;
    }
    if (w->listed == before)
        sb_add(w->b, holds ? "an axiom true in every state" : "no axiom");
    sb_addc(w->b, ']');
}

/* The first literal on a derived predicate that makes f (with polarity
 * `positive`) fail under c: its atom id (-2: never derivable, and then
 * *pred names it), or -1 when none does. */
static int failing_derived(pl_lift_ctx *c, const pl_formula *f, bool positive, int *pred);

static int failing_in_bindings(pl_lift_ctx *c, const pl_formula *f, int slot, bool positive, int *pred)
{
    if (slot == f->var_first + f->nvars)
        return pl_lift_eval(c, f->kids[0], positive) ? -1 : failing_derived(c, f->kids[0], positive, pred);
    int n;
    const int *objs = pl_task_objects_of(c->t, &c->vars[slot].types, &n);
    for (int i = 0; i < n; i++) {
        c->binding[slot] = objs[i];
        int a = failing_in_bindings(c, f, slot + 1, positive, pred);
        if (a != -1)
            return a;
    }
    return -1;
}

static int failing_derived(pl_lift_ctx *c, const pl_formula *f, bool positive, int *pred)
{
    switch (f->kind) {
    case PL_F_ATOM: {
        if (c->t->domain->pred_stratum[f->pred] < 0 || pl_lift_eval(c, f, positive))
            return -1;
        int key[PL_MAX_ARITY + 1];
        pl_lift_atom_key(c->binding, f->pred, f->args, f->nargs, key);
        int id = pl_hashmap_get(&c->t->atom_ids, key, f->nargs + 1);
        *pred = f->pred;
        return id >= 0 ? id : -2;
    }
    case PL_F_NOT:
        return failing_derived(c, f->kids[0], !positive, pred);
    case PL_F_AND:
    case PL_F_OR:
    case PL_F_IMPLY:
        for (int i = 0; i < f->nkids; i++) {
            bool kid_positive = f->kind == PL_F_IMPLY && i == 0 ? !positive : positive;
            int a = failing_derived(c, f->kids[i], kid_positive, pred);
            if (a != -1)
                return a;
        }
        return -1;
    case PL_F_EXISTS:
    case PL_F_FORALL:
        return failing_in_bindings(c, f, f->var_first, positive, pred);
    default:
        return -1;
    }
}

/* After an unmet condition whose failure comes from a derived atom:
 * " [derived (p ...) ...]" with the literals behind it. */
static void explain_derived(pl_lift_ctx *c, const pl_formula *f, strbuf *list)
{
    int pred = -1;
    int atom = c->state && c->t->naxioms ? failing_derived(c, f, true, &pred) : -1;
    if (atom == -2) {
        sb_add(list, " [derived ");
        sb_add(list, c->t->domain->preds[pred].name);
        sb_add(list, ": no axiom can make this atom true]");
    }
    if (atom < 0)
        return;
    behind w = {c->t, c->state, calloc((size_t)c->t->natoms + 1, 1), 0, list};
    if (w.seen)
        describe_derived(&w, atom);
    free(w.seen);
}

/* Appends each false top-level conjunct of f to list, NUL-terminated, with
 * the basic atoms behind a derived atom that makes it fail. */
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
    explain_derived(c, f, list);
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
