#include "base/diag_groups.h"
#include "base/sort.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const pl_diag *d;
    size_t index;
} entry;

static int compare_text(const char *a, const char *b)
{
    return a && b ? strcmp(a, b) : (a != NULL) - (b != NULL);
}

/* By file, message, then position: each group's entries are contiguous and in order. */
static int by_kind(const void *x, const void *y)
{
    const entry *a = x, *b = y;
    int c = compare_text(a->d->file, b->d->file);
    if (!c)
        c = compare_text(a->d->message, b->d->message);
    return c ? c : (a->index > b->index) - (a->index < b->index);
}

typedef struct {
    pl_diag_group g;
    size_t first;
} ordered_group;

static int by_first(const void *x, const void *y)
{
    const ordered_group *a = x, *b = y;
    return (a->first > b->first) - (a->first < b->first);
}

pl_diag_group *pl_diags_group(const pl_diags *d, int *n, bool *oom)
{
    *n = 0;
    if (oom)
        *oom = false;
    if (!d->count)
        return NULL;
    entry *e = malloc(d->count * sizeof *e);
    ordered_group *groups = malloc(d->count * sizeof *groups);
    pl_diag_group *out = malloc(d->count * sizeof *out);
    if (!e || !groups || !out) {
        free(e);
        free(groups);
        free(out);
        if (oom)
            *oom = true;
        return NULL;
    }
    for (size_t i = 0; i < d->count; i++)
        e[i] = (entry){&d->items[i], i};
    pl_sort(e, d->count, sizeof *e, by_kind);
    int ng = 0;
    for (size_t i = 0; i < d->count; i++) {
        bool same = i > 0 && !compare_text(e[i].d->file, e[i - 1].d->file) &&
                    !compare_text(e[i].d->message, e[i - 1].d->message);
        if (!same)
            groups[ng++] = (ordered_group){{e[i].d->file, e[i].d->message ? e[i].d->message : "", 0, {0}, 0}, e[i].index};
        pl_diag_group *g = &groups[ng - 1].g;
        g->count++;
        if (e[i].d->line > 0 && g->nlines < PL_DIAG_GROUP_LINES)
            g->lines[g->nlines++] = e[i].d->line;
    }
    pl_sort(groups, (size_t)ng, sizeof *groups, by_first);
    for (int i = 0; i < ng; i++)
        out[i] = groups[i].g;
    free(e);
    free(groups);
    *n = ng;
    return out;
}

char *pl_diag_group_text(const pl_diag_group *g)
{
    const char *file = g->file ? g->file : "", *sep = g->file ? ": " : "";
    if (g->count == 1)
        return g->nlines ? pl_strdup_printf("%s:%d: %s", file, g->lines[0], g->message)
                         : pl_strdup_printf("%s%s%s", file, sep, g->message);
    char lines[128] = "";
    size_t used = 0;
    for (int i = 0; i < g->nlines && used < sizeof lines; i++)
        used += (size_t)snprintf(lines + used, sizeof lines - used, "%s%d", i ? ", " : "; lines ", g->lines[i]);
    return pl_strdup_printf("%s%s%s (%d times%s%s)", file, sep, g->message, g->count, lines,
                            g->count > g->nlines && g->nlines ? ", ..." : "");
}

/* "record 12: " (or "sample 3: ", "line 4: "): where in the file, not what. */
static const char *skip_position(const char *m)
{
    const char *p = m;
    while (*p >= 'a' && *p <= 'z')
        p++;
    if (p == m || *p != ' ' || p[1] < '0' || p[1] > '9')
        return m;
    for (p++; *p >= '0' && *p <= '9'; p++)
        ;
    return p[0] == ':' && p[1] == ' ' ? p + 2 : m;
}

/* A word holding a '/' (a path) from `p` on. */
static bool path_word(const char *p)
{
    size_t n = strcspn(p, " ");
    return memchr(p, '/', n) != NULL;
}

char *pl_diag_kind_name(const char *message)
{
    const char *m = skip_position(message ? message : "");
    char *out = malloc(4 * strlen(m) + 1), *o = out; /* a path of one character may become "FILE" */
    if (!out)
        return NULL;
    for (const char *p = m; *p; p++) {
        if ((p[0] == ' ' && p[1] == '(') || (p[0] == ',' && p[1] == ' ') || p[0] == '"' || p[0] == '\'')
            break;
        if ((p == m || p[-1] == ' ') && path_word(p)) {
            o += sprintf(o, "FILE");
            p += strcspn(p, " ") - 1;
        } else if (*p >= '0' && *p <= '9') {
            *o++ = 'N';
            while (p[1] >= '0' && p[1] <= '9')
                p++;
        } else {
            *o++ = *p;
        }
    }
    while (o > out && (o[-1] == ' ' || o[-1] == ':' || o[-1] == ','))
        o--;
    *o = '\0';
    if (!*out) { /* nothing but particulars: the message is its own kind */
        free(out);
        return pl_strdup(message ? message : "");
    }
    return out;
}

void pl_diag_kinds_free(pl_diag_kinds *k)
{
    for (int i = 0; i < k->nkinds; i++)
        free(k->kinds[i].name);
    free(k->kinds);
    free(k->groups);
    *k = (pl_diag_kinds){0};
}

static bool same_file(const pl_diag_group *a, const pl_diag_group *b)
{
    return !compare_text(a->file, b->file);
}

int pl_diags_by_kind(const pl_diags *d, pl_diag_kinds *out)
{
    *out = (pl_diag_kinds){0};
    int n;
    bool oom;
    pl_diag_group *groups = pl_diags_group(d, &n, &oom);
    if (!groups)
        return oom ? -1 : 0;
    int *kind_of = malloc((size_t)n * sizeof *kind_of);
    out->kinds = calloc((size_t)n, sizeof *out->kinds);
    out->groups = malloc((size_t)n * sizeof *out->groups);
    bool ok = kind_of && out->kinds && out->groups;
    for (int i = 0; ok && i < n; i++) { /* kinds are few: a linear look-up */
        char *name = pl_diag_kind_name(groups[i].message);
        ok = name != NULL;
        int k = 0;
        while (ok && k < out->nkinds && strcmp(out->kinds[k].name, name))
            k++;
        if (ok && k == out->nkinds)
            out->kinds[out->nkinds++].name = name;
        else
            free(name);
        if (ok) {
            kind_of[i] = k;
            out->kinds[k].count += groups[i].count;
            out->kinds[k].ngroups++;
        }
    }
    int at = 0;
    for (int k = 0; ok && k < out->nkinds; k++) { /* the groups of each kind together, each in its order */
        pl_diag_kind *kind = &out->kinds[k];
        kind->groups = out->groups + at;
        for (int i = 0; i < n; i++) {
            if (kind_of[i] != k)
                continue;
            bool seen = false;
            for (int j = at - 1; j >= kind->groups - out->groups && !seen; j--)
                seen = same_file(&out->groups[j], &groups[i]);
            kind->nfiles += !seen;
            out->groups[at++] = groups[i];
        }
    }
    out->count = d->count;
    free(kind_of);
    free(groups);
    if (!ok) {
        pl_diag_kinds_free(out);
        return -1;
    }
    return 0;
}
