/* The terminal explorer: every curses call of planlens lives in tui/. */
#ifndef PL_TUI_H
#define PL_TUI_H

/* `planlens [OPTIONS] [PATH...]`: opens the paths (sample-runs/ when none)
 * on the dashboard.  Without a usable terminal it prints the dashboard as
 * text instead.  Returns an exit code. */
int tui_main(int argc, char **argv);

#endif
