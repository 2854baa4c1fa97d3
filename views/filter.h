/* The explorer's filter language over workspace records:
 *
 *   task=app domain=ferry iou<0.5 score=0 model~gpt raw~"red block"
 *   !parse=ok or (task=prog and sound!=score)
 *   kind=unknown-name key=sail or (kind=unmet-precondition step<=2)
 *
 * A term is FIELD OP VALUE.  Fields: task, domain, model, id, note, raw (the
 * model's own words: PlanBench's raw response, else the response as stored,
 * and for ~ also its reasoning), prompt (what the model was given) (text; =
 * and != compare case-insensitively, ~ and !~ test for a substring), score,
 * sound, stored (the run's own score), iou (numbers; = != < <= > >=; iou is
 * the IoU or action distance; stored and iou are false for records without
 * one), parse (ok | fail), graded, flag (yes | no); the failure record of the
 * sound verdict (views/answer_text.h): kind (a kind's name as the CLI
 * writes it, `none` for a right answer: kind=not-applicable, kind~extract),
 * key (what the mistake is about: key=pick-up, key~"+"), step (the plan step
 * it happened at, a number; false without one) — all three false for
 * answers without a sound verdict; for plan-quality cases
 * final (the final score), lea (the LEA column's count) and the AQM label
 * counts correct, misplaced, same_act, diff_act, redundant (numbers; false
 * for other records and cases without them).  `sound` and `stored` may
 * also be compared with the field `score` (sound!=score, stored!=score).
 * Terms side by side are joined by `and`; `or`, `!` and parentheses work as
 * usual.  Values with spaces go in double quotes. */
#ifndef PL_FILTER_H
#define PL_FILTER_H

#include <stdbool.h>

#include "workspace/workspace.h"

typedef struct pl_filter pl_filter;

/* Parses an expression.  NULL on a syntax error, with *error_column (1-based)
 * and *error (a new string: what was expected) set; an empty expression
 * parses to a filter that accepts everything. */
pl_filter *pl_filter_parse(const char *text, int *error_column, char **error);
bool pl_filter_match(const pl_filter *f, const pl_ws_record *r);
void pl_filter_free(pl_filter *f);

#endif
