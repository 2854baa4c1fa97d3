#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "plan_progress.h"

#include <stdint.h>
#include <time.h>

static double wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* "512 KB", "37.5 MB", "1.20 GB" */
static void put_bytes(FILE *out, size_t bytes)
{
    if (bytes < ((size_t)1 << 20))
        fprintf(out, "%zu KB", bytes >> 10);
    else if (bytes < ((size_t)1 << 30))
        fprintf(out, "%.1f MB", (double)bytes / (1 << 20));
    else
        fprintf(out, "%.2f GB", (double)bytes / (1 << 30));
}

void plan_progress_init(plan_progress *pp, FILE *out, const pl_search_params *p, bool redraw)
{
    *pp = (plan_progress){.out = out, .greedy = p->greedy, .max_bytes = p->max_bytes == SIZE_MAX ? 0 : p->max_bytes,
                          .redraw = redraw};
    pp->start = pp->last = wall_seconds();
}

void plan_progress_report(const pl_search_progress *at, void *ctx)
{
    plan_progress *pp = ctx;
    double now = wall_seconds();
    if (!at->new_layer && now - pp->last < 0.5)
        return;
    if (pp->redraw)
        fputs("\r\033[K", pp->out); /* the status line, if any, is redrawn below */
    if (at->new_layer) {
        fprintf(pp->out, "%s = %lld, %ld evaluated, %ld expanded, t=%.2fs, ", pp->greedy ? "h" : "f", at->f,
                at->evaluated, at->expansions, at->seconds);
        put_bytes(pp->out, at->bytes);
        fputc('\n', pp->out);
    }
    if (!pp->redraw) {
        fflush(pp->out);
        pp->last = now;
        return;
    }
    double rate = now > pp->last ? (double)(at->expansions - pp->last_expansions) / (now - pp->last) : 0;
    fprintf(pp->out, "[%.0f s] %ld expanded, %.0f states/s, %s = %lld, memory ", now - pp->start, at->expansions,
            rate, pp->greedy ? "best h" : "f-layer", at->f);
    put_bytes(pp->out, at->bytes);
    if (pp->max_bytes) {
        fputs(" of ", pp->out);
        put_bytes(pp->out, pp->max_bytes);
    }
    fflush(pp->out);
    pp->status_shown = true;
    pp->last = now;
    pp->last_expansions = at->expansions;
}

void plan_progress_done(plan_progress *pp)
{
    if (pp->status_shown)
        fputs("\r\033[K", pp->out);
    fflush(pp->out);
}
