/* Curators' flags and notes on verdicts, kept in a sidecar JSONL file (one
 * object per annotated verdict: {"key", "flag", "note"}).  Every change is
 * saved at once and atomically — written to a temporary file beside the
 * notes file, flushed to disk (fsync), then renamed over it — so a crash or
 * `kill -9` at any moment leaves either the old or the new file, never a
 * torn one, and loses nothing saved before it. */
#ifndef PL_WORKSPACE_NOTES_H
#define PL_WORKSPACE_NOTES_H

#include <stdbool.h>
#include <stddef.h>

#include "base/error.h"

typedef struct {
    char *key;  /* "model\ttask\tid" */
    bool flag;
    char *note; /* may be NULL */
} pl_note;

/* A line planlens could not read, kept byte for byte (it may hold NULs). */
typedef struct {
    char *text;
    size_t len;
} pl_unread_line;

typedef struct {
    char *path;
    pl_note *items;
    int count, cap;
    pl_unread_line *unread; /* written back verbatim on every save */
    int nunread;
} pl_notes;

/* Loads the notes file (a missing file is an empty set).  A bad line is a
 * warning; it is kept as it was and written back on every save, so nothing
 * in the file is ever lost. */
pl_error_code pl_notes_open(pl_notes *n, const char *path, pl_diags *warnings, pl_error *err);
const pl_note *pl_notes_get(const pl_notes *n, const char *key);
/* Sets the flag and/or note of a key (note NULL: unchanged; "" clears it)
 * and saves.  Returns PL_OK or the save's error (the change stays in memory). */
pl_error_code pl_notes_set(pl_notes *n, const char *key, int flag /* -1: unchanged */, const char *note,
                           pl_error *err);
void pl_notes_free(pl_notes *n);

#endif
