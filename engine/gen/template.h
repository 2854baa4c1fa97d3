/* Natural-language rendering of a planning task for generated questions:
 * per-domain template files (docs/GEN.md), or a generic rendering from the
 * PDDL names when a domain has none.
 *
 * Template file lines ('#' starts a comment, blank lines are ignored):
 *   domains: <name> <name>...      domain names the file is for (lookup, below)
 *   description: <text>            a paragraph of the domain description
 *   atom <pred> ?a ?b: <text>      how a fact reads, {a} {b} for its arguments
 *   action <name> ?a ?b: <text>    how an action reads
 * Predicates and actions must exist in the domain with that arity, and every
 * {name} in a text must be one of the line's parameters. */
#ifndef PL_GEN_TEMPLATE_H
#define PL_GEN_TEMPLATE_H

#include <stdint.h>

#include "pddl/pddl.h"
#include "task/task.h"

typedef struct pl_gen_template pl_gen_template;

/* The template file of a domain in `dir`: DIR/<domain name>.tmpl, else the
 * first DIR/ *.tmpl (in name order) whose "domains:" line names the domain
 * (case-insensitive).  Returns the path (owned), or NULL: with err->code
 * PL_OK when the directory holds none, else why the directory or a file in
 * it cannot be read. */
char *pl_gen_template_find(const char *dir, const char *domain_name, pl_error *err);

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

/* The context of a question (new string, NULL when out of memory): the
 * description, "Currently, <facts of state, statics included>." and "The
 * goal is to reach a state where <goal>." */
char *pl_gen_render_context(const pl_gen_template *t, const pl_task *task, const uint64_t *state);
/* A ground action for a question: its PDDL form, followed by its words in
 * parentheses when the template has a pattern for it. */
char *pl_gen_render_action(const pl_gen_template *t, const pl_task *task, int action);
/* "a, b, and c" (or "a and b", "a", ""); NULL when out of memory. */
char *pl_gen_join_words(char *const *items, int n);

#endif
