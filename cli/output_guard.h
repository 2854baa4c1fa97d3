/* An output file named on the command line is never overwritten silently:
 * a command that would replace a file that exists (the charts of `--output
 * PATH.svg` and the CSV beside them) writes nothing, says which file is in
 * the way and exits 2, as for a usage error, unless `--force` is given
 * (docs/COMMANDS.md, "Output files").  Checked before the work starts, so
 * a long run is not lost at the end. */
#ifndef PL_CLI_OUTPUT_GUARD_H
#define PL_CLI_OUTPUT_GUARD_H

#include <stdbool.h>

/* Is arg `--force`? */
bool cli_force_option(const char *arg);
/* PL_EXIT_OK when no path of paths[0..n) exists (a dangling symbolic link
 * exists) or force is set; else prints "planlens: CMD: PATH exists: nothing
 * written (--force replaces it)", naming the files there, and returns
 * PL_EXIT_USAGE. */
int cli_output_guard(const char *cmd, const char *const *paths, int n, bool force);
/* The same for the two files of `--output PATH` (cli_write_chart_files):
 * PATH.svg and PATH.csv, PATH without its .svg. */
int cli_chart_output_guard(const char *cmd, const char *output, bool force);

#endif
