/* `planlens teach DOMAIN PROBLEM`: options, the task, where the walk starts
 * (engine/teach/start_state.h), the terminal (or the first screen as text
 * without one), then the loop of teach.c. */
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
    "usage: planlens teach DOMAIN PROBLEM [--plan FILE [--step K] | --state FILE] [--save FILE]\n"
    "                      [--hints] [--time-limit S] [--ascii] [--color=auto|always|never] [--batch]\n"
    "Walk a task by hand: the state, the applicable actions (Enter applies, u undoes),\n"
    ": explains any typed action, h shows the optimal next actions with h*, H the heuristic\n"
    "values and why, r the relaxed planning graph, s saves the plan.  The walk starts at the\n"
    "initial state, after the first K actions of a plan (all without --step; step 0 is the\n"
    "first action) or at a state file's atoms.  Keys: ? inside; docs/TEACH.md.  Without a\n"
    "terminal it prints the first screen.\n";

typedef struct {
    const char *domain, *problem, *save;
    bool ascii, color, hints, batch;
    double seconds;
    pl_start_spec start;
} teach_args;

static int usage_error(const char *fmt, const char *arg)
{
    fputs("planlens: teach: ", stderr);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n%s", usage);
    return EXIT_USAGE;
}

/* --step K: a number of plan actions (0: the initial state). */
static bool parse_step(const char *text, int *step)
{
    char *end;
    long k = strtol(text, &end, 10);
    if (!*text || *end || k < 0 || k > 1000000000)
        return false;
    *step = (int)k;
    return true;
}

static int parse_args(int argc, char **argv, teach_args *a)
{
    a->color = pl_color_default();
    a->ascii = !pl_locale_is_utf8();
    a->start.step = -1;
    int npos = 0;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        char *end;
        if (!strcmp(s, "--save") && i + 1 < argc)
            a->save = argv[++i];
        else if (!strcmp(s, "--time-limit") && i + 1 < argc && (a->seconds = strtod(argv[i + 1], &end)) > 0 && !*end)
            i++;
        else if (!strcmp(s, "--plan") && i + 1 < argc)
            a->start.plan_path = argv[++i];
        else if (!strcmp(s, "--state") && i + 1 < argc)
            a->start.state_path = argv[++i];
        else if (!strcmp(s, "--step") && i + 1 < argc) {
            if (!parse_step(argv[++i], &a->start.step))
                return usage_error("--step: '%s' is not a number of plan actions (0 = the initial state)", argv[i]);
        }
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
            return usage_error("unknown or incomplete option '%s'", s);
        } else if (npos < 2) {
            *(npos++ ? &a->problem : &a->domain) = s;
        } else {
            return usage_error("unexpected argument '%s'", s);
        }
    }
    if (npos < 2)
        return usage_error("expected DOMAIN PROBLEM%s", "");
    if (a->start.plan_path && a->start.state_path)
        return usage_error("--plan and --state exclude each other%s", "");
    if (a->start.step >= 0 && !a->start.plan_path)
        return usage_error("--step K needs --plan FILE%s", "");
    return 0;
}

/* The first screen as text, for scripts and CI. */
static int batch_output(const pl_task *t, const teach_args *a, const pl_start_state *start)
{
    pl_teach *s = pl_teach_new(t, a->seconds);
    bool elsewhere = a->start.plan_path || a->start.state_path;
    char *from = elsewhere ? pl_teach_start_text(&a->start, start) : NULL;
    if (!s || (elsewhere && !from) || pl_teach_begin(s, &a->start, start) < 0) {
        pl_teach_free(s);
        free(from);
        fprintf(stderr, "planlens: teach: out of memory\n");
        return EXIT_INPUT;
    }
    pl_view_model vm;
    pl_view_teach(s, &(pl_teach_view_opts){.ascii = a->ascii, .hints = a->hints, .width = 100, .start = from}, &vm);
    tui_print_lines(&vm);
    pl_vm_free(&vm);
    pl_teach_free(s);
    free(from);
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

static int run_terminal(const pl_task *t, const teach_args *a, const pl_start_state *start, FILE *tty,
                        SCREEN *screen)
{
    tui_catch_stop_signals();
    tui_app app = {0};
    tui_keymap_load_installed(&app.keymap, app.message, sizeof app.message);
    tui_prompt_setup(&app);
    tui_teach_opts o = {.title = t->problem->name, .ascii = a->ascii, .color = a->color, .save_path = a->save,
                        .hint_seconds = a->seconds, .start_spec = &a->start, .start = start};
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
    pl_start_state start;
    if (pl_start_state_read(lt.task, &a.start, &start, &err) != PL_OK) { /* a located message: file:line:col */
        char *m = pl_error_format(&err);
        fprintf(stderr, "planlens: teach: %s\n", m ? m : "cannot read the start state");
        free(m);
        pl_error_clear(&err);
        pl_loaded_task_free(&lt);
        return EXIT_INPUT;
    }
    FILE *tty = NULL;
    SCREEN *screen = NULL;
    if (a.batch || !isatty(STDIN_FILENO) || !start_terminal(&tty, &screen, a.color))
        rc = batch_output(lt.task, &a, &start);
    else
        rc = run_terminal(lt.task, &a, &start, tty, screen);
    pl_start_state_clear(&start);
    pl_loaded_task_free(&lt);
    return rc;
}
