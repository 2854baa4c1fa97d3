/* A documented synthetic error model for sample model runs (docs/SYNTH.md):
 * from a question's correct answer, a response that drops items, reverses
 * arguments, invents objects and actions, misplaces, removes or repeats plan
 * steps, gives a wrong item or index, or says something without an answer —
 * in one of three answer styles.  Deterministic for a seed.  Runs made this
 * way are labelled synthetic. */
#ifndef PL_GEN_SYNTH_H
#define PL_GEN_SYNTH_H

#include <stdbool.h>
#include <stdint.h>

#include "acpbench/questions.h"

typedef struct {
    double error_rate; /* 0..1: how often each kind of error is made */
    uint64_t state;    /* the generator's state (seed it) */
} pl_synth;

/* A synthetic response (a new string; NULL when out of memory).  items are
 * the correct answer's items ("(pick-up a)"); is_plan: the order matters and
 * plan errors apply.  prog_split >= 0 writes two lists (positive effects
 * items[0..prog_split), negative the rest) as ACPBench prog answers do. */
char *pl_synth_response(pl_synth *s, char *const *items, int n, bool is_plan, int prog_split);

/* A synthetic response to an ACPBench generative question of task reach,
 * areach, val, just, land or nexta, from its stored answer (just: from the
 * plan in the question and the stored removal options); NULL for another
 * task or when out of memory.  Give it a generator of its own, not the one
 * pl_synth_response draws from, so that these questions in a file leave the
 * other responses as they were. */
char *pl_synth_acp_response(pl_synth *s, const pl_acp_question *q);

#endif
