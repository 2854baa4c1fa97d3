/* A* and greedy best-first search over the state registry (registry.h). */
#define _POSIX_C_SOURCE 200809L /* sysconf */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/heap.h"
#include "search/backup.h"
#include "search/cut_store.h"
#include "search/lazy.h"
#include "search/mutex.h"
#include "search/pdb.h"
#include "search/registry.h"
#include "search/search.h"
#include "search/successors.h"

/* ---- search ---- */

typedef struct {
    long long g;
    int parent;     /* parent and action side by side: pl_search_path reads them */
    int action;
    int h;          /* the heuristic value, or (not evaluated) a lower bound from the parent */
    bool evaluated;
    bool closed;
    bool expanded;  /* all successors generated (recorded in search.edges when kept) */
    bool in_open;   /* has an entry in the open list that is not stale */
} node;

pl_search_params pl_search_defaults(void)
{
    pl_search_params p;
    memset(&p, 0, sizeof p);
    p.heuristic = PL_H_LMCUT;
    p.cost_bound = -1;
    p.max_bytes = pl_search_memory_limit();
    return p;
}

const char *pl_search_status_name(pl_search_status s)
{
    static const char *const names[] = {"solved", "unsolvable", "unknown", "error"};
    return (unsigned)s < 4 ? names[s] : "?";
}

void pl_search_result_clear(pl_search_result *r)
{
    free(r->plan);
    memset(r, 0, sizeof *r);
}

static bool goal_test(const pl_task *t, const pl_search_params *p, const uint64_t *s)
{
    if (p->use_goal_cond)
        return pl_task_cond_holds(t, p->goal_cond, s);
    if (!p->goal_atoms)
        return pl_task_goal_reached(t, s);
    for (int i = 0; i < p->ngoal_atoms; i++)
        if (!pl_state_has(s, p->goal_atoms[i]))
            return false;
    for (int i = 0; i < p->ngoal_neg; i++)
        if (pl_state_has(s, p->goal_neg[i]))
            return false;
    return true;
}

static uint64_t open_key(const pl_search_params *p, long long g, int h)
{
    uint64_t primary, secondary;
    if (p->greedy) {
        primary = (uint64_t)h;
        secondary = (uint64_t)(g > UINT32_MAX ? UINT32_MAX : g);
    } else {
        long long f = g + h;
        primary = (uint64_t)(f > UINT32_MAX ? UINT32_MAX : f);
        secondary = (uint64_t)h;
    }
    return primary << 32 | secondary;
}

typedef struct {
    const pl_task *t;
    const pl_search_params *p;
    const pl_relaxed *r;
    pl_search_result *out;
    size_t held;     /* bytes reserved against the memory bound (registry.h) */
    long long layer; /* the f-layer (GBFS: best h) last reported */
    pl_registry reg;
    node *nodes;
    int ncap;
    pl_heap open;
    pl_heuristic *h;
    uint64_t *succ;
    int *applicable;             /* scratch: the expanded state's applicable actions */
    const pl_symmetry *symmetry; /* orbit search, or NULL */
    const pl_pdbs *pdbs;         /* maximised with the heuristic, or NULL */
    pl_h2 *dead_ends;            /* h^2 dead-end test, or NULL */
    int cuts_of;                 /* the stored state whose LM-cut cuts h holds, or -1 */
    bool incremental;            /* A* with LM-cut: children evaluated from their parent's cuts */
    pl_cut_store cuts;
    size_t cut_bytes;            /* reserved (registry.h) for the cut store */
    bool cuts_dropped;           /* the store was freed for the states (drop_cuts) */
    /* incremental against fresh LM-cut on a sample (child_value) */
    int compared;
    long long incremental_sum, fresh_sum;
    bool children_afresh;        /* the sample found incremental LM-cut less informed */
    uint64_t *raw;               /* scratch: a successor before its symmetry representative */
    uint64_t *raw_parent;        /* scratch: its parent's expansion state */
    uint64_t *expanding;         /* the expanded state, when an image (expansion_state) */
    uint64_t *canon, *sym_scratch;
    /* A* with a shared value cache keeps the edges it generated, to leave
     * backed-up bounds (backup.h) when it ends. */
    bool keep_edges;
    pl_edge *edges;
    long nedges, edge_cap;
    long nopen, nclosed;         /* states in the open list, closed states */
    pl_search_successor *traced; /* with an observer: the expansion's successors */
    int ntraced;
    int goal_id;                 /* the goal node whose path is the plan, or -1 */
    double start;
    /* The time limit's clock reads (time_over): the expansion count of the
     * next and of the last one, and its reading then. */
    long long next_clock, last_clock_expansions;
    double last_clock;
} search;

static int node_capacity(int ncap, int count)
{
    int cap = count <= ncap ? ncap : ncap ? ncap * 2 : 1024;
    while (cap < count)
        cap *= 2;
    return cap;
}

static bool ensure_nodes(search *s)
{
    if (s->reg.count <= s->ncap)
        return true;
    int cap = node_capacity(s->ncap, s->reg.count);
    node *nodes = realloc(s->nodes, (size_t)cap * sizeof *nodes);
    if (!nodes)
        return false;
    s->nodes = nodes;
    s->ncap = cap;
    return true;
}

static void extract_plan(search *s, int goal_id)
{
    s->goal_id = goal_id;
    s->out->plan = pl_search_path(&s->nodes[0].parent, sizeof *s->nodes, goal_id, &s->out->plan_length);
    s->out->cost = s->nodes[goal_id].g;
    s->out->status = s->out->plan ? PL_SEARCH_SOLVED : PL_SEARCH_ERROR;
}

static const uint64_t *state_of(const search *s, int id)
{
    return pl_registry_state(&s->reg, id);
}

/* ---- the memory limit ---- */

static atomic_size_t memory_limit; /* 0: half of physical memory */

void pl_search_set_memory_limit(size_t bytes)
{
    atomic_store(&memory_limit, bytes);
}

/* Physical memory, or the cgroup (v2) limit when lower: a container's share. */
static size_t physical_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    size_t bytes = pages > 0 && page > 0 ? (size_t)pages * (size_t)page : (size_t)4 << 30;
    FILE *f = fopen("/sys/fs/cgroup/memory.max", "r");
    unsigned long long cg;
    if (f && fscanf(f, "%llu", &cg) == 1 && cg < bytes)
        bytes = (size_t)cg;
    if (f)
        fclose(f);
    return bytes;
}

size_t pl_search_memory_limit(void)
{
    static atomic_size_t half_physical;
    size_t set = atomic_load(&memory_limit), half = atomic_load(&half_physical);
    if (set)
        return set;
    if (!half)
        atomic_store(&half_physical, half = physical_memory() / 2);
    return half;
}

static long next_edge_capacity(const search *s)
{
    return !s->keep_edges || s->nedges < s->edge_cap ? s->edge_cap : s->edge_cap ? 2 * s->edge_cap : 4096;
}

/* What the search holds once the next state (and edge) is stored. */
static size_t next_footprint(const search *s)
{
    return pl_registry_next_bytes(&s->reg) + (size_t)next_edge_capacity(s) * sizeof(pl_edge)
           + (size_t)node_capacity(s->ncap, s->reg.count + 1) * sizeof(node)
           + (size_t)pl_heap_next_capacity(&s->open) * sizeof(pl_heap_item);
}

/* Counts `bytes` more as held by the searches of the process; false (and
 * nothing counted) when that would pass max_bytes. */
static bool reserve_bytes(const search *s, size_t bytes)
{
    return pl_search_reserve_bytes(bytes, s->p->max_bytes);
}

/* Frees the cut store (search.cuts) and its bytes, for good: it only saves
 * time, so it gives way to the states when memory runs short. */
static bool drop_cuts(search *s)
{
    if (!s->cut_bytes)
        return false;
    pl_cut_store_clear(&s->cuts);
    pl_search_release_bytes(s->cut_bytes);
    s->cut_bytes = 0;
    s->cuts_dropped = true;
    return true;
}

/* Reserves next_footprint() before the tables grow (freeing the cut store
 * when that makes room); false when the searches of the process would then
 * hold more than max_bytes. */
static bool reserve_next(search *s)
{
    size_t want = next_footprint(s);
    if (want <= s->held)
        return true;
    if (!reserve_bytes(s, want - s->held) && !(drop_cuts(s) && reserve_bytes(s, want - s->held)))
        return false;
    s->held = want;
    return true;
}

enum { VISIT_OUT_OF_MEMORY = -1, VISIT_MEMORY_LIMIT = -2 };

/* Ends the search after a failed visit. */
static void visit_failed(search *s, int rc)
{
    s->out->status = rc == VISIT_MEMORY_LIMIT ? PL_SEARCH_LIMIT : PL_SEARCH_ERROR;
    s->out->limit = rc == VISIT_MEMORY_LIMIT ? "memory" : NULL;
}

/* Calls p->progress at a new f-layer (GBFS: a better h) and every 128 expansions. */
static void report(search *s, long long f)
{
    pl_search_result *out = s->out;
    bool new_layer = out->expansions == 1 || (s->p->greedy ? f < s->layer : f > s->layer);
    if (!new_layer && (out->expansions & 127))
        return;
    if (new_layer)
        s->layer = f;
    pl_search_progress at = {out->expansions, out->evaluated, out->generated, s->layer, new_layer, s->held,
                             pl_search_cpu_seconds() - s->start};
    s->p->progress(&at, s->p->progress_ctx);
}

/* The value the shared cache holds for `state` into *h (false: none),
 * raised by the pattern databases, which may have come after it. */
static bool cached(const search *s, const uint64_t *state, int *h)
{
    if (!s->p->hcache || !pl_hcache_get(s->p->hcache, state, h))
        return false;
    int hp = s->pdbs && *h != PL_H_INF ? pl_pdbs_eval(s->pdbs, state) : 0;
    *h = hp > *h ? hp : *h;
    return true;
}

/* The state whose successors `id`'s children are: its stored state, or
 * (orbit search) the symmetric image of it whose LM-cut cuts the store
 * holds, copied into buf, so that the cuts are landmarks of the state the
 * children come from.  Any member of the orbit has the same successors up
 * to symmetry. */
static const uint64_t *expansion_state(search *s, int id, uint64_t *buf)
{
    if (s->incremental && s->symmetry && pl_cut_store_image(&s->cuts, id, buf, s->t->words))
        return buf;
    return state_of(s, id);
}

/* Is the stored state `id` its parent's successor by `action` itself (into
 * s->raw), not a symmetric image of it?  Then the parent's cuts are its
 * landmarks. */
static bool is_successor_itself(search *s, int id, int parent, int action)
{
    if (!s->symmetry)
        return true;
    pl_task_apply(s->t, action, expansion_state(s, parent, s->raw_parent), s->raw);
    return pl_state_equal(s->raw, state_of(s, id), s->t->words);
}

/* The cut store's budget: it may hold as many bytes as the search's own
 * tables, and at least CUT_STORE_FLOOR, within the searches' memory limit. */
enum { CUT_STORE_FLOOR = 8 << 20 };
static bool reserve_cut_bytes(void *ctx, size_t bytes)
{
    search *s = ctx;
    size_t after = s->cut_bytes + bytes;
    if (s->cuts_dropped || (after > CUT_STORE_FLOOR && after > s->held) || !reserve_bytes(s, bytes))
        return false;
    s->cut_bytes = after;
    return true;
}

/* Incremental LM-cut is about as informed as LM-cut afresh on most tasks
 * (Floor-tile: the same sum over 7,600 states) but not on all (Swap: 6 %
 * lower, and A* needs more expansions than its time slice).  So once a
 * search has made COMPARE_AFTER evaluations, the next COMPARE_SAMPLE
 * successors are evaluated both ways; if the incremental values add up to
 * clearly less, the rest of the search evaluates afresh. */
enum { COMPARE_AFTER = 32, COMPARE_SAMPLE = 16 };

/* Incremental LM-cut of the stored state `id` (the successor itself),
 * evaluated afresh too while the sample lasts. */
static int child_value(search *s, const uint64_t *state, const int *from, int action)
{
    if (s->out->evaluated < COMPARE_AFTER || s->compared == COMPARE_SAMPLE)
        return pl_heuristic_eval_child(s->h, state, from, action);
    int fresh = pl_heuristic_eval(s->h, state);
    int h = pl_heuristic_eval_child(s->h, state, from, action);
    if (fresh != PL_H_INF && h != PL_H_INF) {
        s->fresh_sum += fresh;
        s->incremental_sum += h;
    }
    if (++s->compared == COMPARE_SAMPLE) /* less by more than 3 %: a few states' noise aside */
        s->children_afresh = s->incremental_sum * 100 < s->fresh_sum * 97;
    return h;
}

/* The heuristic value of the stored state `id`: with LM-cut, from its
 * parent's cuts when the store has them, and its own cuts go into the store
 * for its children.  A symmetric image of the successor (orbit search) has
 * the successor's h*, so the successor itself is evaluated; its cuts are
 * landmarks of that successor, which is then the state `id` is expanded
 * from (expansion_state). */
static int heuristic_of(search *s, int id, int parent, int action)
{
    const uint64_t *state = state_of(s, id);
    s->cuts_of = id;
    if (!s->incremental || s->children_afresh)
        return pl_heuristic_eval(s->h, state);
    const int *from = parent >= 0 ? pl_cut_store_get(&s->cuts, parent) : NULL;
    int h;
    if (!from) {
        h = pl_heuristic_eval(s->h, state);
    } else if (is_successor_itself(s, id, parent, action)) {
        h = child_value(s, state, from, action);
    } else {
        h = pl_heuristic_eval_child(s->h, s->raw, from, action);
        /* kept with the image, `id` is expanded from it; if not, from its
         * stored state, of which these cuts say nothing */
        if (!pl_cut_store_put(&s->cuts, id, s->h, s->raw, s->t->words))
            s->cuts_of = -1;
        return h;
    }
    pl_cut_store_put(&s->cuts, id, s->h, NULL, 0);
    return h;
}

/* The heuristic value of the stored state `id` reached at cost g from
 * `parent` by `action` (from the shared cache when there, which it then
 * joins). */
/* Does h^2 prove the state a dead end?  Asked before LM-cut, while it pays
 * (search.h): in the searches of Floor-tile's slowest question three states
 * in four that A* expands are dead ends LM-cut misses; a quarter of the
 * states tested are found dead, each at ~7 us, and each takes its subtree
 * with it. */
static bool h2_dead_end(const search *s, const uint64_t *state)
{
    enum { TRIAL = 256, MIN_SHARE = 16 };
    if (!s->dead_ends)
        return false;
    long tests = pl_h2_tests(s->dead_ends);
    if (tests >= TRIAL && pl_h2_dead_ends(s->dead_ends) * MIN_SHARE < tests)
        return false;
    return pl_h2_dead_end(s->dead_ends, state);
}

static int evaluate(search *s, int id, long long g, int parent, int action)
{
    pl_hcache *cache = s->p->hcache;
    int h;
    if (!cached(s, state_of(s, id), &h)) {
        s->out->evaluated++;
        int hp = s->pdbs ? pl_pdbs_eval(s->pdbs, state_of(s, id)) : 0;
        /* a database value that prunes the state already needs no LM-cut */
        bool pruned = hp == PL_H_INF || (s->p->cost_bound >= 0 && g + hp > s->p->cost_bound);
        if (!pruned && h2_dead_end(s, state_of(s, id))) {
            hp = PL_H_INF;
            pruned = true;
        }
        h = pruned ? hp : heuristic_of(s, id, parent, action);
        h = hp > h ? hp : h;
        if (cache)
            pl_hcache_raise(cache, state_of(s, id), h, true);
    }
    return h;
}

/* The parent's value less the action's cost: admissible for the child,
 * since h*(parent) <= cost + h*(child); raised by the parent's LM-cut
 * landmarks that the action does not touch, when the heuristic still holds
 * them.  Children by actions in no cut keep the parent's value, so A*
 * leaves them to a later f-layer without evaluating them. */
static int bound_from_parent(const search *s, int parent, int action)
{
    if (parent < 0)
        return 0;
    int h = s->nodes[parent].h - s->r->action_cost[action];
    if (parent == s->cuts_of) {
        int lm = pl_heuristic_successor_bound(s->h, action);
        h = lm > h ? lm : h;
    }
    return h > 0 ? h : 0;
}

/* Puts node `id` into the open list under `key` (counted once however
 * often it is pushed); false when out of memory. */
static bool push_open(search *s, int id, uint64_t key)
{
    if (!pl_heap_push(&s->open, key, id))
        return false;
    s->nopen += !s->nodes[id].in_open;
    s->nodes[id].in_open = true;
    return true;
}

/* Adds (or improves) the node for state s->succ reached from `parent`.
 * Returns 1 when it went into the open list (*id_out set), 0 when not, -1 on
 * out of memory. */
static int visit(search *s, int parent, int action, long long g, int *id_out)
{
    bool is_new;
    if (s->symmetry) {
        pl_symmetry_canonical(s->symmetry, s->succ, s->canon, s->sym_scratch);
        memcpy(s->succ, s->canon, (size_t)s->t->words * sizeof *s->succ);
    }
    int id = pl_registry_insert(&s->reg, s->succ, &is_new);
    *id_out = id;
    if (id < 0 || !ensure_nodes(s))
        return -1;
    node *n = &s->nodes[id];
    if (is_new) {
        int value;
        bool defer = s->p->deferred_evaluation && parent >= 0;
        n->evaluated = !defer || cached(s, s->succ, &value);
        if (!n->evaluated) /* greedy: ranked by the parent's estimate until evaluated */
            n->h = s->p->greedy ? s->nodes[parent].h : bound_from_parent(s, parent, action);
        else
            n->h = defer ? value : evaluate(s, id, g, parent, action);
        n->closed = false;
        n->expanded = false;
        n->in_open = false;
    } else if (g >= n->g || s->p->greedy) {
        return 0;
    } else if (n->closed) {
        n->closed = false;
        s->nclosed--;
        s->out->reopened++;
    }
    n->g = g;
    n->parent = parent;
    n->action = action;
    if (!n->evaluated && !s->p->greedy && bound_from_parent(s, parent, action) > n->h)
        n->h = bound_from_parent(s, parent, action);
    if (n->h == PL_H_INF || (s->p->cost_bound >= 0 && g + n->h > s->p->cost_bound)) {
        s->nopen -= n->in_open; /* an improved path past the bound: its entry is stale now */
        n->in_open = false;
        return 0;
    }
    if (!push_open(s, id, open_key(s->p, g, n->h)))
        return -1;
    return 1;
}

/* visit() within the memory bound: VISIT_MEMORY_LIMIT, storing nothing,
 * when one more state could take the search past it. */
static int bounded_visit(search *s, int parent, int action, long long g, int *id_out)
{
    return reserve_next(s) ? visit(s, parent, action, g, id_out) : VISIT_MEMORY_LIMIT;
}

/* A deferred evaluation, for the node `id` just taken from the open list:
 * 1 when it is to be expanded now (its f did not grow), 0 when it went back
 * into the open list or was pruned, or a failed visit's code. */
static int evaluate_taken(search *s, int id)
{
    int h = evaluate(s, id, s->nodes[id].g, s->nodes[id].parent, s->nodes[id].action);
    node *n = &s->nodes[id];
    uint64_t key_before = open_key(s->p, n->g, n->h);
    /* A*: both are lower bounds; greedy: the estimate replaces the parent's */
    n->h = h > n->h || s->p->greedy ? h : n->h;
    n->evaluated = true;
    if (n->h == PL_H_INF || (s->p->cost_bound >= 0 && n->g + n->h > s->p->cost_bound))
        return 0;
    if (open_key(s->p, n->g, n->h) <= key_before)
        return 1;
    if (!reserve_next(s))
        return VISIT_MEMORY_LIMIT;
    return push_open(s, id, open_key(s->p, n->g, n->h)) ? 0 : VISIT_OUT_OF_MEMORY;
}

/* Records the edge from -> to (when kept); false when out of memory. */
static bool keep_edge(search *s, int from, int to, int cost)
{
    if (!s->keep_edges)
        return true;
    if (s->nedges == s->edge_cap) {
        long cap = next_edge_capacity(s);
        pl_edge *edges = realloc(s->edges, (size_t)cap * sizeof *edges);
        if (!edges)
            return false;
        s->edges = edges;
        s->edge_cap = cap;
    }
    s->edges[s->nedges++] = (pl_edge){from, to, cost};
    return true;
}

/* Leaves in the shared cache, for each state evaluated, the lower bound
 * `limit` - g(n) on h*(n), raised by Bellman backups over the edges
 * generated where they were kept.  After A* found an optimal plan of cost C
 * from the start, h*(start) = C <= g(n) + h*(n) for every stored state n
 * (limit C); after it found none under a bound B, B < g(n) + h*(n) (limit
 * B + 1).  A successor's search then prunes every state this one reached
 * at least as cheaply: an optimal plan through the successor cannot pass
 * there later than this search did. */
static void leave_bounds(search *s, long long limit)
{
    drop_cuts(s); /* the search is over: their bytes go to the backups */
    int count = s->reg.count;
    /* the tables here and in pl_backup_lower_bounds, within the memory bound */
    size_t scratch = (size_t)count * 40 + (size_t)s->nedges * 8;
    bool backup = s->keep_edges && reserve_bytes(s, scratch);
    int *lb = backup ? malloc(((size_t)count + 1) * sizeof *lb) : NULL;
    bool *expanded = lb ? malloc(((size_t)count + 1) * sizeof *expanded) : NULL;
    for (int id = 0; lb && id < count; id++) {
        long long from_g = limit - s->nodes[id].g;
        lb[id] = from_g > s->nodes[id].h ? (int)from_g : s->nodes[id].h;
        if (expanded)
            expanded[id] = s->nodes[id].expanded;
    }
    /* no value above limit + 1 prunes more in the searches sharing them */
    if (expanded)
        pl_backup_lower_bounds(count, lb, expanded, s->edges, s->nedges, (int)limit + 1);
    for (int id = 0; id < count; id++) {
        long long bound = lb ? lb[id] : limit - s->nodes[id].g;
        if (bound > 0)
            pl_hcache_raise(s->p->hcache, state_of(s, id), (int)bound, false);
    }
    free(lb);
    free(expanded);
    if (backup)
        pl_search_release_bytes(scratch);
}

/* Records the successor just visited (state s->succ, node `id`) for the
 * observer; `before` is the number of stored states before the visit. */
static void trace_successor(search *s, int id, int action, long long g, int rc, int before)
{
    const node *n = &s->nodes[id];
    pl_successor_fate fate = rc > 0 ? (s->reg.count > before ? PL_SUCC_NEW : PL_SUCC_BETTER)
                             : s->reg.count > before || n->h == PL_H_INF ? PL_SUCC_PRUNED
                             : PL_SUCC_DUPLICATE;
    s->traced[s->ntraced++] = (pl_search_successor){id, action, g, n->h, goal_test(s->t, s->p, s->succ), fate};
}

/* Hands the expansion of node `id` (number out->expansions) to the observer. */
static void observe(search *s, int id)
{
    const node *n = &s->nodes[id];
    pl_search_expansion e = {s->out->expansions, id, n->parent, n->action, state_of(s, id), n->g, n->h,
                             s->nopen, s->nclosed, s->traced, s->ntraced};
    s->p->observe(&e, s->p->observe_ctx);
}

/* Past the time limit?  The clock is read about every 10 ms of search: at
 * most every 64 expansions where they are fast, at every expansion where
 * one takes long (A* with LM-cut on a large task: reading it every 64
 * expansions overran a 5 s limit by 80 s). */
static bool time_over(search *s)
{
    long long done = s->out->expansions;
    if (done < s->next_clock)
        return false;
    double now = pl_search_cpu_seconds();
    if (now - s->start > s->p->max_seconds)
        return true;
    long long since = done - s->last_clock_expansions;
    double per = (now - s->last_clock) / (double)(since > 0 ? since : 1);
    long long step = per > 0 ? (long long)(0.01 / per) : 64;
    s->next_clock = done + (step < 1 ? 1 : step > 64 ? 64 : step);
    s->last_clock = now;
    s->last_clock_expansions = done;
    return false;
}

/* Whether a limit ends the search before the expansion just counted; sets
 * the status when it does. */
static bool limit_reached(search *s)
{
    const pl_search_params *p = s->p;
    pl_search_result *out = s->out;
    if (p->max_expansions && out->expansions > p->max_expansions)
        out->limit = "expansions";
    else if (p->max_seconds > 0 && time_over(s))
        out->limit = "time";
    else if ((out->expansions & 63) == 0 && pl_search_stop_requested())
        out->limit = "stopped";
    else if (p->max_states && s->reg.count > p->max_states)
        out->limit = "states";
    else
        return false;
    out->status = PL_SEARCH_LIMIT;
    return true;
}

/* Generates the successors of node `id` (closed, counted as an expansion);
 * false when the search ends here (a plan found, or a failed visit). */
static bool expand(search *s, int id)
{
    const pl_task *t = s->t;
    const pl_search_params *p = s->p;
    const bool *disabled = p->disabled;
    int *r_cost = s->r->action_cost;
    long long g = s->nodes[id].g;
    s->nodes[id].expanded = true;
    /* an image stays put; the stored state may move as the registry grows */
    bool image = expansion_state(s, id, s->expanding) == s->expanding;
    int napplicable = pl_successors_applicable(s->r->successors, image ? s->expanding : state_of(s, id),
                                               s->applicable);
    for (int i = 0; i < napplicable; i++) {
        int a = s->applicable[i];
        const uint64_t *from = image ? s->expanding : state_of(s, id);
        if (disabled && disabled[a])
            continue;
        pl_task_apply(t, a, from, s->succ);
        s->out->generated++;
        int succ_id, before = s->reg.count;
        int rc = bounded_visit(s, id, a, g + r_cost[a], &succ_id);
        if (rc < 0) {
            visit_failed(s, rc);
            return false;
        }
        if (s->traced)
            trace_successor(s, succ_id, a, g + r_cost[a], rc, before);
        if (!keep_edge(s, id, succ_id, r_cost[a])) {
            visit_failed(s, VISIT_OUT_OF_MEMORY);
            return false;
        }
        if (rc > 0 && p->greedy && goal_test(t, p, s->succ)) {
            extract_plan(s, succ_id);
            return false;
        }
    }
    return true;
}

static void run(search *s)
{
    const pl_task *t = s->t;
    const pl_search_params *p = s->p;
    pl_search_result *out = s->out;
    memcpy(s->succ, p->init ? p->init : t->init, (size_t)t->words * sizeof *s->succ);
    int id0, rc0 = bounded_visit(s, -1, -1, 0, &id0);
    if (rc0 < 0) {
        visit_failed(s, rc0);
        return;
    }
    out->initial_h = s->nodes[0].h;
    if (p->greedy && goal_test(t, p, state_of(s, 0))) {
        extract_plan(s, 0);
        return;
    }
    while (s->open.count) {
        pl_heap_item top = pl_heap_pop(&s->open);
        int id = top.value;
        node *n = &s->nodes[id];
        if (n->closed || top.key != open_key(p, n->g, n->h))
            continue; /* stale entry */
        n->in_open = false;
        s->nopen--;
        if (!n->evaluated && !goal_test(t, p, state_of(s, id))) {
            int rc = evaluate_taken(s, id);
            if (rc < 0) {
                visit_failed(s, rc);
                return;
            }
            if (rc == 0)
                continue;
            n = &s->nodes[id];
        }
        n->closed = true;
        s->nclosed++;
        if (!p->greedy && goal_test(t, p, state_of(s, id))) {
            extract_plan(s, id);
            if (p->hcache) /* h*(n) >= cost - g(n) for every state n: see leave_bounds */
                leave_bounds(s, n->g);
            return;
        }
        out->expansions++;
        s->ntraced = 0;
        bool more = !limit_reached(s);
        if (more && p->progress)
            report(s, p->greedy ? n->h : n->g + n->h);
        more = more && expand(s, id);
        if (s->traced)
            observe(s, id);
        if (!more)
            return;
    }
    out->status = PL_SEARCH_UNSOLVABLE;
    if (p->hcache && !p->greedy && p->cost_bound >= 0) /* no plan within the bound: h*(n) > bound - g(n) */
        leave_bounds(s, p->cost_bound + 1);
}

/* Tells the observer how the search ended (and by which goal). */
static void observe_end(const search *s)
{
    pl_search_end end = {s->out->status, -1, -1, -1, 0};
    if (s->out->status == PL_SEARCH_SOLVED && s->goal_id >= 0) {
        const node *n = &s->nodes[s->goal_id];
        end = (pl_search_end){s->out->status, s->goal_id, n->parent, n->action, n->g};
    }
    s->p->observe_end(&end, s->p->observe_ctx);
}

pl_search_status pl_search(const pl_task *t, const pl_relaxed *relaxed, const pl_search_params *p,
                           pl_search_result *out)
{
    if (p->lazy)
        return pl_lazy_search(t, relaxed, p, out);
    memset(out, 0, sizeof *out);
    search s;
    memset(&s, 0, sizeof s);
    s.t = t;
    s.p = p;
    s.r = relaxed;
    s.out = out;
    s.start = s.last_clock = pl_search_cpu_seconds();
    s.next_clock = 1;
    s.cuts_of = -1;
    s.goal_id = -1;
    s.reg.words = t->words;
    s.keep_edges = p->hcache && !p->greedy;
    if (!relaxed->integral_costs) {
        out->status = PL_SEARCH_ERROR;
        return out->status;
    }
    /* the heuristic's goal: atoms, and "not p" atoms for negative goals */
    int *goal = malloc(((size_t)t->natoms * 2 + 1) * sizeof *goal);
    int ngoal = 0;
    if (goal && p->use_goal_cond) {
        ngoal = pl_relaxed_goal_atoms(relaxed, p->goal_cond, goal);
    } else if (goal && p->goal_atoms) {
        memcpy(goal, p->goal_atoms, (size_t)p->ngoal_atoms * sizeof *goal);
        ngoal = p->ngoal_atoms;
        for (int i = 0; i < p->ngoal_neg; i++)
            if (pl_relaxed_negated_atom(relaxed, p->goal_neg[i]) >= 0)
                goal[ngoal++] = pl_relaxed_negated_atom(relaxed, p->goal_neg[i]);
    } else if (goal) {
        ngoal = pl_relaxed_goal_atoms(relaxed, t->goal, goal);
    }
    s.h = goal ? pl_heuristic_new(relaxed, p->heuristic, goal, ngoal, p->disabled) : NULL;
    s.succ = malloc((size_t)t->words * sizeof *s.succ);
    s.applicable = malloc(((size_t)t->nactions + 1) * sizeof *s.applicable);
    free(goal);
    if (p->symmetry && !pl_symmetry_trivial(p->symmetry) && !p->goal_atoms && !p->use_goal_cond && !p->disabled) {
        s.symmetry = p->symmetry;
        s.canon = malloc((size_t)t->words * sizeof *s.canon);
        s.sym_scratch = pl_symmetry_scratch_new(p->symmetry);
    }
    if (p->pdbs && !p->goal_atoms && !p->use_goal_cond && !p->disabled && !t->naxioms)
        s.pdbs = p->pdbs;
    if (p->dead_ends && !p->goal_atoms && !p->use_goal_cond && !p->disabled && !t->naxioms)
        s.dead_ends = p->dead_ends;
    if (s.h && !p->greedy && pl_heuristic_kind_used(s.h) == PL_H_LMCUT) {
        s.raw = malloc((size_t)t->words * sizeof *s.raw);
        s.raw_parent = malloc((size_t)t->words * sizeof *s.raw_parent);
        s.expanding = malloc((size_t)t->words * sizeof *s.expanding);
        /* out of memory: every state evaluated in full */
        s.incremental = s.raw && s.raw_parent && s.expanding;
        s.cuts.reserve = reserve_cut_bytes;
        s.cuts.ctx = &s;
    }
    if (p->observe && !s.symmetry)
        s.traced = malloc(((size_t)t->nactions + 1) * sizeof *s.traced);
    if (!s.h || !s.succ || !s.applicable || (s.symmetry && (!s.canon || !s.sym_scratch))
        || (p->observe && !s.symmetry && !s.traced)) {
        out->status = PL_SEARCH_ERROR;
    } else {
        out->heuristic_used = pl_heuristic_kind_used(s.h);
        run(&s);
    }
    if (p->observe_end && !s.symmetry)
        observe_end(&s);
    out->seconds = pl_search_cpu_seconds() - s.start;
    out->bytes = s.held + s.cut_bytes;
    pl_search_release_bytes(s.held);
    pl_heuristic_free(s.h);
    pl_cut_store_free(&s.cuts);
    pl_search_release_bytes(s.cut_bytes);
    free(s.raw);
    free(s.raw_parent);
    free(s.expanding);
    pl_registry_free(&s.reg);
    free(s.nodes);
    free(s.succ);
    free(s.applicable);
    free(s.canon);
    free(s.sym_scratch);
    free(s.edges);
    free(s.traced);
    pl_heap_free(&s.open);
    return out->status;
}
