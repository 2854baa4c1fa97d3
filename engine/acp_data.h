/* ACPBench question sets and model runs, read from the files users have:
 *
 * questions: ACPBench / ACPBench-Hard files (`.json` or `.json.gz`, a JSON
 *   list of records; gen, bool and mcq).
 * runs: lm-evaluation-harness sample logs (`samples_<task>_<date>.jsonl`),
 *   Inspect AI eval logs (`.json`, and the default `.eval` zip archive), and
 *   native JSONL (`{"id", "group", "response", "model"?}` per line).
 *
 * Question ids are 19-digit integers that a double cannot hold and that are
 * not unique across tasks: every id is kept as its exact decimal text, and
 * questions are keyed by (group, id).  A bad record is reported in `warnings`
 * (file, line or record number, what was expected) and skipped; the rest
 * loads.  Files are only read. */
#ifndef PL_ACP_DATA_H
#define PL_ACP_DATA_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "pl_error.h"

/* The eight ACPBench tasks, in the official order. */
typedef enum {
    PL_ACP_APP,    /* applicable_actions */
    PL_ACP_PROG,   /* progression */
    PL_ACP_REACH,  /* reachable_atom */
    PL_ACP_AREACH, /* reachable_action */
    PL_ACP_VAL,    /* validation */
    PL_ACP_JUST,   /* action_justification */
    PL_ACP_LAND,   /* landmarks */
    PL_ACP_NEXTA,  /* goal_closer */
    PL_ACP_NTASKS
} pl_acp_task;

typedef enum { PL_ACP_GEN, PL_ACP_BOOL, PL_ACP_MCQ } pl_acp_format;

/* Short task name ("app") and group prefix ("applicable_actions"). */
const char *pl_acp_task_name(pl_acp_task t);
const char *pl_acp_task_group_prefix(pl_acp_task t);
/* "applicable_actions_gen" → APP, GEN; "…_bool" → BOOL; "…_mc" / "…_mcq" →
 * MCQ.  Returns false for a group that names no task. */
bool pl_acp_group_parse(const char *group, pl_acp_task *task, pl_acp_format *format);

typedef struct {
    char *id;            /* exact decimal text (the file may store a number or a string) */
    char *group;         /* as stored */
    pl_acp_task task;
    pl_acp_format format;
    char *context;       /* may be NULL */
    char *question;
    char *domain_pddl;   /* gen only, else NULL */
    char *problem_pddl;  /* gen only, else NULL */
    cJSON *answer;       /* owned: the stored answer, as in the file */
    cJSON *choices;      /* owned: mcq only (as stored: an object or a string), else NULL */
    char *query;         /* mcq only (may be NULL), else NULL */
    char *source;        /* file it came from */
    int record;          /* 1-based index of the record in that file */
} pl_acp_question;

typedef struct pl_acp_question_index_s pl_acp_question_index;

typedef struct {
    pl_acp_question *items;
    int count, capacity;
    pl_acp_question_index *index; /* (group, id) → item */
} pl_acp_questions;

#define PL_ACP_QUESTIONS_INIT {NULL, 0, 0, NULL}

/* Appends the questions of one file.  A record with a (group, id) already
 * loaded is a warning and skipped.  Returns PL_OK, or an error for a file
 * that cannot be read or is not a JSON list (err says where). */
pl_error_code pl_acp_questions_load(pl_acp_questions *qs, const char *path, pl_diags *warnings, pl_error *err);
/* The question with this group and id, or NULL.  Groups are compared by
 * task and format, so "…_mc" and "…_mcq" name the same questions.  With a
 * NULL group: the question with this id when exactly one has it. */
const pl_acp_question *pl_acp_questions_find(const pl_acp_questions *qs, const char *group, const char *id);
/* The question with this context and question text (NULL context = none),
 * in `group` when not NULL; NULL when none or more than one matches. */
const pl_acp_question *pl_acp_questions_find_text(const pl_acp_questions *qs, const char *group,
                                                  const char *context, const char *question);
void pl_acp_questions_free(pl_acp_questions *qs);
/* The domain name in the question's PDDL ("(define (domain NAME) ..."), as a
 * new string; "?" when there is none. */
char *pl_acp_question_domain(const pl_acp_question *q);

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

/* cJSON parse that keeps integers too long for a double exactly: every
 * integer literal of more than 15 digits becomes a JSON string holding its
 * digits.  A \u escape of a lone UTF-16 surrogate (Python writes them for
 * undecodable bytes; cJSON rejects them) reads as U+FFFD.  Text after the
 * value is an error.  Returns NULL on a syntax error, with err set (line,
 * 1-based byte column); `file` only names the text in err. */
cJSON *pl_json_parse_exact(const char *text, size_t len, const char *file, pl_error *err);

#endif
