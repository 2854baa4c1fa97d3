/* The workspace's state, shared by its loading and grading files. */
#ifndef PL_WORKSPACE_INTERNAL_H
#define PL_WORKSPACE_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>

#include "workspace.h"

struct pl_workspace {
    pl_acp_questions acp;
    pl_iou_questions iou;
    pl_run_responses runs;
    char **domains;          /* per ACPBench question: the PDDL domain name */
    char **sources;          /* "path: N questions" per file opened */
    int nsources;
    pl_ws_record *records;   /* one per response that answers a known question */
    int nrecords;
    int *group_first;        /* per group: a record of it (for its model and task) */
    int ngroups;
    atomic_int graded;       /* records [0, graded) are final */
    atomic_bool stop;        /* asks the grading thread to finish early */
    pthread_t thread;
    bool thread_running;
};

/* Loads a file, or every file under a directory; 0, or -1 when out of memory. */
int ws_load_path(pl_workspace *ws, const char *path, int depth, pl_diags *warnings);

#endif
