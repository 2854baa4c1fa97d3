/* View models: what a screen shows, as plain data a test can read without a
 * terminal.  A model is a title, lines of styled spans, and a status text;
 * the terminal layer (tui/) maps each role to an attribute. */
#ifndef PL_VIEW_MODEL_H
#define PL_VIEW_MODEL_H

/* "s" after a count other than 1: "1 run", "2 runs". */
#define PL_PLURAL(n) ((n) == 1 ? "" : "s")

#include <stdbool.h>
#include <stddef.h>

typedef enum {
    ROLE_TEXT,
    ROLE_HEADER,       /* column headers, section titles */
    ROLE_DIM,          /* secondary text */
    ROLE_CORRECT,      /* in both / score 1 */
    ROLE_WRONG,        /* answer-only item that exists in the task / score 0 */
    ROLE_MISSED,       /* truth-only item */
    ROLE_HALLUCINATED, /* answer-only item that names nothing of the task */
    ROLE_BAR,          /* histogram bar */
    ROLE_SUCCESS_BAR,  /* binary-success bar */
    ROLE_PARSED,       /* the part of a response the parser used */
    ROLE_ERROR,
    ROLE_COUNT
} pl_role;

const char *pl_role_name(pl_role r); /* "text", "header", "correct", ... */

typedef struct {
    char *text;
    pl_role role;
} pl_span;

typedef struct {
    pl_span *spans;
    int nspans, cap;
    int target; /* what Enter opens from this line (record, group or bin); -1: not selectable */
} pl_line;

struct pl_table;

typedef struct {
    char *title;   /* breadcrumb part of this screen */
    pl_line *lines;
    int nlines, cap;
    int nfixed;    /* the first lines (column headers) stay in place while the rest scrolls */
    int *headings; /* lines (ascending, >= nfixed) that head a section: the last one above the
                    * first line shown stays on the first scrolling row (views/viewport.h) */
    int nheadings, headings_cap;
    struct pl_table *table; /* owned, or NULL: the columns of a table screen (views/table.h) */
    int natural_width; /* columns of its widest table with nothing cut or dropped (0: no table) */
    char *status;  /* counts for the status bar */
    bool oom;      /* an allocation failed: the model is incomplete */
} pl_view_model;

void pl_vm_init(pl_view_model *vm);
void pl_vm_free(pl_view_model *vm);
/* Starts a new line (target -1 = not selectable). */
void pl_vm_line(pl_view_model *vm, int target);
/* Marks the current line as a section heading (a table's column headers in
 * the middle of a screen): it stays in view while its section scrolls. */
void pl_vm_heading(pl_view_model *vm);
/* Drops the lines from `nlines` on. */
void pl_vm_truncate(pl_view_model *vm, int nlines);
/* Every text a model holds is safe to draw (engine/base/safe_text.h, the
 * one sanitizer): spans, wrapped text, title and status show controls, ESC,
 * C1, bidi and other invisible format characters as visible escapes ("\e",
 * "\r", "\u202e"), tabs expanded, invalid UTF-8 as U+FFFD, a NUL as "\0".
 * An escape takes as many columns as its ASCII bytes. */
/* Appends a span to the current line. */
void pl_vm_span(pl_view_model *vm, pl_role role, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Appends text wrapped to `width` columns as new lines, each indented (a
 * UTF-8 character is never split; its line breaks kept). */
void pl_vm_wrapped(pl_view_model *vm, pl_role role, const char *text, int width, int indent);
/* The same, with the bytes inside marks [marks[2k], marks[2k+1]) (sorted,
 * not overlapping, indexes of the original text) in mark_role: the part of a
 * response a parser read, highlighted over the same characters once safe. */
void pl_vm_wrapped_marked(pl_view_model *vm, pl_role role, const char *text, int width, int indent,
                          const size_t *marks, int nmarks, pl_role mark_role);
/* `text` as a model shows it on one line: `text` itself when already safe,
 * else a safe copy also stored in *owned (the caller frees *owned; NULL when
 * no copy was made; "" when out of memory).  For views that measure text
 * before making spans of it (views/table.c). */
const char *pl_vm_safe(const char *text, char **owned);
/* Takes owned text and returns it safe (flags of engine/base/safe_text.h):
 * itself when already safe (most text: one cheap pass), else its safe copy
 * with the original freed; NULL for NULL or out of memory.  For text that
 * leaves planlens outside a model (the clipboard, the pager's file). */
char *pl_vm_safe_take(char *text, unsigned flags);
void pl_vm_set_title(pl_view_model *vm, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void pl_vm_set_status(pl_view_model *vm, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Terminal columns of UTF-8 text, of a line (one per character: views draw
 * no double-width glyphs), and the bytes of text's first `cols` columns. */
int pl_text_columns(const char *text);
int pl_vm_line_columns(const pl_line *line);
size_t pl_text_prefix(const char *text, int cols);
/* The line's text, spans joined (a new string; NULL when out of memory). */
char *pl_vm_line_text(const pl_line *line);
/* True when LC_ALL, LC_CTYPE or LANG (the first one set) names UTF-8: views
 * then draw Unicode bars and marks, otherwise their ASCII fallbacks. */
bool pl_locale_is_utf8(void);

#endif
