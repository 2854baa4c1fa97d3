/* What the review journal's files (journal*.c) share: the journal itself,
 * one record to and from its JSON line, the fold, and the old notes
 * format's conversion.  Not for use outside engine/workspace/journal*.c. */
#ifndef PL_WORKSPACE_JOURNAL_INTERNAL_H
#define PL_WORKSPACE_JOURNAL_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include <time.h>

#include "workspace/journal.h"

struct pl_journal {
    char *path;
    pl_journal_record *records;
    int nrecords, records_cap;
    /* the fold (journal_fold.c), rebuilt whenever records change */
    pl_journal_state *states;
    int nstates;
    int *state_records; /* every state's record indexes, back to back */
    int *slots;         /* open addressing: state index + 1, 0 = empty */
    unsigned nslots;
    /* what has been read: the file (device, inode), the bytes consumed
     * (whole lines only) and the number of lines in them */
    bool have_file;
    dev_t dev;
    ino_t ino;
    off_t offset;
    int lines;
    off_t torn_reported; /* 1 + the offset of the torn line last reported; 0: none */
    /* the file is in the old notes format: its records are the converted
     * ones, read again whenever the file's size or time changes */
    bool old_format;
    off_t old_size;
    struct timespec old_mtime;
    int last_appended; /* the line of the last record this journal appended */
};

/* One line of JSON (no newline) as a record (strings owned); false with
 * *why (static text) when it is not a record. */
bool journal_record_parse(const char *line, size_t len, pl_journal_record *out, const char **why);
/* The record as one line of safe JSON (base/safe_text.h pl_safe_json), no
 * newline; owned, NULL when out of memory. */
char *journal_record_line(const pl_journal_record *r);
void journal_record_free(pl_journal_record *r);
/* The group and id of an answer key (5 fields) or a question key (2
 * fields), unescaped; false (nothing set) when the key is neither. */
bool journal_key_question(const char *key, bool question_scope, char **group, char **id);
/* The time now as ISO 8601 UTC ("2026-11-28T23:59:01Z") into buf[21+]. */
void journal_time_text(time_t t, char *buf, size_t size);
/* The version of planlens that writes records. */
const char *journal_version(void);

/* Rebuilds the states from the records (retractions, then the fold);
 * -1 when out of memory. */
int journal_fold(pl_journal *j);
void journal_fold_free(pl_journal *j);

/* Whether text[0..len) is in the old notes format: its first line that is
 * a JSON object has "key" and no "type". */
bool journal_is_old_format(const char *text, size_t len);
/* The old notes text as a journal: each annotation as records (question
 * scope, author "converted", time `when`, its old key in old_key), a line
 * that was not an annotation copied as it was.  Owned, *out_len its length;
 * NULL when out of memory. */
char *journal_convert_text(const char *text, size_t len, time_t when, size_t *out_len);
/* Converts the old notes file at `path` (open as fd, locked): keeps its
 * bytes as PATH.v1 (or .v2, … when taken), then replaces PATH by the
 * journal.  Refused when PATH is a symbolic link. */
pl_error_code journal_convert_file(const char *path, int fd, pl_error *err);

/* Reads the whole of fd from `from` into an owned buffer (*len bytes, NUL
 * after them); NULL with err set. */
char *journal_read_fd(int fd, off_t from, const char *path, size_t *len, pl_error *err);

#endif
