/* Teach mode's screen as a view model: a picture of the state, goal
 * progress, the state grouped by predicate, the applicable actions as
 * selectable lines (target = ground action id), hints with h*, the last
 * typed action's explanation (right above the actions, so that it shows
 * with them) and the walked plan. */
#ifndef PL_TEACH_VIEW_H
#define PL_TEACH_VIEW_H

#include "teach/heuristic_explain.h"
#include "teach/rpg.h"
#include "teach/start_state.h"
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
    const char *start;        /* where the walk started (pl_teach_start_text), or NULL: the initial state (not said) */
} pl_teach_view_opts;

/* Builds the screen (vm is initialised here; free with pl_vm_free).  The
 * banner: "domain · problem  step 2 · cost 3 · unit costs".  With `before`,
 * the next line says what the last action changed: "after (a b): + (p a)
 * - (q b)" (ROLE_CORRECT added, ROLE_WRONG deleted).  With `start`, a line
 * "start: ..." says where the walk started. */
void pl_view_teach(pl_teach *s, const pl_teach_view_opts *o, pl_view_model *vm);

/* The heuristic panel (H): the values of blind, h_max, h_add, h_FF, LM-cut
 * and h* first (they fit 80x24 with the start of the why), then the why of
 * each: h_max's critical path and cost table, h_add's supports and table,
 * h_FF's relaxed plan by layers with the achiever chosen for each atom,
 * LM-cut's cuts in order, h*'s optimal plan or the goal conditions a dead
 * end can never reach.  `state`: which state, after "state: " (NULL: the
 * initial state). */
void pl_view_teach_heuristics(const pl_heuristic_explanation *x, const char *state, bool ascii, int width,
                              pl_view_model *vm);
/* The relaxed planning graph screen: fact layer and action layer by level
 * (what is first there), the goal level, h_FF's relaxed plan marked "*" in
 * ROLE_CORRECT, the atoms never reached (ROLE_WRONG). */
void pl_view_teach_rpg(const pl_task *t, const pl_rpg *g, const char *state, bool ascii, int width,
                       pl_view_model *vm);

/* Appends one item of a list (an atom, an action) to the current line,
 * which has *used columns: after `sep` when it fits in `width`, else alone
 * on a new line indented by `indent` (a list wraps between items, never
 * inside one; an item wider than the line is cut when drawn, with a "…").
 * Updates *used. */
void pl_teach_item(pl_view_model *vm, pl_role role, const char *sep, const char *text, int width, int indent,
                   int *used);
/* Puts a new session at its start: the state of a state file, or the plan
 * prefix's actions applied (undo goes back to the initial state); nothing
 * for the initial state (spec NULL).  0, or -1 when that fails. */
int pl_teach_begin(pl_teach *s, const pl_start_spec *spec, const pl_start_state *st);
/* Where the walk starts, as heuristics and rpg say it after "state: ":
 * "the initial state", "after 2 of the 5 actions of FILE (steps 0-1; step 0
 * is the first action), cost 2", "read from FILE" (spec NULL: the first); a
 * new string, NULL when out of memory. */
char *pl_teach_start_text(const pl_start_spec *spec, const pl_start_state *s);
/* "costs: unit (every action costs 1)", "costs: action costs, 1 to 3" (as
 * heuristics and rpg say it); brief: "unit costs", "action costs 1 to 3". */
void pl_teach_costs_text(const pl_task *t, bool brief, char *buf, size_t n);
/* A panel's line "state: STATE · costs: ...", wrapped between the two
 * (state NULL: the initial state). */
void pl_teach_state_line(pl_view_model *vm, const pl_task *t, const char *state, bool ascii, int width);

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
