/* The hint bar: a screen's main keys, named from the live keymap. */
#include <stdio.h>
#include <string.h>

#include "app.h"

typedef struct {
    tui_action action, pair; /* pair: a second action shown with the same label ("Left/Right") */
    const char *label;
} hint;

#define END {ACT_NONE, ACT_NONE, NULL}

static const hint dashboard[] = {{ACT_OPEN, 0, "questions"},  {ACT_HISTOGRAM, 0, "histogram"},
                                 {ACT_COMPARE, 0, "compare"},  {ACT_WHY, 0, "why"},
                                 {ACT_DISAGREEMENTS, 0, "disagreements"}, {ACT_FREQUENCY, 0, "frequency"},
                                 {ACT_FILTER, 0, "filter"},    {ACT_SEARCH, 0, "search"}, {ACT_CHARTS, 0, "charts"}, END};
static const hint list[] = {{ACT_OPEN, 0, "detail"},    {ACT_SORT, 0, "sort"},      {ACT_REVERSE, 0, "reverse"},
                            {ACT_FLAG, 0, "flag"},      {ACT_REVIEW, 0, "review"},  {ACT_FREQUENCY, 0, "frequency"},
                            {ACT_HISTOGRAM, 0, "histogram"}, {ACT_FILTER, 0, "filter"}, {ACT_SEARCH, 0, "search"},
                            {ACT_WHY, 0, "why"}, {ACT_UNDO, ACT_REDO, "undo/redo"}, {ACT_YANK, 0, "copy"}, END};
static const hint why[] = {{ACT_OPEN, 0, "answers"}, {ACT_FOLD, 0, "fold"}, {ACT_FOLD_ALL, 0, "fold all"},
                           {ACT_SORT, 0, "count/diff"}, {ACT_FILTER, 0, "filter"}, END};
static const hint charts[] = {{ACT_OPEN, 0, "cases"}, {ACT_TOGGLE_NP, 0, "AQM/NP-AQM"}, {ACT_FILTER, 0, "filter"}, END};
static const hint freq[] = {{ACT_OPEN, 0, "records"}, {ACT_SORT, 0, "count/value"}, {ACT_FILTER, 0, "filter"}, END};
static const hint detail[] = {{ACT_EXPAND, 0, "unfold"},      {ACT_PAGE_DOWN, 0, "page"}, {ACT_PLAN_VIEW, 0, "plan"},
                              {ACT_STATE_VIEW, 0, "states"},  {ACT_TEACH, 0, "teach"},    {ACT_FLAG, 0, "flag"},
                              {ACT_SEARCH, 0, "search"},      {ACT_NEXT_ANSWER, ACT_PREV_ANSWER, "answers"},
                              {ACT_YANK, 0, "copy"},          {ACT_PAGER, 0, "pager"}, END};
static const hint histogram[] = {{ACT_OPEN, 0, "questions"}, {ACT_METRIC, 0, "metric"},
                                 {ACT_TOGGLE_BINS, 0, "bin width"}, {ACT_FILTER, 0, "filter"}, END};
static const hint plan[] = {{ACT_OPEN, 0, "open"}, {ACT_TOGGLE_NP, 0, "AQM/NP-AQM"}, {ACT_STATE_VIEW, 0, "states"},
                            {ACT_TEACH, 0, "teach"}, END};
static const hint state[] = {{ACT_PREV_STEP, ACT_NEXT_STEP, "step"}, {ACT_TEACH, 0, "teach"}, {ACT_YANK, 0, "copy"}, END};
static const hint compare[] = {{ACT_OPEN, 0, "A's answer"}, {ACT_AGREE_FILTER, 0, "all/agree/disagree"},
                               {ACT_TOGGLE_BINS, 0, "bin width"}, END};
/* a cell's line (or a cell's screen): Enter lists its questions, R queues the loaded answers to them */
static const hint probe[] = {{ACT_OPEN, 0, "cell's questions"}, {ACT_REVIEW, 0, "their answers"}, END};
static const hint help[] = {{ACT_DOWN, ACT_PAGE_DOWN, "scroll"}, {ACT_SEARCH, 0, "search"}, END};
static const hint review[] = {{ACT_GRADER_RIGHT, 0, "right"}, {ACT_GRADER_WRONG, 0, "wrong"},
                              {ACT_BAD_QUESTION, 0, "bad question"}, {ACT_UNSURE, 0, "unsure"},
                              {ACT_NOTE, 0, "note"}, {ACT_NEXT_UNREVIEWED, ACT_PREV_UNREVIEWED, "unreviewed"},
                              {ACT_NEXT_ANSWER, ACT_PREV_ANSWER, "every answer"}, {ACT_HISTORY, 0, "history"},
                              {ACT_OPEN, 0, "detail"}, END};
static const hint history[] = {{ACT_DOWN, ACT_PAGE_DOWN, "scroll"}, END};
static const hint teach[] = {{ACT_OPEN, 0, "apply"}, {ACT_UNDO, 0, "undo"}, {ACT_TOGGLE_HINTS, 0, "hints"},
                             {ACT_SAVE, 0, "save"}, END};

/* The first key doing `action` in `view` ("" when none). */
static const char *first_key(const tui_keymap *km, tui_view_kind view, tui_action action, char buf[64])
{
    tui_keymap_keys(km, view, action, buf, 64);
    buf[strcspn(buf, " ")] = '\0';
    return buf;
}

/* Columns a UTF-8 string takes (key names and labels are one column per character). */
static int columns(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* Appends " keys label" when it fits whole in `width` columns: a hint cut in
 * the middle of a word reads as a different key, so it is left out instead. */
static void add(char *buf, size_t size, int width, const char *keys, const char *label)
{
    char piece[200];
    size_t used = strlen(buf);
    snprintf(piece, sizeof piece, "%s%s %s", used ? "  " : " ", keys, label);
    if (*keys && columns(buf) + columns(piece) <= width && used + strlen(piece) < size)
        memcpy(buf + used, piece, strlen(piece) + 1);
}

/* A hint's keys ("a", or "a/b" for a pair) and label; nothing when unbound. */
static void add_hint(const tui_keymap *km, tui_view_kind view, const hint *h, char *buf, size_t size, int width)
{
    char a[64], b[64], both[130];
    first_key(km, view, h->action, a);
    if (!h->pair) {
        add(buf, size, width, a, h->label);
    } else if (*a && *first_key(km, view, h->pair, b)) {
        snprintf(both, sizeof both, "%s/%s", a, b);
        add(buf, size, width, both, h->label);
    }
}

void tui_hints(const tui_keymap *km, tui_view_kind view, bool root, tui_sideways side, int width, char *buf, size_t size)
{
    static const hint *const per_view[VIEW_COUNT] = {[VIEW_DASHBOARD] = dashboard, [VIEW_LIST] = list,
                                                     [VIEW_DETAIL] = detail,       [VIEW_HISTOGRAM] = histogram,
                                                     [VIEW_PLAN] = plan,           [VIEW_STATE] = state,
                                                     [VIEW_COMPARE] = compare,     [VIEW_PROBE] = probe,
                                                     [VIEW_HELP] = help,           [VIEW_TEACH] = teach,
                                                     [VIEW_WHY] = why,             [VIEW_FREQ] = freq,
                                                     [VIEW_CHARTS] = charts,       [VIEW_REVIEW] = review,
                                                     [VIEW_HISTORY] = history};
    static const hint sideways = {ACT_SCROLL_LEFT, ACT_SCROLL_RIGHT, "columns"};
    const hint prompt = {ACT_PROMPT, ACT_NONE, view == VIEW_TEACH ? "action" : "command"};
    buf[0] = '\0';
    /* the way out and the help first: they must fit any width */
    const hint out = {ACT_BACK, ACT_NONE, view == VIEW_HELP ? "close" : view == VIEW_TEACH ? "leave" : root ? "quit" : "back"};
    const hint help_key = {ACT_HELP, ACT_NONE, "help"};
    add_hint(km, view, &out, buf, size, width);
    if (view != VIEW_HELP)
        add_hint(km, view, &help_key, buf, size, width);
    /* columns out of view: before the rest, narrow is when it matters; a
     * table only cut to fit: after the screen's own keys, room allowing */
    if (side == SIDEWAYS_SCROLLS)
        add_hint(km, view, &sideways, buf, size, width);
    for (const hint *h = per_view[view]; h && h->label; h++)
        add_hint(km, view, h, buf, size, width);
    if (side == SIDEWAYS_WHOLE)
        add_hint(km, view, &sideways, buf, size, width);
    add_hint(km, view, &prompt, buf, size, width);
}
