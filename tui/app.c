/* Screens and actions: what each key does to the stack of screens. */
#define _POSIX_C_SOURCE 200809L /* access(): :export looks before it replaces */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app.h"
#include "iou/histogram.h"
#include "live.h"
#include "viewport.h"

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
    s->metric = PL_HIST_ALL;
    s->stale = true;
    tui_undo_pushed(app);
    return s;
}

void tui_screen_free(tui_app *app, tui_screen *s)
{
    pl_filter_free(s->filter);
    free(s->filter_text);
    pl_filter_free(s->scope);
    free(s->scope_expr);
    free(s->scope_label);
    free(s->subset);
    pl_vm_free(&s->vm);
    pl_dashboard_rows_free(&s->rows);
    tui_free_screen_extras(app, s); /* a trace before the task it walks (detail) */
    pl_detail_cache_free(&s->detail);
}

void tui_close_all(tui_app *app)
{
    tui_undo_free(app); /* first: a screen kept there may borrow from one on the stack */
    while (app->depth)
        tui_screen_free(app, &app->stack[--app->depth]);
    pl_audit_job_free(app->audit_job); /* quitting cancels a running :review audit */
    app->audit_job = NULL;
}

void tui_pop(tui_app *app)
{
    if (app->depth <= 1) {
        app->quit = true;
        return;
    }
    tui_screen *s = &app->stack[--app->depth];
    if (!tui_undo_keep_popped(app, s)) /* kept whole for undo, else freed */
        tui_screen_free(app, s);
    tui_top(app)->stale = true;
}

static int first_selectable(const pl_view_model *vm, int from, int dir)
{
    for (int i = from; i >= 0 && i < vm->nlines; i += dir)
        if (vm->lines[i].target >= 0)
            return i;
    return -1;
}

static void build(tui_app *app, tui_screen *s, int width)
{
    pl_vm_free(&s->vm);
    pl_dashboard_rows_free(&s->rows);
    pl_selection sel = tui_selection(s);
    switch (s->kind) {
    case VIEW_DASHBOARD:
        pl_view_dashboard(app->ws, &sel, width, app->ascii, app->compare_a, &s->vm, &s->rows);
        break;
    case VIEW_LIST:
        pl_view_list(app->ws, &sel, s->sort, s->descending, width, app->ascii, &s->vm);
        break;
    case VIEW_DETAIL: {
        pl_detail_opts o = {width, app->ascii, s->expanded};
        pl_view_detail_journal(app->ws, s->record, &o, app->journal, &s->detail, &s->vm);
        break;
    }
    case VIEW_REVIEW: {
        pl_detail_opts o = {width, app->ascii, s->expanded};
        pl_view_review(app->ws, s->queue, s->at, app->journal, tui_author(app), &o, &s->vm);
        break;
    }
    case VIEW_HISTORY:
        tui_build_history(app, s, width);
        break;
    case VIEW_HISTOGRAM:
        pl_view_histogram(app->ws, &sel, s->bin_width, s->metric, app->ascii, width, &s->vm);
        break;
    case VIEW_WHY:
        pl_view_why(app->ws, &sel, s->why, width, app->ascii, &s->vm);
        break;
    case VIEW_FREQ:
        pl_view_freq(app->ws, &sel, s->freq, s->by_value, width, app->ascii, &s->vm);
        break;
    case VIEW_PROBE:
        if (s->probe_job) /* the run's table */
            tui_build_screen(app, s, width);
        else /* a cell opened (open_probe_cell) */
            pl_view_probe_cell(&s->probe, s->at, width, app->ascii, &s->vm);
        break;
    default:
        tui_build_screen(app, s, width);
        break;
    }
}

void tui_rebuild(tui_app *app, tui_screen *s)
{
    int old_target = s->cursor >= 0 && s->cursor < s->vm.nlines ? s->vm.lines[s->cursor].target : -1;
    bool first = !s->vm.nlines;
    int fitted = app->cols > 20 ? app->cols : 80;
    /* laid out whole: at the natural width the last build measured */
    int width = s->full_width && s->vm.natural_width > fitted ? s->vm.natural_width : fitted;
    build(app, s, width);
    if (s->full_width && s->vm.natural_width != width) { /* what the tables hold changed their width */
        s->full_width = s->vm.natural_width > fitted;     /* still wider than the terminal */
        build(app, s, s->full_width ? s->vm.natural_width : fitted);
    }
    tui_live_status(app, &s->vm); /* "live: 27 samples" while runs are being written */
    /* keep the selection on the same record / row when the model changes; a
     * detail's selectable lines are the run's answers: the one shown */
    if (s->kind == VIEW_DETAIL) {
        old_target = s->record;
        if (first) /* it opens at its top, the cursor below on the answers */
            s->hold_top = true;
    }
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

static void set_filter(tui_app *app, tui_screen *s, pl_filter *f, const char *text)
{
    if (s->filter_text || text)
        tui_undo_filter(app, (int)(s - app->stack), s->filter_text, text);
    pl_filter_free(s->filter);
    free(s->filter_text);
    s->filter = f;
    s->filter_text = text ? pl_strdup(text) : NULL;
    s->stale = true;
}

pl_selection tui_selection(const tui_screen *s)
{
    return (pl_selection){s->filter, s->subset, s->nsubset, s->scope};
}

/* "(a) and (b)" of the parts given (NULL ones left out); NULL when none. */
static char *conjunction(const char *const *parts, int n)
{
    char *text = NULL;
    for (int i = 0; i < n; i++) {
        if (!parts[i])
            continue;
        char *longer = text ? pl_strdup_printf("%s and (%s)", text, parts[i]) : pl_strdup_printf("(%s)", parts[i]);
        free(text);
        if (!(text = longer))
            return NULL;
    }
    return text;
}

tui_screen *tui_push_narrowed(tui_app *app, tui_view_kind kind, const tui_screen *from, const char *extra,
                              const char *label)
{
    const char *parts[] = {from->scope_expr, from->filter_text, extra};
    char *text = conjunction(parts, 3);
    int col;
    char *error = NULL;
    pl_filter *f = text ? pl_filter_parse(text, &col, &error) : NULL;
    free(error);
    int *subset = from->subset ? malloc((size_t)from->nsubset * sizeof *subset) : NULL;
    char *shown = label ? pl_strdup(label) : NULL;
    tui_screen *s = (!text || f) && (!from->subset || subset) && (!label || shown) ? tui_push(app, kind) : NULL;
    if (!s) {
        pl_filter_free(f);
        free(text);
        free(subset);
        free(shown);
        return NULL;
    }
    s->scope = f;
    s->scope_expr = text;
    s->scope_label = shown;
    if (subset) {
        memcpy(subset, from->subset, (size_t)from->nsubset * sizeof *subset);
        s->subset = subset;
        s->nsubset = from->nsubset;
    }
    return s;
}

/* Enter on a probe cell where the rules differ: the list of its questions,
 * a probe screen without a run whose `at` is the cell.  Its report is a
 * copy of the one below, whose run owns the lists it shows. */
static bool open_probe_cell(tui_app *app, const tui_screen *s, int target)
{
    if (!s->probe_job || target >= PL_PROBE_CELLS ||
        !s->probe.cells[target / PL_PROBE_COUNT][target % PL_PROBE_COUNT].ndiffer)
        return false; /* the agreeing cell's first question, or a question of a cell: its answer */
    tui_screen *v = tui_push(app, VIEW_PROBE);
    if (v) {
        v->probe = s->probe;
        v->probe_total = s->probe_total;
        v->at = target;
    }
    return true;
}

static void open_selected(tui_app *app)
{
    tui_screen *s = tui_top(app);
    if (s->cursor >= s->vm.nlines || s->vm.lines[s->cursor].target < 0)
        return;
    int target = s->vm.lines[s->cursor].target;
    if (s->kind == VIEW_DASHBOARD && target < s->rows.nkeys) {
        const char *key = s->rows.keys[target], *tab = strchr(key, '\t');
        char *f = row_filter(key);
        char *label = tab ? pl_strdup_printf("%.*s / %s", (int)(tab - key), key, tab + 1) : NULL;
        tui_push_narrowed(app, VIEW_LIST, s, f, label);
        free(f);
        free(label);
    } else if (s->kind == VIEW_LIST || s->kind == VIEW_REVIEW || (s->kind == VIEW_DETAIL && target != s->record)) {
        tui_screen *d = tui_push(app, VIEW_DETAIL); /* a detail's lines: the run's other answers */
        if (d)
            d->record = target;
    } else if (s->kind == VIEW_DETAIL) {
        snprintf(app->message, sizeof app->message, "this is the answer shown (J/K step to the others)");
    } else if (s->kind == VIEW_HISTOGRAM) {
        pl_selection sel = tui_selection(s);
        int n;
        int *members = pl_histogram_members(app->ws, &sel, s->bin_width, target, &n);
        tui_push_records(app, members, n, members ? pl_histogram_bin_label(app->ws, &sel, s->bin_width, target) : NULL);
    } else if (s->kind == VIEW_WHY || s->kind == VIEW_FREQ) {
        tui_open_counted(app, s, target);
    } else if (s->kind == VIEW_CHARTS) {
        tui_open_chart_bar(app, s, target);
    } else if (!(s->kind == VIEW_PROBE && open_probe_cell(app, s, target))) {
        tui_open_from_extra(app, s, target);
    }
}

tui_screen *tui_push_records(tui_app *app, int *records, int n, char *label)
{
    tui_screen *l = records ? tui_push(app, VIEW_LIST) : NULL;
    if (!l) {
        free(records);
        free(label);
        return NULL;
    }
    l->subset = records; /* its scope */
    l->nsubset = n;
    l->scope_label = label;
    return l;
}

int tui_selected_record(tui_app *app)
{
    tui_screen *s = tui_top(app);
    if (s->kind == VIEW_DETAIL || s->kind == VIEW_HISTORY)
        return s->record;
    if (s->kind == VIEW_REVIEW)
        return s->queue && s->at < s->queue->n ? s->queue->records[s->at] : -1;
    if (s->kind == VIEW_LIST && s->cursor < s->vm.nlines)
        return s->vm.lines[s->cursor].target;
    return -1;
}

bool tui_check_opened(tui_app *app)
{
    if (app->opened)
        return true;
    pl_ws_progress p;
    pl_workspace_progress(app->ws, &p);
    if (!p.loaded)
        return false;
    app->opened = true; /* warnings are counted on the status line (draw.c) */
    tui_load_notes(app); /* its message, if any, wins */
    for (int i = 0; i < app->depth; i++)
        app->stack[i].stale = true;
    return true;
}

/* Esc: drops what is pending (a compare's run A), else goes back (the help
 * is a screen of its own); on the first screen it never quits (q and Q do). */
static void cancel(tui_app *app)
{
    if (app->compare_a) {
        snprintf(app->message, sizeof app->message, "compare cancelled (run A was %s)", app->compare_a);
        free(app->compare_a);
        app->compare_a = NULL;
        for (int i = 0; i < app->depth; i++)
            app->stack[i].stale = true; /* the dashboard drops its A marks at once */
    } else if (app->depth > 1) {
        tui_pop(app);
    } else {
        snprintf(app->message, sizeof app->message, "nothing to cancel %s q or Q quits", app->ascii ? "-" : "·");
    }
}

/* ` : back to where the cursor was before the last jump, and the place left
 * becomes the mark (vim's ``: twice comes back). */
static void jump_back(tui_app *app, tui_screen *s)
{
    if (!s->mark.set) {
        snprintf(app->message, sizeof app->message, "no jump to go back to on this screen (/, n, N, g and G jump)");
        return;
    }
    tui_screen was = *s;
    bool unfold = s->expanded != s->mark.expanded;
    s->cursor = s->mark.cursor;
    s->top = s->mark.top;
    s->left = s->mark.left;
    s->hold_top = s->mark.hold;
    s->expanded = s->mark.expanded;
    s->mark.cursor = was.cursor;
    s->mark.top = was.top;
    s->mark.left = was.left;
    s->mark.hold = was.hold_top;
    s->mark.expanded = was.expanded;
    if (unfold) /* the search had unfolded the text: folded back as it was */
        s->stale = true;
    snprintf(app->message, sizeof app->message, "back to line %d (` again: line %d)", s->top + 1, was.top + 1);
}

/* Remembers where the cursor is before a jump (a search hit, g, G). */
static void set_mark(tui_screen *s)
{
    s->mark.set = true;
    s->mark.cursor = s->cursor;
    s->mark.top = s->top;
    s->mark.left = s->left;
    s->mark.hold = s->hold_top;
    s->mark.expanded = s->expanded;
}

/* J/K on a question detail: the next or previous answer of the run to the
 * same question (the lines of "Answers of this run" are those answers). */
static void step_answer(tui_app *app, tui_screen *s, int dir)
{
    if (s->kind != VIEW_DETAIL)
        return;
    int at = -1, n = 0, k = 0;
    for (int i = 0; i < s->vm.nlines; i++)
        if (s->vm.lines[i].target >= 0) {
            n++;
            if (s->vm.lines[i].target == s->record)
                at = i, k = n;
        }
    if (at < 0) {
        snprintf(app->message, sizeof app->message, "the run answered this question once: no other answer to step to");
        return;
    }
    for (int i = at + dir; i >= 0 && i < s->vm.nlines; i += dir)
        if (s->vm.lines[i].target >= 0) {
            s->record = s->vm.lines[i].target;
            s->stale = true;
            snprintf(app->message, sizeof app->message, "answer %d of %d of this run", k + dir, n);
            return;
        }
    snprintf(app->message, sizeof app->message, "%s answer of this run (%d of %d)", dir > 0 ? "last" : "first", k, n);
}

static void act(tui_app *app, tui_action action);

void tui_act(tui_app *app, tui_action action)
{
    int depth = app->depth;
    tui_settings was = tui_settings_of(tui_top(app));
    act(app, action);
    if (app->depth == depth && action != ACT_UNDO && action != ACT_REDO) /* a setting of the same screen changed */
        tui_undo_settings(app, depth - 1, was);
}

static void act(tui_app *app, tui_action action)
{
    tui_screen *s = tui_top(app);
    app->message[0] = '\0';
    switch (action) {
    case ACT_UNDO:
    case ACT_REDO:
        tui_undo_step(app, action == ACT_UNDO ? -1 : 1);
        break;
    case ACT_JUMP_BACK:
        jump_back(app, s);
        break;
    case ACT_NEXT_ANSWER:
    case ACT_PREV_ANSWER:
        if (s->kind == VIEW_REVIEW)
            tui_review_move(app, action == ACT_NEXT_ANSWER ? 1 : -1);
        else
            step_answer(app, s, action == ACT_NEXT_ANSWER ? 1 : -1);
        break;
    case ACT_REVIEW:
        tui_open_review(app);
        break;
    case ACT_NEXT_UNREVIEWED:
    case ACT_PREV_UNREVIEWED:
        tui_review_step(app, action == ACT_NEXT_UNREVIEWED ? 1 : -1);
        break;
    case ACT_GRADER_RIGHT:
    case ACT_GRADER_WRONG:
    case ACT_BAD_QUESTION:
    case ACT_UNSURE:
        tui_review_mark(app, action == ACT_GRADER_RIGHT   ? PL_REVIEW_GRADER_RIGHT
                             : action == ACT_GRADER_WRONG ? PL_REVIEW_GRADER_WRONG
                             : action == ACT_BAD_QUESTION ? PL_REVIEW_BAD_QUESTION
                                                          : PL_REVIEW_UNSURE);
        break;
    case ACT_HISTORY:
        tui_open_history(app);
        break;
    case ACT_YANK:
        tui_yank(app);
        break;
    case ACT_PAGER:
    case ACT_EDITOR:
        tui_open_outside(app, action == ACT_EDITOR);
        break;
    case ACT_QUIT:
        app->quit = true;
        break;
    case ACT_BACK:
        tui_pop(app);
        break;
    case ACT_CANCEL:
        cancel(app);
        break;
    case ACT_HELP:
        tui_toggle_help(app);
        break;
    case ACT_DOWN:
    case ACT_UP:
    case ACT_PAGE_DOWN:
    case ACT_PAGE_UP:
        tui_scroll(app, action);
        break;
    case ACT_FIRST:
    case ACT_LAST:
        set_mark(s);
        tui_scroll(app, action);
        break;
    case ACT_SCROLL_LEFT:
    case ACT_SCROLL_RIGHT:
        if (s->kind == VIEW_STATE && s->trace && pl_vp_widest(&s->vm) <= app->cols) { /* nothing cut: ←/→ step */
            act(app, action == ACT_SCROLL_RIGHT ? ACT_NEXT_STEP : ACT_PREV_STEP);
            break;
        }
        if (!tui_full_width(app, s, action))
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
        tui_open_histogram(app);
        break;
    case ACT_TOGGLE_BINS:
        s->bin_width = s->bin_width > 0.075 ? 0.05 : 0.1;
        s->stale = true;
        break;
    case ACT_METRIC: /* all, then each metric alone */
        s->metric = s->metric + 1 < PL_HIST_METRICS ? s->metric + 1 : PL_HIST_ALL;
        snprintf(app->message, sizeof app->message, "histograms of %s", pl_hist_metric_name(s->metric));
        s->stale = true;
        break;
    case ACT_SORT:
        if (s->kind == VIEW_WHY || s->kind == VIEW_FREQ) {
            tui_sort_counts(app);
            break;
        }
        s->sort = pl_list_next_sort(&s->vm, s->sort); /* the columns in view only */
        s->stale = true;
        break;
    case ACT_REVERSE:
        s->descending = !s->descending;
        s->stale = true;
        break;
    case ACT_CLEAR_FILTER:
        set_filter(app, s, NULL, NULL);
        break;
    case ACT_SEARCH_NEXT:
    case ACT_SEARCH_PREV:
        tui_search(app, action == ACT_SEARCH_NEXT ? 1 : -1);
        break;
    case ACT_REFRESH:
        s->stale = true;
        break;
    case ACT_FLAG:
    case ACT_FLAG_QUESTION: {
        int r = tui_selected_record(app);
        if (r < 0)
            snprintf(app->message, sizeof app->message, "flag: select an answer first (list, detail or review)");
        else
            tui_flag(app, r, action == ACT_FLAG_QUESTION);
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
    case ACT_DISAGREEMENTS: {
        if (s->kind == VIEW_LIST && s->disagreements) { /* D again: grouped by rule */
            tui_group_disagreements(app);
            break;
        }
        tui_screen *l = tui_push_narrowed(app, VIEW_LIST, s, "sound!=score or stored!=score", "disagreements");
        if (l) {
            l->disagreements = true;
            snprintf(app->message, sizeof app->message,
                     "disagreements: official vs sound, and the run's stored score vs the official one (D: by rule)");
        }
        break;
    }
    case ACT_WHY:
        tui_open_why(app);
        break;
    case ACT_FOLD:
    case ACT_FOLD_ALL:
        tui_fold(app, action == ACT_FOLD_ALL);
        break;
    case ACT_CHARTS:
        tui_open_charts(app);
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
    set_filter(app, tui_top(app), f, *text ? text : NULL);
}

static void search(tui_app *app, int dir);

void tui_search(tui_app *app, int dir)
{
    tui_screen *s = tui_top(app);
    tui_screen was = *s;
    search(app, dir);
    if (s->cursor != was.cursor || s->top != was.top || s->expanded != was.expanded) {
        set_mark(&was);
        s->mark = was.mark;
    }
}

static void search(tui_app *app, int dir)
{
    tui_screen *s = tui_top(app);
    if (!app->search || !*app->search) {
        snprintf(app->message, sizeof app->message, "nothing to search for: / searches");
        return;
    }
    if (!s->vm.nlines)
        return;
    app->message[0] = '\0';
    for (int k = 1; k <= s->vm.nlines; k++) {
        int i = ((s->cursor + dir * k) % s->vm.nlines + s->vm.nlines) % s->vm.nlines;
        if (s->kind == VIEW_LIST)
            pl_view_list_fill(app->ws, &s->vm, i, i + 1);
        char *text = pl_vm_line_text(&s->vm.lines[i]);
        bool hit = text && strstr(text, app->search);
        free(text);
        if (hit) {
            if (dir > 0 ? i <= s->cursor : i >= s->cursor)
                snprintf(app->message, sizeof app->message, "search wrapped to the %s: %s", dir > 0 ? "top" : "bottom",
                         app->search);
            tui_goto_line(app, i);
            return;
        }
    }
    if (s->kind == VIEW_DETAIL && !s->expanded) { /* the prompt or response may be folded: look in them */
        s->expanded = true;
        tui_rebuild(app, s);
        search(app, dir);
        if (strncmp(app->message, "not found", 9))
            snprintf(app->message, sizeof app->message, "found in the folded text, unfolded (e folds): %s",
                     app->search);
        else {
            s->expanded = false;
            tui_rebuild(app, s);
        }
        return;
    }
    snprintf(app->message, sizeof app->message, "not found: %s", app->search);
}

/* The arguments of `line` when it is the command `name` ("" when none), else NULL. */
static const char *command_args(const char *line, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(line, name, n) || (line[n] && line[n] != ' '))
        return NULL;
    for (line += n; *line == ' ';)
        line++;
    return line;
}

/* :bins W on the histogram and compare screens: W must split [0, 1] into equal bins. */
static void set_bins(tui_app *app, const char *arg)
{
    tui_screen *s = tui_top(app);
    char *end;
    double w = strtod(arg, &end);
    while (*end == ' ')
        end++;
    if (s->kind != VIEW_HISTOGRAM && s->kind != VIEW_COMPARE)
        snprintf(app->message, sizeof app->message, "bins: only the histogram and compare screens have bins (h opens "
                                                    "the histogram)");
    else if (!*arg)
        snprintf(app->message, sizeof app->message, "bins: give a width, e.g. :bins 0.1");
    else if (end == arg || *end || !pl_histogram_bin_count(w))
        snprintf(app->message, sizeof app->message,
                 "bins: '%s' is not a width that splits 0-1 into equal bins (0.01, 0.05, 0.1, 0.2, 0.25, 0.5, 1)", arg);
    else {
        s->bin_width = w;
        s->stale = true;
    }
}

/* :reducer NAME reduces every run's epochs with NAME; :reducer alone goes
 * back to each log's own. */
static void set_reducer(tui_app *app, const char *name)
{
    if (pl_workspace_set_reducer(app->ws, *name ? name : NULL) < 0) {
        snprintf(app->message, sizeof app->message,
                 "reducer: '%s' is not one of mean, median, mode, max, at_least_K, pass_at_K", name);
        return;
    }
    snprintf(app->reducer, sizeof app->reducer, "%s", name); /* a reload reduces with it too */
    snprintf(app->message, sizeof app->message, *name ? "reducer: %s for every run (:reducer alone: each log's own)"
                                                      : "reducer: each log's own%s",
             name);
    for (int i = 0; i < app->depth; i++)
        app->stack[i].stale = true;
}

static void command(tui_app *app, const char *line);

/* :export never replaces a file silently: true (and the status line says
 * so) when `path` exists, or the CSV a chart's SVG export writes beside it
 * (FILE.svg -> FILE.csv), which :export! would replace. */
static bool export_would_replace(tui_app *app, const char *path)
{
    size_t len = strlen(path);
    tui_view_kind kind = tui_top(app)->kind;
    bool chart = kind == VIEW_WHY || kind == VIEW_CHARTS || kind == VIEW_HISTOGRAM;
    bool svg = chart && len > 4 && !strcmp(path + len - 4, ".svg");
    char beside[4096];
    snprintf(beside, sizeof beside, "%.*s.csv", svg ? (int)(len - 4) : 0, path);
    bool there = access(path, F_OK) == 0, beside_there = !there && svg && access(beside, F_OK) == 0;
    if (there || beside_there)
        snprintf(app->message, sizeof app->message, "export: %.*s%s exists: :export! %s replaces it",
                 there ? (int)len : (int)(len - 4), path, there ? "" : ".csv", path);
    return there || beside_there;
}

void tui_command(tui_app *app, const char *line)
{
    int depth = app->depth;
    tui_settings was = tui_settings_of(tui_top(app));
    command(app, line);
    if (app->depth == depth) /* :bins W */
        tui_undo_settings(app, depth - 1, was);
}

static void command(tui_app *app, const char *line)
{
    app->message[0] = '\0'; /* the previous command's notice is stale now */
    while (*line == ' ')
        line++;
    const char *arg;
    if (!strcmp(line, "q") || !strcmp(line, "quit"))
        app->quit = true;
    else if ((arg = command_args(line, "filter")))
        tui_apply_filter(app, arg);
    else if ((arg = command_args(line, "bins")))
        set_bins(app, arg);
    else if (!strcmp(line, "help"))
        tui_toggle_help(app);
    else if (!strcmp(line, "questions") && tui_check_opened(app) && !pl_workspace_count(app->ws) &&
             pl_workspace_acp_questions(app->ws)->count) /* question files alone: the question bank (screens.c) */
        tui_push(app, VIEW_BANK);
    else if (!strcmp(line, "questions")) /* every question this screen holds, e.g. all from the dashboard */
        tui_push_narrowed(app, VIEW_LIST, tui_top(app), NULL, NULL);
    else if ((arg = command_args(line, "histogram")))
        tui_act(app, ACT_HISTOGRAM);
    else if ((arg = command_args(line, "freq")))
        tui_open_frequency(app, arg);
    else if ((arg = command_args(line, "why")))
        tui_open_why(app);
    else if ((arg = command_args(line, "charts")))
        tui_open_charts(app);
    else if ((arg = command_args(line, "note")) || (arg = command_args(line, "note!")) ||
             (arg = command_args(line, "qnote"))) {
        int r = tui_selected_record(app);
        if (r < 0)
            snprintf(app->message, sizeof app->message, "note: select an answer first (list, detail or review)");
        else
            tui_note(app, r, strncmp(line, "note ", 5) && strcmp(line, "note"), arg); /* :note! and :qnote: the question's */
    } else if ((arg = command_args(line, "review"))) {
        tui_review_command(app, arg);
    } else if ((arg = command_args(line, "export")) || (arg = command_args(line, "export!"))) {
        if (!*arg)
            snprintf(app->message, sizeof app->message, "export: give a file: :export FILE.csv, FILE.json or FILE.jsonl");
        else if (line[strlen("export")] == '!' || !export_would_replace(app, arg))
            tui_export(app, arg);
    } else if ((arg = command_args(line, "compare"))) {
        char a[256], b[256], extra;
        if (sscanf(arg, "%255s %255s %c", a, b, &extra) == 2)
            tui_open_compare(app, a, b);
        else
            snprintf(app->message, sizeof app->message, "compare: give two run names: :compare RUN_A RUN_B");
    } else if ((arg = command_args(line, "probe"))) {
        tui_open_probe(app, arg);
    } else if ((arg = command_args(line, "reducer"))) {
        set_reducer(app, arg);
    } else if ((arg = command_args(line, "warnings"))) {
        tui_open_warnings(app);
    } else if (*line) {
        snprintf(app->message, sizeof app->message,
                 "unknown command: %s (try :filter EXPR, :note TEXT, :qnote TEXT, :review [SOURCE], :export FILE, :bins W, :histogram, :freq COLUMN, "
                 ":why, :charts, :compare A B, :probe [KINDS], :warnings, :questions, :help, :q)",
                 line);
    }
}

static bool ends_with(const char *path, const char *ext)
{
    size_t len = strlen(path), n = strlen(ext);
    return len > n && !strcmp(path + len - n, ext);
}

void tui_export(tui_app *app, const char *path)
{
    tui_screen *s = tui_top(app);
    pl_selection sel = tui_selection(s);
    pl_error err = PL_ERROR_INIT;
    bool chart = s->kind == VIEW_WHY || s->kind == VIEW_CHARTS || s->kind == VIEW_HISTOGRAM;
    if (chart && !ends_with(path, ".svg") && !ends_with(path, ".csv")) { /* the extension picks the format */
        snprintf(app->message, sizeof app->message,
                 "export: %s: unknown export format: name the file .svg (the chart, its CSV beside it) or .csv (CSV)", path);
        return;
    }
    if (s->kind == VIEW_WHY) {
        tui_export_why(app, path);
        return;
    }
    if (s->kind == VIEW_CHARTS) {
        tui_export_charts(app, path);
        return;
    }
    if (s->kind == VIEW_HISTOGRAM) { /* the histograms as charts */
        if (pl_histogram_export(app->ws, &sel, s->bin_width, s->metric, path, &err) == PL_OK)
            snprintf(app->message, sizeof app->message, "exported the histograms to %s", path);
        else
            snprintf(app->message, sizeof app->message, "export: %s: %s", path, err.message ? err.message : "error");
        pl_error_clear(&err);
        return;
    }
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
