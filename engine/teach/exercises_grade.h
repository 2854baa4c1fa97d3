/* One exercise answer graded against its entry in the key (used by
 * exercises_mark.c; exercises_mark.h says how each kind is graded). */
#ifndef PL_TEACH_EXERCISES_GRADE_H
#define PL_TEACH_EXERCISES_GRADE_H

#include <cjson/cJSON.h>

#include "acpbench/grade.h"
#include "teach/exercises.h"

/* Grades answer (not empty) to the key question kq of key; path names the
 * answer file in messages.  *score 0 or 1 and *why (owned, one line).
 * Returns 0, or -1 when out of memory. */
int ex_grade(pl_acp_grader *g, const cJSON *key, const cJSON *kq, pl_ex_kind kind, const char *path, const char *answer,
             int *score, char **why);

#endif
