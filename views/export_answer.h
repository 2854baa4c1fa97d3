/* An answer as every CSV export of answers writes it (export.c): the
 * answer schema of csv_out.h, so that a line is read without planlens:
 * which answer it is (its key, runs/answer_key.h, the review journal's),
 * its verdicts and failure record, the question's group and text, the file
 * and line of the response (Inspect: the sample's number), the question's
 * stored answer, the answer the grader parsed (JSON: a string as its text,
 * anything else as compact JSON; "null" on a parse failure; empty when not
 * graded) and the response as the run stored it. */
#ifndef PL_EXPORT_ANSWER_H
#define PL_EXPORT_ANSWER_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdio.h>

#include "workspace/workspace.h"

/* Writes record i's cells of PL_ANSWER_CSV_HEADER, comma-separated (no
 * comma before, no newline after); false when out of memory. */
bool pl_export_answer_csv(FILE *f, const pl_workspace *ws, int i);
/* A JSON value as one cell's text: a string as its text, anything else as
 * compact JSON (a new string; NULL for a NULL value or out of memory): the
 * stored and parsed answers of every answer CSV (csv_out.h). */
char *pl_csv_json_text(const cJSON *value);

#endif
