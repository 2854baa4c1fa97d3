#define _POSIX_C_SOURCE 200809L
#include "base/resources.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/error.h"

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The directory of the running executable, into buf; 0 when unknown. */
static int executable_dir(char *buf, size_t cap)
{
    ssize_t n = readlink("/proc/self/exe", buf, cap - 1);
    char *slash = n > 0 ? (buf[n] = '\0', strrchr(buf, '/')) : NULL;
    if (!slash)
        return 0;
    *slash = '\0';
    return 1;
}

char *pl_resource_dir(const char *name)
{
    char *path = pl_strdup_printf("%s/%s", PLANLENS_SOURCE_DIR, name);
    if (path && is_dir(path))
        return path;
    free(path);
    char exe[4096];
    if (!executable_dir(exe, sizeof exe))
        return NULL;
    const char *const beside[] = {"%s/%s", "%s/../share/planlens/%s"};
    for (size_t i = 0; i < sizeof beside / sizeof *beside; i++) {
        path = pl_strdup_printf(beside[i], exe, name);
        if (path && is_dir(path))
            return path;
        free(path);
    }
    return NULL;
}

char *pl_beside_executable(const char *relative)
{
    char exe[4096];
    return executable_dir(exe, sizeof exe) ? pl_strdup_printf("%s/%s", exe, relative) : NULL;
}
