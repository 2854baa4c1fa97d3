/* Run-file readers (engine-internal).  Each reader appends the responses of
 * one file to `rs`; bad records become warnings.  A file-level error (err)
 * is found before anything is appended. */
#ifndef PL_RUNS_READER_H
#define PL_RUNS_READER_H

#include <stddef.h>

#include "runs/runs.h"

typedef struct {
    pl_run_responses *rs;
    const char *path;
    pl_diags *warnings;
    int file; /* the file's entry in rs->files */
} pl_run_reader;

/* The reader's file entry. */
pl_run_file *pl_run_reader_file(const pl_run_reader *rd);

/* Appends r (taking its strings) with source = the reader's file.  Returns 0,
 * or -1 when out of memory (r is then cleared). */
int pl_run_push(pl_run_reader *rd, pl_run_response *r);
void pl_run_response_clear(pl_run_response *r);
/* The responses' one copy of `text` (a prompt many answers share), or NULL
 * for NULL; out of memory sets *oom. */
const char *pl_run_share(pl_run_reader *rd, const char *text, bool *oom);
void pl_run_file_clear(pl_run_file *f);
/* The ACPBench group of an lm-eval or Inspect task name ("acp_app_gen",
 * "acp_val_mcq_with_pddl", "inspect_evals/acp_land_bool", "x.py@acp_app_gen"), or NULL (owned). */
char *pl_run_group_of_task(const char *task);

/* JSON lines: native records or lm-eval samples (jsonl.c). */
pl_error_code pl_run_load_jsonl(pl_run_reader *rd, const char *text, size_t len, pl_error *err);
/* The text's first non-blank line parses as a JSON object. */
bool pl_run_first_line_is_object(const char *text, size_t len);

/* lm-eval samples (lm_eval.c): per-file state, then one record per line. */
typedef struct pl_lm_eval_file pl_lm_eval_file;
pl_lm_eval_file *pl_lm_eval_file_new(const pl_run_reader *rd);
/* The model of the samples file rd->path: its results file's model_name,
 * else from its config.model_args, else (with a warning) the directory's
 * name; NULL only when out of memory (lm_eval_model.c). */
char *pl_lm_eval_model(const pl_run_reader *rd);
void pl_lm_eval_file_free(pl_lm_eval_file *f);
/* 1 when loaded, 2 when the line repeats a doc already loaded (another
 * filter's line), 0 when skipped as bad, -1 when out of memory. */
int pl_lm_eval_record(pl_lm_eval_file *f, pl_run_reader *rd, const cJSON *rec, int line);

/* Inspect logs (inspect.c, inspect_zip.c): the samples of a log, in any
 * order; `header` is the log without its samples (status, error, results,
 * stats, eval), `finished` false while the log has no header yet (only the
 * journal's start: {eval, plan}). */
int pl_run_inspect_samples(pl_run_reader *rd, const cJSON *header, bool finished, cJSON *const *samples, int n);
pl_error_code pl_run_load_inspect_json(pl_run_reader *rd, const cJSON *log, pl_error *err);
pl_error_code pl_run_load_inspect_zip(pl_run_reader *rd, const char *data, size_t len, pl_error *err);

/* JSON documents that are not Inspect logs (json_kinds.c): an lm-eval
 * results file, an Inspect eval-set manifest (logs.json) or eval set
 * (eval-set.json) are described in the reader's file entry and hold no
 * answers (PL_OK); any other JSON value is an error naming what it is. */
pl_error_code pl_run_load_json_doc(pl_run_reader *rd, const cJSON *doc, pl_error *err);

/* Attempts of one task (eval_set.c): after the Inspect log rd->file loaded,
 * of it and an earlier log of the same task_id, task and model, the later finished
 * one is kept; the other is set aside (its answers removed, a warning says
 * so).  -1 when out of memory. */
int pl_run_settle_attempts(pl_run_reader *rd);

#endif
