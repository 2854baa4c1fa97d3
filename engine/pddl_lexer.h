/* Tokeniser for PDDL text: parentheses and symbols with their locations.
 * Symbols are lower-cased (PDDL is case-insensitive); ';' starts a comment. */
#ifndef PL_PDDL_LEXER_H
#define PL_PDDL_LEXER_H

#include <stddef.h>

#include "pl_arena.h"
#include "pl_error.h"

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
 * Fails only on characters no PDDL text contains (reported with location). */
int pl_lex(const char *text, size_t len, const char *file, pl_arena *arena,
           pl_token_list *out, pl_error *err);

#endif
