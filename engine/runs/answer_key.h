/* The stable names of an answer and of a question, shared by `grade`'s
 * output (`key`), the review journal (workspace/journal.h) and the explorer,
 * so that a note written in one finds its answer in the others however the
 * data was opened (a path never enters a key).
 *
 * Answer key:   RUN|GROUP|ID|SAMPLE|EPOCH   e.g. gpt-4o|app_gen|-86823...|12|1
 * Question key: GROUP|ID                    e.g. reach_mcq|374220601309851534
 *   RUN     the run's model, else what names the run (its file name);
 *   GROUP   TASK_FORMAT for ACPBench ("app_gen", "land_bool", "reach_mcq":
 *           "…_mc" and "…_mcq" are one group), else the task ("applicability");
 *   ID      the question's id, as stored (exact decimal text);
 *   SAMPLE  the sample's own id in its file (Inspect id, lm-eval doc_id), else
 *           "#N": the run's Nth answer to the question in load order
 *           (pl_run_response_sample), "-" when not numbered;
 *   EPOCH   the answer's epoch or repeat, 1 when the format has none.
 * A '|' or '\' inside a field is written "\|" or "\\". */
#ifndef PL_RUNS_ANSWER_KEY_H
#define PL_RUNS_ANSWER_KEY_H

#include "acpbench/questions.h"

/* "app_gen": the group of a question of an ACPBench task and format. */
const char *pl_acp_group_name(pl_acp_task task, pl_acp_format format);
/* New strings (NULL when out of memory).  group: pl_acp_group_name's, or the
 * task; sample_id NULL or "": "-". */
char *pl_answer_key(const char *run, const char *group, const char *id, const char *sample_id, int epoch);
char *pl_question_key(const char *group, const char *id);
/* The question key of an answer key (a new string), or NULL when `key` is
 * not an answer key. */
char *pl_answer_key_question(const char *key);

#endif
