/* planlens report --shard I/N: the shard's graded rows as a part, and the
 * report of the merged parts, printed from the rows in input order as one
 * process prints them (docs/CLUSTER.md). */
#include <cjson/cJSON.h>
#include <stdlib.h>

#include "cli.h"
#include "merge.h"
#include "report_shard.h"

void report_print_counts(int unmatched, int errored)
{
    if (unmatched)
        fprintf(stderr, "planlens: report: %d response%s answer no IoU question (ACPBench app/prog or planlens gen)\n",
                unmatched, unmatched == 1 ? "" : "s");
    if (errored)
        fprintf(stderr, "planlens: report: %d errored sample%s left out (no answer)\n", errored,
                errored == 1 ? "" : "s");
}

cli_part *report_part_begin(FILE *f, const cli_shard *s, int argc, char **argv, const report_options *o)
{
    cJSON *options = cJSON_CreateObject();
    cJSON_AddNumberToObject(options, "by", o->by);
    cJSON_AddNumberToObject(options, "format", o->format);
    cli_part_add_double(options, "bin_width", o->bin_width);
    cJSON_AddBoolToObject(options, "ascii", o->ascii);
    cJSON_AddBoolToObject(options, "ci", o->ci);
    return cli_part_begin(f, "report", s, "rows", argc, argv, NULL, options);
}

void report_part_row(cli_part *p, int i, const report_row *r)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "id", r->id);
    cJSON_AddStringToObject(o, "model", r->model);
    cJSON_AddStringToObject(o, "task", r->task);
    cJSON_AddStringToObject(o, "domain", r->domain);
    cli_part_add_double(o, "value", r->value);
    cJSON_AddBoolToObject(o, "is_distance", r->is_distance);
    cJSON_AddBoolToObject(o, "success", r->success);
    cJSON_AddBoolToObject(o, "parse_failed", r->parse_failed);
    cJSON_AddNumberToObject(o, "epoch", r->epoch);
    cli_part_row(p, i, 0, o);
}

int report_part_end(cli_part *p, int unmatched, int errored)
{
    cJSON *totals = cJSON_CreateObject();
    cJSON_AddNumberToObject(totals, "unmatched", unmatched);
    cJSON_AddNumberToObject(totals, "errored", errored);
    return cli_part_end(p, PL_EXIT_OK, totals);
}

static const char *text(const cJSON *o, const char *name)
{
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, name));
}

static bool flag(const cJSON *o, const char *name)
{
    return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, name));
}

int report_merge(FILE *out, const cli_merged *m)
{
    report_row *rows = calloc((size_t)m->n + 1, sizeof *rows);
    if (!rows)
        return -1;
    for (int i = 0; i < m->n; i++) {
        const cJSON *u = m->units[i].data;
        rows[i] = (report_row){text(u, "id"),
                               text(u, "model"),
                               text(u, "task"),
                               text(u, "domain"),
                               cli_merge_double(u, "value"),
                               flag(u, "is_distance"),
                               flag(u, "success"),
                               flag(u, "parse_failed"),
                               cli_merge_int(u, "epoch")};
    }
    const cJSON *o = m->options;
    report_options opts = {(report_grouping)cli_merge_int(o, "by"), (report_format)cli_merge_int(o, "format"),
                           cli_merge_double(o, "bin_width"), flag(o, "ascii"), NULL, flag(o, "ci")};
    report_print_counts(cli_merge_total(m, "unmatched", 0), cli_merge_total(m, "errored", 0));
    int rc = report_print(out, rows, m->n, &opts);
    free(rows);
    return rc;
}
