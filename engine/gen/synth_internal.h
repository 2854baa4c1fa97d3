/* Shared between the synth files: the generator, the error makers and the
 * answer styles of docs/SYNTH.md. */
#ifndef PL_GEN_SYNTH_INTERNAL_H
#define PL_GEN_SYNTH_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "acpbench/questions.h"
#include "gen/synth.h"

/* splitmix64: the next number, uniform in [0, 1), true with probability p,
 * an index in [0, n) (n > 0). */
uint64_t synth_next(pl_synth *s);
double synth_uniform(pl_synth *s);
bool synth_chance(pl_synth *s, double p);
int synth_pick(pl_synth *s, int n);

/* "(name b a)" from "(name a b)" (the arguments reversed), or NULL when
 * that is the same text or there are fewer than two arguments. */
char *synth_reversed_args(const char *item);
/* The same action or predicate ("teleport" when item is NULL) with an
 * object that does not exist: "(name zz)" or "(name ghost-1)". */
char *synth_invented(const char *item, pl_synth *s);
/* Prose without an answer (a new string). */
char *synth_prose(pl_synth *s);

/* The answer style for a uniform draw `style`: "Answer:\n" (< 0.2), "Let me
 * reason step by step. The answer is:\n" (< 0.5), or nothing; the text is
 * that prefix and body (a new string). */
char *synth_styled(const char *body, double style);
/* items as a list in that style: numbered lines (style < 0.2, m > 0), else
 * "[a, b]"; with split >= 0 two lists "[a] [b]" (items[0..split), the rest). */
char *synth_list(const char *const *items, int m, int split, double style);

/* The i-th string of a JSON list, or NULL. */
const char *synth_string_at(const cJSON *list, int i);

/* just: the question's plan simplified by a stored removal option. */
char *synth_just(pl_synth *s, const pl_acp_question *q);

#endif
