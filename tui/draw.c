/* Drawing a view model: title bar with breadcrumbs, body, status bar, help. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "ascii_text.h"
#include "draw_text.h"
#include "viewport.h"

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
    return (int)pl_text_prefix(s, cols);
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

/* Draws `text` at row y from screen column *x, skipping the line's first
 * `left` columns (*col counts the line's columns drawn or skipped so far). */
static void put_text(const tui_app *app, int y, int *x, int *col, int left, const char *text, attr_t a)
{
    char *owned; /* model text is safe already (views/view_model.h); this is the last exit before curses */
    text = pl_vm_safe(text, &owned);
    char *ascii = app->ascii ? pl_ascii_text(text) : NULL;
    const char *t = ascii ? ascii : text;
    int skip = *col < left ? left - *col : 0;
    int chars = pl_text_columns(t);
    int from = tui_bytes_in_columns(t, skip);
    *col += chars;
    if (chars > skip && *x < app->cols) {
        attron(a);
        mvaddnstr(y, *x, t + from, tui_bytes_in_columns(t + from, app->cols - *x));
        attroff(a);
        *x += chars - skip < app->cols - *x ? chars - skip : app->cols - *x;
    }
    free(ascii);
    free(owned);
}

static void bar_line(const tui_app *app, int y, const char *text)
{
    attr_t a = app->color ? (attr_t)COLOR_PAIR(PAIR_BARLINE) : A_REVERSE;
    attron(a);
    mvhline(y, 0, ' ', app->cols);
    int x = 0, col = 0;
    put_text(app, y, &x, &col, 0, text, a);
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
    char *owned; /* a scope label quotes a run name: measured as drawn, "\e" not ESC */
    const char *safe = pl_vm_safe(crumbs, &owned);
    char *ascii = app->ascii ? pl_ascii_text(safe) : NULL; /* measured as drawn: "π" is "pi" */
    if (ascii || owned)
        snprintf(crumbs, sizeof crumbs, "%s", ascii ? ascii : owned);
    free(ascii);
    free(owned);
    int over = pl_text_columns(crumbs) - app->cols;
    if (over > 0) { /* the current screen matters most: cut from the left */
        char cut[520];
        const char *ellipsis = app->ascii ? ".." : "…";
        snprintf(cut, sizeof cut, " %s%s", ellipsis,
                 crumbs + tui_bytes_in_columns(crumbs, over + 1 + pl_text_columns(ellipsis)));
        bar_line(app, 0, cut);
        return;
    }
    bar_line(app, 0, crumbs);
}

/* The rows a message takes, wrapped between words (at most MAX_MESSAGE_ROWS). */
#define MAX_MESSAGE_ROWS 4

static int message_rows(const char *text, int cols, const char *starts[MAX_MESSAGE_ROWS])
{
    int n = 0;
    while (*text && n < MAX_MESSAGE_ROWS) {
        starts[n++] = text;
        if (pl_text_columns(text) <= cols || n == MAX_MESSAGE_ROWS)
            break;
        size_t fit = pl_text_prefix(text, cols), at = fit;
        while (at > 0 && text[at] != ' ')
            at--;
        text += at ? at + 1 : fit; /* a word longer than the row is cut where the row ends */
    }
    return n;
}

/* The status bar's message, whole: a long error (a path and what failed)
 * is wrapped onto the rows above instead of being cut at the edge; they
 * are drawn again at the next key. */
static void draw_message(tui_app *app, const char *message)
{
    char *owned; /* a message may quote a record (an id, a note): wrapped as drawn */
    const char *safe = pl_vm_safe(message, &owned);
    char *ascii = app->ascii ? pl_ascii_text(safe) : NULL;
    const char *text = ascii ? ascii : safe, *starts[MAX_MESSAGE_ROWS];
    int n = message_rows(text, app->cols - 1, starts);
    if (n > 1 && n > app->rows - 3) /* a short terminal keeps the first row; no message draws none */
        n = app->rows - 3 > 1 ? app->rows - 3 : 1;
    for (int i = 0; i < n; i++) {
        size_t len = i + 1 < n ? (size_t)(starts[i + 1] - starts[i]) : strlen(starts[i]);
        char row[1024];
        snprintf(row, sizeof row, " %.*s", (int)len, starts[i]);
        bar_line(app, app->rows - 1 - n + i, row);
    }
    free(ascii);
    free(owned);
}

static void draw_status(tui_app *app, const tui_screen *s)
{
    char status[1024], warnings[64] = "", side[96] = "";
    int graded = pl_workspace_graded(app->ws), total = pl_workspace_count(app->ws);
    const char *bar = app->ascii ? "|" : "│";
    size_t nwarn = app->opened ? pl_workspace_warnings(app->ws)->count : 0;
    if (nwarn && s->kind != VIEW_WARNINGS) /* beside the totals, never instead of them */
        snprintf(warnings, sizeof warnings, " %s %zu warning%s (:warnings)", bar, nwarn, nwarn == 1 ? "" : "s");
    if (s->full_width) { /* first: where the terminal is in the tables laid out whole */
        int widest = pl_vp_widest(&s->vm), last = s->left + app->cols < widest ? s->left + app->cols : widest;
        snprintf(side, sizeof side, "columns %d%s%d of %d %s ", s->left + 1, app->ascii ? "-" : "–", last, widest, bar);
    }
    if (app->message[0] && s->kind == VIEW_REVIEW && s->vm.status) { /* the progress stays in view */
        char *both = pl_strdup_printf("%s %s %s", s->vm.status, bar, app->message);
        draw_message(app, both ? both : app->message);
        free(both);
        return;
    } else if (app->message[0]) {
        draw_message(app, app->message);
        return;
    } else if (graded < total)
        snprintf(status, sizeof status, " %sgrading %d/%d %s %s %s%s", side, graded, total, app->ascii ? "..." : "…",
                 bar, s->vm.status ? s->vm.status : "", warnings);
    else
        snprintf(status, sizeof status, " %s%s%s", side, s->vm.status ? s->vm.status : "", warnings);
    bar_line(app, app->rows - 2, status);
}

/* Removes the hint "  a/b label" of a key pair from the hint bar. */
static void drop_hint(const tui_keymap *km, tui_view_kind view, tui_action first, tui_action second, char *hints)
{
    char a[64], b[64], piece[140];
    tui_keymap_keys(km, view, first, a, sizeof a);
    tui_keymap_keys(km, view, second, b, sizeof b);
    a[strcspn(a, " ")] = b[strcspn(b, " ")] = '\0';
    snprintf(piece, sizeof piece, "  %s/%s ", a, b);
    char *at = *a && *b ? strstr(hints, piece) : NULL;
    if (!at)
        return;
    char *end = strstr(at + strlen(piece), "  "); /* the next hint, or the end */
    memmove(at, end ? end : at + strlen(at), strlen(end ? end : at + strlen(at)) + 1);
}

static void draw_hints(tui_app *app, const tui_screen *s)
{
    char hints[512];
    tui_sideways side = pl_vp_widest(&s->vm) > app->cols     ? SIDEWAYS_SCROLLS
                        : s->vm.natural_width > app->cols ? SIDEWAYS_WHOLE
                                                          : SIDEWAYS_NONE;
    tui_hints(&app->keymap, s->kind, app->depth == 1, side, app->cols, hints, sizeof hints);
    /* an answer's state (prog_neg, ...) or the state a question is asked in (app): no steps to take */
    if (s->kind == VIEW_STATE && (!s->trace || pl_state_trace_steps(s->trace) < 2))
        drop_hint(&app->keymap, s->kind, ACT_PREV_STEP, ACT_NEXT_STEP, hints);
    move(app->rows - 1, 0);
    clrtoeol();
    int x = 0, col = 0;
    put_text(app, app->rows - 1, &x, &col, 0, hints, attr_of(app, ROLE_DIM));
}

static void draw_line(tui_app *app, const tui_screen *s, int y, int i)
{
    const pl_line *line = &s->vm.lines[i];
    bool selected = i == s->cursor && line->target >= 0;
    int x = 0, col = 0;
    for (int k = 0; k < line->nspans && x < app->cols; k++)
        put_text(app, y, &x, &col, s->left, line->spans[k].text,
                 attr_of(app, line->spans[k].role) | (selected ? A_REVERSE : 0));
    if (selected && x < app->cols) { /* the selection spans the row, visible without colour */
        attron(A_REVERSE);
        mvhline(y, x, ' ', app->cols - x);
        attroff(A_REVERSE);
    }
}

static void draw_body(tui_app *app, tui_screen *s)
{
    int height = tui_body_rows(app);
    tui_fit_view(app, s);
    if (s->kind == VIEW_LIST)
        pl_view_list_fill(app->ws, &s->vm, s->top, s->top + height);
    for (int row = 0; row < height; row++) {
        int i = tui_line_at_row(app, row + 1);
        move(row + 1, 0);
        clrtoeol();
        if (i >= 0)
            draw_line(app, s, row + 1, i);
    }
}

bool tui_too_small(const tui_app *app)
{
    return app->cols < MIN_COLS || app->rows < MIN_ROWS;
}

void tui_draw(tui_app *app)
{
    getmaxyx(stdscr, app->rows, app->cols);
    erase();
    if (tui_too_small(app)) {
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
    draw_hints(app, s);
    refresh();
}
