/* Confining a path from data under a root: a check by text first (`..`,
 * absolute paths), then by realpath(3) for the symbolic links on the way. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/path.h"

/* path (made absolute against the working directory) with ".", ".." and
 * repeated slashes resolved by text alone: "/a/b", or "/". */
static char *lexical_absolute(const char *path)
{
    char cwd[PATH_MAX];
    char *full = path[0] == '/' ? pl_strdup(path)
                 : getcwd(cwd, sizeof cwd) ? pl_strdup_printf("%s/%s", cwd, path)
                                            : NULL;
    char *out = full ? malloc(strlen(full) + 2) : NULL;
    if (!out) {
        free(full);
        return NULL;
    }
    size_t n = 0;
    for (char *save = NULL, *part = strtok_r(full, "/", &save); part; part = strtok_r(NULL, "/", &save)) {
        if (!strcmp(part, "."))
            continue;
        if (!strcmp(part, "..")) {
            while (n > 0 && out[--n] != '/')
                ;
            continue;
        }
        out[n++] = '/';
        size_t k = strlen(part);
        memcpy(out + n, part, k);
        n += k;
    }
    if (n == 0)
        out[n++] = '/';
    out[n] = '\0';
    free(full);
    return out;
}

/* Whether path is root or below it, on a path-component boundary:
 * "/data/runs2" is not under "/data/runs". */
static bool is_under(const char *path, const char *root)
{
    size_t n = strlen(root);
    if (n == 1 && root[0] == '/')
        return path[0] == '/';
    return !strncmp(path, root, n) && (path[n] == '\0' || path[n] == '/');
}

char *pl_path_join_confined(const char *root, const char *relative, pl_error *err)
{
    if (!relative || !*relative) {
        pl_error_set(err, PL_ERR_IO, NULL, 0, 0, "cannot open: an empty path");
        return NULL;
    }
    size_t n = strlen(root);
    char *joined = relative[0] == '/' ? pl_strdup(relative)
                                      : pl_strdup_printf("%s%s%s", root, n && root[n - 1] == '/' ? "" : "/", relative);
    char *real_root = realpath(root, NULL);
    int root_errno = errno;
    char *text = joined ? lexical_absolute(joined) : NULL, *text_root = lexical_absolute(root);
    char *real = NULL;
    if (!joined || !text || !text_root) {
        pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0, "out of memory");
    } else if (!real_root) {
        pl_error_set(err, PL_ERR_IO, root, 0, 0, "cannot open the root directory: %s", strerror(root_errno));
    } else if (!is_under(text, text_root) && !is_under(text, real_root)) {
        pl_error_set(err, PL_ERR_IO, NULL, 0, 0, "cannot open '%s': outside the directory %s", relative, root);
    } else if (!(real = realpath(joined, NULL))) {
        pl_error_set(err, PL_ERR_IO, NULL, 0, 0, "cannot open '%s': %s", relative, strerror(errno));
    } else if (!is_under(real, real_root)) {
        pl_error_set(err, PL_ERR_IO, NULL, 0, 0, "cannot open '%s': a symbolic link leads outside the directory %s", relative,
                     root);
    } else {
        free(real);
        free(text);
        free(text_root);
        free(real_root);
        return joined;
    }
    free(real);
    free(text);
    free(text_root);
    free(real_root);
    free(joined);
    return NULL;
}
