#define _POSIX_C_SOURCE 200809L
/* Atomic file writes (atomic_file.h). */
#include "base/atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
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

/* How the target is written: in place when it is a character device or a
 * FIFO itself (/dev/null, a FIFO the user reads from) or a name under /dev/
 * (/dev/stdout, /dev/fd/N: the system's links, never planted ones) leading
 * to one; renaming over those would put a file where the device was.  A
 * symlink anywhere else is replaced, never followed.  Other special files
 * (block devices, sockets) are refused. */
typedef enum { WRITE_REPLACE, WRITE_IN_PLACE, WRITE_REFUSED } write_kind;

static write_kind target_kind(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return WRITE_REPLACE;
    if (S_ISLNK(st.st_mode) && (strncmp(path, "/dev/", 5) != 0 || stat(path, &st) != 0))
        return WRITE_REPLACE;
    if (S_ISREG(st.st_mode) || S_ISLNK(st.st_mode) || S_ISDIR(st.st_mode))
        return WRITE_REPLACE; /* a directory: rename reports it */
    return S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode) ? WRITE_IN_PLACE : WRITE_REFUSED;
}

/* A FIFO without a reader is an error at once, not a hang. */
static FILE *open_in_place(pl_atomic_file *a, const char *path, pl_error *err)
{
    int fd = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
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

/* A new file beside the target, created with O_EXCL (never through a link)
 * and mode 0666, so that the kernel applies the umask. */
static int create_temporary(const char *path, char **tmp)
{
    static unsigned counter;
    char *dir = directory_of(path);
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    int fd = -1;
    for (int attempt = 0; dir && attempt < 100; attempt++) {
        struct timespec now;
        clock_gettime(CLOCK_REALTIME, &now);
        free(*tmp);
        *tmp = pl_strdup_printf("%s/.%.200s.tmp-%ld-%lx", dir, base, (long)getpid(),
                                (unsigned long)now.tv_nsec ^ ((unsigned long)++counter << 20));
        if (!*tmp)
            break;
        fd = open(*tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST)
            break;
    }
    if (!dir)
        errno = ENOMEM;
    free(dir);
    return fd;
}

FILE *pl_atomic_open(pl_atomic_file *a, const char *path, pl_error *err)
{
    *a = (pl_atomic_file){0};
    write_kind kind = target_kind(path);
    if (kind == WRITE_IN_PLACE)
        return open_in_place(a, path, err);
    if (kind == WRITE_REFUSED) {
        pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot write: not a regular file, a character device or a FIFO");
        return NULL;
    }
    a->path = pl_strdup(path);
    int fd = a->path ? create_temporary(path, &a->tmp) : -1;
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

/* The regular file being replaced keeps its mode (the new one has what
 * creating it gave, the umask applied). */
static int keep_mode(int fd, const char *path)
{
    struct stat st;
    if (lstat(path, &st) == 0 && S_ISREG(st.st_mode))
        return fchmod(fd, st.st_mode & 07777);
    return 0;
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
        if (ok && ferror(a->f))
            e = EIO;
        else if (ok && fflush(a->f) != 0)
            e = errno;
        if (fclose(a->f) != 0 && ok && !e)
            e = errno;
        pl_error_code rc = e ? pl_error_set(err, PL_ERR_IO, a->path, 0, 0, "cannot write: %s", strerror(e))
                             : ok ? PL_OK : PL_ERR_IO;
        free(a->path);
        *a = (pl_atomic_file){0};
        return rc;
    }
    if (ok && ferror(a->f))
        e = EIO; /* a write failed earlier: errno is long gone */
    else if (ok && (fflush(a->f) != 0 || keep_mode(fileno(a->f), a->path) != 0 || fsync(fileno(a->f)) != 0))
        e = errno;
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
