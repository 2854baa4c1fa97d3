/* planlens quality: one record per input plan (JSONL, CSV in the official
 * column layout, or a table) and the summary per model × prompt type. */
#ifndef PL_QUALITY_OUTPUT_H
#define PL_QUALITY_OUTPUT_H

#include <stdio.h>

#include "base/failure.h"
#include "quality/inputs.h"
#include "quality/pipeline.h"

typedef enum { QUALITY_JSONL, QUALITY_CSV, QUALITY_TABLE } quality_format;

typedef struct quality_summary quality_summary;

/* One object per record; `r` is NULL when the record failed with `error`.
 * `f`: why the LLM plan is not valid (pl_plan_failure; kind none when it
 * is), NULL with `r`. */
void quality_print_jsonl(FILE *out, const pl_quality_case *c, const pl_quality_result *r, const pl_failure *f,
                         const char *error, pl_similarity_version v);
void quality_print_csv_header(FILE *out);
void quality_print_csv(FILE *out, const pl_quality_case *c, const pl_quality_result *r, const pl_failure *f,
                       const char *error);
void quality_print_table_row(FILE *out, const pl_quality_case *c, const pl_quality_result *r, const char *error);

quality_summary *quality_summary_new(void);
void quality_summary_add(quality_summary *s, const pl_quality_case *c, const pl_quality_result *r);
/* Means per model × prompt type, like the paper's Table 2. */
void quality_summary_print(FILE *out, const quality_summary *s);
void quality_summary_free(quality_summary *s);

#endif
