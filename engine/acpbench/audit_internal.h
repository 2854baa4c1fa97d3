/* Shared by the audit's files: findings, plan text, one auditor per task. */
#ifndef PL_ACPBENCH_AUDIT_INTERNAL_H
#define PL_ACPBENCH_AUDIT_INTERNAL_H

#include "acpbench/audit.h"
#include "plans/plan.h"

/* Appends a finding; takes `proof` (NULL = out of memory).  Returns 0 or -1. */
int pl_audit_add(pl_audit_result *r, const char *item, const char *stored, char *proof);
/* Lists a label the audit could not check; takes `why` (NULL = out of
 * memory).  Returns 0 or -1. */
int pl_audit_unresolved(pl_audit_result *r, const char *item, const char *stored, char *why);
/* "(a b) (c d)" of a plan's actions, shortened after 12 steps (a new string). */
char *pl_audit_plan_text(const pl_task *t, const int *plan, int length);
/* The text between the first and the last double quote of a question: the
 * action (prog) or the plan (val, just) it asks about (a new string), or NULL. */
char *pl_audit_quoted(const char *question);

/* Each returns 0, or -1 when out of memory. */
int pl_audit_prog(const pl_task *t, const pl_acp_question *q, pl_audit_result *r);
int pl_audit_val(const pl_task *t, const pl_acp_question *q, pl_audit_result *r);
int pl_audit_just(const pl_task *t, const pl_acp_question *q, pl_audit_result *r);
int pl_audit_nexta(const pl_task *t, const pl_relaxed *rel, const pl_acp_question *q, const pl_limits *limits,
                   pl_audit_result *r);

#endif
