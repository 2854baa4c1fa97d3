/* Helpers shared by the libFuzzer targets: NUL-terminated copies of the
 * input, splitting one input into several texts, loading a domain and a
 * problem, and writing an input to a named scratch file for loaders that
 * read paths. */
#ifndef PL_FUZZ_INPUT_H
#define PL_FUZZ_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "task/load.h"

/* A NUL-terminated heap copy of data[0..size). */
char *fuzz_strndup(const uint8_t *data, size_t size);

/* Splits data at the first "\n;;;;\n" (the separator the seed corpora use);
 * without it the second text is empty.  Both are NUL-terminated heap copies. */
void fuzz_split2(const uint8_t *data, size_t size, char **first, char **second);

/* Loads data as a domain, optionally followed by "\n;;;;\n" and a problem
 * (named domain.pddl and problem.pddl); true when it grounds (then
 * pl_loaded_task_free it). */
bool fuzz_load_task(const uint8_t *data, size_t size, pl_loaded_task *lt);

/* Writes data to <scratch dir>/<name> and returns that path (static buffer,
 * valid until the next call).  The scratch directory is created once per
 * process under $TMPDIR (or /tmp). */
const char *fuzz_write_file(const char *name, const uint8_t *data, size_t size);

#endif
