/* planlens plan --trace FILE: each expansion of the search as one JSON
 * line (docs/PLANNER.md, "Search traces"), written through pl_atomic_open
 * so that the file appears whole when the search ends.  Hand-made JSON (the
 * front links no JSON library), every line through pl_safe_json. */
#ifndef PL_CLI_PLAN_TRACE_H
#define PL_CLI_PLAN_TRACE_H

#include <stdbool.h>

#include "base/atomic_file.h"
#include "search/search.h"

typedef struct {
    const pl_task *t;
    const char *search; /* its name, on the end line */
    pl_atomic_file file;
    long *record_of;    /* per state id: the number n of its last expansion record */
    int nrecord_of;
    char *line;         /* the line being built */
    size_t len, cap;
    bool failed;        /* out of memory or a write failed */
} plan_trace;

/* Opens the trace file; false (err set) when it cannot be created. */
bool plan_trace_open(plan_trace *tr, const pl_task *t, const char *search, const char *path, pl_error *err);
/* pl_search_params.observe and observe_end, with ctx a plan_trace. */
void plan_trace_expansion(const pl_search_expansion *e, void *ctx);
void plan_trace_end(const pl_search_end *end, void *ctx);
/* Renames the file into place (ok) or removes it; false when it is not
 * complete (err set, or out of memory). */
bool plan_trace_close(plan_trace *tr, bool ok, pl_error *err);

#endif
