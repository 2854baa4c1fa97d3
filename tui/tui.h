/* The terminal explorer: every curses call of planlens lives in tui/. */
#ifndef PL_TUI_H
#define PL_TUI_H

/* `planlens [OPTIONS] [PATH...]`: opens the paths (sample-runs/ when none)
 * on the dashboard.  Without a usable terminal it prints the dashboard as
 * text instead.  Returns an exit code. */
int tui_main(int argc, char **argv);

/* `planlens teach DOMAIN PROBLEM [--save FILE] [--ascii] [--color=...]
 * [--hints] [--batch] [--time-limit S]`: walks the task by hand in the
 * terminal.  Without a usable terminal (or with --batch) it prints the
 * initial screen as text.  Exit codes 0, 2 (usage), 3 (input error). */
int tui_teach_main(int argc, char **argv);

#endif
