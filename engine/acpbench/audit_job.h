/* The dataset audit (audit.h) run in the background, as the explorer's
 * `:review audit` needs it: a thread audits the generative questions one
 * by one, the caller peeks at how far it is, may stop it at any time (the
 * question in hand stops too), and once it has ended reads which questions
 * have a provably wrong stored label. */
#ifndef PL_ACPBENCH_AUDIT_JOB_H
#define PL_ACPBENCH_AUDIT_JOB_H

#include "acpbench/audit.h"

typedef struct pl_audit_job pl_audit_job;

/* Starts auditing `questions` (the pointers are kept: the questions must
 * outlive the job; the list itself is copied) with `limits` per label.
 * NULL when out of memory or no thread could start. */
pl_audit_job *pl_audit_job_start(const pl_acp_question *const *questions, int n, const pl_limits *limits);
/* How far it is: generative questions audited, of `total`.  Returns 1 once
 * the run has ended (finished, or stopped), 0 while it runs, -1 when it
 * stopped out of memory. */
int pl_audit_job_peek(pl_audit_job *job, int *done, int *total);
/* Once ended (peek returned 1): the questions with at least one provably
 * wrong label, in the order given, and how many labels that is in all.
 * Valid until pl_audit_job_free; NULL (n = 0) when none, or still running. */
const pl_acp_question *const *pl_audit_job_flagged(pl_audit_job *job, int *n, int *labels);
/* Asks the run to stop; it ends soon after (peek says when). */
void pl_audit_job_stop(pl_audit_job *job);
/* Stops the run, waits for it to end and frees the job (NULL: nothing). */
void pl_audit_job_free(pl_audit_job *job);

#endif
