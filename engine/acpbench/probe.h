/* Grader probes: responses made from a question's stored correct answer by a
 * known perturbation, so that the official grader's verdict can be compared
 * with the sound one — where they differ, the official grader accepts a
 * wrong answer or rejects a right one. */
#ifndef PL_ACPBENCH_PROBE_H
#define PL_ACPBENCH_PROBE_H

#include "acpbench/questions.h"

typedef enum {
    PL_PROBE_EXACT,       /* the stored answer as the official format writes it */
    PL_PROBE_DROP,        /* one item left out */
    PL_PROBE_HALLUCINATE, /* an item with an object that does not exist added (or replacing the answer) */
    PL_PROBE_SWAP_ARGS,   /* the first two arguments of an item swapped */
    PL_PROBE_CASE,        /* upper case */
    PL_PROBE_PROSE,       /* wrapped in a sentence */
    PL_PROBE_MARKDOWN,    /* wrapped in markdown emphasis and a code span */
    PL_PROBE_OFF_BY_ONE,  /* validation: the index plus one */
    PL_PROBE_NONE,        /* the answer "None" */
    PL_PROBE_COUNT
} pl_probe_kind;

const char *pl_probe_kind_name(pl_probe_kind k); /* "exact", "drop", ... */
/* Parses a comma-separated list of kind names into a bit mask; -1 on an unknown name. */
int pl_probe_kinds_parse(const char *list, unsigned *mask);

/* The perturbed response for a generative question (a new string), or NULL
 * when the perturbation does not apply to the question (a drop from an
 * empty list, an off-by-one outside validation, ...) or its task (just). */
char *pl_probe_response(const pl_acp_question *q, pl_probe_kind kind);

/* How the official and the sound rule graded one perturbation of one task's questions. */
typedef struct {
    int n, official, sound;        /* responses, accepted officially, accepted soundly */
    int accepts_wrong, rejects_right;
    const pl_acp_question *example; /* the first question where the two rules differ (differ[0]), or NULL */
    const pl_acp_question *first;   /* the first question probed (n > 0) */
    /* every question where the two rules differ, in probe order: ndiffer ==
     * accepts_wrong + rejects_right.  Allocated once with room for every
     * question probed, so a copy of the report (pl_probe_job_peek) can read
     * it while the run appends; freed by pl_probe_report_free. */
    const pl_acp_question **differ;
    int ndiffer;
} pl_probe_cell;

typedef struct {
    pl_probe_cell cells[PL_ACP_NTASKS][PL_PROBE_COUNT];
    int questions; /* generative questions probed */
} pl_probe_report;

/* Makes each perturbation in `kinds` (bit per kind) of each generative
 * question and grades it both ways; a question whose PDDL does not load is
 * left out.  Returns 0, or -1 when out of memory.  The report owns its
 * cells' `differ` lists: pl_probe_report_free. */
int pl_probe_run(const pl_acp_question *const *questions, int n, unsigned kinds, pl_probe_report *out);
void pl_probe_report_free(pl_probe_report *r);

/* The same run on a background thread, for a screen that must stay live
 * (a full ACPBench test split takes half a minute).  The questions must
 * outlive the job; the list itself is copied.  NULL when out of memory or
 * no thread can be started. */
typedef struct pl_probe_job pl_probe_job;
pl_probe_job *pl_probe_job_start(const pl_acp_question *const *questions, int n, unsigned kinds);
/* Copies the report so far into *so_far and counts the generative questions
 * probed (*done) and to probe (*total).  The copy's `differ` lists are the
 * job's: valid until pl_probe_job_free, never freed through the copy.  Returns 1 once the run has ended
 * (finished, or stopped by pl_probe_job_stop), 0 while it runs, -1 when it
 * stopped out of memory. */
int pl_probe_job_peek(pl_probe_job *job, pl_probe_report *so_far, int *done, int *total);
/* Asks the run to stop after the question in hand (which can take seconds:
 * a nexta question searches); returns at once. */
void pl_probe_job_stop(pl_probe_job *job);
/* Stops the run, waits for it to end and frees the job. */
void pl_probe_job_free(pl_probe_job *job);

#endif
