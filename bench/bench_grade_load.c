/* Grading benchmark on a whole question set: the ACPBench-Hard test
 * questions with a load of model answers (bench/acp_load.sh writes one).
 *
 * All question and run files are read first (not timed).  Responses are
 * matched to their questions and graded question by question in one thread
 * with one grader, as `planlens grade --jobs 1` does: each question's
 * responses in input order, then pl_acp_grader_forget.  A question's time is
 * the CPU time of its thread (CLOCK_THREAD_CPUTIME_ID) over grading all its
 * responses, the task load included.  Printed: the total, per task
 * (questions, responses, CPU s, slowest question), and the --slowest N
 * slowest questions with their domain.
 *
 * Usage: bench_grade_load --mode official|both [--slowest N]
 *                         --questions FILE... --responses FILE... */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acpbench/questions.h"
#include "runs/runs.h"
#include "acpbench/grade.h"

static double thread_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

typedef struct {
    const pl_acp_question *q;
    int first, count; /* range in the sorted response order */
    double seconds;
} question_time;

typedef struct {
    const pl_acp_question *q;
    int index;
} keyed;

static int cmp_keyed(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    if (x->q != y->q)
        return x->q < y->q ? -1 : 1;
    return (x->index > y->index) - (x->index < y->index);
}

static int cmp_time_desc(const void *a, const void *b)
{
    const question_time *x = a, *y = b;
    return (x->seconds < y->seconds) - (x->seconds > y->seconds);
}

static int usage(void)
{
    fprintf(stderr, "usage: bench_grade_load --mode official|both [--slowest N] --questions FILE... "
                    "--responses FILE...\n");
    return 2;
}

int main(int argc, char **argv)
{
    bool sound = true;
    int slowest = 10;
    pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    int list = 0; /* 1 questions, 2 responses */
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--mode") && i + 1 < argc) {
            sound = strcmp(argv[++i], "official") != 0;
        } else if (!strcmp(argv[i], "--slowest") && i + 1 < argc) {
            slowest = atoi(argv[++i]);
        } else if (!strcmp(argv[i], "--questions")) {
            list = 1;
        } else if (!strcmp(argv[i], "--responses")) {
            list = 2;
        } else if (list == 1) {
            if (pl_acp_questions_load(&qs, argv[i], &warnings, &err) != PL_OK)
                break;
        } else if (list == 2) {
            if (pl_run_responses_load(&rs, argv[i], &warnings, &err) != PL_OK)
                break;
        } else {
            return usage();
        }
    }
    if (err.message) {
        char *m = pl_error_format(&err);
        fprintf(stderr, "bench_grade_load: %s\n", m ? m : "error");
        free(m);
        return 1;
    }
    if (!qs.count || !rs.count) {
        printf("SKIP: no questions or no responses\n");
        return 0;
    }
    keyed *order = calloc((size_t)rs.count, sizeof *order);
    question_time *times = calloc((size_t)rs.count, sizeof *times);
    if (!order || !times)
        return 1;
    int n = 0, unmatched = 0;
    for (int i = 0; i < rs.count; i++) {
        const pl_acp_question *q = pl_acp_questions_match(&qs, &rs.items[i]);
        if (q)
            order[n++] = (keyed){q, i};
        else
            unmatched++;
    }
    qsort(order, (size_t)n, sizeof *order, cmp_keyed);
    pl_acp_grade_options opts = pl_acp_grade_default_options();
    opts.sound = sound;
    pl_acp_grader *g = pl_acp_grader_new(&opts);
    int nq = 0;
    double total = 0;
    for (int k = 0; k < n;) {
        question_time *qt = &times[nq++];
        qt->q = order[k].q;
        qt->first = k;
        double start = thread_cpu();
        for (; k < n && order[k].q == qt->q; k++) {
            pl_acp_verdict v;
            pl_error e = PL_ERROR_INIT;
            pl_acp_grade(g, qt->q, rs.items[order[k].index].response, &v, &e);
            pl_acp_verdict_clear(&v);
            pl_error_clear(&e);
        }
        pl_acp_grader_forget(g, qt->q);
        qt->seconds = thread_cpu() - start;
        qt->count = k - qt->first;
        total += qt->seconds;
    }
    printf("mode %s: %d questions, %d responses (%d unmatched), CPU %.3f s\n", sound ? "both" : "official", nq, n,
           unmatched, total);
    printf("%-8s %9s %9s %9s %11s\n", "task", "questions", "responses", "CPU s", "slowest s");
    for (int t = 0; t < PL_ACP_NTASKS; t++) {
        int questions = 0, responses = 0;
        double cpu = 0, worst = 0;
        for (int i = 0; i < nq; i++)
            if (times[i].q->task == (pl_acp_task)t) {
                questions++;
                responses += times[i].count;
                cpu += times[i].seconds;
                worst = times[i].seconds > worst ? times[i].seconds : worst;
            }
        if (questions)
            printf("%-8s %9d %9d %9.3f %11.3f\n", pl_acp_task_name((pl_acp_task)t), questions, responses, cpu, worst);
    }
    qsort(times, (size_t)nq, sizeof *times, cmp_time_desc);
    printf("slowest %d questions:\n%-8s %-20s %-18s %9s %9s\n", slowest, "task", "id", "domain", "responses",
           "CPU s");
    for (int i = 0; i < slowest && i < nq; i++) {
        char *domain = pl_acp_question_domain(times[i].q);
        printf("%-8s %-20s %-18s %9d %9.3f\n", pl_acp_task_name(times[i].q->task), times[i].q->id,
               domain ? domain : "?", times[i].count, times[i].seconds);
        free(domain);
    }
    pl_acp_grader_free(g);
    free(order);
    free(times);
    pl_run_responses_free(&rs);
    pl_acp_questions_free(&qs);
    pl_diags_clear(&warnings);
    return 0;
}
