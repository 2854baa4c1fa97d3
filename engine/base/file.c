/* Reading whole input files, gzip-compressed or not: a plain file is read
 * straight into a buffer of its size (zlib's transparent reading costs two
 * buffers and a copy per file, measurable in a one-plan `validate`).  The
 * open never blocks (O_NONBLOCK: a FIFO without a writer would wait for one
 * forever); what is not a regular file has its own, smaller limit. */
#define _POSIX_C_SOURCE 200809L /* O_CLOEXEC */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "base/file.h"

/* Large enough for every real benchmark file (the biggest ACPBench set is
 * ~60 MB); small enough that a gzip bomb stops long before memory runs out. */
static size_t max_input_bytes = (size_t)1 << 30;

void pl_set_max_input_bytes(size_t limit)
{
    max_input_bytes = limit;
}

size_t pl_max_input_bytes(void)
{
    return max_input_bytes;
}

/* A gzip file, inflated by zlib from the descriptor fd (at its start). */
static char *read_gzip(int fd, const char *path, size_t limit, size_t *len, pl_error *err)
{
    gzFile f = gzdopen(fd, "rb");
    if (!f) {
        close(fd);
        pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot open: %s", strerror(errno ? errno : ENOMEM));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        if (cap - n < (1 << 15)) {
            char *grown = realloc(buf, cap * 2 + 1);
            if (!grown) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = grown;
            cap *= 2;
        }
        int got = gzread(f, buf + n, (unsigned)(cap - n));
        if (got < 0) {
            int zerr, saved = errno;
            const char *msg = gzerror(f, &zerr);
            /* zlib prefixes system errors with the path; say only the cause */
            pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot read: %s", zerr == Z_ERRNO ? strerror(saved) : msg);
            free(buf);
            gzclose(f);
            return NULL;
        }
        if (got == 0) {
            int zerr;
            gzerror(f, &zerr);
            if (zerr == Z_BUF_ERROR) { /* the compressed stream stops mid-way */
                pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot read: gzip data truncated");
                free(buf);
                gzclose(f);
                return NULL;
            }
            break;
        }
        n += (size_t)got;
        if (n > limit) {
            pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "input larger than %zu bytes once decompressed", limit);
            free(buf);
            gzclose(f);
            return NULL;
        }
    }
    gzclose(f);
    if (!buf) {
        pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* A plain file by read(2) into a buffer of its size (grown when it is not a
 * regular file or grows meanwhile); its first `have` bytes are in head. */
static char *read_plain(int fd, const char *path, const struct stat *st, const unsigned char *head, size_t have,
                        size_t limit, size_t *len, pl_error *err)
{
    /* one byte more than the size, so that the end shows without growing */
    size_t cap = S_ISREG(st->st_mode) && st->st_size > 0 ? (size_t)st->st_size + 1 : 1 << 12;
    if (cap < have)
        cap = have;
    if (cap > limit)
        cap = limit + 1; /* enough to tell that it is too large */
    char *buf = malloc(cap + 1);
    int read_errno = 0;
    size_t n = have;
    if (buf)
        memcpy(buf, head, have);
    for (ssize_t got = 1; buf && got != 0 && !read_errno && n <= limit;) { /* got < 0: EINTR, again */
        if (n == cap) {
            cap = cap * 2 > limit ? limit + 1 : cap * 2;
            char *grown = realloc(buf, cap + 1);
            if (!grown)
                free(buf);
            buf = grown;
            if (!buf)
                break;
        }
        got = read(fd, buf + n, cap - n);
        if (got < 0 && errno != EINTR)
            read_errno = errno;
        n += got > 0 ? (size_t)got : 0;
    }
    close(fd);
    if (!buf || read_errno || n > limit) {
        if (!buf)
            pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
        else if (read_errno)
            pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot read: %s", strerror(read_errno));
        else if (S_ISREG(st->st_mode))
            pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "input larger than %zu bytes", limit);
        else
            pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "input larger than %zu bytes, the limit for %s",
                         limit, pl_file_kind(st->st_mode));
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

const char *pl_file_kind(mode_t mode)
{
    return S_ISREG(mode)    ? "a regular file"
           : S_ISDIR(mode)  ? "a directory"
           : S_ISFIFO(mode) ? "a FIFO (named pipe)"
           : S_ISCHR(mode)  ? "a character device"
           : S_ISBLK(mode)  ? "a block device"
           : S_ISSOCK(mode) ? "a socket"
           : S_ISLNK(mode)  ? "a symbolic link"
                            : "not a file";
}

bool pl_is_regular_file(const char *path, const char **kind)
{
    struct stat st;
    const char *what = stat(path, &st) != 0 ? strerror(errno) : S_ISREG(st.st_mode) ? NULL : pl_file_kind(st.st_mode);
    if (kind)
        *kind = what;
    return !what;
}

/* The first bytes of a FIFO opened without blocking: none and no writer is
 * an error (a named pipe nobody writes to), else reads block from here on
 * so that a writer's data is read whole.  -1 with err set, or the count. */
static ssize_t fifo_head(int fd, const char *path, unsigned char *head, size_t size, pl_error *err)
{
    ssize_t got;
    while ((got = read(fd, head, size)) < 0 && errno == EINTR)
        ;
    if (got == 0)
        pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot read: a FIFO (named pipe) with no writer");
    else if (got < 0 && errno != EAGAIN)
        pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot read: %s", strerror(errno));
    else
        return got < 0 ? 0 : got; /* EAGAIN: a writer that has not written yet */
    return -1;
}

char *pl_read_file(const char *path, size_t *len, pl_error *err)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    struct stat st;
    if (fd < 0) {
        int saved = errno;
        if (stat(path, &st) == 0 && S_ISSOCK(st.st_mode)) /* ENXIO says nothing to a user */
            pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot open: a socket, not a file");
        else
            pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot open: %s", strerror(saved));
        return NULL;
    }
    /* gzip's magic bytes decide, as zlib's gzread does */
    unsigned char head[2];
    size_t have = 0;
    ssize_t first = 0;
    if (fstat(fd, &st) != 0 || (S_ISFIFO(st.st_mode) && (first = fifo_head(fd, path, head, sizeof head, err)) < 0) ||
        (!S_ISREG(st.st_mode) && fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0)) {
        if (first >= 0)
            pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot read: %s", strerror(errno));
        close(fd);
        return NULL;
    }
    have = (size_t)first;
    size_t limit = S_ISREG(st.st_mode) || max_input_bytes < PL_MAX_SPECIAL_INPUT_BYTES ? max_input_bytes
                                                                                     : PL_MAX_SPECIAL_INPUT_BYTES;
    for (ssize_t got = 1; have < sizeof head && got != 0; have += got > 0 ? (size_t)got : 0) {
        got = read(fd, head + have, sizeof head - have);
        if (got < 0 && errno != EINTR) {
            pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot read: %s", strerror(errno));
            close(fd);
            return NULL;
        }
    }
    size_t ignored;
    if (!len)
        len = &ignored;
    if (have == 2 && head[0] == 0x1f && head[1] == 0x8b) {
        if (lseek(fd, 0, SEEK_SET) == 0)
            return read_gzip(fd, path, limit, len, err);
        pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot read a compressed stream that cannot seek");
        close(fd);
        return NULL;
    }
    return read_plain(fd, path, &st, head, have, limit, len, err);
}

pl_error_code pl_check_text(const char *path, const char *text, size_t len, pl_error *err)
{
    const char *nul = memchr(text, '\0', len);
    if (!nul)
        return PL_OK;
    int line = 1;
    const char *line_start = text;
    for (const char *c = text; c < nul; c++)
        if (*c == '\n') {
            line++;
            line_start = c + 1;
        }
    return pl_error_set(err, PL_ERR_SYNTAX, path, line, (int)(nul - line_start) + 1,
                        "NUL byte: expected a text file");
}
