/* Model runs over ACPBench questions, read from the files users have:
 * lm-evaluation-harness sample logs (`samples_<task>_<date>.jsonl`), Inspect
 * AI eval logs (`.json`, and the default `.eval` zip archive), and native
 * JSONL (`{"id", "group", "response", "model"?}` per line).  A bad record is
 * reported in `warnings` and skipped; the rest loads.  Files are only read. */
#ifndef PL_RUNS_H
#define PL_RUNS_H

#include <stdbool.h>

#include "acpbench/questions.h"

typedef enum { PL_RUN_NATIVE, PL_RUN_LM_EVAL, PL_RUN_INSPECT } pl_run_kind;

/* One model response to one question.
 *
 * lm-eval: id and group from the sample's `doc` (group falls back to the task
 *   in the file name, `samples_acp_app_gen_<date>.jsonl`); the response is the
 *   raw first generation resps[0][0]; the model is `model_name` of the
 *   results_<date>.json written beside the samples, else the directory name
 *   when it looks like lm-eval's sanitized model name (contains "__"), else
 *   NULL.  lm-eval writes one line per filter: a doc_id already read from the
 *   file is skipped, so the first filter's stored score is kept.
 * Inspect: the model is eval.model; the group is metadata.group, else the
 *   one named by eval.task ("acp_app_gen" → applicable_actions_gen); the id is
 *   metadata.id, else the sample id.  IBM's ACPBench Inspect tasks set no
 *   sample id, so Inspect numbers the samples 1, 2, … (dataset order): such
 *   responses are matched by context and question text (pl_acp_questions_match).
 *   Epochs after the first are counted in ngenerations, not loaded. */
typedef struct {
    char *id;             /* exact decimal text */
    char *group;          /* NULL when the file does not say (matched by id then) */
    char *model;          /* may be NULL */
    char *response;       /* the raw text the model wrote (first generation) */
    int ngenerations;     /* generations the record held (lm-eval: only the first is graded, take_first) */
    bool has_stored_score;
    double stored_score;  /* the per-sample score the run file recorded */
    char *context;        /* the question's context as the run file stored it, or NULL */
    char *question;       /* the question text as the run file stored it, or NULL */
    char *source;         /* file */
    int line;             /* 1-based line (JSONL) or sample number (Inspect) */
} pl_run_response;

typedef struct {
    pl_run_response *items;
    int count, capacity;
} pl_run_responses;

#define PL_RUN_RESPONSES_INIT {NULL, 0, 0}

/* Appends the responses of one run file; the format is detected from the
 * name and content.  Bad records are warnings and skipped. */
pl_error_code pl_run_responses_load(pl_run_responses *rs, const char *path, pl_diags *warnings, pl_error *err);
void pl_run_responses_free(pl_run_responses *rs);

/* The question a response answers: by (group, id), else by its context and
 * question text; NULL when none (or more than one) fits. */
const pl_acp_question *pl_acp_questions_match(const pl_acp_questions *qs, const pl_run_response *r);

#endif
