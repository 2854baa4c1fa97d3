/* planlens report --shard I/N: a shard's rows written as a part for
 * planlens merge (report_shard.c; the merge: merge.h). */
#ifndef PL_REPORT_SHARD_H
#define PL_REPORT_SHARD_H

#include "report_rows.h"
#include "shard.h"

/* The counts report prints on stderr before the report. */
void report_print_counts(int unmatched, int errored);
/* The part's header, with the options the report is printed with; argv:
 * report's arguments without --shard.  NULL when out of memory. */
cli_part *report_part_begin(FILE *f, const cli_shard *s, int argc, char **argv, const report_options *o);
/* A graded row at the position i of its response. */
void report_part_row(cli_part *p, int i, const report_row *r);
/* The end, with the counts; returns the exit code. */
int report_part_end(cli_part *p, int unmatched, int errored);

#endif
