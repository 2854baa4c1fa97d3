/* Helpers shared by the tests: locating ../shared/data and reading JSON. */
#ifndef PL_TEST_SUPPORT_H
#define PL_TEST_SUPPORT_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "task/load.h"
#include "workspace/workspace.h"

/* Directory of the shared benchmark data, or NULL (after printing a clear
 * SKIP line naming `what`) when it is absent. */
const char *pl_test_data_dir(const char *what);
/* Joins the data dir and a relative path into a static buffer. */
const char *pl_test_data_path(const char *rel);
/* Parses a .json or .json.gz file; fails the test when unreadable. */
cJSON *pl_test_read_json(const char *path);
/* Parses a JSONL file into an array of objects. */
cJSON *pl_test_read_jsonl(const char *path);
/* Grounds a domain and problem given as texts; fails the test on error. */
void pl_test_load_texts(const char *domain, const char *problem, const char *label, pl_loaded_task *out);
/* The ACPBench question file path for a task and split (dev is plain JSON,
 * test is gzip-compressed). */
const char *pl_test_acpbench_path(const char *task, const char *split);
/* Grounds each NAME-problem.pddl of tests/pddl/ipc with its
 * NAME-domain.pddl and calls fn with it and NAME; returns how many. */
int pl_test_each_ipc_fixture(void (*fn)(const pl_task *t, const char *name, void *ctx), void *ctx);
/* Grounds each distinct problem of the ACPBench dev questions (every task)
 * and calls fn with it and a label naming its first question; returns how
 * many.  The data must be there (pl_test_data_dir). */
int pl_test_each_dev_problem(void (*fn)(const pl_task *t, const char *label, void *ctx), void *ctx);



/* The exact "id" of every record of a JSON array file, in order, as digit
 * strings (cJSON reads numbers as doubles, which round 19-digit ids).
 * Returns the count; *ids is an owned array of owned strings. */
int pl_test_raw_ids(const char *path, char ***ids);
/* The paths opened and graded to the end; NULL on failure. */
pl_workspace *pl_test_open_graded(const char *const *paths, int npaths);
/* cmocka group setup and teardown: *state is sample-runs/ opened and
 * graded (a pl_workspace *), then closed. */
/* What a shell command line writes to stdout (it redirects stderr as it
 * needs), whole, and its exit status in *status (-1: it did not exit). */
char *pl_test_shell(const char *cmd, int *status);
/* Copies the file src to dst (failing the test when it cannot): no cp(1),
 * whose own leaks valgrind would count against the test. */
void pl_test_copy_file(const char *src, const char *dst);
int pl_test_open_samples(void **state);
int pl_test_close_workspace(void **state);
#endif
