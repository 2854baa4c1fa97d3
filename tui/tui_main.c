/* planlens [PATH...]: options, terminal set-up on /dev/tty, the event loop,
 * and the batch fallback when there is no usable terminal. */
#define _POSIX_C_SOURCE 200809L
#include <curses.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>

#include "app.h"
#include "base/atomic_file.h"
#include "base/diag_groups.h"
#include "base/resources.h"
#include "base/safe_text.h"
#include "csv_out.h"
#include "live.h"
#include "terminal.h"
#include "tui.h"
#include "tui_teach.h"
#include "display_options.h"

#define EXIT_USAGE 2
#define EXIT_INPUT 3


static const char usage[] =
    "usage: planlens [--color=auto|always|never] [--ascii] [--no-mouse] [--batch [--follow]] [--notes FILE]\n"
    "                [--author NAME] [--warnings FILE] [--csv-raw] [PATH...]\n"
    "Opens question sets and model runs (files or directories; sample-runs/ when none)\n"
    "in the terminal explorer.  Keys: ? inside the explorer; docs/EXPLORER.md.\n"
    "  --notes FILE     the review journal: notes, flags and reviews, appended to FILE,\n"
    "                   which several explorers and `planlens notes` may share (default:\n"
    "                   one file per dataset under $XDG_DATA_HOME/planlens/)\n"
    "  --author NAME    who writes the records (default: $PLANLENS_AUTHOR, else the login)\n"
    "  --warnings FILE  write every warning of opening the files to FILE, grouped by kind\n"
    "                   (the explorer lists them with :warnings; on exit only a summary)\n"
    "  --csv-raw        :export writes CSV cells as they are (default: a cell that\n"
    "                   begins with = + - @ TAB or CR gets a leading ', docs/SECURITY.md)\n"
    "Exit status: 0 ok, 2 usage error, 3 nothing could be opened (--batch) or out of memory.\n";

typedef struct {
    const char **paths;
    int npaths;
    bool batch;
    bool follow;    /* --batch --follow: a refreshed dashboard whenever the files change */
    const char *notes;
    const char *warnings; /* --warnings FILE: every warning, grouped by kind */
    char *samples;  /* owned: the sample-runs/ opened when no path is given */
} main_args;

static int parse_args(int argc, char **argv, tui_app *app, main_args *a)
{
    app->color = pl_color_default();
    app->ascii = !pl_locale_is_utf8();
    app->mouse = true;
    a->paths = calloc((size_t)argc + 1, sizeof *a->paths);
    if (!a->paths)
        return EXIT_INPUT;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        if (pl_display_option(s, &app->color, &app->ascii))
            ;
        else if (!strcmp(s, "--no-mouse"))
            app->mouse = false;
        else if (!strcmp(s, "--csv-raw")) /* :export writes cells as they are: no formula guard */
            pl_csv_set_raw(true);
        else if (!strcmp(s, "--batch"))
            a->batch = true;
        else if (!strcmp(s, "--follow"))
            a->follow = true;
        else if (!strcmp(s, "--notes") && i + 1 < argc)
            a->notes = argv[++i];
        else if (!strcmp(s, "--author") && i + 1 < argc)
            app->author = argv[++i];
        else if (!strcmp(s, "--warnings") && i + 1 < argc)
            a->warnings = argv[++i];
        else if (!strcmp(s, "--help") || !strcmp(s, "-h")) {
            fputs(usage, stdout);
            return -1;
        } else if (s[0] == '-' && s[1] == '-') {
            fprintf(stderr, "planlens: unknown option '%s'\n%s", s, usage);
            return EXIT_USAGE;
        } else {
            a->paths[a->npaths++] = s;
        }
    }
    if (!a->npaths) {
        a->samples = pl_resource_dir("sample-runs");
        if (!a->samples) {
            fprintf(stderr, "planlens: no paths given and no sample-runs/ installed\n%s", usage);
            return EXIT_USAGE;
        }
        a->paths[a->npaths++] = a->samples;
    }
    return 0;
}

/* $XDG_DATA_HOME/planlens/notes-<hash of the paths opened>.jsonl: one notes
 * file per dataset. */
static char *default_notes_path(const char *const *paths, int n)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (int i = 0; i < n; i++) {
        char *abs = realpath(paths[i], NULL);
        for (const char *c = abs ? abs : paths[i]; *c; c++)
            h = (h ^ (unsigned char)*c) * UINT64_C(0x100000001b3);
        h = (h ^ 0xff) * UINT64_C(0x100000001b3);
        free(abs);
    }
    const char *data = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    return data && *data ? pl_strdup_printf("%s/planlens/notes-%016llx.jsonl", data, (unsigned long long)h)
           : home        ? pl_strdup_printf("%s/.local/share/planlens/notes-%016llx.jsonl", home, (unsigned long long)h)
                         : pl_strdup_printf("planlens-notes-%016llx.jsonl", (unsigned long long)h);
}

static void print_dashboard(tui_app *app)
{
    tui_screen *s = tui_top(app);
    app->cols = 120;
    tui_rebuild(app, s);
    for (int i = 0; i < s->vm.nlines; i++) {
        char *text = pl_vm_line_text(&s->vm.lines[i]);
        if (text)
            puts(text);
        free(text);
    }
    if (s->vm.status)
        puts(s->vm.status);
    fflush(stdout);
}

/* The dashboard as text, once grading is done; following the files, again
 * after each change (until SIGINT or SIGTERM). */
static int batch_output(tui_app *app)
{
    struct timespec tick = {0, 20000000};
    while (!tui_check_opened(app) || pl_workspace_graded(app->ws) < pl_workspace_count(app->ws))
        nanosleep(&tick, NULL);
    print_dashboard(app);
    if (!pl_workspace_nsources(app->ws) && !app->live) /* every path failed (following: files may come) */
        return EXIT_INPUT;
    if (app->live)
        tui_catch_stop_signals();
    while (app->live && !tui_stop_signal()) {
        nanosleep(&tick, NULL);
        if (tui_live_tick(app) == TUI_LIVE_SWAPPED) {
            putchar('\n');
            print_dashboard(app);
        }
    }
    return 0;
}

static void run_prompt(tui_app *app, tui_action action)
{
    const char *label = action == ACT_SEARCH ? "/" : action == ACT_FILTER ? "filter: " : ":";
    char *line = tui_prompt(app,
                            action == ACT_SEARCH   ? TUI_HISTORY_SEARCH
                            : action == ACT_FILTER ? TUI_HISTORY_FILTER
                                                   : TUI_HISTORY_COMMAND,
                            label);
    app->message[0] = '\0'; /* an earlier error is stale once something new is asked, or the prompt is left */
    if (line && action == ACT_SEARCH) {
        free(app->search);
        app->search = pl_strdup(line);
        tui_search(app, 1);
    } else if (line && action == ACT_FILTER) {
        tui_apply_filter(app, line);
    } else if (line) {
        tui_command(app, line);
    }
    free(line);
}

static void handle_mouse(tui_app *app)
{
    MEVENT ev;
    if (getmouse(&ev) != OK)
        return;
    if (ev.bstate & BUTTON4_PRESSED)
        tui_wheel(app, -3);
    else if (ev.bstate & BUTTON5_PRESSED)
        tui_wheel(app, 3);
    else if (ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED)) {
        tui_screen *s = tui_top(app);
        int line = tui_line_at_row(app, ev.y);
        if (line >= 0 && s->vm.lines[line].target >= 0) {
            if (s->cursor == line)
                tui_act(app, ACT_OPEN);
            else
                s->cursor = line;
        }
    }
}

static void event_loop(tui_app *app)
{
    while (!app->quit && !tui_stop_signal()) {
        bool was_opened = app->opened;
        if (tui_check_opened(app) != was_opened || !app->opened)
            tui_top(app)->stale = true; /* loading progress, then the records */
        if (tui_top_is_busy(app))
            tui_top(app)->stale = true; /* a probe run: its counts grow */
        tui_reap_probes(app, false);
        tui_review_audit_tick(app);
        if (tui_live_tick(app)) /* the files changed: reading them, or the new workspace is in */
            tui_top(app)->stale = true;
        int graded = pl_workspace_graded(app->ws);
        if (graded != app->last_graded) { /* partial results appear as they come */
            app->last_graded = graded;
            tui_top(app)->stale = true;
        }
        tui_draw(app);
        int ch = tui_read_key();
        if (ch == ERR || ch == TUI_KEY_UNKNOWN || (tui_too_small(app) && ch != KEY_RESIZE))
            continue; /* keys typed blind on the "too small" screen do nothing */
        if (ch == KEY_RESIZE) {
            for (int i = 0; i < app->depth; i++)
                app->stack[i].stale = true;
            continue;
        }
        if (ch == '\r' || ch == KEY_ENTER)
            ch = '\n'; /* nonl(): Enter arrives as CR */
        if (ch == KEY_MOUSE) {
            handle_mouse(app);
            continue;
        }
        tui_action action = tui_keymap_lookup(&app->keymap, tui_top(app)->kind, ch);
        if (action == ACT_SEARCH || action == ACT_FILTER || action == ACT_PROMPT)
            run_prompt(app, action);
        else if (action == ACT_FREQUENCY)
            tui_ask_frequency(app); /* asks for the column */
        else if (action == ACT_NOTE || action == ACT_QUESTION_NOTE)
            tui_review_note(app, action == ACT_QUESTION_NOTE); /* asks for the text */
        else
            tui_act(app, action);
    }
}

/* Untrusted text (a file name, a message quoting a record) on one line, made safe. */
static void put_safe(FILE *f, const char *text)
{
    char *safe = pl_safe_text(text ? text : "", 0);
    fputs(safe ? safe : "?", f);
    free(safe);
}

/* Every warning under its kind (--warnings FILE), written whole or not at
 * all; false when it cannot be written. */
static bool write_warnings(const pl_diags *w, const pl_diag_kinds *k, const char *path)
{
    pl_atomic_file a;
    pl_error err = {0};
    FILE *f = pl_atomic_open(&a, path, &err);
    pl_error_clear(&err);
    if (!f)
        return false;
    fprintf(f, "# %zu warning%s while opening, %d kind%s\n", w->count, PL_PLURAL(w->count), k->nkinds,
            PL_PLURAL(k->nkinds));
    for (int i = 0; i < k->nkinds; i++) {
        const pl_diag_kind *kind = &k->kinds[i];
        fputc('\n', f);
        put_safe(f, kind->name);
        fprintf(f, ": %d time%s in %d file%s\n", kind->count, PL_PLURAL(kind->count), kind->nfiles,
                PL_PLURAL(kind->nfiles));
        for (size_t d = 0; d < w->count; d++) { /* each warning of the kind, in the order they came */
            char *name = pl_diag_kind_name(w->items[d].message);
            if (name && !strcmp(name, kind->name)) {
                const pl_diag *x = &w->items[d];
                put_safe(f, x->file);
                if (x->line > 0)
                    fprintf(f, ":%d: ", x->line);
                else if (x->file)
                    fputs(": ", f);
                put_safe(f, x->message);
                fputc('\n', f);
            }
            free(name);
        }
    }
    pl_error_code rc = pl_atomic_close(&a, true, &err);
    pl_error_clear(&err);
    return rc == PL_OK;
}

/* A few lines however many warnings there were (3,000 duplicate ids are one
 * kind): how many, the first kinds with their counts, where the full list is. */
#define SUMMARY_KINDS 3

static void print_warnings(const pl_diags *warnings, const char *path)
{
    pl_diag_kinds k;
    if (!warnings->count || pl_diags_by_kind(warnings, &k) < 0)
        return;
    bool written = path && write_warnings(warnings, &k, path);
    if (path && !written)
        fprintf(stderr, "planlens: cannot write the warnings to %s\n", path);
    fprintf(stderr, "planlens: %zu warning%s of %d kind%s while opening (%s%s)\n", warnings->count,
            PL_PLURAL(warnings->count), k.nkinds, PL_PLURAL(k.nkinds), written ? "every one in " : "",
            written ? path : "every one: :warnings in the explorer, or --warnings FILE");
    for (int i = 0; i < k.nkinds && i < SUMMARY_KINDS; i++) {
        fputs("planlens:   ", stderr);
        put_safe(stderr, k.kinds[i].name);
        fprintf(stderr, ": %d time%s in %d file%s\n", k.kinds[i].count, PL_PLURAL(k.kinds[i].count), k.kinds[i].nfiles,
                PL_PLURAL(k.kinds[i].nfiles));
    }
    if (k.nkinds > SUMMARY_KINDS)
        fprintf(stderr, "planlens:   and %d more kind%s\n", k.nkinds - SUMMARY_KINDS,
                PL_PLURAL(k.nkinds - SUMMARY_KINDS));
    pl_diag_kinds_free(&k);
}

/* The terminal (tui_open_terminal) with colours and the mouse; false: no terminal. */
static bool start_terminal(tui_app *app, FILE **tty, SCREEN **screen)
{
    if (!tui_open_terminal(tty, screen))
        return false;
    tui_init_colors(app);
    if (app->mouse)
        mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
    return true;
}

int tui_main(int argc, char **argv)
{
    setlocale(LC_CTYPE, ""); /* ncursesw draws UTF-8 only under a UTF-8 locale */
    tui_app app = {0};
    main_args a = {0};
    int rc = parse_args(argc, argv, &app, &a);
    if (rc) {
        free(a.paths);
        free(a.samples);
        return rc < 0 ? 0 : rc;
    }
    if (a.npaths == 1 && !a.samples && tui_is_search_trace(a.paths[0])) { /* plan --trace's file: replayed */
        rc = tui_replay_main(a.paths[0], app.ascii, app.color, a.batch);
        free(a.paths);
        return rc;
    }
    if (!a.batch || a.follow) /* before the files are read: a change while they load is seen */
        app.live = tui_live_new(a.paths, a.npaths);
    app.ws = pl_workspace_open_async(a.paths, a.npaths); /* loads and grades in the background */
    app.notes_path = a.notes ? pl_strdup(a.notes) : default_notes_path(a.paths, a.npaths);
    free(a.paths);
    free(a.samples);
    if (!app.ws) {
        free(app.notes_path);
        fprintf(stderr, "planlens: out of memory\n");
        return EXIT_INPUT;
    }
    tui_keymap_load_installed(&app.keymap, app.message, sizeof app.message);
    tui_push(&app, VIEW_DASHBOARD);
    FILE *tty = NULL;
    SCREEN *screen = NULL;
    if (a.batch || !start_terminal(&app, &tty, &screen)) {
        if (!a.follow) { /* no terminal: one dashboard, unless asked to follow */
            tui_live_free(app.live);
            app.live = NULL;
        }
        rc = batch_output(&app);
    } else {
        tui_catch_stop_signals();
        tui_prompt_setup(&app);
        event_loop(&app);
        tui_prompt_teardown(&app);
        endwin();
        delscreen(screen);
        fclose(tty);
        rc = tui_stop_signal() ? 128 + tui_stop_signal() : 0;
    }
    print_warnings(pl_workspace_warnings(app.ws), a.warnings); /* after the screen is gone: readable */
    free(app.notes_path);
    tui_close_all(&app);
    tui_reap_probes(&app, true);
    pl_journal_close(app.journal);
    free(app.search);
    free(app.compare_a);
    tui_keymap_free(&app.keymap);
    tui_live_free(app.live);
    pl_workspace_close(app.ws);
    return rc;
}
