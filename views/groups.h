/* Records grouped by run × task, in a stable order (model, then task); an
 * ACPBench task's formats are tasks of their own here ("reach",
 * "reach-bool", "reach-mcq": the records' `task`), so no group mixes them. */
#ifndef PL_VIEW_GROUPS_H
#define PL_VIEW_GROUPS_H

#include "views.h"

typedef struct {
    const char *model, *task; /* borrowed from the records */
    int *members;             /* record indices, ascending */
    int n;
} pl_group;

/* Groups the given records; NULL when out of memory (*ngroups = 0). */
pl_group *pl_group_records(const pl_workspace *ws, const int *records, int n, int *ngroups);
void pl_groups_free(pl_group *g, int n);

#endif
