/* planlens plan's progress on a terminal (stderr), in the manner of Fast
 * Downward's log: a line per new f-layer (GBFS: per better h) and a status
 * line, redrawn at most twice a second, with expansions, states per second
 * and the memory the search holds against its bound.  With colours off
 * (--color=never, NO_COLOR) only the layer lines, without a byte of ESC. */
#ifndef PL_PLAN_PROGRESS_H
#define PL_PLAN_PROGRESS_H

#include <stdbool.h>
#include <stdio.h>

#include "search/search.h"

typedef struct {
    FILE *out;
    bool greedy;
    size_t max_bytes;     /* the bound shown beside the memory; 0 = none */
    double start, last;   /* wall clock */
    long last_expansions;
    bool status_shown;    /* the status line is on screen */
    bool redraw;          /* the status line may be redrawn ("\r\033[K"); without
                             it (no colour: no ESC at all) only the layer lines */
} plan_progress;

/* redraw: planlens may write escape sequences (views/display_options.h). */
void plan_progress_init(plan_progress *pp, FILE *out, const pl_search_params *p, bool redraw);
/* The pl_search_params.progress callback; ctx is a plan_progress. */
void plan_progress_report(const pl_search_progress *at, void *ctx);
/* Clears the status line. */
void plan_progress_done(plan_progress *pp);

#endif
