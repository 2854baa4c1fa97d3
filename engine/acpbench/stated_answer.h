/* The answer a response states, read the same way for every generative
 * task, beside what the official parser extracted (docs/ANALYSIS.md,
 * "Re-reading").  The official parser takes the first span its grammar
 * accepts: "(they never change)" in "Looking at the static facts (they never
 * change), the answer is (at a0 l0-2).", "(no matter how long)" in "Every
 * plan (no matter how long) must achieve (on c3)".  This reader looks where a
 * person would: after the last "Answer:" or "the answer is", else in the last
 * bold span, else at the end of the text (the last atom, the last list).  It
 * reads text only; what the stated answer is worth is the grader's to say. */
#ifndef PL_ACPBENCH_STATED_ANSWER_H
#define PL_ACPBENCH_STATED_ANSWER_H

#include <stdbool.h>

#include "acpbench/parse.h"

typedef enum {
    PL_ACP_STATED_NOTHING,   /* no answer to re-read (val: its index is read by the sound grader) */
    PL_ACP_STATED_EMPTY,     /* the response has no content: blank, "[]", "()", "[] []", "**()**" */
    PL_ACP_STATED_ANSWER,    /* `text` is the stated answer */
    PL_ACP_STATED_MALFORMED  /* `text` is the answer read through broken syntax ("((None" → "None") */
} pl_acp_stated_kind;

typedef struct {
    pl_acp_stated_kind kind;
    char *text;   /* owned: the answer in the grammar's syntax ("(at a0 l0-2)", "None", "[(a), (b)]") */
    bool marked;  /* found after an answer marker ("Answer:", "the answer is") or in bold */
    const char *why; /* MALFORMED: "unbalanced parentheses", "nested parentheses" */
} pl_acp_stated;

/* Reads the stated answer of `response` for the task's start symbol into
 * *out (kind NOTHING also when out of memory). */
void pl_acp_stated_answer(pl_acp_start start, const char *response, pl_acp_stated *out);
void pl_acp_stated_clear(pl_acp_stated *s);

/* A yes/no answer's stated answer: the first word yes or no (any case) after
 * the last answer marker, else in the last bold span; "yes", "no", or NULL
 * when the response marks no answer (the official filter's first yes or no
 * is then all there is). */
const char *pl_acp_stated_yes_no(const char *response);

#endif
