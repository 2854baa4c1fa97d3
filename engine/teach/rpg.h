/* The relaxed planning graph of a state (issue 39 §2): fact layers and
 * action layers, from the state's atoms until no new fact appears (the
 * fixpoint).  Fact layer 0 holds the state's atoms; action layer i holds
 * every operator whose preconditions all hold in fact layer i; fact layer
 * i + 1 adds their effects.  Operators that are no action (an axiom, a
 * disjunction's or a universal quantifier's, of cost 0) take no layer: the
 * atoms they add join the fact layer where their preconditions hold.
 * Layers grow (nothing is deleted), so each atom and operator is given by
 * its first level.  goal_level is the first fact
 * layer holding every goal atom: with unit costs and no axioms, h_max.
 *
 * Atoms and operators are the heuristics' relaxed ones (heuristic_explain.h:
 * "not p" atoms where a condition requires p false), and the relaxed plan
 * marked is the planner's own h_FF relaxed plan of the state. */
#ifndef PL_TEACH_RPG_H
#define PL_TEACH_RPG_H

#include <stdbool.h>
#include <stdint.h>

#include "search/heuristic.h"

typedef struct {
    const pl_relaxed *hr;   /* borrowed: the heuristics' relaxation */
    int nlevels;            /* fact layers 0 .. nlevels - 1; the last is the fixpoint */
    int *atom_level;        /* per relaxed atom: first fact layer, -1 never */
    int *op_level;          /* per relaxed operator: first action layer, -1 never */
    int goal_level;         /* -1: some goal atom is never reached */
    int *goal;              /* relaxed goal atoms */
    int ngoal;
    bool *in_relaxed_plan;  /* per relaxed operator: in h_FF's relaxed plan */
    int hff;                /* its cost (PL_H_INF: dead end) */
} pl_rpg;

/* Builds the graph of `state`.  Returns 0, or -1 when out of memory. */
int pl_rpg_build(const pl_task *t, const pl_relaxed *r, const uint64_t *state, pl_rpg *out);
void pl_rpg_clear(pl_rpg *g);
/* The first operator (in the relaxed operators' order) of action layer
 * level(atom) - 1 adding `atom`: why the atom is first there; -1 for atoms of
 * layer 0 and atoms never reached. */
int pl_rpg_first_achiever(const pl_rpg *g, int atom);

#endif
