/* Reading input files: whole files into memory (gzip too), with a
 * process-wide size limit, and the check that a text holds no NUL byte.
 * Anything that is not a regular file (a FIFO, a device such as /dev/zero)
 * is read only when named on purpose, without hanging and up to a much
 * smaller limit (docs/RUN-FORMATS.md, "Files planlens reads"). */
#ifndef PL_BASE_FILE_H
#define PL_BASE_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "base/error.h"

/* The input limit for anything that is not a regular file: 64 MiB, so that
 * a link to /dev/zero stops there instead of reading a gigabyte. */
#define PL_MAX_SPECIAL_INPUT_BYTES ((size_t)64 << 20)

/* Reads a whole file (plain or gzip-compressed when it ends in .gz) into an
 * owned NUL-terminated buffer; *len receives its length.  A file larger than
 * the input limit (after decompression) is a PL_ERR_LIMIT error; so is
 * anything but a regular file larger than PL_MAX_SPECIAL_INPUT_BYTES.  A
 * FIFO is opened without blocking: with no writer it is a PL_ERR_IO error,
 * never a hang. */
char *pl_read_file(const char *path, size_t *len, pl_error *err);
/* The input limit of pl_read_file, process-wide (default 1 GiB). */
void pl_set_max_input_bytes(size_t limit);
/* PL_OK when text[0..len) holds no NUL byte; else an error at its line and
 * column.  For readers that take C strings, so that nothing after a NUL is
 * silently ignored. */
pl_error_code pl_check_text(const char *path, const char *text, size_t len, pl_error *err);
size_t pl_max_input_bytes(void);
/* What a file of this mode is, in words for messages: "a FIFO (named pipe)",
 * "a character device", "a block device", "a socket", "a directory", "a
 * symbolic link", "a regular file". */
const char *pl_file_kind(mode_t mode);
/* Whether path (symlinks followed) is a regular file; else, when kind is not
 * NULL, *kind says what it is (pl_file_kind) or why it cannot be looked at
 * (strerror). For readers that scan a directory: they take regular files only. */
bool pl_is_regular_file(const char *path, const char **kind);

#endif
