/* Paths taken from data (a line of `validate --stream`, a PlanBench
 * instance_id, a file under --pddl-dir) joined under a root directory so
 * that they stay there: no absolute path elsewhere, no `..` above the root,
 * no symbolic link leading out (docs/RUN-FORMATS.md). */
#ifndef PL_BASE_PATH_H
#define PL_BASE_PATH_H

#include "base/error.h"

/* root/relative (relative as is when absolute) as an owned path, when it
 * names an existing file or directory inside root once every symbolic link
 * is resolved (realpath, compared on path-component boundaries).  Else NULL
 * with a PL_ERR_IO error naming `relative` and the root: outside it, or
 * cannot be opened.  A path outside by its text alone is refused before
 * the file system is asked, so nothing is learnt about files out there. */
char *pl_path_join_confined(const char *root, const char *relative, pl_error *err);

#endif
