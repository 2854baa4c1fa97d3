#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
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

/* Length of the valid UTF-8 sequence at s, or 0 when the bytes there are not one. */
static int utf8_length(const unsigned char *s)
{
    int n = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 && s[0] < 0xe0 ? 2 : 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    return n;
}

void cli_put_safe(FILE *out, const char *text)
{
    for (const unsigned char *s = (const unsigned char *)text; *s;) {
        int n = *s < 0x80 ? 1 : utf8_length(s);
        if (n == 0 || (*s < 0x20 && *s != '\t') || *s == 0x7f) {
            fprintf(out, "\\x%02x", *s);
            s++;
        } else {
            fwrite(s, 1, (size_t)n, out);
            s += n;
        }
    }
}

void cli_print_error(const pl_error *err)
{
    char *msg = pl_error_format(err);
    fputs("planlens: ", stderr);
    cli_put_safe(stderr, msg ? msg : "error");
    fputc('\n', stderr);
    free(msg);
}

void cli_print_warnings(pl_diags *w)
{
    for (size_t i = 0; i < w->count; i++) {
        const pl_diag *d = &w->items[i];
        fprintf(stderr, "planlens: warning: ");
        cli_put_safe(stderr, d->file ? d->file : "?");
        if (d->line && d->column)
            fprintf(stderr, ":%d:%d", d->line, d->column);
        else if (d->line)
            fprintf(stderr, ":%d", d->line);
        fputs(": ", stderr);
        cli_put_safe(stderr, d->message);
        fputc('\n', stderr);
    }
    pl_diags_clear(w);
}

bool cli_load_task(const char *domain, const char *problem, pl_loaded_task *out)
{
    pl_error err = PL_ERROR_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    int rc = pl_load_task_files(domain, problem, out, &warnings, &err);
    cli_print_warnings(&warnings);
    if (rc != PL_OK)
        cli_print_error(&err);
    pl_error_clear(&err);
    return rc == PL_OK;
}

static int apply_ground_limit(void)
{
    const char *v = getenv("PLANLENS_MAX_GROUND");
    if (!v || !*v)
        return PL_EXIT_OK;
    char *end;
    long long n = strtoll(v, &end, 10);
    if (*end || n <= 0)
        return cli_usage_error("PLANLENS_MAX_GROUND", "expected a positive number of atoms and actions, got '%s'", v);
    pl_set_max_ground(n);
    return PL_EXIT_OK;
}

int cli_apply_input_limit(void)
{
    if (apply_ground_limit() != PL_EXIT_OK)
        return PL_EXIT_USAGE;
    const char *mb = getenv("PLANLENS_MAX_INPUT_MB");
    if (!mb || !*mb)
        return PL_EXIT_OK;
    char *end;
    unsigned long long v = strtoull(mb, &end, 10);
    if (*end || v == 0 || v > ((size_t)-1 >> 20))
        return cli_usage_error("PLANLENS_MAX_INPUT_MB", "expected a positive number of megabytes, got '%s'", mb);
    pl_set_max_input_bytes((size_t)v << 20);
    return PL_EXIT_OK;
}

int cli_output_flag(const char *cmd, int argc, char **argv, int *i, bool *json)
{
    if (!strcmp(argv[*i], "--json")) {
        *json = true;
        return 1;
    }
    if (strcmp(argv[*i], "--format"))
        return 0;
    if (*i + 1 >= argc || (strcmp(argv[*i + 1], "json") && strcmp(argv[*i + 1], "text")))
    {
        cli_usage_error(cmd, "--format takes text or json");
        return -1;
    }
    *json = !strcmp(argv[++*i], "json");
    return 1;
}


void cli_print_view(const pl_view_model *vm)
{
    for (int i = 0; i < vm->nlines; i++) {
        char *text = pl_vm_line_text(&vm->lines[i]);
        cli_put_safe(stdout, text ? text : "");
        putchar('\n');
        free(text);
    }
}
