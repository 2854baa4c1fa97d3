/* Lazy greedy best-first search with preferred operators, as the first
 * iteration of LAMA (Fast Downward's lama-first): h_FF and, with
 * p->landmarks, the landmark-count heuristic, both with unit action costs,
 * each with an open list of every successor and one of the preferred
 * successors (reached by a helpful action of h_FF), taken in alternation
 * (the list taken least often goes next); each time a heuristic reaches a
 * value better than any before, the preferred lists are boosted (taken the
 * next 1,000 times first).  Lazy: a successor goes into the lists with its
 * parent's values and is evaluated only when taken out; states seen before
 * are not reopened.  Ties within a list: first in, first out. */
#include <stdlib.h>
#include <string.h>

#include "base/heap.h"
#include "search/landmarks.h"
#include "search/lazy.h"
#include "search/registry.h"
#include "search/successors.h"

enum { BOOST = 1000, MAX_LISTS = 4, SEQ_BITS = 40 };

typedef struct {
    pl_heap heap;   /* key: h << SEQ_BITS | insertion number; value: an edge */
    bool preferred; /* only preferred successors */
    int heuristic;  /* 0: h_FF, 1: landmark count */
    long priority;  /* times taken, less the boosts */
} open_list;

typedef struct {
    int parent, action;
} edge;

typedef struct {
    int parent, action; /* side by side: pl_search_path reads them */
    long long g;        /* real cost */
} node;

typedef struct {
    const pl_task *t;
    const pl_relaxed *r;
    const pl_search_params *p;
    pl_search_result *out;
    pl_registry reg;
    node *nodes;
    int ncap;
    edge *edges;
    long nedges, edge_cap;
    open_list lists[MAX_LISTS];
    int nlists;
    uint64_t seq;
    pl_heuristic *ff;
    pl_landmarks *lm;
    uint64_t *lm_status; /* landmark status (past, future), per stored state */
    uint64_t *succ;
    int *applicable;
    bool *preferred;     /* per action, for the expanded state */
    int best[2];         /* the best value of each heuristic so far */
    size_t held;
    double start;
} lazy;

static size_t footprint(const lazy *s)
{
    size_t heaps = 0;
    for (int i = 0; i < s->nlists; i++)
        heaps += (size_t)pl_heap_next_capacity(&s->lists[i].heap) * sizeof(pl_heap_item);
    int words = s->lm ? pl_landmarks_words(s->lm) : 0;
    size_t states = (size_t)(s->reg.count + 1) * 2;
    return pl_registry_next_bytes(&s->reg) + states * (sizeof(node) + (size_t)words * sizeof(uint64_t)) +
           (size_t)(s->edge_cap ? s->edge_cap * 2 : 4096) * sizeof(edge) + heaps;
}

/* Reserves what the tables may hold before they next grow; false past the bound. */
static bool reserve(lazy *s)
{
    size_t want = footprint(s);
    if (want <= s->held)
        return true;
    if (!pl_search_reserve_bytes(want - s->held, s->p->max_bytes))
        return false;
    s->held = want;
    return true;
}

static bool push_edge(lazy *s, int parent, int action, const int *h, bool preferred)
{
    if (s->nedges == s->edge_cap) {
        long cap = s->edge_cap ? s->edge_cap * 2 : 4096;
        edge *e = realloc(s->edges, (size_t)cap * sizeof *e);
        if (!e)
            return false;
        s->edges = e;
        s->edge_cap = cap;
    }
    int id = (int)s->nedges++;
    s->edges[id] = (edge){parent, action};
    uint64_t seq = s->seq++ & ((UINT64_C(1) << SEQ_BITS) - 1);
    for (int i = 0; i < s->nlists; i++) {
        open_list *l = &s->lists[i];
        if (l->preferred && !preferred)
            continue;
        if (!pl_heap_push(&l->heap, (uint64_t)h[l->heuristic] << SEQ_BITS | seq, id))
            return false;
    }
    return true;
}

/* The next edge: from the non-empty list taken least often; -1 when all are empty. */
static int pop_edge(lazy *s)
{
    int best = -1;
    for (int i = 0; i < s->nlists; i++)
        if (s->lists[i].heap.count && (best < 0 || s->lists[i].priority < s->lists[best].priority))
            best = i;
    if (best < 0)
        return -1;
    s->lists[best].priority++;
    return pl_heap_pop(&s->lists[best].heap).value;
}

static bool ensure_nodes(lazy *s)
{
    if (s->reg.count <= s->ncap)
        return true;
    int cap = s->ncap ? s->ncap * 2 : 1024;
    node *nodes = realloc(s->nodes, (size_t)cap * sizeof *nodes);
    if (!nodes)
        return false;
    s->nodes = nodes;
    if (s->lm) {
        size_t words = (size_t)pl_landmarks_words(s->lm);
        uint64_t *status = realloc(s->lm_status, (size_t)cap * words * sizeof *status + 1);
        if (!status)
            return false;
        s->lm_status = status;
    }
    s->ncap = cap;
    return true;
}

static void extract_plan(lazy *s, int id)
{
    s->out->plan = pl_search_path(&s->nodes[0].parent, sizeof *s->nodes, id, &s->out->plan_length);
    s->out->cost = s->nodes[id].g;
    s->out->status = s->out->plan ? PL_SEARCH_SOLVED : PL_SEARCH_ERROR;
}

static bool limit_hit(lazy *s)
{
    const pl_search_params *p = s->p;
    pl_search_result *out = s->out;
    const char *why = NULL;
    if (p->max_expansions && out->expansions >= p->max_expansions)
        why = "expansions";
    else if ((out->evaluated & 15) == 0 && p->max_seconds > 0 && pl_search_cpu_seconds() - s->start > p->max_seconds)
        why = "time";
    else if ((out->evaluated & 15) == 0 && pl_search_stop_requested())
        why = "stopped";
    else if (p->max_states && s->reg.count > p->max_states)
        why = "states";
    if (why) {
        out->status = PL_SEARCH_LIMIT;
        out->limit = why;
    }
    return why != NULL;
}

static void report(lazy *s, bool better)
{
    pl_search_result *out = s->out;
    if (!s->p->progress || (!better && (out->expansions & 127)))
        return;
    pl_search_progress at = {out->expansions, out->evaluated, out->generated, s->best[0], better, s->held,
                             pl_search_cpu_seconds() - s->start};
    s->p->progress(&at, s->p->progress_ctx);
}

/* Evaluates the new stored state `id` into h (h_FF, landmarks) and marks
 * h_FF's helpful actions; false for a dead end. */
static bool evaluate(lazy *s, int id, int parent, int *h)
{
    const uint64_t *state = pl_registry_state(&s->reg, id);
    s->out->evaluated++;
    h[0] = pl_heuristic_eval(s->ff, state);
    h[1] = 0;
    if (s->lm) {
        size_t words = (size_t)pl_landmarks_words(s->lm);
        uint64_t *status = s->lm_status + (size_t)id * words;
        if (parent < 0)
            pl_landmarks_initial(s->lm, state, status);
        else
            pl_landmarks_progress(s->lm, s->lm_status + (size_t)parent * words, pl_registry_state(&s->reg, parent),
                                  state, status);
        h[1] = pl_landmarks_value(s->lm, status);
    }
    return h[0] != PL_H_INF;
}

/* Expands the stored state `id` with values h: its successors go into
 * the open lists with the parent's values. */
static bool expand(lazy *s, int id, const int *h)
{
    const int *pref;
    int npref = pl_heuristic_preferred(s->ff, &pref);
    for (int i = 0; i < npref; i++)
        s->preferred[pref[i]] = true;
    int n = pl_successors_applicable(s->r->successors, pl_registry_state(&s->reg, id), s->applicable);
    bool ok = true;
    for (int i = 0; i < n && ok; i++)
        ok = push_edge(s, id, s->applicable[i], h, s->preferred[s->applicable[i]]);
    for (int i = 0; i < npref; i++)
        s->preferred[pref[i]] = false;
    s->out->generated += n;
    s->out->expansions++;
    return ok;
}

/* A better value of either heuristic than ever before boosts the preferred lists. */
static bool progress(lazy *s, const int *h)
{
    bool better = false;
    for (int k = 0; k < (s->lm ? 2 : 1); k++)
        if (h[k] < s->best[k]) {
            s->best[k] = h[k];
            better = true;
        }
    if (better)
        for (int i = 0; i < s->nlists; i++)
            s->lists[i].priority -= s->lists[i].preferred ? BOOST : 0;
    return better;
}

/* The stored state `id` just reached from `parent`: evaluated, checked,
 * expanded.  Returns false when the search is over (out->status set). */
static bool visit(lazy *s, int id, int parent)
{
    int h[2];
    if (!evaluate(s, id, parent, h))
        return true; /* a dead end for h_FF: pruned */
    if (parent < 0)
        s->out->initial_h = h[0];
    if (pl_task_goal_reached(s->t, pl_registry_state(&s->reg, id))) {
        extract_plan(s, id);
        return false;
    }
    report(s, progress(s, h));
    if (!reserve(s)) {
        s->out->status = PL_SEARCH_LIMIT;
        s->out->limit = "memory";
        return false;
    }
    if (!expand(s, id, h)) {
        s->out->status = PL_SEARCH_ERROR;
        return false;
    }
    return true;
}

static void run(lazy *s)
{
    pl_search_result *out = s->out;
    bool is_new;
    memcpy(s->succ, s->p->init ? s->p->init : s->t->init, (size_t)s->t->words * sizeof *s->succ);
    out->initial_h = PL_H_INF;
    if (!reserve(s)) {
        out->status = PL_SEARCH_LIMIT;
        out->limit = "memory";
        return;
    }
    int id = pl_registry_insert(&s->reg, s->succ, &is_new);
    if (id < 0 || !ensure_nodes(s)) {
        out->status = PL_SEARCH_ERROR;
        return;
    }
    s->nodes[id] = (node){-1, -1, 0};
    if (!visit(s, id, -1))
        return;
    for (int e; (e = pop_edge(s)) >= 0;) {
        if (limit_hit(s))
            return;
        edge next = s->edges[e];
        pl_task_apply(s->t, next.action, pl_registry_state(&s->reg, next.parent), s->succ);
        if (!reserve(s)) {
            out->status = PL_SEARCH_LIMIT;
            out->limit = "memory";
            return;
        }
        id = pl_registry_insert(&s->reg, s->succ, &is_new);
        if (id < 0 || !ensure_nodes(s)) {
            out->status = PL_SEARCH_ERROR;
            return;
        }
        if (!is_new)
            continue; /* seen before: not reopened */
        s->nodes[id] = (node){next.parent, next.action, s->nodes[next.parent].g + s->r->action_cost[next.action]};
        if (!visit(s, id, next.parent))
            return;
    }
    out->status = PL_SEARCH_UNSOLVABLE;
}

pl_search_status pl_lazy_search(const pl_task *t, const pl_relaxed *r, const pl_search_params *p,
                                pl_search_result *out)
{
    memset(out, 0, sizeof *out);
    lazy s;
    memset(&s, 0, sizeof s);
    s.t = t;
    s.r = r;
    s.p = p;
    s.out = out;
    s.start = pl_search_cpu_seconds();
    s.reg.words = t->words;
    s.best[0] = s.best[1] = PL_H_INF;
    out->heuristic_used = PL_H_FF;
    int *goal = malloc(((size_t)t->natoms * 2 + 1) * sizeof *goal);
    if (goal)
        s.ff = pl_heuristic_new(r, PL_H_FF, goal, pl_relaxed_goal_atoms(r, t->goal, goal), NULL);
    free(goal);
    if (s.ff)
        pl_heuristic_unit_costs(s.ff);
    /* landmarks: backchaining within about as many operator visits as
     * 200 explorations of the task cost (agricola-opt18: a fraction of a second) */
    if (p->landmarks)
        s.lm = pl_landmarks_new(r, p->init ? p->init : t->init, 200L * (r->nops + 1) + 1000000L);
    s.succ = malloc((size_t)t->words * sizeof *s.succ);
    s.applicable = malloc(((size_t)t->nactions + 1) * sizeof *s.applicable);
    s.preferred = calloc((size_t)t->nactions + 1, sizeof *s.preferred);
    /* Fast Downward's order: each heuristic's list, then each one's preferred list */
    int nh = s.lm ? 2 : 1;
    for (int pref = 0; pref < 2; pref++)
        for (int k = 0; k < nh; k++)
            s.lists[s.nlists++] = (open_list){.preferred = pref, .heuristic = k};
    if (!r->integral_costs || !s.ff || (p->landmarks && !s.lm) || !s.succ || !s.applicable || !s.preferred)
        out->status = PL_SEARCH_ERROR;
    else
        run(&s);
    out->seconds = pl_search_cpu_seconds() - s.start;
    out->bytes = s.held;
    pl_search_release_bytes(s.held);
    pl_heuristic_free(s.ff);
    pl_landmarks_free(s.lm);
    for (int i = 0; i < s.nlists; i++)
        pl_heap_free(&s.lists[i].heap);
    pl_registry_free(&s.reg);
    free(s.nodes);
    free(s.lm_status);
    free(s.edges);
    free(s.succ);
    free(s.applicable);
    free(s.preferred);
    return out->status;
}
