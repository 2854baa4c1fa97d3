/* The explorer following the paths it opened while runs are still being
 * written (engine/workspace/follow.h).  When the files change and settle, a
 * new workspace is opened on the same paths and graded in the background;
 * once graded it replaces the one in use between two ticks of the UI
 * thread, which alone reads the records, so no screen ever reads a
 * workspace that grows.  Every screen stays: its record, subset and cursor
 * are carried over by record key (model, task, id, epoch and which answer
 * of those), its filters are expressions, the notes and :reducer are
 * applied again.  The same tick reads the review journal for the records
 * other writers appended (another explorer, `planlens notes add`).  A load that caught a file mid-write (the files changed
 * while it read them, or a file that loaded before now fails) is thrown
 * away and tried again, so a half-written file is never reported broken. */
#ifndef PL_TUI_LIVE_H
#define PL_TUI_LIVE_H

#include <stdbool.h>

#include "app.h"

typedef struct tui_live tui_live;

/* Starts following the paths (call before opening the workspace on them,
 * so a change during the first load is seen).  NULL when out of memory. */
tui_live *tui_live_new(const char *const *paths, int npaths);
/* Stops following; a workspace still loading is closed. */
void tui_live_free(tui_live *l);
/* At every tick: looks at the files, loads a settled change, swaps the new
 * workspace in once graded.  Says what happened: a load started (the
 * status line says so), or the new workspace is in (every screen rebuilt). */
typedef enum { TUI_LIVE_IDLE, TUI_LIVE_READING, TUI_LIVE_SWAPPED } tui_live_event;
tui_live_event tui_live_tick(tui_app *app);
/* Appends "live: 27 samples" to a screen's status text while a run is
 * still being written or once the files changed. */
void tui_live_status(tui_app *app, pl_view_model *vm);

#endif
