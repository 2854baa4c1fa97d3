/* Screens and actions: what each key does to the stack of screens. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

tui_screen *tui_top(tui_app *app)
{
    return &app->stack[app->depth - 1];
}

tui_screen *tui_push(tui_app *app, tui_view_kind kind)
{
    if (app->depth == MAX_DEPTH) {
        snprintf(app->message, sizeof app->message, "too many screens open: go back first");
        return NULL;
    }
    tui_screen *s = &app->stack[app->depth++];
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->record = -1;
    s->bin_width = 0.05;
    s->stale = true;
    return s;
}

static void screen_free(tui_app *app, tui_screen *s)
{
    pl_filter_free(s->filter);
    free(s->filter_text);
    free(s->subset);
    pl_vm_free(&s->vm);
    pl_dashboard_rows_free(&s->rows);
    pl_detail_cache_free(&s->detail);
    tui_free_screen_extras(app, s);
}

void tui_close_all(tui_app *app)
{
    while (app->depth)
        screen_free(app, &app->stack[--app->depth]);
}

void tui_pop(tui_app *app)
{
    if (app->depth <= 1) {
        app->quit = true;
        return;
    }
    screen_free(app, &app->stack[--app->depth]);
    tui_top(app)->stale = true;
}

static int first_selectable(const pl_view_model *vm, int from, int dir)
{
    for (int i = from; i >= 0 && i < vm->nlines; i += dir)
        if (vm->lines[i].target >= 0)
            return i;
    return -1;
}

void tui_rebuild(tui_app *app, tui_screen *s)
{
    int old_target = s->cursor >= 0 && s->cursor < s->vm.nlines ? s->vm.lines[s->cursor].target : -1;
    pl_vm_free(&s->vm);
    pl_dashboard_rows_free(&s->rows);
    pl_selection sel = {s->filter, s->subset, s->nsubset};
    int width = app->cols > 20 ? app->cols : 80;
    switch (s->kind) {
    case VIEW_DASHBOARD:
        pl_view_dashboard(app->ws, &sel, width, app->ascii, app->compare_a, &s->vm, &s->rows);
        break;
    case VIEW_LIST:
        pl_view_list(app->ws, &sel, s->sort, s->descending, width, app->ascii, &s->vm);
        break;
    case VIEW_DETAIL: {
        pl_detail_opts o = {width, app->ascii, s->expanded};
        pl_view_detail(app->ws, s->record, &o, &s->detail, &s->vm);
        break;
    }
    case VIEW_HISTOGRAM:
        pl_view_histogram(app->ws, &sel, s->bin_width, app->ascii, width, &s->vm);
        break;
    default:
        tui_build_screen(app, s, width);
        break;
    }
    /* keep the selection on the same record / row when the model changes */
    int at = -1;
    for (int i = 0; old_target >= 0 && i < s->vm.nlines && at < 0; i++)
        if (s->vm.lines[i].target == old_target)
            at = i;
    if (at < 0)
        at = s->cursor < s->vm.nlines ? first_selectable(&s->vm, s->cursor, 1) : -1;
    if (at < 0)
        at = first_selectable(&s->vm, 0, 1);
    s->cursor = at >= 0 ? at : 0;
    s->stale = false;
}

/* A filter for one dashboard row: model and task. */
static char *row_filter(const char *key)
{
    const char *tab = strchr(key, '\t');
    return tab ? pl_strdup_printf("model=\"%.*s\" task=\"%s\"", (int)(tab - key), key, tab + 1) : NULL;
}

static void set_filter(tui_screen *s, pl_filter *f, const char *text)
{
    pl_filter_free(s->filter);
    free(s->filter_text);
    s->filter = f;
    s->filter_text = text ? pl_strdup(text) : NULL;
    s->stale = true;
}

tui_screen *tui_push_narrowed(tui_app *app, tui_view_kind kind, const tui_screen *from, const char *extra)
{
    char *text = from->filter_text && extra ? pl_strdup_printf("(%s) and (%s)", from->filter_text, extra)
                 : extra                    ? pl_strdup(extra)
                 : from->filter_text        ? pl_strdup(from->filter_text)
                                            : NULL;
    int col;
    char *error = NULL;
    pl_filter *f = text ? pl_filter_parse(text, &col, &error) : NULL;
    free(error);
    int *subset = from->subset ? malloc((size_t)from->nsubset * sizeof *subset) : NULL;
    tui_screen *s = (!text || f) && (!from->subset || subset) ? tui_push(app, kind) : NULL;
    if (!s) {
        pl_filter_free(f);
        free(text);
        free(subset);
        return NULL;
    }
    s->filter = f;
    s->filter_text = text;
    if (subset) {
        memcpy(subset, from->subset, (size_t)from->nsubset * sizeof *subset);
        s->subset = subset;
        s->nsubset = from->nsubset;
    }
    return s;
}

static void open_selected(tui_app *app)
{
    tui_screen *s = tui_top(app);
    if (s->cursor >= s->vm.nlines || s->vm.lines[s->cursor].target < 0)
        return;
    int target = s->vm.lines[s->cursor].target;
    if (s->kind == VIEW_DASHBOARD && target < s->rows.nkeys) {
        char *f = row_filter(s->rows.keys[target]);
        tui_push_narrowed(app, VIEW_LIST, s, f);
        free(f);
    } else if (s->kind == VIEW_LIST) {
        tui_screen *d = tui_push(app, VIEW_DETAIL);
        if (d)
            d->record = target;
    } else if (s->kind == VIEW_HISTOGRAM) {
        pl_selection sel = {s->filter, s->subset, s->nsubset};
        int n;
        int *members = pl_histogram_members(app->ws, &sel, s->bin_width, target, &n);
        tui_screen *l = members ? tui_push(app, VIEW_LIST) : NULL;
        if (l) {
            l->subset = members;
            l->nsubset = n;
        } else {
            free(members);
        }
    } else {
        tui_open_from_extra(app, s, target);
    }
}

int tui_selected_record(tui_app *app)
{
    tui_screen *s = tui_top(app);
    if (s->kind == VIEW_DETAIL)
        return s->record;
    if (s->kind == VIEW_LIST && s->cursor < s->vm.nlines)
        return s->vm.lines[s->cursor].target;
    return -1;
}

/* Saves a record's flag and note and shows them on it. */
static void annotate(tui_app *app, int record, int flag, const char *note)
{
    char *key = pl_workspace_note_key(app->ws, record);
    pl_error err = PL_ERROR_INIT;
    if (key && pl_notes_set(&app->notes, key, flag, note, &err) != PL_OK) {
        char *m = pl_error_format(&err);
        snprintf(app->message, sizeof app->message, "not saved: %s", m ? m : "error");
        free(m);
    }
    const pl_note *n = key ? pl_notes_get(&app->notes, key) : NULL;
    if (n)
        pl_workspace_annotate(app->ws, record, n->flag, n->note);
    pl_error_clear(&err);
    free(key);
    for (int i = 0; i < app->depth; i++)
        app->stack[i].stale = true;
}

static void load_notes(tui_app *app, const char *path)
{
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    if (pl_notes_open(&app->notes, path, &warnings, &err) != PL_OK) {
        char *m = pl_error_format(&err);
        snprintf(app->message, sizeof app->message, "notes: %s", m ? m : "error");
        free(m);
    } else if (warnings.count) {
        snprintf(app->message, sizeof app->message, "notes: %zu unreadable line%s kept as is", warnings.count,
                 warnings.count == 1 ? "" : "s");
    }
    pl_diags_clear(&warnings);
    pl_error_clear(&err);
    for (int i = 0; app->notes.count && i < pl_workspace_count(app->ws); i++) {
        char *key = pl_workspace_note_key(app->ws, i);
        const pl_note *n = key ? pl_notes_get(&app->notes, key) : NULL;
        if (n)
            pl_workspace_annotate(app->ws, i, n->flag, n->note);
        free(key);
    }
}

bool tui_check_opened(tui_app *app)
{
    if (app->opened)
        return true;
    pl_ws_progress p;
    pl_workspace_progress(app->ws, &p);
    if (!p.loaded)
        return false;
    app->opened = true;
    size_t nwarn = pl_workspace_warnings(app->ws)->count;
    if (nwarn)
        snprintf(app->message, sizeof app->message, "%zu warning%s while opening (printed when you quit)", nwarn,
                 nwarn == 1 ? "" : "s");
    if (app->notes_path)
        load_notes(app, app->notes_path); /* its message, if any, wins */
    for (int i = 0; i < app->depth; i++)
        app->stack[i].stale = true;
    return true;
}

void tui_act(tui_app *app, tui_action action)
{
    tui_screen *s = tui_top(app);
    app->message[0] = '\0';
    switch (action) {
    case ACT_QUIT:
        app->quit = true;
        break;
    case ACT_BACK:
        tui_pop(app);
        break;
    case ACT_HELP:
        tui_toggle_help(app);
        break;
    case ACT_DOWN:
    case ACT_UP:
    case ACT_PAGE_DOWN:
    case ACT_PAGE_UP:
    case ACT_FIRST:
    case ACT_LAST:
    case ACT_SCROLL_LEFT:
    case ACT_SCROLL_RIGHT:
        tui_scroll(app, action);
        break;
    case ACT_EXPAND:
        s->expanded = !s->expanded;
        s->stale = true;
        break;
    case ACT_OPEN:
        open_selected(app);
        break;
    case ACT_HISTOGRAM:
        tui_push_narrowed(app, VIEW_HISTOGRAM, s, NULL);
        break;
    case ACT_TOGGLE_BINS:
        s->bin_width = s->bin_width > 0.075 ? 0.05 : 0.1;
        s->stale = true;
        break;
    case ACT_SORT:
        s->sort = (pl_sort_key)((s->sort + 1) % SORT_COUNT);
        s->stale = true;
        break;
    case ACT_REVERSE:
        s->descending = !s->descending;
        s->stale = true;
        break;
    case ACT_CLEAR_FILTER:
        set_filter(s, NULL, NULL);
        break;
    case ACT_SEARCH_NEXT:
    case ACT_SEARCH_PREV:
        tui_search(app, action == ACT_SEARCH_NEXT ? 1 : -1);
        break;
    case ACT_REFRESH:
        s->stale = true;
        break;
    case ACT_FLAG: {
        int r = tui_selected_record(app);
        if (r < 0) {
            snprintf(app->message, sizeof app->message, "flag: select a question first (list or detail)");
            break;
        }
        const pl_ws_record *rec = pl_workspace_record(app->ws, r);
        annotate(app, r, !rec->flagged, NULL);
        if (!app->message[0]) /* saved: say so (an error message stays) */
            snprintf(app->message, sizeof app->message, "%s %s", rec->flagged ? "flagged" : "unflagged", rec->id);
        break;
    }
    case ACT_PLAN_VIEW:
        tui_open_plan(app);
        break;
    case ACT_STATE_VIEW:
        tui_open_state(app);
        break;
    case ACT_TEACH:
        tui_open_teach(app);
        break;
    case ACT_TOGGLE_NP:
        s->np_aqm = !s->np_aqm;
        s->stale = true;
        break;
    case ACT_NEXT_STEP:
    case ACT_PREV_STEP:
        if (s->trace) {
            int last = pl_state_trace_steps(s->trace) - 1, to = s->step + (action == ACT_NEXT_STEP ? 1 : -1);
            s->step = to < 0 ? 0 : to > last ? last : to;
            s->stale = true;
        }
        break;
    case ACT_COMPARE:
        tui_choose_compare(app);
        break;
    case ACT_AGREE_FILTER:
        s->agree = (pl_compare_filter)((s->agree + 1) % 3);
        s->stale = true;
        break;
    case ACT_DISAGREEMENTS:
        if (tui_push_narrowed(app, VIEW_LIST, s, "sound!=score or stored!=score"))
            snprintf(app->message, sizeof app->message,
                     "disagreements: official vs sound, and the run's stored score vs the official one");
        break;
    default:
        break; /* prompts are handled by the loop, which owns the terminal */
    }
}

void tui_apply_filter(tui_app *app, const char *text)
{
    int col;
    char *error = NULL;
    pl_filter *f = pl_filter_parse(text, &col, &error);
    if (!f) {
        snprintf(app->message, sizeof app->message, "filter: column %d: %s: %s", col, error ? error : "error", text);
        free(error);
        return;
    }
    set_filter(tui_top(app), f, *text ? text : NULL);
}

void tui_search(tui_app *app, int dir)
{
    tui_screen *s = tui_top(app);
    if (!app->search || !*app->search || !s->vm.nlines)
        return;
    for (int k = 1; k <= s->vm.nlines; k++) {
        int i = ((s->cursor + dir * k) % s->vm.nlines + s->vm.nlines) % s->vm.nlines;
        if (s->kind == VIEW_LIST)
            pl_view_list_fill(app->ws, &s->vm, i, i + 1);
        char *text = pl_vm_line_text(&s->vm.lines[i]);
        bool hit = text && strstr(text, app->search);
        free(text);
        if (hit) {
            tui_goto_line(app, i);
            return;
        }
    }
    snprintf(app->message, sizeof app->message, "not found: %s", app->search);
}

void tui_command(tui_app *app, const char *line)
{
    app->message[0] = '\0'; /* the previous command's notice is stale now */
    while (*line == ' ')
        line++;
    if (!strcmp(line, "q") || !strcmp(line, "quit"))
        app->quit = true;
    else if (!strncmp(line, "filter", 6) && (line[6] == ' ' || !line[6]))
        tui_apply_filter(app, line + 6 + (line[6] == ' '));
    else if (!strncmp(line, "bins ", 5)) {
        double w = strtod(line + 5, NULL);
        if (w > 0 && w <= 1) {
            tui_top(app)->bin_width = w;
            tui_top(app)->stale = true;
        }
    } else if (!strcmp(line, "help")) {
        tui_toggle_help(app);
    } else if (!strcmp(line, "histogram")) {
        tui_act(app, ACT_HISTOGRAM);
    } else if (!strncmp(line, "note", 4) && (line[4] == ' ' || !line[4])) {
        int r = tui_selected_record(app);
        if (r < 0)
            snprintf(app->message, sizeof app->message, "note: select a question first (list or detail)");
        else
            annotate(app, r, -1, line[4] ? line + 5 : "");
    } else if (!strncmp(line, "export ", 7)) {
        tui_export(app, line + 7);
    } else if (!strncmp(line, "compare ", 8)) {
        char a[256], b[256];
        if (sscanf(line + 8, "%255s %255s", a, b) == 2)
            tui_open_compare(app, a, b);
        else
            snprintf(app->message, sizeof app->message, "compare: give two run names: :compare RUN_A RUN_B");
    } else if (!strncmp(line, "probe", 5) && (line[5] == ' ' || !line[5])) {
        tui_open_probe(app, line + 5 + (line[5] == ' '));
    } else if (*line) {
        snprintf(app->message, sizeof app->message,
                 "unknown command: %s (try :filter EXPR, :note TEXT, :export FILE, :bins W, :histogram, :compare A B, "
                 ":probe [KINDS], :q)",
                 line);
    }
}

void tui_export(tui_app *app, const char *path)
{
    tui_screen *s = tui_top(app);
    pl_selection sel = {s->filter, s->subset, s->nsubset};
    pl_error err = PL_ERROR_INIT;
    if (s->kind == VIEW_DASHBOARD) { /* the table on screen */
        if (pl_export_dashboard(app->ws, &sel, path, &err) == PL_OK)
            snprintf(app->message, sizeof app->message, "exported the dashboard to %s", path);
        else
            snprintf(app->message, sizeof app->message, "export: %s: %s", path, err.message ? err.message : "error");
        pl_error_clear(&err);
        return;
    }
    int n;
    int *records = s->kind == VIEW_DETAIL ? NULL : pl_select_records(app->ws, &sel, &n);
    if (s->kind == VIEW_DETAIL) {
        records = malloc(sizeof *records);
        n = records ? 1 : 0;
        if (records)
            records[0] = s->record;
    }
    if (records && pl_export_records(app->ws, records, n, path, &err) == PL_OK)
        snprintf(app->message, sizeof app->message, "exported %d record%s to %s", n, n == 1 ? "" : "s", path);
    else
        snprintf(app->message, sizeof app->message, "export: %s: %s", path, err.message ? err.message : "out of memory");
    pl_error_clear(&err);
    free(records);
}
