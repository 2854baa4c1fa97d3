/* `planlens teach DOMAIN PROBLEM`: options, the task, the terminal (or the
 * first screen as text without one), then the loop of teach.c. */
#define _POSIX_C_SOURCE 200809L
#include <curses.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app.h"
#include "task/load.h"
#include "teach_view.h"
#include "terminal.h"
#include "tui.h"
#include "tui_teach.h"
#include "display_options.h"

#define EXIT_USAGE 2
#define EXIT_INPUT 3

static const char usage[] =
    "usage: planlens teach DOMAIN PROBLEM [--save FILE] [--hints] [--time-limit S] [--ascii]\n"
    "                      [--color=auto|always|never] [--batch]\n"
    "Walk a task by hand: the state, the applicable actions (Enter applies, u undoes),\n"
    ": explains any typed action, h shows the optimal next actions with h*, s saves the\n"
    "plan.  Keys: ? inside; docs/TEACH.md.  Without a terminal it prints the first screen.\n";

typedef struct {
    const char *domain, *problem, *save;
    bool ascii, color, hints, batch;
    double seconds;
} teach_args;

static int parse_args(int argc, char **argv, teach_args *a)
{
    a->color = pl_color_default();
    a->ascii = !pl_locale_is_utf8();
    int npos = 0;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        char *end;
        if (!strcmp(s, "--save") && i + 1 < argc)
            a->save = argv[++i];
        else if (!strcmp(s, "--time-limit") && i + 1 < argc && (a->seconds = strtod(argv[i + 1], &end)) > 0 && !*end)
            i++;
        else if (pl_display_option(s, &a->color, &a->ascii))
            ;
        else if (!strcmp(s, "--hints"))
            a->hints = true;
        else if (!strcmp(s, "--batch"))
            a->batch = true;
        else if (!strcmp(s, "--help") || !strcmp(s, "-h")) {
            fputs(usage, stdout);
            return -1;
        } else if (s[0] == '-' && s[1]) {
            fprintf(stderr, "planlens: teach: unknown or incomplete option '%s'\n%s", s, usage);
            return EXIT_USAGE;
        } else if (npos < 2) {
            *(npos++ ? &a->problem : &a->domain) = s;
        } else {
            fprintf(stderr, "planlens: teach: unexpected argument '%s'\n%s", s, usage);
            return EXIT_USAGE;
        }
    }
    if (npos < 2) {
        fprintf(stderr, "planlens: teach: expected DOMAIN PROBLEM\n%s", usage);
        return EXIT_USAGE;
    }
    return 0;
}

/* The first screen as text, for scripts and CI. */
static int batch_output(const pl_task *t, const teach_args *a)
{
    pl_teach *s = pl_teach_new(t, a->seconds);
    if (!s)
        return EXIT_INPUT;
    pl_view_model vm;
    pl_view_teach(s, &(pl_teach_view_opts){.ascii = a->ascii, .hints = a->hints, .width = 100}, &vm);
    for (int i = 0; i < vm.nlines; i++) {
        char *text = pl_vm_line_text(&vm.lines[i]);
        if (text)
            puts(text);
        free(text);
    }
    pl_vm_free(&vm);
    pl_teach_free(s);
    return 0;
}

/* The terminal (tui_open_terminal) with colours; false: no terminal. */
static bool start_terminal(FILE **tty, SCREEN **screen, bool color)
{
    if (!tui_open_terminal(tty, screen))
        return false;
    if (color && has_colors()) {
        start_color();
        use_default_colors();
    }
    return true;
}

static int run_terminal(const pl_task *t, const teach_args *a, FILE *tty, SCREEN *screen)
{
    tui_catch_stop_signals();
    tui_app app = {0};
    tui_keymap_load_installed(&app.keymap, app.message, sizeof app.message);
    tui_prompt_setup(&app);
    tui_teach_opts o = {.title = t->problem->name, .ascii = a->ascii, .color = a->color, .save_path = a->save,
                        .hint_seconds = a->seconds};
    int rc = tui_teach_run(t, &o, &app.keymap);
    tui_prompt_teardown(&app);
    tui_keymap_free(&app.keymap);
    endwin();
    delscreen(screen);
    fclose(tty);
    if (app.message[0]) /* a keymap problem: said once the screen is gone, where it stays readable */
        fprintf(stderr, "planlens: teach: %s\n", app.message);
    if (rc < 0) {
        fprintf(stderr, "planlens: teach: out of memory\n");
        return EXIT_INPUT;
    }
    return tui_stop_signal() ? 128 + tui_stop_signal() : 0;
}

int tui_teach_main(int argc, char **argv)
{
    setlocale(LC_CTYPE, "");
    teach_args a = {0};
    int rc = parse_args(argc, argv, &a);
    if (rc)
        return rc < 0 ? 0 : rc;
    pl_loaded_task lt;
    pl_error err = PL_ERROR_INIT;
    if (pl_load_task_files(a.domain, a.problem, &lt, NULL, &err) != PL_OK) {
        char *m = pl_error_format(&err);
        fprintf(stderr, "planlens: teach: %s\n", m ? m : "cannot load the task");
        free(m);
        pl_error_clear(&err);
        return EXIT_INPUT;
    }
    FILE *tty = NULL;
    SCREEN *screen = NULL;
    if (a.batch || !isatty(STDIN_FILENO) || !start_terminal(&tty, &screen, a.color))
        rc = batch_output(lt.task, &a);
    else
        rc = run_terminal(lt.task, &a, tty, screen);
    pl_loaded_task_free(&lt);
    return rc;
}
