/* The terminal both curses programs of planlens (the explorer and teach
 * mode) draw on. */
#ifndef PL_TUI_TERMINAL_H
#define PL_TUI_TERMINAL_H

#include <curses.h>
#include <stdbool.h>
#include <stdio.h>

/* Curses on /dev/tty (so that stdout may be redirected), in cbreak mode
 * with keypad keys, no echo, no cursor, and getch waking every 100 ms.
 * false when there is no usable terminal (no TERM, TERM=dumb, no tty). */
bool tui_open_terminal(FILE **tty, SCREEN **screen);
/* Alt-x arrives as Esc then x at once: read as TUI_KEY_ALT(x) (keymap name
 * "M-x").  An escape sequence curses does not know (Esc [ ... or Esc O x) is
 * read whole and returned as TUI_KEY_UNKNOWN, so that none of its bytes is
 * taken for Esc or a key of its own. */
#define TUI_KEY_ALT_BASE 0x2000
#define TUI_KEY_ALT(c) (TUI_KEY_ALT_BASE + (c))
#define TUI_KEY_UNKNOWN 0x1fff
/* getch() with Esc, Alt-keys and unknown escape sequences told apart;
 * restores the 100 ms timeout afterwards. */
int tui_read_key(void);
/* SIGINT and SIGTERM end the event loops (the terminal is restored on the
 * way out) instead of the process. */
void tui_catch_stop_signals(void);
/* The stop signal received, or 0. */
int tui_stop_signal(void);

#endif
