/* The equality constraint systems of the invariant synthesis
 * (translate/constraints.py): is there a way to pick one conjunction of
 * equalities from each disjunction so that the finest equivalence they
 * induce puts no two objects together, separates at least one pair of each
 * inequality disjunction, and keeps every "not constant" term away from the
 * objects?
 *
 * Terms are ints: an object is negative (PL_TERM_OBJECT), an action's
 * variable slot is 0 .. PL_INV_PARAM - 1, invariant parameter i is
 * PL_INV_PARAM + i. */
#ifndef PL_SEARCH_INVARIANT_CONSTRAINTS_H
#define PL_SEARCH_INVARIANT_CONSTRAINTS_H

#include <stdbool.h>

#define PL_INV_PARAM (1 << 20)

typedef struct {
    int a, b;
} pl_term_pair;

typedef struct {
    int first, count; /* a slice of pairs (or, for a DNF, of conjunctions) */
} pl_slice;

enum { PL_CSYS_OPEN_NONE, PL_CSYS_OPEN_CONJ, PL_CSYS_OPEN_INEQ };

typedef struct {
    pl_term_pair *pairs;
    int npairs, cap_pairs;
    pl_slice *conjs; /* equality conjunctions, each a slice of pairs */
    int nconjs, cap_conjs;
    pl_slice *dnfs;  /* disjunctions of conjunctions: slices of conjs */
    int ndnfs, cap_dnfs;
    pl_slice *ineqs; /* inequality disjunctions: slices of pairs */
    int nineqs, cap_ineqs;
    int *not_constant;
    int nnot_constant, cap_not_constant;
    int open;        /* the slice pl_csys_add_pair extends: PL_CSYS_OPEN_* */
    bool oom;        /* an append failed: the system answers "solvable" no more */
} pl_csys;

void pl_csys_clear(pl_csys *s);
void pl_csys_free(pl_csys *s);

/* A DNF is built as pl_csys_begin_dnf, then for each conjunction
 * pl_csys_begin_conj and its pl_csys_add_pair calls. */
void pl_csys_begin_dnf(pl_csys *s);
void pl_csys_begin_conj(pl_csys *s);
/* An inequality disjunction: pl_csys_begin_ineq, then its pairs. */
void pl_csys_begin_ineq(pl_csys *s);
void pl_csys_add_pair(pl_csys *s, int a, int b);
void pl_csys_add_not_constant(pl_csys *s, int term);
void pl_csys_extend(pl_csys *s, const pl_csys *other);

/* Each combination of conjunctions tried spends one unit of *budget; when
 * it runs out the answer is "not solvable" (hostile domains can make the
 * combinations explode: Fast Downward stops on a time limit instead). */
bool pl_csys_solvable(const pl_csys *s, long *budget);

/* The equivalence classes of one conjunction of pairs, for the
 * representative tests of the balance check. */
typedef struct {
    int *terms; /* distinct terms met */
    int *parent;
    int n, cap;
} pl_term_classes;

void pl_classes_build(pl_term_classes *c, const pl_term_pair *pairs, int n);
/* The class's object if it holds one, else a canonical member; a term the
 * pairs never named stands for itself. */
int pl_classes_representative(const pl_term_classes *c, int term);
void pl_classes_free(pl_term_classes *c);

#endif
