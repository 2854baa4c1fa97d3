/* What the explorer shows: every question set and model run found under the
 * paths a user opened, one record per response, graded in the background.
 *
 * Formats are detected per file: ACPBench question lists (.json, .json.gz),
 * planlens-iou/1 question sets (.jsonl), runs (native JSONL, lm-eval
 * samples, Inspect .json/.eval).  Directories are searched recursively
 * (hidden entries and PDDL files are skipped).  A file that does not load is
 * a warning; the rest opens.
 *
 * pl_workspace_open_async returns at once: one background thread loads the
 * files, then grades the records in order.  The UI thread polls
 * pl_workspace_progress and reads records [0, pl_workspace_graded()) at any
 * moment without locks (the counts are published with release/acquire
 * ordering), so partial results appear as they come and the screen never
 * waits. */
#ifndef PL_WORKSPACE_WORKSPACE_H
#define PL_WORKSPACE_WORKSPACE_H

#include <stdbool.h>

#include "acpbench/grade.h"
#include "iou/verdict.h"
#include "quality/inputs.h"
#include "runs/runs.h"

/* Per-action labels of the plan-quality paper, counted in its order:
 * correct, misplaced, same_act, diff_act, redundant (pl_qlabel - 1). */
#define PL_WS_LABELS 5

typedef struct {
    const pl_run_response *resp;
    const pl_acp_question *acp;    /* the ACPBench question answered, or NULL */
    const pl_iou_question *iou;    /* the IoU question answered, or NULL */
    const pl_quality_case *pcase;  /* a plan-quality case (task "plan-quality", PlanBench's
                                    * "planbench-t1" / "planbench-t2"), or NULL */
    const char *model;             /* the run's model, else its path from the folder opened
                                    * (pl_run_responses_name_runs) */
    const char *task;              /* "app", ..., "applicability", ...; an ACPBench bool or MCQ
                                    * question's with its format: "reach-bool", "reach-mcq" */
    const char *domain;            /* from the PDDL; "?" when unknown */
    const char *id;                /* the question's id (Inspect's sample number stays in resp->sample_id) */
    int epoch;                     /* the answer's epoch (Inspect) or repeat (lm-eval); 1 otherwise */
    const char *pair_id;           /* a plan-quality case: what pairs it with other models' plans
                                    * (domain/prompt/instance: its id names the model); else NULL */
    int group;                     /* run × task (an ACPBench task × format: `task`): index into
                                    * pl_workspace_group_* (ordered by model, task) */
    /* filled by grading: */
    bool graded;
    int score;                     /* official (ACPBench) or binary success (IoU) */
    int sound_score;               /* = score for IoU questions */
    bool has_value;
    double value;                  /* IoU, or action distance for plans */
    bool is_distance;
    bool parse_failed;
    int case_lea;                  /* plan-quality case: actions executed before the first failure
                                    * (its value: the action distance to the ground truth) */
    /* a plan-quality case with a ground truth, through the pipeline of
     * `planlens quality` (engine/quality/pipeline.h; false when WordNet is
     * missing): */
    bool has_quality;
    double final_score;            /* unnormalised: -1, or from 0 (4: a valid plan of the GT's length) */
    double quality_curr, quality_potential; /* its parts: final = (curr + potential) / 2 unless curr < 0 */
    bool quality_valid;            /* the validity the score was computed with (the case's llm_correct, else VAL's) */
    int quality_lea;               /* LEA as the official code counts it (case_lea: the true LEA) */
    int aqm[PL_WS_LABELS], np_aqm[PL_WS_LABELS]; /* label counts of π0, AQM and NP-AQM */
    unsigned char *aqm_at, *np_aqm_at; /* π0's label per action (pcase->nllm, pl_qlabel values):
                                    * where in the plan each label falls; owned */
    /* the other official grader: the scorers of ACPBench's own Inspect tasks
     * (acpbench/inspect_grade.h), for ACPBench answers */
    bool has_inspect;
    int inspect_score;             /* 0 or 1; -1 when that scorer raises (Inspect's score: null) */
    const char *official_rule;     /* why the Inspect and lm-eval verdicts differ ("app-target-string",
                                    * docs/GRADERS.md; static), or NULL when they agree */
    pl_acp_verdict acp_v;          /* details of an ACPBench verdict */
    pl_iou_verdict iou_v;          /* details of an IoU verdict */
    pl_failure case_failure;       /* a plan-quality case: why its plan is not valid (see pl_ws_record_failure) */
    char *error;                   /* why there is no verdict, or NULL (resp->error: the sample has no answer) */
    /* the curator's annotations from the review journal (workspace/journal.h), set by the UI thread: */
    bool flagged;
    char *note;                    /* owned; NULL when none */
} pl_ws_record;

/* Why the record's sound verdict is 0: the failure of its ACPBench, IoU or
 * plan-quality verdict (kind PL_FAIL_NONE when right, ungraded or without
 * a verdict). */
const pl_failure *pl_ws_record_failure(const pl_ws_record *r);

typedef struct pl_workspace pl_workspace;

/* Loads everything under the paths now (no grading yet).  NULL only when
 * out of memory; unreadable or unknown files become warnings. */
pl_workspace *pl_workspace_open(const char *const *paths, int npaths, pl_diags *warnings);
/* Finds the files under the paths now, then loads and grades them on a
 * background thread; returns at once.  NULL only when out of memory. */
pl_workspace *pl_workspace_open_async(const char *const *paths, int npaths);
/* Starts grading on a background thread (after pl_workspace_open).  Returns
 * 0, or -1 when the thread cannot start (then grading runs to completion in
 * this call). */
int pl_workspace_grade_start(pl_workspace *ws);
/* Grades every record and returns when all are graded (batch commands). */
void pl_workspace_grade_all(pl_workspace *ws);

typedef struct {
    bool loaded;            /* the records exist (pl_workspace_count > 0 only from then on) */
    int files_done, files;  /* files loaded so far, files found */
    const char *file;       /* the file being loaded, or NULL */
    int graded, count;      /* records graded so far, records in all */
} pl_ws_progress;
void pl_workspace_progress(const pl_workspace *ws, pl_ws_progress *out);
/* What went wrong while finding and loading files (bad records skipped,
 * files not opened); complete once loaded. */
const pl_diags *pl_workspace_warnings(const pl_workspace *ws);

/* Records graded so far (monotonic) and in all (0 until loaded). */
int pl_workspace_graded(const pl_workspace *ws);
int pl_workspace_count(const pl_workspace *ws);
/* Record i; valid for i < pl_workspace_count, graded fields only for
 * i < pl_workspace_graded. */
const pl_ws_record *pl_workspace_record(const pl_workspace *ws, int i);
/* Runs × tasks, ordered by model then task; an ACPBench task's gen, bool and
 * MCQ answers are three groups (their records' `task`: "reach",
 * "reach-bool", "reach-mcq", as `grade`'s table names them). */
int pl_workspace_ngroups(const pl_workspace *ws);
const char *pl_workspace_group_model(const pl_workspace *ws, int group);
const char *pl_workspace_group_task(const pl_workspace *ws, int group);

/* The verdicts of some records summed up (a run × task, or any selection).
 * Accuracy is reduced as Inspect reduces epochs (runs/epochs.h): each
 * sample's scores are averaged over its graded epochs (repeats), then the
 * sample means are averaged; a file without epochs gets the mean over its
 * answers, as the official evaluate_gen.py reports it.  Errored samples
 * count in neither. */
typedef struct {
    int answers;          /* records given */
    int graded;           /* of them graded so far; the counts below are over these */
    int official, sound;  /* answers right by the official and by the sound verdict */
    int questions;        /* samples with a graded answer (questions, when each is answered once) */
    double accuracy, sound_accuracy; /* reduced over epochs, in [0, 1] (0 when no question) */
    int epochs;           /* the most epochs (repeats) any answer came from */
    int sample_errors;    /* errored samples (no answer) */
    int parse_failed;
    int errors;           /* no verdict (the question's PDDL did not load, ...) */
    int sound_differs;    /* official verdict != sound verdict */
    int stored;           /* the run stored its own score */
    int stored_differs;   /* ... and it differs from the official verdict */
    int nvalues;          /* with an IoU or action distance */
    double value_mean;
    bool is_distance;     /* the values are action distances */
    int scorer_failures;  /* graded answers whose log's scorer failed (resp->scorer_error) */
    int acpbench;         /* graded ACPBench answers (the ones both official graders score) */
    int inspect;          /* ... of them with the Inspect grader's verdict (has_inspect) */
    int inspect_differs;  /* ... where it differs from lm-eval's (official_rule set) */
    bool partial;         /* a run of them did not finish (cancelled, error, still running):
                           * the accuracy covers the samples it has */
} pl_ws_aggregate;
void pl_workspace_aggregate(const pl_workspace *ws, const int *records, int n, pl_ws_aggregate *out);

/* How a run × task's log ended when it did not finish ("cancelled: 7 of 10
 * samples", "error: <the log's message>", "still running: 4 of 10
 * samples"): a new string, or NULL when it finished (or the format does
 * not say). */
char *pl_workspace_group_status(const pl_workspace *ws, int group);
/* The epochs reducer a run × task's accuracy uses: the one set with
 * pl_workspace_set_reducer, else the one its log declares
 * (eval.config.epochs_reducer), else "mean". */
const char *pl_workspace_group_reducer(const pl_workspace *ws, int group);
/* Reduces every run's epochs with `name` ("mean", "median", "mode", "max",
 * "at_least_<k>", "pass_at_<k>"), or NULL for each log's own.  -1 when the
 * name is unknown.  Call from the thread that reads the records. */
int pl_workspace_set_reducer(pl_workspace *ws, const char *name);
/* The run files loaded, with each one's status, reducer, scorers and, for
 * an attempt set aside, the later attempt that replaced it (runs.h). */
int pl_workspace_nrun_files(const pl_workspace *ws);
const pl_run_file *pl_workspace_run_file(const pl_workspace *ws, int i);

/* The answer key of record i and the key of its question (runs/answer_key.h;
 * new strings, NULL when out of memory): what the review journal files
 * notes under and `grade` prints as `key`. */
char *pl_workspace_answer_key(const pl_workspace *ws, int i);
char *pl_workspace_question_key(const pl_workspace *ws, int i);
/* Copies a flag and note onto record i (note NULL or "": none).  Returns 0
 * or -1 when out of memory.  Call from the thread that reads the records. */
int pl_workspace_annotate(pl_workspace *ws, int i, bool flagged, const char *note);

/* The ACPBench questions loaded (valid once loaded; read-only, shared with
 * the grading thread). */
const pl_acp_questions *pl_workspace_acp_questions(const pl_workspace *ws);

/* The ACPBench and IoU questions loaded (0 until loaded). */
int pl_workspace_nquestions(const pl_workspace *ws);
/* Files and how many questions / responses each held ("runs/m1.jsonl: 40 responses"). */
int pl_workspace_nsources(const pl_workspace *ws);
const char *pl_workspace_source(const pl_workspace *ws, int i);
/* Stops grading (if running) and frees everything. */
void pl_workspace_close(pl_workspace *ws);

#endif
