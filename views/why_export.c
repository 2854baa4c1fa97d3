/* The why table out of the terminal: CSV of every row and run with the
 * answers it counts, and an SVG chart of the rows shown with that CSV
 * beside it (why_view.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/atomic_file.h"
#include "chart_svg.h"
#include "csv_out.h"
#include "export_answer.h"
#include "why_view.h"

/* The table's columns of row r and run c, before an answer's cells. */
static bool row_cells(FILE *f, const pl_why *w, int r, int c)
{
    const pl_ws_failure_row *row = &w->table.rows[r];
    bool ok = pl_csv_put(f, pl_failure_kind_name(row->kind));
    fputc(',', f);
    ok &= pl_csv_put(f, row->key);
    fputc(',', f);
    ok &= pl_csv_put(f, w->runs[c]);
    fputc(',', f);
    ok &= pl_csv_put(f, w->task);
    fprintf(f, ",%d,%d,%d,%.10g,", row->count[c], w->table.wrong[c], w->table.answers[c],
            pl_ws_failure_share(&w->table, r, c));
    return ok;
}

/* A line per row, run and answer the row counts there (the answers Enter
 * opens), the answer in the one answer schema (csv_out.h), or one line
 * with empty answer cells when the row counts none. */
static int write_csv(FILE *f, const pl_why *w)
{
    bool ok = true;
    static const char *const no_answer[PL_AC_COUNT];
    fputs("kind,key,run,task,count,wrong,answers,share," PL_ANSWER_CSV_HEADER "\n", f);
    for (int r = 0; r < w->table.nrows; r++)
        for (int c = 0; c < w->nruns; c++) {
            int written = 0;
            for (int i = 0; w->ws && i < w->nmembers[c]; i++) {
                int rec = w->members[c][i];
                if (!pl_ws_failure_row_has(&w->table, r, pl_workspace_record(w->ws, rec)))
                    continue;
                ok &= row_cells(f, w, r, c);
                ok &= pl_export_answer_csv(f, w->ws, rec);
                fputc('\n', f);
                written++;
            }
            if (!written) {
                ok &= row_cells(f, w, r, c);
                ok &= pl_answer_csv_put(f, no_answer);
                fputc('\n', f);
            }
        }
    return ok ? 0 : -1;
}

/* The rows shown as a grouped bar chart: a category per row ("kind" or
 * "kind key", the kind as pl_failure_kind_name names it), a series per run, its share of the run's wrong answers in
 * percent; one run also prints each row's count above its bar. */
static int write_svg(FILE *f, const pl_why *w)
{
    static const char *const colours[PL_WHY_MAX_RUNS] = {"#1b9e77", "#d95f02", "#7570b3", "#e7298a"};
    int n = 0, rc = -1;
    char **names = calloc((size_t)w->table.nrows + 1, sizeof *names);
    double *values = calloc((size_t)(w->table.nrows + 1) * (size_t)w->nruns, sizeof *values);
    int *totals = calloc((size_t)w->table.nrows + 1, sizeof *totals);
    char title[512] = "Failure modes of ";
    for (int c = 0; c < w->nruns; c++)
        snprintf(title + strlen(title), sizeof title - strlen(title), "%s%s", c ? " vs " : "", w->runs[c]);
    if (w->task)
        snprintf(title + strlen(title), sizeof title - strlen(title), " on %s", w->task);
    if (w->nruns > 1) /* the shares are of the paired wrong answers (why_paired.h) */
        snprintf(title + strlen(title), sizeof title - strlen(title), ", %d paired question%s", w->pairing.paired,
                 w->pairing.paired == 1 ? "" : "s");
    for (int r = 0; names && values && totals && r < w->table.nrows; r++) {
        const pl_ws_failure_row *row = &w->table.rows[r];
        if (!pl_why_row_shown(w, r))
            continue;
        if (!(names[n] = row->key ? pl_strdup_printf("%s %s", pl_failure_kind_name(row->kind), row->key)
                                  : pl_strdup(pl_failure_kind_name(row->kind))))
            goto done;
        for (int c = 0; c < w->nruns; c++)
            values[c * w->table.nrows + n] = 100 * pl_ws_failure_share(&w->table, r, c);
        totals[n++] = row->count[0];
    }
    if (names && values && totals) {
        pl_chart_series series[PL_WHY_MAX_RUNS];
        for (int c = 0; c < w->nruns; c++)
            series[c] = (pl_chart_series){
                .name = w->runs[c], .colour = colours[c], .values = values + c * w->table.nrows};
        pl_chart chart = {"why", title, "failure mode", "share of the wrong answers (%)", (const char *const *)names,
                          n, series, w->nruns, false, w->nruns == 1 ? totals : NULL, NULL, false, NULL};
        rc = pl_chart_write_svg(f, &chart, 1);
    }
done:
    for (int r = 0; names && r < n; r++)
        free(names[r]);
    free(names);
    free(values);
    free(totals);
    return rc;
}

/* Writes the file whole or not at all (base/atomic_file.h). */
static int write_file(const pl_why *w, const char *path, int (*write)(FILE *, const pl_why *), pl_error *err)
{
    pl_atomic_file a;
    FILE *f = pl_atomic_open(&a, path, err);
    if (!f)
        return err->code;
    bool ok = write(f, w) == 0;
    pl_error_code rc = pl_atomic_close(&a, ok, err);
    return ok ? rc : pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot write");
}

int pl_why_export_csv(const pl_why *w, const char *path, pl_error *err)
{
    return write_file(w, path, write_csv, err);
}

int pl_why_export_svg(const pl_why *w, const char *path, pl_error *err)
{
    size_t len = strlen(path);
    char *csv = len > 4 && !strcmp(path + len - 4, ".svg") ? pl_strdup_printf("%.*s.csv", (int)(len - 4), path)
                                                          : pl_strdup_printf("%s.csv", path);
    if (!csv)
        return pl_error_set(err, PL_ERR_IO, path, 0, 0, "out of memory");
    int rc = write_file(w, path, write_svg, err);
    if (rc == PL_OK)
        rc = write_file(w, csv, write_csv, err);
    free(csv);
    return rc;
}
