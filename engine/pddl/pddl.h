/* PDDL front end: domains and problems as an AST with source locations.
 *
 * Names are case-insensitive: every name is stored lower-cased.  Supported:
 * :strips :typing (hierarchies, either) constants :negative-preconditions
 * :equality :disjunctive-preconditions :existential-preconditions
 * :universal-preconditions :conditional-effects :action-costs :adl and
 * :derived-predicates (axioms, stratified).  Anything else (durative actions,
 * numeric fluents beyond total-cost) is refused with PL_ERR_UNSUPPORTED and
 * its location.
 *
 * Terms inside formulas are ints: t >= 0 is variable slot t of the enclosing
 * action (parameters first, then quantified variables) or of the goal;
 * t < 0 is object -(t + 1) of the combined object table: the domain's
 * constants first, then the problem's objects. */
#ifndef PL_PDDL_PDDL_H
#define PL_PDDL_PDDL_H

#include <stdbool.h>

#include "base/arena.h"
#include "base/error.h"

typedef struct {
    int line, column;
} pl_loc;

/* Size limits (checked by the parser): arities and variables per action. */
#define PL_MAX_ARITY 64
#define PL_MAX_VARS 200

#define PL_TERM_OBJECT(i) (-(i) - 1)
#define PL_TERM_IS_VAR(t) ((t) >= 0)
#define PL_TERM_OBJ_INDEX(t) (-(t) - 1)

typedef struct {
    int *ids;   /* type indices; more than one for (either ...) */
    int count;
} pl_typeset;

typedef struct {
    const char *name;
    int *parents; /* type indices; empty only for "object" (index 0) */
    int nparents;
    pl_loc loc;
} pl_type;

typedef struct {
    const char *name;
    pl_typeset types;
    pl_loc loc;
} pl_object;

typedef struct {
    const char *name;
    pl_typeset *params; /* one typeset per argument */
    int arity;
    pl_loc loc;
} pl_predicate;

typedef struct {
    const char *name;
    pl_typeset *params;
    int arity;
    pl_loc loc;
} pl_function;

typedef struct {
    const char *name;
    pl_typeset types;
    pl_loc loc;
} pl_variable;

typedef enum {
    PL_F_TRUE,
    PL_F_FALSE,
    PL_F_ATOM,
    PL_F_EQ,
    PL_F_NOT,
    PL_F_AND,
    PL_F_OR,
    PL_F_IMPLY,
    PL_F_EXISTS,
    PL_F_FORALL
} pl_formula_kind;

typedef struct pl_formula {
    pl_formula_kind kind;
    pl_loc loc;
    int pred;                 /* ATOM */
    int *args;                /* ATOM, EQ (2 terms) */
    int nargs;
    struct pl_formula **kids; /* NOT (1), AND/OR (n), IMPLY (2), EXISTS/FORALL (1) */
    int nkids;
    int var_first, nvars;     /* EXISTS/FORALL: the variable slots they bind */
} pl_formula;

/* A numeric expression for (increase (total-cost) X): a constant or a
 * static function term whose values come from the problem's init. */
typedef struct {
    int func;   /* -1 for a constant */
    int *args;
    int nargs;
    double value;
} pl_cost_expr;

typedef enum {
    PL_E_AND,
    PL_E_ADD,
    PL_E_DEL,
    PL_E_FORALL,
    PL_E_WHEN,
    PL_E_COST
} pl_effect_kind;

typedef struct pl_effect {
    pl_effect_kind kind;
    pl_loc loc;
    int pred;                /* ADD, DEL */
    int *args;
    int nargs;
    struct pl_effect **kids; /* AND (n), FORALL (1), WHEN (1) */
    int nkids;
    pl_formula *cond;        /* WHEN */
    int var_first, nvars;    /* FORALL */
    pl_cost_expr cost;       /* COST */
} pl_effect;

typedef struct {
    const char *name;
    pl_loc loc;
    int nparams;
    pl_variable *vars; /* nvars slots; the first nparams are the parameters */
    int nvars;
    pl_formula *pre;   /* never NULL (PL_F_TRUE when absent) */
    pl_effect *eff;    /* never NULL (empty AND when absent) */
} pl_action;

enum {
    PL_REQ_STRIPS = 1 << 0,
    PL_REQ_TYPING = 1 << 1,
    PL_REQ_NEGATIVE_PRECONDITIONS = 1 << 2,
    PL_REQ_EQUALITY = 1 << 3,
    PL_REQ_DISJUNCTIVE_PRECONDITIONS = 1 << 4,
    PL_REQ_EXISTENTIAL_PRECONDITIONS = 1 << 5,
    PL_REQ_UNIVERSAL_PRECONDITIONS = 1 << 6,
    PL_REQ_CONDITIONAL_EFFECTS = 1 << 7,
    PL_REQ_ACTION_COSTS = 1 << 8,
    PL_REQ_DERIVED_PREDICATES = 1 << 9
};

typedef struct {
    pl_arena arena; /* owns everything below */
    const char *file;
    const char *name;
    unsigned requirements;
    pl_type *types;     /* types[0] is "object" */
    int ntypes;
    pl_object *constants;
    int nconstants;
    pl_predicate *preds;
    int npreds;
    pl_function *funcs; /* funcs[0] is total-cost when the domain declares it */
    int nfuncs;
    int total_cost;     /* function index of total-cost, or -1 */
    pl_action *actions;
    int nactions;
    /* Axioms (:derived (p ?x...) body), each as a rule shaped like an action:
     * name = the predicate's, the head's variables are its parameters,
     * pre = the body, eff = one add of (p ?x...).  A predicate that heads an
     * axiom is derived: never in an effect or :init, true in a state exactly
     * when the axioms make it so (least fixpoint, stratum by stratum). */
    pl_action *axioms;
    int naxioms;
    int *axiom_pred;    /* per axiom: its head predicate */
    int *pred_stratum;  /* per predicate: -1 basic; derived: its stratum (0, 1, ...) */
} pl_domain;

typedef struct {
    int pred;
    int *args; /* object indices into the combined table */
    int nargs;
    pl_loc loc;
} pl_init_atom;

typedef struct {
    int func;
    int *args;
    int nargs;
    double value;
    pl_loc loc;
} pl_init_value;

typedef struct {
    pl_arena arena;
    const char *file;
    const char *name;
    const char *domain_name;
    const pl_domain *domain; /* borrowed: must outlive the problem */
    pl_object *objects;      /* the combined table: constants, then objects */
    int nobjects;
    pl_init_atom *init;
    int ninit;
    pl_init_value *values;
    int nvalues;
    pl_variable *goal_vars;  /* slots bound by quantifiers in the goal */
    int ngoal_vars;
    pl_formula *goal;
    bool minimize_total_cost;
} pl_problem;

/* Parse a domain from `text` (`len` bytes; need not be NUL-terminated).
 * `file` names the source in messages.  Returns an owned domain, or NULL and
 * fills `err`.  Lenient readings are reported in `warnings` (may be NULL). */
pl_domain *pl_domain_parse(const char *text, size_t len, const char *file,
                           pl_diags *warnings, pl_error *err);
void pl_domain_free(pl_domain *d);

/* Parse a problem of `domain` (borrowed; must outlive the problem). */
pl_problem *pl_problem_parse(const pl_domain *domain, const char *text, size_t len,
                             const char *file, pl_diags *warnings, pl_error *err);
void pl_problem_free(pl_problem *p);

int pl_domain_find_type(const pl_domain *d, const char *name);
int pl_domain_find_pred(const pl_domain *d, const char *name);
int pl_domain_find_action(const pl_domain *d, const char *name);
int pl_problem_find_object(const pl_problem *p, const char *name);
/* True when object `obj` belongs to type `type` (directly or via subtypes). */
bool pl_problem_object_is_a(const pl_problem *p, int obj, int type);
bool pl_domain_type_is_subtype(const pl_domain *d, int sub, int super);

#endif
