/* Teach mode in the terminal: walk a task by hand (keys in docs/TEACH.md). */
#ifndef PL_TUI_TEACH_H
#define PL_TUI_TEACH_H

#include <stdbool.h>

#include "keymap.h"
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

#endif
