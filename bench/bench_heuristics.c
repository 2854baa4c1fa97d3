/* How the cost of one evaluation of h_max, h_add and h_FF grows with the
 * task (issue 40 §2: linear in the task).  For each line "name domain
 * problem" on standard input (bench/ipc_task_list.sh lists the first IPC
 * problems so; a domain "-" is skipped),
 * the task is loaded and relaxed (untimed), then each heuristic evaluates
 * the initial state repeatedly for at least 0.05 s of CPU (at most 100,000
 * times).  The task's size is that of the relaxation the heuristics walk:
 * relaxed atoms + operators + their precondition and effect entries.
 *
 * Prints per task: the size, µs per evaluation for each heuristic and ns
 * per size unit; then the median, the 10th and 90th percentile and the
 * largest of ns per unit over all tasks, for the smaller and the larger
 * half of the tasks by size (linear time: about the same in both halves).
 *
 *   bench/ipc_task_list.sh DIR | build/release/bench/bench_heuristics */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search/heuristic.h"
#include "task/load.h"

enum { KINDS = 3, MAX_TASKS = 1024 };
static const pl_heuristic_kind kinds[KINDS] = {PL_H_MAX, PL_H_ADD, PL_H_FF};

typedef struct {
    double size, ns_per_unit[KINDS];
} row;

static double cpu_seconds(void)
{
    return (double)clock() / CLOCKS_PER_SEC;
}

static double relaxed_size(const pl_relaxed *r)
{
    const pl_relaxed *hr = r->negated ? r->negated : r;
    double size = hr->natoms + hr->nops;
    for (int o = 0; o < hr->nops; o++)
        size += hr->ops[o].npre + hr->ops[o].neff;
    return size;
}

/* µs per evaluation of the initial state, or -1 when it cannot be built. */
static double time_kind(const pl_task *t, const pl_relaxed *r, const int *goal, int ngoal, pl_heuristic_kind k)
{
    pl_heuristic *h = pl_heuristic_new(r, k, goal, ngoal, NULL);
    if (!h)
        return -1;
    long n = 0;
    double start = cpu_seconds(), spent = 0;
    volatile int sink = 0;
    while (spent < 0.05 && n < 100000) {
        sink += pl_heuristic_eval(h, t->init);
        n++;
        spent = cpu_seconds() - start;
    }
    (void)sink;
    pl_heuristic_free(h);
    return spent * 1e6 / (double)n;
}

static int by_size(const void *a, const void *b)
{
    double x = ((const row *)a)->size, y = ((const row *)b)->size;
    return (x > y) - (x < y);
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void summary(const char *label, const row *rows, int from, int to)
{
    int n = to - from;
    if (n <= 0)
        return;
    double *v = malloc((size_t)n * sizeof *v);
    if (!v)
        return;
    printf("%-22s tasks %3d, size %.0f to %.0f:", label, n, rows[from].size, rows[to - 1].size);
    for (int k = 0; k < KINDS; k++) {
        for (int i = 0; i < n; i++)
            v[i] = rows[from + i].ns_per_unit[k];
        qsort(v, (size_t)n, sizeof *v, by_value);
        printf("  %s median %.2f (p10 %.2f, p90 %.2f, max %.2f)", pl_heuristic_name(kinds[k]), v[n / 2],
               v[n / 10], v[(9 * n) / 10], v[n - 1]);
    }
    printf(" ns per unit\n");
    free(v);
}

int main(void)
{
    static row rows[MAX_TASKS];
    int nrows = 0;
    char name[4096], domain[4096], problem[4096];
    printf("%-40s %9s %10s %10s %10s\n", "task", "size", "h_max us", "h_add us", "h_FF us");
    while (nrows < MAX_TASKS && scanf("%4095s %4095s %4095s", name, domain, problem) == 3) {
        if (!strcmp(domain, "-"))
            continue;
        pl_loaded_task lt;
        pl_error err = PL_ERROR_INIT;
        if (pl_load_task_files(domain, problem, &lt, NULL, &err) != PL_OK) {
            pl_error_clear(&err);
            continue;
        }
        pl_relaxed *r = pl_relaxed_new(lt.task);
        int *goal = malloc(((size_t)lt.task->natoms * 2 + 1) * sizeof *goal);
        if (r && goal) {
            int ngoal = pl_relaxed_goal_atoms(r, lt.task->goal, goal);
            row *w = &rows[nrows];
            w->size = relaxed_size(r);
            double us[KINDS];
            bool ok = true;
            for (int k = 0; k < KINDS && ok; k++) {
                us[k] = time_kind(lt.task, r, goal, ngoal, kinds[k]);
                ok = us[k] >= 0;
                w->ns_per_unit[k] = us[k] * 1e3 / w->size;
            }
            if (ok) {
                printf("%-40s %9.0f %10.2f %10.2f %10.2f\n", name, w->size, us[0], us[1], us[2]);
                nrows++;
            }
        }
        free(goal);
        pl_relaxed_free(r);
        pl_loaded_task_free(&lt);
    }
    qsort(rows, (size_t)nrows, sizeof *rows, by_size);
    summary("all", rows, 0, nrows);
    summary("smaller half", rows, 0, nrows / 2);
    summary("larger half", rows, nrows / 2, nrows);
    return 0;
}
