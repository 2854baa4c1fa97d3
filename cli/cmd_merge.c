/* planlens merge [--output FILE] PART...: the parts written by a command
 * run with --shard I/N, one per shard, merged into the output one process
 * gives, byte for byte, with its exit code (docs/CLUSTER.md).  The parts may
 * come in any order; every shard 1..N must be there once, complete, from the
 * same command line over the same inputs (their SHA-256).  A refused merge
 * names every part at fault and every missing shard, and writes nothing. */
#include <cjson/cJSON.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/atomic_file.h"
#include "base/file.h"
#include "base/safe_text.h"
#include "base/sort.h"
#include "cli.h"
#include "merge.h"
#include "shard.h"

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
    const cJSON *header, *end, *inputs;
    int index, count; /* shard index of count */
} part;

/* "planlens: merge: PART: " and the message; the part's name is a file
 * name, shown safe. */
static void say(const part *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(const part *p, const char *fmt, ...)
{
    fputs("planlens: merge: ", stderr);
    cli_put_safe(stderr, p->path);
    fputs(": ", stderr);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
}

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

/* A part's text as the output: planlens wrote it safe, but a part is a file
 * anyone may have edited, so it is made safe again (a no-op on safe text;
 * tabs kept: gen's formatted JSON is indented with them). */
static void put_lines(FILE *out, const char *text)
{
    unsigned flags = PL_SAFE_LINES | PL_SAFE_TABS;
    if (!text || pl_text_is_safe(text, strlen(text), flags)) {
        fputs(text ? text : "", out);
        return;
    }
    char *safe = pl_safe_text(text, flags);
    fputs(safe ? safe : "", out);
    free(safe);
}

int cli_merge_text(FILE *out, const cli_merged *m)
{
    const char *head = layout_text(m, "head"), *sep = layout_text(m, "sep"), *tail = layout_text(m, "tail");
    const char *empty = layout_text(m, "empty");
    if (!m->n && empty) {
        put_lines(out, empty);
        return 0;
    }
    put_lines(out, head);
    for (int i = 0; i < m->n; i++) {
        if (i && sep)
            put_lines(out, sep);
        if (cJSON_IsString(m->units[i].data))
            put_lines(out, m->units[i].data->valuestring);
    }
    put_lines(out, tail);
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
            say(p, "line %d: not a JSON object: not a part, or a damaged one\n", p->nlines + 1);
            ok = false;
        }
        if (o)
            p->lines[p->nlines++] = o;
    }
    free(text);
    return ok;
}

/* The header and end of a part, its shard, and that it holds as many units
 * as it says; false after printing why. */
static bool check_part(part *p)
{
    p->header = p->nlines ? p->lines[0] : NULL;
    const cJSON *shard = cJSON_GetObjectItemCaseSensitive(p->header, "shard");
    int version = cli_merge_int(p->header, "planlens_part");
    if (version == 1) {
        say(p, "a part of an older planlens, which did not record its inputs: run its shard again\n");
        return false;
    }
    p->inputs = cJSON_GetObjectItemCaseSensitive(p->header, "inputs");
    p->index = cJSON_GetArraySize(shard) == 2 ? cJSON_GetArrayItem(shard, 0)->valueint : 0;
    p->count = cJSON_GetArraySize(shard) == 2 ? cJSON_GetArrayItem(shard, 1)->valueint : 0;
    if (version != CLI_PART_VERSION || p->index < 1 || p->index > p->count || p->count > CLI_MAX_SHARDS ||
        !cJSON_IsArray(p->inputs)) {
        say(p, "not a part (a batch command run with --shard I/N writes one)\n");
        return false;
    }
    p->end = cJSON_GetObjectItemCaseSensitive(p->lines[p->nlines - 1], "end");
    if (!cJSON_IsObject(p->end)) {
        say(p, "shard %d ends early (no end record): run it again\n", p->index);
        return false;
    }
    int units = cli_merge_int(p->end, "units");
    if (units != p->nlines - 2) {
        say(p, "shard %d holds %d units of output, its end record says %d: the part was cut or edited; run it "
               "again\n",
            p->index, p->nlines - 2, units);
        return false;
    }
    return true;
}

static bool same_count(const part *a, const part *b)
{
    return a->count == b->count;
}

static bool same_inputs(const part *a, const part *b)
{
    return a->count == b->count && cJSON_Compare(a->inputs, b->inputs, true);
}

/* Of the parts like `like` in their count (all when NULL), the one most
 * agree with on `same` (the first of them on a tie): the reference the
 * others are checked against.  Each part is compared with one part of each
 * kind met so far, rarely more than one or two.  NULL when out of memory. */
static const part *majority(const part *parts, int n, const part *like, bool (*same)(const part *, const part *))
{
    int *reps = malloc((size_t)n * sizeof *reps), *votes = calloc((size_t)n, sizeof *votes), nreps = 0, best = -1;
    for (int i = 0; reps && votes && i < n; i++) {
        if (like && parts[i].count != like->count)
            continue;
        int r = 0;
        while (r < nreps && !same(&parts[reps[r]], &parts[i]))
            r++;
        if (r == nreps)
            reps[nreps++] = i;
        if (++votes[r] > (best < 0 ? 0 : votes[best]))
            best = r;
    }
    const part *ref = reps && votes && best >= 0 ? &parts[reps[best]] : NULL;
    free(reps);
    free(votes);
    return ref;
}

/* Whether b comes from the same command line as a; if not, says so. */
static bool same_run(const part *a, const part *b)
{
    static const char *const members[] = {"command", "format", "args", "layout", "options"};
    for (size_t i = 0; i < sizeof members / sizeof *members; i++)
        if (!cJSON_Compare(cJSON_GetObjectItemCaseSensitive(a->header, members[i]),
                           cJSON_GetObjectItemCaseSensitive(b->header, members[i]), true)) {
            say(b, "comes from a different command line than ");
            cli_put_safe(stderr, a->path);
            fprintf(stderr, " (%s differs)\n", members[i]);
            return false;
        }
    return true;
}

static const char *input_path(const cJSON *in)
{
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(in, "path"));
}

/* The input of `inputs` read from path, or NULL: *hint first (two parts of
 * one command line list their inputs in the same order), else a search;
 * *hint moves past it. */
static const cJSON *input_at(const cJSON *inputs, const char *path, const cJSON **hint)
{
    const cJSON *in = *hint;
    if (!in || !input_path(in) || strcmp(input_path(in), path)) {
        cJSON_ArrayForEach(in, inputs)
        if (input_path(in) && !strcmp(input_path(in), path))
            break;
    }
    if (in)
        *hint = in->next;
    return in;
}

/* An input's digest for a message: its first 12 hex digits, or why it
 * could not be read. */
static void put_digest(const cJSON *in)
{
    const char *sha = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(in, "sha256"));
    const char *error = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(in, "error"));
    if (sha)
        fprintf(stderr, "sha256 %.12s...", sha);
    else
        cli_put_safe(stderr, error ? error : "no digest");
}

enum { MAX_NAMED_INPUTS = 8 }; /* a folder of changed files: the first few, then how many more */

/* "PART: input 'PATH'" opening a message, unless enough were named. */
static bool say_input(const part *p, const char *path, int *named)
{
    if ((*named)++ >= MAX_NAMED_INPUTS)
        return false;
    say(p, "input '");
    cli_put_safe(stderr, path);
    return true;
}

/* Names the inputs on which p differs from ref. */
static void say_inputs_differ(const part *p, const part *ref)
{
    int named = 0;
    const cJSON *in, *hint = ref->inputs->child;
    cJSON_ArrayForEach(in, p->inputs)
    {
        const char *path = input_path(in);
        const cJSON *other = path ? input_at(ref->inputs, path, &hint) : NULL;
        if (!path || (other && cJSON_Compare(in, other, true)) || !say_input(p, path, &named))
            continue;
        if (!other) {
            fputs("' was read by this shard only, not by ", stderr);
        } else {
            fputs("' differs: ", stderr);
            put_digest(in);
            fputs(" here, ", stderr);
            put_digest(other);
            fputs(" in ", stderr);
        }
        cli_put_safe(stderr, ref->path);
        fprintf(stderr, ": the part was made from another version of the inputs; run shard %d again\n", p->index);
    }
    hint = p->inputs->child;
    cJSON_ArrayForEach(in, ref->inputs)
    {
        const char *path = input_path(in);
        if (!path || input_at(p->inputs, path, &hint) || !say_input(p, path, &named))
            continue;
        fputs("', read by ", stderr);
        cli_put_safe(stderr, ref->path);
        fprintf(stderr, ", was not there when this part was made: run shard %d again\n", p->index);
    }
    if (named > MAX_NAMED_INPUTS)
        say(p, "and %d more inputs differ\n", named - MAX_NAMED_INPUTS);
    if (!named) /* entries without a path: a damaged list */
        say(p, "its list of inputs is not that of the other parts: run shard %d again\n", p->index);
}

/* Names every shard of 1..count that no part holds, as ranges. */
static bool say_missing(const part *parts, int n, int count)
{
    char *seen = calloc((size_t)count + 1, 1);
    if (!seen) {
        fprintf(stderr, "planlens: out of memory\n");
        return false;
    }
    for (int i = 0; i < n; i++)
        if (parts[i].count == count)
            seen[parts[i].index] = 1;
    int missing = 0;
    for (int s = 1; s <= count; s++)
        missing += !seen[s];
    if (missing) {
        fprintf(stderr, "planlens: merge: %s ", missing == 1 ? "shard" : "shards");
        const char *comma = "";
        for (int s = 1; s <= count; s++) {
            if (seen[s] || (s > 1 && !seen[s - 1]))
                continue;
            int last = s;
            while (last < count && !seen[last + 1])
                last++;
            fprintf(stderr, last > s ? "%s%d-%d" : "%s%d", comma, s, last);
            comma = ", ";
        }
        fprintf(stderr, " of %d %s missing: give %s part%s, or run %s again\n", count, missing == 1 ? "is" : "are",
                missing == 1 ? "its" : "their", missing == 1 ? "" : "s", missing == 1 ? "it" : "them");
    }
    free(seen);
    return !missing;
}

/* Every part a shard of the same count, of the same command line over the
 * same inputs, each shard 1..N once; false after naming every part at fault
 * and every missing shard. */
static bool check_shards(part *parts, int n)
{
    bool ok = true;
    const part *counted = majority(parts, n, NULL, same_count);
    const part *ref = counted ? majority(parts, n, counted, same_inputs) : NULL;
    if (!ref) {
        fprintf(stderr, "planlens: out of memory\n");
        return false;
    }
    for (int i = 0; i < n; i++) {
        part *p = &parts[i];
        if (p->count != ref->count) {
            say(p, "is shard %d of %d, the other parts shards of %d: it comes from another run\n", p->index,
                p->count, ref->count);
            ok = false;
            continue;
        }
        if (p != ref && !same_run(ref, p)) {
            ok = false;
            continue;
        }
        if (!cJSON_Compare(p->inputs, ref->inputs, true)) {
            say_inputs_differ(p, ref);
            ok = false;
        }
        for (int j = 0; j < i; j++)
            if (parts[j].count == p->count && parts[j].index == p->index) {
                say(p, "is shard %d of %d, as ", p->index, p->count);
                cli_put_safe(stderr, parts[j].path);
                fputs(" is: give each shard once\n", stderr);
                ok = false;
            }
    }
    return say_missing(parts, n, ref->count) && ok;
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
                fprintf(stderr, "planlens: merge: %s:%d: not a unit of output\n", cli_text(parts[p].path), l + 1);
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

/* The output, to stdout or written whole to `output` (a temporary file
 * renamed over it: nothing when it fails, a symlink there replaced, not
 * followed).  The exit code one process gives. */
static int merge_parts(part *parts, int nparts, const char *output)
{
    int n, exit = PL_EXIT_OK;
    cli_merge_unit *units = collect_units(parts, nparts, &n);
    const cJSON **totals = calloc((size_t)nparts, sizeof *totals);
    pl_error err = PL_ERROR_INIT;
    pl_atomic_file file;
    FILE *out = units && totals ? (output ? pl_atomic_open(&file, output, &err) : stdout) : NULL;
    if (!out) {
        if (units && totals)
            cli_print_error(&err);
        else if (units)
            fprintf(stderr, "planlens: out of memory\n");
        pl_error_clear(&err);
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
    bool written = finish(out, &m) == 0;
    if (!written)
        fprintf(stderr, "planlens: out of memory\n");
    if (output && pl_atomic_close(&file, written, &err) != PL_OK && written) {
        cli_print_error(&err);
        written = false;
    }
    pl_error_clear(&err);
    free(units);
    free(totals);
    return written ? exit : PL_EXIT_INPUT;
}

/* --output FILE, --output=FILE or -o FILE among argv, taken out of it. */
static int take_output(int *argc, char **argv, const char **output)
{
    int kept = 0;
    for (int i = 0; i < *argc; i++) {
        const char *value = NULL;
        if (!strcmp(argv[i], "--output") || !strcmp(argv[i], "-o")) {
            if (i + 1 == *argc)
                return cli_usage_error("merge", "%s needs a FILE", argv[i]);
            value = argv[++i];
        } else if (!strncmp(argv[i], "--output=", 9)) {
            value = argv[i] + 9;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return cli_usage_error("merge", "unknown option '%s' (merge takes [--output FILE] PART...)", argv[i]);
        } else {
            argv[kept++] = argv[i];
            continue;
        }
        if (*output)
            return cli_usage_error("merge", "--output given twice");
        if (!*value)
            return cli_usage_error("merge", "--output needs a FILE");
        *output = value;
    }
    *argc = kept;
    return PL_EXIT_OK;
}

int cmd_merge(int argc, char **argv)
{
    const char *output = NULL;
    if (take_output(&argc, argv, &output) != PL_EXIT_OK)
        return PL_EXIT_USAGE;
    if (argc < 1)
        return cli_usage_error("merge", "needs PART... (the outputs of a command run with --shard I/N, one per shard)");
    part *parts = calloc((size_t)argc, sizeof *parts);
    if (!parts)
        return PL_EXIT_INPUT;
    bool ok = true;
    for (int i = 0; i < argc; i++) { /* every part read, so that every bad one is named */
        parts[i].path = argv[i];
        ok &= read_part(&parts[i]) && check_part(&parts[i]);
    }
    int rc = ok && check_shards(parts, argc) ? merge_parts(parts, argc, output) : PL_EXIT_INPUT;
    for (int i = 0; i < argc; i++) {
        for (int l = 0; l < parts[i].nlines; l++)
            cJSON_Delete(parts[i].lines[l]);
        free(parts[i].lines);
    }
    free(parts);
    return rc;
}
