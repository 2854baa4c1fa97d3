/* planlens diff-verdicts A B: two verdict files answer by answer — `grade
 * --format jsonl|json|csv` output, or a grader's own per-answer verdicts
 * such as the conformance set's verdicts.jsonl ({"id", "group", "parsed",
 * "score", "path"}, line N answering line N of its responses).
 *
 * Answers are matched by `key` when every row of both files has one, else
 * by the identity fields both files have (model, group, id, sample_id,
 * epoch); rows with the same identity pair up in file order (a verdicts
 * file repeats (group, id) for every response to a question).  The table
 * counts answers per group and per rule (official_rule when a row has
 * one, else the deciding paths "A -> B"), then lists every answer whose
 * verdict differs or that only one file has.  Exit 0 when none differs, 1
 * when some do, 2 usage, 3 a file that cannot be read. */
#define _POSIX_C_SOURCE 200809L
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "base/json.h"
#include "cli.h"
#include "csv_out.h"

enum { F_KEY, F_MODEL, F_GROUP, F_ID, F_SAMPLE, F_EPOCH, F_RULE, F_PATH, NFIELDS };
static const char *const field_names[NFIELDS] = {"key", "model", "group", "id", "sample_id", "epoch", "official_rule", "path"};

typedef struct {
    char *f[NFIELDS]; /* NULL when the row has no such field */
    int score;        /* -1: no verdict (null, or missing) */
    int line;         /* 1-based row (JSONL: line; JSON: element; CSV: data row) */
    char *identity;   /* what it is matched on, with its occurrence */
    int match;        /* the row of the other file, or -1 */
} verdict_row;

typedef struct {
    const char *path;
    verdict_row *rows;
    int n, cap;
    bool has[NFIELDS], has_score;
} verdict_file;

static void file_free(verdict_file *v)
{
    for (int i = 0; i < v->n; i++) {
        for (int k = 0; k < NFIELDS; k++)
            free(v->rows[i].f[k]);
        free(v->rows[i].identity);
    }
    free(v->rows);
}

static verdict_row *new_row(verdict_file *v, int line)
{
    if (v->n == v->cap) {
        int cap = v->cap ? 2 * v->cap : 256;
        verdict_row *grown = realloc(v->rows, (size_t)cap * sizeof *grown);
        if (!grown)
            return NULL;
        v->rows = grown;
        v->cap = cap;
    }
    verdict_row *r = &v->rows[v->n++];
    memset(r, 0, sizeof *r);
    r->score = -1;
    r->line = line;
    r->match = -1;
    return r;
}

/* A score as text ("1", "0", "1.0", "true"): 0 or 1, else -1. */
static int score_of_text(const char *s)
{
    if (!s || !*s)
        return -1;
    if (!strcmp(s, "true"))
        return 1;
    if (!strcmp(s, "false"))
        return 0;
    char *end;
    double d = strtod(s, &end);
    return *end || (d != 0 && d != 1) ? -1 : (int)d;
}

static bool take_json_row(verdict_file *v, const cJSON *o, int line, const char *score_field)
{
    verdict_row *r = cJSON_IsObject(o) ? new_row(v, line) : NULL;
    if (!r)
        return false;
    for (int k = 0; k < NFIELDS; k++) {
        const cJSON *x = pl_json_get(o, field_names[k]);
        if (!x && k == F_SAMPLE)
            x = pl_json_get(o, "sample");
        if (!x || cJSON_IsNull(x))
            continue;
        r->f[k] = cJSON_IsString(x) ? pl_strdup(x->valuestring) : pl_json_id_text(x);
        if (!r->f[k] && cJSON_IsNumber(x))
            r->f[k] = pl_strdup_printf("%g", x->valuedouble);
        v->has[k] |= r->f[k] != NULL;
    }
    const cJSON *s = pl_json_get(o, score_field);
    if (s) {
        v->has_score = true;
        r->score = cJSON_IsBool(s) ? cJSON_IsTrue(s) : cJSON_IsNumber(s) && (s->valuedouble == 0 || s->valuedouble == 1) ? (int)s->valuedouble : -1;
    }
    return true;
}

/* One CSV record at *at (RFC 4180): cells into out (owned), *n of them;
 * false at the end.  A cell that `grade` led with ' against formulas gets
 * its own text back. */
static bool csv_record(const char *text, size_t len, size_t *at, char ***out, int *n)
{
    if (*at >= len)
        return false;
    char **cells = NULL;
    int count = 0;
    size_t i = *at;
    for (;;) {
        size_t cap = 16, k = 0;
        char *cell = malloc(cap);
        bool quoted = i < len && text[i] == '"';
        i += quoted;
        while (cell && i < len) {
            char c = text[i];
            if (quoted && c == '"' && i + 1 < len && text[i + 1] == '"')
                i++;
            else if (quoted && c == '"') {
                quoted = false;
                i++;
                continue;
            } else if (!quoted && (c == ',' || c == '\n' || c == '\r'))
                break;
            if (k + 2 > cap) {
                char *grown = realloc(cell, cap *= 2);
                if (!grown) {
                    free(cell);
                    cell = NULL;
                    break;
                }
                cell = grown;
            }
            cell[k++] = text[i++];
        }
        if (cell)
            cell[k] = 0;
        if (cell && cell[0] == '\'' && strchr("=+-@\t\r", cell[1]) && cell[1])
            memmove(cell, cell + 1, k);
        char **grown = realloc(cells, (size_t)(count + 1) * sizeof *grown);
        if (grown)
            (cells = grown)[count++] = cell;
        else
            free(cell);
        if (i < len && text[i] == ',') {
            i++;
            continue;
        }
        break;
    }
    if (i < len && text[i] == '\r')
        i++;
    if (i < len && text[i] == '\n')
        i++;
    *at = i;
    *out = cells;
    *n = count;
    return true;
}

static void free_cells(char **cells, int n)
{
    for (int i = 0; i < n; i++)
        free(cells[i]);
    free(cells);
}

static bool read_csv(verdict_file *v, const char *text, size_t len, const char *score_field)
{
    size_t at = 0;
    char **head, **cells;
    int nhead, n, column[NFIELDS], score_column = -1;
    if (!csv_record(text, len, &at, &head, &nhead))
        return false;
    for (int k = 0; k < NFIELDS; k++) {
        column[k] = -1;
        for (int c = 0; c < nhead; c++)
            if (head[c] && (!strcmp(head[c], field_names[k]) || (k == F_SAMPLE && !strcmp(head[c], "sample"))))
                column[k] = c;
    }
    for (int c = 0; c < nhead; c++)
        if (head[c] && !strcmp(head[c], score_field))
            score_column = c;
    free_cells(head, nhead);
    v->has_score = score_column >= 0;
    for (int line = 1; csv_record(text, len, &at, &cells, &n); line++) {
        verdict_row *r = n > 1 || (n == 1 && cells[0] && *cells[0]) ? new_row(v, line) : NULL;
        for (int k = 0; r && k < NFIELDS; k++)
            if (column[k] >= 0 && column[k] < n && cells[column[k]] && *cells[column[k]]) {
                r->f[k] = pl_strdup(cells[column[k]]);
                v->has[k] = true;
            }
        if (r && score_column >= 0 && score_column < n)
            r->score = score_of_text(cells[score_column]);
        free_cells(cells, n);
    }
    return true;
}

/* Reads a JSONL, JSON array or CSV verdict file; false after printing why. */
static bool read_verdicts(verdict_file *v, const char *path, const char *score_field)
{
    memset(v, 0, sizeof *v);
    v->path = path;
    pl_error err = PL_ERROR_INIT;
    size_t len;
    char *text = pl_read_file(path, &len, &err);
    if (!text) {
        cli_print_error(&err);
        pl_error_clear(&err);
        return false;
    }
    size_t start = strspn(text, " \t\r\n");
    bool ok = true;
    if (text[start] == '[') {
        cJSON *all = pl_json_parse_exact(text, len, path, &err);
        const cJSON *o;
        int line = 0;
        cJSON_ArrayForEach(o, all) ok = ok && take_json_row(v, o, ++line, score_field);
        ok = ok && all;
        cJSON_Delete(all);
    } else if (text[start] == '{') {
        const char *s = text;
        for (int line = 1; ok && s < text + len; line++) {
            const char *nl = memchr(s, '\n', (size_t)(text + len - s));
            size_t n = nl ? (size_t)(nl - s) : (size_t)(text + len - s);
            if (strspn(s, " \t\r") < n) {
                cJSON *o = pl_json_parse_exact(s, n, path, &err);
                if (o && err.code == PL_OK)
                    ok = take_json_row(v, o, line, score_field);
                else
                    ok = false;
                if (!ok && err.code != PL_OK)
                    err.line = line;
                cJSON_Delete(o);
            }
            s += n + 1;
        }
    } else {
        ok = read_csv(v, text, len, score_field);
    }
    free(text);
    if (!ok) {
        if (err.code == PL_OK)
            pl_error_set(&err, PL_ERR_SYNTAX, path, 0, 0, "not a verdict file (JSONL, a JSON array or CSV of answers)");
        cli_print_error(&err);
    } else if (!v->has_score) {
        pl_error_set(&err, PL_ERR_SYNTAX, path, 0, 0, "no answer has a \"%s\" (--field NAME picks another)",
                     score_field);
        cli_print_error(&err);
        ok = false;
    }
    pl_error_clear(&err);
    return ok;
}

/* ---- matching ---- */

typedef struct {
    const char *identity;
    int row;
} keyed;

static int by_identity(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    int c = strcmp(x->identity, y->identity);
    return c ? c : x->row - y->row;
}

/* Each row's identity: the fields used, and how many rows before it had
 * the same ones (so that repeats pair up in order). */
static bool set_identities(verdict_file *v, const bool *use)
{
    keyed *k = malloc((size_t)(v->n + 1) * sizeof *k);
    for (int i = 0; k && i < v->n; i++) {
        char *id = pl_strdup("");
        for (int f = 0; id && f < NFIELDS; f++)
            if (use[f]) {
                char *next = pl_strdup_printf("%s%s\x1f", id, v->rows[i].f[f] ? v->rows[i].f[f] : "");
                free(id);
                id = next;
            }
        v->rows[i].identity = id;
        k[i] = (keyed){id ? id : "", i};
    }
    if (!k)
        return false;
    qsort(k, (size_t)v->n, sizeof *k, by_identity);
    int *occurrence = malloc((size_t)(v->n + 1) * sizeof *occurrence);
    for (int i = 0; occurrence && i < v->n; i++) /* before any identity changes */
        occurrence[k[i].row] = i && !strcmp(k[i].identity, k[i - 1].identity) ? occurrence[k[i - 1].row] + 1 : 0;
    for (int i = 0; occurrence && i < v->n; i++) {
        verdict_row *r = &v->rows[i];
        char *id = r->identity ? pl_strdup_printf("%s#%d", r->identity, occurrence[i]) : NULL;
        free(r->identity);
        r->identity = id;
    }
    free(occurrence);
    free(k);
    return true;
}

/* Pairs the rows of a and b with equal identities; the fields used into use. */
static bool match_rows(verdict_file *a, verdict_file *b, bool *use)
{
    for (int f = 0; f < NFIELDS; f++)
        use[f] = false;
    bool keys = a->n && b->n;
    for (int i = 0; keys && i < a->n; i++)
        keys = a->rows[i].f[F_KEY] != NULL;
    for (int i = 0; keys && i < b->n; i++)
        keys = b->rows[i].f[F_KEY] != NULL;
    for (int f = keys ? F_KEY : F_MODEL; f <= (keys ? F_KEY : F_EPOCH); f++)
        use[f] = a->has[f] && b->has[f];
    if (!set_identities(a, use) || !set_identities(b, use))
        return false;
    keyed *k = malloc((size_t)(b->n + 1) * sizeof *k);
    if (!k)
        return false;
    for (int i = 0; i < b->n; i++)
        k[i] = (keyed){b->rows[i].identity ? b->rows[i].identity : "", i};
    qsort(k, (size_t)b->n, sizeof *k, by_identity);
    for (int i = 0; i < a->n; i++) {
        keyed want = {a->rows[i].identity ? a->rows[i].identity : "", -1};
        int lo = 0, hi = b->n - 1;
        while (lo <= hi) {
            int mid = lo + (hi - lo) / 2, c = strcmp(k[mid].identity, want.identity);
            if (!c) {
                a->rows[i].match = k[mid].row;
                b->rows[k[mid].row].match = i;
                break;
            }
            if (c < 0)
                lo = mid + 1;
            else
                hi = mid - 1;
        }
    }
    free(k);
    return true;
}

/* ---- counting and printing ---- */

typedef struct {
    char *name;
    int answers, same, differ, only_a, only_b;
} tally;

typedef struct {
    tally *items;
    int n;
} tallies;

static tally *tally_of(tallies *t, const char *name)
{
    for (int i = 0; i < t->n; i++)
        if (!strcmp(t->items[i].name, name))
            return &t->items[i];
    tally *grown = realloc(t->items, (size_t)(t->n + 1) * sizeof *grown);
    if (!grown)
        return NULL;
    t->items = grown;
    t->items[t->n] = (tally){pl_strdup(name), 0, 0, 0, 0, 0};
    return &t->items[t->n++];
}

static void tallies_free(tallies *t)
{
    for (int i = 0; i < t->n; i++)
        free(t->items[i].name);
    free(t->items);
}

/* One answer of either file or both: a's row ia, b's row ib (-1: none). */
typedef struct {
    const verdict_row *a, *b;
} pair;

static const char *field(const pair *p, int f)
{
    const char *x = p->a ? p->a->f[f] : NULL;
    return x ? x : p->b ? p->b->f[f] : NULL;
}

/* official_rule, else the deciding paths; owned, NULL when neither. */
static char *rule_of(const pair *p)
{
    if (field(p, F_RULE))
        return pl_strdup(field(p, F_RULE));
    const char *pa = p->a ? p->a->f[F_PATH] : NULL, *pb = p->b ? p->b->f[F_PATH] : NULL;
    if (pa && pb && strcmp(pa, pb))
        return pl_strdup_printf("%s -> %s", pa, pb);
    return pa || pb ? pl_strdup(pa ? pa : pb) : NULL;
}

static void count(tally *t, const pair *p)
{
    if (!t)
        return;
    t->answers++;
    if (!p->b)
        t->only_a++;
    else if (!p->a)
        t->only_b++;
    else if (p->a->score == p->b->score)
        t->same++;
    else
        t->differ++;
}

static void score_text(char *buf, size_t size, const verdict_row *r)
{
    if (!r)
        snprintf(buf, size, "absent");
    else if (r->score < 0)
        snprintf(buf, size, "none");
    else
        snprintf(buf, size, "%d", r->score);
}

static void print_tallies(const char *title, const tallies *t, const tally *all)
{
    int w = (int)strlen(title);
    for (int i = 0; i < t->n; i++)
        if ((int)strlen(cli_text(t->items[i].name)) > w)
            w = (int)strlen(cli_text(t->items[i].name));
    printf("\n%-*s %8s %8s %8s %8s %8s\n", w, title, "answers", "same", "differ", "only A", "only B");
    for (int i = 0; i < t->n; i++) {
        const tally *x = &t->items[i];
        printf("%-*s %8d %8d %8d %8d %8d\n", w, cli_text(x->name), x->answers, x->same, x->differ, x->only_a,
               x->only_b);
    }
    if (all)
        printf("%-*s %8d %8d %8d %8d %8d\n", w, "all", all->answers, all->same, all->differ, all->only_a, all->only_b);
}

static void print_difference(const char *format, const pair *p, const char *rule)
{
    char sa[16], sb[16], la[16] = "", lb[16] = "";
    score_text(sa, sizeof sa, p->a);
    score_text(sb, sizeof sb, p->b);
    if (p->a)
        snprintf(la, sizeof la, "%d", p->a->line);
    if (p->b)
        snprintf(lb, sizeof lb, "%d", p->b->line);
    if (!strcmp(format, "table")) {
        printf("%6s %6s  %s", la[0] ? la : "-", lb[0] ? lb : "-", sa);
        printf(" -> %s  ", sb);
        bool keyed = field(p, F_KEY) != NULL; /* the key names the answer whole */
        for (int f = keyed ? F_KEY : F_MODEL; f <= (keyed ? F_KEY : F_EPOCH); f++)
            if (field(p, f))
                printf("%s ", cli_text(field(p, f)));
        printf(" [%s]\n", rule ? cli_text(rule) : "-");
        return;
    }
    const char *cells[] = {field(p, F_KEY), field(p, F_MODEL), field(p, F_GROUP), field(p, F_ID), field(p, F_SAMPLE),
                           field(p, F_EPOCH), la, lb, sa, sb, rule};
    static const char *const names[] = {"key", "model", "group", "id", "sample_id", "epoch",
                                        "line_a", "line_b", "a", "b", "rule"};
    if (!strcmp(format, "csv")) {
        for (int i = 0; i < 11; i++) {
            pl_csv_put(stdout, cells[i]);
            fputc(i < 10 ? ',' : '\n', stdout);
        }
        return;
    }
    cJSON *o = cJSON_CreateObject();
    for (int i = 0; i < 11; i++) {
        if (i >= 6 && i <= 9) { /* lines and scores as numbers, null when absent */
            const verdict_row *r = i % 2 == 0 ? p->a : p->b;
            int v = !r ? -1 : i <= 7 ? r->line : r->score;
            cJSON_AddItemToObject(o, names[i], v < 0 ? cJSON_CreateNull() : cJSON_CreateNumber(v));
        } else if (cells[i]) {
            cJSON_AddStringToObject(o, names[i], cells[i]);
        }
    }
    cli_print_json(o);
}

/* Every answer of a, then those only b has, in file order. */
static int each_pair(const verdict_file *a, const verdict_file *b, int i, pair *p)
{
    if (i < a->n) {
        *p = (pair){&a->rows[i], a->rows[i].match >= 0 ? &b->rows[a->rows[i].match] : NULL};
        return 1;
    }
    for (int k = i - a->n; k < b->n; k++)
        if (b->rows[k].match < 0) {
            *p = (pair){NULL, &b->rows[k]};
            return k + a->n + 1 - i;
        }
    return 0;
}

static int report(const verdict_file *a, const verdict_file *b, const bool *use, const char *format,
                  const char *score_field)
{
    tallies groups = {0}, rules = {0};
    tally all = {0};
    pair p;
    for (int i = 0, step; (step = each_pair(a, b, i, &p)); i += step) {
        char *rule = rule_of(&p);
        count(tally_of(&groups, field(&p, F_GROUP) ? field(&p, F_GROUP) : "-"), &p);
        count(tally_of(&rules, rule ? rule : "-"), &p);
        count(&all, &p);
        free(rule);
    }
    int differ = all.differ + all.only_a + all.only_b;
    if (!strcmp(format, "table")) {
        printf("A: %s (%d answers)\nB: %s (%d answers)\nmatched on", cli_text(a->path), a->n, cli_text(b->path), b->n);
        for (int f = 0; f < NFIELDS; f++)
            if (use[f])
                printf(" %s", field_names[f]);
        printf(" (repeats in file order); verdict: %s\n", score_field);
        print_tallies("group", &groups, &all);
        print_tallies("rule", &rules, NULL);
        printf("\n%d answer%s differ%s%s\n", differ, differ == 1 ? "" : "s", differ == 1 ? "s" : "",
               differ ? " (line in A, line in B, A -> B, the answer, [rule]):" : "");
    } else if (!strcmp(format, "csv")) {
        puts("key,model,group,id,sample_id,epoch,line_a,line_b,a,b,rule");
    }
    for (int i = 0, step; (step = each_pair(a, b, i, &p)); i += step) {
        if (p.a && p.b && p.a->score == p.b->score)
            continue;
        char *rule = rule_of(&p);
        print_difference(format, &p, rule);
        free(rule);
    }
    tallies_free(&groups);
    tallies_free(&rules);
    return differ ? PL_EXIT_INVALID : PL_EXIT_OK;
}

int cmd_diff_verdicts(int argc, char **argv)
{
    const char *files[2] = {NULL, NULL}, *format = "table", *score_field = "score";
    int nfiles = 0;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if ((!strcmp(s, "--format") || !strcmp(s, "--field")) && v)
            *(!strcmp(s, "--format") ? &format : &score_field) = argv[++i];
        else if (cli_csv_raw_option(s))
            continue;
        else if (!strncmp(s, "--", 2) || nfiles == 2)
            return cli_usage_error("diff-verdicts", "%s: A B [--format table|jsonl|csv] [--field NAME]",
                                   !strncmp(s, "--", 2) ? "unknown option or missing value" : "two files");
        else
            files[nfiles++] = s;
    }
    if (nfiles != 2)
        return cli_usage_error("diff-verdicts", "two verdict files A B are needed");
    if (strcmp(format, "table") && strcmp(format, "jsonl") && strcmp(format, "csv"))
        return cli_usage_error("diff-verdicts", "--format table|jsonl|csv");
    verdict_file a = {0}, b = {0};
    bool ok = read_verdicts(&a, files[0], score_field);
    ok = ok && read_verdicts(&b, files[1], score_field);
    bool use[NFIELDS];
    int rc = PL_EXIT_INPUT;
    if (ok && match_rows(&a, &b, use))
        rc = report(&a, &b, use, format, score_field);
    file_free(&a);
    file_free(&b);
    return rc;
}
