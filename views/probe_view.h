/* Grader probes (engine/acpbench/probe.h) as a screen: the explorer's `:probe`. */
#ifndef PL_PROBE_VIEW_H
#define PL_PROBE_VIEW_H

#include "acpbench/probe.h"
#include "views.h"

/* One line per task × perturbation probed: responses, accepted by the
 * official rule, by the sound rule, accepted although wrong (ROLE_WRONG
 * when any), rejected although right (ROLE_MISSED when any), and the first
 * question where the rules differ.  A line with such an example has target
 * task * PL_PROBE_COUNT + kind; other lines -1.  No generative question:
 * one line saying so.  `total` is the number of generative questions to
 * probe: while r->questions is below it (a run in progress, see
 * pl_probe_job_peek) the status line shows how far it is.  Columns fit
 * `width` (views/table.h); ascii: no byte >= 0x80. */
void pl_view_probe(const pl_probe_report *r, int total, int width, bool ascii, pl_view_model *vm);

/* The first record of `ws` that answers the example question of line
 * `target`, or -1 when no loaded run answers it. */
int pl_probe_example_record(const pl_workspace *ws, const pl_probe_report *r, int target);

#endif
