#include "view_model.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "pl_error.h"

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

void pl_vm_free(pl_view_model *vm)
{
    for (int i = 0; i < vm->nlines; i++) {
        for (int k = 0; k < vm->lines[i].nspans; k++)
            free(vm->lines[i].spans[k].text);
        free(vm->lines[i].spans);
    }
    free(vm->lines);
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

void pl_vm_span(pl_view_model *vm, pl_role role, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    add_span(vm, role, pl_strdup_vprintf(fmt, ap));
    va_end(ap);
}

void pl_vm_wrapped(pl_view_model *vm, pl_role role, const char *text, int width, int indent)
{
    if (width - indent < 10)
        width = indent + 10;
    for (const char *s = text; *s;) {
        size_t n = strcspn(s, "\n");
        size_t take = n;
        if ((int)n > width - indent) { /* break at the last space that fits */
            take = (size_t)(width - indent);
            while (take > 0 && s[take] != ' ')
                take--;
            if (take == 0)
                take = (size_t)(width - indent);
        }
        pl_vm_line(vm, -1);
        pl_vm_span(vm, role, "%*s%.*s", indent, "", (int)take, s);
        s += take;
        while (*s == ' ')
            s++;
        if (take == n && *s == '\n')
            s++;
    }
}

void pl_vm_set_title(pl_view_model *vm, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    free(vm->title);
    vm->title = pl_strdup_vprintf(fmt, ap);
    va_end(ap);
}

void pl_vm_set_status(pl_view_model *vm, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    free(vm->status);
    vm->status = pl_strdup_vprintf(fmt, ap);
    va_end(ap);
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
