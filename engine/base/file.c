/* Reading whole input files, gzip-compressed or not. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
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
        if (n > max_input_bytes) {
            pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "input larger than %zu bytes%s", max_input_bytes,
                         gzdirect(f) ? "" : " once decompressed");
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
    if (len)
        *len = n;
    return buf;
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
