#include <cjson/cJSON.h>
#include <stdarg.h>
#include <stdlib.h>

#include "cli.h"

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "planlens: %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\nTry 'planlens --help'.\n");
    va_end(ap);
    return PL_EXIT_USAGE;
}

void cli_print_error(const pl_error *err)
{
    char *msg = pl_error_format(err);
    fprintf(stderr, "planlens: %s\n", msg ? msg : "error");
    free(msg);
}

bool cli_load_task(const char *domain, const char *problem, pl_loaded_task *out)
{
    pl_error err = PL_ERROR_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    int rc = pl_load_task_files(domain, problem, out, &warnings, &err);
    for (size_t i = 0; i < warnings.count; i++) {
        const pl_diag *w = &warnings.items[i];
        fprintf(stderr, "planlens: warning: %s:%d:%d: %s\n", w->file, w->line, w->column, w->message);
    }
    pl_diags_clear(&warnings);
    if (rc != PL_OK)
        cli_print_error(&err);
    pl_error_clear(&err);
    return rc == PL_OK;
}

void cli_print_json(cJSON *j)
{
    char *s = cJSON_PrintUnformatted(j);
    if (s)
        puts(s);
    free(s);
    cJSON_Delete(j);
}
