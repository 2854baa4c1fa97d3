#include "base/error.h"
#include "base/safe_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *pl_strdup_vprintf(const char *fmt, va_list ap)
{
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    if (n < 0)
        return NULL;
    char *s = malloc((size_t)n + 1);
    if (s)
        vsnprintf(s, (size_t)n + 1, fmt, ap);
    return s;
}

char *pl_strdup_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = pl_strdup_vprintf(fmt, ap);
    va_end(ap);
    return s;
}

char *pl_strndup(const char *s, size_t n)
{
    char *r = malloc(n + 1);
    if (r) {
        memcpy(r, s, n);
        r[n] = '\0';
    }
    return r;
}

char *pl_strdup(const char *s)
{
    return s ? pl_strndup(s, strlen(s)) : NULL;
}

pl_error_code pl_error_set(pl_error *e, pl_error_code code, const char *file,
                           int line, int column, const char *fmt, ...)
{
    if (!e)
        return code;
    pl_error_clear(e);
    e->code = code;
    e->file = pl_strdup(file);
    e->line = line;
    e->column = column;
    va_list ap;
    va_start(ap, fmt);
    e->message = pl_strdup_vprintf(fmt, ap);
    va_end(ap);
    return code;
}

void pl_error_clear(pl_error *e)
{
    if (!e)
        return;
    free(e->file);
    free(e->message);
    e->file = NULL;
    e->message = NULL;
    e->code = PL_OK;
    e->line = e->column = 0;
}

/* Messages quote names and text from the input: shown safe (base/safe_text.h). */
char *pl_error_format(const pl_error *e)
{
    const char *msg = e->message ? e->message : "unknown error";
    char *text;
    if (e->file && e->line > 0)
        text = pl_strdup_printf("%s:%d:%d: %s", e->file, e->line, e->column, msg);
    else if (e->file)
        text = pl_strdup_printf("%s: %s", e->file, msg);
    else
        text = pl_strdup(msg);
    if (!text || pl_text_is_safe(text, strlen(text), 0))
        return text;
    char *safe = pl_safe_text(text, 0); /* one line: a newline in the data cannot fake another message */
    free(text);
    return safe;
}

void pl_diags_add(pl_diags *d, const char *file, int line, int column,
                  const char *fmt, ...)
{
    if (!d)
        return;
    if (d->count == d->capacity) {
        size_t cap = d->capacity ? d->capacity * 2 : 4;
        pl_diag *items = realloc(d->items, cap * sizeof *items);
        if (!items)
            return;
        d->items = items;
        d->capacity = cap;
    }
    va_list ap;
    va_start(ap, fmt);
    pl_diag *g = &d->items[d->count++];
    g->file = pl_strdup(file);
    g->line = line;
    g->column = column;
    g->message = pl_strdup_vprintf(fmt, ap);
    va_end(ap);
}

void pl_diags_clear(pl_diags *d)
{
    if (!d)
        return;
    for (size_t i = 0; i < d->count; i++) {
        free(d->items[i].file);
        free(d->items[i].message);
    }
    free(d->items);
    d->items = NULL;
    d->count = d->capacity = 0;
}
