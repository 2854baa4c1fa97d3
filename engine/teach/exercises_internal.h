/* Shared by the exercise files (exercises.c, exercises_ask.c,
 * exercises_why.c, exercises_sheet.c); not for use elsewhere. */
#ifndef PL_TEACH_EXERCISES_INTERNAL_H
#define PL_TEACH_EXERCISES_INTERNAL_H

#include <stdio.h>

#include "teach/exercises.h"
#include "teach/heuristic_explain.h"
#include "teach/rpg.h"

/* One question of kind k about problem p of the bank, drawn with rng.
 * Returns 0 (q filled), 1 when the problem cannot ask it (*why_not owned,
 * may be NULL), -1 when out of memory. */
int ex_ask(const pl_ex_bank *b, int p, pl_ex_kind k, uint64_t *rng, pl_ex_question *q, char **why_not);

void ex_question_clear(pl_ex_question *q);

/* Why a heuristic's value is what it is, one line (k: hmax, hadd or hff).
 * NULL when out of memory. */
char *ex_heuristic_why(const pl_heuristic_explanation *x, pl_ex_kind k);
/* Why atom's first level in g is what it is, one line. */
char *ex_level_why(const pl_rpg *g, int atom);
/* A relaxed plan of g the RPG quiz accepts: h_FF's actions, each once, in
 * order of their first action layer, without those nothing needs (h_FF's
 * plan may hold one), as "(a) (b)" (into *plan), and the why line.  0, or
 * -1 when out of memory. */
int ex_relaxed_plan(const pl_rpg *g, char **plan, char **why);

/* The text written to f, made by open_memstream(buf, ...), with f
 * closed; NULL (and *buf freed) when out of memory. */
char *ex_closed(FILE *f, char **buf);

/* A heuristic value as answered: a number, or "inf" for PL_H_INF. */
char *ex_value_text(int value);

#endif
