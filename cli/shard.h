/* --shard I/N on the batch commands, and the parts the shards write for
 * `planlens merge` (docs/CLUSTER.md).
 *
 * Two keys per unit of work.  The partition key says which shard owns it:
 * a hash of the work's content identity (a question's group and id, a
 * case's id, a problem's file name, a task's domain and problem), so that
 * the split does not depend on the order of the files or of the records in
 * them, and all the work on one task lands in one shard (its grounded task
 * is built once).  The order key says where its output goes: its position
 * in the inputs as one process reads them (response, question, case, line),
 * so that merging the parts gives one process's output byte for byte. */
#ifndef PL_CLI_SHARD_H
#define PL_CLI_SHARD_H

#include <stdbool.h>
#include <stdio.h>

struct cJSON;

enum { CLI_MAX_SHARDS = 1000000 }; /* N's bound */

typedef struct cli_shard {
    bool on;          /* --shard given (even 1/1): the command writes a part */
    int index, count; /* 1 <= index <= count; 1/1 when off */
} cli_shard;

/* Takes "--shard I/N" (or "--shard=I/N") out of argv, lowering *argc, so
 * that the command's own parser never sees it.  PL_EXIT_OK, or
 * PL_EXIT_USAGE after printing why (a malformed value, I outside 1..N,
 * N above 1000000, the option given twice). */
int cli_shard_take(const char *cmd, int *argc, char **argv, cli_shard *s);

/* Whether shard s owns the work whose partition key is (a, b): FNV-1a
 * (64 bits) of a, a 0x1f byte and b, modulo N.  NULL reads as "". */
bool cli_shard_owns(const cli_shard *s, const char *a, const char *b);

/* How merge joins the text units of the parts into one output: head, the
 * units separated by sep, tail; `empty` instead when there is no unit
 * (NULL: head and tail). */
typedef struct {
    const char *head, *sep, *tail, *empty;
} cli_part_layout;

/* A part: planlens-part/2 JSONL.  Line 1 {"planlens_part": 2, "command",
 * "shard": [I, N], "format", "args" (the command's arguments without
 * --shard), "layout", "options", "inputs" (cli_part_inputs)}; then a record
 * per unit {"k": [order, sub], "t": text} or {"k": [...], "r": row}; last
 * {"end": {"exit", "units" (how many records before it), "totals"}}.
 * Version 1 had no inputs and no units: merge refuses it. */
enum { CLI_PART_VERSION = 2 };
typedef struct cli_part cli_part;

/* The inputs of a command run with these arguments, as its part records
 * them: [{"path", "sha256", "bytes"} (or "error": why it could not be
 * read)...] for every argument that names a regular file (also as
 * --option=FILE) and every regular file under an argument that names a
 * folder (by name, symbolic links to folders not followed); not the value
 * of --output, --out or -o, which the command writes.  NULL when out of
 * memory (shard_inputs.c). */
struct cJSON *cli_part_inputs(int argc, char **argv);

/* Writes the header to out; takes `options` (may be NULL).  NULL when out
 * of memory. */
cli_part *cli_part_begin(FILE *out, const char *cmd, const cli_shard *s, const char *format, int argc,
                         char **argv, const cli_part_layout *layout, struct cJSON *options);
/* One unit of output at order key (order, sub).  p may be NULL (nothing
 * written) in these three. */
void cli_part_text(cli_part *p, long long order, int sub, const char *text);
/* One unit of data for the command's own merge; takes `row`. */
void cli_part_row(cli_part *p, long long order, int sub, struct cJSON *row);
/* The end record (its absence marks a part cut short); takes `totals` (may
 * be NULL) and frees p.  Returns `exit`. */
int cli_part_end(cli_part *p, int exit, struct cJSON *totals);

/* A double as exact text ("%.17g": cJSON's own numbers may lose the last
 * bit, and sums in the merge must match one process's to the bit); read
 * back with cli_merge_double (merge.h). */
void cli_part_add_double(struct cJSON *o, const char *name, double v);

/* What print(unit) writes to a memory buffer (owned), its trailing newline
 * dropped when `chomp`; NULL when out of memory. */
char *cli_capture(void (*print)(FILE *f, const void *ctx), const void *ctx, bool chomp);

#endif
