/* The workspace's state, shared by its loading and grading files. */
#ifndef PL_WORKSPACE_INTERNAL_H
#define PL_WORKSPACE_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>

#include "quality/inputs.h"
#include "runs/epochs.h"
#include "quality/name_similarity.h"
#include "workspace/workspace.h"

struct pl_workspace {
    pl_acp_questions acp;
    pl_iou_questions iou;
    pl_run_responses runs;
    pl_quality_cases cases;      /* plan-quality cases (engine/workspace/cases.c) */
    const char **case_sources;   /* per case: its file (borrowed from files) */
    pl_run_response *case_resps; /* per case: the LLM plan as a response */
    char **case_keys;            /* per case: what pairs it with other models' plans (pair_id) */
    const char **verdict_files; /* reference verdicts beside a run (borrowed from files) */
    int nverdict_files;
    char **files;            /* the files found under the paths, in load order (fixed once found) */
    int nfiles;
    int *file_name_at;       /* per file: where its path from the path opened starts (a file
                              * opened by itself: its name), which names a run without a model */
    pl_diags warnings;       /* gathered while finding and loading (read after `loaded`) */
    char **domains;          /* per ACPBench question: the PDDL domain name */
    char **sources;          /* "path: N questions" per file opened */
    int nsources;
    pl_ws_record *records;   /* one per response that answers a known question */
    int nrecords;
    int *group_first;        /* per group: a record of it (for its model and task) */
    int ngroups;
    atomic_int files_done;   /* files [0, files_done) are loaded */
    atomic_bool loaded;      /* records and groups are built (release/acquire) */
    atomic_int graded;       /* records [0, graded) are final */
    atomic_bool *done;       /* per record: graded (the workers finish out of order) */
    pthread_mutex_t graded_lock; /* moving `graded` forward */
    atomic_bool stop;        /* asks the background thread to finish early */
    bool has_reducer;        /* reducer replaces each log's own (pl_workspace_set_reducer) */
    pl_epoch_reducer reducer;
    char reducer_name[32];
    pthread_t thread;
    bool thread_running;
};

/* Adds `path` (a file of a known extension, or every such file under a
 * directory, in name order) to ws->files; 0, or -1 when out of memory. */
int ws_find_files(pl_workspace *ws, const char *path, int depth);
/* Loads one found file by its detected format; 0, or -1 when out of memory. */
int ws_load_file(pl_workspace *ws, const char *path);

/* Rewrites the source line of every run file set aside for a later
 * attempt of its task ("superseded attempt, set aside for …"); 0 or -1. */
int ws_note_superseded(pl_workspace *ws);

/* The first line of a (gzip or plain) file, at most 64 KiB of it (owned), or NULL. */
char *ws_first_line(const char *path);

/* Reference verdicts (verdicts.c): a JSONL file whose first record has a
 * numeric `score` and no response; held until the runs are loaded, then
 * applied as the stored scores of the run beside it. */
bool ws_is_verdict_file(const char *path);
int ws_add_verdict_file(pl_workspace *ws, const char *path);
/* 0, or -1 when out of memory; mismatches are warnings. */
int ws_apply_verdicts(pl_workspace *ws);
/* Fills has_inspect, inspect_score and official_rule of a graded ACPBench record (verdicts.c). */
void ws_inspect_verdict(pl_ws_record *rec);

/* Plan-quality cases (cases.c). */
bool ws_is_case_file(const char *path);
/* The responses of the cases loaded; 0, or -1 when out of memory. */
int ws_case_responses(pl_workspace *ws);
void ws_case_responses_free(pl_workspace *ws);
/* The record task of a case: "planbench-t1" for PlanBench's
 * task_1_plan_generation (t2: task_2_plan_optimality, whose stored verdict
 * means valid and optimal), another benchmark task as named, else
 * "plan-quality". */
const char *ws_case_task(const pl_quality_case *c);
/* What grading cases keeps between them on one worker: the name similarity
 * (its memo is not shared between threads). */
typedef struct {
    pl_name_sim *sim;
    bool tried;
} ws_case_grader;
void ws_case_grader_clear(ws_case_grader *g);
/* Simulates the case's LLM plan: score = valid, case_lea; with a ground
 * truth also the action distance and the plan-quality values; or error. */
void ws_grade_case(ws_case_grader *g, pl_ws_record *rec);

#endif
