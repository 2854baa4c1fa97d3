/* --shard I/N and the parts the shards write (shard.h). */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "shard.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

struct cli_part {
    FILE *out;
    long long units; /* written so far: the end record says how many */
};

/* "I/N" with 1 <= I <= N <= CLI_MAX_SHARDS, plain decimal digits only. */
static bool parse_value(const char *v, cli_shard *s)
{
    char *slash, *end;
    if (!v || *v < '0' || *v > '9')
        return false;
    errno = 0;
    long i = strtol(v, &slash, 10);
    if (*slash != '/' || slash[1] < '0' || slash[1] > '9')
        return false;
    long n = strtol(slash + 1, &end, 10);
    if (*end || errno || n < 1 || n > CLI_MAX_SHARDS || i < 1 || i > n)
        return false;
    *s = (cli_shard){true, (int)i, (int)n};
    return true;
}

int cli_shard_take(const char *cmd, int *argc, char **argv, cli_shard *s)
{
    *s = (cli_shard){false, 1, 1};
    int kept = 0;
    for (int i = 0; i < *argc; i++) {
        const char *value = NULL;
        if (!strcmp(argv[i], "--shard")) {
            if (i + 1 == *argc)
                return cli_usage_error(cmd, "--shard needs a value I/N (this is part I of N, 1 <= I <= N)");
            value = argv[++i];
        } else if (!strncmp(argv[i], "--shard=", 8)) {
            value = argv[i] + 8;
        } else {
            argv[kept++] = argv[i];
            continue;
        }
        if (s->on)
            return cli_usage_error(cmd, "--shard given twice");
        if (!parse_value(value, s))
            return cli_usage_error(cmd, "--shard takes I/N, part I of N with 1 <= I <= N <= %d, not '%s'",
                                   CLI_MAX_SHARDS, value);
    }
    *argc = kept;
    argv[kept] = NULL;
    return PL_EXIT_OK;
}

bool cli_shard_owns(const cli_shard *s, const char *a, const char *b)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (const char *c = a ? a : ""; *c; c++)
        h = (h ^ (unsigned char)*c) * UINT64_C(0x100000001b3);
    h = (h ^ 0x1fu) * UINT64_C(0x100000001b3);
    for (const char *c = b ? b : ""; *c; c++)
        h = (h ^ (unsigned char)*c) * UINT64_C(0x100000001b3);
    return h % (uint64_t)s->count == (uint64_t)(s->index - 1);
}

static void put_line(FILE *out, cJSON *o)
{
    char *s = o ? cJSON_PrintUnformatted(o) : NULL;
    if (s)
        fprintf(out, "%s\n", s);
    else
        fputs("{\"error\":\"out of memory\"}\n", out); /* merge refuses the part */
    free(s);
    cJSON_Delete(o);
}

static void add_text(cJSON *o, const char *name, const char *text)
{
    cJSON_AddItemToObject(o, name, text ? cJSON_CreateString(text) : cJSON_CreateNull());
}

cli_part *cli_part_begin(FILE *out, const char *cmd, const cli_shard *s, const char *format, int argc,
                         char **argv, const cli_part_layout *layout, cJSON *options)
{
    cli_part *p = malloc(sizeof *p);
    cJSON *h = cJSON_CreateObject(), *args = cJSON_CreateArray(), *lay = cJSON_CreateObject();
    if (!p || !h || !args || !lay) {
        free(p);
        cJSON_Delete(h);
        cJSON_Delete(args);
        cJSON_Delete(lay);
        cJSON_Delete(options);
        return NULL;
    }
    *p = (cli_part){out, 0};
    cJSON_AddNumberToObject(h, "planlens_part", CLI_PART_VERSION);
    cJSON_AddStringToObject(h, "command", cmd);
    cJSON *shard = cJSON_AddArrayToObject(h, "shard");
    cJSON_AddItemToArray(shard, cJSON_CreateNumber(s->index));
    cJSON_AddItemToArray(shard, cJSON_CreateNumber(s->count));
    cJSON_AddStringToObject(h, "format", format);
    for (int i = 0; i < argc; i++)
        cJSON_AddItemToArray(args, cJSON_CreateString(argv[i]));
    cJSON_AddItemToObject(h, "args", args);
    add_text(lay, "head", layout ? layout->head : "");
    add_text(lay, "sep", layout ? layout->sep : "");
    add_text(lay, "tail", layout ? layout->tail : "");
    add_text(lay, "empty", layout ? layout->empty : NULL);
    cJSON_AddItemToObject(h, "layout", lay);
    cJSON_AddItemToObject(h, "options", options ? options : cJSON_CreateObject());
    cJSON_AddItemToObject(h, "inputs", cli_part_inputs(argc, argv));
    put_line(out, h);
    return p;
}

static cJSON *record(long long order, int sub)
{
    cJSON *o = cJSON_CreateObject(), *k = cJSON_AddArrayToObject(o, "k");
    cJSON_AddItemToArray(k, cJSON_CreateNumber((double)order));
    cJSON_AddItemToArray(k, cJSON_CreateNumber(sub));
    return o;
}

void cli_part_text(cli_part *p, long long order, int sub, const char *text)
{
    if (!p)
        return;
    cJSON *o = record(order, sub);
    add_text(o, "t", text);
    put_line(p->out, o);
    p->units++;
}

void cli_part_row(cli_part *p, long long order, int sub, cJSON *row)
{
    if (!p) {
        cJSON_Delete(row);
        return;
    }
    cJSON *o = record(order, sub);
    cJSON_AddItemToObject(o, "r", row ? row : cJSON_CreateNull());
    put_line(p->out, o);
    p->units++;
}

int cli_part_end(cli_part *p, int exit, cJSON *totals)
{
    if (!p) { /* cli_part_begin failed: no part */
        cJSON_Delete(totals);
        fprintf(stderr, "planlens: out of memory\n");
        return PL_EXIT_INPUT;
    }
    cJSON *o = cJSON_CreateObject(), *end = cJSON_AddObjectToObject(o, "end");
    cJSON_AddNumberToObject(end, "exit", exit);
    cJSON_AddNumberToObject(end, "units", (double)p->units);
    cJSON_AddItemToObject(end, "totals", totals ? totals : cJSON_CreateObject());
    put_line(p->out, o);
    fflush(p->out);
    free(p);
    return exit;
}

void cli_part_add_double(cJSON *o, const char *name, double v)
{
    char text[40];
    snprintf(text, sizeof text, "%.17g", v);
    cJSON_AddStringToObject(o, name, text);
}

char *cli_capture(void (*print)(FILE *f, const void *ctx), const void *ctx, bool chomp)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return NULL;
    print(m, ctx);
    if (fclose(m) != 0) {
        free(buf);
        return NULL;
    }
    if (chomp && len && buf[len - 1] == '\n')
        buf[len - 1] = '\0';
    return buf;
}
