#include "state_text.h"

#include <stdarg.h>
#include <stdlib.h>

#include "base/error.h"

static void make_ascii(char *s)
{
    for (; s && *s; s++)
        if ((unsigned char)*s >= 0x80)
            *s = '?';
}

void pl_sv_span(pl_view_model *vm, bool ascii, pl_role role, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *text = pl_strdup_vprintf(fmt, ap);
    va_end(ap);
    if (!text) {
        vm->oom = true;
        return;
    }
    if (ascii)
        make_ascii(text);
    pl_vm_span(vm, role, "%s", text);
    free(text);
}

void pl_sv_wrapped(pl_view_model *vm, bool ascii, pl_role role, const char *text, int width, int indent)
{
    char *copy = ascii ? pl_strdup(text) : NULL;
    if (ascii && !copy) {
        vm->oom = true;
        return;
    }
    make_ascii(copy);
    pl_vm_wrapped(vm, role, ascii ? copy : text, width, indent);
    free(copy);
}

void pl_sv_ascii_finish(pl_view_model *vm, bool ascii)
{
    if (ascii) {
        make_ascii(vm->title);
        make_ascii(vm->status);
    }
}
