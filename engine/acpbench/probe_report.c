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

static void probe_question(pl_acp_grader *g, const pl_acp_question *q, unsigned kinds, pl_probe_report *out)
{
    if (q->format != PL_ACP_GEN)
        return;
    out->questions++;
    for (int k = 0; k < PL_PROBE_COUNT; k++) {
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
            if (v.score != v.sound_score && !c->example)
                c->example = q;
            if (!c->first)
                c->first = q;
        }
        pl_acp_verdict_clear(&v);
        pl_error_clear(&err);
        free(response);
    }
    pl_acp_grader_forget(g, q);
}

int pl_probe_run(const pl_acp_question *const *questions, int n, unsigned kinds, pl_probe_report *out)
{
    memset(out, 0, sizeof *out);
    pl_acp_grade_options opts = pl_acp_grade_default_options();
    pl_acp_grader *g = pl_acp_grader_new(&opts);
    if (!g)
        return -1;
    for (int i = 0; i < n; i++)
        probe_question(g, questions[i], kinds, out);
    pl_acp_grader_free(g);
    return 0;
}

struct pl_probe_job {
    pthread_t thread;
    pthread_mutex_t lock;
    const pl_acp_question **questions;
    int n, total;
    unsigned kinds;
    atomic_bool stop;
    /* under lock */
    pl_probe_report shared;
    int done, state; /* state: 0 running, 1 ended, -1 out of memory */
};

static void *probe_thread(void *arg)
{
    pl_probe_job *job = arg;
    pl_probe_report own = {0};
    pl_acp_grade_options opts = pl_acp_grade_default_options();
    pl_acp_grader *g = pl_acp_grader_new(&opts);
    pl_search_stop_flag(&job->stop); /* a stop ends the question in hand too */
    for (int i = 0; g && i < job->n && !atomic_load(&job->stop); i++) {
        probe_question(g, job->questions[i], job->kinds, &own);
        pthread_mutex_lock(&job->lock);
        job->shared = own; /* a few KB: the screen always sees a whole report */
        job->done = own.questions;
        pthread_mutex_unlock(&job->lock);
    }
    pl_search_stop_flag(NULL);
    pthread_mutex_lock(&job->lock);
    job->state = g ? 1 : -1;
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
    for (int i = 0; i < n; i++) {
        job->questions[i] = questions[i];
        job->total += questions[i]->format == PL_ACP_GEN;
    }
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
    free(job->questions);
    free(job);
}
