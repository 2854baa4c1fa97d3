/* The quality charts screen (views/quality_charts.h): how it opens, what a
 * bar opens, and its export. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

/* Do the task's records hold plan-quality cases? */
static bool task_has_cases(const pl_workspace *ws, const char *task)
{
    for (int i = 0; i < pl_workspace_count(ws); i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        if (r->pcase && !strcmp(r->task, task))
            return true;
    }
    return false;
}

/* On the dashboard: every run of the selected row's task, when it holds
 * plan-quality cases; on a list: its records. */
void tui_open_charts(tui_app *app)
{
    tui_screen *s = tui_top(app);
    int target = s->cursor < s->vm.nlines ? s->vm.lines[s->cursor].target : -1;
    tui_screen *v = NULL;
    if (s->kind == VIEW_LIST) {
        v = tui_push_narrowed(app, VIEW_CHARTS, s, NULL, NULL);
    } else if (s->kind == VIEW_DASHBOARD && target >= 0 && target < s->rows.nkeys) {
        const char *key = s->rows.keys[target], *task = key + strcspn(key, "\t");
        task += *task == '\t';
        if (!task_has_cases(app->ws, task)) {
            snprintf(app->message, sizeof app->message,
                     "charts: no plan-quality cases in %s (select a plan-quality row)", task);
            return;
        }
        char *extra = pl_strdup_printf("task=\"%s\"", task);
        v = extra ? tui_push_narrowed(app, VIEW_CHARTS, s, extra, task) : NULL;
        free(extra);
    } else {
        snprintf(app->message, sizeof app->message, "charts: select a plan-quality row on the dashboard, or open a list");
        return;
    }
    if (v && !(v->charts = calloc(1, sizeof *v->charts)))
        tui_pop(app);
}

void tui_build_charts(tui_app *app, tui_screen *s, int width)
{
    pl_selection sel = tui_selection(s);
    pl_qcharts_free(s->charts);
    if (pl_qcharts_build(app->ws, &sel, s->np_aqm, s->charts) < 0)
        snprintf(app->message, sizeof app->message, "charts: out of memory");
    pl_view_quality_charts(s->charts, width, app->ascii, &s->vm);
}

void tui_open_chart_bar(tui_app *app, tui_screen *s, int target)
{
    pl_selection sel = tui_selection(s);
    int n;
    int *records = pl_qcharts_members(app->ws, &sel, s->charts, target, &n);
    char *bar = records ? pl_qcharts_label(s->charts, target) : NULL;
    if (!records) {
        snprintf(app->message, sizeof app->message, "no cases on this line (yet)");
        return;
    }
    /* the screen's own scope first ("plan-quality / AQM labels of gpt-4o") */
    char *label = s->scope_label && bar ? pl_strdup_printf("%s / %s", s->scope_label, bar) : bar;
    if (label != bar)
        free(bar);
    tui_push_records(app, records, n, label);
}

void tui_export_charts(tui_app *app, const char *path)
{
    pl_error err = PL_ERROR_INIT;
    size_t len = strlen(path);
    bool svg = len >= 4 && !strcmp(path + len - 4, ".svg");
    if (pl_qcharts_export(tui_top(app)->charts, path, &err) == PL_OK)
        snprintf(app->message, sizeof app->message,
                 svg ? "exported the quality charts to %s (their data beside it, .csv)" : "exported the charts' data to %s (CSV)",
                 path);
    else
        snprintf(app->message, sizeof app->message, "export: %s: %s", path, err.message ? err.message : "error");
    pl_error_clear(&err);
}
