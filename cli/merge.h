/* planlens merge: the parts of a sharded command read back, their units in
 * order, for the command's finisher (cmd_merge.c; docs/CLUSTER.md). */
#ifndef PL_CLI_MERGE_H
#define PL_CLI_MERGE_H

#include <stdio.h>

struct cJSON;

typedef struct {
    long long order;
    int sub;
    const struct cJSON *data; /* the record's "t" (a string) or "r" */
} cli_merge_unit;

typedef struct {
    const struct cJSON *header;  /* part 1's header (all agree) */
    const struct cJSON *options; /* header "options" */
    const char *format;          /* header "format" */
    const cli_merge_unit *units; /* every part's units by (order, sub) */
    int n;
    const struct cJSON *const *totals; /* each part's end "totals", by shard index */
    int nparts;
} cli_merged;

/* The text units joined by the header's layout (head, sep, tail, empty). */
int cli_merge_text(FILE *out, const cli_merged *m);
/* An integer member of an object (0 when absent). */
int cli_merge_int(const struct cJSON *o, const char *name);
/* A double written by cli_part_add_double (0 when absent). */
double cli_merge_double(const struct cJSON *o, const char *name);
/* The sum over the parts of totals[name][i]. */
int cli_merge_total(const cli_merged *m, const char *name, int i);

/* The finishers of the commands whose output is more than their units in
 * order; each returns 0, or -1 when out of memory. */
int grade_merge_table(FILE *out, const cli_merged *m);   /* grade_shard.c */
int quality_merge_table(FILE *out, const cli_merged *m); /* quality_shard.c */
int audit_merge(FILE *out, const cli_merged *m);         /* cmd_audit.c: the counts on stderr */
int report_merge(FILE *out, const cli_merged *m);        /* report_shard.c */

#endif
