/* Ground conditions as relaxed atoms (relaxed_conditions.h). */
#include <stdlib.h>
#include <string.h>

#include "search/relaxed_conditions.h"

typedef struct {
    int *v;
    int n, cap;
} ilist;

static int push(int **v, int *n, int *cap, int x)
{
    if (*n == *cap) {
        int c = *cap ? *cap * 2 : 16;
        int *nv = realloc(*v, (size_t)c * sizeof *nv);
        if (!nv)
            return -1;
        *v = nv;
        *cap = c;
    }
    (*v)[(*n)++] = x;
    return 0;
}

static int ipush(ilist *l, int x)
{
    return push(&l->v, &l->n, &l->cap, x);
}

static const int *kids(const pl_task *t, const pl_gnode *g)
{
    return t->gkids + g->first;
}

/* The axioms of each derived atom: axioms_of[start[d] .. start[d + 1]). */
typedef struct {
    int *start, *axioms_of;
} by_head;

static int index_heads(const pl_task *t, by_head *b)
{
    b->start = calloc((size_t)t->natoms + 2, sizeof *b->start);
    b->axioms_of = malloc(((size_t)t->naxioms + 1) * sizeof *b->axioms_of);
    if (!b->start || !b->axioms_of)
        return -1;
    for (int i = 0; i < t->naxioms; i++)
        b->start[t->axioms[i].head + 2]++;
    for (int a = 0; a < t->natoms; a++)
        b->start[a + 2] += b->start[a + 1];
    for (int i = 0; i < t->naxioms; i++)
        b->axioms_of[b->start[t->axioms[i].head + 1]++] = i;
    return 0;
}

/* Appends to deps the derived atoms a condition reads positively (with
 * polarity `neg` flipped). */
static int positive_derived(const pl_task *t, int cond, bool neg, ilist *deps)
{
    if (cond < 0)
        return 0;
    const pl_gnode *g = &t->gnodes[cond];
    if (g->kind == PL_G_LIT)
        return g->neg == neg && pl_task_atom_derived(t, g->atom) ? ipush(deps, g->atom) : 0;
    for (int i = 0; i < g->count; i++)
        if (positive_derived(t, kids(t, g)[i], neg, deps) < 0)
            return -1;
    return 0;
}

/* Per atom: a derived atom on a cycle of positive dependencies through
 * other derived atoms (a strongly connected component of more than one),
 * whose "not d" Fast Downward reaches unconditionally.  Tarjan's algorithm,
 * iterative. */
static unsigned char *derived_cycles(const pl_task *t, const by_head *b)
{
    int n = t->natoms;
    unsigned char *cyclic = calloc((size_t)n + 1, 1);
    int *index = malloc(((size_t)n + 1) * sizeof *index), *low = malloc(((size_t)n + 1) * sizeof *low);
    int *edge_start = calloc((size_t)n + 2, sizeof *edge_start);
    unsigned char *on_stack = calloc((size_t)n + 1, 1);
    ilist edges = {0}, stack = {0}, call = {0}, call_edge = {0};
    bool ok = cyclic && index && low && edge_start && on_stack;
    for (int d = 0; ok && d < n; d++) {
        edge_start[d] = edges.n;
        for (int k = b->start[d]; ok && k < b->start[d + 1]; k++)
            ok = positive_derived(t, t->axioms[b->axioms_of[k]].body, false, &edges) == 0;
    }
    if (ok)
        edge_start[n] = edges.n;
    for (int d = 0; ok && d < n; d++)
        index[d] = -1;
    int counter = 0;
    for (int root = 0; ok && root < n; root++) {
        if (index[root] >= 0 || b->start[root] == b->start[root + 1])
            continue;
        ok = ipush(&call, root) == 0 && ipush(&call_edge, edge_start[root]) == 0 && ipush(&stack, root) == 0;
        index[root] = low[root] = counter++;
        on_stack[root] = 1;
        while (ok && call.n) {
            int v = call.v[call.n - 1], *e = &call_edge.v[call_edge.n - 1];
            if (*e < edge_start[v + 1]) {
                int w = edges.v[(*e)++];
                if (index[w] < 0) {
                    index[w] = low[w] = counter++;
                    on_stack[w] = 1;
                    ok = ipush(&stack, w) == 0 && ipush(&call, w) == 0 && ipush(&call_edge, edge_start[w]) == 0;
                } else if (on_stack[w] && index[w] < low[v]) {
                    low[v] = index[w];
                }
                continue;
            }
            call.n--;
            call_edge.n--;
            if (call.n && low[v] < low[call.v[call.n - 1]])
                low[call.v[call.n - 1]] = low[v];
            if (low[v] != index[v])
                continue;
            int size = 0, at = stack.n;
            do
                size++;
            while (stack.v[--at] != v);
            for (int i = at; i < stack.n; i++) {
                on_stack[stack.v[i]] = 0;
                cyclic[stack.v[i]] = size > 1;
            }
            stack.n = at;
        }
    }
    free(index);
    free(low);
    free(edge_start);
    free(on_stack);
    free(edges.v);
    free(stack.v);
    free(call.v);
    free(call_edge.v);
    if (!ok) {
        free(cyclic);
        return NULL;
    }
    return cyclic;
}

struct pl_rc {
    const pl_task *t;
    const int *negated_of;
    int next_atom, first_aux;
    int false_atom;        /* an atom no operator reaches (-1 until needed) */
    ilist aux_kind;        /* per auxiliary atom (from first_aux on): its pl_rc_aux_kind */
    int *memo[2];          /* per ground node and polarity: its disjunction's atom, or -1 */
    int *quantifier_memo;  /* per universal ground node: its atom, or -1 */
    by_head heads;
    unsigned char *cyclic;
    unsigned char *queued; /* per atom: its "not d" operator is pending or built */
    ilist pending;
    ilist op_start, op_pre, op_eff;
};

/* ---- discovery ---- */

typedef struct {
    const pl_task *t;
    unsigned char *needs_not, *seen[2], *walked, *cyclic;
    by_head heads;
    ilist queue;
    bool needs_aux;
} finder;

static int find_literal(finder *f, int atom, bool negated)
{
    if (!negated)
        return 0;
    f->needs_not[atom] = 1;
    if (!pl_task_atom_derived(f->t, atom) || f->cyclic[atom] || f->walked[atom])
        return 0;
    f->walked[atom] = 1;
    return ipush(&f->queue, atom);
}

static int find(finder *f, int cond, bool neg)
{
    if (cond < 0)
        return 0;
    if (f->seen[neg][cond])
        return 0;
    f->seen[neg][cond] = 1;
    const pl_gnode *g = &f->t->gnodes[cond];
    if (!neg && g->universal)
        f->needs_aux = true;
    if (g->kind == PL_G_LIT)
        return find_literal(f, g->atom, g->neg != neg);
    if ((g->kind == PL_G_OR) != neg)
        f->needs_aux = true;
    for (int i = 0; i < g->count; i++) {
        if (!neg && f->t->gkid_quantifier[g->first + i] >= 0)
            f->needs_aux = true; /* a quantifier spliced in */
        if (find(f, kids(f->t, g)[i], neg) < 0)
            return -1;
    }
    return 0;
}

static int find_all(finder *f)
{
    const pl_task *t = f->t;
    for (int a = 0; a < t->nactions; a++) {
        const pl_gaction *ga = &t->actions[a];
        if (find(f, ga->grounded_pre, false) < 0)
            return -1;
        for (int i = 0; i < ga->neffs; i++)
            if (find(f, ga->effs[i].cond, false) < 0)
                return -1;
    }
    for (int i = 0; i < t->naxioms; i++)
        if (find(f, t->axioms[i].body, false) < 0)
            return -1;
    if (find(f, t->goal, false) < 0)
        return -1;
    for (int q = 0; q < f->queue.n; q++) {
        int d = f->queue.v[q];
        for (int k = f->heads.start[d]; k < f->heads.start[d + 1]; k++)
            if (find(f, t->axioms[f->heads.axioms_of[k]].body, true) < 0)
                return -1;
        if (f->heads.start[d] < f->heads.start[d + 1] - 1)
            f->needs_aux = true; /* not d: a conjunction of negated bodies, each a disjunction */
    }
    return 0;
}

int pl_rc_discover(const pl_task *t, unsigned char *needs_not, bool *needs_aux)
{
    finder f = {.t = t, .needs_not = needs_not};
    size_t nodes = (size_t)t->ngnodes + 1;
    f.seen[0] = calloc(nodes, 1);
    f.seen[1] = calloc(nodes, 1);
    f.walked = calloc((size_t)t->natoms + 1, 1);
    int rc = -1;
    if (f.seen[0] && f.seen[1] && f.walked && index_heads(t, &f.heads) == 0 &&
        (f.cyclic = derived_cycles(t, &f.heads)) != NULL)
        rc = find_all(&f);
    *needs_aux = f.needs_aux;
    free(f.seen[0]);
    free(f.seen[1]);
    free(f.walked);
    free(f.cyclic);
    free(f.heads.start);
    free(f.heads.axioms_of);
    free(f.queue.v);
    return rc;
}

/* ---- compilation ---- */

pl_rc *pl_rc_new(const pl_task *t, const int *negated_of, int first_aux)
{
    pl_rc *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->t = t;
    c->negated_of = negated_of;
    c->next_atom = first_aux;
    c->first_aux = first_aux;
    c->false_atom = -1;
    size_t nodes = (size_t)t->ngnodes + 1;
    c->memo[0] = malloc(nodes * sizeof *c->memo[0]);
    c->memo[1] = malloc(nodes * sizeof *c->memo[1]);
    c->quantifier_memo = malloc(nodes * sizeof *c->quantifier_memo);
    c->queued = calloc((size_t)t->natoms + 1, 1);
    if (!c->memo[0] || !c->memo[1] || !c->quantifier_memo || !c->queued || index_heads(t, &c->heads) < 0 ||
        !(c->cyclic = derived_cycles(t, &c->heads)) || ipush(&c->op_start, 0) < 0) {
        pl_rc_free(c);
        return NULL;
    }
    for (size_t i = 0; i < nodes; i++)
        c->memo[0][i] = c->memo[1][i] = c->quantifier_memo[i] = -1;
    return c;
}

void pl_rc_free(pl_rc *c)
{
    if (!c)
        return;
    free(c->memo[0]);
    free(c->memo[1]);
    free(c->quantifier_memo);
    free(c->heads.start);
    free(c->heads.axioms_of);
    free(c->cyclic);
    free(c->queued);
    free(c->pending.v);
    free(c->op_start.v);
    free(c->op_pre.v);
    free(c->op_eff.v);
    free(c->aux_kind.v);
    free(c);
}

static int add_aux_op(pl_rc *c, const ilist *pre, int eff)
{
    for (int i = 0; i < pre->n; i++)
        if (ipush(&c->op_pre, pre->v[i]) < 0)
            return -1;
    return ipush(&c->op_start, c->op_pre.n) < 0 || ipush(&c->op_eff, eff) < 0 ? -1 : 0;
}

int pl_rc_literal(pl_rc *c, int atom, bool negated, int **out, int *n, int *cap)
{
    if (!negated)
        return push(out, n, cap, atom);
    int not_atom = c->negated_of[atom];
    if (not_atom < 0)
        return 0; /* no condition was found to read it: dropped */
    if (pl_task_atom_derived(c->t, atom) && !c->queued[atom]) {
        c->queued[atom] = 1;
        if (ipush(&c->pending, atom) < 0)
            return -1;
    }
    return push(out, n, cap, not_atom);
}

/* A new auxiliary atom of `kind`, or -1 on out of memory. */
static int new_aux(pl_rc *c, pl_rc_aux_kind kind)
{
    return ipush(&c->aux_kind, (int)kind) < 0 ? -1 : c->next_atom++;
}

static int compile(pl_rc *c, int cond, bool neg, ilist *out);
static int body(pl_rc *c, int cond, bool neg, ilist *out);
static int quantifier(pl_rc *c, int node);

/* A disjunction (of the node's children under polarity neg): its atom,
 * with one operator per disjunct the first time. */
static int disjunction(pl_rc *c, int cond, bool neg)
{
    int *memo = &c->memo[neg][cond];
    if (*memo >= 0)
        return *memo;
    int atom = *memo = new_aux(c, PL_RC_EITHER);
    if (atom < 0)
        return -1;
    const pl_gnode *g = &c->t->gnodes[cond];
    ilist pre = {0};
    int rc = 0;
    for (int i = 0; rc == 0 && i < g->count; i++) {
        pre.n = 0;
        rc = compile(c, kids(c->t, g)[i], neg, &pre);
        if (rc == 0)
            rc = add_aux_op(c, &pre, atom);
    }
    free(pre.v);
    return rc < 0 ? -1 : atom;
}

/* The children of AND node `cond` (polarity positive) into out: each
 * universal quantifier spliced into it as its one atom. */
static int conjunction(pl_rc *c, int cond, ilist *out)
{
    const pl_gnode *g = &c->t->gnodes[cond];
    const int *from = c->t->gkid_quantifier + g->first;
    for (int i = 0; i < g->count; i++) {
        if (from[i] < 0) {
            if (compile(c, kids(c->t, g)[i], false, out) < 0)
                return -1;
        } else if (i == 0 || from[i - 1] != from[i]) { /* a quantifier's children are spliced side by side */
            int atom = quantifier(c, from[i]);
            if (atom < 0 || ipush(out, atom) < 0)
                return -1;
        }
    }
    return 0;
}

/* A universal quantifier (its node, polarity positive): its atom, with one
 * operator from its body the first time, as Fast Downward's translator makes
 * each universal condition a derived atom.  Its cost is its body's, counted
 * apart from the rest of the condition (an atom it shares with the rest is
 * paid twice by h_add, as there). */
static int quantifier(pl_rc *c, int node)
{
    int *memo = &c->quantifier_memo[node];
    if (*memo >= 0)
        return *memo;
    int atom = *memo = new_aux(c, PL_RC_ALL);
    if (atom < 0)
        return -1;
    ilist pre = {0};
    int rc = body(c, node, false, &pre);
    if (rc == 0)
        rc = add_aux_op(c, &pre, atom);
    free(pre.v);
    return rc < 0 ? -1 : atom;
}

static int compile(pl_rc *c, int cond, bool neg, ilist *out)
{
    if (cond == PL_GF_TRUE || cond == PL_GF_FALSE) {
        if ((cond == PL_GF_TRUE) != neg)
            return 0;
        if (c->false_atom < 0 && (c->false_atom = new_aux(c, PL_RC_FALSE)) < 0)
            return -1;
        return ipush(out, c->false_atom);
    }
    if (!neg && c->t->gnodes[cond].universal) {
        int atom = quantifier(c, cond);
        return atom < 0 ? -1 : ipush(out, atom);
    }
    return body(c, cond, neg, out);
}

/* Node `cond` compiled as a condition, whether or not it is a quantifier. */
static int body(pl_rc *c, int cond, bool neg, ilist *out)
{
    const pl_gnode *g = &c->t->gnodes[cond];
    if (g->kind == PL_G_LIT)
        return pl_rc_literal(c, g->atom, g->neg != neg, &out->v, &out->n, &out->cap);
    if ((g->kind == PL_G_OR) != neg) {
        int atom = disjunction(c, cond, neg);
        return atom < 0 ? -1 : ipush(out, atom);
    }
    if (!neg)
        return conjunction(c, cond, out);
    for (int i = 0; i < g->count; i++)
        if (compile(c, kids(c->t, g)[i], neg, out) < 0)
            return -1;
    return 0;
}

int pl_rc_compile(pl_rc *c, int cond, int **out, int *n, int *cap)
{
    ilist l = {*out, *n, *cap};
    int rc = compile(c, cond, false, &l);
    *out = l.v;
    *n = l.n;
    *cap = l.cap;
    return rc;
}

int pl_rc_finish(pl_rc *c)
{
    ilist pre = {0};
    int rc = 0;
    for (int q = 0; rc == 0 && q < c->pending.n; q++) {
        int d = c->pending.v[q];
        pre.n = 0;
        if (!c->cyclic[d])
            for (int k = c->heads.start[d]; rc == 0 && k < c->heads.start[d + 1]; k++)
                rc = compile(c, c->t->axioms[c->heads.axioms_of[k]].body, true, &pre);
        if (rc == 0)
            rc = add_aux_op(c, &pre, c->negated_of[d]);
    }
    free(pre.v);
    return rc;
}

int pl_rc_nops(const pl_rc *c)
{
    return c->op_eff.n;
}

const int *pl_rc_op_pre(const pl_rc *c, int op, int *npre)
{
    *npre = c->op_start.v[op + 1] - c->op_start.v[op];
    return c->op_pre.v + c->op_start.v[op];
}

int pl_rc_op_eff(const pl_rc *c, int op)
{
    return c->op_eff.v[op];
}

int pl_rc_end_atom(const pl_rc *c)
{
    return c->next_atom;
}

pl_rc_aux_kind pl_rc_atom_kind(const pl_rc *c, int atom)
{
    return (pl_rc_aux_kind)c->aux_kind.v[atom - c->first_aux];
}
