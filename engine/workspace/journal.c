#define _POSIX_C_SOURCE 200809L
/* The review journal (journal.h): names, opening, reading what writers
 * appended since the last read, and the accessors. */
#include "workspace/journal.h"

#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/file.h"
#include "base/text_lines.h"
#include "workspace/journal_internal.h"

static const char *const type_names[] = {"note", "flag", "status", "override", "exclude", "retract"};
static const char *const status_names[] = {"", "grader-right", "grader-wrong", "bad-question", "unsure"};

const char *pl_journal_type_name(pl_journal_type t)
{
    return (unsigned)t <= PL_JR_RETRACT ? type_names[t] : "?";
}

bool pl_journal_type_parse(const char *s, pl_journal_type *out)
{
    for (int i = 0; s && i <= PL_JR_RETRACT; i++)
        if (!strcmp(s, type_names[i])) {
            *out = (pl_journal_type)i;
            return true;
        }
    return false;
}

const char *pl_review_status_name(pl_review_status s)
{
    return (unsigned)s <= PL_REVIEW_UNSURE ? status_names[s] : "?";
}

bool pl_review_status_parse(const char *s, pl_review_status *out)
{
    for (int i = 0; s && i <= PL_REVIEW_UNSURE; i++)
        if (!strcmp(s, status_names[i])) {
            *out = (pl_review_status)i;
            return true;
        }
    return false;
}

const char *pl_journal_default_author(void)
{
    static _Thread_local char name[256];
    const char *env = getenv("PLANLENS_AUTHOR");
    if (env && *env) {
        strncpy(name, env, sizeof name - 1);
        return name;
    }
    if (getlogin_r(name, sizeof name) == 0 && name[0])
        return name;
    struct passwd pw, *found = NULL;
    char buf[1024];
    if (getpwuid_r(geteuid(), &pw, buf, sizeof buf, &found) == 0 && found && found->pw_name[0]) {
        strncpy(name, found->pw_name, sizeof name - 1);
        return name;
    }
    return "unknown";
}

char *journal_read_fd(int fd, off_t from, const char *path, size_t *len, pl_error *err)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    for (;;) {
        if (buf && n == cap) {
            char *grown = n < pl_max_input_bytes() ? realloc(buf, 2 * cap + 1) : NULL;
            if (!grown) {
                free(buf);
                pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "the journal is larger than the input limit");
                return NULL;
            }
            buf = grown;
            cap *= 2;
        }
        if (!buf) {
            pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
            return NULL;
        }
        ssize_t got = pread(fd, buf + n, cap - n, from + (off_t)n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot read: %s", strerror(errno));
            free(buf);
            return NULL;
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

/* Drops everything read: the file is read again from its start. */
static void forget(pl_journal *j)
{
    for (int i = 0; i < j->nrecords; i++)
        journal_record_free(&j->records[i]);
    j->nrecords = 0;
    journal_fold_free(j);
    j->have_file = false;
    j->offset = 0;
    j->lines = 0;
    j->torn_reported = 0;
    j->old_format = false;
}

static int push(pl_journal *j, const pl_journal_record *r)
{
    if (j->nrecords == j->records_cap) {
        int cap = j->records_cap ? 2 * j->records_cap : 64;
        pl_journal_record *grown = realloc(j->records, (size_t)cap * sizeof *grown);
        if (!grown)
            return -1;
        j->records = grown;
        j->records_cap = cap;
    }
    j->records[j->nrecords++] = *r;
    return 0;
}

/* Takes the whole lines of text[0..len) as records; returns the bytes
 * consumed (up to the last newline).  A last line without a newline is
 * left for the next read, reported once. */
static size_t take_lines(pl_journal *j, const char *text, size_t len, pl_diags *warnings, pl_error *err)
{
    size_t at = 0;
    while (at < len) {
        const char *line = text + at, *nl = memchr(line, '\n', len - at);
        if (!nl) {
            off_t where = j->offset + (off_t)at;
            if (!pl_is_blank(line, len - at) && j->torn_reported != where + 1) {
                pl_diags_add(warnings, j->path, j->lines + 1, 0,
                             "the last line is incomplete (no newline: a writer stopped mid-write?); "
                             "ignored until it is completed");
                j->torn_reported = where + 1;
            }
            break;
        }
        size_t n = (size_t)(nl - line);
        at += n + 1;
        j->lines++;
        if (pl_is_blank(line, n))
            continue;
        pl_journal_record r;
        const char *why;
        if (!journal_record_parse(line, n, &r, &why)) {
            pl_diags_add(warnings, j->path, j->lines, 0, "not a journal record: %s (kept in the file, ignored)", why);
            continue;
        }
        r.line = j->lines;
        if (push(j, &r) < 0) {
            journal_record_free(&r);
            pl_error_set(err, PL_ERR_LIMIT, j->path, 0, 0, "out of memory");
            return (size_t)-1;
        }
    }
    return at;
}

/* An old notes file read as the journal its first append will write. */
static pl_error_code take_old_format(pl_journal *j, const char *text, size_t len, const struct stat *st,
                                     pl_diags *warnings, pl_error *err)
{
    size_t conv_len;
    char *conv = journal_convert_text(text, len, st->st_mtime, &conv_len);
    if (!conv)
        return pl_error_set(err, PL_ERR_LIMIT, j->path, 0, 0, "out of memory");
    pl_diags old_warnings = PL_DIAGS_INIT;
    size_t used = take_lines(j, conv, conv_len, &old_warnings, err);
    free(conv);
    for (size_t i = 0; i < old_warnings.count; i++)
        pl_diags_add(warnings, j->path, 0, 0, "old notes format: %s", old_warnings.items[i].message);
    pl_diags_clear(&old_warnings);
    if (used == (size_t)-1)
        return err ? err->code : PL_ERR_LIMIT;
    j->old_format = true;
    j->offset = st->st_size;
    j->old_size = st->st_size;
    j->old_mtime = st->st_mtim;
    return PL_OK;
}

static bool same_old_file(const pl_journal *j, const struct stat *st)
{
    return j->old_format && st->st_size == j->old_size && st->st_mtim.tv_sec == j->old_mtime.tv_sec &&
           st->st_mtim.tv_nsec == j->old_mtime.tv_nsec;
}

pl_error_code pl_journal_refresh(pl_journal *j, int *added, pl_diags *warnings, pl_error *err)
{
    int before = j->nrecords;
    if (added)
        *added = 0;
    int fd = open(j->path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        if (errno != ENOENT)
            return pl_error_set(err, PL_ERR_IO, j->path, 0, 0, "cannot open: %s", strerror(errno));
        if (j->have_file) { /* removed: an empty journal again */
            forget(j);
            return journal_fold(j) < 0 ? pl_error_set(err, PL_ERR_LIMIT, j->path, 0, 0, "out of memory") : PL_OK;
        }
        return PL_OK;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        int e = errno;
        close(fd);
        return pl_error_set(err, PL_ERR_IO, j->path, 0, 0, "cannot read the journal: %s",
                            S_ISREG(st.st_mode) ? strerror(e) : pl_file_kind(st.st_mode));
    }
    bool same = j->have_file && st.st_dev == j->dev && st.st_ino == j->ino;
    if (same && (j->old_format ? same_old_file(j, &st) : st.st_size == j->offset)) {
        close(fd);
        return PL_OK; /* nothing new */
    }
    if (!same || j->old_format || st.st_size < j->offset) {
        forget(j);
        before = 0;
    }
    j->have_file = true;
    j->dev = st.st_dev;
    j->ino = st.st_ino;
    size_t len;
    char *text = journal_read_fd(fd, j->offset, j->path, &len, err);
    close(fd);
    if (!text)
        return err ? err->code : PL_ERR_IO;
    pl_error_code rc = PL_OK;
    if (j->offset == 0 && journal_is_old_format(text, len)) {
        rc = take_old_format(j, text, len, &st, warnings, err);
    } else {
        size_t used = take_lines(j, text, len, warnings, err);
        if (used == (size_t)-1)
            rc = err ? err->code : PL_ERR_LIMIT;
        else
            j->offset += (off_t)used;
    }
    free(text);
    if (rc == PL_OK && journal_fold(j) < 0)
        rc = pl_error_set(err, PL_ERR_LIMIT, j->path, 0, 0, "out of memory");
    if (added)
        *added = j->nrecords - before;
    return rc;
}

pl_journal *pl_journal_open(const char *path, pl_diags *warnings, pl_error *err)
{
    pl_journal *j = calloc(1, sizeof *j);
    if (!j || !(j->path = pl_strdup(path))) {
        free(j);
        pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
        return NULL;
    }
    if (pl_journal_refresh(j, NULL, warnings, err) != PL_OK) {
        pl_journal_close(j);
        return NULL;
    }
    return j;
}

const char *pl_journal_path(const pl_journal *j)
{
    return j->path;
}

int pl_journal_nrecords(const pl_journal *j)
{
    return j->nrecords;
}

const pl_journal_record *pl_journal_record_at(const pl_journal *j, int i)
{
    return i >= 0 && i < j->nrecords ? &j->records[i] : NULL;
}

int pl_journal_last_appended(const pl_journal *j)
{
    return j->last_appended;
}

void pl_journal_close(pl_journal *j)
{
    if (!j)
        return;
    forget(j);
    free(j->records);
    free(j->path);
    free(j);
}
