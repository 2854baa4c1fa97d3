/* Fact landmarks by backchaining, and the landmark-count heuristic. */
#include <stdlib.h>
#include <string.h>

#include "search/landmarks.h"

struct pl_landmarks {
    const pl_relaxed *r;      /* the heuristics' relaxation ("not p" atoms included) */
    int n;                    /* landmarks */
    int *atom;                /* per landmark: its relaxed atom */
    bool *goal;               /* per landmark: a goal atom */
    int *id_of;               /* per relaxed atom: its landmark, or -1 */
    int *child_start, *child; /* landmark i before child[child_start[i] .. child_start[i + 1]) */
    int words;
};

/* Does relaxed atom `atom` hold in `state`? */
static bool holds(const pl_relaxed *r, const uint64_t *state, int atom)
{
    int n = r->task->natoms;
    if (atom >= n + r->nnegated)
        return false; /* an auxiliary atom (a disjunction's): reached through its operators */
    return atom < n ? pl_state_has(state, atom) : !pl_state_has(state, r->negated_base[atom - n]);
}

/* Scratch of the backchaining. */
typedef struct {
    unsigned char *reached; /* per atom: reached by the exploration without p */
    int *stack;
    int *unsat;             /* per op */
    unsigned *excluded;     /* per op: == epoch when it adds p */
    unsigned epoch;
    int *shared;            /* per atom: how many first achievers need it */
    int *touched;
    long spent;
} scratch;

/* The relaxed exploration from `init` in which no operator adding p fires. */
static void explore_without(const pl_relaxed *r, const uint64_t *init, int p, scratch *w)
{
    w->epoch++;
    for (int i = 0; i < r->nadd_of[p]; i++)
        w->excluded[r->add_of[p][i]] = w->epoch;
    memset(w->reached, 0, (size_t)r->natoms);
    int top = 0;
    for (int a = 0; a < r->natoms; a++)
        if (holds(r, init, a)) {
            w->reached[a] = 1;
            w->stack[top++] = a;
        }
    for (int o = 0; o < r->nops; o++)
        w->unsat[o] = r->ops[o].npre;
    for (int i = 0; i < r->nno_pre; i++) {
        const pl_relaxed_op *op = &r->ops[r->no_pre_ops[i]];
        if (w->excluded[r->no_pre_ops[i]] == w->epoch)
            continue;
        for (int k = 0; k < op->neff; k++)
            if (!w->reached[op->eff[k]]) {
                w->reached[op->eff[k]] = 1;
                w->stack[top++] = op->eff[k];
            }
    }
    while (top) {
        int a = w->stack[--top];
        w->spent += r->npre_of[a];
        for (int i = 0; i < r->npre_of[a]; i++) {
            int o = r->pre_of[a][i];
            if (--w->unsat[o] || w->excluded[o] == w->epoch)
                continue;
            const pl_relaxed_op *op = &r->ops[o];
            for (int k = 0; k < op->neff; k++)
                if (!w->reached[op->eff[k]]) {
                    w->reached[op->eff[k]] = 1;
                    w->stack[top++] = op->eff[k];
                }
        }
    }
}

typedef struct {
    int *items;
    int count, cap;
} int_list;

static bool push(int_list *l, int v)
{
    if (l->count == l->cap) {
        int cap = l->cap ? l->cap * 2 : 64;
        int *items = realloc(l->items, (size_t)cap * sizeof *items);
        if (!items)
            return false;
        l->items = items;
        l->cap = cap;
    }
    l->items[l->count++] = v;
    return true;
}

/* Adds atom a as a landmark (if new) to lm's tables and the queue; its id, -1 on out of memory. */
static int add_landmark(pl_landmarks *lm, int_list *atoms, int a)
{
    if (lm->id_of[a] >= 0)
        return lm->id_of[a];
    if (!push(atoms, a))
        return -1;
    lm->id_of[a] = atoms->count - 1;
    return lm->id_of[a];
}

/* Backchains from landmark atom p: the preconditions shared by every
 * achiever that can come first become landmarks, ordered before p (the
 * pairs go to `edges`).  Returns false on out of memory. */
static bool backchain(pl_landmarks *lm, const uint64_t *init, int p, scratch *w, int_list *atoms, int_list *edges)
{
    const pl_relaxed *r = lm->r;
    explore_without(r, init, p, w);
    int first = 0, ntouched = 0;
    for (int i = 0; i < r->nadd_of[p]; i++) {
        const pl_relaxed_op *op = &r->ops[r->add_of[p][i]];
        bool possible = true;
        for (int k = 0; k < op->npre && possible; k++)
            possible = w->reached[op->pre[k]];
        if (!possible)
            continue;
        first++;
        for (int k = 0; k < op->npre; k++)
            if (w->shared[op->pre[k]]++ == 0)
                w->touched[ntouched++] = op->pre[k];
    }
    bool ok = true;
    for (int i = 0; i < ntouched; i++) {
        int q = w->touched[i];
        if (ok && first > 0 && w->shared[q] == first) {
            int from = add_landmark(lm, atoms, q);
            ok = from >= 0 && push(edges, from) && push(edges, lm->id_of[p]);
        }
        w->shared[q] = 0;
    }
    return ok;
}

/* The orderings as lists of children per landmark. */
static bool index_children(pl_landmarks *lm, const int_list *edges)
{
    lm->child_start = calloc((size_t)lm->n + 2, sizeof *lm->child_start);
    lm->child = malloc(((size_t)edges->count / 2 + 1) * sizeof *lm->child);
    if (!lm->child_start || !lm->child)
        return false;
    for (int i = 0; i < edges->count; i += 2)
        lm->child_start[edges->items[i] + 2]++;
    for (int i = 0; i <= lm->n; i++)
        lm->child_start[i + 1] += lm->child_start[i];
    for (int i = 0; i < edges->count; i += 2)
        lm->child[lm->child_start[edges->items[i] + 1]++] = edges->items[i + 1];
    return true;
}

pl_landmarks *pl_landmarks_new(const pl_relaxed *relaxed, const uint64_t *init, long budget)
{
    const pl_relaxed *r = relaxed->negated ? relaxed->negated : relaxed;
    const pl_task *t = r->task;
    pl_landmarks *lm = calloc(1, sizeof *lm);
    scratch w = {0};
    int_list atoms = {0}, edges = {0};
    int *goal = malloc(((size_t)t->natoms * 2 + 1) * sizeof *goal);
    if (lm) {
        lm->r = r;
        lm->id_of = malloc(((size_t)r->natoms + 1) * sizeof *lm->id_of);
    }
    w.reached = malloc((size_t)r->natoms + 1);
    w.stack = malloc(((size_t)r->natoms + 1) * sizeof *w.stack);
    w.unsat = malloc(((size_t)r->nops + 1) * sizeof *w.unsat);
    w.excluded = calloc((size_t)r->nops + 1, sizeof *w.excluded);
    w.shared = calloc((size_t)r->natoms + 1, sizeof *w.shared);
    w.touched = malloc(((size_t)r->natoms + 1) * sizeof *w.touched);
    bool ok = lm && goal && lm->id_of && w.reached && w.stack && w.unsat && w.excluded && w.shared && w.touched;
    int ngoal = ok ? pl_relaxed_goal_atoms(relaxed, t->goal, goal) : 0;
    for (int a = 0; ok && a < r->natoms; a++)
        lm->id_of[a] = -1;
    for (int i = 0; ok && i < ngoal; i++)
        ok = add_landmark(lm, &atoms, goal[i]) >= 0;
    /* breadth first from the goals: atoms.items is the queue */
    for (int next = 0; ok && next < atoms.count && (!budget || w.spent < budget); next++)
        if (!holds(r, init, atoms.items[next]))
            ok = backchain(lm, init, atoms.items[next], &w, &atoms, &edges);
    if (ok) {
        lm->n = atoms.count;
        lm->atom = atoms.items;
        atoms.items = NULL;
        lm->goal = calloc((size_t)lm->n + 1, sizeof *lm->goal);
        lm->words = (lm->n + 63) / 64;
        ok = lm->goal && index_children(lm, &edges);
        for (int i = 0; ok && i < ngoal; i++)
            lm->goal[lm->id_of[goal[i]]] = true;
    }
    if (!ok) {
        pl_landmarks_free(lm);
        lm = NULL;
    }
    free(goal);
    free(atoms.items);
    free(edges.items);
    free(w.reached);
    free(w.stack);
    free(w.unsat);
    free(w.excluded);
    free(w.shared);
    free(w.touched);
    return lm;
}

void pl_landmarks_free(pl_landmarks *l)
{
    if (!l)
        return;
    free(l->atom);
    free(l->goal);
    free(l->id_of);
    free(l->child_start);
    free(l->child);
    free(l);
}

int pl_landmarks_count(const pl_landmarks *l)
{
    return l->n;
}

int pl_landmarks_words(const pl_landmarks *l)
{
    return l->words;
}

bool pl_landmarks_has(const pl_landmarks *l, int atom)
{
    return atom >= 0 && atom < l->r->natoms && l->id_of[atom] >= 0;
}

void pl_landmarks_initial(const pl_landmarks *l, const uint64_t *state, uint64_t *reached)
{
    memset(reached, 0, (size_t)l->words * sizeof *reached);
    pl_landmarks_progress(l, reached, state, reached);
}

void pl_landmarks_progress(const pl_landmarks *l, const uint64_t *parent, const uint64_t *state, uint64_t *reached)
{
    if (reached != parent)
        memcpy(reached, parent, (size_t)l->words * sizeof *reached);
    for (int i = 0; i < l->n; i++)
        if (holds(l->r, state, l->atom[i]))
            reached[i >> 6] |= UINT64_C(1) << (i & 63);
}

int pl_landmarks_value(const pl_landmarks *l, const uint64_t *reached, const uint64_t *state)
{
    int value = 0;
    for (int i = 0; i < l->n; i++) {
        if (!pl_state_has(reached, i)) {
            value++;
            continue;
        }
        if (holds(l->r, state, l->atom[i]))
            continue;
        bool needed = l->goal[i];
        for (int k = l->child_start[i]; k < l->child_start[i + 1] && !needed; k++)
            needed = !pl_state_has(reached, l->child[k]);
        value += needed;
    }
    return value;
}
