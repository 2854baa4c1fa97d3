/* Drawing a view model: title bar with breadcrumbs, body, status bar, help. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "draw_text.h"

#define MIN_COLS 40
#define MIN_ROWS 8

enum { PAIR_HEADER = 1, PAIR_DIM, PAIR_CORRECT, PAIR_WRONG, PAIR_MISSED, PAIR_HALLUCINATED, PAIR_BAR, PAIR_SUCCESS,
       PAIR_PARSED, PAIR_ERROR, PAIR_BARLINE };

void tui_init_colors(tui_app *app)
{
    if (!app->color || !has_colors()) {
        app->color = false;
        return;
    }
    start_color();
    use_default_colors();
    init_pair(PAIR_HEADER, COLOR_CYAN, -1);
    init_pair(PAIR_DIM, COLOR_BLUE, -1);
    init_pair(PAIR_CORRECT, COLOR_GREEN, -1);
    init_pair(PAIR_WRONG, COLOR_RED, -1);
    init_pair(PAIR_MISSED, COLOR_YELLOW, -1);
    init_pair(PAIR_HALLUCINATED, COLOR_MAGENTA, -1);
    init_pair(PAIR_BAR, COLOR_CYAN, -1);
    init_pair(PAIR_SUCCESS, COLOR_GREEN, -1);
    init_pair(PAIR_PARSED, COLOR_BLACK, COLOR_YELLOW);
    init_pair(PAIR_ERROR, COLOR_RED, -1);
    init_pair(PAIR_BARLINE, COLOR_WHITE, COLOR_BLUE);
}

/* Without colour, roles still differ: bold, underline, dim. */

int tui_bytes_in_columns(const char *s, int cols)
{
    int i = 0;
    for (int used = 0; s[i] && used < cols; used++) {
        i++;
        while (((unsigned char)s[i] & 0xC0) == 0x80)
            i++;
    }
    return i;
}

static attr_t attr_of(const tui_app *app, pl_role role)
{
    static const short pairs[ROLE_COUNT] = {0,        PAIR_HEADER, PAIR_DIM,      PAIR_CORRECT, PAIR_WRONG, PAIR_MISSED,
                                            PAIR_HALLUCINATED, PAIR_BAR, PAIR_SUCCESS, PAIR_PARSED, PAIR_ERROR};
    static const attr_t mono[ROLE_COUNT] = {A_NORMAL, A_BOLD, A_DIM, A_NORMAL, A_NORMAL, A_UNDERLINE,
                                            A_BOLD | A_UNDERLINE, A_NORMAL, A_NORMAL, A_UNDERLINE, A_BOLD};
    if ((unsigned)role >= ROLE_COUNT)
        return A_NORMAL;
    return app->color ? (attr_t)COLOR_PAIR(pairs[role]) | (role == ROLE_HEADER ? A_BOLD : 0) : mono[role];
}

static void bar_line(const tui_app *app, int y, const char *text)
{
    attr_t a = app->color ? (attr_t)COLOR_PAIR(PAIR_BARLINE) : A_REVERSE;
    attron(a);
    mvhline(y, 0, ' ', app->cols);
    mvaddnstr(y, 0, text, tui_bytes_in_columns(text, app->cols));
    attroff(a);
}

static void draw_title(tui_app *app)
{
    char crumbs[512];
    size_t n = (size_t)snprintf(crumbs, sizeof crumbs, " planlens");
    for (int i = 0; i < app->depth && n < sizeof crumbs; i++) {
        const tui_screen *s = &app->stack[i];
        n += (size_t)snprintf(crumbs + n, sizeof crumbs - n, " %s %s", app->ascii ? ">" : "›",
                              s->vm.title ? s->vm.title : "");
        if (s->scope_label && n < sizeof crumbs) /* what it was opened on, then the user's filter */
            n += (size_t)snprintf(crumbs + n, sizeof crumbs - n, " {%s}", s->scope_label);
        if (s->filter_text && n < sizeof crumbs)
            n += (size_t)snprintf(crumbs + n, sizeof crumbs - n, " [%s]", s->filter_text);
    }
    bar_line(app, 0, crumbs);
}

static void draw_status(tui_app *app, const tui_screen *s)
{
    char status[1024], warnings[64] = "";
    int graded = pl_workspace_graded(app->ws), total = pl_workspace_count(app->ws);
    size_t nwarn = app->opened ? pl_workspace_warnings(app->ws)->count : 0;
    if (nwarn && s->kind != VIEW_WARNINGS) /* beside the totals, never instead of them */
        snprintf(warnings, sizeof warnings, " │ %zu warning%s (:warnings)", nwarn, nwarn == 1 ? "" : "s");
    if (app->message[0])
        snprintf(status, sizeof status, " %s", app->message);
    else if (graded < total)
        snprintf(status, sizeof status, " grading %d/%d … │ %s%s", graded, total, s->vm.status ? s->vm.status : "",
                 warnings);
    else
        snprintf(status, sizeof status, " %s%s │ ? help", s->vm.status ? s->vm.status : "", warnings);
    bar_line(app, app->rows - 1, status);
}

static void draw_body(tui_app *app, tui_screen *s)
{
    int height = app->rows - 2;
    if (s->cursor < s->top)
        s->top = s->cursor;
    if (!s->hold_top && s->cursor >= s->top + height && s->vm.lines && s->vm.lines[s->cursor].target >= 0)
        s->top = s->cursor - height + 1;
    if (s->top > s->vm.nlines - 1)
        s->top = s->vm.nlines > 0 ? s->vm.nlines - 1 : 0;
    if (s->kind == VIEW_LIST)
        pl_view_list_fill(app->ws, &s->vm, s->top, s->top + height);
    for (int row = 0; row < height; row++) {
        int i = s->top + row;
        move(row + 1, 0);
        clrtoeol();
        if (i >= s->vm.nlines)
            continue;
        const pl_line *line = &s->vm.lines[i];
        bool selected = i == s->cursor && line->target >= 0;
        int x = 0;
        for (int k = 0; k < line->nspans && x < app->cols; k++) {
            attr_t a = attr_of(app, line->spans[k].role) | (selected ? A_REVERSE : 0);
            attron(a);
            mvaddnstr(row + 1, x, line->spans[k].text, tui_bytes_in_columns(line->spans[k].text, app->cols - x));
            attroff(a);
            int y_now;
            getyx(stdscr, y_now, x);
            if (y_now != row + 1) { /* the line filled the row: the cursor moved to the next one */
                x = app->cols;
                break;
            }
        }
        if (selected) { /* the selection spans the row, visible without colour */
            attron(A_REVERSE);
            if (x < app->cols)
                mvhline(row + 1, x, ' ', app->cols - x);
            attroff(A_REVERSE);
        }
    }
}

static void draw_help(tui_app *app)
{
    tui_view_kind view = tui_top(app)->kind;
    int w = app->cols - 8 > 60 ? 60 : app->cols - 8, h = app->rows - 4, y = 2, x = (app->cols - w) / 2;
    for (int r = 0; r < h; r++) {
        attron(A_REVERSE);
        mvhline(y + r, x, ' ', w);
        attroff(A_REVERSE);
    }
    attron(A_REVERSE | A_BOLD);
    mvaddnstr(y, x + 2, "Keys (from the live keymap; Esc or ? closes)", w - 4);
    attroff(A_BOLD);
    int row = 2;
    for (int pass = 0; pass < 2; pass++) {
        tui_view_kind v = pass == 0 ? view : VIEW_GENERIC;
        for (int i = 0; i < app->keymap.count && row < h - 1; i++) {
            const tui_binding *b = &app->keymap.items[i];
            if (b->view != v || b->action == ACT_NONE || (pass == 1 && tui_keymap_lookup(&app->keymap, view, b->key) != b->action))
                continue;
            char key[16], line[128];
            snprintf(line, sizeof line, "%-10s %-14s %s", tui_key_name(b->key, key), tui_action_name(b->action),
                     pass == 0 ? tui_view_name(v) : "");
            mvaddnstr(y + row++, x + 2, line, w - 4);
        }
    }
    attroff(A_REVERSE);
}

void tui_draw(tui_app *app)
{
    getmaxyx(stdscr, app->rows, app->cols);
    erase();
    if (app->cols < MIN_COLS || app->rows < MIN_ROWS) {
        char need[64];
        snprintf(need, sizeof need, "too small: need %dx%d, have %dx%d", MIN_COLS, MIN_ROWS, app->cols, app->rows);
        mvaddnstr(0, 0, need, app->cols);
        refresh();
        return;
    }
    tui_screen *s = tui_top(app);
    if (s->stale)
        tui_rebuild(app, s);
    draw_title(app);
    draw_body(app, s);
    draw_status(app, s);
    if (app->help)
        draw_help(app);
    refresh();
}
