/* What --ascii (or a non-UTF-8 locale) draws for text: every non-ASCII
 * character replaced by its stand-in ("π" as "pi", "…" as "...", any other
 * as "?").  Shared by the drawing (tui/draw.c) and the tables, which size
 * and cut their cells as they will be drawn. */
#ifndef PL_ASCII_TEXT_H
#define PL_ASCII_TEXT_H

/* A new string; NULL when out of memory. */
char *pl_ascii_text(const char *text);
/* The columns of pl_ascii_text(text), no more than strlen(text). */
int pl_ascii_columns(const char *text);

#endif
