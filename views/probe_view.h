/* Grader probes (engine/acpbench/probe.h) as a screen: the explorer's `:probe`. */
#ifndef PL_PROBE_VIEW_H
#define PL_PROBE_VIEW_H

#include "acpbench/probe.h"
#include "views.h"

/* Line targets: a cell (task × perturbation) is task * PL_PROBE_COUNT + kind;
 * question i of a cell's differ list is cell + PL_PROBE_CELLS * (i + 1). */
#define PL_PROBE_CELLS (PL_ACP_NTASKS * PL_PROBE_COUNT)

/* One line per task × perturbation probed: responses, accepted by the
 * official rule, by the sound rule, accepted although wrong (ROLE_WRONG
 * when any), rejected although right (ROLE_MISSED when any), and the first
 * question where the rules differ.  Each task × perturbation line has its
 * cell as target (Enter opens the list of its questions where the rules
 * differ, else its first question's answer); other lines -1.  No generative question:
 * one line saying so.  `total` is the number of generative questions to
 * probe: while r->questions is below it (a run in progress, see
 * pl_probe_job_peek) the status line shows how far it is.  Columns fit
 * `width` (views/table.h); ascii: no byte >= 0x80. */
void pl_view_probe(const pl_probe_report *r, int total, int width, bool ascii, pl_view_model *vm);

/* One cell opened: every question where the two rules differ on it (id,
 * domain, stored answer, perturbed answer), each line's target that
 * question's (see PL_PROBE_CELLS: Enter opens its perturbed answer).  The
 * header lines stay while the rows scroll. */
void pl_view_probe_cell(const pl_probe_report *r, int cell, int width, bool ascii, pl_view_model *vm);

/* One probe line opened (Enter): the example question's perturbed answer,
 * graded by both rules once, when made. */
typedef struct {
    const pl_acp_question *q; /* borrowed from the report */
    pl_probe_kind kind;
    char *response;           /* owned: the perturbed answer */
    pl_acp_verdict v;         /* both rules' verdicts (graded when error is NULL) */
    char *error;              /* owned: why it was not graded, or NULL */
} pl_probe_answer;
/* Makes and grades the perturbed answer of line `target` (PL_PROBE_CELLS):
 * of a cell, its example question where the rules differ, else its first
 * question; of a cell's question, that question.  0, or -1 when the line
 * has no question or out of memory.  Grading may
 * search (nexta, reach): seconds at most, under the official limits. */
int pl_probe_answer_make(const pl_probe_report *r, int target, pl_probe_answer *out);
void pl_probe_answer_free(pl_probe_answer *a);
/* The question, its stored answer, the perturbed response and both
 * verdicts (ROLE_CORRECT accepted, ROLE_WRONG rejected) with the official
 * rule and the sound reason; the line "accepted although wrong" or
 * "rejected although right" says which error it shows. */
void pl_view_probe_answer(const pl_probe_answer *a, int width, pl_view_model *vm);

#endif
