/* The ':' and '/' prompts: readline's callback interface fed by curses keys,
 * drawn in the status line, with history kept in $XDG_STATE_HOME/planlens/. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <readline/readline.h>

#include "app.h"
#include "base/atomic_file.h"
#include "base/safe_text.h"
#include "draw_text.h"
#include "complete.h"
#include "terminal.h"

static int pending_key;   /* the key readline's getc hook hands over */
static bool key_ready;    /* readline asks whether more input waits: only this key */
static char *finished;    /* the line readline completed, or NULL */
static bool done;
static tui_app *active;
static tui_history_kind active_kind; /* what Tab completes */

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
    /* a completed run name may hold ESC or CR: drawn as "\e", the cursor after what it shows */
    char *shown = pl_safe_text(rl_line_buffer, 0), *before = pl_safe_text_n(rl_line_buffer, (size_t)rl_point, 0);
    if (shown)
        addnstr(shown, tui_bytes_in_columns(shown, app->cols - x > 0 ? app->cols - x : 0));
    int point = x + (before ? pl_text_columns(before) : rl_point);
    move(app->rows - 1, point < app->cols ? point : app->cols - 1);
    free(shown);
    free(before);
    refresh();
}

/* Tab: readline's matches (the common part first, then each candidate)
 * from tui_complete; never file names. */
static char **attempt_completion(const char *text, int start, int end)
{
    (void)text;
    rl_attempted_completion_over = 1;
    bool whole;
    char **found = tui_complete(active->opened ? active->ws : NULL, active_kind, rl_line_buffer, start, end, &whole);
    int n = 0;
    while (found && found[n])
        n++;
    char **out = n ? malloc((size_t)(n + 2) * sizeof *out) : NULL;
    if (!out) {
        tui_complete_free(found);
        return NULL;
    }
    rl_completion_append_character = whole ? ' ' : '\0'; /* a field name is followed by its operator */
    size_t common = strlen(found[0]);
    for (int i = 1; i < n; i++)
        for (size_t k = 0; k < common; k++)
            if (found[i][k] != found[0][k]) {
                common = k;
                break;
            }
    out[0] = n == 1 ? found[0] : pl_strdup_printf("%.*s", (int)common, found[0]);
    for (int i = n == 1 ? 1 : 0; i < n; i++)
        out[i + 1] = found[i];
    out[n == 1 ? 1 : n + 1] = NULL;
    free(found); /* the strings are readline's now */
    return out;
}

/* The candidates of an ambiguous Tab, in the status line above the prompt. */
static void show_matches(char **matches, int n, int longest)
{
    (void)longest;
    tui_app *app = active;
    char list[1024];
    size_t used = (size_t)snprintf(list, sizeof list, " Tab: %d candidates:", n);
    for (int i = 1; i <= n && used < sizeof list; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, " %s", matches[i]);
    move(app->rows - 2, 0);
    clrtoeol();
    attron(A_REVERSE);
    mvhline(app->rows - 2, 0, ' ', app->cols);
    char *owned; /* the candidates may be run names */
    const char *safe = pl_vm_safe(list, &owned);
    mvaddnstr(app->rows - 2, 0, safe, tui_bytes_in_columns(safe, app->cols));
    free(owned);
    attroff(A_REVERSE);
    rl_forced_update_display();
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

/* One history per prompt kind, kept here rather than in readline's single
 * list: Up and Down walk the list of the prompt being typed. */
#define HISTORY_MAX 500
typedef struct {
    char **items;
    int n;
} history_list;
static history_list lists[TUI_HISTORY_COUNT];
static const char *const history_files[TUI_HISTORY_COUNT] = {"history", "history-filter", "history-search",
                                                             "history-teach"};
static history_list *walked; /* the list of the prompt open, or NULL */
static int walk_at;          /* Up/Down position in it (n: the line being typed) */
static char *typed;          /* the line being typed, kept while walking */

static void remember(history_list *h, const char *line)
{
    if (h->n && !strcmp(h->items[h->n - 1], line))
        return; /* the same line again: once is enough */
    char *copy = pl_strdup(line);
    char **grown = copy ? realloc(h->items, (size_t)(h->n + 1) * sizeof *grown) : NULL;
    if (!grown) {
        free(copy);
        return;
    }
    h->items = grown;
    h->items[h->n++] = copy;
    if (h->n > HISTORY_MAX) {
        free(h->items[0]);
        memmove(h->items, h->items + 1, (size_t)--h->n * sizeof *h->items);
    }
}

static void read_list(history_list *h, const char *path)
{
    FILE *f = path ? fopen(path, "r") : NULL;
    char line[4096];
    while (f && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        if (*line)
            remember(h, line);
    }
    if (f)
        fclose(f);
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
    rl_attempted_completion_function = attempt_completion;
    rl_completion_display_matches_hook = show_matches;
    static char breaks[] = " \t\"=<>~!()";
    rl_completer_word_break_characters = breaks;
    rl_variable_bind("show-all-if-ambiguous", "on"); /* the first Tab lists them */
    const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
    app->history_dir = state && *state ? pl_strdup_printf("%s/planlens", state)
                       : home          ? pl_strdup_printf("%s/.local/state/planlens", home)
                                       : NULL;
    for (int k = 0; app->history_dir && k < TUI_HISTORY_COUNT; k++) {
        char *path = pl_strdup_printf("%s/%s", app->history_dir, history_files[k]);
        read_list(&lists[k], path);
        free(path);
    }
}

/* mkdir -p for the history directory. */
static void make_dirs(const char *path)
{
    char *copy = pl_strdup_printf("%s/", path);
    for (char *s = copy ? copy + 1 : NULL; s && *s; s++)
        if (*s == '/') {
            *s = '\0';
            mkdir(copy, 0700);
            *s = '/';
        }
    free(copy);
}

/* Written whole or not at all (base/atomic_file.h): a crash never truncates a history. */
static void write_list(const history_list *h, const char *dir, const char *name)
{
    char *path = h->n ? pl_strdup_printf("%s/%s", dir, name) : NULL;
    pl_atomic_file a;
    pl_error err = {0};
    FILE *f = path ? pl_atomic_open(&a, path, &err) : NULL;
    bool ok = f != NULL;
    for (int i = 0; f && i < h->n; i++)
        ok = fprintf(f, "%s\n", h->items[i]) > 0 && ok;
    if (f)
        pl_atomic_close(&a, ok, &err);
    pl_error_clear(&err);
    free(path);
}

void tui_prompt_teardown(tui_app *app)
{
    if (app->history_dir)
        make_dirs(app->history_dir);
    for (int k = 0; k < TUI_HISTORY_COUNT; k++) {
        if (app->history_dir)
            write_list(&lists[k], app->history_dir, history_files[k]);
        for (int i = 0; i < lists[k].n; i++)
            free(lists[k].items[i]);
        free(lists[k].items);
        lists[k] = (history_list){0};
    }
    free(app->history_dir);
    app->history_dir = NULL;
    if (rl_outstream) {
        fclose(rl_outstream);
        rl_outstream = NULL;
    }
}

/* Up (dir -1) and Down (1) through the prompt's own history. */
static void walk_history(int dir)
{
    if (!walked || walk_at + dir < 0 || walk_at + dir > walked->n)
        return;
    if (walk_at == walked->n) {
        free(typed);
        typed = pl_strdup(rl_line_buffer);
    }
    walk_at += dir;
    rl_replace_line(walk_at < walked->n ? walked->items[walk_at] : typed ? typed : "", 0);
    rl_point = rl_end;
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
        walk_history(-1);
        return true;
    case KEY_DOWN:
        walk_history(1);
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

/* One key to readline. */
static void feed(int ch)
{
    pending_key = ch;
    key_ready = true;
    rl_callback_read_char();
}

char *tui_prompt(tui_app *app, tui_history_kind kind, const char *prompt)
{
    active = app;
    active_kind = kind;
    finished = NULL;
    done = false;
    walked = kind >= 0 && kind < TUI_HISTORY_COUNT ? &lists[kind] : NULL;
    walk_at = walked ? walked->n : 0;
    curs_set(1);
    rl_callback_handler_install(prompt, on_line);
    redisplay();
    while (!done && !tui_stop_signal()) {
        int ch = tui_read_key();
        if (ch == ERR || ch == TUI_KEY_UNKNOWN)
            continue;
        if (ch == 27) /* Esc alone cancels */
            break;
        if (ch == KEY_RESIZE) {
            getmaxyx(stdscr, app->rows, app->cols);
            redisplay();
            continue;
        }
        if (special_key(ch)) {
            redisplay();
            continue;
        }
        if (ch > TUI_KEY_ALT_BASE && ch < TUI_KEY_ALT(256)) { /* Alt-b, Alt-f, ...: readline's meta keys */
            feed(27);
            if (!done)
                feed(ch - TUI_KEY_ALT_BASE);
            continue;
        }
        ch = ch == KEY_BACKSPACE ? 127 : ch == KEY_ENTER ? '\n' : ch;
        if (ch <= 255)
            feed(ch);
    }
    if (!done)
        rl_callback_handler_remove();
    curs_set(0);
    size_t len = finished && kind == TUI_HISTORY_FILTER ? strlen(finished) : 0;
    while (len > 0 && finished[len - 1] == ' ') /* the blank Tab puts after a completed value */
        finished[--len] = '\0';
    if (finished && *finished && walked)
        remember(walked, finished);
    free(typed);
    typed = NULL;
    walked = NULL;
    return finished;
}
