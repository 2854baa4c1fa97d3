/* Text that fits the screen: curses' addnstr limits bytes, not columns. */
#ifndef PL_TUI_DRAW_TEXT_H
#define PL_TUI_DRAW_TEXT_H

/* How many bytes of UTF-8 text `s` fill at most `cols` columns (each
 * character one column: planlens draws no double-width glyphs). */
int tui_bytes_in_columns(const char *s, int cols);

#endif
