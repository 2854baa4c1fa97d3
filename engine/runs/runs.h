/* Model runs over ACPBench questions, read from the files users have:
 * lm-evaluation-harness sample logs (`samples_<task>_<date>.jsonl`), Inspect
 * AI eval logs (`.json`, and the default `.eval` zip archive), and native
 * JSONL (`{"id", "group", "response", "model"?}` per line).  A bad record is
 * reported in `warnings` and skipped; the rest loads.  Files are only read. */
#ifndef PL_RUNS_RUNS_H
#define PL_RUNS_RUNS_H

#include <stdbool.h>

#include "acpbench/questions.h"

typedef enum { PL_RUN_NATIVE, PL_RUN_LM_EVAL, PL_RUN_INSPECT } pl_run_kind;

/* One model answer to one question (one epoch of one sample).
 *
 * lm-eval: id and group from the sample's `doc` (group falls back to the task
 *   in the file name, `samples_acp_app_gen_<date>.jsonl`); sample_id is the
 *   doc_id.  Each generation of resps[0] is a repeat, loaded as epoch 1, 2, …
 *   with its score from `scores_per_repeat` (else the doc's metric, for the
 *   first).  The model is `model_name` of the results file written with the
 *   samples (results_<date>.json, or X_<date>.json for --output_path X.json),
 *   else the first of peft, delta, pretrained, model, path, engine in its
 *   config.model_args, else the name of the samples' directory (a warning says
 *   so).  lm-eval writes one line per filter: a doc_id already read from the
 *   file is skipped, so the first filter's stored score is kept.
 * Inspect: every epoch of every sample (the last copy of a re-logged member of
 *   an .eval archive).  The model is eval.model; the group is metadata.group,
 *   else the one named by eval.task ("acp_app_gen" → applicable_actions_gen);
 *   the id is metadata.id, else the sample id; sample_id is the sample id.
 *   IBM's ACPBench Inspect tasks set no sample id, so Inspect numbers the
 *   samples 1, 2, … (dataset order): such answers are matched to questions by
 *   context and question text (pl_acp_questions_match).  A sample whose
 *   `error` is set and whose model call failed (no output choice) has no
 *   answer: `error` holds its message and `response` is empty (Inspect
 *   leaves such samples out of its metrics).  When the model did answer,
 *   even with an empty completion, the error is its scorer's: the answer is
 *   graded (an empty one is wrong) and `scorer_error` holds the message. */
typedef struct {
    char *id;             /* exact decimal text */
    char *sample_id;      /* the sample's own id in the file (Inspect id, lm-eval doc_id), or NULL */
    char *group;          /* NULL when the file does not say (matched by id then) */
    char *model;          /* NULL when the file names none (until pl_run_responses_name_runs) */
    char *response;       /* the raw text the model wrote ("" when error is set) */
    int epoch;            /* 1-based: Inspect's epoch, lm-eval's repeat; 1 otherwise */
    int nth;              /* without a sample id: 1-based, which answer of its run to this question
                           * it is in load order (pl_run_responses_name_runs); else 0 */
    char *error;          /* why the sample has no answer (Inspect's sample error), or NULL */
    bool has_stored_score;
    double stored_score;  /* the per-answer score the run file recorded */
    char *context;        /* the question's context as the run file stored it, or NULL */
    char *question;       /* the question text as the run file stored it, or NULL */
    char *source;         /* file */
    int line;             /* 1-based line (JSONL) or sample number (Inspect) */
    int file;             /* index into pl_run_responses.files */
    char *scorer_error;   /* Inspect: the model answered (maybe "") but its scorer raised (the
                           * log's error message); the answer is graded all the same */
    char *stored_scorer;  /* the scorer whose value is stored_score, or NULL */
    char *other_scores;   /* the other scorers' values ("includes: C"), or NULL */
    /* The text around the answer, for a curator to check the extraction: */
    const char *prompt;   /* what the model was given (lm-eval's arguments, Inspect's input messages,
                           * PlanBench's query), or NULL; shared: one copy per distinct prompt
                           * (pl_run_responses.texts), never freed with the response */
    char *filtered;       /* lm-eval: filtered_resps for this repeat (the answer its filter
                           * extracted), or NULL */
    char *reasoning;      /* Inspect: the assistant message's reasoning parts, or NULL */
    const char *raw;      /* the model's own words when `response` was extracted from them
                           * (PlanBench's llm_raw_response; borrowed from the case), else NULL:
                           * `response` is then the raw text */
} pl_run_response;

/* What one file loaded was.  For Inspect logs, its header: the run's status
 * and error, its epochs reducer and scorers, and which attempt of its task
 * it is (engine/runs/eval_set.c). */
typedef struct {
    char *source;
    int name_at;          /* how far up its path a run without a model may be named: the start of
                           * the folder it was found under (0: the whole path as given) */
    const char *kind;     /* "Inspect log", "Inspect eval-set manifest", ... (static) */
    char *about;          /* a file without answers: what it holds, or NULL */
    char *task_id, *task, *model; /* Inspect: eval.task_id, eval.task, eval.model */
    char *status;         /* Inspect: "success", "started" (no header yet), "cancelled", "error"; else NULL */
    char *error;          /* the log's error message, or NULL */
    char *started_at;     /* stats.started_at, else eval.created: orders attempts */
    char *reducer;        /* eval.config.epochs_reducer[0], or NULL (Inspect's default: mean) */
    char *scorers;        /* the scorers' names, ", "-separated, or NULL */
    int samples;          /* samples (× epochs) in the file */
    int planned;          /* samples × epochs the eval planned, 0 when unknown */
    int superseded_by;    /* the later attempt of the same task and model that replaces it, or -1 */
    int set_aside;        /* its answers, not counted once superseded */
    int warning;          /* index of its "run still in progress" warning, or -1 */
} pl_run_file;

typedef struct {
    pl_run_response *items;
    int count, capacity;
    int summaries; /* run summaries read (lm-eval results files): they hold no answers */
    pl_run_file *files;
    int nfiles;
    struct pl_text_pool *texts; /* the prompts, each distinct one once (runs/text_pool.h) */
} pl_run_responses;

#define PL_RUN_RESPONSES_INIT {NULL, 0, 0, 0, NULL, 0, NULL}

/* Appends the responses of one run file; the format is detected from the
 * name and content.  Bad records are warnings and skipped; so is an empty
 * samples file.  An lm-eval results file (results_<date>.json, X_<date>.json)
 * is the summary of a run: it adds no responses and counts in `summaries`.
 * A file that fails to load adds nothing: an empty rs stays empty, with
 * nothing to free. */
pl_error_code pl_run_responses_load(pl_run_responses *rs, const char *path, pl_diags *warnings, pl_error *err);
void pl_run_responses_free(pl_run_responses *rs);
/* Names the run of every file whose answers name no model (a native JSONL
 * without "model"): its file name, and where two such files share it, as
 * many folders of their paths as tell them apart ("a/responses.jsonl",
 * "b/responses.jsonl"), never above `name_at` — so the name is the same
 * however the folder was given, and `grade` on the same files names them
 * as the explorer does.  Each answer's `model` is set to the name; files
 * without a model that share a file name (one run before) are a warning
 * each.  0, or -1 when out of memory. */
int pl_run_responses_name_runs(pl_run_responses *rs, pl_diags *warnings);
/* What names the answer among its run's answers to its question in an
 * answer key (runs/answer_key.h): its sample id, else "#N" (its `nth`), so
 * that the twelve answers of a native JSONL run to one question are twelve
 * keys.  Returns buf or the sample id. */
const char *pl_run_response_sample(const pl_run_response *r, char *buf, size_t size);
/* The file the response came from. */
const pl_run_file *pl_run_response_file(const pl_run_responses *rs, const pl_run_response *r);
/* "cancelled: 7 of 10 samples", "error: <the log's message>", "still running:
 * 4 of 10 samples", or NULL when the run finished (or the format does not
 * say).  A new string. */
char *pl_run_file_status(const pl_run_file *f);

/* The question a response answers: by (group, id), else by its context and
 * question text; NULL when none (or more than one) fits. */
const pl_acp_question *pl_acp_questions_match(const pl_acp_questions *qs, const pl_run_response *r);

#endif
