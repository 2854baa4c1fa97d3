/* Heuristic search on a grounded task: A* (optimal with the admissible
 * heuristics blind, h_max, LM-cut) and greedy best-first search (h_add,
 * h_FF).  Limits on expansions, CPU time, stored states and memory end a
 * search with PL_SEARCH_LIMIT ("unknown"), never with a wrong answer.  Dead
 * ends (h = infinity) are pruned, which is safe for every heuristic here; an
 * exhausted search space proves the goal unreachable. */
#ifndef PL_SEARCH_SEARCH_H
#define PL_SEARCH_SEARCH_H

#include <stdatomic.h>
#include <stddef.h>

#include "search/hcache.h"
#include "search/heuristic.h"
#include "search/symmetry.h"

typedef enum {
    PL_SEARCH_SOLVED,
    PL_SEARCH_UNSOLVABLE, /* proven: no plan exists */
    PL_SEARCH_LIMIT,      /* a limit was hit: unknown */
    PL_SEARCH_ERROR       /* out of memory, or costs the search cannot handle */
} pl_search_status;

/* What a running search reports to pl_search_params.progress. */
typedef struct {
    long expansions, evaluated, generated;
    long long f;              /* A*: the f-layer being expanded; GBFS: the best h so far */
    bool new_layer;           /* f changed since the last call */
    size_t bytes;             /* held by this search */
    double seconds;           /* CPU time so far */
} pl_search_progress;

typedef struct {
    pl_heuristic_kind heuristic;
    bool greedy;              /* GBFS instead of A* (plans not optimal) */
    long max_expansions;      /* 0 = no limit */
    double max_seconds;       /* CPU seconds; 0 = no limit */
    long max_states;          /* stored states; 0 = no limit */
    /* Bytes the searches of the process may hold together (states, their hash
     * table, nodes, open list), checked before each growth; 0 = no limit. */
    size_t max_bytes;
    /* Called (when set) at each new f-layer (A*) or best h (GBFS) and every
     * 128 expansions, from the searching thread. */
    void (*progress)(const pl_search_progress *at, void *ctx);
    void *progress_ctx;
    const uint64_t *init;     /* start state; NULL = the task's initial state */
    /* Goal: the task's goal; or (goal_atoms != NULL) this conjunction of
     * positive atoms and negated atoms; or (use_goal_cond) a ground condition. */
    const int *goal_atoms;
    int ngoal_atoms;
    const int *goal_neg;
    int ngoal_neg;
    bool use_goal_cond;
    int goal_cond;
    const bool *disabled;     /* per ground action: removed from the task; may be NULL */
    long long cost_bound;     /* A*: prune f > bound, so UNSOLVABLE means "no plan
                                 of cost <= bound"; -1 = no bound */
    /* Orbit search (symmetry.h): each state is stored as its orbit's
     * representative, so the plan's cost and length are right but its
     * actions are those of symmetric states, not a plan.  Used with the
     * task's own goal and no disabled actions only; NULL = none. */
    const pl_symmetry *symmetry;
    /* Heuristic values shared with other searches of the same goal,
     * heuristic and disabled actions (hcache.h); an A* search leaves its
     * lower bounds there (failing under cost_bound, or finding a plan).
     * NULL = none. */
    pl_hcache *hcache;
    /* Evaluate a state when it is taken from the open list, not when it is
     * generated (deferred evaluation).  A*: until then it is ranked by its
     * parent's value less the action's cost, or by the parent's LM-cut cuts
     * without the action (heuristic.h), lower bounds on h* too, so the
     * search stays optimal.  Saves the evaluations of the children a search
     * never reaches (it finds the goal first), which is where a heuristic as
     * costly as LM-cut on a wide task (Swap: 28 actions per state) spends
     * its time; the plan may be another optimal one.  Greedy search ranks a
     * waiting child by its parent's estimate (lazy search). */
    bool deferred_evaluation;
    /* Pattern databases of the task's goal (pdb.h): a state's value is the
     * larger of theirs and the heuristic's.  Used with the task's own goal
     * and no disabled actions only; NULL = none. */
    const struct pl_pdbs *pdbs;
    /* h^2 dead-end test (mutex.h) of each state evaluated, while it pays:
     * after its first 256 tests only as long as one in 16 finds a dead
     * end (its counts are kept across the searches sharing it).  Used with
     * the task's own goal and no disabled actions only; NULL = none. */
    struct pl_h2 *dead_ends;
    /* Satisficing search as the first iteration of LAMA (lazy.h): lazy
     * greedy best-first search with h_FF and its helpful actions as
     * preferred operators, unit action costs for the heuristics (the plan's
     * cost is the real one); with `landmarks` the landmark-count heuristic
     * (landmarks.h) alternates with h_FF.  Towards the task's own goal from
     * `init`; `heuristic`, `greedy` and the fields of A* are not read. */
    bool lazy;
    bool landmarks;
} pl_search_params;

/* Defaults: A* with LM-cut, no limits but the memory limit below, no cost
 * bound. */
pl_search_params pl_search_defaults(void);
/* The memory limit pl_search_defaults() gives: half of physical memory (or
 * of the cgroup's memory.max when lower) unless set; 0 sets it back. */
void pl_search_set_memory_limit(size_t bytes);
size_t pl_search_memory_limit(void);

typedef struct {
    pl_search_status status;
    const char *limit;        /* SEARCH_LIMIT: "expansions", "time", "states", "memory" or "stopped" */
    int *plan;                /* owned; ground action ids */
    int plan_length;
    long long cost;
    long expansions, generated, evaluated, reopened;
    int initial_h;            /* PL_H_INF when the start is a proven dead end */
    double seconds;           /* CPU time */
    size_t bytes;             /* the most the search held (what max_bytes bounds) */
    pl_heuristic_kind heuristic_used;
} pl_search_result;

/* `relaxed` is the task's relaxation (pl_relaxed_new), shared across searches. */
pl_search_status pl_search(const pl_task *t, const pl_relaxed *relaxed, const pl_search_params *p,
                           pl_search_result *out);
void pl_search_result_clear(pl_search_result *r);
/* A stop request for the searches the calling thread runs (NULL: none):
 * once *flag is true, a running search ends as a limit ("stopped").  A
 * background job (a probe run) sets it so that it can be stopped in the
 * middle of a question, whose searches are built deep inside the grader. */
void pl_search_stop_flag(const atomic_bool *flag);
const char *pl_search_status_name(pl_search_status s);

#endif
