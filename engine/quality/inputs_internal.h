/* Shared by the plan-quality readers (engine-internal). */
#ifndef PL_QUALITY_INPUTS_INTERNAL_H
#define PL_QUALITY_INPUTS_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "quality/inputs.h"

void pl_quality_case_free(pl_quality_case *c);
/* Moves *c into the list (c is zeroed).  -1 on out of memory. */
int pl_quality_cases_push(pl_quality_cases *cs, pl_quality_case *c);
int pl_quality_push_action(char ***list, int *n, const char *s, size_t len);
int pl_quality_split_plan(const char *text, char ***list, int *n);
int pl_quality_official_rewrites(pl_quality_case *c, bool rewrite_objects);
char *pl_quality_make_id(const pl_quality_case *c);
/* Reads the case's PDDL from pddl_dir (or sets c->load_error): 0; 1 when
 * it would lead outside pddl_dir (`..`, a symbolic link): the case is to be
 * reported with c->load_error and skipped; -1 when out of memory. */
int pl_quality_attach_pddl(pl_quality_case *c, const char *pddl_dir);
pl_error_code pl_quality_read_csv(const char *path, const char *text, size_t len, const char *pddl_dir,
                                  pl_quality_cases *out, pl_diags *warnings, pl_error *err);

#endif
