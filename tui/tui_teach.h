/* Teach mode in the terminal: walk a task by hand (keys in docs/TEACH.md). */
#ifndef PL_TUI_TEACH_H
#define PL_TUI_TEACH_H

#include <stdbool.h>

#include "keymap.h"
#include "search_replay.h"
#include "task/task.h"
#include "teach/start_state.h"

typedef struct {
    const char *title;     /* the screen's title */
    bool ascii, color;     /* colour pairs must have been started when `color` */
    const char *save_path; /* the file name the save prompt offers (NULL: teach-plan.txt) */
    double hint_seconds;   /* the CPU limit of each hint search (0: the default) */
    bool nested;           /* opened from the explorer: Esc goes back to it (else Esc never leaves) */
    const pl_start_spec *start_spec; /* where the walk starts (with start), or NULL: the initial state */
    const pl_start_state *start;
} tui_teach_opts;

/* Runs inside an already initialised curses screen (the explorer opens it
 * from a question detail with the question's task); returns when the user
 * leaves (q, :q, or Esc when nested).  Keys are looked up in `keymap` (view
 * "teach", then generic).  Returns 0, or -1 when out of memory (or when
 * the start cannot be reached). */
int tui_teach_run(const pl_task *t, const tui_teach_opts *o, const tui_keymap *keymap);

/* The search replay (tui/search_replay.c) of a trace read with
 * pl_replay_read, inside an initialised curses screen; returns when the
 * user leaves: 0, or -1 when out of memory. */
typedef struct {
    const char *title; /* after "search replay" in the title bar, or NULL */
    bool ascii;
    bool root;         /* the first screen (a trace on the command line): Esc stays there */
} tui_replay_opts;
int tui_replay_run(pl_search_replay *r, const tui_replay_opts *o, const tui_keymap *keymap);
/* A trace file on the command line (planlens FILE, planlens teach --trace
 * FILE): read, replayed in the terminal (without one, or with batch, its
 * first screen printed); the exit code. */
int tui_replay_main(const char *path, bool ascii, bool color, bool batch);
/* A model's lines as plain text on stdout (the batch output of teach and replay). */
void tui_print_lines(const pl_view_model *vm);
/* Whether `path` is a regular file whose first line is a search trace record. */
bool tui_is_search_trace(const char *path);

#endif
