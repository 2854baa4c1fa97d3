/* The texts y copies and v opens outside (copy_text.c), and the OSC 52
 * sequence that puts a text on the terminal's clipboard: plain logic, no
 * curses, so that tests read them. */
#ifndef PL_TUI_COPY_TEXT_H
#define PL_TUI_COPY_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "view_model.h"
#include "workspace/workspace.h"

typedef enum { TUI_PART_ID, TUI_PART_ANSWER, TUI_PART_PLAN, TUI_PART_QUESTION, TUI_PART_CONTEXT, TUI_PART_ALL }
    tui_part;

/* What the part is called in the status line ("id", "answer", "plan", ...). */
const char *tui_part_name(tui_part part);
/* A part of a record as text (a new string): its id, the model's answer as
 * it wrote it, its plan one action a line (a plan answer or case; NULL when
 * the answer is no plan), the question, the context with the PDDL of domain
 * and problem when the data has them, or all of these as one document with
 * a heading each (what v opens).  NULL when the record has no such part. */
char *tui_record_part(const pl_workspace *ws, int record, tui_part part);
/* Actions one a line (a new string). */
char *tui_join_lines(const char *const *lines, int n);
/* Every line of a view model as text, whole (a new string): what v opens on
 * a screen without a record. */
char *tui_vm_text(const pl_view_model *vm);
/* Standard base64 of n bytes (a new string). */
char *tui_base64(const unsigned char *data, size_t n);
/* ESC ] 52 ; c ; <base64> BEL: the terminal puts `text` on the clipboard
 * (xterm's OSC 52).  In tmux, the same again wrapped for passthrough (DCS
 * tmux; ... ST, each ESC doubled), for a tmux that does not take the plain
 * one itself (set-clipboard off, allow-passthrough on).  A new string. */
char *tui_osc52(const char *text, bool in_tmux);
/* Most bytes a copy may have: terminals drop longer OSC 52 sequences. */
#define TUI_COPY_MAX 74000

#endif
