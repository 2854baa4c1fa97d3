#define _DEFAULT_SOURCE /* flock */
/* Appending to the review journal (journal.h): one whole line under an
 * exclusive flock, written with one write(2) to a file opened O_APPEND,
 * then fsync.  The lock is what keeps two writers' lines apart (O_APPEND
 * alone does not promise a whole line on every file system) and lets a
 * writer find, and close off, a line a crashed writer left torn.
 *
 * A symbolic link at the journal's path is followed for appending (the
 * link names the shared journal, as `>>` would): an append never destroys
 * what it goes to.  Converting an old notes file replaces the file, so it
 * is refused through a link (journal_convert.c). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/file.h"
#include "workspace/journal_internal.h"

/* mkdir -p of the file's directory (private, like the journal). */
static void make_parent_dirs(const char *path)
{
    char *copy = pl_strdup(path);
    for (char *s = copy ? copy + 1 : NULL; s && *s; s++)
        if (*s == '/') {
            *s = '\0';
            mkdir(copy, 0700);
            *s = '/';
        }
    free(copy);
}

static const char *check_record(const pl_journal_record *r)
{
    if (!r->key || !*r->key)
        return "a record needs a key";
    if ((unsigned)r->type > PL_JR_RETRACT)
        return "unknown record type";
    if (r->type == PL_JR_STATUS && (unsigned)r->status > PL_REVIEW_UNSURE)
        return "unknown review status";
    if (r->type == PL_JR_OVERRIDE && r->score != 0 && r->score != 1)
        return "an override's score is 0 or 1";
    if (r->type == PL_JR_RETRACT && r->retracts < 1)
        return "a retract names the line it withdraws (1 or more)";
    return NULL;
}

/* The record as written: author, time, version and the question filled in. */
static char *record_line(const pl_journal_record *given)
{
    pl_journal_record r = *given;
    char stamp[32], *group = NULL, *id = NULL;
    if (!r.author || !*r.author)
        r.author = (char *)pl_journal_default_author();
    if (!r.time) {
        journal_time_text(time(NULL), stamp, sizeof stamp);
        r.time = stamp;
    }
    if (!r.version)
        r.version = (char *)journal_version();
    if (!r.question_id && !r.group && journal_key_question(r.key, r.question_scope, &group, &id)) {
        r.group = group;
        r.question_id = id;
    }
    char *line = journal_record_line(&r);
    char *whole = line ? pl_strdup_printf("%s\n", line) : NULL;
    free(line);
    free(group);
    free(id);
    return whole;
}

/* Opens and locks the journal file, the one its path names now: a writer
 * that converted it meanwhile replaced it, so the lock taken on the old
 * file is let go and taken again on the new one.  -1 with err set. */
static int open_locked(const char *path, pl_error *err)
{
    for (int attempt = 0; attempt < 100; attempt++) {
        int fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0600);
        if (fd < 0 && errno == ENOENT) {
            make_parent_dirs(path);
            fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0600);
        }
        if (fd < 0) {
            pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot open the journal for appending: %s", strerror(errno));
            return -1;
        }
        struct stat st, now;
        if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
            pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot append: %s", pl_file_kind(st.st_mode));
            close(fd);
            return -1;
        }
        int rc;
        while ((rc = flock(fd, LOCK_EX)) != 0 && errno == EINTR)
            ;
        if (rc != 0) {
            pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot lock the journal: %s", strerror(errno));
            close(fd);
            return -1;
        }
        if (stat(path, &now) == 0 && now.st_dev == st.st_dev && now.st_ino == st.st_ino)
            return fd;
        close(fd); /* replaced while we waited: lock the new file */
    }
    pl_error_set(err, PL_ERR_IO, path, 0, 0, "the journal keeps being replaced; nothing appended");
    return -1;
}

/* Writes all of buf at the end, or nothing: a short write is cut off again
 * (under the lock no one else wrote after it). */
static pl_error_code write_whole(int fd, const char *path, const char *buf, size_t len, pl_error *err)
{
    struct stat st;
    if (fstat(fd, &st) != 0)
        return pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot append: %s", strerror(errno));
    ssize_t put;
    while ((put = write(fd, buf, len)) < 0 && errno == EINTR)
        ;
    if (put == (ssize_t)len && fsync(fd) == 0)
        return PL_OK;
    int e = put < 0 || put == (ssize_t)len ? errno : ENOSPC;
    if (put > 0 && ftruncate(fd, st.st_size) != 0)
        e = errno;
    return pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot append: %s", strerror(e));
}

/* Whether the file's last byte is a newline (an empty file counts). */
static bool ends_with_newline(int fd)
{
    struct stat st;
    char last = '\n';
    if (fstat(fd, &st) == 0 && st.st_size > 0 && pread(fd, &last, 1, st.st_size - 1) != 1)
        last = '\n';
    return last == '\n';
}

static bool has_record_at(const pl_journal *j, int line)
{
    for (int i = 0; i < j->nrecords; i++)
        if (j->records[i].line == line)
            return true;
    return false;
}

pl_error_code pl_journal_append(pl_journal *j, const pl_journal_record *r, pl_error *err)
{
    const char *why = check_record(r);
    if (why)
        return pl_error_set(err, PL_ERR_SYNTAX, j->path, 0, 0, "%s", why);
    char *line = record_line(r);
    if (!line)
        return pl_error_set(err, PL_ERR_LIMIT, j->path, 0, 0, "out of memory");
    int fd = open_locked(j->path, err);
    pl_error_code rc = fd < 0 ? (err ? err->code : PL_ERR_IO) : PL_OK;
    /* what is there now, under the lock (an old notes file: converted first) */
    if (rc == PL_OK && (rc = pl_journal_refresh(j, NULL, NULL, err)) == PL_OK && j->old_format) {
        rc = journal_convert_file(j->path, fd, err);
        close(fd);
        fd = rc == PL_OK ? open_locked(j->path, err) : -1;
        if (rc == PL_OK && fd < 0)
            rc = err ? err->code : PL_ERR_IO;
        if (rc == PL_OK)
            rc = pl_journal_refresh(j, NULL, NULL, err);
    }
    if (rc == PL_OK && r->type == PL_JR_RETRACT && !has_record_at(j, r->retracts))
        rc = pl_error_set(err, PL_ERR_SYNTAX, j->path, 0, 0, "line %d of the journal is not a record", r->retracts);
    if (rc == PL_OK) {
        /* a line a crashed writer left torn is closed off, never joined to ours */
        char *whole = ends_with_newline(fd) ? NULL : pl_strdup_printf("\n%s", line);
        rc = write_whole(fd, j->path, whole ? whole : line, strlen(whole ? whole : line), err);
        free(whole);
    }
    if (rc == PL_OK) { /* ours is the last line: no one else writes under the lock */
        rc = pl_journal_refresh(j, NULL, NULL, err);
        j->last_appended = j->lines;
    }
    if (fd >= 0)
        close(fd); /* lets go of the lock */
    free(line);
    return rc;
}
