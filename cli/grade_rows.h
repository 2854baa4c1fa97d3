/* planlens grade: one row per response, and the output formats. */
#ifndef PL_GRADE_ROWS_H
#define PL_GRADE_ROWS_H

#include <stdbool.h>
#include <stdio.h>

#include "acpbench/grade.h"
#include "acpbench/questions.h"
#include "runs/runs.h"

typedef enum { GRADE_OFFICIAL = 1, GRADE_SOUND = 2, GRADE_BOTH = 3 } grade_mode;

typedef struct {
    const pl_run_response *resp;
    const pl_acp_question *q; /* NULL: no question with this (group, id) */
    bool in_shard;
    pl_acp_verdict v;
    char *error;              /* owned: why the row has no verdict */
    const char *reducer;      /* how its epochs are reduced: --reducer, else its log's (NULL: mean) */
    const char *run_status;   /* its log did not finish: "cancelled: 7 of 10 samples", "error: ..." */
} grade_row;

/* Output in input order (rows outside the shard are left out). */
void grade_print_jsonl(FILE *f, const grade_row *rows, int n, grade_mode mode, bool as_array);
void grade_print_csv(FILE *f, const grade_row *rows, int n, grade_mode mode);
/* Per task and model: accuracy with standard error (epochs reduced with
 * each row's reducer), parse errors, official/sound and stored/recomputed
 * disagreements, scorer failures; under a row, how its log ended when it
 * did not finish (its accuracy partial) and which scorer the stored scores
 * are when the log has several. */
void grade_print_table(FILE *f, const grade_row *rows, int n, grade_mode mode);

#endif
