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
 * of lm-eval's. */
typedef enum { GRADE_OFFICIAL = 1, GRADE_SOUND = 2, GRADE_BOTH = 3, GRADE_INSPECT = 4 } grade_mode;

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
} grade_row;

/* The CSV header line of the mode. */
const char *grade_csv_header(grade_mode mode);
/* Output in input order (rows outside the shard are left out). */
void grade_print_jsonl(FILE *f, const grade_row *rows, int n, grade_mode mode, bool as_array);
void grade_print_csv(FILE *f, const grade_row *rows, int n, grade_mode mode);
/* Per task and model: accuracy with standard error (epochs reduced with
 * each row's reducer), parse errors, official/sound, Inspect/lm-eval and
 * stored/recomputed disagreements, scorer failures; under a row, how its log ended when it
 * did not finish (its accuracy partial) and which scorer the stored scores
 * are when the log has several. */
void grade_print_table(FILE *f, const grade_row *rows, int n, grade_mode mode);

#endif
