#define _POSIX_C_SOURCE 200809L
/* Atomic file writes (atomic_file.h). */
#include "base/atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The directory part of path ("." when it has none); owned. */
static char *directory_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return pl_strdup(".");
    if (slash == path)
        return pl_strdup("/");
    return pl_strndup(path, (size_t)(slash - path));
}

/* A target that exists and is not a regular file (/dev/stdout, /dev/null, a
 * FIFO the user reads from) is written in place: renaming over it would
 * replace the device's link with a file.  A FIFO without a reader is an
 * error at once, not a hang. */
static FILE *open_in_place(pl_atomic_file *a, const char *path, pl_error *err)
{
    int fd = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY);
    FILE *f = NULL;
    if (fd >= 0) {
        int flags = fcntl(fd, F_GETFL);
        if (flags != -1)
            fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
        f = fdopen(fd, "w");
    }
    if (!f) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot write: %s",
                     e == ENXIO ? "a FIFO (named pipe) with no reader" : strerror(e));
        return NULL;
    }
    a->path = pl_strdup(path);
    a->f = f;
    return f;
}

FILE *pl_atomic_open(pl_atomic_file *a, const char *path, pl_error *err)
{
    *a = (pl_atomic_file){0};
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
        return open_in_place(a, path, err);
    char *dir = directory_of(path);
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    a->path = pl_strdup(path);
    a->tmp = dir ? pl_strdup_printf("%s/.%s.tmp-XXXXXX", dir, base) : NULL;
    free(dir);
    int fd = a->path && a->tmp ? mkstemp(a->tmp) : -1;
    a->f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (a->f)
        return a->f;
    int e = a->tmp ? errno : ENOMEM;
    if (fd >= 0) {
        close(fd);
        unlink(a->tmp);
    }
    pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot write: %s", strerror(e));
    free(a->path);
    free(a->tmp);
    *a = (pl_atomic_file){0};
    return NULL;
}

/* The mode the new file gets: that of the regular file it replaces, else
 * what creating it would have given. */
static mode_t target_mode(const char *path)
{
    struct stat st;
    if (lstat(path, &st) == 0 && S_ISREG(st.st_mode))
        return st.st_mode & 07777;
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

static void sync_directory(const char *path)
{
    char *dir = directory_of(path);
    int dfd = dir ? open(dir, O_RDONLY | O_DIRECTORY) : -1;
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
    free(dir);
}

pl_error_code pl_atomic_close(pl_atomic_file *a, bool ok, pl_error *err)
{
    if (!a->f)
        return pl_error_set(err, PL_ERR_IO, a->path, 0, 0, "cannot write: not open");
    int e = 0;
    if (!a->tmp) { /* written in place: nothing to rename or remove */
        if ((ferror(a->f) || fflush(a->f) != 0) && ok)
            e = errno ? errno : EIO;
        if (fclose(a->f) != 0 && ok && !e)
            e = errno;
        pl_error_code rc = e ? pl_error_set(err, PL_ERR_IO, a->path, 0, 0, "cannot write: %s", strerror(e))
                             : ok ? PL_OK : PL_ERR_IO;
        free(a->path);
        *a = (pl_atomic_file){0};
        return rc;
    }
    if (ok && (ferror(a->f) || fflush(a->f) != 0 || fchmod(fileno(a->f), target_mode(a->path)) != 0 ||
               fsync(fileno(a->f)) != 0))
        e = errno ? errno : EIO;
    if (fclose(a->f) != 0 && ok && !e)
        e = errno;
    if (ok && !e && rename(a->tmp, a->path) != 0)
        e = errno;
    pl_error_code rc = PL_OK;
    if (!ok || e) {
        unlink(a->tmp);
        if (e)
            rc = pl_error_set(err, PL_ERR_IO, a->path, 0, 0, "cannot write: %s", strerror(e));
        else
            rc = PL_ERR_IO; /* the caller refused: it reports why */
    } else {
        sync_directory(a->path);
    }
    free(a->path);
    free(a->tmp);
    *a = (pl_atomic_file){0};
    return rc;
}

pl_error_code pl_write_file_atomic(const char *path, const char *data, size_t len, pl_error *err)
{
    pl_atomic_file a;
    FILE *f = pl_atomic_open(&a, path, err);
    if (!f)
        return PL_ERR_IO;
    bool ok = fwrite(data, 1, len, f) == len;
    if (!ok)
        pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot write: %s", strerror(errno));
    pl_error_code rc = pl_atomic_close(&a, ok, ok ? err : NULL);
    return ok ? rc : PL_ERR_IO;
}
