/* The grounded task: atoms and actions as small integers with interned names.
 *
 * Grounding keeps only what is relaxed-reachable from the initial state:
 * static predicates (never changed by an action) are folded away, quantified
 * conditions and effects are expanded over the typed objects, and actions
 * whose static preconditions are false never appear.  A task is read-only
 * once built and may be shared by any number of readers. */
#ifndef PL_TASK_TASK_H
#define PL_TASK_TASK_H

#include <stdbool.h>
#include <stdint.h>

#include "base/hashmap.h"
#include "pddl/pddl.h"

/* Ground condition (NNF): literals joined by AND / OR.  Nodes live in the
 * task; id PL_GF_TRUE / PL_GF_FALSE are the constants.
 *
 * An AND over every binding of a universal quantifier (forall, or a negated
 * exists) is marked `universal`; so is the body of one with a single
 * binding.  Nested ANDs are spliced into their parent, so a universal node's
 * children may reappear among its parent's; there gkid_quantifier[k] names
 * the universal node gkids[k] came from (-1: none).
 * The relaxation reads it to see each quantifier as Fast Downward's
 * translator does, as one derived atom (relaxed_conditions.h). */
enum { PL_GF_TRUE = -1, PL_GF_FALSE = -2 };
typedef enum { PL_G_LIT, PL_G_AND, PL_G_OR } pl_gnode_kind;
typedef struct {
    pl_gnode_kind kind;
    int atom;    /* LIT */
    bool neg;    /* LIT */
    bool universal; /* the bindings of one universal quantifier (above) */
    int first;   /* AND/OR: children are kids[first .. first+count) */
    int count;
} pl_gnode;

typedef struct {
    int cond;    /* ground condition id, or PL_GF_TRUE */
    int atom;
    bool add;    /* false: delete */
} pl_geffect;

typedef struct {
    int schema;        /* index into the domain's actions */
    int *args;         /* object indices, schema arity of them */
    const char *name;  /* "(board c2 l0)" */
    int *pre_pos;      /* when pre == PL_GF_TRUE these lists are the whole precondition */
    int npre_pos;
    int *pre_neg;
    int npre_neg;
    int pre;           /* PL_GF_TRUE, or a ground condition for non-conjunctive preconditions */
    int grounded_pre;  /* the precondition as grounded, also when the lists hold it */
    pl_geffect *effs;
    int neffs;
    bool conditional;  /* some effect has a condition */
    double cost;
} pl_gaction;

typedef struct {
    int pred;
    int *args;
    const char *name;  /* "(at c0 l1)" */
} pl_gatom;

/* A ground axiom: its derived atom holds when its body does (task/axioms.c). */
typedef struct {
    int head;          /* derived atom */
    int body;          /* ground condition */
} pl_gaxiom;

typedef struct pl_task {
    pl_arena arena;
    const pl_domain *domain;   /* borrowed */
    const pl_problem *problem; /* borrowed */
    int natoms;
    pl_gatom *atoms;           /* fluent atoms only */
    int nactions;
    pl_gaction *actions;
    pl_gnode *gnodes;
    int ngnodes;
    int *gkids;
    int *gkid_quantifier;       /* per gkids entry: its universal node, or -1 (see pl_gnode) */
    unsigned char *gkid_repeat; /* per gkids entry: 1 when an earlier child of its node is the same literal */
    int ngkids;
    bool *pred_static;         /* per predicate: no action changes it */
    pl_hashmap atom_ids;        /* (pred, args...) -> fluent atom id */
    pl_hashmap static_true;     /* (pred, args...) -> 1 for static atoms true in init */
    pl_hashmap action_ids;      /* (schema, args...) -> action id */
    pl_hashmap object_ids;      /* object name (as ints) -> object */
    int **objects_of_type;     /* per type: objects of the type or a subtype */
    int *nobjects_of_type;
    unsigned char **is_a;      /* is_a[type][object]: membership, subtypes included */
    pl_hashmap either_ids;      /* (type ids...) of an (either ...) -> list index */
    int **either_objects;      /* objects of each registered (either ...) */
    int *neither_objects;
    int neither;
    int words;                 /* uint64 words per state */
    uint64_t *init;
    int goal;                  /* ground condition id */
    bool has_costs;            /* :action-costs with a metric: cost is sum of costs */
    int nstatic_true;
    /* Derived atoms are fluent atoms that no action changes: every state
     * holds them as the axioms make them (pl_task_derive), stratum by
     * stratum, each to its least fixpoint.  pl_task_apply and the initial
     * state do it already. */
    int naxioms;
    pl_gaxiom *axioms;         /* ordered by stratum */
    int nstrata;
    int *stratum_start;        /* stratum k: axioms [stratum_start[k], stratum_start[k + 1]) */
    uint64_t *derived_mask;    /* words bits: the derived atoms (NULL without axioms) */
    int nderived;
    int *users_start;          /* per atom a: the axioms whose body reads a are */
    int *users;                /* users[users_start[a] .. users_start[a + 1]) */
} pl_task;

/* Size limits of grounding: hostile or mistaken PDDL (ten parameters over a
 * hundred objects) stops with a PL_ERR_LIMIT error instead of exhausting
 * memory or time.  Process-wide; default 4,000,000 fluent atoms and as many
 * ground actions, and 50 times that many candidate groundings tried.  The
 * largest ACPBench and PlanBench tasks stay far below. */
void pl_set_max_ground(long long atoms_and_actions);
long long pl_max_ground(void);

/* Grounds `problem` (which borrows its domain).  Both must outlive the task. */
pl_task *pl_task_new(const pl_problem *problem, pl_error *err);
void pl_task_free(pl_task *t);

int pl_task_find_object(const pl_task *t, const char *name);  /* -1 if none */
int pl_task_atom_id(const pl_task *t, int pred, const int *args);   /* -1 if not a fluent atom */
int pl_task_action_id(const pl_task *t, int schema, const int *args);
bool pl_task_static_holds(const pl_task *t, int pred, const int *args);
bool pl_task_object_is_a(const pl_task *t, int obj, const pl_typeset *ts);
/* Calls fn(ctx, args) for every tuple of objects fitting params[0..arity),
 * in object order, until fn returns nonzero.  Returns fn's nonzero value, 0
 * when every tuple was visited, or PL_TUPLES_OVER when there are more than
 * *budget tuples (spent as they are visited) or arity exceeds PL_MAX_ARITY. */
#define PL_TUPLES_OVER 2
int pl_task_for_each_tuple(const pl_task *t, const pl_typeset *params, int arity, long *budget,
                           int (*fn)(void *ctx, const int *args), void *ctx);

/* States: bitsets of t->words uint64 words over the fluent atoms. */
uint64_t *pl_state_new(const pl_task *t);            /* all false; free() it */
uint64_t *pl_state_clone(const pl_task *t, const uint64_t *s);
static inline bool pl_state_has(const uint64_t *s, int atom)
{
    return (s[atom >> 6] >> (atom & 63)) & 1u;
}
/* Inline: the search's state tables compare one or two words per probe,
 * where a call to memcmp costs more than the comparison. */
static inline bool pl_state_equal(const uint64_t *a, const uint64_t *b, int words)
{
    for (int i = 0; i < words; i++)
        if (a[i] != b[i])
            return false;
    return true;
}
static inline void pl_state_set(uint64_t *s, int atom, bool v)
{
    if (v)
        s[atom >> 6] |= UINT64_C(1) << (atom & 63);
    else
        s[atom >> 6] &= ~(UINT64_C(1) << (atom & 63));
}

bool pl_task_cond_holds(const pl_task *t, int cond, const uint64_t *state);
/* Sets the derived atoms of `state` from its basic atoms (no-op without axioms). */
void pl_task_derive(const pl_task *t, uint64_t *state);
static inline bool pl_task_atom_derived(const pl_task *t, int atom)
{
    return t->derived_mask && pl_state_has(t->derived_mask, atom);
}
bool pl_task_applicable(const pl_task *t, int action, const uint64_t *state);
/* out = result of applying `action` in `in` (conditions read `in`; deletes
 * before adds; then the derived atoms).  out may not alias in.  Does not
 * check applicability. */
void pl_task_apply(const pl_task *t, int action, const uint64_t *in, uint64_t *out);
/* Fills `out` (capacity t->nactions) with the applicable actions; returns count. */
int pl_task_applicable_actions(const pl_task *t, const uint64_t *state, int *out);
bool pl_task_goal_reached(const pl_task *t, const uint64_t *state);
/* No negative precondition or goal literal and no conditional effect: then a
 * plan from a state is a plan from every superset of it (applicability and
 * the goal only ask for atoms, each action adds and deletes the same atoms
 * anywhere), so a state holding all atoms of a solvable one is solvable. */
bool pl_task_monotone(const pl_task *t);

/* Positive atoms a ground condition requires in every case (top-level
 * conjunction), each once; written to out (capacity t->natoms); returns
 * the count. */
int pl_cond_required_atoms(const pl_task *t, int cond, int *out);
/* Atoms it requires false in every case (its top-level negative literals), each once. */
int pl_cond_required_false(const pl_task *t, int cond, int *out);

#endif
