/* Undo and redo of navigation, filters, sorts and scopes (VisiData's U/R,
 * lazygit's z/Z).  A screen opened or left is moved whole between the stack
 * and the history, never rebuilt: its scope, filter, cursor and what it
 * computed come back as they were. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

#define UNDO_MAX 100

tui_settings tui_settings_of(const tui_screen *s)
{
    return (tui_settings){s->sort,   s->descending, s->by_value,  s->np_aqm, s->metric,
                          s->agree,  s->bin_width,  s->record,    s->step};
}

static bool same_settings(const tui_settings *a, const tui_settings *b)
{
    return a->sort == b->sort && a->descending == b->descending && a->by_value == b->by_value &&
           a->np_aqm == b->np_aqm && a->metric == b->metric && a->agree == b->agree &&
           a->bin_width == b->bin_width && a->record == b->record && a->step == b->step;
}

static void put_settings(tui_screen *s, const tui_settings *t)
{
    s->sort = t->sort;
    s->descending = t->descending;
    s->by_value = t->by_value;
    s->np_aqm = t->np_aqm;
    s->metric = t->metric;
    s->agree = t->agree;
    s->bin_width = t->bin_width;
    s->record = t->record;
    s->step = t->step;
    s->stale = true;
}

static void change_free(tui_app *app, tui_change *c)
{
    if (c->holds_screen)
        tui_screen_free(app, &c->screen);
    free(c->before);
    free(c->after);
}

/* Drops what could be redone (the newest first: a screen kept there may
 * borrow from one opened before it). */
static void forget_redo(tui_app *app)
{
    tui_undo *u = &app->undo;
    while (u->count > u->done)
        change_free(app, &u->items[--u->count]);
}

void tui_undo_free(tui_app *app)
{
    tui_undo *u = &app->undo;
    u->done = u->count;
    forget_redo(app);
    while (u->count)
        change_free(app, &u->items[--u->count]);
    free(u->items);
    *u = (tui_undo){0};
}

/* A new step: what was undone is forgotten; the oldest step goes when the
 * history is full.  NULL when nothing is to be recorded. */
static tui_change *record(tui_app *app, tui_change_kind kind, int depth)
{
    tui_undo *u = &app->undo;
    if (u->replaying)
        return NULL;
    if (u->ws != app->ws) { /* the files were read again: the indices kept are of the old records */
        tui_undo_free(app);
        u->ws = app->ws;
    }
    forget_redo(app);
    if (u->count == UNDO_MAX) {
        change_free(app, &u->items[0]);
        memmove(u->items, u->items + 1, (size_t)--u->count * sizeof *u->items);
        u->done = u->count;
    }
    if (!u->items) {
        u->items = malloc(UNDO_MAX * sizeof *u->items);
        if (!u->items)
            return NULL;
    }
    tui_change *c = &u->items[u->count++];
    memset(c, 0, sizeof *c);
    c->kind = kind;
    c->depth = depth;
    u->done = u->count;
    return c;
}

void tui_undo_pushed(tui_app *app)
{
    if (app->depth > 1 && tui_top(app)->kind != VIEW_HELP) /* the help is not a step */
        record(app, TUI_CHANGE_PUSH, app->depth - 1);
}

bool tui_undo_keep_popped(tui_app *app, tui_screen *s)
{
    tui_change *c = s->kind != VIEW_HELP ? record(app, TUI_CHANGE_POP, (int)(s - app->stack)) : NULL;
    if (!c)
        return false;
    c->screen = *s;
    c->holds_screen = true;
    return true;
}

void tui_undo_filter(tui_app *app, int depth, const char *before, const char *after)
{
    char *b = before ? pl_strdup(before) : NULL, *a = after ? pl_strdup(after) : NULL;
    tui_change *c = (!before || b) && (!after || a) ? record(app, TUI_CHANGE_FILTER, depth) : NULL;
    if (!c) {
        free(b);
        free(a);
        return;
    }
    c->before = b;
    c->after = a;
}

void tui_undo_settings(tui_app *app, int depth, tui_settings was)
{
    tui_settings now = tui_settings_of(&app->stack[depth]);
    if (same_settings(&was, &now))
        return;
    tui_change *c = record(app, TUI_CHANGE_SETTINGS, depth);
    if (c) {
        c->was = was;
        c->now = now;
    }
}

/* Sets a screen's filter from its text (NULL: none) without recording it. */
static void put_filter(tui_screen *s, const char *text)
{
    int col;
    char *error = NULL;
    pl_filter *f = text ? pl_filter_parse(text, &col, &error) : NULL;
    free(error);
    pl_filter_free(s->filter);
    free(s->filter_text);
    s->filter = f;
    s->filter_text = f && text ? pl_strdup(text) : NULL;
    s->stale = true;
}

/* What a settings change changed, for the status line. */
static const char *settings_word(const tui_settings *a, const tui_settings *b)
{
    return a->record != b->record         ? "answer"
           : a->step != b->step           ? "step"
           : a->sort != b->sort           ? "sort"
           : a->descending != b->descending ? "reverse"
           : a->by_value != b->by_value   ? "sort"
           : a->metric != b->metric       ? "metric"
           : a->agree != b->agree         ? "all/agree/disagree"
           : a->bin_width != b->bin_width ? "bin width"
                                          : "AQM/NP-AQM";
}

static const char *screen_name(const tui_screen *s)
{
    return s->vm.title ? s->vm.title : tui_view_name(s->kind);
}

/* Moves the screen kept in `c` onto the stack at its place. */
static void restore_screen(tui_app *app, tui_change *c)
{
    app->stack[c->depth] = c->screen;
    app->stack[c->depth].stale = true;
    app->depth = c->depth + 1;
    c->holds_screen = false;
}

/* Moves the top screen into `c`. */
static void keep_screen(tui_app *app, tui_change *c)
{
    c->screen = app->stack[--app->depth];
    c->holds_screen = true;
    tui_top(app)->stale = true;
}

void tui_undo_step(tui_app *app, int dir)
{
    tui_undo *u = &app->undo;
    const char *verb = dir < 0 ? "undone" : "redone", *again = dir < 0 ? "R redoes" : "U undoes";
    if (u->ws != app->ws && u->count) {
        tui_undo_free(app);
        snprintf(app->message, sizeof app->message, "nothing to %s: the files were read again", dir < 0 ? "undo" : "redo");
        return;
    }
    if (dir < 0 ? u->done == 0 : u->done == u->count) {
        snprintf(app->message, sizeof app->message, "nothing to %s", dir < 0 ? "undo" : "redo");
        return;
    }
    while (tui_top(app)->kind == VIEW_HELP && app->depth > 1) /* the help is not a step: close it */
        tui_pop(app);
    tui_change *c = &u->items[dir < 0 ? u->done - 1 : u->done];
    bool open = (c->kind == TUI_CHANGE_PUSH) == (dir > 0); /* a screen comes back onto the stack */
    bool screen = c->kind == TUI_CHANGE_PUSH || c->kind == TUI_CHANGE_POP;
    /* the stack is as the step left it (or found it), the step's screen on top */
    if (screen ? c->depth != (open ? app->depth : app->depth - 1) || c->depth >= MAX_DEPTH
               : c->depth != app->depth - 1) {
        snprintf(app->message, sizeof app->message, "nothing to %s here", dir < 0 ? "undo" : "redo");
        return;
    }
    u->replaying = true;
    switch (c->kind) {
    case TUI_CHANGE_PUSH:
    case TUI_CHANGE_POP:
        if (open) {
            restore_screen(app, c);
            snprintf(app->message, sizeof app->message, "%s: %s %s (%s)", verb,
                     c->kind == TUI_CHANGE_PUSH ? "opening" : "leaving", screen_name(tui_top(app)), again);
        } else {
            keep_screen(app, c);
            snprintf(app->message, sizeof app->message, "%s: %s %s (%s)", verb,
                     c->kind == TUI_CHANGE_PUSH ? "opening" : "leaving", screen_name(&c->screen), again);
        }
        break;
    case TUI_CHANGE_FILTER: {
        const char *text = dir < 0 ? c->before : c->after;
        put_filter(&app->stack[c->depth], text);
        snprintf(app->message, sizeof app->message, "%s: filter, now %s (%s)", verb, text ? text : "none", again);
        break;
    }
    case TUI_CHANGE_SETTINGS:
        put_settings(&app->stack[c->depth], dir < 0 ? &c->was : &c->now);
        snprintf(app->message, sizeof app->message, "%s: %s (%s)", verb, settings_word(&c->was, &c->now), again);
        break;
    }
    u->done += dir;
    u->replaying = false;
}
