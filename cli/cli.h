/* The batch command line: shared helpers and one entry point per command.
 *
 * Exit codes (also in the README and `planlens --help`):
 *   0  valid plan / success
 *   1  invalid plan (validate), inapplicable action (progress), no plan
 *      found (plan: unsolvable or a limit reached)
 *   2  usage error
 *   3  input error (unreadable file, PDDL error, unsupported feature) */
#ifndef PL_CLI_H
#define PL_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "base/failure.h"
#include "search/heuristic.h"
#include "task/load.h"
#include "teach/start_state.h"
#include "view_model.h"

enum { PL_EXIT_OK = 0, PL_EXIT_INVALID = 1, PL_EXIT_USAGE = 2, PL_EXIT_INPUT = 3 };

int cmd_validate(int argc, char **argv);
int cmd_grade(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_gen(int argc, char **argv);
int cmd_quality(int argc, char **argv);
int cmd_probe(int argc, char **argv);
int cmd_audit(int argc, char **argv);
int cmd_synth(int argc, char **argv);
int cmd_planview(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_states(int argc, char **argv);
int cmd_merge(int argc, char **argv);
/* heuristics and rpg (issue 39: docs/TEACH.md) */
int cmd_heuristics(int argc, char **argv);
int cmd_prove(int argc, char **argv);
int cmd_rpg(int argc, char **argv);
/* exercises and exercises mark (issue 39 §6: docs/TEACHING.md) */
int cmd_exercises(int argc, char **argv);
/* notes add | list | export (cmd_notes.c, notes_export.c) and diff-verdicts
 * (cmd_diff_verdicts.c): the review journal, docs/CURATION.md.  diff-verdicts
 * exits 0 when the files agree, 1 when answers differ, 2 usage, 3 input. */
int cmd_notes(int argc, char **argv);
int cli_notes_export(int argc, char **argv);
int cmd_diff_verdicts(int argc, char **argv);
/* The review journal at path (workspace/journal.h), its warnings printed;
 * NULL after printing the error. */
struct pl_journal *cli_open_journal(const char *path);

/* The explorer (`planlens [OPTIONS] [PATH...]`) and `planlens teach`, run
 * from the explorer module (explorer_module.c); exit codes as the commands'. */
int cli_explorer(int argc, char **argv);
int cli_teach(int argc, char **argv);

/* A view model as plain text, a line per line (control characters escaped). */
void cli_print_view(const pl_view_model *vm);

/* Prints "planlens: <cmd>: message" and returns PL_EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Loads and grounds; on failure prints the located error and returns false. */
bool cli_load_task(const char *domain, const char *problem, pl_loaded_task *out);
/* Prints an engine error as "planlens: file:line:col: message". */
void cli_print_error(const pl_error *err);
/* Prints each warning as "planlens: warning: file:line:col: message" (as much
 * of the location as is known), then clears the list. */
void cli_print_warnings(pl_diags *w);
/* Untrusted text (model output and names, file names, anything read from a
 * file) as one safe line (base/safe_text.h: escapes for controls, bidi and
 * invalid UTF-8), for a printf argument: the text itself when already safe,
 * else a copy valid for the next 15 calls.  NULL gives NULL. */
const char *cli_text(const char *text);
/* Frees the copies cli_text keeps (at exit). */
void cli_text_release(void);
/* Writes cli_text(text). */
void cli_put_safe(FILE *out, const char *text);
/* `--csv-raw` (every command that writes CSV): turns the formula guard of
 * every CSV cell off (views/csv_out.h pl_csv_put).  False when arg is
 * something else. */
bool cli_csv_raw_option(const char *arg);
/* Applies $PLANLENS_MAX_INPUT_MB to the engine's input limit; on a bad value
 * prints a usage error and returns PL_EXIT_USAGE. */
int cli_apply_input_limit(void);
/* A memory size: a positive number with a K, M, G or T suffix (powers of
 * 1024; no suffix = M), or "none" (SIZE_MAX).  False when malformed. */
bool cli_parse_memory_size(const char *text, size_t *bytes);
/* Applies $PLANLENS_MEMORY_LIMIT (a size) to every search's memory bound;
 * on a bad value prints a usage error and returns PL_EXIT_USAGE. */
int cli_apply_memory_limit(void);
/* The output options of the simple commands: `--json` or `--format text|json`
 * at argv[*i] (advancing *i past a value).  1 when consumed, 0 when argv[*i]
 * is something else, -1 after printing a usage error. */
int cli_output_flag(const char *cmd, int argc, char **argv, int *i, bool *json);
/* The start-state options (engine/teach/start_state.h) at argv[*i]:
 * --plan FILE, --step K, --state FILE (advancing *i past the value).  1 when
 * consumed, 0 when argv[*i] is something else, -1 after a usage error.
 * spec starts as {NULL, -1, NULL}. */
int cli_start_option(const char *cmd, int argc, char **argv, int *i, pl_start_spec *spec);
/* The flags every state command takes: --json / --format (cli_output_flag),
 * then the start options; returns as they do. */
int cli_state_flags(const char *cmd, int argc, char **argv, int *i, bool *json, pl_start_spec *spec);
/* arg, no option, as the next of `want` positionals (pos[*n]); else a
 * usage error (an unknown option, an argument too many). */
int cli_state_positional(const char *cmd, const char *arg, const char **pos, int *n, int want);
/* Usage errors among them (--step without --plan, --plan with --state). */
int cli_start_check(const char *cmd, const pl_start_spec *spec);
/* Loads DOMAIN PROBLEM (pos), reads the start state and, when r is not
 * NULL, builds the relaxation; on failure prints why, frees what it made
 * and returns the exit code.  cli_state_free frees all three. */
int cli_load_state(const char *cmd, const char *const pos[2], const pl_start_spec *spec, pl_loaded_task *lt,
                   pl_start_state *start, pl_relaxed **r);
void cli_state_free(pl_loaded_task *lt, pl_start_state *start, pl_relaxed *r);
/* The start state, or the located error printed and PL_EXIT_INPUT. */
int cli_start_read(const pl_task *t, const pl_start_spec *spec, pl_start_state *out);
/* The banner lines of the state commands, each after prefix: where the
 * state comes from (with the plan cost beside the step count), and the
 * task's action costs. */
void cli_print_start(FILE *out, const char *prefix, const pl_start_spec *spec, const pl_start_state *s);
void cli_print_costs(FILE *out, const char *prefix, const pl_task *t);
/* A cJSON tree printed (formatted or on one line) and made valid, inert
 * UTF-8 JSON (base/safe_text.h pl_safe_json): every JSON planlens writes
 * goes through it.  Owned; NULL when out of memory. */
struct cJSON;
char *cli_json_text(const struct cJSON *j, bool formatted);
/* Prints cli_json_text(j) followed by a newline and frees j. */
void cli_print_json(struct cJSON *j);
/* Writes the charts of `--output PATH.svg`: write(svg, csv,
 * ctx) fills PATH.svg and PATH.csv (PATH without .svg: PATH.svg too), each
 * replaced atomically, neither when write fails (non-zero).  Says what it
 * wrote on stderr; returns an exit code. */
typedef int (*cli_chart_writer)(FILE *svg, FILE *csv, const void *ctx);
int cli_write_chart_files(const char *cmd, const char *output, cli_chart_writer write, const void *ctx);
/* A failure mode as JSON (docs/ANALYSIS.md): {"kind", "key", "step",
 * "detail", "items": {kind: count}}, members without a value left out. */
struct cJSON *cli_failure_json(const pl_failure *f);

#endif
