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
#define HINT_SECONDS 2 /* the heuristic panel's h* search, as the hints' (teach.h) */
#define PAIR_BASE 32 /* above the explorer's pairs, so both can live in one screen */

/* A screen over the walk: the heuristic panel (H) and the relaxed planning
 * graph (r), of the current state; keys scroll them, their key or Esc closes. */
typedef enum { PANEL_NONE, PANEL_HEURISTICS, PANEL_RPG } teach_panel;

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
    int left;               /* columns scrolled sideways (Right): lines wider than the screen end in "…" */
    teach_panel panel;
    pl_view_model panel_vm;
    int panel_top;
    bool panel_stale;       /* rebuild panel_vm (a new panel or a new width) */
    pl_relaxed *hr;         /* the heuristics' relaxation, made when a panel first opens */
    pl_heuristic_explanation hx; /* of the open heuristic panel */
    pl_rpg rpg;             /* of the open graph screen */
    char *start_text;       /* where the walk started (pl_teach_start_text) */
    int start_steps;        /* steps applied to get there */
    double hint_seconds;
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
    {ACT_PROMPT, "type an action, or why it is not applicable (q leaves)"},
    {ACT_SAVE, "save the walked plan"},
    {ACT_HEURISTICS, "heuristic values and why (again: back)"},
    {ACT_RPG, "relaxed planning graph (again: back)"},
    {ACT_REPLAY, "search from here, replay it (or a trace)"},
    {ACT_SCROLL_RIGHT, "scroll cut lines sideways (Left: back)"},
    {ACT_PAGE_DOWN, "scroll down"},
    {ACT_PAGE_UP, "scroll up"},
    {ACT_FIRST, "first applicable action"},
    {ACT_LAST, "last applicable action"},
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
                            .why_at = &why_at, .start = ui->start_text};
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

/* From column `skip` of the line on: the span and the byte to start at. */
static void skip_columns(const pl_line *line, int skip, int *span, size_t *byte)
{
    int k = 0;
    for (; k < line->nspans; k++) {
        int cols = pl_text_columns(line->spans[k].text);
        if (skip < cols)
            break;
        skip -= cols;
    }
    *span = k;
    *byte = k < line->nspans ? pl_text_prefix(line->spans[k].text, skip) : 0;
}

/* One line at screen row y, scrolled ui->left columns sideways; a line cut
 * at either edge shows "…" there (">" / "<" under --ascii). */
static void draw_line(const teach_ui *ui, int y, const pl_line *line, bool selected)
{
    int k, x = 0;
    size_t byte;
    skip_columns(line, ui->left, &k, &byte);
    for (; k < line->nspans && x < ui->cols; k++, byte = 0) {
        const char *text = line->spans[k].text + byte;
        attr_t a = attr_of(ui, line->spans[k].role) | (selected ? A_REVERSE : 0);
        attron(a);
        mvaddnstr(y, x, text, tui_bytes_in_columns(text, ui->cols - x));
        attroff(a);
        x += pl_text_columns(text);
    }
    if (selected && x < ui->cols)
        mvchgat(y, x, ui->cols - x, A_REVERSE, 0, NULL);
    int width = pl_vm_line_columns(line);
    attr_t mark = attr_of(ui, ROLE_DIM) | A_BOLD | (selected ? A_REVERSE : 0);
    attron(mark);
    if (width - ui->left > ui->cols)
        mvaddstr(y, ui->cols - 1, ui->ascii ? ">" : "…");
    if (ui->left > 0 && width > 0)
        mvaddstr(y, 0, ui->ascii ? "<" : "…");
    attroff(mark);
}

static void draw_body(teach_ui *ui)
{
    int height = ui->rows - 3; /* title, status and hint bars */
    const pl_view_model *vm = ui->panel ? &ui->panel_vm : &ui->vm;
    int *top = ui->panel ? &ui->panel_top : &ui->top;
    bool selectable = !ui->panel && ui->cursor < ui->vm.nlines && ui->vm.lines[ui->cursor].target >= 0;
    if (selectable && ui->cursor < *top)
        *top = ui->cursor;
    if (selectable && ui->cursor >= *top + height)
        *top = ui->cursor - height + 1;
    if (*top > vm->nlines - height)
        *top = vm->nlines - height > 0 ? vm->nlines - height : 0;
    for (int row = 0; row < height && *top + row < vm->nlines; row++) {
        int i = *top + row;
        draw_line(ui, row + 1, &vm->lines[i], selectable && i == ui->cursor);
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

/* Which state a panel shows: the start, or a step of the walk from it. */
static char *panel_state_text(const teach_ui *ui)
{
    const int *steps;
    int n = pl_teach_steps(ui->s, &steps);
    const char *start = ui->start_text ? ui->start_text : "the initial state";
    if (n == ui->start_steps)
        return pl_strdup(start);
    return pl_strdup_printf("step %d of the walk (cost %g); start: %s", n, pl_teach_cost(ui->s), start);
}

static void panel_free(teach_ui *ui)
{
    if (ui->panel == PANEL_HEURISTICS)
        pl_heuristic_explanation_clear(&ui->hx);
    else if (ui->panel == PANEL_RPG)
        pl_rpg_clear(&ui->rpg);
    pl_vm_free(&ui->panel_vm);
    ui->panel = PANEL_NONE;
}

/* The open panel's lines for the screen's width (its numbers are kept). */
static void panel_model(teach_ui *ui)
{
    char *state = panel_state_text(ui);
    pl_vm_free(&ui->panel_vm);
    if (ui->panel == PANEL_HEURISTICS)
        pl_view_teach_heuristics(&ui->hx, state, ui->ascii, ui->cols, &ui->panel_vm);
    else
        pl_view_teach_rpg(pl_teach_task(ui->s), &ui->rpg, state, ui->ascii, ui->cols, &ui->panel_vm);
    free(state);
    ui->panel_stale = false;
}

/* Opens a panel on the current state (the same key again closes it). */
static void open_panel(teach_ui *ui, teach_panel kind)
{
    bool again = ui->panel == kind;
    panel_free(ui);
    ui->left = 0;
    if (again)
        return;
    const pl_task *t = pl_teach_task(ui->s);
    if (!ui->hr && !(ui->hr = pl_relaxed_new(t))) {
        say(ui, "out of memory");
        return;
    }
    int rc;
    if (kind == PANEL_HEURISTICS) {
        bar_line(ui, ui->rows - 2, " computing the heuristics and h* ...");
        refresh();
        pl_limits limits = {0, ui->hint_seconds > 0 ? ui->hint_seconds : HINT_SECONDS, 0};
        rc = pl_heuristic_explain(t, ui->hr, pl_teach_state(ui->s), &limits, &ui->hx);
    } else {
        rc = pl_rpg_build(t, ui->hr, pl_teach_state(ui->s), &ui->rpg);
    }
    if (rc < 0) {
        say(ui, "out of memory");
        return;
    }
    ui->panel = kind;
    ui->panel_top = 0;
    pl_vm_init(&ui->panel_vm);
    ui->panel_stale = true;
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
    if (ui->panel && ui->panel_stale)
        panel_model(ui);
    char line[1024];
    const pl_view_model *shown = ui->panel ? &ui->panel_vm : &ui->vm;
    snprintf(line, sizeof line, " planlens %s %s", ui->ascii ? ">" : "›", shown->title ? shown->title : "teach");
    bar_line(ui, 0, line);
    draw_body(ui);
    if (ui->message[0])
        snprintf(line, sizeof line, " %s", ui->message);
    else
        snprintf(line, sizeof line, " %s", shown->status ? shown->status : "");
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

#define REPLAY_EXPANSIONS 20000 /* a search run from S stops here: a class replays hundreds, not millions */

/* S: a search from the current state, run here and replayed over the
 * screen (search_replay.c); Enter picks A* with h_max, a search's name
 * ("lmcut" or "astar-lmcut") another, anything else is a trace file
 * (planlens plan --trace FILE). */
static void replay(teach_ui *ui)
{
    char *typed = prompt(ui, TUI_HISTORY_NONE,
                         "search (Enter: hmax; blind lmcut gbfs-ff gbfs-add) or trace file: ");
    if (!typed)
        return;
    pl_replay_search_opts o = {.max_expansions = REPLAY_EXPANSIONS, .init = pl_teach_state(ui->s)};
    bool run = pl_replay_search_named(*typed ? typed : "astar-hmax", &o);
    pl_search_replay r;
    pl_error err = PL_ERROR_INIT;
    pl_error_code rc;
    const pl_task *t = pl_teach_task(ui->s);
    if (run && !ui->hr && !(ui->hr = pl_relaxed_new(t))) {
        say(ui, "out of memory");
        free(typed);
        return;
    }
    if (run) {
        bar_line(ui, ui->rows - 2, " searching ...");
        refresh();
        rc = pl_replay_search(t, ui->hr, &o, &r, NULL, &err);
    } else {
        rc = pl_replay_read(typed, &r, &err);
    }
    if (rc == PL_OK) {
        char *title = run ? panel_state_text(ui) : NULL;
        tui_replay_opts ro = {.title = run ? title : typed, .ascii = ui->ascii};
        if (tui_replay_run(&r, &ro, ui->keymap) < 0)
            say(ui, "out of memory");
        free(title);
        clear();
    } else {
        char *m = pl_error_format(&err);
        say(ui, "%s", m ? m : "cannot read the search trace");
        free(m);
    }
    pl_error_clear(&err);
    pl_replay_free(&r);
    free(typed);
    ui->stale = ui->panel_stale = true;
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
        ui->panel_stale = true;
        return;
    }
    if (ch == '\r' || ch == KEY_ENTER)
        ch = '\n'; /* the keymap's Enter */
    tui_action action = tui_keymap_lookup(ui->keymap, VIEW_TEACH, ch);
    if (action == ACT_SCROLL_LEFT || action == ACT_SCROLL_RIGHT) { /* by half a screen, as far as the widest line */
        const pl_view_model *vm = ui->panel ? &ui->panel_vm : &ui->vm;
        int widest = 0, step = ui->cols / 2;
        for (int i = 0; i < vm->nlines; i++)
            widest = pl_vm_line_columns(&vm->lines[i]) > widest ? pl_vm_line_columns(&vm->lines[i]) : widest;
        int most = widest - ui->cols + 1 > 0 ? widest - ui->cols + 1 : 0;
        ui->left += action == ACT_SCROLL_RIGHT ? step : -step;
        ui->left = ui->left > most ? most : ui->left < 0 ? 0 : ui->left;
        if (!most)
            say(ui, "every line fits: nothing to scroll sideways");
        return;
    }
    if (action == ACT_REPLAY) {
        replay(ui);
        return;
    }
    if (action == ACT_HEURISTICS || action == ACT_RPG) {
        open_panel(ui, action == ACT_HEURISTICS ? PANEL_HEURISTICS : PANEL_RPG);
        return;
    }
    if (ui->panel) { /* a panel scrolls; back closes it */
        int to = action == ACT_DOWN ? ui->panel_top + 1 : action == ACT_UP ? ui->panel_top - 1
               : action == ACT_PAGE_DOWN ? ui->panel_top + page : action == ACT_PAGE_UP ? ui->panel_top - page
               : action == ACT_FIRST ? 0 : action == ACT_LAST ? ui->panel_vm.nlines : -2;
        if (to != -2)
            ui->panel_top = to < 0 ? 0 : to; /* draw_body keeps the last page full */
        else if (action == ACT_CANCEL || action == ACT_BACK) {
            panel_free(ui);
            ui->left = 0;
        } else if (action == ACT_HELP)
            ui->help = true, ui->help_top = 0;
        else if (action == ACT_QUIT)
            ui->quit = true;
        else if (action == ACT_REFRESH)
            clearok(stdscr, TRUE);
        else
            say(ui, "a panel: Esc goes back to the walk");
        return;
    }
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
    ui->hint_seconds = o->hint_seconds;
    bool elsewhere = o->start_spec && (o->start_spec->plan_path || o->start_spec->state_path);
    if (elsewhere && (pl_teach_begin(ui->s, o->start_spec, o->start) < 0 ||
                      !(ui->start_text = pl_teach_start_text(o->start_spec, o->start)))) {
        pl_teach_free(ui->s);
        free(ui);
        return -1;
    }
    ui->start_steps = elsewhere ? o->start->steps : 0;
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
    panel_free(ui);
    pl_relaxed_free(ui->hr);
    free(ui->start_text);
    free(ui->before);
    pl_vm_free(&ui->vm);
    pl_teach_free(ui->s);
    free(ui);
    return 0;
}
