/* Grader probes (engine/acpbench/probe.h) as a screen: the explorer's `:probe`. */
#ifndef PL_PROBE_VIEW_H
#define PL_PROBE_VIEW_H

#include "acpbench/probe.h"
#include "views.h"

/* One line per task × perturbation probed: responses, accepted by the
 * official rule, by the sound rule, accepted although wrong (ROLE_WRONG
 * when any), rejected although right (ROLE_MISSED when any), and the first
 * question where the rules differ.  Each task × perturbation line has target
 * task * PL_PROBE_COUNT + kind (Enter opens its example, else its first
 * question); other lines -1.  No generative question:
 * one line saying so.  `total` is the number of generative questions to
 * probe: while r->questions is below it (a run in progress, see
 * pl_probe_job_peek) the status line shows how far it is.  Columns fit
 * `width` (views/table.h); ascii: no byte >= 0x80. */
void pl_view_probe(const pl_probe_report *r, int total, int width, bool ascii, pl_view_model *vm);

/* One probe line opened (Enter): the example question's perturbed answer,
 * graded by both rules once, when made. */
typedef struct {
    const pl_acp_question *q; /* borrowed from the report */
    pl_probe_kind kind;
    char *response;           /* owned: the perturbed answer */
    pl_acp_verdict v;         /* both rules' verdicts (graded when error is NULL) */
    char *error;              /* owned: why it was not graded, or NULL */
} pl_probe_answer;
/* Makes and grades the perturbed answer of line `target` of the report
 * (its example question where the rules differ, else its first question);
 * 0, or -1 when the line has no example or out of memory.  Grading may
 * search (nexta, reach): seconds at most, under the official limits. */
int pl_probe_answer_make(const pl_probe_report *r, int target, pl_probe_answer *out);
void pl_probe_answer_free(pl_probe_answer *a);
/* The question, its stored answer, the perturbed response and both
 * verdicts (ROLE_CORRECT accepted, ROLE_WRONG rejected) with the official
 * rule and the sound reason; the line "accepted although wrong" or
 * "rejected although right" says which error it shows. */
void pl_view_probe_answer(const pl_probe_answer *a, int width, pl_view_model *vm);

#endif
