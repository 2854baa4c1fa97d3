/* planlens grade --shard I/N: the shard's rows written as a part for
 * planlens merge (grade_shard.c; the merge's table: merge.h). */
#ifndef PL_GRADE_SHARD_H
#define PL_GRADE_SHARD_H

#include "grade_rows.h"
#include "shard.h"

/* The rows of shard s (in_shard) as a part in `format`, keyed by their
 * position among the responses; argv: grade's arguments without --shard.
 * review: with GRADE_REVIEW, what is said of the journal as a whole (the
 * part's options carry it to the merged table).  Returns PL_EXIT_OK, or
 * PL_EXIT_INPUT when out of memory. */
int grade_write_part(FILE *f, const cli_shard *s, int argc, char **argv, const char *format, grade_mode mode,
                     const grade_row *rows, int n, const pl_acp_questions *qs, const grade_review_note *review);

#endif
