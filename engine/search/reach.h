/* Reachability and friends, answered by search on the grounded task:
 * relaxed reachability, exact reachability of an atom or an action, the
 * landmark test, the optimal cost h*(s), and the next-action test.
 *
 * Every answer is three-valued: PL_YES, PL_NO, or PL_UNKNOWN when a search
 * limit (in `limits`) was hit; an unknown is never reported as yes or no. */
#ifndef PL_SEARCH_REACH_H
#define PL_SEARCH_REACH_H

#include "search/search.h"

typedef enum { PL_NO = 0, PL_YES = 1, PL_UNKNOWN = 2 } pl_answer;

typedef struct {
    long max_expansions; /* 0 = none */
    double max_seconds;  /* CPU seconds per search; 0 = none */
    long max_states;     /* 0 = none */
} pl_limits;

const char *pl_answer_name(pl_answer a);

/* Atoms (out[atom]) and actions (out_actions[a], may be NULL) reachable in the
 * delete relaxation from `state`.  Returns -1 on out of memory. */
int pl_relaxed_reachable(const pl_relaxed *r, const uint64_t *state, bool *out_atoms, bool *out_actions);

/* 1 when the goal is out of reach of `state` even in the delete relaxation,
 * so no plan starts there (what an infinite h_max or LM-cut value says, at
 * the cost of one relaxed exploration); 0 when reachable; -1 out of memory. */
int pl_relaxed_dead_end(const pl_task *t, const pl_relaxed *r, const uint64_t *state);

/* Can `atom` hold in some state reachable from `state`? */
pl_answer pl_atom_reachable(const pl_task *t, const pl_relaxed *r, const uint64_t *state, int atom,
                            const pl_limits *limits);
/* Can all of `atoms` hold together in some state reachable from `state`? */
pl_answer pl_atoms_reachable(const pl_task *t, const pl_relaxed *r, const uint64_t *state, const int *atoms, int n,
                             const pl_limits *limits);
/* Can `action` become applicable in some state reachable from `state`? */
pl_answer pl_action_reachable(const pl_task *t, const pl_relaxed *r, const uint64_t *state, int action,
                              const pl_limits *limits);
/* Must every plan from `state` make `atom` true at some point?  (Yes when it
 * holds already.)  Decided on the task without the actions that add it:
 * solvable means a plan avoids it; h^2 (mutex.h) proving its goal
 * unreachable, or an exhausted search, means every plan needs it.
 * Conditional achievers make the answer PL_UNKNOWN. */
pl_answer pl_is_landmark(const pl_task *t, const pl_relaxed *r, const uint64_t *state, int atom,
                         const pl_limits *limits, pl_search_result *witness);
/* `witness` (may be NULL) receives the search: for PL_NO, the plan that
 * avoids the atom (free with pl_search_result_clear). */
/* Many landmark questions about one state: the checker finds one plan from
 * the state first; every atom that plan never makes true is no landmark
 * (the plan is the witness).  Each later search that finds a plan avoiding
 * its atom adds that plan the same way, so only atoms every plan so far
 * passes through need a search of their own. */
typedef struct {
    int *steps;
    int length;
} pl_witness_plan;

typedef struct {
    const pl_task *t;
    const pl_relaxed *r;
    uint64_t *state;          /* owned copy */
    pl_limits limits;
    pl_answer solvable;       /* of the task from the state */
    pl_witness_plan *plans;   /* owned: plans found so far (plans[0] is the reference plan) */
    int nplans, cap_plans;
    int *witness;             /* per atom: index of a plan that never makes it true, or -1 */
    bool *proven;             /* per atom: proven a landmark by an earlier test */
} pl_landmark_checker;

int pl_landmark_checker_init(pl_landmark_checker *c, const pl_task *t, const pl_relaxed *r, const uint64_t *state,
                             const pl_limits *limits);
/* As pl_is_landmark; the witness of a PL_NO may be a plan found earlier,
 * and an atom proven a landmark before is not searched again (a grader
 * meets the same stored facts in many answers). */
pl_answer pl_landmark_checker_test(pl_landmark_checker *c, int atom, pl_search_result *witness);
void pl_landmark_checker_free(pl_landmark_checker *c);

/* h*(state): *cost receives the optimal plan cost (YES), NO = unsolvable.
 * `plan` (may be NULL) receives the plan found (free with pl_search_result_clear). */
pl_answer pl_optimal_cost(const pl_task *t, const pl_relaxed *r, const uint64_t *state, const pl_limits *limits,
                          long long *cost, pl_search_result *plan);
/* Is `action` applicable in `state` with h*(state[action]) = h*(state) - cost(action)?
 * `hstar` is h*(state) if known (>= 0), or -1 to compute it. */
pl_answer pl_is_next_action(const pl_task *t, const pl_relaxed *r, const uint64_t *state, int action,
                            long long hstar, const pl_limits *limits);
/* The two above (without a plan) for many questions about one task: the
 * searches share heuristic values and the lower bounds each failed bounded
 * search leaves (hcache.h), so the next-action tests of the successors of
 * one state, which meet the same states, get cheaper one after another. */
pl_answer pl_optimal_cost_shared(const pl_task *t, const pl_relaxed *r, const uint64_t *state,
                                 const pl_limits *limits, long long *cost, pl_hcache *cache);
pl_answer pl_is_next_action_shared(const pl_task *t, const pl_relaxed *r, const uint64_t *state, int action,
                                   long long hstar, const pl_limits *limits, pl_hcache *cache);

#endif
