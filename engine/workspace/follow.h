/* Following the files under the paths a workspace was opened on, while a
 * run is still being written (Inspect rewrites its .eval as samples finish,
 * lm-eval writes each task's samples file when the task ends).
 *
 * A follower keeps a snapshot of the files found under the paths (as the
 * workspace finds them: name, size, modification time).  inotify on their
 * directories tells it when to look again; without inotify it looks every
 * second (polling).  A change is reported only once the files have stayed
 * as they are for a moment, so a file caught mid-write is not read then;
 * the caller opens a new workspace on the same paths and swaps it in once
 * it is graded (records are read without locks: a loaded workspace never
 * grows in place). */
#ifndef PL_WORKSPACE_FOLLOW_H
#define PL_WORKSPACE_FOLLOW_H

#include <stdbool.h>

typedef struct pl_ws_follow pl_ws_follow;

/* Snapshots the files under the paths now (the state the workspace opened
 * on).  use_inotify false: polling only.  NULL when out of memory. */
pl_ws_follow *pl_ws_follow_new(const char *const *paths, int npaths, bool use_inotify);
void pl_ws_follow_free(pl_ws_follow *f);
/* true when inotify watches the paths, false when it polls. */
bool pl_ws_follow_inotify(const pl_ws_follow *f);
/* Call at every tick: true when the files differ from the accepted
 * snapshot and have not changed since the previous look, at least
 * `settle_ms` ago (then load them).  Cheap between looks. */
bool pl_ws_follow_check(pl_ws_follow *f, int settle_ms);
/* Whether the files are still as pl_ws_follow_check last found them (after
 * a load: false means a file changed while it was read). */
bool pl_ws_follow_unchanged(pl_ws_follow *f);
/* The snapshot pl_ws_follow_check last found becomes the accepted one (the
 * workspace loaded from it is in use). */
void pl_ws_follow_accept(pl_ws_follow *f);
/* Changes accepted so far. */
int pl_ws_follow_changes(const pl_ws_follow *f);

#endif
