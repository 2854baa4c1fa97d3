/* The why screen and frequency tables: what w, F, o/O, s and Enter do on
 * them, and D on the disagreements. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

/* The dashboard row under the cursor: its run and task (new strings); false when none. */
static bool selected_row(tui_app *app, char **model, char **task)
{
    tui_screen *s = tui_top(app);
    int target = s->cursor < s->vm.nlines ? s->vm.lines[s->cursor].target : -1;
    if (s->kind != VIEW_DASHBOARD || target < 0 || target >= s->rows.nkeys)
        return false;
    const char *key = s->rows.keys[target];
    size_t tab = strcspn(key, "\t");
    *model = pl_strndup(key, tab);
    *task = pl_strdup(key[tab] ? key + tab + 1 : "");
    return *model && *task;
}

/* w on a question list: the why of its records, a column per run (at most
 * PL_WHY_MAX_RUNS), of their task when they share one. */
static void open_list_why(tui_app *app)
{
    tui_screen *s = tui_top(app);
    pl_selection sel = tui_selection(s);
    int n;
    int *records = pl_select_records(app->ws, &sel, &n);
    const char *runs[PL_WHY_MAX_RUNS + 1], *task = NULL;
    int nruns = 0;
    bool one_task = true;
    for (int i = 0; records && i < n; i++) {
        const pl_ws_record *r = pl_workspace_record(app->ws, records[i]);
        bool known = false;
        for (int c = 0; c < nruns && !known; c++)
            known = !strcmp(runs[c], r->model);
        if (!known && nruns <= PL_WHY_MAX_RUNS)
            runs[nruns++] = r->model; /* one more than fits: too many */
        one_task = one_task && (!task || !strcmp(task, r->task));
        task = task ? task : r->task;
    }
    free(records);
    if (!nruns) {
        snprintf(app->message, sizeof app->message, "why: no answers on this list");
        return;
    }
    if (nruns > PL_WHY_MAX_RUNS) {
        snprintf(app->message, sizeof app->message, "why: the list holds more than %d runs: filter it (f model=...)",
                 PL_WHY_MAX_RUNS);
        return;
    }
    pl_why *why = calloc(1, sizeof *why);
    tui_screen *v = NULL;
    if (why && pl_why_init(why, runs, nruns, one_task ? task : NULL) == 0 &&
        (v = tui_push_narrowed(app, VIEW_WHY, s, NULL, NULL))) {
        why->fold_over = app->rows - 6 - (nruns > 1 ? 3 : 0); /* the table body's lines (pairing lines above) */
        v->why = why;
        return;
    }
    if (why && why->nruns)
        pl_why_free(why);
    free(why);
}

void tui_open_why(tui_app *app)
{
    char *model = NULL, *task = NULL;
    if (tui_top(app)->kind == VIEW_LIST) {
        open_list_why(app);
        return;
    }
    if (!selected_row(app, &model, &task)) {
        if (!model && !task)
            snprintf(app->message, sizeof app->message, "why: select a run x task on the dashboard, or open a list");
        free(model);
        free(task);
        return;
    }
    /* run A of a comparison (c) and this row's run: side by side */
    const char *runs[2] = {app->compare_a, model};
    bool two = app->compare_a && strcmp(app->compare_a, model);
    char *extra = two ? pl_strdup_printf("(model=\"%s\" or model=\"%s\") and task=\"%s\"", runs[0], model, task)
                      : pl_strdup_printf("model=\"%s\" task=\"%s\"", model, task);
    char *label = two ? pl_strdup_printf("%s vs %s / %s", runs[0], model, task) : pl_strdup_printf("%s / %s", model, task);
    pl_why *why = calloc(1, sizeof *why);
    tui_screen *v = NULL;
    if (extra && label && why && pl_why_init(why, two ? runs : runs + 1, two ? 2 : 1, task) == 0 &&
        (v = tui_push_narrowed(app, VIEW_WHY, tui_top(app), extra, label))) {
        why->fold_over = app->rows - 6 - (two ? 3 : 0); /* the table body's lines (pairing lines above) */
        v->why = why;
        why = NULL;
        if (two) { /* run A is used up, as by a comparison: the dashboard drops its A marks */
            free(app->compare_a);
            app->compare_a = NULL;
            for (int i = 0; i < app->depth; i++)
                app->stack[i].stale = true;
        }
    }
    if (why && why->nruns)
        pl_why_free(why);
    free(why);
    free(extra);
    free(label);
    free(model);
    free(task);
}

/* What F counts when no column is named: on the disagreements their rule,
 * on a list its sort column when it has a table or histogram, else the
 * failure kind. */
static pl_freq_column default_column(const tui_screen *s)
{
    if (s->kind == VIEW_LIST && s->disagreements)
        return PL_FREQ_RULE;
    static const int by_sort[SORT_COUNT] = {[SORT_INPUT] = -1, [SORT_ID] = -1, [SORT_MODEL] = PL_FREQ_RUN,
                                            [SORT_DOMAIN] = PL_FREQ_DOMAIN, [SORT_TASK] = PL_FREQ_TASK,
                                            [SORT_SCORE] = PL_FREQ_SCORE, [SORT_SOUND] = PL_FREQ_SOUND,
                                            [SORT_IOU] = PL_FREQ_IOU, [SORT_LEA] = PL_FREQ_LEA,
                                            [SORT_FINAL] = PL_FREQ_FINAL};
    if (s->kind == VIEW_LIST && (unsigned)s->sort < SORT_COUNT && by_sort[s->sort] >= 0)
        return (pl_freq_column)by_sort[s->sort];
    return PL_FREQ_KIND;
}

void tui_ask_frequency(tui_app *app)
{
    tui_screen *s = tui_top(app);
    if (s->kind != VIEW_LIST && s->kind != VIEW_DASHBOARD) {
        snprintf(app->message, sizeof app->message, "frequency: on a list or the dashboard");
        return;
    }
    char prompt[64];
    snprintf(prompt, sizeof prompt, "frequency of (Enter: %s): ", pl_freq_column_name(default_column(s)));
    char *line = tui_prompt(app, TUI_HISTORY_NONE, prompt);
    if (line)
        tui_open_frequency(app, line);
    free(line);
}

void tui_open_frequency(tui_app *app, const char *name)
{
    tui_screen *s = tui_top(app);
    app->message[0] = '\0';
    while (*name == ' ')
        name++;
    if (s->kind != VIEW_LIST && s->kind != VIEW_DASHBOARD) {
        snprintf(app->message, sizeof app->message, "frequency: on a list or the dashboard");
        return;
    }
    char word[64];
    snprintf(word, sizeof word, "%.*s", (int)strcspn(name, " "), name);
    int col = *word ? pl_freq_column_from_name(word) : (int)default_column(s);
    if (col < 0) {
        snprintf(app->message, sizeof app->message, "frequency: no column '%s' (%s)", word, pl_freq_column_names());
        return;
    }
    pl_hist_metric metric = pl_freq_histogram_metric((pl_freq_column)col);
    tui_screen *v = tui_push_narrowed(app, metric == PL_HIST_ALL ? VIEW_FREQ : VIEW_HISTOGRAM, s, NULL, NULL);
    if (!v)
        return;
    v->freq = (pl_freq_column)col;
    v->metric = metric; /* a number column: its histogram, with the bin keys */
}

void tui_group_disagreements(tui_app *app)
{
    tui_screen *v = tui_push_narrowed(app, VIEW_FREQ, tui_top(app), NULL, NULL);
    if (v) {
        v->freq = PL_FREQ_RULE;
        snprintf(app->message, sizeof app->message, "disagreements by the official rule that decided them");
    }
}

void tui_open_counted(tui_app *app, tui_screen *s, int target)
{
    pl_selection sel = tui_selection(s);
    int n;
    int *records = s->kind == VIEW_WHY ? pl_why_members(app->ws, s->why, target, &n)
                                       : pl_freq_members(app->ws, &sel, s->freq, target, &n);
    if (!n) {
        free(records);
        snprintf(app->message, sizeof app->message, "no answers on this line (yet)");
        return;
    }
    char *label = s->kind == VIEW_WHY ? pl_why_label(s->why, target) : pl_freq_label(app->ws, &sel, s->freq, target);
    tui_push_records(app, records, n, label);
}

/* The line showing `target`, or -1. */
static int line_of(const tui_screen *s, int target)
{
    for (int i = 0; i < s->vm.nlines; i++)
        if (s->vm.lines[i].target == target)
            return i;
    return -1;
}

void tui_fold(tui_app *app, bool all)
{
    tui_screen *s = tui_top(app);
    if (s->kind != VIEW_WHY)
        return;
    if (all) {
        snprintf(app->message, sizeof app->message, pl_why_fold_all(s->why) ? "every kind folded (O unfolds them)"
                                                                            : "every kind unfolded");
    } else {
        int target = s->cursor < s->vm.nlines ? s->vm.lines[s->cursor].target : -1;
        int at = line_of(s, pl_why_toggle_fold(s->why, target)); /* the kind's line stays where it is */
        if (at >= 0)
            s->cursor = at;
    }
    s->stale = true;
}

void tui_sort_counts(tui_app *app)
{
    tui_screen *s = tui_top(app);
    if (s->kind == VIEW_FREQ) {
        s->by_value = !s->by_value;
    } else if (s->why->nruns < 2) {
        snprintf(app->message, sizeof app->message,
                 "sort by difference: compare two runs (c on run A's row, then w on the other run's)");
        return;
    } else {
        s->why->order = s->why->order == PL_WS_FAILURE_BY_DIFF ? PL_WS_FAILURE_BY_COUNT : PL_WS_FAILURE_BY_DIFF;
    }
    s->stale = true;
}

void tui_export_why(tui_app *app, const char *path)
{
    size_t len = strlen(path);
    bool svg = len >= 4 && !strcmp(path + len - 4, ".svg");
    pl_error err = PL_ERROR_INIT;
    const pl_why *why = tui_top(app)->why;
    if ((svg ? pl_why_export_svg(why, path, &err) : pl_why_export_csv(why, path, &err)) == PL_OK)
        snprintf(app->message, sizeof app->message, svg ? "exported the why chart to %s (its data beside it, .csv)"
                                                        : "exported the why table to %s (CSV)", path);
    else
        snprintf(app->message, sizeof app->message, "export: %s: %s", path, err.message ? err.message : "error");
    pl_error_clear(&err);
}
