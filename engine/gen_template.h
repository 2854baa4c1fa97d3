/* Natural-language rendering of a planning task for generated questions:
 * per-domain template files (docs/GEN.md), or a generic rendering from the
 * PDDL names when a domain has none.
 *
 * Template file lines ('#' starts a comment, blank lines are ignored):
 *   description: <text>            a paragraph of the domain description
 *   atom <pred> ?a ?b: <text>      how a fact reads, {a} {b} for its arguments
 *   action <name> ?a ?b: <text>    how an action reads
 * Predicates and actions must exist in the domain with that arity. */
#ifndef PL_GEN_TEMPLATE_H
#define PL_GEN_TEMPLATE_H

#include "pddl.h"

typedef struct pl_gen_template pl_gen_template;

/* Reads a template file for `domain`; NULL with err set (file:line:col,
 * what was expected) when it cannot be read or does not fit the domain. */
pl_gen_template *pl_gen_template_load(const char *path, const pl_domain *domain, pl_error *err);
/* The generic rendering of `domain` (never NULL unless out of memory). */
pl_gen_template *pl_gen_template_generic(const pl_domain *domain);
void pl_gen_template_free(pl_gen_template *t);

/* The domain description (owned by the template). */
const char *pl_gen_template_description(const pl_gen_template *t);
/* A fact or an action in words: pred / schema index and object names.
 * Returns a new string, or NULL when out of memory. */
char *pl_gen_template_atom(const pl_gen_template *t, int pred, const char *const *args);
char *pl_gen_template_action(const pl_gen_template *t, int schema, const char *const *args);

/* "(name a b)": the PDDL form, also the generic rendering. */
char *pl_gen_pddl_text(const char *name, const char *const *args, int n);

#endif
