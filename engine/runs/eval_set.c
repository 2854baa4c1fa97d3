/* Attempts of one task.  `inspect eval-set` retries a task whose log did not
 * finish (a run killed part-way leaves a log with status "started") and
 * writes the retry beside it, with the same task_id and model; for each
 * task_id it then uses its most recent log (latest_completed_task_eval_logs
 * in inspect_ai/_eval/evalset.py).  planlens keeps, of two logs of one
 * task_id, task and model, the finished one, else the later one, and sets the
 * other aside: its answers are not counted and a warning says which file
 * replaced it. */
#include <stdlib.h>
#include <string.h>

#include "runs/reader.h"
#include "runs/runs.h"

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

static bool same(const char *a, const char *b)
{
    return a && b ? !strcmp(a, b) : a == b;
}

static bool finished(const pl_run_file *f)
{
    return f->status && strcmp(f->status, "started");
}

/* Whether b replaces a (b loaded after a). */
static bool replaces(const pl_run_file *a, const pl_run_file *b)
{
    if (finished(a) != finished(b))
        return finished(b);
    return !a->started_at || !b->started_at || strcmp(b->started_at, a->started_at) >= 0;
}

/* Removes the answers of file `set_aside` from the list; how many. */
static int remove_answers(pl_run_responses *rs, int set_aside)
{
    int kept = 0, removed = 0;
    for (int i = 0; i < rs->count; i++) {
        if (rs->items[i].file == set_aside) {
            pl_run_response_clear(&rs->items[i]);
            removed++;
        } else {
            rs->items[kept++] = rs->items[i];
        }
    }
    rs->count = kept;
    return removed;
}

/* The set-aside attempt's warning: its "still in progress" one rewritten,
 * else a new one. */
static int warn(pl_diags *warnings, pl_run_file *old, const pl_run_file *kept)
{
    char *status = !strcmp(old->status, "started")
                       ? pl_strdup_printf("unfinished: %d of %d samples", old->samples, old->planned)
                       : pl_run_file_status(old);
    char *message = pl_strdup_printf("superseded attempt (%s): set aside for %s (the same task_id %s and model "
                                     "%s): its %d answer%s are not counted",
                                     status ? status : old->status, base_name(kept->source), kept->task_id,
                                     kept->model ? kept->model : "?", old->set_aside,
                                     old->set_aside == 1 ? "" : "s");
    free(status);
    if (!message)
        return -1;
    if (old->warning >= 0 && warnings && (size_t)old->warning < warnings->count) {
        free(warnings->items[old->warning].message);
        warnings->items[old->warning].message = message;
        return 0;
    }
    pl_diags_add(warnings, old->source, 0, 0, "%s", message);
    free(message);
    return 0;
}

int pl_run_settle_attempts(pl_run_reader *rd)
{
    pl_run_responses *rs = rd->rs;
    pl_run_file *now = &rs->files[rd->file];
    for (int i = 0; i < rs->nfiles; i++) {
        pl_run_file *f = &rs->files[i];
        if (i == rd->file || f->superseded_by >= 0 || !same(f->task_id, now->task_id) || !same(f->task, now->task) ||
            !same(f->model, now->model))
            continue;
        bool newer_wins = replaces(f, now);
        int old = newer_wins ? i : rd->file, kept = newer_wins ? rd->file : i;
        rs->files[old].superseded_by = kept;
        rs->files[old].set_aside = remove_answers(rs, old);
        return warn(rd->warnings, &rs->files[old], &rs->files[kept]);
    }
    return 0;
}
