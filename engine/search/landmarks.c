/* Fact landmarks by backchaining, their reasonable orderings, and the
 * landmark-count heuristic. */
#include <stdlib.h>
#include <string.h>

#include "search/landmark_orders.h"
#include "search/landmarks.h"

struct pl_landmarks {
    const pl_relaxed *r; /* the heuristics' relaxation ("not p" atoms included) */
    int n;               /* landmarks */
    int *atom;           /* per landmark: its relaxed atom */
    bool *goal;          /* per landmark: a goal atom */
    int *id_of;          /* per relaxed atom: its landmark, or -1 */
    pl_lm_adjacency gn_children;        /* greedy-necessary orderings, by their tail */
    pl_lm_adjacency parents;            /* every ordering, by its head */
    pl_lm_adjacency reasonable_parents; /* reasonable orderings, by their head */
    int nreasonable;
    int words;           /* per set; a status is two sets: past, then future */
};

/* Does relaxed atom `atom` hold in `state`?  An auxiliary atom (a
 * disjunction's, a universal quantifier's) holds when all preconditions of
 * one of its operators do; those name only later atoms, so this ends. */
static bool holds(const pl_relaxed *r, const uint64_t *state, int atom)
{
    int n = r->task->natoms;
    if (atom < n)
        return pl_state_has(state, atom);
    if (atom < n + r->nnegated)
        return !pl_state_has(state, r->negated_base[atom - n]);
    for (int i = 0; i < r->nadd_of[atom]; i++) {
        const pl_relaxed_op *op = &r->ops[r->add_of[atom][i]];
        bool all = true;
        for (int k = 0; k < op->npre && all; k++)
            all = holds(r, state, op->pre[k]);
        if (all)
            return true;
    }
    return false;
}

/* Scratch of the backchaining. */
typedef struct {
    unsigned char *initially; /* per atom: holds in the initial state */
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
static void explore_without(const pl_relaxed *r, int p, scratch *w)
{
    w->epoch++;
    for (int i = 0; i < r->nadd_of[p]; i++)
        w->excluded[r->add_of[p][i]] = w->epoch;
    memset(w->reached, 0, (size_t)r->natoms);
    int top = 0;
    for (int a = 0; a < r->natoms; a++)
        if (w->initially[a]) {
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
static bool backchain(pl_landmarks *lm, int p, scratch *w, int_list *atoms, int_list *edges)
{
    const pl_relaxed *r = lm->r;
    explore_without(r, p, w);
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

/* Orderings given as (tail, head) pairs, listed by tail (by_head false)
 * or by head. */
static bool index_edges(int n, const int_list *edges, bool by_head, pl_lm_adjacency *out)
{
    out->start = calloc((size_t)n + 2, sizeof *out->start);
    out->list = malloc(((size_t)edges->count / 2 + 1) * sizeof *out->list);
    if (!out->start || !out->list)
        return false;
    int key = by_head, value = !by_head;
    for (int i = 0; i < edges->count; i += 2)
        out->start[edges->items[i + key] + 2]++;
    for (int i = 0; i <= n; i++)
        out->start[i + 1] += out->start[i];
    for (int i = 0; i < edges->count; i += 2)
        out->list[out->start[edges->items[i + key] + 1]++] = edges->items[i + value];
    return true;
}

static void adjacency_free(pl_lm_adjacency *a)
{
    free(a->start);
    free(a->list);
}

/* h^2's mutexes for the reasonable orderings: the relaxation's when
 * computed, else computed here for tasks small enough (the table has
 * atoms^2 bits; h^2 ignores axioms, so not with derived atoms).  *own is
 * set when the caller frees it.  NULL: none. */
enum { MAX_MUTEX_ATOMS = 3000 };
static const pl_mutexes *mutexes_for(const pl_relaxed *relaxed, const uint64_t *init, pl_mutexes **own)
{
    *own = NULL;
    if (relaxed->mutexes)
        return relaxed->mutexes;
    const pl_task *t = relaxed->task;
    if (t->naxioms || t->natoms > MAX_MUTEX_ATOMS)
        return NULL;
    return *own = pl_mutexes_new(t, init);
}

/* The orderings indexed: greedy-necessary (`gn` pairs) by tail, reasonable
 * ones found from them by head, and all by head. */
static bool order(pl_landmarks *lm, const pl_relaxed *relaxed, const uint64_t *init, int_list *gn)
{
    pl_lm_adjacency gn_parents = {0};
    int_list reasonable = {0};
    pl_mutexes *own;
    const pl_mutexes *mx = mutexes_for(relaxed, init, &own);
    bool ok = index_edges(lm->n, gn, false, &lm->gn_children) && index_edges(lm->n, gn, true, &gn_parents) &&
              pl_lm_reasonable_orders(lm->r, mx, lm->n, lm->atom, lm->goal, &lm->gn_children, &gn_parents,
                                      &reasonable.items, &reasonable.count, &reasonable.cap) == 0 &&
              index_edges(lm->n, &reasonable, true, &lm->reasonable_parents);
    lm->nreasonable = reasonable.count / 2;
    for (int i = 0; ok && i < reasonable.count; i++)
        ok = push(gn, reasonable.items[i]);
    ok = ok && index_edges(lm->n, gn, true, &lm->parents);
    pl_mutexes_free(own);
    adjacency_free(&gn_parents);
    free(reasonable.items);
    return ok;
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
    w.initially = malloc((size_t)r->natoms + 1);
    w.reached = malloc((size_t)r->natoms + 1);
    w.stack = malloc(((size_t)r->natoms + 1) * sizeof *w.stack);
    w.unsat = malloc(((size_t)r->nops + 1) * sizeof *w.unsat);
    w.excluded = calloc((size_t)r->nops + 1, sizeof *w.excluded);
    w.shared = calloc((size_t)r->natoms + 1, sizeof *w.shared);
    w.touched = malloc(((size_t)r->natoms + 1) * sizeof *w.touched);
    bool ok = lm && goal && lm->id_of && w.initially && w.reached && w.stack && w.unsat && w.excluded &&
              w.shared && w.touched;
    int ngoal = ok ? pl_relaxed_goal_atoms(relaxed, t->goal, goal) : 0;
    for (int a = 0; ok && a < r->natoms; a++) {
        lm->id_of[a] = -1;
        w.initially[a] = holds(r, init, a);
    }
    for (int i = 0; ok && i < ngoal; i++)
        ok = add_landmark(lm, &atoms, goal[i]) >= 0;
    /* breadth first from the goals: atoms.items is the queue */
    for (int next = 0; ok && next < atoms.count && (!budget || w.spent < budget); next++)
        if (!w.initially[atoms.items[next]])
            ok = backchain(lm, atoms.items[next], &w, &atoms, &edges);
    if (ok) {
        lm->n = atoms.count;
        lm->atom = atoms.items;
        atoms.items = NULL;
        lm->goal = calloc((size_t)lm->n + 1, sizeof *lm->goal);
        lm->words = (lm->n + 63) / 64;
        ok = lm->goal != NULL;
        for (int i = 0; ok && i < ngoal; i++)
            lm->goal[lm->id_of[goal[i]]] = true;
        ok = ok && order(lm, relaxed, init, &edges);
    }
    if (!ok) {
        pl_landmarks_free(lm);
        lm = NULL;
    }
    free(goal);
    free(atoms.items);
    free(edges.items);
    free(w.initially);
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
    adjacency_free(&l->gn_children);
    adjacency_free(&l->parents);
    adjacency_free(&l->reasonable_parents);
    free(l);
}

int pl_landmarks_count(const pl_landmarks *l)
{
    return l->n;
}

int pl_landmarks_reasonable_count(const pl_landmarks *l)
{
    return l->nreasonable;
}

int pl_landmarks_words(const pl_landmarks *l)
{
    return 2 * l->words;
}

bool pl_landmarks_has(const pl_landmarks *l, int atom)
{
    return atom >= 0 && atom < l->r->natoms && l->id_of[atom] >= 0;
}

static inline void set_bit(uint64_t *set, int i)
{
    set[i >> 6] |= UINT64_C(1) << (i & 63);
}

/* The landmarks needed (again), added to the status's future set: goals
 * that do not hold, landmarks that must hold again before a
 * greedy-necessary child not yet past, and those with a reasonable parent
 * not yet past (to be achieved after it). */
static void add_needed(const pl_landmarks *l, const uint64_t *state, uint64_t *status)
{
    const uint64_t *past = status;
    uint64_t *future = status + l->words;
    for (int i = 0; i < l->n; i++) {
        if (pl_state_has(future, i))
            continue;
        bool needed = false;
        for (int k = l->reasonable_parents.start[i]; !needed && k < l->reasonable_parents.start[i + 1]; k++)
            needed = !pl_state_has(past, l->reasonable_parents.list[k]);
        bool may_need = l->goal[i];
        for (int k = l->gn_children.start[i]; !may_need && k < l->gn_children.start[i + 1]; k++)
            may_need = !pl_state_has(past, l->gn_children.list[k]);
        if (needed || (may_need && !holds(l->r, state, l->atom[i])))
            set_bit(future, i);
    }
}

void pl_landmarks_initial(const pl_landmarks *l, const uint64_t *state, uint64_t *status)
{
    uint64_t *past = status, *future = status + l->words;
    memset(status, 0, 2 * (size_t)l->words * sizeof *status);
    for (int i = 0; i < l->n; i++) {
        if (!holds(l->r, state, l->atom[i])) {
            set_bit(future, i);
            continue;
        }
        set_bit(past, i);
        /* holding before a parent does: to be achieved again after it */
        for (int k = l->parents.start[i]; k < l->parents.start[i + 1]; k++)
            if (!holds(l->r, state, l->atom[l->parents.list[k]])) {
                set_bit(future, i);
                break;
            }
    }
    add_needed(l, state, status);
}

void pl_landmarks_progress(const pl_landmarks *l, const uint64_t *parent, const uint64_t *parent_state,
                           const uint64_t *state, uint64_t *status)
{
    int words = l->words;
    uint64_t *past = status, *future = status + words;
    if (status != parent)
        memcpy(past, parent, (size_t)words * sizeof *past);
    for (int w = 0; w < words; w++) {
        uint64_t was_future = parent[words + w]; /* read first: status may be parent */
        future[w] = 0;
        for (; was_future; was_future &= was_future - 1) {
            int i = w * 64 + __builtin_ctzll(was_future);
            bool now = holds(l->r, state, l->atom[i]);
            if (now)
                set_bit(past, i);
            /* a future landmark stops being one when this step adds it */
            if (!now || holds(l->r, parent_state, l->atom[i]))
                set_bit(future, i);
        }
    }
    add_needed(l, state, status);
}

int pl_landmarks_value(const pl_landmarks *l, const uint64_t *status)
{
    int value = 0;
    const uint64_t *future = status + l->words;
    for (int w = 0; w < l->words; w++)
        value += __builtin_popcountll(future[w]);
    return value;
}
