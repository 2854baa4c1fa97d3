/* Reading whole input files, gzip-compressed or not. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "pddl.h"

char *pl_read_file(const char *path, size_t *len, pl_error *err)
{
    gzFile f = gzopen(path, "rb"); /* reads plain files transparently too */
    if (!f) {
        pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot open: %s", strerror(errno ? errno : ENOENT));
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
            int zerr;
            const char *msg = gzerror(f, &zerr);
            pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot read: %s", msg);
            free(buf);
            gzclose(f);
            return NULL;
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    gzclose(f);
    if (!buf) {
        pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
        return NULL;
    }
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}
