/* planlens plan DOMAIN PROBLEM [--search S] [--time-limit SEC]
 *               [--memory-limit SIZE] [--trace FILE] [--quiet] [--json];
 * the JSON by plan_json.c, the trace by plan_trace.c */
#define _POSIX_C_SOURCE 200809L /* isatty */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "plan_limits.h"
#include "plan_progress.h"
#include "plan_trace.h"
#include "state_output.h"
#include "display_options.h"

static const struct {
    const char *name;
    pl_heuristic_kind heuristic;
    bool greedy, lazy, landmarks;
} searches[] = {
    {"astar-lmcut", PL_H_LMCUT, false, false, false},
    {"astar-hmax", PL_H_MAX, false, false, false},
    {"astar-blind", PL_H_BLIND, false, false, false},
    {"sat", PL_H_FF, true, true, true},         /* LAMA's first iteration (engine/search/lazy.h) */
    {"lazy-ff", PL_H_FF, true, true, false},    /* the same without landmarks */
    {"gbfs-ff", PL_H_FF, true, false, false},
    {"gbfs-add", PL_H_ADD, true, false, false},
};

/* Is `path` the same file as `input` (a trace written over the task)? */
static bool same_file(const char *path, const char *input)
{
    struct stat a, b;
    return stat(path, &a) == 0 && stat(input, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* The search with its trace written to `path` when given; false when the
 * trace could not be written whole (said on stderr). */
static bool traced_search(const pl_task *t, const pl_relaxed *r, pl_search_params *p, const char *search,
                          const char *path, pl_search_result *res)
{
    if (!path) {
        pl_search(t, r, p, res);
        return true;
    }
    plan_trace tr;
    pl_error err = PL_ERROR_INIT;
    if (!plan_trace_open(&tr, t, search, path, &err)) {
        cli_print_error(&err);
        pl_error_clear(&err);
        return false;
    }
    p->observe = plan_trace_expansion;
    p->observe_end = plan_trace_end;
    p->observe_ctx = &tr;
    pl_search(t, r, p, res);
    if (plan_trace_close(&tr, true, &err))
        return true;
    if (err.code != PL_OK)
        cli_print_error(&err);
    else
        fprintf(stderr, "planlens: plan: %s: out of memory while writing the trace\n", cli_text(path));
    pl_error_clear(&err);
    return false;
}

int cli_plan(int argc, char **argv, cli_plan_json json_out)
{
    const char *pos[2];
    int npos = 0;
    bool json = false, quiet = false, color = pl_color_default(), memory_given = false;
    pl_search_params p = pl_search_defaults();
    const char *search_name = "astar-lmcut", *trace = NULL;
    for (int i = 0; i < argc; i++) {
        int flag = cli_output_flag("plan", argc, argv, &i, &json);
        if (flag < 0)
            return PL_EXIT_USAGE;
        if (flag) {
            continue;
        } else if (!strcmp(argv[i], "--search") && i + 1 < argc) {
            search_name = argv[++i];
            size_t k, n = sizeof searches / sizeof searches[0];
            for (k = 0; k < n && strcmp(searches[k].name, search_name); k++)
                ;
            if (k == n)
                return cli_usage_error("plan", "unknown search '%s' (astar-lmcut, astar-hmax, astar-blind, sat, "
                                               "lazy-ff, gbfs-ff, gbfs-add)", search_name);
            p.heuristic = searches[k].heuristic;
            p.greedy = searches[k].greedy;
            p.lazy = searches[k].lazy;
            p.landmarks = searches[k].landmarks;
        } else if (!strcmp(argv[i], "--time-limit") && i + 1 < argc) {
            char *end;
            p.max_seconds = strtod(argv[++i], &end);
            if (*end || p.max_seconds <= 0)
                return cli_usage_error("plan", "--time-limit expects a positive number of seconds");
        } else if (!strcmp(argv[i], "--memory-limit") && i + 1 < argc) {
            if (!cli_parse_memory_size(argv[++i], &p.max_bytes))
                return cli_usage_error("plan", "--memory-limit expects a size such as 512M, 4G or none");
            memory_given = true;
        } else if (!strcmp(argv[i], "--trace") && i + 1 < argc) {
            trace = argv[++i];
        } else if (pl_display_option(argv[i], &color, NULL)) {
            continue;
        } else if (!strcmp(argv[i], "--quiet")) {
            quiet = true;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return cli_usage_error("plan", "unknown or incomplete option '%s'", argv[i]);
        } else if (npos < 2) {
            pos[npos++] = argv[i];
        } else {
            return cli_usage_error("plan", "unexpected argument '%s'", argv[i]);
        }
    }
    if (npos < 2)
        return cli_usage_error("plan", "expected DOMAIN PROBLEM");
    if (trace && p.lazy)
        return cli_usage_error("plan", "--trace replays A* and greedy best-first search (astar-*, gbfs-*), not %s",
                               search_name);
    if (trace && (same_file(trace, pos[0]) || same_file(trace, pos[1])))
        return cli_usage_error("plan", "--trace %s would overwrite the task", trace);
    if (!plan_limits_start(p.max_seconds, memory_given ? p.max_bytes : 0, json && json_out, search_name)) {
        perror("planlens: plan: cannot set the limits");
        return PL_EXIT_INPUT;
    }
    pl_loaded_task lt;
    if (!cli_load_task(pos[0], pos[1], &lt))
        return PL_EXIT_INPUT;
    const pl_task *t = lt.task;
    pl_relaxed *r = pl_relaxed_new(t);
    pl_search_result res = {0};
    bool traced = true; /* the trace (when asked) written whole */
    if (r) {
        /* what reading and grounding left of the limits */
        p.max_seconds = plan_limits_search_seconds();
        p.max_bytes = plan_limits_search_bytes(p.max_bytes);
        plan_progress progress;
        if (!quiet && isatty(STDERR_FILENO)) {
            plan_progress_init(&progress, stderr, &p, color);
            p.progress = plan_progress_report;
            p.progress_ctx = &progress;
        }
        traced = traced_search(t, r, &p, search_name, trace, &res);
        if (p.progress)
            plan_progress_done(&progress);
    } else {
        res.status = PL_SEARCH_ERROR;
    }
    if (!traced) {
        pl_search_result_clear(&res);
        pl_relaxed_free(r);
        pl_loaded_task_free(&lt);
        return PL_EXIT_INPUT;
    }
    if (res.status == PL_SEARCH_ERROR && r && !r->integral_costs) {
        fprintf(stderr, "planlens: plan: action costs must be non-negative integers for search\n");
    } else if (res.status == PL_SEARCH_ERROR && memory_given) {
        /* out of memory under --memory-limit: the address space is bounded */
        res.status = PL_SEARCH_LIMIT;
        res.limit = "memory";
    } else if (res.status == PL_SEARCH_ERROR) {
        fprintf(stderr, "planlens: plan: out of memory\n");
    }
    const char *cost_kind = t->has_costs ? "general cost" : "unit cost";
    if (json && json_out)
        json_out(t, search_name, &p, &res);
    else if (res.status == PL_SEARCH_SOLVED) {
        for (int i = 0; i < res.plan_length; i++)
            puts(cli_text(t->actions[res.plan[i]].name));
        printf("; cost = %lld (%s)\n", res.cost, cost_kind);
    } else if (res.status == PL_SEARCH_UNSOLVABLE) {
        printf("; unsolvable: no plan exists (proved by exhausting %ld states)\n", res.evaluated);
    } else if (res.status == PL_SEARCH_LIMIT) {
        printf("; unknown: %s limit reached after %ld expansions\n", res.limit, res.expansions);
    }
    int rc = res.status == PL_SEARCH_SOLVED ? PL_EXIT_OK
             : res.status == PL_SEARCH_ERROR ? PL_EXIT_INPUT : PL_EXIT_INVALID;
    pl_search_result_clear(&res);
    pl_relaxed_free(r);
    pl_loaded_task_free(&lt);
    return rc;
}
