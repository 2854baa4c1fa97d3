/* The ':' and '/' prompts: readline's callback interface fed by curses keys,
 * drawn in the status line, with history kept in $XDG_STATE_HOME/planlens/. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "app.h"

static int pending_key;   /* the key readline's getc hook hands over */
static bool key_ready;    /* readline asks whether more input waits: only this key */
static char *finished;    /* the line readline completed, or NULL */
static bool done;
static tui_app *active;

static int feed_key(FILE *f)
{
    (void)f;
    key_ready = false;
    return pending_key;
}

static int key_available(void)
{
    return key_ready;
}

static void redisplay(void)
{
    tui_app *app = active;
    const char *prompt = rl_display_prompt ? rl_display_prompt : "";
    move(app->rows - 1, 0);
    clrtoeol();
    mvaddnstr(app->rows - 1, 0, prompt, app->cols);
    int x = (int)strlen(prompt);
    addnstr(rl_line_buffer, app->cols - x > 0 ? app->cols - x : 0);
    move(app->rows - 1, x + rl_point < app->cols ? x + rl_point : app->cols - 1);
    refresh();
}

static void on_line(char *line)
{
    finished = line;
    done = true;
    rl_callback_handler_remove();
}

static void no_terminal_prep(int meta)
{
    (void)meta;
}

static void no_terminal_deprep(void)
{
}

void tui_prompt_setup(tui_app *app)
{
    rl_catch_signals = 0;
    rl_catch_sigwinch = 0;
    rl_getc_function = feed_key;
    rl_input_available_hook = key_available;
    rl_change_environment = 0; /* readline must not export LINES/COLUMNS */
    rl_redisplay_function = redisplay;
    rl_prep_term_function = no_terminal_prep; /* curses owns the terminal */
    rl_deprep_term_function = no_terminal_deprep;
    rl_outstream = fopen("/dev/null", "w");
    using_history();
    const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
    char *dir = state && *state ? pl_strdup_printf("%s/planlens", state)
                : home          ? pl_strdup_printf("%s/.local/state/planlens", home)
                                : NULL;
    if (dir) {
        app->history_path = pl_strdup_printf("%s/history", dir);
        if (app->history_path)
            read_history(app->history_path);
    }
    free(dir);
}

/* mkdir -p for the history directory. */
static void make_dirs(const char *path)
{
    char *copy = pl_strdup(path);
    for (char *s = copy ? copy + 1 : NULL; s && *s; s++)
        if (*s == '/') {
            *s = '\0';
            mkdir(copy, 0700);
            *s = '/';
        }
    free(copy);
}

void tui_prompt_teardown(tui_app *app)
{
    if (app->history_path) {
        /* write beside the file and rename: a crash never truncates the history */
        char *tmp = pl_strdup_printf("%s.tmp", app->history_path);
        make_dirs(app->history_path);
        if (tmp && write_history(tmp) == 0)
            rename(tmp, app->history_path);
        else if (tmp)
            remove(tmp);
        free(tmp);
        free(app->history_path);
        app->history_path = NULL;
    }
    clear_history();
    if (rl_outstream) {
        fclose(rl_outstream);
        rl_outstream = NULL;
    }
}

/* Curses keys readline has no byte for. */
static bool special_key(int ch)
{
    switch (ch) {
    case KEY_LEFT:
        rl_backward_char(1, 0);
        return true;
    case KEY_RIGHT:
        rl_forward_char(1, 0);
        return true;
    case KEY_UP:
        rl_get_previous_history(1, 0);
        return true;
    case KEY_DOWN:
        rl_get_next_history(1, 0);
        return true;
    case KEY_HOME:
        rl_beg_of_line(1, 0);
        return true;
    case KEY_END:
        rl_end_of_line(1, 0);
        return true;
    case KEY_DC:
        rl_delete(1, 0);
        return true;
    default:
        return false;
    }
}

char *tui_prompt(tui_app *app, const char *prompt)
{
    active = app;
    finished = NULL;
    done = false;
    curs_set(1);
    rl_callback_handler_install(prompt, on_line);
    redisplay();
    while (!done) {
        int ch = getch();
        if (ch == ERR)
            continue;
        if (ch == 27) { /* Esc cancels */
            rl_callback_handler_remove();
            break;
        }
        if (ch == KEY_RESIZE) {
            getmaxyx(stdscr, app->rows, app->cols);
            redisplay();
            continue;
        }
        if (special_key(ch)) {
            redisplay();
            continue;
        }
        pending_key = ch == KEY_BACKSPACE ? 127 : ch == KEY_ENTER ? '\n' : ch;
        if (pending_key > 255)
            continue;
        key_ready = true;
        rl_callback_read_char();
    }
    curs_set(0);
    if (finished && *finished)
        add_history(finished);
    return finished;
}
