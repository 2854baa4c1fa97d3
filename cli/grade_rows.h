/* planlens grade: one row per response, and the output formats. */
#ifndef PL_GRADE_ROWS_H
#define PL_GRADE_ROWS_H

#include <stdbool.h>
#include <stdio.h>

#include "acpbench/grade.h"
#include "acpbench/inspect_grade.h"
#include "acpbench/questions.h"
#include "runs/runs.h"

/* Which verdicts are printed; GRADE_INSPECT (--official inspect) makes the
 * official verdict the Inspect scorers' (acpbench/inspect_grade.h) instead
 * of lm-eval's; GRADE_REVIEW (--apply-review) adds what the review journal
 * changed to every row (grade_review.h). */
typedef enum { GRADE_OFFICIAL = 1, GRADE_SOUND = 2, GRADE_BOTH = 3, GRADE_INSPECT = 4, GRADE_REVIEW = 8 } grade_mode;

/* What the review journal did to a row (--apply-review; all zero: nothing).
 * The strings point into the journal (or a merged part). */
typedef struct {
    int line;                 /* the override's line in the journal (0: no override applied) */
    const char *by;           /* its author */
    bool question_scope;      /* a question-level override */
    const char *regraded;     /* graded again against this corrected stored answer, else NULL
                               * (the override's score applied) */
    int was_score;            /* the official score before (-1: none, the Inspect scorer raised) */
    int was_sound;            /* the sound score before */
    int exclude_line;         /* the exclusion's line (0: not excluded) */
    const char *excluded_by;
    bool exclude_question;    /* the whole question is excluded */
} grade_row_review;

typedef struct {
    const pl_run_response *resp;
    const pl_acp_question *q; /* NULL: no question with this (group, id) */
    bool in_shard;
    pl_acp_verdict v;         /* lm-eval's official verdict and the sound one */
    pl_inspect_verdict inspect; /* the Inspect scorers' verdict (rows without error) */
    char *key;                /* owned: the answer's key (runs/answer_key.h), as the explorer names it */
    char *error;              /* owned: why the row has no verdict */
    const char *reducer;      /* how its epochs are reduced: --reducer, else its log's (NULL: mean) */
    const char *run_status;   /* its log did not finish: "cancelled: 7 of 10 samples", "error: ..." */
    grade_row_review review;
} grade_row;

/* What --apply-review says about the journal as a whole: its path as
 * given, and lines (each ending in '\n', may be NULL) on keys that match no
 * answer, hints and overrides that could not be applied as written. */
typedef struct {
    const char *journal;
    const char *lines;
} grade_review_note;

/* The official and Inspect verdicts of a row's response to q (r->q, or a
 * copy of it with a corrected stored answer) by g; r->error set when
 * grading fails (cmd_grade.c). */
void grade_row_verdicts(pl_acp_grader *g, const pl_acp_question *q, grade_row *r);

/* The CSV header line of the mode. */
const char *grade_csv_header(grade_mode mode);
/* Output in input order (rows outside the shard are left out). */
void grade_print_jsonl(FILE *f, const grade_row *rows, int n, grade_mode mode, bool as_array);
void grade_print_csv(FILE *f, const grade_row *rows, int n, grade_mode mode);
/* Per task and model: accuracy with standard error (epochs reduced with
 * each row's reducer), parse errors, official/sound, Inspect/lm-eval and
 * stored/recomputed disagreements, scorer failures; under a row, how its log ended when it
 * did not finish (its accuracy partial) and which scorer the stored scores
 * are when the log has several.  With GRADE_REVIEW, excluded rows are left
 * out and the review summary (grade_review_summary) ends the table. */
void grade_print_table(FILE *f, const grade_row *rows, int n, grade_mode mode, const grade_review_note *review);

#endif
