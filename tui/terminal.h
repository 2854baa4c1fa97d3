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
/* SIGINT and SIGTERM end the event loops (the terminal is restored on the
 * way out) instead of the process. */
void tui_catch_stop_signals(void);
/* The stop signal received, or 0. */
int tui_stop_signal(void);
/* Handles the display options shared by the explorer and teach mode
 * (--color[=auto|always|never], --no-color, --ascii); false when `arg` is not one. */
bool tui_display_option(const char *arg, bool *color, bool *ascii);

#endif
