/* planlens quality --shard I/N: the cases of a shard written as a part for
 * planlens merge (quality_shard.c; the merge's table: merge.h). */
#ifndef PL_QUALITY_SHARD_H
#define PL_QUALITY_SHARD_H

#include "quality_output.h"
#include "shard.h"

/* The part's header (the CSV header as the layout's head); NULL when out
 * of memory.  argv: quality's arguments without --shard. */
cli_part *quality_part_begin(FILE *f, const cli_shard *s, int argc, char **argv, quality_format format);
/* A case as the unit at its position i: the text the format prints for it;
 * for the table, with what the summary adds up. */
void quality_part_case(cli_part *p, int i, quality_format format, const pl_quality_case *c,
                       const pl_quality_result *r, const pl_failure *f, const char *error, pl_similarity_version v);

#endif
