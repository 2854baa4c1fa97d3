/* Reading input files: whole files into memory (gzip too), with a
 * process-wide size limit, and the check that a text holds no NUL byte. */
#ifndef PL_BASE_FILE_H
#define PL_BASE_FILE_H

#include <stddef.h>

#include "base/error.h"

/* Reads a whole file (plain or gzip-compressed when it ends in .gz) into an
 * owned NUL-terminated buffer; *len receives its length.  A file larger than
 * the input limit (after decompression) is a PL_ERR_LIMIT error. */
char *pl_read_file(const char *path, size_t *len, pl_error *err);
/* The input limit of pl_read_file, process-wide (default 1 GiB). */
void pl_set_max_input_bytes(size_t limit);
/* PL_OK when text[0..len) holds no NUL byte; else an error at its line and
 * column.  For readers that take C strings, so that nothing after a NUL is
 * silently ignored. */
pl_error_code pl_check_text(const char *path, const char *text, size_t len, pl_error *err);
size_t pl_max_input_bytes(void);

#endif
