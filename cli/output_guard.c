#define _POSIX_C_SOURCE 200809L /* lstat */
/* Refusing to overwrite an output file without --force (output_guard.h). */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "output_guard.h"

bool cli_force_option(const char *arg)
{
    return !strcmp(arg, "--force");
}

int cli_output_guard(const char *cmd, const char *const *paths, int n, bool force)
{
    const char *there[2] = {NULL, NULL}; /* the first two in the way: enough to say */
    int count = 0;
    for (int i = 0; !force && i < n; i++) {
        struct stat st;
        if (paths[i] && lstat(paths[i], &st) == 0 && count++ < 2) /* lstat: a symbolic link would be replaced too */
            there[count - 1] = paths[i];
    }
    if (count == 0)
        return PL_EXIT_OK;
    if (count == 1)
        return cli_usage_error(cmd, "%s exists: nothing written (--force replaces it)", cli_text(there[0]));
    return cli_usage_error(cmd, "%s and %s%s exist: nothing written (--force replaces them)", cli_text(there[0]),
                           cli_text(there[1]), count > 2 ? " (and more)" : "");
}

int cli_chart_output_guard(const char *cmd, const char *output, bool force)
{
    size_t len = strlen(output), stem = len > 4 && !strcmp(output + len - 4, ".svg") ? len - 4 : len;
    char *svg = pl_strdup_printf("%.*s.svg", (int)stem, output);
    char *csv = pl_strdup_printf("%.*s.csv", (int)stem, output);
    const char *paths[2] = {svg, csv};
    int rc = svg && csv ? cli_output_guard(cmd, paths, 2, force) : cli_usage_error(cmd, "out of memory");
    free(svg);
    free(csv);
    return rc;
}
