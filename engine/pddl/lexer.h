/* Tokeniser for PDDL text: parentheses and symbols with their locations.
 * Symbols are lower-cased (PDDL is case-insensitive); ';' starts a comment;
 * '?' always starts a new symbol (a variable), so `p?x` is `p ?x`. */
#ifndef PL_PDDL_LEXER_H
#define PL_PDDL_LEXER_H

#include <stddef.h>

#include "base/arena.h"
#include "base/error.h"

/* Limits that keep hostile input from exhausting the stack of the recursive
 * parsers and groundings downstream, or memory: real domains nest < 20
 * levels and use names of < 100 characters. */
#define PL_MAX_NESTING 1000
#define PL_MAX_SYMBOL 4096

typedef enum { PL_TOK_LPAREN, PL_TOK_RPAREN, PL_TOK_SYMBOL, PL_TOK_END } pl_token_kind;

typedef struct {
    pl_token_kind kind;
    int line, column;
    const char *text; /* SYMBOL: lower-cased, NUL-terminated, in the arena */
} pl_token;

typedef struct {
    pl_token *tokens; /* ends with one PL_TOK_END */
    int count;
} pl_token_list;

/* Tokenises `text`; tokens and symbols are allocated in `arena`.
 * Fails on characters no PDDL text contains and on the limits above
 * (reported with location). */
int pl_lex(const char *text, size_t len, const char *file, pl_arena *arena,
           pl_token_list *out, pl_error *err);

#endif
