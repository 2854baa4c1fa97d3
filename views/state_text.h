/* Text helpers of the state views (views/state_view.c, views/state_answer.c):
 * spans and wrapped text that keep to ASCII when asked. */
#ifndef PL_STATE_TEXT_H
#define PL_STATE_TEXT_H

#include <stdbool.h>

#include "view_model.h"

/* pl_vm_span; with ascii every byte >= 0x80 of the result shows as '?'. */
void pl_sv_span(pl_view_model *vm, bool ascii, pl_role role, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* pl_vm_wrapped, the same way. */
void pl_sv_wrapped(pl_view_model *vm, bool ascii, pl_role role, const char *text, int width, int indent);
/* With ascii, the title and status of vm made ASCII in place. */
void pl_sv_ascii_finish(pl_view_model *vm, bool ascii);
/* Choose between a glyph and its ASCII stand-in. */
static inline const char *pl_sv_glyph(bool ascii, const char *unicode, const char *plain)
{
    return ascii ? plain : unicode;
}

#endif
