/* Grader probes graded: every perturbation of every question, by the
 * official and the sound rule, counted per task and kind — at once, or on a
 * background thread that a screen can watch and stop. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "acpbench/grade.h"
#include "acpbench/probe.h"
#include "search/search.h"

/* Appends q to the cell's questions where the rules differ; the list gets
 * room for `cap` (every question probed) at once, so it never moves. */
static int add_differ(pl_probe_cell *c, const pl_acp_question *q, int cap)
{
    if (!c->differ && !(c->differ = malloc(((size_t)cap + 1) * sizeof *c->differ)))
        return -1;
    c->differ[c->ndiffer++] = q;
    if (!c->example)
        c->example = q;
    return 0;
}

/* `cap`: the generative questions of the whole run.  0, or -1 when out of memory. */
static int probe_question(pl_acp_grader *g, const pl_acp_question *q, unsigned kinds, int cap, pl_probe_report *out)
{
    if (q->format != PL_ACP_GEN)
        return 0;
    out->questions++;
    int rc = 0;
    for (int k = 0; rc == 0 && k < PL_PROBE_COUNT; k++) {
        if (!(kinds & (1u << k)))
            continue;
        char *response = pl_probe_response(q, (pl_probe_kind)k);
        if (!response)
            continue;
        pl_acp_verdict v;
        pl_error err = PL_ERROR_INIT;
        /* a question whose PDDL does not load probes no grader: not counted */
        if (pl_acp_grade(g, q, response, &v, &err) == 0) {
            pl_probe_cell *c = &out->cells[q->task][k];
            c->n++;
            c->official += v.score;
            c->sound += v.sound_score;
            c->accepts_wrong += v.score && !v.sound_score;
            c->rejects_right += !v.score && v.sound_score;
            if (v.score != v.sound_score)
                rc = add_differ(c, q, cap);
            if (!c->first)
                c->first = q;
        }
        pl_acp_verdict_clear(&v);
        pl_error_clear(&err);
        free(response);
    }
    pl_acp_grader_forget(g, q);
    return rc;
}

static int generative(const pl_acp_question *const *questions, int n)
{
    int count = 0;
    for (int i = 0; i < n; i++)
        count += questions[i]->format == PL_ACP_GEN;
    return count;
}

void pl_probe_report_free(pl_probe_report *r)
{
    for (int t = 0; t < PL_ACP_NTASKS; t++)
        for (int k = 0; k < PL_PROBE_COUNT; k++)
            free(r->cells[t][k].differ);
    memset(r, 0, sizeof *r);
}

int pl_probe_run(const pl_acp_question *const *questions, int n, unsigned kinds, pl_probe_report *out)
{
    memset(out, 0, sizeof *out);
    pl_acp_grade_options opts = pl_acp_grade_default_options();
    pl_acp_grader *g = pl_acp_grader_new(&opts);
    if (!g)
        return -1;
    int cap = generative(questions, n), rc = 0;
    for (int i = 0; rc == 0 && i < n; i++)
        rc = probe_question(g, questions[i], kinds, cap, out);
    pl_acp_grader_free(g);
    if (rc < 0)
        pl_probe_report_free(out);
    return rc;
}

struct pl_probe_job {
    pthread_t thread;
    pthread_mutex_t lock;
    const pl_acp_question **questions;
    int n, total;
    unsigned kinds;
    atomic_bool stop;
    pl_probe_report own; /* the thread's: owns the differ lists the copies share */
    /* under lock */
    pl_probe_report shared;
    int done, state; /* state: 0 running, 1 ended, -1 out of memory */
};

static void *probe_thread(void *arg)
{
    pl_probe_job *job = arg;
    pl_acp_grade_options opts = pl_acp_grade_default_options();
    pl_acp_grader *g = pl_acp_grader_new(&opts);
    pl_search_stop_flag(&job->stop); /* a stop ends the question in hand too */
    int rc = g ? 0 : -1;
    for (int i = 0; rc == 0 && i < job->n && !atomic_load(&job->stop); i++) {
        rc = probe_question(g, job->questions[i], job->kinds, job->total, &job->own);
        pthread_mutex_lock(&job->lock);
        job->shared = job->own; /* a few KB: the screen always sees a whole report */
        job->done = job->own.questions;
        pthread_mutex_unlock(&job->lock);
    }
    pl_search_stop_flag(NULL);
    pthread_mutex_lock(&job->lock);
    job->state = rc == 0 ? 1 : -1;
    pthread_mutex_unlock(&job->lock);
    pl_acp_grader_free(g);
    return NULL;
}

pl_probe_job *pl_probe_job_start(const pl_acp_question *const *questions, int n, unsigned kinds)
{
    pl_probe_job *job = calloc(1, sizeof *job);
    if (!job || !(job->questions = malloc(((size_t)n + 1) * sizeof *job->questions))) {
        free(job);
        return NULL;
    }
    for (int i = 0; i < n; i++)
        job->questions[i] = questions[i];
    job->total = generative(questions, n);
    job->n = n;
    job->kinds = kinds;
    atomic_init(&job->stop, false);
    if (pthread_mutex_init(&job->lock, NULL) != 0) {
        free(job->questions);
        free(job);
        return NULL;
    }
    if (pthread_create(&job->thread, NULL, probe_thread, job) != 0) {
        pthread_mutex_destroy(&job->lock);
        free(job->questions);
        free(job);
        return NULL;
    }
    return job;
}

int pl_probe_job_peek(pl_probe_job *job, pl_probe_report *so_far, int *done, int *total)
{
    pthread_mutex_lock(&job->lock);
    *so_far = job->shared;
    *done = job->done;
    int state = job->state;
    pthread_mutex_unlock(&job->lock);
    *total = job->total;
    return state;
}

void pl_probe_job_stop(pl_probe_job *job)
{
    atomic_store(&job->stop, true);
}

void pl_probe_job_free(pl_probe_job *job)
{
    if (!job)
        return;
    pl_probe_job_stop(job);
    pthread_join(job->thread, NULL);
    pthread_mutex_destroy(&job->lock);
    pl_probe_report_free(&job->own);
    free(job->questions);
    free(job);
}
