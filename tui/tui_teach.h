/* Teach mode in the terminal: walk a task by hand (keys in docs/TEACH.md). */
#ifndef PL_TUI_TEACH_H
#define PL_TUI_TEACH_H

#include <stdbool.h>

#include "keymap.h"
#include "task/task.h"

/* Runs inside an already initialised curses screen (the explorer opens it
 * from a question detail with the question's task; colour pairs must have
 * been started when `color`); returns when the user leaves (q / Esc).
 * `save_path` is the file name the save prompt offers (NULL:
 * teach-plan.txt); hint_seconds the CPU limit of each hint search (0:
 * the default); keys are looked up in `keymap` (view "teach", then
 * generic).  Returns 0, or -1 when out of memory. */
int tui_teach_run(const pl_task *t, const char *title, bool ascii, bool color, const char *save_path,
                  double hint_seconds, const tui_keymap *keymap);

#endif
