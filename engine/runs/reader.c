/* The response list that every run reader appends to. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "runs/reader.h"
#include "runs/runs.h"
#include "runs/text_pool.h"

void pl_run_response_clear(pl_run_response *r)
{
    free(r->id);
    free(r->sample_id);
    free(r->group);
    free(r->error);
    free(r->model);
    free(r->response);
    free(r->context);
    free(r->question);
    free(r->source);
    free(r->scorer_error);
    free(r->stored_scorer);
    free(r->other_scores);
    free(r->filtered);
    free(r->reasoning);
    memset(r, 0, sizeof *r); /* prompt is the pool's, raw the case's */
}

int pl_run_push(pl_run_reader *rd, pl_run_response *r)
{
    pl_run_responses *rs = rd->rs;
    if (rs->count == rs->capacity) {
        int cap = rs->capacity ? rs->capacity * 2 : 256;
        pl_run_response *items = realloc(rs->items, (size_t)cap * sizeof *items);
        if (!items) {
            pl_run_response_clear(r);
            return -1;
        }
        rs->items = items;
        rs->capacity = cap;
    }
    r->source = pl_strdup(rd->path);
    r->file = rd->file;
    rs->items[rs->count++] = *r;
    return 0;
}

const char *pl_run_share(pl_run_reader *rd, const char *text, bool *oom)
{
    if (!text)
        return NULL;
    const char *shared = pl_text_pool_add(&rd->rs->texts, text, strlen(text));
    *oom |= !shared;
    return shared;
}

pl_run_file *pl_run_reader_file(const pl_run_reader *rd)
{
    return &rd->rs->files[rd->file];
}

const pl_run_file *pl_run_response_file(const pl_run_responses *rs, const pl_run_response *r)
{
    return &rs->files[r->file];
}

void pl_run_file_clear(pl_run_file *f)
{
    free(f->source);
    free(f->about);
    free(f->task_id);
    free(f->task);
    free(f->model);
    free(f->status);
    free(f->error);
    free(f->started_at);
    free(f->reducer);
    free(f->scorers);
    memset(f, 0, sizeof *f);
}

char *pl_run_file_status(const pl_run_file *f)
{
    if (!f->status || !strcmp(f->status, "success"))
        return NULL;
    if (!strcmp(f->status, "error"))
        return pl_strdup_printf("error: %s", f->error ? f->error : "the log records no message");
    const char *what = !strcmp(f->status, "started") ? "still running" : f->status;
    if (f->planned)
        return pl_strdup_printf("%s: %d of %d samples", what, f->samples, f->planned);
    return pl_strdup_printf("%s: %d samples", what, f->samples);
}

void pl_run_responses_free(pl_run_responses *rs)
{
    for (int i = 0; i < rs->count; i++)
        pl_run_response_clear(&rs->items[i]);
    for (int i = 0; i < rs->nfiles; i++)
        pl_run_file_clear(&rs->files[i]);
    free(rs->files);
    free(rs->items);
    pl_text_pool_free(rs->texts);
    *rs = (pl_run_responses)PL_RUN_RESPONSES_INIT;
}

char *pl_run_group_of_task(const char *task)
{
    static const char *const formats[] = {"gen", "bool", "mcq"};
    const char *name = task;
    for (const char *p = task; p && *p; p++)
        if (*p == '/' || *p == '@') /* "pkg/acp_app_gen", "evals/acpbench_hard.py@acp_app_gen" */
            name = p + 1;
    if (!name || strncmp(name, "acp_", 4))
        return NULL;
    name += 4;
    for (int t = 0; t < PL_ACP_NTASKS; t++) {
        const char *short_name = pl_acp_task_name((pl_acp_task)t);
        size_t n = strlen(short_name);
        if (strncmp(name, short_name, n) || name[n] != '_')
            continue;
        for (int f = 0; f < 3; f++) {
            const char *rest = name + n + 1;
            size_t k = strlen(formats[f]);
            if (!strncmp(rest, formats[f], k) && (!rest[k] || !strcmp(rest + k, "_with_pddl")))
                return pl_strdup_printf("%s_%s", pl_acp_task_group_prefix((pl_acp_task)t), formats[f]);
        }
    }
    return NULL;
}
