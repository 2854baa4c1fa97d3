/* y: copies the id, answer, plan, question or context of the record on
 * screen to the clipboard with OSC 52 (written to the terminal, so that it
 * works over ssh and in tmux); v and E: the record (or the screen's text) in
 * $PAGER or $EDITOR, read-only, back to the same place afterwards (tig). */
#define _POSIX_C_SOURCE 200809L
#include <curses.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app.h"
#include "base/safe_text.h"
#include "copy_text.h"
#include "terminal.h"

/* The record the screen is about (list row, detail, plan, state), or -1. */
static int record_on_screen(tui_app *app)
{
    tui_screen *s = tui_top(app);
    int r = tui_selected_record(app);
    return r >= 0 ? r : (s->kind == VIEW_PLAN || s->kind == VIEW_STATE) ? s->record : -1;
}

/* The run of the dashboard row under the cursor, or NULL. */
static char *dashboard_run(tui_screen *s)
{
    int t = s->kind == VIEW_DASHBOARD && s->cursor < s->vm.nlines ? s->vm.lines[s->cursor].target : -1;
    if (t < 0 || t >= s->rows.nkeys)
        return NULL;
    const char *key = s->rows.keys[t];
    return pl_strdup_printf("%.*s", (int)strcspn(key, "\t"), key);
}

/* The text of a part; on the plan and state screens the plan is the one shown. */
static char *part_text(tui_app *app, tui_part part)
{
    tui_screen *s = tui_top(app);
    if (part == TUI_PART_PLAN && s->plan) {
        const char *const *actions;
        int n = pl_plan_subject_plan(s->plan, s->plan_k, &actions);
        return n >= 0 ? tui_join_lines(actions, n) : NULL;
    }
    if (part == TUI_PART_ID && s->kind == VIEW_DASHBOARD)
        return dashboard_run(s);
    return tui_record_part(app->ws, record_on_screen(app), part);
}

/* Writes the sequence to the terminal curses draws on. */
static bool write_terminal(const char *seq)
{
    FILE *tty = fopen("/dev/tty", "w");
    if (!tty)
        return false;
    bool ok = fputs(seq, tty) >= 0;
    return fclose(tty) == 0 && ok;
}

/* A short, one-line view of what was copied for the status line. */
static void preview(const char *text, char *out, size_t size)
{
    size_t n = strcspn(text, "\n");
    snprintf(out, size, "%.*s%s", (int)(n < 40 ? n : 40), text, n > 40 || text[n] ? "…" : "");
}

void tui_yank(tui_app *app)
{
    tui_screen *s = tui_top(app);
    bool has_record = record_on_screen(app) >= 0;
    if (!has_record && s->kind != VIEW_DASHBOARD) {
        snprintf(app->message, sizeof app->message, "yank: select a question first (list, detail, plan or state)");
        return;
    }
    /* the menu in the status line; the next key chooses */
    snprintf(app->message, sizeof app->message, has_record ? "yank: i id  a answer  p plan  q question  c context (PDDL)"
                                                           "  Esc cancels"
                                                         : "yank: i the run's name  Esc cancels");
    tui_draw(app);
    int ch;
    while ((ch = tui_read_key()) == ERR && !tui_stop_signal())
        ;
    tui_part part = ch == 'i' ? TUI_PART_ID : ch == 'a' ? TUI_PART_ANSWER : ch == 'p' ? TUI_PART_PLAN
                    : ch == 'q' ? TUI_PART_QUESTION : ch == 'c' ? TUI_PART_CONTEXT : TUI_PART_ALL;
    if (part == TUI_PART_ALL || (!has_record && part != TUI_PART_ID)) {
        snprintf(app->message, sizeof app->message, "yank cancelled");
        return;
    }
    char *text = pl_vm_safe_take(part_text(app, part), PL_SAFE_LINES); /* pasted as "\e", never ESC */
    const char *name = !has_record ? "run" : tui_part_name(part);
    if (!text || !*text) {
        snprintf(app->message, sizeof app->message, "yank: this %s has no %s%s", has_record ? "answer" : "row", name,
                 part == TUI_PART_PLAN ? " (it is not a plan)" : "");
        free(text);
        return;
    }
    size_t n = strlen(text);
    if (n > TUI_COPY_MAX) {
        snprintf(app->message, sizeof app->message, "yank: the %s is %zu bytes, more than a terminal takes (%d): "
                 "v opens it in $PAGER", name, n, TUI_COPY_MAX);
        free(text);
        return;
    }
    const char *tmux = getenv("TMUX");
    char *seq = tui_osc52(text, tmux && *tmux);
    char shown[64];
    preview(text, shown, sizeof shown);
    if (seq && write_terminal(seq))
        snprintf(app->message, sizeof app->message, "copied %s (%zu bytes, OSC 52): %s", name, n, shown);
    else
        snprintf(app->message, sizeof app->message, "yank: could not write to the terminal");
    free(seq);
    free(text);
}

/* The file v opens: the record in full, else the screen's lines. */
static char *outside_text(tui_app *app, const char **what)
{
    tui_screen *s = tui_top(app);
    int r = record_on_screen(app);
    if (r >= 0 && s->kind != VIEW_PLAN && s->kind != VIEW_STATE) {
        *what = "the answer";
        return tui_record_part(app->ws, r, TUI_PART_ALL);
    }
    *what = "the screen";
    if (s->kind == VIEW_LIST)
        pl_view_list_fill(app->ws, &s->vm, 0, s->vm.nlines);
    return tui_vm_text(&s->vm);
}

/* Runs `command "$1"` with the file on the terminal, curses out of the way. */
static int run_outside(const char *command, const char *path)
{
    struct sigaction ignore = {0}, old_int, old_term;
    ignore.sa_handler = SIG_IGN;
    def_prog_mode();
    endwin();
    sigaction(SIGINT, &ignore, &old_int); /* ^C belongs to the pager now */
    sigaction(SIGTERM, &ignore, &old_term);
    pid_t pid = fork();
    if (pid == 0) {
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        int tty = open("/dev/tty", O_RDWR); /* stdout may be a file: planlens > out.txt */
        if (tty >= 0) {
            dup2(tty, 0);
            dup2(tty, 1);
            dup2(tty, 2);
        }
        execl("/bin/sh", "sh", "-c", command, "sh", path, (char *)NULL);
        _exit(127);
    }
    int status = -1;
    while (pid > 0 && waitpid(pid, &status, 0) < 0)
        ;
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    reset_prog_mode();
    clearok(stdscr, TRUE);
    refresh();
    return pid < 0 ? -1 : WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void tui_open_outside(tui_app *app, bool editor)
{
    const char *what;
    char *text = pl_vm_safe_take(outside_text(app, &what), PL_SAFE_LINES); /* paged as "\e" */
    const char *dir = getenv("TMPDIR");
    char *path = pl_strdup_printf("%s/planlens-XXXXXX.txt", dir && *dir ? dir : "/tmp");
    int fd = text && path ? mkstemps(path, 4) : -1;
    if (fd < 0) {
        snprintf(app->message, sizeof app->message, "%s: could not write a temporary file", editor ? "editor" : "pager");
        free(text);
        free(path);
        return;
    }
    size_t n = strlen(text);
    bool ok = write(fd, text, n) == (ssize_t)n;
    fchmod(fd, 0400); /* read-only: an editor says so */
    ok = close(fd) == 0 && ok;
    const char *pager = getenv("PAGER"), *visual = getenv("VISUAL"), *ed = getenv("EDITOR");
    const char *program = editor ? (visual && *visual ? visual : ed && *ed ? ed : "vi") : pager && *pager ? pager : "less";
    char *command = pl_strdup_printf("%s \"$1\"", program);
    int rc = ok && command ? run_outside(command, path) : -1;
    remove(path);
    if (rc == 0)
        snprintf(app->message, sizeof app->message, "back from %s (%s)", program, what);
    else
        snprintf(app->message, sizeof app->message, "%s: '%s' %s", editor ? "editor" : "pager", program,
                 rc == 127 ? "was not found" : "did not end well");
    for (int i = 0; i < app->depth; i++)
        app->stack[i].stale = true;
    free(command);
    free(path);
    free(text);
}
