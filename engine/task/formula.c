/* Lifted formula evaluation and ground conditions. */
#include <stdlib.h>
#include <string.h>

#include "task/internal.h"

void pl_lift_atom_key(const int *binding, int pred, const int *args, int nargs, int *key)
{
    key[0] = pred;
    for (int i = 0; i < nargs; i++)
        key[i + 1] = PL_TERM_IS_VAR(args[i]) ? binding[args[i]] : PL_TERM_OBJ_INDEX(args[i]);
}

static int term_value(const int *binding, int term)
{
    return PL_TERM_IS_VAR(term) ? binding[term] : PL_TERM_OBJ_INDEX(term);
}

/* Truth of an atom under the context's mode, before polarity. */
static bool atom_true(pl_lift_ctx *c, const pl_formula *f, bool positive)
{
    int key[256];
    pl_lift_atom_key(c->binding, f->pred, f->args, f->nargs, key);
    if (c->t->pred_static[f->pred])
        return pl_hashmap_get(&c->t->static_true, key, f->nargs + 1) >= 0;
    if (c->statics_only)
        return positive;
    if (c->relaxed && !positive)
        return false; /* so that the negation reads as true */
    int id = pl_hashmap_get(&c->t->atom_ids, key, f->nargs + 1);
    if (id < 0)
        return false;
    return c->state ? pl_state_has(c->state, id) : true;
}

/* Quantifiers: existential in the effective polarity = "some binding makes
 * the body evaluate to `want`". */
static bool some_binding(pl_lift_ctx *c, const pl_formula *f, int slot, bool body_positive)
{
    if (slot == f->var_first + f->nvars)
        return pl_lift_eval(c, f->kids[0], body_positive);
    int n;
    const int *objs = pl_task_objects_of(c->t, &c->vars[slot].types, &n);
    for (int i = 0; i < n; i++) {
        c->binding[slot] = objs[i];
        if (some_binding(c, f, slot + 1, body_positive))
            return true;
    }
    return false;
}

/* Universal counterpart: every binding makes the body evaluate true with the
 * given polarity.  (Not the negation of some_binding: in the relaxed and
 * statics-only modes a literal and its negation can both count as true.) */
static bool every_binding(pl_lift_ctx *c, const pl_formula *f, int slot, bool body_positive)
{
    if (slot == f->var_first + f->nvars)
        return pl_lift_eval(c, f->kids[0], body_positive);
    int n;
    const int *objs = pl_task_objects_of(c->t, &c->vars[slot].types, &n);
    for (int i = 0; i < n; i++) {
        c->binding[slot] = objs[i];
        if (!every_binding(c, f, slot + 1, body_positive))
            return false;
    }
    return true;
}

bool pl_lift_eval(pl_lift_ctx *c, const pl_formula *f, bool positive)
{
    switch (f->kind) {
    case PL_F_TRUE:
        return positive;
    case PL_F_FALSE:
        return !positive;
    case PL_F_ATOM:
        return atom_true(c, f, positive) == positive;
    case PL_F_EQ:
        return (term_value(c->binding, f->args[0]) == term_value(c->binding, f->args[1])) == positive;
    case PL_F_NOT:
        return pl_lift_eval(c, f->kids[0], !positive);
    case PL_F_AND:
    case PL_F_OR: {
        bool conj = (f->kind == PL_F_AND) == positive;
        for (int i = 0; i < f->nkids; i++)
            if (pl_lift_eval(c, f->kids[i], positive) != conj)
                return !conj;
        return conj;
    }
    case PL_F_IMPLY:
        if (positive)
            return pl_lift_eval(c, f->kids[0], false) || pl_lift_eval(c, f->kids[1], true);
        return pl_lift_eval(c, f->kids[0], true) && pl_lift_eval(c, f->kids[1], false);
    case PL_F_EXISTS:
    case PL_F_FORALL:
        /* exists+ / forall- : some binding; forall+ / exists- : every binding */
        if ((f->kind == PL_F_EXISTS) == positive)
            return some_binding(c, f, f->var_first, positive);
        return every_binding(c, f, f->var_first, positive);
    }
    return false;
}

/* ---- ground conditions ---- */

static int push_node(pl_gbuilder *b, pl_gnode node)
{
    pl_task *t = b->t;
    if (t->ngnodes == b->node_cap) {
        int cap = b->node_cap ? b->node_cap * 2 : 64;
        pl_gnode *g = realloc(t->gnodes, (size_t)cap * sizeof *g);
        if (!g)
            return PL_GF_FALSE;
        t->gnodes = g;
        b->node_cap = cap;
    }
    t->gnodes[t->ngnodes] = node;
    return t->ngnodes++;
}

int pl_gnode_lit(pl_gbuilder *b, int atom, bool neg)
{
    pl_gnode n = {PL_G_LIT, atom, neg, false, 0, 0};
    return push_node(b, n);
}

/* A junction's children, each with the universal node it came from (-1:
 * none; pl_gnode). */
typedef struct {
    int *ids, *quantifier;
    int count, cap;
} id_list;

static void id_push(id_list *l, int id, int quantifier)
{
    if (l->count == l->cap) {
        int cap = l->cap ? l->cap * 2 : 8;
        int *ids = realloc(l->ids, (size_t)cap * sizeof *ids);
        if (ids)
            l->ids = ids;
        int *q = realloc(l->quantifier, (size_t)cap * sizeof *q);
        if (q)
            l->quantifier = q;
        if (!ids || !q)
            return;
        l->cap = cap;
    }
    l->ids[l->count] = id;
    l->quantifier[l->count++] = quantifier;
}

static void id_free(id_list *l)
{
    free(l->ids);
    free(l->quantifier);
}

/* Adds a child to a junction being built; returns true when the junction is
 * decided (AND got false, OR got true). Nested junctions of the same kind are
 * spliced in. */
static bool junction_add(pl_gbuilder *b, id_list *kids, pl_gnode_kind kind, int id)
{
    int absorbing = kind == PL_G_AND ? PL_GF_FALSE : PL_GF_TRUE;
    int neutral = kind == PL_G_AND ? PL_GF_TRUE : PL_GF_FALSE;
    if (id == absorbing)
        return true;
    if (id == neutral)
        return false;
    const pl_gnode *n = &b->t->gnodes[id];
    if (n->kind == kind) {
        for (int i = 0; i < n->count; i++)
            id_push(kids, b->t->gkids[n->first + i], n->universal ? id : b->t->gkid_quantifier[n->first + i]);
    } else {
        id_push(kids, id, n->universal ? id : -1);
    }
    return false;
}

typedef struct {
    int key, at; /* a literal child's atom * 2 + sign, its place */
} literal_at;

static int by_key_then_place(const void *x, const void *y)
{
    const literal_at *a = x, *b = y;
    return a->key != b->key ? (a->key > b->key) - (a->key < b->key) : (a->at > b->at) - (a->at < b->at);
}

/* repeat[i]: child i is a literal an earlier child is too (a quantifier
 * whose body ignores its variable gives one per binding).  Readers that
 * list a node's literals (pl_cond_required_atoms) list each once, so their
 * output fits the task's atom count.  Returns false on out of memory. */
static bool mark_repeats(const pl_task *t, const int *kids, int n, unsigned char *repeat)
{
    memset(repeat, 0, (size_t)n);
    if (n <= 32) {
        for (int i = 1; i < n; i++) {
            const pl_gnode *x = &t->gnodes[kids[i]];
            for (int j = 0; x->kind == PL_G_LIT && j < i && !repeat[i]; j++) {
                const pl_gnode *y = &t->gnodes[kids[j]];
                repeat[i] = y->kind == PL_G_LIT && y->atom == x->atom && y->neg == x->neg;
            }
        }
        return true;
    }
    literal_at *lits = malloc((size_t)n * sizeof *lits);
    if (!lits)
        return false;
    int m = 0;
    for (int i = 0; i < n; i++) {
        const pl_gnode *x = &t->gnodes[kids[i]];
        if (x->kind == PL_G_LIT)
            lits[m++] = (literal_at){x->atom * 2 + x->neg, i};
    }
    qsort(lits, (size_t)m, sizeof *lits, by_key_then_place);
    for (int i = 1; i < m; i++)
        repeat[lits[i].at] = lits[i].key == lits[i - 1].key;
    free(lits);
    return true;
}

static int junction_finish(pl_gbuilder *b, id_list *kids, pl_gnode_kind kind, bool decided, bool universal)
{
    int result;
    if (decided)
        result = kind == PL_G_AND ? PL_GF_FALSE : PL_GF_TRUE;
    else if (kids->count == 0)
        result = kind == PL_G_AND ? PL_GF_TRUE : PL_GF_FALSE;
    else if (kids->count == 1) {
        result = kids->ids[0];
        if (universal) /* a quantifier with one binding: its body, built just now, carries the mark */
            b->t->gnodes[result].universal = true;
    }
    else {
        pl_task *t = b->t;
        if (t->ngkids + kids->count > b->kid_cap) {
            int cap = b->kid_cap ? b->kid_cap : 64;
            while (cap < t->ngkids + kids->count)
                cap *= 2;
            int *k = realloc(t->gkids, (size_t)cap * sizeof *k);
            if (k)
                t->gkids = k;
            int *q = realloc(t->gkid_quantifier, (size_t)cap * sizeof *q);
            if (q)
                t->gkid_quantifier = q;
            unsigned char *r = realloc(t->gkid_repeat, (size_t)cap);
            if (r)
                t->gkid_repeat = r;
            if (!k || !q || !r) {
                id_free(kids);
                return PL_GF_FALSE;
            }
            b->kid_cap = cap;
        }
        memcpy(t->gkids + t->ngkids, kids->ids, (size_t)kids->count * sizeof *kids->ids);
        memcpy(t->gkid_quantifier + t->ngkids, kids->quantifier, (size_t)kids->count * sizeof *kids->quantifier);
        if (!mark_repeats(t, kids->ids, kids->count, t->gkid_repeat + t->ngkids)) {
            id_free(kids);
            return PL_GF_FALSE;
        }
        pl_gnode n = {kind, -1, false, universal, t->ngkids, kids->count};
        t->ngkids += kids->count;
        result = push_node(b, n);
    }
    id_free(kids);
    return result;
}

static bool ground_quantified(pl_gbuilder *b, const pl_formula *f, int *binding, int slot,
                              bool positive, id_list *kids, pl_gnode_kind kind)
{
    if (slot == f->var_first + f->nvars)
        return junction_add(b, kids, kind, pl_ground_cond(b, f->kids[0], binding, positive));
    int n;
    const int *objs = pl_task_objects_of(b->t, &b->vars[slot].types, &n);
    for (int i = 0; i < n; i++) {
        binding[slot] = objs[i];
        if (ground_quantified(b, f, binding, slot + 1, positive, kids, kind))
            return true;
    }
    return false;
}

int pl_ground_cond(pl_gbuilder *b, const pl_formula *f, int *binding, bool positive)
{
    pl_task *t = b->t;
    switch (f->kind) {
    case PL_F_TRUE:
        return positive ? PL_GF_TRUE : PL_GF_FALSE;
    case PL_F_FALSE:
        return positive ? PL_GF_FALSE : PL_GF_TRUE;
    case PL_F_EQ: {
        bool eq = term_value(binding, f->args[0]) == term_value(binding, f->args[1]);
        return eq == positive ? PL_GF_TRUE : PL_GF_FALSE;
    }
    case PL_F_ATOM: {
        int key[256];
        pl_lift_atom_key(binding, f->pred, f->args, f->nargs, key);
        if (t->pred_static[f->pred]) {
            bool v = pl_hashmap_get(&t->static_true, key, f->nargs + 1) >= 0;
            return v == positive ? PL_GF_TRUE : PL_GF_FALSE;
        }
        int id = pl_hashmap_get(&t->atom_ids, key, f->nargs + 1);
        if (id < 0) /* never reachable: always false */
            return positive ? PL_GF_FALSE : PL_GF_TRUE;
        return pl_gnode_lit(b, id, !positive);
    }
    case PL_F_NOT:
        return pl_ground_cond(b, f->kids[0], binding, !positive);
    case PL_F_AND:
    case PL_F_OR: {
        pl_gnode_kind kind = (f->kind == PL_F_AND) == positive ? PL_G_AND : PL_G_OR;
        id_list kids = {0};
        bool decided = false;
        for (int i = 0; i < f->nkids && !decided; i++)
            decided = junction_add(b, &kids, kind, pl_ground_cond(b, f->kids[i], binding, positive));
        return junction_finish(b, &kids, kind, decided, false);
    }
    case PL_F_IMPLY: {
        pl_gnode_kind kind = positive ? PL_G_OR : PL_G_AND;
        id_list kids = {0};
        bool decided = junction_add(b, &kids, kind, pl_ground_cond(b, f->kids[0], binding, !positive));
        if (!decided)
            decided = junction_add(b, &kids, kind, pl_ground_cond(b, f->kids[1], binding, positive));
        return junction_finish(b, &kids, kind, decided, false);
    }
    case PL_F_EXISTS:
    case PL_F_FORALL: {
        pl_gnode_kind kind = (f->kind == PL_F_FORALL) == positive ? PL_G_AND : PL_G_OR;
        id_list kids = {0};
        bool decided = ground_quantified(b, f, binding, f->var_first, positive, &kids, kind);
        return junction_finish(b, &kids, kind, decided, kind == PL_G_AND);
    }
    }
    return PL_GF_FALSE;
}

bool pl_task_cond_holds(const pl_task *t, int cond, const uint64_t *state)
{
    if (cond == PL_GF_TRUE)
        return true;
    if (cond == PL_GF_FALSE)
        return false;
    const pl_gnode *n = &t->gnodes[cond];
    if (n->kind == PL_G_LIT)
        return pl_state_has(state, n->atom) != n->neg;
    bool conj = n->kind == PL_G_AND;
    for (int i = 0; i < n->count; i++)
        if (pl_task_cond_holds(t, t->gkids[n->first + i], state) != conj)
            return !conj;
    return conj;
}

int pl_ground_and(pl_gbuilder *b, int x, int y)
{
    id_list kids = {0};
    bool decided = junction_add(b, &kids, PL_G_AND, x);
    if (!decided)
        decided = junction_add(b, &kids, PL_G_AND, y);
    return junction_finish(b, &kids, PL_G_AND, decided, false);
}

/* The literals of sign `neg` a ground condition requires in every case. */
static int required_literals(const pl_task *t, int cond, bool neg, int *out)
{
    if (cond < 0)
        return 0;
    const pl_gnode *n = &t->gnodes[cond];
    if (n->kind == PL_G_LIT) {
        if (n->neg != neg)
            return 0;
        out[0] = n->atom;
        return 1;
    }
    if (n->kind == PL_G_OR)
        return 0;
    int k = 0;
    for (int i = 0; i < n->count; i++) {
        const pl_gnode *c = &t->gnodes[t->gkids[n->first + i]];
        if (c->kind == PL_G_LIT && c->neg == neg && !t->gkid_repeat[n->first + i])
            out[k++] = c->atom;
    }
    return k;
}

int pl_cond_required_atoms(const pl_task *t, int cond, int *out)
{
    return required_literals(t, cond, false, out);
}

int pl_cond_required_false(const pl_task *t, int cond, int *out)
{
    return required_literals(t, cond, true, out);
}
