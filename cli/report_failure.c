/* planlens report --by failure: the failure modes of each run × task, as the
 * why screen counts them (engine/workspace/failure_table.h). */
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "base/stats.h"
#include "chart_svg.h"
#include "cli.h"
#include "compare_stats.h"
#include "report_rows.h"
#include "workspace/failure_table.h"
#include "csv_out.h"

enum { KEY_WIDTH = 36, BAR_WIDTH = 20 };

static pl_workspace *open_graded(const char *const *files, int nfiles)
{
    pl_diags warnings = PL_DIAGS_INIT;
    pl_workspace *ws = pl_workspace_open(files, nfiles, &warnings);
    cli_print_warnings(&warnings);
    if (!ws)
        return NULL;
    pl_workspace_grade_all(ws);
    return ws;
}

/* The records of each group, in record order. */
static int **group_records(const pl_workspace *ws, int **counts)
{
    int ngroups = pl_workspace_ngroups(ws), n = pl_workspace_count(ws);
    int **members = calloc((size_t)ngroups + 1, sizeof *members);
    *counts = calloc((size_t)ngroups + 1, sizeof **counts);
    for (int g = 0; members && *counts && g < ngroups; g++)
        if (!(members[g] = malloc(((size_t)n + 1) * sizeof *members[g])))
            break;
    for (int i = 0; members && *counts && i < n; i++) {
        int g = pl_workspace_record(ws, i)->group;
        if (members[g])
            members[g][(*counts)[g]++] = i;
    }
    return members;
}

/* The share of wrong answers of one run × task and its 95 % interval: over
 * the answers the table counts (graded, no error), an answer wrong as the
 * table counts it (sound verdict 0, with a failure); clustered by question
 * (ACPBench group and id) when a question was answered in several epochs,
 * else Wilson's (base/stats.h).  Returns 0, or -1 when out of memory. */
static int wrong_share(const pl_workspace *ws, const int *records, int n, pl_mean_ci *out)
{
    double *x = calloc((size_t)n + 1, sizeof *x);
    char **keys = calloc((size_t)n + 1, sizeof *keys);
    int m = 0, rc = x && keys ? 0 : -1;
    for (int i = 0; rc == 0 && i < n; i++) {
        const pl_ws_record *rec = pl_workspace_record(ws, records[i]);
        if (!rec->graded || rec->error || rec->resp->error)
            continue;
        x[m] = !rec->sound_score && pl_ws_record_failure(rec);
        if (!(keys[m++] = pl_strdup_printf("%s\x1f%s", rec->acp ? rec->acp->group : "", rec->id)))
            rc = -1;
    }
    if (rc == 0)
        rc = pl_clustered_mean_by_key(x, (const char *const *)keys, m, out);
    for (int i = 0; keys && i < m; i++)
        free(keys[i]);
    free(keys);
    free(x);
    return rc;
}

/* ", 30.0%, 95% CI [17.9, 45.6] clustered by question" (or ", n = 1"). */
static void print_share(const pl_mean_ci *share)
{
    char ci[64];
    pl_ci_text(ci, sizeof ci, share->ci95, share->n, 100, 1, false);
    printf(" (%.1f%%, %s%s%s)", 100 * share->mean, pl_interval_defined(share->ci95) ? "95% CI " : "", ci,
           share->clustered ? " clustered by question" : "");
}

static void print_table(const pl_ws_failure_table *t, const pl_mean_ci *share, const char *model, const char *task,
                        bool ascii)
{
    printf("%s / %s: %d wrong of %d answers", cli_text(model), cli_text(task), t->wrong[0], t->answers[0]);
    if (share && t->answers[0])
        print_share(share);
    putchar('\n');
    if (!t->nrows)
        return;
    printf("  %-*s %6s %6s\n", KEY_WIDTH, "failure / key", "count", "share");
    for (int r = 0; r < t->nrows; r++) {
        const pl_ws_failure_row *row = &t->rows[r];
        char label[KEY_WIDTH + 1];
        snprintf(label, sizeof label, "%s%s", row->key ? "  " : "",
                 row->key ? cli_text(row->key) : pl_failure_kind_name(row->kind));
        printf("  %-*s %6d %5.1f%%", KEY_WIDTH, label, row->count[0], 100 * pl_ws_failure_share(t, r, 0));
        if (!row->key) {
            putchar(' ');
            report_print_bar(stdout, row->count[0], t->wrong[0], BAR_WIDTH, ascii, false);
        }
        putchar('\n');
    }
}

/* The interval's ends, empty when undefined. */
static void put_ci_cells(const pl_mean_ci *share)
{
    if (pl_interval_defined(share->ci95))
        printf(",%.6f,%.6f", share->ci95.low, share->ci95.high);
    else
        fputs(",,", stdout);
}

static void print_csv(const pl_ws_failure_table *t, const pl_mean_ci *share, const char *model, const char *task)
{
    for (int r = 0; r < t->nrows; r++) {
        const pl_ws_failure_row *row = &t->rows[r];
        pl_csv_put(stdout, model);
        putchar(',');
        pl_csv_put(stdout, task);
        printf(",%s,", pl_failure_kind_name(row->kind));
        pl_csv_put(stdout, row->key);
        printf(",%d,%d,%d,%.6f", row->count[0], t->wrong[0], t->answers[0], pl_ws_failure_share(t, r, 0));
        if (share)
            put_ci_cells(share);
        putchar('\n');
    }
}

static cJSON *group_json(const pl_ws_failure_table *t, const pl_mean_ci *share, const char *model, const char *task)
{
    cJSON *o = cJSON_CreateObject(), *kinds = cJSON_AddArrayToObject(o, "failures"), *keys = NULL;
    cJSON_AddStringToObject(o, "model", model);
    cJSON_AddStringToObject(o, "task", task);
    cJSON_AddNumberToObject(o, "answers", t->answers[0]);
    cJSON_AddNumberToObject(o, "wrong", t->wrong[0]);
    if (share) { /* the share of wrong answers (of `answers`) and its interval, null when undefined */
        cJSON_AddNumberToObject(o, "wrong_share", share->mean);
        cJSON_AddNumberToObject(o, "questions", share->clusters);
        cJSON_AddBoolToObject(o, "clustered", share->clustered);
        if (pl_interval_defined(share->ci95)) {
            cJSON *ci = cJSON_AddArrayToObject(o, "wrong_ci95");
            cJSON_AddItemToArray(ci, cJSON_CreateNumber(share->ci95.low));
            cJSON_AddItemToArray(ci, cJSON_CreateNumber(share->ci95.high));
        } else {
            cJSON_AddNullToObject(o, "wrong_ci95");
        }
    }
    for (int r = 0; r < t->nrows; r++) {
        const pl_ws_failure_row *row = &t->rows[r];
        cJSON *item = cJSON_CreateObject();
        if (row->key) {
            cJSON_AddStringToObject(item, "key", row->key);
        } else {
            cJSON_AddStringToObject(item, "kind", pl_failure_kind_name(row->kind));
            cJSON_AddStringToObject(item, "label", pl_failure_kind_label(row->kind));
        }
        cJSON_AddNumberToObject(item, "count", row->count[0]);
        cJSON_AddNumberToObject(item, "share", pl_ws_failure_share(t, r, 0));
        if (!row->key)
            keys = cJSON_AddArrayToObject(item, "keys");
        cJSON_AddItemToArray(row->key && keys ? keys : kinds, item);
    }
    return o;
}

/* One chart's data: the kinds of a run × task and their counts. */
typedef struct {
    char *title;
    const char **kinds;
    double *counts;
    pl_chart_series series;
} failure_chart;

static int chart_of(const pl_ws_failure_table *t, const char *model, const char *task, pl_chart *chart,
                    failure_chart *data)
{
    data->title = pl_strdup_printf("%s / %s: %d wrong of %d answers", model, task, t->wrong[0], t->answers[0]);
    data->kinds = calloc((size_t)t->nrows + 1, sizeof *data->kinds);
    data->counts = calloc((size_t)t->nrows + 1, sizeof *data->counts);
    if (!data->title || !data->kinds || !data->counts)
        return -1;
    int n = 0;
    for (int r = 0; r < t->nrows; r++)
        if (!t->rows[r].key) {
            data->kinds[n] = pl_failure_kind_name(t->rows[r].kind);
            data->counts[n++] = t->rows[r].count[0];
        }
    data->series = (pl_chart_series){"wrong answers", "#d95f02", data->counts};
    *chart = (pl_chart){.id = task, .model = model, .title = data->title, .x_label = "failure mode",
                        .y_label = "wrong answers",
                        .categories = data->kinds, .ncategories = n, .series = &data->series, .nseries = 1};
    return 0;
}

static void free_chart(failure_chart *data)
{
    free(data->title);
    free(data->kinds);
    free(data->counts);
}

int report_failures(const char *const *files, int nfiles, report_format format, bool ascii, bool ci,
                    const char *output)
{
    pl_workspace *ws = open_graded(files, nfiles);
    if (!ws) {
        fprintf(stderr, "planlens: report: out of memory\n");
        return PL_EXIT_INPUT;
    }
    int *counts = NULL, **members = group_records(ws, &counts), rc = PL_EXIT_OK;
    int ngroups = pl_workspace_ngroups(ws);
    cJSON *all = format == REPORT_JSON ? cJSON_CreateArray() : NULL;
    pl_ws_failure_table *tables = calloc((size_t)ngroups + 1, sizeof *tables); /* kept for the charts */
    pl_chart *charts = calloc((size_t)ngroups + 1, sizeof *charts);
    failure_chart *chart_data = calloc((size_t)ngroups + 1, sizeof *chart_data);
    if (!members || !counts || (format == REPORT_JSON && !all) || !tables || !charts || !chart_data)
        rc = PL_EXIT_INPUT;
    if (rc == PL_EXIT_OK && !ngroups)
        fprintf(stderr, "planlens: report: no answers to known questions in the files given\n");
    if (rc == PL_EXIT_OK && format == REPORT_CSV)
        puts(ci ? "model,task,kind,key,count,wrong,answers,share,wrong_ci95_low,wrong_ci95_high"
                : "model,task,kind,key,count,wrong,answers,share");
    for (int g = 0; rc == PL_EXIT_OK && g < ngroups; g++) {
        pl_ws_failure_table *tp = &tables[g];
        const int *column = members[g];
        if (!column || pl_ws_failure_table_build(ws, &column, &counts[g], 1, PL_WS_FAILURE_BY_COUNT, tp) < 0) {
            rc = PL_EXIT_INPUT;
            break;
        }
        const pl_ws_failure_table t = *tp;
        pl_mean_ci share;
        if (ci && format != REPORT_SVG && wrong_share(ws, column, counts[g], &share) < 0) {
            rc = PL_EXIT_INPUT;
            break;
        }
        const pl_mean_ci *sp = ci && format != REPORT_SVG ? &share : NULL; /* --no-ci: none */
        const char *model = pl_workspace_group_model(ws, g), *task = pl_workspace_group_task(ws, g);
        if (format == REPORT_SVG) {
            if (chart_of(&t, model, task, &charts[g], &chart_data[g]) < 0)
                rc = PL_EXIT_INPUT;
        } else if (format == REPORT_TABLE) {
            if (g)
                putchar('\n');
            print_table(&t, sp, model, task, ascii);
        } else if (format == REPORT_CSV) {
            print_csv(&t, sp, model, task);
        } else {
            cJSON_AddItemToArray(all, group_json(&t, sp, model, task));
        }
    }
    if (rc != PL_EXIT_OK)
        fprintf(stderr, "planlens: report: out of memory\n");
    else if (all)
        cli_print_json(all), all = NULL;
    else if (format == REPORT_SVG)
        rc = report_write_charts(charts, NULL, ngroups, output) == 0 ? PL_EXIT_OK : PL_EXIT_INPUT;
    cJSON_Delete(all);
    for (int g = 0; tables && chart_data && g < ngroups; g++) {
        pl_ws_failure_table_free(&tables[g]);
        free_chart(&chart_data[g]);
    }
    free(tables);
    free(charts);
    free(chart_data);
    for (int g = 0; members && g < ngroups; g++)
        free(members[g]);
    free(members);
    free(counts);
    pl_workspace_close(ws);
    return rc;
}
