/* Teach mode's screen as a view model: a picture of the state, goal
 * progress, the state grouped by predicate, the applicable actions as
 * selectable lines (target = ground action id), hints with h*, the last
 * typed action's explanation (right above the actions, so that it shows
 * with them) and the walked plan. */
#ifndef PL_TEACH_VIEW_H
#define PL_TEACH_VIEW_H

#include "teach/teach.h"
#include "view_model.h"

typedef struct {
    const char *title;        /* the screen's title (a problem or question name); NULL: the problem's name */
    bool ascii;               /* no byte >= 0x80 anywhere */
    bool hints;               /* show h* and the optimal next actions (may run searches) */
    int width;                /* columns to wrap to */
    const pl_teach_why *why;  /* the last typed action's explanation, or NULL */
    const char *undo_key, *save_key; /* the keys the screen names (the live keymap's); NULL: "u", "s" */
    const uint64_t *before;   /* the state before the last action applied, or NULL: no change shown */
    int last_action;          /* that action (with `before`) */
    int *why_at;              /* if not NULL, receives the line where the explanation starts (-1: none) */
} pl_teach_view_opts;

/* Builds the screen (vm is initialised here; free with pl_vm_free).  With
 * `before`, the line under the title says what the last action changed:
 * "after (a b): + (p a) - (q b)" (ROLE_CORRECT added, ROLE_WRONG deleted). */
void pl_view_teach(pl_teach *s, const pl_teach_view_opts *o, pl_view_model *vm);

/* Pictures, chosen by the predicates the domain declares (not its name):
 * Blocksworld towers (on/2 with ontable/1 or on-table/1), places with what
 * is at them (at/2 or at-X/1, with in/carry/lifting/on containers: Gripper,
 * Ferry, Logistics, Depots, ...), and a generic fallback (each object with
 * what holds of it). */
typedef enum { PL_PICTURE_TOWERS, PL_PICTURE_PLACES, PL_PICTURE_GENERIC } pl_picture_kind;

pl_picture_kind pl_picture_kind_of(const pl_task *t);
const char *pl_picture_kind_name(pl_picture_kind k); /* "towers", "places", "generic" */
/* Appends the picture of `state` as non-selectable lines.  Towers: one
 * column per tower, each block written "[name]" in its column, bottom block
 * on the table line; a held block on a line "holding: name". */
void pl_teach_picture(const pl_task *t, const uint64_t *state, bool ascii, int width, pl_view_model *vm);

#endif
