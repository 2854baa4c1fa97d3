#include "pddl/lexer.h"

#include <ctype.h>
#include <stdlib.h>

static int is_symbol_char(unsigned char c)
{
    return c > ' ' && c != '(' && c != ')' && c != ';' && c < 127;
}

int pl_lex(const char *text, size_t len, const char *file, pl_arena *arena,
           pl_token_list *out, pl_error *err)
{
    size_t cap = 256, n = 0;
    pl_token *toks = malloc(cap * sizeof *toks);
    if (!toks)
        return pl_error_set(err, PL_ERR_LIMIT, file, 0, 0, "out of memory");
    int line = 1;
    size_t line_start = 0;
    size_t i = 0;
    int depth = 0;
    for (;;) {
        while (i < len) {
            unsigned char c = (unsigned char)text[i];
            if (c == '\n') {
                line++;
                line_start = ++i;
            } else if (c == ';') {
                while (i < len && text[i] != '\n')
                    i++;
            } else if (isspace(c)) {
                i++;
            } else {
                break;
            }
        }
        if (n + 1 >= cap) {
            cap *= 2;
            pl_token *grown = realloc(toks, cap * sizeof *toks);
            if (!grown) {
                free(toks);
                return pl_error_set(err, PL_ERR_LIMIT, file, line, 0, "out of memory");
            }
            toks = grown;
        }
        pl_token *t = &toks[n++];
        t->line = line;
        t->column = (int)(i - line_start) + 1;
        t->text = NULL;
        if (i >= len) {
            t->kind = PL_TOK_END;
            break;
        }
        unsigned char c = (unsigned char)text[i];
        if (c == '(' || c == ')') {
            t->kind = c == '(' ? PL_TOK_LPAREN : PL_TOK_RPAREN;
            i++;
            depth += c == '(' ? 1 : -1;
            if (depth > PL_MAX_NESTING) {
                int tl = t->line, tc = t->column;
                free(toks);
                return pl_error_set(err, PL_ERR_LIMIT, file, tl, tc,
                                    "parentheses nested deeper than %d levels", PL_MAX_NESTING);
            }
            continue;
        }
        if (!is_symbol_char(c)) {
            int tl = t->line, tc = t->column;
            free(toks);
            if (c >= 128)
                return pl_error_set(err, PL_ERR_SYNTAX, file, tl, tc,
                                    "unexpected non-ASCII byte 0x%02x (PDDL names are ASCII)", c);
            return pl_error_set(err, PL_ERR_SYNTAX, file, tl, tc, "unexpected character 0x%02x", c);
        }
        /* A '?' always starts a variable, as in Fast Downward's tokenizer and
         * VAL: `(aircraft?a)` reads as `(aircraft ?a)` (zenotravel). */
        size_t start = i++;
        while (i < len && is_symbol_char((unsigned char)text[i]) && text[i] != '?')
            i++;
        if (i - start > PL_MAX_SYMBOL) {
            int tl = t->line, tc = t->column;
            free(toks);
            return pl_error_set(err, PL_ERR_LIMIT, file, tl, tc, "name longer than %d characters", PL_MAX_SYMBOL);
        }
        char *s = pl_arena_strndup(arena, text + start, i - start);
        if (!s) {
            free(toks);
            return pl_error_set(err, PL_ERR_LIMIT, file, line, 0, "out of memory");
        }
        for (char *p = s; *p; p++)
            *p = (char)tolower((unsigned char)*p);
        t->kind = PL_TOK_SYMBOL;
        t->text = s;
    }
    out->tokens = pl_arena_memdup(arena, toks, n * sizeof *toks);
    out->count = (int)n;
    free(toks);
    if (!out->tokens)
        return pl_error_set(err, PL_ERR_LIMIT, file, line, 0, "out of memory");
    return PL_OK;
}
