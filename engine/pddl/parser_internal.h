/* Shared by the domain and problem parsers (domain.c, problem.c):
 * the token cursor, error exit, growable arena vectors and the formula parser. */
#ifndef PL_PDDL_PARSER_INTERNAL_H
#define PL_PDDL_PARSER_INTERNAL_H

#include <setjmp.h>
#include <stddef.h>

#include "base/hashmap.h"
#include "pddl/lexer.h"
#include "pddl/pddl.h"

/* Growable array living in the parser's arena: on error the parser unwinds
 * with longjmp and the arena frees everything, so nothing can leak. */
typedef struct {
    void *data;
    int count;
    int capacity;
} pl_vec;

typedef struct {
    const pl_token *tok;
    int pos;
    const char *file;
    pl_arena *arena;
    pl_error *err;
    pl_diags *warnings;
    jmp_buf fail;
    const pl_domain *dom;     /* the domain being parsed or referenced */
    const pl_problem *prob;   /* NULL while parsing a domain */
    pl_vec *slots;            /* pl_variable: every variable of the current scope owner */
    pl_vec visible;           /* int: slot indices visible now, innermost last */
    int in_types;             /* inside (:types ...): forward references are normal */
    pl_hashmap object_names;   /* problem parser: object name -> index */
} pl_parser;

#define PL_VEC_PUSH(p, vec, type, value)                                   \
    (*(type *)pl_vec_grow((p), (vec), sizeof(type)) = (value))

void *pl_vec_grow(pl_parser *p, pl_vec *v, size_t elem);

_Noreturn void pl_parse_fail(pl_parser *p, const pl_token *at, pl_error_code code,
                             const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void pl_parse_warn(pl_parser *p, const pl_token *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

const pl_token *pl_peek(pl_parser *p);
const pl_token *pl_next(pl_parser *p);
void pl_expect_lparen(pl_parser *p, const char *what);
void pl_expect_rparen(pl_parser *p, const char *what);
const char *pl_expect_symbol(pl_parser *p, const char *what);
void pl_expect_keyword(pl_parser *p, const char *kw);
int pl_peek_is_keyword(pl_parser *p, int offset, const char *kw);
void pl_skip_balanced(pl_parser *p); /* skips one symbol or one (...) group */
pl_loc pl_loc_of(const pl_token *t);

/* Typed list `a b - t c - (either u v) d`; items of kind `kind` ("?" for
 * variables, "" for names).  Untyped items get `object`.  Returns the number
 * of items pushed (as pl_object into `out`); sets *saw_untyped when the list
 * mixes in untyped items. */
int pl_parse_typed_list(pl_parser *p, pl_vec *out, int want_vars, int *saw_untyped);
pl_typeset pl_parse_type_ref(pl_parser *p);
void pl_parse_requirements(pl_parser *p, unsigned *flags);
/* Fails when the section SEC (one of ONCE, N names) was already seen. */
void pl_section_once(pl_parser *p, const pl_token *sec, const char *const *once, const pl_token **seen, size_t n);

/* Variables: push a typed list into the scope (returns the first slot). */
int pl_scope_push(pl_parser *p, int *count);
void pl_scope_pop(pl_parser *p, int count);

int pl_parse_term(pl_parser *p);
pl_formula *pl_parse_formula(pl_parser *p);
/* (:derived ...) after its keyword, pushed as a pl_action (axioms.c); once
 * the domain is read, pl_finish_axioms stores them, refuses derived
 * predicates in effects and computes the strata (refusing a program that
 * has none). */
void pl_parse_axiom(pl_parser *p, pl_vec *axioms);
void pl_finish_axioms(pl_parser *p, pl_domain *d, pl_vec *axioms);
/* Formula from a list of atom arguments already read, for atoms. */
pl_formula *pl_new_formula(pl_parser *p, pl_formula_kind kind, const pl_token *at);

#endif
