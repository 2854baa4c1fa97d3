/* The official ACPBench-Hard response parser (src/grammar/grammar_parser.py):
 * lark's LALR parser with its contextual lexer, driven by the official
 * on_error hook, and the visitor.  Spec acpbench-grading.md §3.
 *
 * The grammar (src/grammar/acp_grammar.lark) has no recursion, so the LALR
 * tables lark builds for each start symbol come down to the states below,
 * each with the terminals it accepts and whether it accepts the end of
 * input.  They agree with lark's tables, pending reductions included, but
 * for one case that makes no difference: right after the ')' of an action
 * that follows a comma, lark's state also lexes '(' and rejects it only after
 * reducing, a one-character drop as here; and at the end of input several
 * terminals are expected there either way (see reach_end()).
 *
 * Error recovery, as lark's on_error loop (lark/parsers/lalr_parser.py) runs
 * it with a hook that always returns True:
 * - UnexpectedCharacters (no terminal of the grammar starts here): one
 *   character is skipped;
 * - UnexpectedToken: the token, already consumed by the lexer, is dropped;
 * - the end of input where it is not accepted: see reach_end(). */
#include <stdlib.h>
#include <string.h>

#include "acpbench/parse.h"
#include "acpbench/parse_text.h"
#include "base/error.h"

typedef enum {
    T_NAME,   /* /[a-zA-Z][a-zA-Z0-9-_]* / (ASCII only) */
    T_LPAR,   /* "(" */
    T_RPAR,   /* ")" */
    T_LSPAR,  /* "[" */
    T_RSPAR,  /* "]" */
    T_COMMA,  /* "," */
    T_WS,     /* /[ \n]/, only a space once the newlines are deleted */
    T_NONE,   /* "None" */
    T_DIGITS, /* the index terminal /[0-9]+[0-9]* / */
    T_COUNT
} terminal;

#define BIT(t) (1u << (t))

/* pattern.value of each terminal: the text of the token the hook feeds. */
static const char *const pattern_value[T_COUNT] = {
    "[a-zA-Z][a-zA-Z0-9-_]*", "(", ")", "[", "]", ",", "[ \n]", "None", "[0-9]+[0-9]*",
};

typedef enum {
    S_ACT,              /* act: before the answer */
    S_ACTION_NAME,      /* action_name: before the answer */
    S_LIST,             /* action_list: before an action or the end */
    S_LIST_AFTER,       /* action_list: right after an action (its optional blank) */
    S_PROG_OPEN,        /* progression_list: before the '[' of either list */
    S_PROG_ITEMS,       /* in a list, no comma yet */
    S_PROG_COMMA,       /* right after a comma */
    S_PROG_COMMA_ITEMS, /* after an action that followed a comma */
    S_INDEX,            /* index: before the digits */
    S_OPENED,           /* in an action, after '(' */
    S_NAMED,            /* in an action, after a name */
    S_BLANK,            /* in an action, after a blank */
    S_DONE,             /* the start symbol is complete: only the end is accepted */
    S_COUNT
} state;

static const struct {
    unsigned accepts; /* terminals, as BIT()s */
    bool end;         /* accepts the end of input */
} states[S_COUNT] = {
    [S_ACT] = {BIT(T_LPAR) | BIT(T_NONE), false},
    [S_ACTION_NAME] = {BIT(T_LPAR), false},
    [S_LIST] = {BIT(T_LPAR), true},
    [S_LIST_AFTER] = {BIT(T_WS) | BIT(T_LPAR), true},
    [S_PROG_OPEN] = {BIT(T_LSPAR), false},
    [S_PROG_ITEMS] = {BIT(T_LPAR) | BIT(T_COMMA) | BIT(T_RSPAR), false},
    [S_PROG_COMMA] = {BIT(T_LPAR), false},
    [S_PROG_COMMA_ITEMS] = {BIT(T_COMMA) | BIT(T_RSPAR), false},
    [S_INDEX] = {BIT(T_DIGITS), false},
    [S_OPENED] = {BIT(T_NAME), false},
    [S_NAMED] = {BIT(T_WS) | BIT(T_RPAR), false},
    [S_BLANK] = {BIT(T_NAME), false},
    [S_DONE] = {0, true},
};

typedef struct {
    state at;
    state after_action; /* where the action being read leads once closed */
    int list;           /* progression_list: the list being read, 0 or 1 */
    char *action;       /* the action being read: '(' and its names and blanks */
    size_t action_len, action_cap;
    pl_acp_parsed *out; /* the values so far, in out->items */
    int items_cap;
} parser;

static int append_action_text(parser *p, const char *text, size_t len)
{
    if (p->action_len + len + 2 > p->action_cap) {
        size_t cap = 2 * (p->action_len + len + 2);
        char *grown = realloc(p->action, cap);
        if (!grown)
            return -1;
        p->action = grown;
        p->action_cap = cap;
    }
    memcpy(p->action + p->action_len, text, len);
    p->action_len += len;
    return 0;
}

static int grow_items(parser *p)
{
    int cap = p->items_cap ? 2 * p->items_cap : 8;
    char **grown = realloc(p->out->items, (size_t)cap * sizeof *grown);
    if (!grown)
        return -1;
    p->out->items = grown;
    p->items_cap = cap;
    return 0;
}

/* Appends a value to the list being read; takes ownership of item (NULL:
 * out of memory). */
static int push_item(parser *p, char *item)
{
    int n = p->out->count[0] + p->out->count[1];
    if (!item || (n == p->items_cap && grow_items(p) < 0)) {
        free(item);
        return -1;
    }
    p->out->items[n] = item;
    p->out->count[p->list]++;
    return 0;
}

/* The visitor's action_name(): '(' + the name and blank tokens + ')'. */
static int close_action(parser *p)
{
    if (append_action_text(p, ")", 1) < 0)
        return -1;
    p->at = p->after_action;
    return push_item(p, pl_strndup(p->action, p->action_len));
}

static int open_action(parser *p, state after)
{
    p->action_len = 0;
    p->after_action = after;
    p->at = S_OPENED;
    return append_action_text(p, "(", 1);
}

static void close_list(parser *p)
{
    if (p->list == 0) {
        p->list = 1;
        p->at = S_PROG_OPEN;
    } else {
        p->at = S_DONE;
    }
}

/* Shifts an accepted token: the state's transition and the visitor's value. */
static int shift(parser *p, terminal t, const char *text, size_t len)
{
    switch (p->at) {
    case S_OPENED:
    case S_BLANK:
        p->at = S_NAMED;
        return append_action_text(p, text, len);
    case S_NAMED:
        if (t == T_RPAR)
            return close_action(p);
        p->at = S_BLANK;
        return append_action_text(p, text, len);
    case S_ACT:
        if (t == T_NONE) {
            p->at = S_DONE;
            return push_item(p, pl_strdup("None")); /* the visitor's action_none() */
        }
        return open_action(p, S_DONE);
    case S_ACTION_NAME:
        return open_action(p, S_DONE);
    case S_LIST:
    case S_LIST_AFTER:
        if (t == T_WS) {
            p->at = S_LIST;
            return 0;
        }
        return open_action(p, S_LIST_AFTER);
    case S_PROG_OPEN:
        p->at = S_PROG_ITEMS;
        return 0;
    case S_PROG_ITEMS:
    case S_PROG_COMMA_ITEMS:
        if (t == T_LPAR)
            return open_action(p, S_PROG_ITEMS);
        if (t == T_COMMA)
            p->at = S_PROG_COMMA;
        else
            close_list(p);
        return 0;
    case S_PROG_COMMA:
        return open_action(p, S_PROG_COMMA_ITEMS);
    case S_INDEX:
        p->at = S_DONE;
        return push_item(p, pl_strndup(text, len));
    default:
        return 0;
    }
}

/* lark's parser_state.feed_token: 1 shifted, 0 an UnexpectedToken, -1 out
 * of memory. */
static int feed(parser *p, terminal t, const char *text, size_t len)
{
    if (!(states[p->at].accepts & BIT(t)))
        return 0;
    return shift(p, t, text, len) < 0 ? -1 : 1;
}

/* The terminals lark keeps for a start symbol: those reachable from it.  They
 * make up the root lexer, which reads the tokens a state does not accept. */
static unsigned grammar_terminals(pl_acp_start start)
{
    unsigned action = BIT(T_NAME) | BIT(T_LPAR) | BIT(T_RPAR) | BIT(T_WS);
    switch (start) {
    case PL_ACP_START_ACT:
        return action | BIT(T_NONE);
    case PL_ACP_START_PROGRESSION_LIST:
        return action | BIT(T_LSPAR) | BIT(T_RSPAR) | BIT(T_COMMA);
    case PL_ACP_START_INDEX:
        return BIT(T_DIGITS);
    default:
        return action;
    }
}

static bool is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static bool is_name_char(char c)
{
    return is_letter(c) || is_digit(c) || c == '-' || c == '_';
}

static terminal single_char_terminal(char c)
{
    switch (c) {
    case '(':
        return T_LPAR;
    case ')':
        return T_RPAR;
    case '[':
        return T_LSPAR;
    case ']':
        return T_RSPAR;
    case ',':
        return T_COMMA;
    case ' ':
        return T_WS;
    default:
        return T_COUNT;
    }
}

/* The token the root lexer reads at s (n > 0 bytes): false when no terminal
 * of the grammar starts there.  Its "None" is a NAME (lark folds a string
 * that a regexp terminal matches whole into that terminal), so a name is
 * always read whole. */
static bool root_token(unsigned terminals, const char *s, size_t n, terminal *t, size_t *len)
{
    size_t k = 1;
    if (is_letter(s[0])) {
        *t = T_NAME;
        while (k < n && is_name_char(s[k]))
            k++;
    } else if (is_digit(s[0])) {
        *t = T_DIGITS;
        while (k < n && is_digit(s[k]))
            k++;
    } else {
        *t = single_char_terminal(s[0]);
    }
    *len = k;
    return *t != T_COUNT && (terminals & BIT(*t));
}

/* The contextual lexer: the state's own terminals first, the root lexer when
 * none of them matches.  A state's terminals are some of the root lexer's,
 * and apart from NAME and "None" no two terminals start with the same
 * character, so both read the same token, except in the act start state: it
 * has "None" without NAME, so "None" is read as the prefix of any word
 * ("Nonetheless" -> None). */
static bool next_token(const parser *p, unsigned terminals, const char *s, size_t n, terminal *t, size_t *len)
{
    if ((states[p->at].accepts & BIT(T_NONE)) && n >= 4 && memcmp(s, "None", 4) == 0) {
        *t = T_NONE;
        *len = 4;
        return true;
    }
    return root_token(terminals, s, n, t, len);
}

static int read_tokens(parser *p, unsigned terminals, const char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        terminal t;
        size_t len;
        if (!next_token(p, terminals, s + i, n - i, &t, &len)) {
            i++; /* one byte, not one character: no byte of a non-ASCII one starts a token */
            continue;
        }
        if (feed(p, t, s + i, len) < 0)
            return -1;
        i += len; /* shifted, or dropped whole */
    }
    return 0;
}

/* The end of input.  Where it is not accepted lark raises UnexpectedToken
 * for $END and the hook feeds one token per expected terminal except WS,
 * each carrying its terminal's pattern text; then lark resumes, which feeds
 * $END again, and a second $END error is re-raised (the loop guard).  A fed
 * token that is rejected raises out of the hook: a parse error too.  The hook
 * iterates over a Python set; the order does not matter, because every state
 * expecting two or more terminals fails whatever the order, and here the
 * first rejection ends the parse as it does there. */
static int reach_end(parser *p, bool *accepted)
{
    unsigned expected = states[p->at].accepts;
    if (!states[p->at].end) {
        for (terminal t = 0; t < T_COUNT; t++) {
            if (t == T_WS || !(expected & BIT(t)))
                continue;
            int fed = feed(p, t, pattern_value[t], strlen(pattern_value[t]));
            if (fed <= 0) {
                *accepted = false;
                return fed;
            }
        }
    }
    *accepted = states[p->at].end;
    return 0;
}

static bool is_numeric(const char *s)
{
    for (; *s; s++)
        if (!is_digit(*s))
            return false;
    return true;
}

static bool lists_equal(const pl_acp_parsed *out)
{
    if (out->count[0] != out->count[1])
        return false;
    for (int i = 0; i < out->count[0]; i++)
        if (strcmp(out->items[i], out->items[out->count[0] + i]) != 0)
            return false;
    return true;
}

/* What the visitor and grammar_parser.parse() make of a complete parse:
 * index is None unless str.isnumeric() (only the hook's pattern text is
 * not); a progression list's second list is appended only when it is not
 * equal to the first. */
static void finish_values(pl_acp_start start, pl_acp_parsed *out)
{
    out->nlists = 1;
    out->ok = start != PL_ACP_START_INDEX || is_numeric(out->items[0]);
    if (start != PL_ACP_START_PROGRESSION_LIST)
        return;
    if (!lists_equal(out)) {
        out->nlists = 2;
        return;
    }
    for (int i = 0; i < out->count[1]; i++)
        free(out->items[out->count[0] + i]);
    out->count[1] = 0;
}

static state start_state(pl_acp_start start)
{
    static const state first[] = {
        [PL_ACP_START_ACT] = S_ACT,
        [PL_ACP_START_ACTION_NAME] = S_ACTION_NAME,
        [PL_ACP_START_ACTION_LIST] = S_LIST,
        [PL_ACP_START_PROGRESSION_LIST] = S_PROG_OPEN,
        [PL_ACP_START_INDEX] = S_INDEX,
    };
    return first[start];
}

int pl_acp_parse(pl_acp_start start, const char *response, pl_acp_parsed *out)
{
    memset(out, 0, sizeof *out);
    size_t n;
    char *text = pl_acp_delete_newlines_and_strip(response, &n);
    if (!text)
        return -1;
    parser p = {.at = start_state(start), .out = out};
    bool accepted = false;
    int rc = read_tokens(&p, grammar_terminals(start), text, n);
    if (rc == 0)
        rc = reach_end(&p, &accepted);
    free(text);
    free(p.action);
    if (rc == 0 && accepted)
        finish_values(start, out);
    if (!out->ok)
        pl_acp_parsed_free(out);
    return rc;
}

void pl_acp_parsed_free(pl_acp_parsed *p)
{
    for (int i = 0; i < p->count[0] + p->count[1]; i++)
        free(p->items[i]);
    free(p->items);
    memset(p, 0, sizeof *p);
}
