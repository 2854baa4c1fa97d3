#include "view_model.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "base/safe_text.h"

static const char *const role_names[ROLE_COUNT] = {"text",    "header", "dim",          "correct",
                                                   "wrong",   "missed", "hallucinated", "bar",
                                                   "success", "parsed", "error"};

const char *pl_role_name(pl_role r)
{
    return (unsigned)r < ROLE_COUNT ? role_names[r] : "?";
}

void pl_vm_init(pl_view_model *vm)
{
    memset(vm, 0, sizeof *vm);
}

void pl_vm_truncate(pl_view_model *vm, int nlines)
{
    for (int i = nlines < 0 ? 0 : nlines; i < vm->nlines; i++) {
        for (int k = 0; k < vm->lines[i].nspans; k++)
            free(vm->lines[i].spans[k].text);
        free(vm->lines[i].spans);
    }
    if (nlines >= 0 && nlines < vm->nlines)
        vm->nlines = nlines;
    while (vm->nheadings && vm->headings[vm->nheadings - 1] >= vm->nlines)
        vm->nheadings--;
}

void pl_vm_free(pl_view_model *vm)
{
    pl_vm_truncate(vm, 0);
    free(vm->lines);
    free(vm->headings);
    free(vm->table);
    free(vm->title);
    free(vm->status);
    memset(vm, 0, sizeof *vm);
}

void pl_vm_line(pl_view_model *vm, int target)
{
    if (vm->nlines == vm->cap) {
        int cap = vm->cap ? vm->cap * 2 : 64;
        pl_line *grown = realloc(vm->lines, (size_t)cap * sizeof *grown);
        if (!grown) {
            vm->oom = true;
            return;
        }
        vm->lines = grown;
        vm->cap = cap;
    }
    vm->lines[vm->nlines++] = (pl_line){NULL, 0, 0, target};
}

void pl_vm_heading(pl_view_model *vm)
{
    if (!vm->nlines)
        return;
    if (vm->nheadings == vm->headings_cap) {
        int cap = vm->headings_cap ? vm->headings_cap * 2 : 8;
        int *grown = realloc(vm->headings, (size_t)cap * sizeof *grown);
        if (!grown) {
            vm->oom = true;
            return;
        }
        vm->headings = grown;
        vm->headings_cap = cap;
    }
    vm->headings[vm->nheadings++] = vm->nlines - 1;
}

static void add_span(pl_view_model *vm, pl_role role, char *text)
{
    if (!text || !vm->nlines) {
        free(text);
        vm->oom = true;
        return;
    }
    pl_line *l = &vm->lines[vm->nlines - 1];
    if (l->nspans == l->cap) {
        int cap = l->cap ? l->cap * 2 : 4;
        pl_span *grown = realloc(l->spans, (size_t)cap * sizeof *grown);
        if (!grown) {
            free(text);
            vm->oom = true;
            return;
        }
        l->spans = grown;
        l->cap = cap;
    }
    l->spans[l->nspans++] = (pl_span){text, role};
}

char *pl_vm_safe_take(char *text, unsigned flags)
{
    if (!text || pl_text_is_safe(text, strlen(text), flags))
        return text;
    char *safe = pl_safe_text(text, flags);
    free(text);
    return safe;
}

const char *pl_vm_safe(const char *text, char **owned)
{
    *owned = NULL;
    if (pl_text_is_safe(text, strlen(text), 0))
        return text;
    *owned = pl_safe_text(text, 0);
    return *owned ? *owned : "";
}

void pl_vm_span(pl_view_model *vm, pl_role role, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    add_span(vm, role, pl_vm_safe_take(pl_strdup_vprintf(fmt, ap), 0));
    va_end(ap);
}

/* Bytes of `s` (up to n) that fit in `cols` columns, a UTF-8 character
 * never split (each counts as one column). */
static size_t fit_bytes(const char *s, size_t n, int cols)
{
    size_t i = 0;
    for (int used = 0; i < n; used++) {
        if (used == cols)
            return i;
        i++;
        while (i < n && ((unsigned char)s[i] & 0xC0) == 0x80)
            i++;
    }
    return n;
}

/* One wrapped line's text[a, b) as spans, split where the marks begin and end. */
static void marked_spans(pl_view_model *vm, pl_role role, const char *text, size_t a, size_t b, const size_t *marks,
                         int nmarks, pl_role mark_role)
{
    while (a < b) {
        size_t next = b;
        bool inside = false;
        for (int m = 0; m < nmarks; m++) {
            size_t lo = marks[2 * m], hi = marks[2 * m + 1];
            if (lo <= a && a < hi) {
                inside = true;
                next = hi < b ? hi : b;
                break;
            }
            if (lo > a && lo < next)
                next = lo;
        }
        add_span(vm, inside ? mark_role : role, pl_strndup(text + a, next - a));
        a = next;
    }
}

/* Wraps safe text (views/view_model.h: pl_vm_wrapped_marked). */
static void wrap_safe(pl_view_model *vm, pl_role role, const char *text, int width, int indent, const size_t *marks,
                      int nmarks, pl_role mark_role)
{
    if (width - indent < 10)
        width = indent + 10;
    for (size_t at = 0, len = strlen(text); at < len;) {
        size_t n = strcspn(text + at, "\n");
        size_t take = fit_bytes(text + at, n, width - indent);
        if (take < n) { /* break at the last space that fits */
            size_t space = take;
            while (space > 0 && text[at + space] != ' ')
                space--;
            if (space > 0)
                take = space;
        }
        pl_vm_line(vm, -1);
        pl_vm_span(vm, role, "%*s", indent, "");
        marked_spans(vm, role, text, at, at + take, marks, nmarks, mark_role);
        at += take;
        while (at < len && text[at] == ' ')
            at++;
        if (take == n && text[at] == '\n')
            at++;
    }
}

/* The text is made safe piece by piece between the marks, which index the
 * original bytes: each mark moves to where its piece begins in the safe
 * text, so the highlighting covers the same characters. */
void pl_vm_wrapped_marked(pl_view_model *vm, pl_role role, const char *text, int width, int indent,
                          const size_t *marks, int nmarks, pl_role mark_role)
{
    size_t len = strlen(text);
    if (pl_text_is_safe(text, len, PL_SAFE_LINES)) {
        wrap_safe(vm, role, text, width, indent, marks, nmarks, mark_role);
        return;
    }
    char *safe = NULL;
    size_t *moved = nmarks ? malloc(2 * (size_t)nmarks * sizeof *moved) : NULL, from = 0, used = 0;
    bool ok = moved || !nmarks;
    for (int k = 0; ok && k <= 2 * nmarks; k++) {
        size_t to = k < 2 * nmarks ? marks[k] : len;
        to = to < from ? from : to > len ? len : to;
        char *piece = pl_safe_text_n(text + from, to - from, PL_SAFE_LINES);
        size_t n = piece ? strlen(piece) : 0;
        char *grown = piece ? realloc(safe, used + n + 1) : NULL;
        if ((ok = grown != NULL)) {
            safe = grown;
            memcpy(safe + used, piece, n + 1);
            used += n;
            if (k < 2 * nmarks)
                moved[k] = used;
        }
        free(piece);
        from = to;
    }
    if (ok)
        wrap_safe(vm, role, safe, width, indent, moved, nmarks, mark_role);
    else
        vm->oom = true;
    free(moved);
    free(safe);
}

void pl_vm_wrapped(pl_view_model *vm, pl_role role, const char *text, int width, int indent)
{
    pl_vm_wrapped_marked(vm, role, text, width, indent, NULL, 0, role);
}

void pl_vm_set_title(pl_view_model *vm, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    free(vm->title);
    vm->title = pl_vm_safe_take(pl_strdup_vprintf(fmt, ap), 0);
    va_end(ap);
}

void pl_vm_set_status(pl_view_model *vm, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    free(vm->status);
    vm->status = pl_vm_safe_take(pl_strdup_vprintf(fmt, ap), 0);
    va_end(ap);
}

int pl_text_columns(const char *text)
{
    int n = 0;
    for (const char *s = text; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

int pl_vm_line_columns(const pl_line *line)
{
    int n = 0;
    for (int i = 0; i < line->nspans; i++)
        n += pl_text_columns(line->spans[i].text);
    return n;
}

size_t pl_text_prefix(const char *text, int cols)
{
    size_t i = 0;
    for (int used = 0; text[i] && used < cols; used++) {
        i++;
        while (((unsigned char)text[i] & 0xC0) == 0x80)
            i++;
    }
    return i;
}

char *pl_vm_line_text(const pl_line *line)
{
    size_t n = 1;
    for (int i = 0; i < line->nspans; i++)
        n += strlen(line->spans[i].text);
    char *s = malloc(n);
    if (!s)
        return NULL;
    s[0] = '\0';
    for (int i = 0; i < line->nspans; i++)
        strcat(s, line->spans[i].text);
    return s;
}

bool pl_locale_is_utf8(void)
{
    const char *vars[] = {"LC_ALL", "LC_CTYPE", "LANG"};
    for (int i = 0; i < 3; i++) {
        const char *v = getenv(vars[i]);
        if (v && *v)
            return strstr(v, "UTF-8") || strstr(v, "utf8") || strstr(v, "UTF8") || strstr(v, "utf-8");
    }
    return false;
}
