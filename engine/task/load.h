/* One call from files (or texts) to a grounded task: domain, problem, task. */
#ifndef PL_TASK_LOAD_H
#define PL_TASK_LOAD_H

#include "task/task.h"

typedef struct {
    pl_domain *domain;
    pl_problem *problem;
    pl_task *task;
} pl_loaded_task;

/* Parses and grounds.  On failure returns the error code, fills `err`
 * (file, line, column) and leaves `out` empty. */
int pl_load_task_texts(const char *domain_text, size_t domain_len, const char *domain_name,
                       const char *problem_text, size_t problem_len, const char *problem_name,
                       pl_loaded_task *out, pl_diags *warnings, pl_error *err);
int pl_load_task_files(const char *domain_path, const char *problem_path, pl_loaded_task *out,
                       pl_diags *warnings, pl_error *err);
void pl_loaded_task_free(pl_loaded_task *lt);

#endif
