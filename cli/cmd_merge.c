/* planlens merge PART...: the parts written by a command run with --shard
 * I/N, one per shard, merged into the output one process gives, byte for
 * byte, with its exit code (docs/CLUSTER.md).  The parts may come in any
 * order; every shard 1..N must be there once, complete, from the same
 * command line. */
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "base/sort.h"
#include "cli.h"
#include "merge.h"

typedef struct {
    const char *command, *format; /* NULL: any */
    int (*finish)(FILE *out, const cli_merged *m);
} finisher;

/* Outputs that are more than their units in order. */
static const finisher finishers[] = {
    {"grade", "table", grade_merge_table},
    {"quality", "table", quality_merge_table},
    {"audit", NULL, audit_merge},
    {"report", NULL, report_merge},
};

typedef struct {
    const char *path;
    cJSON **lines; /* every line parsed, owned */
    int nlines;
    const cJSON *header, *end;
    int index;
} part;

int cli_merge_int(const cJSON *o, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    return cJSON_IsNumber(v) ? v->valueint : 0;
}

double cli_merge_double(const cJSON *o, const char *name)
{
    const char *text = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, name));
    return text ? strtod(text, NULL) : 0;
}

int cli_merge_total(const cli_merged *m, const char *name, int i)
{
    int sum = 0;
    for (int p = 0; p < m->nparts; p++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(m->totals[p], name);
        v = cJSON_IsArray(v) ? cJSON_GetArrayItem(v, i) : v;
        sum += cJSON_IsNumber(v) ? v->valueint : 0;
    }
    return sum;
}

static const char *layout_text(const cli_merged *m, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(m->header, "layout"), name);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

int cli_merge_text(FILE *out, const cli_merged *m)
{
    const char *head = layout_text(m, "head"), *sep = layout_text(m, "sep"), *tail = layout_text(m, "tail");
    const char *empty = layout_text(m, "empty");
    if (!m->n && empty) {
        fputs(empty, out);
        return 0;
    }
    fputs(head ? head : "", out);
    for (int i = 0; i < m->n; i++) {
        if (i && sep)
            fputs(sep, out);
        if (cJSON_IsString(m->units[i].data))
            fputs(m->units[i].data->valuestring, out);
    }
    fputs(tail ? tail : "", out);
    return 0;
}

/* Reads and parses a part, line by line; false after printing why. */
static bool read_part(part *p)
{
    pl_error err = PL_ERROR_INIT;
    size_t len;
    char *text = pl_read_file(p->path, &len, &err);
    if (!text) {
        cli_print_error(&err);
        pl_error_clear(&err);
        return false;
    }
    int cap = 0;
    bool ok = true;
    for (char *line = text, *next; ok && line < text + len; line = next) {
        char *nl = memchr(line, '\n', (size_t)(text + len - line));
        next = nl ? nl + 1 : text + len;
        if (nl)
            *nl = '\0';
        if (!*line)
            continue;
        if (p->nlines == cap) {
            cap = cap ? cap * 2 : 1024;
            cJSON **grown = realloc(p->lines, (size_t)cap * sizeof *grown);
            ok = grown != NULL;
            p->lines = grown ? grown : p->lines;
        }
        cJSON *o = ok ? cJSON_Parse(line) : NULL;
        if (ok && !cJSON_IsObject(o)) {
            fprintf(stderr, "planlens: merge: %s:%d: not a JSON object: not a part, or a damaged one\n", p->path,
                    p->nlines + 1);
            ok = false;
        }
        if (o)
            p->lines[p->nlines++] = o;
    }
    free(text);
    return ok;
}

/* The header and end of a part, and its shard; false after printing why. */
static bool check_part(part *p)
{
    p->header = p->nlines ? p->lines[0] : NULL;
    const cJSON *shard = cJSON_GetObjectItemCaseSensitive(p->header, "shard");
    if (!p->header || cli_merge_int(p->header, "planlens_part") != 1 || cJSON_GetArraySize(shard) != 2) {
        fprintf(stderr, "planlens: merge: %s: not a part (a batch command run with --shard I/N writes one)\n",
                p->path);
        return false;
    }
    p->index = cJSON_GetArrayItem(shard, 0)->valueint;
    p->end = cJSON_GetObjectItemCaseSensitive(p->lines[p->nlines - 1], "end");
    if (!cJSON_IsObject(p->end)) {
        fprintf(stderr, "planlens: merge: %s: shard %d ends early (no end record): run it again\n", p->path,
                p->index);
        return false;
    }
    return true;
}

/* Whether b comes from the same command line as a. */
static bool same_run(const part *a, const part *b)
{
    static const char *const members[] = {"command", "format", "args", "layout", "options"};
    for (size_t i = 0; i < sizeof members / sizeof *members; i++)
        if (!cJSON_Compare(cJSON_GetObjectItemCaseSensitive(a->header, members[i]),
                           cJSON_GetObjectItemCaseSensitive(b->header, members[i]), true)) {
            fprintf(stderr, "planlens: merge: %s and %s come from different command lines (%s differs)\n", a->path,
                    b->path, members[i]);
            return false;
        }
    return true;
}

/* Each shard 1..N once; false after printing why. */
static bool check_shards(part *parts, int n)
{
    int count = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(parts[0].header, "shard"), 1)->valueint;
    if (count != n) {
        fprintf(stderr, "planlens: merge: the parts are %d shards of %d: give all %d parts\n", n, count, count);
        return false;
    }
    for (int i = 0; i < n; i++) {
        if (!same_run(&parts[0], &parts[i]))
            return false;
        for (int j = 0; j < i; j++)
            if (parts[i].index == parts[j].index) {
                fprintf(stderr, "planlens: merge: %s and %s are both shard %d/%d\n", parts[j].path, parts[i].path,
                        parts[i].index, count);
                return false;
            }
    }
    return true;
}

static int cmp_unit(const void *a, const void *b)
{
    const cli_merge_unit *x = a, *y = b;
    if (x->order != y->order)
        return x->order < y->order ? -1 : 1;
    return (x->sub > y->sub) - (x->sub < y->sub);
}

/* Every record of every part as a unit, sorted; NULL after printing why. */
static cli_merge_unit *collect_units(const part *parts, int nparts, int *n)
{
    int cap = 0;
    for (int p = 0; p < nparts; p++)
        cap += parts[p].nlines;
    cli_merge_unit *units = malloc(((size_t)cap + 1) * sizeof *units);
    *n = 0;
    for (int p = 0; units && p < nparts; p++)
        for (int l = 1; l + 1 < parts[p].nlines; l++) {
            const cJSON *k = cJSON_GetObjectItemCaseSensitive(parts[p].lines[l], "k");
            const cJSON *data = cJSON_GetObjectItemCaseSensitive(parts[p].lines[l], "t");
            data = data ? data : cJSON_GetObjectItemCaseSensitive(parts[p].lines[l], "r");
            if (cJSON_GetArraySize(k) != 2 || !data) {
                fprintf(stderr, "planlens: merge: %s:%d: not a unit of output\n", parts[p].path, l + 1);
                free(units);
                return NULL;
            }
            units[(*n)++] = (cli_merge_unit){(long long)cJSON_GetArrayItem(k, 0)->valuedouble,
                                             cJSON_GetArrayItem(k, 1)->valueint, data};
        }
    if (!units) {
        fprintf(stderr, "planlens: out of memory\n");
        return NULL;
    }
    pl_sort(units, (size_t)*n, sizeof *units, cmp_unit);
    for (int i = 1; i < *n; i++)
        if (!cmp_unit(&units[i - 1], &units[i])) {
            fprintf(stderr, "planlens: merge: two parts hold the unit at order key [%lld, %d]: shards overlap\n",
                    units[i].order, units[i].sub);
            free(units);
            return NULL;
        }
    return units;
}

static int merge_parts(part *parts, int nparts)
{
    int n, exit = PL_EXIT_OK;
    cli_merge_unit *units = collect_units(parts, nparts, &n);
    const cJSON **totals = calloc((size_t)nparts, sizeof *totals);
    if (!units || !totals) {
        free(units);
        free(totals);
        return PL_EXIT_INPUT;
    }
    for (int p = 0; p < nparts; p++) {
        totals[parts[p].index - 1] = cJSON_GetObjectItemCaseSensitive(parts[p].end, "totals");
        int e = cli_merge_int(parts[p].end, "exit");
        exit = e > exit ? e : exit; /* 3 (input) over 1 (invalid) over 0, as each command ranks them */
    }
    const cJSON *header = parts[0].header;
    const char *command = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(header, "command"));
    cli_merged m = {header, cJSON_GetObjectItemCaseSensitive(header, "options"),
                    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(header, "format")), units, n, totals, nparts};
    int (*finish)(FILE *, const cli_merged *) = cli_merge_text;
    for (size_t i = 0; command && m.format && i < sizeof finishers / sizeof *finishers; i++)
        if (!strcmp(command, finishers[i].command) && (!finishers[i].format || !strcmp(m.format, finishers[i].format)))
            finish = finishers[i].finish;
    if (finish(stdout, &m) < 0) {
        fprintf(stderr, "planlens: out of memory\n");
        exit = PL_EXIT_INPUT;
    }
    free(units);
    free(totals);
    return exit;
}

int cmd_merge(int argc, char **argv)
{
    if (argc < 1)
        return cli_usage_error("merge", "needs PART... (the outputs of a command run with --shard I/N, one per shard)");
    for (int i = 0; i < argc; i++)
        if (argv[i][0] == '-' && argv[i][1])
            return cli_usage_error("merge", "unknown option '%s' (merge takes PART... only)", argv[i]);
    part *parts = calloc((size_t)argc, sizeof *parts);
    if (!parts)
        return PL_EXIT_INPUT;
    bool ok = true;
    for (int i = 0; i < argc && ok; i++) {
        parts[i].path = argv[i];
        ok = read_part(&parts[i]) && check_part(&parts[i]);
    }
    int rc = ok && check_shards(parts, argc) ? merge_parts(parts, argc) : PL_EXIT_INPUT;
    for (int i = 0; i < argc; i++) {
        for (int l = 0; l < parts[i].nlines; l++)
            cJSON_Delete(parts[i].lines[l]);
        free(parts[i].lines);
    }
    free(parts);
    return rc;
}
