/* Teach mode in the terminal: the interactive loop over a teach session
 * (tui_teach_run; `planlens teach` is in teach_main.c). */
#define _POSIX_C_SOURCE 200809L
#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app.h"
#include "draw_text.h"
#include "teach_view.h"
#include "terminal.h"
#include "tui.h"
#include "tui_teach.h"

#define DEFAULT_SAVE "teach-plan.txt"
#define PAIR_BASE 32 /* above the explorer's pairs, so both can live in one screen */

typedef struct {
    pl_teach *s;
    const char *title, *save_path;
    bool ascii, color, hints, help, quit;
    int help_top, help_most; /* the help popup's first line shown, and its largest (0: it fits) */
    bool nested;            /* opened from the explorer: Esc goes back to it */
    uint64_t *before;       /* the state before the last action applied (its change is shown), or NULL */
    int last_action;
    pl_teach_why why;       /* the last typed action that was not applied */
    bool has_why;
    bool show_why;          /* scroll to the explanation at the next rebuild (it is new) */
    pl_view_model vm;
    bool stale;
    int cursor, top;        /* selected line and first line shown */
    int rows, cols;
    char message[512];
    tui_app prompt_app;     /* what tui_prompt needs: the screen size */
    const tui_keymap *keymap;
    char undo_key[64], save_key[64]; /* as the screen names them */
} teach_ui;

/* The help overlay: what each action does here; its keys come from the keymap. */
static const struct {
    tui_action action;
    const char *what;
} help_lines[] = {
    {ACT_DOWN, "select the next applicable action"},
    {ACT_UP, "select the previous one"},
    {ACT_OPEN, "apply the selected action"},
    {ACT_UNDO, "undo the last action"},
    {ACT_TOGGLE_HINTS, "hints on/off (h* and optimal next actions)"},
    {ACT_PROMPT, "type an action: applied, or why it is not applicable (q leaves)"},
    {ACT_SAVE, "save the walked plan"},
    {ACT_PAGE_DOWN, "scroll down"},
    {ACT_PAGE_UP, "scroll up"},
    {ACT_FIRST, "first applicable action"},
    {ACT_LAST, "last applicable action"},
    {ACT_REFRESH, "redraw the screen"},
    {ACT_CANCEL, "drop the explanation (from a question: leave)"},
    {ACT_BACK, "leave"},
    {ACT_HELP, "this help (any key closes)"},
};

static void init_pairs(void)
{
    static const short fg[ROLE_COUNT] = {-1,         COLOR_CYAN,  COLOR_BLUE,  COLOR_GREEN, COLOR_RED,  COLOR_YELLOW,
                                         COLOR_MAGENTA, COLOR_CYAN, COLOR_GREEN, COLOR_BLACK, COLOR_RED};
    for (int r = 0; r < ROLE_COUNT; r++)
        init_pair((short)(PAIR_BASE + r), fg[r], r == ROLE_PARSED ? COLOR_YELLOW : -1);
    init_pair(PAIR_BASE + ROLE_COUNT, COLOR_WHITE, COLOR_BLUE);
}

/* Without colour, roles still differ: bold, underline, dim. */
static attr_t attr_of(const teach_ui *ui, pl_role role)
{
    static const attr_t mono[ROLE_COUNT] = {A_NORMAL, A_BOLD,   A_DIM,    A_NORMAL,  A_NORMAL, A_UNDERLINE,
                                            A_BOLD | A_UNDERLINE, A_NORMAL, A_BOLD, A_UNDERLINE, A_BOLD};
    if ((unsigned)role >= ROLE_COUNT)
        return A_NORMAL;
    if (!ui->color)
        return mono[role];
    return (attr_t)COLOR_PAIR(PAIR_BASE + role) | (role == ROLE_HEADER || role == ROLE_SUCCESS_BAR ? A_BOLD : 0);
}

static void bar_line(const teach_ui *ui, int y, const char *text)
{
    attr_t a = ui->color ? (attr_t)COLOR_PAIR(PAIR_BASE + ROLE_COUNT) : A_REVERSE;
    attron(a);
    mvhline(y, 0, ' ', ui->cols);
    char *owned; /* the title names the problem, from a PDDL file: drawn safe (views/view_model.h) */
    text = pl_vm_safe(text, &owned);
    mvaddnstr(y, 0, text, tui_bytes_in_columns(text, ui->cols));
    free(owned);
    attroff(a);
}

static void say(teach_ui *ui, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(teach_ui *ui, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ui->message, sizeof ui->message, fmt, ap);
    va_end(ap);
}

static int first_selectable(const teach_ui *ui)
{
    for (int i = 0; i < ui->vm.nlines; i++)
        if (ui->vm.lines[i].target >= 0)
            return i;
    return 0;
}

/* Rebuilds the screen, keeping the selection on the same action if it is still there. */
static void rebuild(teach_ui *ui)
{
    int target = ui->cursor < ui->vm.nlines ? ui->vm.lines[ui->cursor].target : -1;
    if (ui->hints) { /* searches may take a moment: say so first */
        bar_line(ui, ui->rows - 1, " computing h* ...");
        refresh();
    }
    pl_vm_free(&ui->vm);
    int why_at;
    pl_teach_view_opts o = {.title = ui->title, .ascii = ui->ascii, .hints = ui->hints, .width = ui->cols,
                            .why = ui->has_why ? &ui->why : NULL, .undo_key = ui->undo_key,
                            .save_key = ui->save_key, .before = ui->before, .last_action = ui->last_action,
                            .why_at = &why_at};
    pl_view_teach(ui->s, &o, &ui->vm);
    ui->cursor = first_selectable(ui);
    for (int i = 0; target >= 0 && !ui->show_why && i < ui->vm.nlines; i++)
        if (ui->vm.lines[i].target == target)
            ui->cursor = i;
    if (ui->show_why && why_at >= 0) /* a new explanation: in view with the actions under it, not below the fold */
        ui->top = why_at;
    ui->show_why = false;
    ui->stale = false;
}

static void draw_body(teach_ui *ui)
{
    int height = ui->rows - 3; /* title, status and hint bars */
    bool selectable = ui->cursor < ui->vm.nlines && ui->vm.lines[ui->cursor].target >= 0;
    if (selectable && ui->cursor < ui->top)
        ui->top = ui->cursor;
    if (selectable && ui->cursor >= ui->top + height)
        ui->top = ui->cursor - height + 1;
    if (ui->top > ui->vm.nlines - height)
        ui->top = ui->vm.nlines - height > 0 ? ui->vm.nlines - height : 0;
    for (int row = 0; row < height; row++) {
        int i = ui->top + row, x = 0;
        if (i >= ui->vm.nlines)
            break;
        const pl_line *line = &ui->vm.lines[i];
        bool selected = i == ui->cursor && line->target >= 0;
        for (int k = 0; k < line->nspans && x < ui->cols; k++) {
            attr_t a = attr_of(ui, line->spans[k].role) | (selected ? A_REVERSE : 0);
            attron(a);
            mvaddnstr(row + 1, x, line->spans[k].text, tui_bytes_in_columns(line->spans[k].text, ui->cols - x));
            attroff(a);
            int y;
            getyx(stdscr, y, x);
            if (y != row + 1) /* the line filled the row */
                x = ui->cols;
        }
        if (selected && x < ui->cols)
            mvchgat(row + 1, x, ui->cols - x, A_REVERSE, 0, NULL);
    }
}

#define HELP_KEYS 16 /* the popup's key column */

/* The help's lines for `width` columns: each action's keys, and what it does
 * wrapped beside them. */
static void help_model(const teach_ui *ui, int width, pl_view_model *vm)
{
    pl_vm_init(vm);
    for (size_t i = 0; i < sizeof help_lines / sizeof *help_lines; i++) {
        char keys[64];
        tui_keymap_keys(ui->keymap, VIEW_TEACH, help_lines[i].action, keys, sizeof keys);
        pl_view_model what;
        pl_vm_init(&what);
        pl_vm_wrapped(&what, ROLE_TEXT, help_lines[i].what, width - HELP_KEYS - 1, 0);
        for (int k = 0; k < what.nlines; k++) {
            char *text = pl_vm_line_text(&what.lines[k]);
            pl_vm_line(vm, -1);
            pl_vm_span(vm, ROLE_HEADER, "%-*s ", HELP_KEYS, k ? "" : *keys ? keys : "(unbound)");
            pl_vm_span(vm, ROLE_TEXT, "%s", text ? text : "");
            free(text);
        }
        pl_vm_free(&what);
    }
}

/* The help as a bordered popup over the screen, at most 76 columns wide (it
 * fits 80 with a margin), titled in its top border; taller than the screen,
 * it scrolls (help_top) and its bottom border says where it is. */
static void draw_help(teach_ui *ui)
{
    int w = ui->cols - 4 > 76 ? 76 : ui->cols - 4, inner = w - 4;
    pl_view_model vm;
    help_model(ui, inner, &vm);
    int room = ui->rows - 4 - 2; /* below the title bar, above status and hints, inside the border */
    int height = vm.nlines < room ? vm.nlines : room;
    ui->help_most = vm.nlines - height;
    ui->help_top = ui->help_top > ui->help_most ? ui->help_most : ui->help_top;
    int top = 2, left = (ui->cols - w) / 2;
    attron(A_REVERSE);
    for (int r = 0; r < height + 2; r++)
        mvhline(top + r, left, ' ', w);
    bool a = ui->ascii;
    chtype across = a ? '-' : ACS_HLINE, down = a ? '|' : ACS_VLINE;
    mvhline(top, left + 1, across, w - 2);
    mvhline(top + height + 1, left + 1, across, w - 2);
    mvvline(top + 1, left, down, height);
    mvvline(top + 1, left + w - 1, down, height);
    mvaddch(top, left, a ? '+' : ACS_ULCORNER);
    mvaddch(top, left + w - 1, a ? '+' : ACS_URCORNER);
    mvaddch(top + height + 1, left, a ? '+' : ACS_LLCORNER);
    mvaddch(top + height + 1, left + w - 1, a ? '+' : ACS_LRCORNER);
    const char *title = " Teach mode keys (from the keymap; any other key closes) ";
    mvaddnstr(top, left + 2, title, tui_bytes_in_columns(title, w - 4));
    for (int r = 0; r < height; r++) {
        int x = left + 2;
        const pl_line *line = &vm.lines[ui->help_top + r];
        for (int k = 0; k < line->nspans && x < left + 2 + inner; k++) {
            const char *text = line->spans[k].text;
            mvaddnstr(top + 1 + r, x, text, tui_bytes_in_columns(text, left + 2 + inner - x));
            x += pl_text_columns(text);
        }
    }
    if (ui->help_most > 0) { /* where the popup is in its text */
        char where[48];
        snprintf(where, sizeof where, " j/k scroll: %d-%d of %d ", ui->help_top + 1, ui->help_top + height, vm.nlines);
        mvaddnstr(top + height + 1, left + w - 2 - (int)strlen(where), where, (int)strlen(where));
    }
    attroff(A_REVERSE);
    pl_vm_free(&vm);
}

/* The main keys, as on every screen of the explorer (hints.c). */
static void draw_hints(const teach_ui *ui)
{
    char hints[512];
    tui_hints(ui->keymap, VIEW_TEACH, false, SIDEWAYS_NONE, ui->cols, hints, sizeof hints);
    move(ui->rows - 1, 0);
    clrtoeol();
    attron(attr_of(ui, ROLE_DIM));
    mvaddnstr(ui->rows - 1, 0, hints, tui_bytes_in_columns(hints, ui->cols));
    attroff(attr_of(ui, ROLE_DIM));
}

static void draw(teach_ui *ui)
{
    getmaxyx(stdscr, ui->rows, ui->cols);
    erase();
    if (ui->cols < 40 || ui->rows < 8) {
        mvaddnstr(0, 0, "too small: need 40x8", ui->cols);
        refresh();
        return;
    }
    if (ui->stale)
        rebuild(ui);
    char line[1024];
    snprintf(line, sizeof line, " planlens %s %s", ui->ascii ? ">" : "›", ui->vm.title ? ui->vm.title : "teach");
    bar_line(ui, 0, line);
    draw_body(ui);
    if (ui->message[0])
        snprintf(line, sizeof line, " %s", ui->message);
    else
        snprintf(line, sizeof line, " %s", ui->vm.status ? ui->vm.status : "");
    bar_line(ui, ui->rows - 2, line);
    draw_hints(ui);
    if (ui->help)
        draw_help(ui);
    refresh();
}

static void move_cursor(teach_ui *ui, int dir)
{
    for (int i = ui->cursor + dir; i >= 0 && i < ui->vm.nlines; i += dir)
        if (ui->vm.lines[i].target >= 0) {
            ui->cursor = i;
            return;
        }
}

static void state_changed(teach_ui *ui)
{
    free(ui->before);
    ui->before = NULL;
    if (ui->has_why)
        pl_teach_why_clear(&ui->why);
    ui->has_why = false;
    ui->stale = true;
    ui->cursor = ui->vm.nlines; /* no action kept: start at the first one */
}

static void applied(teach_ui *ui, int action)
{
    const pl_task *t = pl_teach_task(ui->s);
    uint64_t *before = pl_state_clone(t, pl_teach_state(ui->s));
    int rc = before ? pl_teach_apply(ui->s, action) : -1;
    if (rc < 0) {
        free(before);
        say(ui, "out of memory");
        return;
    }
    state_changed(ui);
    ui->before = before; /* shown until the next step */
    ui->last_action = action;
    const int *steps;
    int n = pl_teach_steps(ui->s, &steps);
    if (!pl_teach_goal_reached(ui->s)) {
        say(ui, "applied %s", t->actions[action].name);
        return;
    }
    long long best;
    pl_answer optimal = pl_teach_walk_optimal(ui->s, &best);
    say(ui, "GOAL REACHED in %d step%s: %s", n, PL_PLURAL(n),
        optimal == PL_YES ? "optimal" : optimal == PL_NO ? "not optimal" : "optimality unknown");
}

static char *prompt(teach_ui *ui, tui_history_kind kind, const char *label)
{
    ui->prompt_app.rows = ui->rows;
    ui->prompt_app.cols = ui->cols;
    return tui_prompt(&ui->prompt_app, kind, label);
}

/* "(stack a b): not applicable: (holding a) is false": the false
 * preconditions by name, as many as the status line holds. */
static void say_why(teach_ui *ui, const pl_teach_why *w)
{
    bool unmet = w->nunmet > 0 && w->reason && !strncmp(w->reason, "not applicable: ", 16);
    if (!unmet) {
        say(ui, "%s: %s", w->text, w->reason);
        return;
    }
    int used = snprintf(ui->message, sizeof ui->message, "%s: not applicable: ", w->text);
    for (int i = 0; i < w->nunmet && used < (int)sizeof ui->message; i++)
        used += snprintf(ui->message + used, sizeof ui->message - (size_t)used, "%s%s", i ? ", " : "", w->unmet[i]);
    if (used < (int)sizeof ui->message)
        snprintf(ui->message + used, sizeof ui->message - (size_t)used, " %s false", w->nunmet == 1 ? "is" : "are");
}

static void typed_action(teach_ui *ui)
{
    char *text = prompt(ui, TUI_HISTORY_TEACH, "action to apply (q leaves): ");
    if (!text || !*text) {
        free(text);
        return;
    }
    if (!strcmp(text, "q") || !strcmp(text, "quit")) { /* :q as in the explorer */
        ui->quit = true;
        free(text);
        return;
    }
    pl_teach_why w;
    if (pl_teach_why_not(ui->s, text, &w) < 0) {
        say(ui, "out of memory");
    } else if (w.applicable) {
        applied(ui, w.action);
        pl_teach_why_clear(&w);
    } else {
        say_why(ui, &w);
        if (ui->has_why)
            pl_teach_why_clear(&ui->why);
        ui->why = w;
        ui->has_why = true;
        ui->show_why = true;
        ui->stale = true;
    }
    free(text);
}

/* y or n on the status line; anything but y is no. */
static bool confirm(teach_ui *ui, const char *question)
{
    say(ui, "%s (y/n)", question);
    draw(ui);
    int ch;
    while ((ch = tui_read_key()) == ERR && !tui_stop_signal())
        ;
    ui->message[0] = '\0';
    return ch == 'y' || ch == 'Y';
}

/* The file offered, as a full path: the explorer runs on /dev/tty, where
 * the directory a bare name would land in is not on screen.  A new string. */
static char *offered_path(const teach_ui *ui)
{
    const char *name = ui->save_path ? ui->save_path : DEFAULT_SAVE;
    char *cwd = name[0] == '/' ? NULL : getcwd(NULL, 0);
    char *full = cwd ? pl_strdup_printf("%s%s%s", cwd, strcmp(cwd, "/") ? "/" : "", name) : pl_strdup(name);
    free(cwd);
    return full;
}

static void save(teach_ui *ui)
{
    char *full = offered_path(ui);
    if (!full) {
        say(ui, "out of memory");
        return;
    }
    const char *offer = full;
    char label[600];
    snprintf(label, sizeof label, "save plan to (Enter: %s): ", offer);
    char *typed = prompt(ui, TUI_HISTORY_NONE, label);
    if (!typed) {
        free(full);
        return;
    }
    const char *path = *typed ? typed : offer;
    char question[600];
    snprintf(question, sizeof question, "%s exists: overwrite?", path);
    if (access(path, F_OK) == 0 && !confirm(ui, question)) {
        say(ui, "not saved");
        free(typed);
        free(full);
        return;
    }
    pl_error err = PL_ERROR_INIT;
    const int *steps;
    if (pl_teach_save(ui->s, path, &err) == PL_OK) {
        int n = pl_teach_steps(ui->s, &steps);
        say(ui, "saved %d action%s to %s", n, PL_PLURAL(n), path);
    } else {
        char *m = pl_error_format(&err);
        say(ui, "%s", m ? m : "cannot save");
        free(m);
        pl_error_clear(&err);
    }
    free(typed);
    free(full);
}

static void handle_key(teach_ui *ui, int ch)
{
    int page = ui->rows - 3 > 1 ? ui->rows - 3 : 1;
    ui->message[0] = '\0';
    if (ui->help) { /* j/k (and the arrows, pages) scroll a popup taller than the screen; others close it */
        tui_action a = tui_keymap_lookup(ui->keymap, VIEW_TEACH, ch);
        int step = a == ACT_DOWN ? 1 : a == ACT_UP ? -1 : a == ACT_PAGE_DOWN ? page : a == ACT_PAGE_UP ? -page : 0;
        if (step && ui->help_most > 0) {
            int to = ui->help_top + step;
            ui->help_top = to < 0 ? 0 : to > ui->help_most ? ui->help_most : to;
            return;
        }
        ui->help = false;
        return;
    }
    if (ch == KEY_RESIZE) {
        ui->stale = true;
        return;
    }
    if (ch == '\r' || ch == KEY_ENTER)
        ch = '\n'; /* the keymap's Enter */
    tui_action action = tui_keymap_lookup(ui->keymap, VIEW_TEACH, ch);
    switch (action) {
    case ACT_UP:
        move_cursor(ui, -1);
        break;
    case ACT_DOWN:
        move_cursor(ui, 1);
        break;
    case ACT_PAGE_UP: /* scroll; the selection follows when an action line is in view */
    case ACT_PAGE_DOWN:
        ui->top = action == ACT_PAGE_DOWN ? ui->top + page : ui->top > page ? ui->top - page : 0;
        ui->cursor = ui->top - 1;
        move_cursor(ui, 1);
        break;
    case ACT_FIRST:
        ui->cursor = -1;
        move_cursor(ui, 1);
        break;
    case ACT_LAST:
        ui->cursor = ui->vm.nlines;
        move_cursor(ui, -1);
        break;
    case ACT_OPEN:
        if (ui->cursor < ui->vm.nlines && ui->vm.lines[ui->cursor].target >= 0)
            applied(ui, ui->vm.lines[ui->cursor].target);
        break;
    case ACT_UNDO: {
        const int *steps;
        int n = pl_teach_steps(ui->s, &steps), last = n > 0 ? steps[n - 1] : -1;
        if (last >= 0 && pl_teach_undo(ui->s)) {
            state_changed(ui);
            say(ui, "undone %s (back to step %d)", pl_teach_task(ui->s)->actions[last].name, n - 1);
        } else {
            say(ui, "nothing to undo");
        }
        break;
    }
    case ACT_TOGGLE_HINTS:
        ui->hints = !ui->hints;
        ui->stale = true;
        break;
    case ACT_PROMPT:
        typed_action(ui);
        break;
    case ACT_SAVE:
        save(ui);
        break;
    case ACT_HELP:
        ui->help = true;
        ui->help_top = 0;
        break;
    case ACT_REFRESH:
        clearok(stdscr, TRUE);
        break;
    case ACT_CANCEL: /* Esc: drops the last explanation; leaves only for the explorer's question */
        if (ui->has_why) {
            pl_teach_why_clear(&ui->why);
            ui->has_why = false;
            ui->stale = true;
        } else if (ui->nested) {
            ui->quit = true;
        } else {
            say(ui, "nothing to cancel · q leaves teach mode");
        }
        break;
    case ACT_BACK:
    case ACT_QUIT:
        ui->quit = true;
        break;
    default:
        break;
    }
}

/* The first key bound to an action, for the screen's own hints ("u"). */
static void first_key(const tui_keymap *km, tui_action action, char *buf, size_t size)
{
    char all[64];
    tui_keymap_keys(km, VIEW_TEACH, action, all, sizeof all);
    size_t n = strcspn(all, " ");
    snprintf(buf, size, "%.*s", (int)n, *all ? all : "?");
}

int tui_teach_run(const pl_task *t, const tui_teach_opts *o, const tui_keymap *keymap)
{
    teach_ui *ui = calloc(1, sizeof *ui);
    if (!ui || !(ui->s = pl_teach_new(t, o->hint_seconds))) {
        free(ui);
        return -1;
    }
    ui->title = o->title;
    ui->save_path = o->save_path;
    ui->ascii = o->ascii;
    ui->color = o->color && has_colors();
    ui->nested = o->nested;
    ui->stale = true;
    ui->keymap = keymap;
    first_key(keymap, ACT_UNDO, ui->undo_key, sizeof ui->undo_key);
    first_key(keymap, ACT_SAVE, ui->save_key, sizeof ui->save_key);
    if (ui->color)
        init_pairs();
    getmaxyx(stdscr, ui->rows, ui->cols);
    while (!ui->quit && !tui_stop_signal()) {
        draw(ui);
        int ch = tui_read_key();
        if (ch != ERR && ch != TUI_KEY_UNKNOWN)
            handle_key(ui, ch);
    }
    if (ui->has_why)
        pl_teach_why_clear(&ui->why);
    free(ui->before);
    pl_vm_free(&ui->vm);
    pl_teach_free(ui->s);
    free(ui);
    return 0;
}
