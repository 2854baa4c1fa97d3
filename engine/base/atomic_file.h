/* Writing a file so that a reader never sees half of it and a refused
 * write leaves nothing behind: a temporary file in the target's directory,
 * flushed to disk and renamed over the target.  A symlink at the target is
 * replaced, never followed (docs/SECURITY.md).  A character device or FIFO
 * itself, or a name under /dev/ leading to one (/dev/stdout, /dev/fd/N), is
 * written in place, as the user asked; other special files are refused. */
#ifndef PL_BASE_ATOMIC_FILE_H
#define PL_BASE_ATOMIC_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "base/error.h"

typedef struct {
    char *path; /* the target */
    char *tmp;  /* the temporary file beside it */
    FILE *f;
} pl_atomic_file;

/* Opens a new temporary file beside `path` for writing; NULL with err set
 * when it cannot be created.  Finish with pl_atomic_close. */
FILE *pl_atomic_open(pl_atomic_file *a, const char *path, pl_error *err);
/* ok: flushes, syncs and renames the temporary file over the target (its
 * mode that of the regular file it replaces, else 0666 less the umask).  !ok, or a
 * failure on the way: the temporary file is removed and the target left as
 * it was.  Frees what pl_atomic_open took; returns PL_OK only when the
 * target now holds everything written. */
pl_error_code pl_atomic_close(pl_atomic_file *a, bool ok, pl_error *err);
/* data[0..len) as the whole of `path`, the same way. */
pl_error_code pl_write_file_atomic(const char *path, const char *data, size_t len, pl_error *err);

#endif
