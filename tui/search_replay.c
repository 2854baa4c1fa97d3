/* The search replay screen (views/search_replay.h): a trace of planlens
 * plan --trace, stepped through expansion by expansion and in jumps.
 * Opened from teach mode (S asks for the file) or with the file on the
 * command line (tui_replay_main).  Keys from the keymap's teach view. */
#define _POSIX_C_SOURCE 200809L
#include <curses.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app.h"
#include "base/file.h"
#include "draw_text.h"
#include "search_replay.h"
#include "terminal.h"
#include "tui_teach.h"

typedef struct {
    pl_search_replay *r;
    const tui_replay_opts *o;
    const tui_keymap *km;
    pl_view_model vm;
    bool stale, help, quit;
    int top, rows, cols;
    char message[256];
    tui_app prompt_app; /* what tui_prompt needs: the screen size */
} replay_ui;

/* The keys of the help screen and the hint bar, from the keymap. */
static const struct {
    tui_action action;
    const char *what, *hint;
} keys[] = {
    {ACT_NEXT_STEP, "next expansion", "next"},
    {ACT_PREV_STEP, "previous expansion", "prev"},
    {ACT_GOAL_GENERATED, "the expansion that first generates a goal", "goal generated"},
    {ACT_GOAL_TAKEN, "the goal taken: the end of the search and its plan", "goal taken"},
    {ACT_PROMPT, "go to expansion N (a number; 'end' for the end)", "go to"},
    {ACT_FIRST, "the first expansion", NULL},
    {ACT_LAST, "the end of the search", NULL},
    {ACT_DOWN, "scroll down", NULL},
    {ACT_UP, "scroll up", NULL},
    {ACT_PAGE_DOWN, "page down", NULL},
    {ACT_PAGE_UP, "page up", NULL},
    {ACT_BACK, "leave the replay", "leave"},
    {ACT_HELP, "this help (any key closes)", "help"},
};

static attr_t attr_of(pl_role role)
{
    return role == ROLE_HEADER || role == ROLE_CORRECT ? A_BOLD : role == ROLE_DIM ? A_DIM
           : role == ROLE_ERROR ? A_REVERSE : A_NORMAL;
}

static void draw_line(int y, const pl_line *line, int cols)
{
    int x = 0;
    move(y, 0);
    clrtoeol();
    for (int k = 0; k < line->nspans && x < cols; k++) {
        const char *text = line->spans[k].text;
        attron(attr_of(line->spans[k].role));
        mvaddnstr(y, x, text, tui_bytes_in_columns(text, cols - x));
        attroff(attr_of(line->spans[k].role));
        x += pl_text_columns(text);
    }
}

static void bar(int y, const char *text, int cols, attr_t a)
{
    move(y, 0);
    clrtoeol();
    attron(a);
    mvaddnstr(y, 0, text, tui_bytes_in_columns(text, cols));
    attroff(a);
}

static void draw_hints(const replay_ui *ui)
{
    char hints[512] = "", piece[128], k[64];
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        if (!keys[i].hint || !*tui_keymap_keys(ui->km, VIEW_TEACH, keys[i].action, k, sizeof k))
            continue;
        char *space = strchr(k, ' '); /* the first key only */
        if (space)
            *space = 0;
        snprintf(piece, sizeof piece, "%s%s %s", hints[0] ? "  " : " ", k, keys[i].hint);
        if (pl_text_columns(hints) + pl_text_columns(piece) <= ui->cols && strlen(hints) + strlen(piece) < sizeof hints)
            strcat(hints, piece);
    }
    bar(ui->rows - 1, hints, ui->cols, A_DIM);
}

static void draw_help(const replay_ui *ui)
{
    erase();
    bar(0, " Search replay keys (from the keymap; any key closes)", ui->cols, A_REVERSE);
    for (size_t i = 0; i < sizeof keys / sizeof *keys && (int)i + 2 < ui->rows; i++) {
        char k[64], line[256];
        tui_keymap_keys(ui->km, VIEW_TEACH, keys[i].action, k, sizeof k);
        snprintf(line, sizeof line, "  %-12s %s", *k ? k : "(unbound)", keys[i].what);
        bar((int)i + 2, line, ui->cols, A_NORMAL);
    }
    refresh();
}

static void draw(replay_ui *ui)
{
    getmaxyx(stdscr, ui->rows, ui->cols);
    if (ui->help) {
        draw_help(ui);
        return;
    }
    if (ui->stale) {
        pl_vm_free(&ui->vm);
        pl_replay_view(ui->r, ui->o->ascii, &ui->vm);
        ui->stale = false;
    }
    erase();
    char title[512];
    snprintf(title, sizeof title, " planlens %s %s%s%s", ui->o->ascii ? ">" : "\u203a", ui->vm.title ? ui->vm.title : "",
             ui->o->title ? " " : "", ui->o->title ? ui->o->title : "");
    bar(0, title, ui->cols, A_REVERSE);
    int fixed = ui->vm.nfixed, room = ui->rows - 3 - fixed;
    for (int i = 0; i < fixed && i + 1 < ui->rows - 2; i++)
        draw_line(i + 1, &ui->vm.lines[i], ui->cols);
    int most = ui->vm.nlines - fixed - room;
    ui->top = ui->top > most ? most : ui->top;
    ui->top = ui->top < 0 ? 0 : ui->top;
    for (int r = 0; r < room && fixed + ui->top + r < ui->vm.nlines; r++)
        draw_line(1 + fixed + r, &ui->vm.lines[fixed + ui->top + r], ui->cols);
    char status[512];
    snprintf(status, sizeof status, " %s%s%s", ui->vm.status ? ui->vm.status : "", ui->message[0] ? "  " : "",
             ui->message);
    bar(ui->rows - 2, status, ui->cols, A_REVERSE);
    draw_hints(ui);
    refresh();
}

/* Moves to a new position: its screen from the top. */
static void moved(replay_ui *ui)
{
    ui->stale = true;
    ui->top = 0;
}

static void go_to(replay_ui *ui)
{
    ui->prompt_app.rows = ui->rows;
    ui->prompt_app.cols = ui->cols;
    char *text = tui_prompt(&ui->prompt_app, TUI_HISTORY_NONE, "expansion (1-N, end): ");
    char *end;
    long n = text ? strtol(text, &end, 10) : 0;
    if (text && !strcmp(text, "end")) {
        pl_replay_go(ui->r, ui->r->nrecords + 1);
        moved(ui);
    } else if (text && *text && !*end && n >= 1 && n <= ui->r->nrecords) {
        pl_replay_go(ui->r, n);
        moved(ui);
    } else if (text && *text) {
        snprintf(ui->message, sizeof ui->message, "no expansion %.40s (1-%ld, or end)", text, ui->r->nrecords);
    }
    free(text);
}

static void key(replay_ui *ui, int ch)
{
    if (ui->help) {
        ui->help = false;
        return;
    }
    ui->message[0] = 0;
    int page = ui->rows - 3 - ui->vm.nfixed > 1 ? ui->rows - 4 - ui->vm.nfixed : 1;
    switch (tui_keymap_lookup(ui->km, VIEW_TEACH, ch)) {
    case ACT_NEXT_STEP:
        pl_replay_step(ui->r, 1);
        moved(ui);
        break;
    case ACT_PREV_STEP:
        pl_replay_step(ui->r, -1);
        moved(ui);
        break;
    case ACT_GOAL_GENERATED:
        if (pl_replay_go_first_goal(ui->r))
            moved(ui);
        else
            snprintf(ui->message, sizeof ui->message, "no expansion generates a goal");
        break;
    case ACT_GOAL_TAKEN:
        if (pl_replay_go_goal(ui->r))
            moved(ui);
        else
            snprintf(ui->message, sizeof ui->message, "the search found no plan (%s)", ui->r->end ? ui->r->end : "no end");
        break;
    case ACT_FIRST:
        pl_replay_go(ui->r, 1);
        moved(ui);
        break;
    case ACT_LAST:
        pl_replay_go(ui->r, ui->r->nrecords + 1);
        moved(ui);
        break;
    case ACT_DOWN:
        ui->top++;
        break;
    case ACT_UP:
        ui->top--;
        break;
    case ACT_PAGE_DOWN:
        ui->top += page;
        break;
    case ACT_PAGE_UP:
        ui->top -= page;
        break;
    case ACT_PROMPT:
        go_to(ui);
        break;
    case ACT_HELP:
        ui->help = true;
        break;
    case ACT_CANCEL:
        ui->quit = !ui->o->root; /* Esc goes back; it never quits (keymaps/default.keymap) */
        break;
    case ACT_BACK:
    case ACT_QUIT:
        ui->quit = true;
        break;
    default:
        break;
    }
}

int tui_replay_run(pl_search_replay *r, const tui_replay_opts *o, const tui_keymap *keymap)
{
    replay_ui ui = {.r = r, .o = o, .km = keymap, .stale = true};
    pl_vm_init(&ui.vm);
    bool dirty = true;
    while (!ui.quit && !tui_stop_signal() && !ui.vm.oom) {
        if (dirty)
            draw(&ui);
        int ch = tui_read_key();
        dirty = ch != ERR;
        if (dirty && ch != KEY_RESIZE)
            key(&ui, ch);
    }
    bool oom = ui.vm.oom;
    pl_vm_free(&ui.vm);
    return oom ? -1 : 0;
}

bool tui_is_search_trace(const char *path)
{
    const char *kind;
    FILE *f = pl_is_regular_file(path, &kind) ? fopen(path, "r") : NULL;
    char *line = NULL;
    size_t cap = 0;
    ssize_t n = f ? getline(&line, &cap, f) : -1;
    bool yes = n > 0 && pl_replay_sniff(line, (size_t)n);
    free(line);
    if (f)
        fclose(f);
    return yes;
}

void tui_print_lines(const pl_view_model *vm)
{
    for (int i = 0; i < vm->nlines; i++) {
        char *text = pl_vm_line_text(&vm->lines[i]);
        if (text)
            puts(text);
        free(text);
    }
}

/* Without a terminal: the first expansion's screen as text. */
static void print_first(pl_search_replay *r, bool ascii)
{
    pl_view_model vm;
    pl_replay_view(r, ascii, &vm);
    tui_print_lines(&vm);
    pl_vm_free(&vm);
}

int tui_replay_main(const char *path, bool ascii, bool color, bool batch)
{
    (void)color; /* the replay's roles are drawn as mono attributes */
    setlocale(LC_CTYPE, "");
    pl_search_replay r;
    pl_error err = PL_ERROR_INIT;
    if (pl_replay_read(path, &r, &err) != PL_OK) {
        char *m = pl_error_format(&err);
        fprintf(stderr, "planlens: %s\n", m ? m : "cannot read the search trace");
        free(m);
        pl_error_clear(&err);
        pl_replay_free(&r);
        return 3;
    }
    FILE *tty = NULL;
    SCREEN *screen = NULL;
    int rc = 0;
    if (batch || !isatty(STDIN_FILENO) || !tui_open_terminal(&tty, &screen)) {
        print_first(&r, ascii);
    } else {
        tui_catch_stop_signals();
        tui_app app = {0};
        tui_keymap_load_installed(&app.keymap, app.message, sizeof app.message);
        tui_prompt_setup(&app);
        tui_replay_opts o = {.title = path, .ascii = ascii, .root = true};
        rc = tui_replay_run(&r, &o, &app.keymap);
        tui_prompt_teardown(&app);
        tui_keymap_free(&app.keymap);
        endwin();
        delscreen(screen);
        fclose(tty);
        if (app.message[0])
            fprintf(stderr, "planlens: %s\n", app.message);
        rc = rc < 0 ? 3 : tui_stop_signal() ? 128 + tui_stop_signal() : 0;
    }
    pl_replay_free(&r);
    return rc;
}
