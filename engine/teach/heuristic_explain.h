/* Why a heuristic value is what it is (issue 39 §1): for one state, the
 * planner's own blind, h_max, h_add, h_FF, LM-cut and h* values and what
 * they are made of, read from the planner's evaluators (search/heuristic.h
 * explanation hooks), never recomputed here, so the numbers shown are those
 * the planner's searches use.
 *
 * Atoms are the heuristics' relaxed atoms (the task's, then "not p" atoms
 * where a condition requires p false); operators are the relaxed operators
 * (one per action, one more per conditional effect, one per axiom).
 *
 * Tie-breaking, as the planner breaks ties:
 *  - an atom's achiever (h_max, h_add, h_FF) is the first operator to reach
 *    it at its final value in the exploration, a Dijkstra over atoms in
 *    order of value (the last atom queued first among equal values; the
 *    operators an atom enables in the order of the ground actions);
 *  - h_FF's relaxed plan is those achievers followed back from the goal
 *    atoms, each action paid once (atoms of value 0 need none);
 *  - LM-cut gives each operator one supporter, a precondition of maximal
 *    h_max value (the one reached last), and each cut is the set of
 *    operators entering the goal zone from the atoms reached before it;
 *  - the critical path follows, from the goal atom of largest h_max value,
 *    each achiever's precondition of largest value (the first listed on
 *    ties). */
#ifndef PL_TEACH_HEURISTIC_EXPLAIN_H
#define PL_TEACH_HEURISTIC_EXPLAIN_H

#include <stdbool.h>

#include "search/heuristic.h"
#include "search/reach.h"

/* One exploration's tables (h_max or h_add). */
typedef struct {
    int value;      /* of the goal; PL_H_INF: unreachable */
    int *atom;      /* per relaxed atom: its value (PL_H_INF unreached) */
    int *achiever;  /* per relaxed atom: relaxed operator, -1 (holds, or unreached) */
    int *op;        /* per relaxed operator: cost + the max / sum of its preconditions' values; PL_H_INF unreached */
} pl_hx_table;

typedef struct {
    const pl_task *task;     /* borrowed */
    const pl_relaxed *hr;    /* borrowed: the heuristics' relaxation */
    uint64_t *state;         /* owned copy */
    bool goal_state;         /* the goal holds: every value is 0, no tables */
    int *goal;               /* owned: relaxed goal atoms */
    int ngoal;
    int blind, hmax, hadd, hff, lmcut;
    pl_hx_table max, add;
    int *plan_layer;         /* per relaxed operator: its layer in h_FF's relaxed plan (1..), 0 = not in it */
    int plan_layers;
    int *ff_achiever;        /* per relaxed atom: the achiever h_FF's extraction follows (-1 none) */
    bool lmcut_is_hmax;      /* conditional effects: LM-cut evaluated as h_max (heuristic.h) */
    int *cuts;               /* owned: LM-cut's cuts (heuristic.h pl_heuristic_cuts form), NULL without */
    /* h*: an optimal plan, or why there is none */
    pl_answer hstar_answer;  /* YES: hstar and the plan; NO: dead end; UNKNOWN: a limit */
    long long hstar;
    int *plan;
    int plan_length;
    bool dead_end;
    bool dead_end_by_relaxation; /* h_max = infinity; else proven by exhaustive search */
    char **unreachable;      /* owned: the goal conjuncts (as the goal writes them) that cannot be reached */
    int nunreachable;
    bool together;           /* each alone is reachable (or unknown): unreachable lists every goal
                              * conjunct still false, which cannot hold together */
} pl_heuristic_explanation;

/* Explains the heuristics of `state` (copied).  h* and the dead-end test
 * search within `limits`.  Returns 0, or -1 when out of memory. */
int pl_heuristic_explain(const pl_task *t, const pl_relaxed *r, const uint64_t *state, const pl_limits *limits,
                         pl_heuristic_explanation *out);
void pl_heuristic_explanation_clear(pl_heuristic_explanation *x);

/* A relaxed atom's name: the task's "(at a b)", or "(not (at a b))"; into
 * buf (size n); returns buf. */
const char *pl_hx_atom_name(const pl_relaxed *hr, int atom, char *buf, size_t n);
/* A relaxed operator's name: its action's, with " when ..." for a
 * conditional effect's operator named by the atom it adds; an axiom as
 * "axiom (head)".  Into buf; returns buf. */
const char *pl_hx_op_name(const pl_relaxed *hr, int op, char *buf, size_t n);
/* The relaxed atoms of state (true atoms, "not p" of false p) into out
 * (room for hr->natoms); returns the count. */
int pl_hx_state_atoms(const pl_relaxed *hr, const uint64_t *state, int *out);
/* h_max's critical path: from the goal atom of largest value down to an
 * atom of the state, atoms into out (room for hr->natoms); returns the
 * count (0 for a goal state or a dead end). */
int pl_hx_critical_path(const pl_heuristic_explanation *x, int *out);
/* h_add's supports: the goal atoms, then every precondition of their
 * achievers, each atom once, breadth first (out: room for hr->natoms);
 * returns the count.  An atom's value is its achiever's cost plus its
 * preconditions' values. */
int pl_hx_supports(const pl_heuristic_explanation *x, int *out);
/* The atoms in the order a cost table lists them: by value (unreached
 * last), then by name (out: room for hr->natoms).  0, or -1 when out of
 * memory. */
int pl_hx_atoms_by_value(const pl_relaxed *hr, const int *values, int *out);
/* The atoms h_FF's relaxed plan wants achieved: goal atoms and its
 * operators' preconditions that are not in the state (they have an
 * achiever); need: hr->natoms flags, false on entry. */
void pl_hx_ff_needed(const pl_heuristic_explanation *x, bool *need);

#endif
