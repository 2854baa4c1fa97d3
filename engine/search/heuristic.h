/* Delete-relaxation heuristics over a grounded task: h_max, LM-cut, h_add,
 * h_FF, and blind.  The relaxed task is built once per task (read-only,
 * shareable); an evaluator holds the per-query scratch (goal, disabled
 * actions, costs) and is used by one search at a time.
 *
 * Relaxation: where a precondition, an effect condition or the goal requires
 * an atom p false, the heuristics see an atom "not p" (as Fast Downward's
 * translator compiles negative conditions): true in a state without p,
 * added by the actions that delete p; a disjunction or a negated derived
 * atom is an auxiliary atom reached by operators of cost 0
 * (relaxed_conditions.h).  A conditional effect becomes its own relaxed
 * operator whose precondition adds the effect condition's atoms, and h_FF's
 * relaxed plan pays an action's cost once however many of its effects it
 * uses.  LM-cut needs one operator per action to stay admissible, so on
 * tasks with conditional effects it evaluates as h_max
 * (pl_heuristic_kind_used says so). */
#ifndef PL_SEARCH_HEURISTIC_H
#define PL_SEARCH_HEURISTIC_H

#include <stdbool.h>
#include <stdint.h>

#include "task/task.h"

#define PL_H_INF INT32_MAX

typedef enum { PL_H_BLIND, PL_H_MAX, PL_H_LMCUT, PL_H_ADD, PL_H_FF } pl_heuristic_kind;

typedef struct {
    int *pre;    /* positive precondition atoms */
    int npre;
    int *eff;    /* added atoms */
    int neff;
    int cost;
    int action;  /* ground action id; -1 for an axiom (cost 0, adds its derived atom) */
    /* The effects h_add and h_FF explore (unless some actions are
     * disabled): those no other operator dominates (Fast Downward drops an
     * operator's effect when another operator adds it from a subset of the
     * preconditions at no higher cost; relaxed.c).  Points into the
     * relaxation's pool. */
    int *fd_eff;
    int nfd_eff;
} pl_relaxed_op;

typedef struct pl_relaxed_s pl_relaxed;
struct pl_relaxed_s {
    const pl_task *task;      /* borrowed */
    int natoms;               /* relaxed atoms: the task's, then the "not p" atoms */
    int nops;
    pl_relaxed_op *ops;
    int **pre_of;             /* per atom: ops with it as a precondition */
    int *npre_of;
    int **add_of;             /* per atom: ops adding it */
    int *nadd_of;
    int *no_pre_ops;          /* ops with no precondition */
    int nno_pre;
    /* The same lists in Fast Downward's operator order (actions by name,
     * then axioms), which h_add and h_FF explore in: among equally cheap
     * achievers the first one found supports an atom, so the relaxed plan
     * h_FF extracts is Fast Downward's where the orders agree.  Owned. */
    int **ordered_pre_of;
    int *ordered_pre_of_pool;
    int *ordered_no_pre_ops;
    /* The task's atoms and the "not p" atoms in the order Fast Downward's
     * h_add queues a state's facts (fact_order.h), which h_add and h_FF
     * follow; set on the heuristics' relaxation (negated when there is
     * one).  Owned. */
    int *fact_order;
    int *fd_eff_pool;         /* owned: every op's fd_eff list, back to back */
    bool split_effects;       /* some action became several relaxed ops */
    bool integral_costs;      /* every action cost is a non-negative integer */
    int *action_cost;         /* per ground action, rounded */
    int *op_atoms;            /* owned: every op's pre and eff lists, back to back */
    int *pre_of_pool, *add_of_pool; /* owned: the pre_of and add_of lists, back to back */
    struct pl_mutexes_s *mutexes; /* owned; h^2 pairs from the initial state, when computed */
    struct pl_symmetry_s *symmetry; /* owned; interchangeable objects, when computed */
    struct pl_pdbs *pdbs;           /* owned; pattern databases of the goal (pdb.h), when built */
    struct pl_h2 *dead_ends;        /* owned; h^2 dead-end test towards the goal (mutex.h), when set up */
    struct pl_successors *successors; /* owned; the applicable actions of a state (successors.h) */
    /* Negation and disjunction: the ops above see the atoms that
     * conditions require, positive ones only (reachability and landmarks
     * read them); `negated`, when some condition reads an atom false or has
     * a disjunction, is the relaxation the heuristics use
     * (relaxed_conditions.h), whose atoms go on after the task's with "not
     * p" for p = negated_base[i] (negated_of[p] is that atom, or -1; p may
     * be derived), then auxiliary atoms (a disjunction's, a universal
 * quantifier's, "false"; aux_kind) up to
     * natoms, never true in a state.  goal_atoms: the task goal's relaxed
     * atoms there.  Owned. */
    pl_relaxed *negated;
    int nnegated;
    int *negated_base;
    int *negated_of;
    int *goal_atoms;
    int ngoal_atoms;
    unsigned char *aux_kind;  /* per auxiliary atom, from the task's atoms + nnegated: pl_relaxed_atom_kind */
};

pl_relaxed *pl_relaxed_new(const pl_task *t);
void pl_relaxed_free(pl_relaxed *r);
/* The atoms of the heuristics' relaxation (the task's, and "not p" atoms). */
int pl_relaxed_atom_count(const pl_relaxed *r);
/* A heuristic goal for ground condition `cond`: the atoms it requires, and
 * the "not p" atom of each atom p it requires false.  out holds 2 x the
 * task's atoms; returns the count. */
int pl_relaxed_goal_atoms(const pl_relaxed *r, int cond, int *out);
/* What a relaxed atom of the heuristics' relaxation (r->negated when set)
 * is: a task atom, a "not p" atom, or an auxiliary atom holding where a
 * disjunction holds (either), where a universal quantifier does (all), or
 * never (false). */
typedef enum { PL_RELAXED_TASK_ATOM, PL_RELAXED_NOT_ATOM, PL_RELAXED_EITHER, PL_RELAXED_ALL, PL_RELAXED_FALSE } pl_relaxed_atom_kind;
pl_relaxed_atom_kind pl_relaxed_atom_kind_of(const pl_relaxed *hr, int atom);
/* The heuristics' "not p" atom of task atom p, or -1 when there is none. */
int pl_relaxed_negated_atom(const pl_relaxed *r, int atom);
/* Computes the h^2 mutexes of the initial state (mutex.h), which the
 * reachability questions of reach.h then use as instant proofs.  Costs
 * O(actions x atoms x precondition) per pass: worth it when many questions
 * are asked about one task.  Returns -1 on out of memory. */
int pl_relaxed_add_mutexes(pl_relaxed *r);
/* Finds the task's interchangeable objects (symmetry.h); from then on the
 * optimal-cost and next-action tests of reach.h search up to symmetry when
 * they need no plan.  Returns -1 on out of memory. */
int pl_relaxed_add_symmetry(pl_relaxed *r);

typedef struct pl_heuristic pl_heuristic;

/* goal: relaxed atoms to reach (task atoms, or "not p" atoms from
 * pl_relaxed_goal_atoms / pl_relaxed_negated_atom); disabled: per ground action, true = removed
 * from the task (may be NULL).  Both are copied. */
pl_heuristic *pl_heuristic_new(const pl_relaxed *r, pl_heuristic_kind kind, const int *goal, int ngoal,
                               const bool *disabled);
void pl_heuristic_free(pl_heuristic *h);
/* Estimate for `state`, or PL_H_INF for a proven dead end. */
int pl_heuristic_eval(pl_heuristic *h, const uint64_t *state);
/* After an LM-cut evaluation of a state (the last pl_heuristic_eval call):
 * a lower bound on h* of its successor by ground action `action`, the LM-cut
 * value less the costs of the cuts that contain the action (at least the
 * value less the action's cost, often all of it); -1 when that evaluation
 * computed no cuts (another heuristic, a goal state, a dead end). */
int pl_heuristic_successor_bound(const pl_heuristic *h, int action);

/* Incremental LM-cut (Pommerening & Helmert 2013).  An LM-cut evaluation's
 * cuts are landmarks of its state with a cost partitioning; those without
 * action a are landmarks of the successor by a too (a plan from there, after
 * a, is a plan from the state).  So the successor's evaluation takes them
 * first, at their costs, and adds LM-cut's rounds on the costs they leave:
 * admissible, rarely below a full evaluation, and most rounds are saved. */
/* The cuts of the last evaluation (pl_heuristic_eval or _eval_child with
 * LM-cut, of a state neither a goal nor a dead end): their size in ints, 0
 * when there are none (or out of memory); and the ints themselves (the
 * count of cuts, then each cut as its cost, its size and its relaxed
 * operators), valid until the next evaluation. */
int pl_heuristic_cuts_size(const pl_heuristic *h);
const int *pl_heuristic_cuts(const pl_heuristic *h);
/* LM-cut of `state`, the successor by ground action `action` of the state
 * whose cuts `parent_cuts` holds (a copy of pl_heuristic_cuts from this
 * evaluator); other heuristics evaluate `state` as pl_heuristic_eval does. */
int pl_heuristic_eval_child(pl_heuristic *h, const uint64_t *state, const int *parent_cuts, int action);
/* After an h_FF evaluation (pl_heuristic_eval): its helpful actions, the
 * ground actions of the relaxed plan applicable in the state (Fast
 * Downward's preferred operators), into *actions (valid until the next
 * evaluation); returns their count, 0 for the other heuristics, a goal
 * state or a dead end. */
int pl_heuristic_preferred(const pl_heuristic *h, const int **actions);
/* From now on every action costs 1 to `h` (axioms 0): Fast Downward's
 * cost_type=one, which LAMA's first search uses whatever the costs. */
void pl_heuristic_unit_costs(pl_heuristic *h);
pl_heuristic_kind pl_heuristic_kind_used(const pl_heuristic *h);
/* Explanation hooks (engine/teach/heuristic_explain.h), valid after a
 * pl_heuristic_eval of a state that is no goal state (a goal state is
 * worth 0 without an exploration): relaxed atom `atom`'s h_max or h_add
 * value (PL_H_INF unreached) and the relaxed operator that gave it that
 * value (r->nops: the goal operator; -1 when the atom holds or is
 * unreached) -- for h_max, h_add, h_FF and LM-cut (its last, lowered
 * costs); after h_FF, whether relaxed operator `op` is in the relaxed plan. */
int pl_heuristic_atom_value(const pl_heuristic *h, int atom);
int pl_heuristic_achiever(const pl_heuristic *h, int atom);
bool pl_heuristic_in_relaxed_plan(const pl_heuristic *h, int op);
const char *pl_heuristic_name(pl_heuristic_kind k);

#endif
