/* Exporting the records behind a screen to CSV or JSON. */
#define _POSIX_C_SOURCE 200809L
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "views.h"

static void csv_field(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static cJSON *record_json(const pl_ws_record *r)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "id", r->id);
    cJSON_AddStringToObject(o, "model", r->model);
    cJSON_AddStringToObject(o, "domain", r->domain);
    cJSON_AddStringToObject(o, "task", r->task);
    if (r->graded) {
        cJSON_AddNumberToObject(o, "score", r->score);
        cJSON_AddNumberToObject(o, "sound_score", r->sound_score);
        if (r->has_value)
            cJSON_AddNumberToObject(o, r->is_distance ? "action_distance" : "iou", r->value);
        cJSON_AddBoolToObject(o, "parse_failed", r->parse_failed);
        if (r->acp_v.path)
            cJSON_AddStringToObject(o, "rule", r->acp_v.path);
        if (r->acp_v.sound_reason)
            cJSON_AddStringToObject(o, "sound_reason", r->acp_v.sound_reason);
    }
    if (r->resp->has_stored_score)
        cJSON_AddNumberToObject(o, "stored_score", r->resp->stored_score);
    cJSON_AddBoolToObject(o, "flag", r->flagged);
    if (r->note)
        cJSON_AddStringToObject(o, "note", r->note);
    cJSON_AddStringToObject(o, "response", r->resp->response);
    return o;
}

int pl_export_records(const pl_workspace *ws, const int *records, int n, const char *path, pl_error *err)
{
    size_t len = strlen(path);
    bool json = len >= 5 && !strcmp(path + len - 5, ".json");
    char *tmp = pl_strdup_printf("%s.partial", path);
    FILE *f = tmp ? fopen(tmp, "w") : NULL;
    if (!f) {
        free(tmp);
        return pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot write");
    }
    if (json) {
        cJSON *a = cJSON_CreateArray();
        for (int i = 0; i < n; i++)
            cJSON_AddItemToArray(a, record_json(pl_workspace_record(ws, records[i])));
        char *s = cJSON_Print(a);
        if (s)
            fprintf(f, "%s\n", s);
        free(s);
        cJSON_Delete(a);
    } else {
        fputs("id,model,domain,task,score,sound_score,value,parse_failed,stored_score,flag,note\n", f);
        for (int i = 0; i < n; i++) {
            const pl_ws_record *r = pl_workspace_record(ws, records[i]);
            csv_field(f, r->id);
            fputc(',', f);
            csv_field(f, r->model);
            fputc(',', f);
            csv_field(f, r->domain);
            fprintf(f, ",%s,", r->task);
            if (r->graded)
                fprintf(f, "%d,%d,", r->score, r->sound_score);
            else
                fputs(",,", f);
            if (r->graded && r->has_value)
                fprintf(f, "%.6f", r->value);
            fprintf(f, ",%s,", r->graded && r->parse_failed ? "true" : "false");
            if (r->resp->has_stored_score)
                fprintf(f, "%g", r->resp->stored_score);
            fprintf(f, ",%s,", r->flagged ? "true" : "false");
            csv_field(f, r->note);
            fputc('\n', f);
        }
    }
    bool ok = fclose(f) == 0 && rename(tmp, path) == 0;
    if (!ok)
        remove(tmp);
    free(tmp);
    return ok ? PL_OK : pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot write");
}
