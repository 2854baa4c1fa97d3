/* Ground conditions as relaxed atoms, the way Fast Downward's translator and
 * its relaxation heuristics see them (internal to relaxed.c).
 *
 * A conjunction becomes its literals; a literal "not p" becomes p's "not p"
 * atom; a disjunction becomes an auxiliary atom reached by one cost-0
 * operator per disjunct (Fast Downward splits such actions, axioms and goals
 * into one per disjunct: the same h_add and h_max); a universal quantifier
 * becomes an auxiliary atom reached by one cost-0 operator from its body
 * (Fast Downward's translator makes it a derived atom, so h_add pays its
 * body apart from the rest of the condition); a negated derived atom
 * "not d" is reached by a cost-0 operator whose precondition is the negation
 * of every axiom of d (Fast Downward's default-value axioms), or by one
 * without precondition when d lies on a cycle of positive dependencies with
 * other derived atoms (Fast Downward's approximation there). */
#ifndef PL_SEARCH_RELAXED_CONDITIONS_H
#define PL_SEARCH_RELAXED_CONDITIONS_H

#include <stdbool.h>

#include "task/task.h"

/* Marks in needs_not (t->natoms bytes, zeroed) the atoms p whose "not p"
 * atom some condition reads: negative literals of preconditions, effect
 * conditions, axiom bodies and the goal, and those of the negated bodies of
 * the derived atoms read negatively.  *needs_aux: some condition has a
 * disjunction or a universal quantifier.  Returns -1 on out of memory. */
int pl_rc_discover(const pl_task *t, unsigned char *needs_not, bool *needs_aux);

typedef struct pl_rc pl_rc;

/* An auxiliary atom holds where a disjunction (some disjunct) or a
 * universal quantifier (every binding) holds; the false atom never. */
typedef enum { PL_RC_EITHER, PL_RC_ALL, PL_RC_FALSE } pl_rc_aux_kind;

/* A compiler whose auxiliary atoms are numbered from first_aux on;
 * negated_of[p] is p's "not p" atom or -1 (borrowed). */
pl_rc *pl_rc_new(const pl_task *t, const int *negated_of, int first_aux);
void pl_rc_free(pl_rc *c);
/* The relaxed atoms of condition `cond` (a ground condition or
 * PL_GF_TRUE), appended to *out (realloc'd; *n its length, *cap its
 * capacity).  Returns -1 on out of memory. */
int pl_rc_compile(pl_rc *c, int cond, int **out, int *n, int *cap);
/* The same for literal (atom, negated). */
int pl_rc_literal(pl_rc *c, int atom, bool negated, int **out, int *n, int *cap);
/* Builds the operators of the "not d" atoms compiled so far (call after
 * the last compile; they may add auxiliary atoms).  Returns -1 on out of
 * memory. */
int pl_rc_finish(pl_rc *c);
/* The auxiliary operators (cost 0, one added atom each) and the atoms after
 * the last one: next free atom id. */
int pl_rc_nops(const pl_rc *c);
const int *pl_rc_op_pre(const pl_rc *c, int op, int *npre);
int pl_rc_op_eff(const pl_rc *c, int op);
int pl_rc_end_atom(const pl_rc *c);
/* What auxiliary atom `atom` (from first_aux to the end atom) stands for. */
pl_rc_aux_kind pl_rc_atom_kind(const pl_rc *c, int atom);

#endif
