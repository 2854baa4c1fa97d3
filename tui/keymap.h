/* Keys → named actions, per view, read from keymap files:
 *   bind <view> <key> <action>
 * (keymaps/default.keymap documents the key names).  Later lines and later
 * files override earlier ones; `none` removes a binding. */
#ifndef PL_TUI_KEYMAP_H
#define PL_TUI_KEYMAP_H

#include <stddef.h>

#include "base/error.h"

typedef enum {
    ACT_NONE,
    ACT_QUIT, ACT_BACK, ACT_HELP, ACT_DOWN, ACT_UP, ACT_PAGE_DOWN, ACT_PAGE_UP, ACT_FIRST, ACT_LAST, ACT_OPEN,
    ACT_SEARCH, ACT_SEARCH_NEXT, ACT_SEARCH_PREV, ACT_PROMPT, ACT_FILTER, ACT_CLEAR_FILTER, ACT_REFRESH,
    ACT_HISTOGRAM, ACT_TOGGLE_BINS, ACT_SORT, ACT_REVERSE, ACT_FLAG, ACT_DISAGREEMENTS,
    ACT_PLAN_VIEW, ACT_STATE_VIEW, ACT_TEACH, ACT_TOGGLE_NP, ACT_NEXT_STEP, ACT_PREV_STEP, ACT_COMPARE,
    ACT_AGREE_FILTER, ACT_UNDO, ACT_TOGGLE_HINTS, ACT_SAVE, ACT_CANCEL, ACT_EXPAND, ACT_SCROLL_LEFT,
    ACT_SCROLL_RIGHT, ACT_METRIC, ACT_WHY, ACT_FREQUENCY, ACT_FOLD, ACT_FOLD_ALL, ACT_CHARTS,
    ACT_REDO, ACT_JUMP_BACK, ACT_YANK, ACT_PAGER, ACT_EDITOR, ACT_NEXT_ANSWER, ACT_PREV_ANSWER,
    ACT_REVIEW, ACT_FLAG_QUESTION, ACT_HISTORY, ACT_NOTE, ACT_QUESTION_NOTE, ACT_GRADER_RIGHT, ACT_GRADER_WRONG,
    ACT_BAD_QUESTION, ACT_UNSURE, ACT_NEXT_UNREVIEWED, ACT_PREV_UNREVIEWED, ACT_HEURISTICS, ACT_RPG,
    ACT_REPLAY, ACT_GOAL_GENERATED, ACT_GOAL_TAKEN,
    ACT_COUNT
} tui_action;

typedef enum {
    VIEW_GENERIC, VIEW_DASHBOARD, VIEW_LIST, VIEW_DETAIL, VIEW_HISTOGRAM, VIEW_PLAN, VIEW_STATE, VIEW_COMPARE,
    VIEW_PROBE, VIEW_TEACH, VIEW_WARNINGS, VIEW_PROBE_ANSWER, VIEW_HELP, VIEW_WHY, VIEW_FREQ,
    VIEW_CHARTS, VIEW_REVIEW, VIEW_HISTORY, VIEW_BANK, VIEW_BANK_QUESTION,
    VIEW_COUNT
} tui_view_kind;

const char *tui_action_name(tui_action a);
const char *tui_view_name(tui_view_kind v);

typedef struct {
    tui_view_kind view;
    int key;          /* curses key code */
    tui_action action;
} tui_binding;

typedef struct {
    tui_binding *items;
    int count, cap;
} tui_keymap;

/* Adds the bindings of a file.  A missing file is PL_ERR_IO; a bad line is
 * an error at file:line:col (nothing of that file is kept). */
pl_error_code tui_keymap_load(tui_keymap *km, const char *path, pl_error *err);
/* The default keymap (keymaps/default.keymap where planlens is installed or
 * built), then the user's ($XDG_CONFIG_HOME/planlens/keymap, else
 * ~/.config/planlens/keymap) when it exists.  A problem with either file is
 * written to `message` (empty otherwise); a bad user file is not applied. */
void tui_keymap_load_installed(tui_keymap *km, char *message, size_t size);
/* The action of a key in a view (view bindings first, then generic). */
tui_action tui_keymap_lookup(const tui_keymap *km, tui_view_kind view, int key);
/* The names of every key that does `action` in `view` ("j Down"), in
 * keymap order; "" when none does. */
const char *tui_keymap_keys(const tui_keymap *km, tui_view_kind view, tui_action action, char *buf, size_t size);
/* A key's name as the keymap writes it ("Enter", "^F", "j", "M-j" for Alt-j). */
const char *tui_key_name(int key, char buf[16]);
void tui_keymap_free(tui_keymap *km);

#endif
