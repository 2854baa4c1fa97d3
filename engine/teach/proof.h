/* Proofs for the hard "why"s of teaching (issue 39 §4): why an action can
 * never be applicable, why a state is a dead end, why a fact is (or is not)
 * a landmark.  Each answer names the method that decided it, weakest
 * machinery first, so a class sees the cheapest argument that works:
 *
 *   static      a precondition on a static fact (no action changes it) is false
 *   relaxed     unreachable even in the delete relaxation (h_max = infinity):
 *               the atoms no relaxed exploration reaches are named
 *   mutex       two atoms that never hold together (h^2, Bonet & Geffner),
 *               with the invariant behind the pair: they do not hold together
 *               now, and every action making one true deletes the other or
 *               needs an atom that never holds with it
 *   search      a search that met every reachable state found none
 *   witness     the claim is false, and a plan shows it (a plan from the
 *               state; for a non-landmark, one that never makes the fact true)
 *   holds       the claim is false at once (the action is applicable, the
 *               fact holds already) or trivially true
 *   unknown     a search limit was hit first: neither proven nor refuted
 *
 * The engine's values only: lines are plain text for the CLI and views. */
#ifndef PL_TEACH_PROOF_H
#define PL_TEACH_PROOF_H

#include <stdbool.h>
#include <stdint.h>

#include "search/reach.h"

typedef enum {
    PL_PROOF_STATIC,
    PL_PROOF_RELAXED,
    PL_PROOF_MUTEX,
    PL_PROOF_SEARCH,
    PL_PROOF_WITNESS,
    PL_PROOF_HOLDS,
    PL_PROOF_UNKNOWN
} pl_proof_method;

const char *pl_proof_method_name(pl_proof_method m); /* "static", "relaxed", ... */

typedef struct {
    pl_answer claim;        /* YES: the claim holds (never applicable / dead end / landmark) */
    pl_proof_method method;
    char *summary;          /* owned: one sentence */
    char **lines;           /* owned: the argument, one step a line */
    int nlines;
    int *plan;              /* owned: the witness plan's ground actions (method witness), else NULL */
    int plan_length;
    long expansions;        /* of the search, when one ran */
} pl_proof;

/* Can the action `text` (any spelling pl_resolve_action reads) never become
 * applicable from `state`?  Returns 0, -1 out of memory; a text that names no
 * action of the task gives -2 with *why (owned) saying what it names. */
int pl_prove_never_applicable(const pl_task *t, const pl_relaxed *r, const uint64_t *state, const char *text,
                              const pl_limits *limits, pl_proof *out, char **why);
/* Is `state` a dead end (no plan reaches the goal from it)? */
int pl_prove_dead_end(const pl_task *t, const pl_relaxed *r, const uint64_t *state, const pl_limits *limits,
                      pl_proof *out);
/* Must every plan from `state` make the atom `text` true?  -2 with *why when
 * the text names no fluent atom (a static atom's answer is in *why too). */
int pl_prove_landmark(const pl_task *t, const pl_relaxed *r, const uint64_t *state, const char *text,
                      const pl_limits *limits, pl_proof *out, char **why);
void pl_proof_clear(pl_proof *p);

#endif
