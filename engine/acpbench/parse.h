/* The official ACPBench-Hard response parser, reproduced exactly: the lark
 * grammar (src/grammar/acp_grammar.lark), lark's LALR contextual lexer and the
 * official on_error hook's recovery, and the visitor (spec
 * acpbench-grading.md §3), plus the task-specific rewriting done before
 * parsing (§4). */
#ifndef PL_ACPBENCH_PARSE_H
#define PL_ACPBENCH_PARSE_H

#include <stdbool.h>

/* Grammar start symbol: reach, areach, land → ACT; nexta → ACTION_NAME;
 * app, just → ACTION_LIST; prog → PROGRESSION_LIST; val → INDEX. */
typedef enum {
    PL_ACP_START_ACT,
    PL_ACP_START_ACTION_NAME,
    PL_ACP_START_ACTION_LIST,
    PL_ACP_START_PROGRESSION_LIST,
    PL_ACP_START_INDEX
} pl_acp_start;

/* What the official visitor yields. */
typedef struct {
    bool ok;       /* false: the official parser yields None (a parse error) */
    int nlists;    /* PROGRESSION_LIST: 1 or 2 (the second is omitted when equal
                    * to the first); every other start symbol: 1 */
    int count[2];  /* number of items in list 0 and list 1 */
    char **items;  /* owned, count[0] + count[1] strings, list 0 first.
                    * ACT: one item, "(name a b)" or "None"; ACTION_NAME: one
                    * "(name a b)"; ACTION_LIST: every action in order; INDEX:
                    * one digit string, exactly as written ("04") */
} pl_acp_parsed;

/* Parses a response with the given start symbol, after the official
 * preprocessing (every '\n' deleted, then Python str.strip()).  Returns 0, or
 * -1 when out of memory (out is then empty).  A parse error is out->ok ==
 * false, not a failure. */
int pl_acp_parse(pl_acp_start start, const char *response, pl_acp_parsed *out);
void pl_acp_parsed_free(pl_acp_parsed *p);

/* The rewriting of §4, applied before parsing.  Each returns a new string
 * (the response itself, copied, when the rule does not apply) or NULL when
 * out of memory.
 * prog: "Positive Effects: … Negative Effects: …" headings → "[ … ] [ … ]"
 *       when both headings occur (any case) and the text has no '['.
 * just: the text between the first and second "simplified plan:" (any
 *       case), lower-cased, '*' removed. */
char *pl_acp_rewrite_prog(const char *response);
char *pl_acp_rewrite_just(const char *response);

#endif
