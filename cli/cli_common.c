#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/atomic_file.h"
#include "base/file.h"
#include "base/safe_text.h"
#include "cli.h"
#include "csv_out.h"

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

/* A few sanitized texts stay alive at once: enough for the arguments of one
 * printf (the CLI prints on one thread). */
enum { CLI_TEXT_SLOTS = 16 };
static char *text_slots[CLI_TEXT_SLOTS];
static unsigned next_text_slot;

const char *cli_text(const char *text)
{
    if (!text || pl_text_is_safe(text, strlen(text), 0))
        return text;
    unsigned k = next_text_slot++ % CLI_TEXT_SLOTS;
    free(text_slots[k]);
    text_slots[k] = pl_safe_text(text, 0);
    return text_slots[k] ? text_slots[k] : "?";
}

void cli_text_release(void)
{
    for (int k = 0; k < CLI_TEXT_SLOTS; k++) {
        free(text_slots[k]);
        text_slots[k] = NULL;
    }
}

void cli_put_safe(FILE *out, const char *text)
{
    fputs(cli_text(text), out);
}

/* Process-wide: the shard writers call the CSV printers with the signature
 * the merge knows, and the charts' CSV (views/chart_svg.c) follows it too. */
bool cli_csv_raw_option(const char *arg)
{
    if (strcmp(arg, "--csv-raw"))
        return false;
    pl_csv_set_raw(true);
    return true;
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

/* The charts at PATH.svg and their data at PATH.csv, each written beside its
 * target and renamed: a symlink there is replaced, never followed, and a
 * failed run leaves both files as they were (base/atomic_file.h). */
int cli_write_chart_files(const char *cmd, const char *output, cli_chart_writer write, const void *ctx)
{
    size_t len = strlen(output), stem = len > 4 && !strcmp(output + len - 4, ".svg") ? len - 4 : len;
    char *svg_path = pl_strdup_printf("%.*s.svg", (int)stem, output);
    char *csv_path = pl_strdup_printf("%.*s.csv", (int)stem, output);
    pl_atomic_file svg_file, csv_file;
    pl_error err = PL_ERROR_INIT;
    FILE *svg = svg_path ? pl_atomic_open(&svg_file, svg_path, &err) : NULL;
    FILE *csv = svg && csv_path ? pl_atomic_open(&csv_file, csv_path, &err) : NULL;
    bool ok = svg && csv && write(svg, csv, ctx) == 0;
    /* the SVG is renamed only when the CSV is complete too */
    if (csv && pl_atomic_close(&csv_file, ok, &err) != PL_OK)
        ok = false;
    if (svg && pl_atomic_close(&svg_file, ok, ok ? &err : NULL) != PL_OK)
        ok = false;
    if (ok) {
        fprintf(stderr, "planlens: %s: wrote %s and %s\n", cmd, cli_text(svg_path), cli_text(csv_path));
    } else if (err.code != PL_OK) {
        cli_print_error(&err);
    } else {
        fprintf(stderr, "planlens: %s: cannot write %s and %s\n", cmd, cli_text(svg_path ? svg_path : output),
                cli_text(csv_path ? csv_path : output));
    }
    pl_error_clear(&err);
    free(svg_path);
    free(csv_path);
    return ok ? PL_EXIT_OK : PL_EXIT_INPUT;
}
