/* planlens quality --shard I/N: each case's output as a part's unit, and
 * the table of the merged parts (docs/CLUSTER.md).  A table unit also
 * carries what the summary under the table adds up, so the merge adds the
 * cases in input order, as one process does, with the same printer. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "merge.h"
#include "quality_shard.h"

cli_part *quality_part_begin(FILE *f, const cli_shard *s, int argc, char **argv, quality_format format)
{
    static const cli_part_layout lines = {"", "", "", NULL};
    cli_part_layout csv = lines;
    char *header = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&header, &len);
    if (m) {
        quality_print_csv_header(m);
        fclose(m);
    }
    csv.head = header;
    cli_part *p = header ? cli_part_begin(f, "quality", s,
                                          format == QUALITY_CSV ? "csv" : format == QUALITY_TABLE ? "table" : "jsonl",
                                          argc, argv, format == QUALITY_CSV ? &csv : &lines, NULL)
                         : NULL;
    free(header);
    return p;
}

/* What quality_summary_add counts of a case. */
static cJSON *summary_unit(const pl_quality_case *c, const pl_quality_result *r)
{
    cJSON *o = cJSON_CreateObject();
    if (c->model)
        cJSON_AddStringToObject(o, "model", c->model);
    if (c->prompt_type)
        cJSON_AddStringToObject(o, "prompt", c->prompt_type);
    if (!r)
        return o;
    cJSON *aqm = cJSON_AddArrayToObject(o, "aqm");
    for (int i = 0; i < r->n; i++)
        cJSON_AddItemToArray(aqm, cJSON_CreateNumber(r->aqm[i]));
    cJSON_AddBoolToObject(o, "validity", r->validity);
    cJSON_AddBoolToObject(o, "executability", r->executability);
    cJSON_AddBoolToObject(o, "pi4_done", r->pi4_done);
    cJSON_AddBoolToObject(o, "pi4_valid", r->pi4_valid);
    cJSON_AddNumberToObject(o, "lea", r->lea);
    cJSON_AddNumberToObject(o, "stv", r->stv);
    cli_part_add_double(o, "trace", r->trace_score);
    cli_part_add_double(o, "curr", r->curr_score);
    cli_part_add_double(o, "final", r->final_score);
    cli_part_add_double(o, "pi1", r->pi1.score);
    return o;
}

void quality_part_case(cli_part *p, int i, quality_format format, const pl_quality_case *c,
                       const pl_quality_result *r, const pl_failure *f, const char *error, pl_similarity_version v)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m)
        return;
    if (format == QUALITY_JSONL)
        quality_print_jsonl(m, c, r, f, error, v);
    else if (format == QUALITY_CSV)
        quality_print_csv(m, c, r, f, error);
    else
        quality_print_table_row(m, c, r, error);
    fclose(m);
    if (!r) { /* as one process says it */
        fprintf(stderr, "planlens: quality: %s: ", cli_text(c->id));
        cli_put_safe(stderr, error);
        fputc('\n', stderr);
    }
    if (format == QUALITY_TABLE) {
        cJSON *unit = summary_unit(c, r);
        cJSON_AddStringToObject(unit, "text", text);
        cli_part_row(p, i, 0, unit);
    } else {
        cli_part_text(p, i, 0, text);
    }
    free(text);
}

static double number(const cJSON *o, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    return cJSON_IsNumber(v) ? v->valuedouble : 0;
}

static bool flag(const cJSON *o, const char *name)
{
    return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, name));
}

int quality_merge_table(FILE *out, const cli_merged *m)
{
    quality_summary *sum = quality_summary_new();
    if (!sum)
        return -1;
    int rc = 0;
    for (int i = 0; i < m->n && !rc; i++) {
        const cJSON *u = m->units[i].data, *aqm = cJSON_GetObjectItemCaseSensitive(u, "aqm");
        fputs(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(u, "text")), out);
        pl_quality_case c = {.model = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(u, "model")),
                             .prompt_type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(u, "prompt"))};
        int n = cJSON_GetArraySize(aqm);
        pl_qlabel *labels = calloc((size_t)n + 1, sizeof *labels);
        rc = labels ? 0 : -1;
        for (int k = 0; labels && k < n; k++)
            labels[k] = (pl_qlabel)cJSON_GetArrayItem(aqm, k)->valueint;
        pl_quality_result r = {.aqm = labels,
                               .n = n,
                               .validity = flag(u, "validity"),
                               .executability = flag(u, "executability"),
                               .pi4_done = flag(u, "pi4_done"),
                               .pi4_valid = flag(u, "pi4_valid"),
                               .lea = (int)number(u, "lea"),
                               .stv = (int)number(u, "stv"),
                               .trace_score = cli_merge_double(u, "trace"),
                               .curr_score = cli_merge_double(u, "curr"),
                               .final_score = cli_merge_double(u, "final")};
        r.pi1.score = cli_merge_double(u, "pi1");
        if (labels)
            quality_summary_add(sum, &c, cJSON_IsArray(aqm) ? &r : NULL); /* no aqm: the case failed */
        free(labels);
    }
    if (!rc)
        quality_summary_print(out, sum);
    quality_summary_free(sum);
    return rc;
}
