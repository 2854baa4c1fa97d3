/* The first line of a file (plain or gzip), read to tell the formats of
 * case, verdict and question files apart before loading them. */
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "workspace/internal.h"

#define PEEK_BYTES 65536

char *ws_first_line(const char *path)
{
    gzFile f = gzopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = malloc(PEEK_BYTES + 1);
    int n = buf ? gzread(f, buf, PEEK_BYTES) : -1;
    gzclose(f);
    if (n <= 0) {
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    buf[strcspn(buf, "\n")] = '\0';
    return buf;
}
