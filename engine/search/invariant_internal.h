/* The invariant synthesis's own types (invariants.h), shared by its
 * files: invariant_actions.c normalises the action schemas, invariants.c
 * proves the candidates, fact_groups.c instantiates them as groups. */
#ifndef PL_SEARCH_INVARIANT_INTERNAL_H
#define PL_SEARCH_INVARIANT_INTERNAL_H

#include <stdbool.h>

#include "search/invariant_constraints.h"
#include "base/arena.h"
#include "base/hashmap.h"
#include "task/task.h"

enum {
    INV_EQ = -1,             /* the "=" of a literal */
    INV_COUNTED = -1,             /* a part's argument that the invariant counts */
    INV_MAX_CANDIDATES = 100000,  /* Fast Downward's invariant_generation_max_candidates */
    INV_MAX_KEY = 255,            /* ints of a candidate's hash key */
    /* Work units (actions checked, constraint systems and their
     * combinations, refinement mappings) the search may spend: Fast
     * Downward stops on a time limit (300 s); a count keeps the result the
     * same on every machine.  Of the IPC first problems only
     * organic-synthesis-split spends much: sat18 all of it (0.23 s; Fast
     * Downward takes 5 s there), opt18 two thirds before it reaches the
     * 100,000 candidates; the others at most 4 %. */
    INV_WORK_BUDGET = 5000000
};

typedef struct {
    int pred; /* INV_EQ for an equality */
    bool neg;
    int nargs;
    const int *args; /* terms: variable slots, objects negative */
} inv_lit;

typedef struct {
    inv_lit atom;  /* neg: a delete effect */
    inv_lit *cond; /* the literals of its condition */
    int ncond;
    int *vars; /* the variables a forall binds around it */
    int nvars;
} inv_eff;

/* An action as the translator's normalisation leaves it: a conjunction of
 * literals, existential variables as parameters, flat effects. */
typedef struct {
    inv_lit *pre;
    int npre;
    inv_eff *effs;
    int neffs;
    inv_eff *heavy; /* each universal effect twice, the copy's variables renamed */
    int nheavy;
    int *params;
    int nparams;
} inv_action;

typedef struct {
    int pred, omitted, nargs; /* omitted: the COUNTED position, or -1 */
    const int *args;          /* invariant parameters 0.., or COUNTED */
} inv_part;

typedef struct {
    int first, nparts; /* parts[first .. first + nparts), sorted */
} inv_candidate;

typedef struct {
    const pl_task *t;
    const pl_domain *d;
    pl_arena arena;
    inv_action *acts;
    int nacts;
    inv_part *parts;
    int nparts, cap_parts;
    inv_candidate *cands;
    int ncands, cap_cands;
    pl_hashmap seen;
    pl_csys sys, params_sys;
    pl_term_classes classes;
    long budget;  /* INV_WORK_BUDGET, spent */
    inv_lit *scratch; /* literal lists of one check */
    int cap_scratch;
    bool oom;
} inv_finder;

/* The schemas as the translator's normalisation leaves them: f->acts. */
void inv_normalise(inv_finder *f);
/* Proves the candidates from f->acts; the indices of the proved ones, in
 * the order found, go to *proved (owned by the caller).  Returns the
 * count, or -1 out of memory. */
int inv_prove(inv_finder *f, int **proved);
const inv_part *inv_part_of(const inv_finder *f, const inv_candidate *c, int pred);

#endif
