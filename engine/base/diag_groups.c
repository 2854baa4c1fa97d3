#include "base/diag_groups.h"

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
    qsort(e, d->count, sizeof *e, by_kind);
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
    qsort(groups, (size_t)ng, sizeof *groups, by_first);
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
