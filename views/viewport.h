/* What part of a view model a screen shows, and how keys move it: one
 * scrolling model for every screen (lists with a cursor, pages of text, and
 * text with selectable lines in it).  The first vm->nfixed lines (column
 * headers) stay in place while the rest scrolls; a section heading further
 * down (vm->headings: a second table's column headers) stays on the first
 * scrolling row while its section scrolls, the line it covers hidden under
 * it.  `height` is the rows of the body, fixed lines included; `width` its
 * columns. */
#ifndef PL_VIEWPORT_H
#define PL_VIEWPORT_H

#include <stdbool.h>

#include "view_model.h"

typedef struct {
    int cursor; /* the selected line; -1 when no line is selectable */
    int top;    /* the first scrolling line shown (>= vm->nfixed) */
    int left;   /* columns scrolled off to the left */
    bool hold;  /* the view was scrolled away from the cursor: keep it where it is */
} pl_viewport;

/* Keeps top and left within the content (the last line never rises above
 * the bottom row, so a page down cannot pass the end), and, unless held,
 * the cursor in view. */
void pl_vp_fit(const pl_view_model *vm, int height, int width, pl_viewport *v);
/* j/k: the next selectable line that way; the text scrolls one line when
 * there is none or the cursor is out of view. */
void pl_vp_line(const pl_view_model *vm, int height, pl_viewport *v, int dir);
/* Space/PgDn (dir 1), PgUp (-1): a page; at the end, the cursor goes to the
 * last (first) selectable line in view. */
void pl_vp_page(const pl_view_model *vm, int height, pl_viewport *v, int dir);
/* g/Home (dir -1), G/End (1): the first or last line. */
void pl_vp_edge(const pl_view_model *vm, int height, pl_viewport *v, int dir);
/* The mouse wheel: `lines` down (negative: up); the cursor stays in view. */
void pl_vp_scroll(const pl_view_model *vm, int height, pl_viewport *v, int lines);
/* ←/→: a quarter of the width sideways, no further than the widest line. */
void pl_vp_side(const pl_view_model *vm, int width, pl_viewport *v, int dir);
/* A search hit: selects `line` (or scrolls a plain text line to the top). */
void pl_vp_goto(const pl_view_model *vm, int height, pl_viewport *v, int line);
/* Columns of the widest line (a table's full width for lines not filled yet). */
int pl_vp_widest(const pl_view_model *vm);
/* The line shown at body row `row` (fixed lines first), or -1. */
int pl_vp_line_at(const pl_view_model *vm, const pl_viewport *v, int height, int row);

#endif
