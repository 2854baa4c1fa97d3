/* The audit in a thread of its own: a stop flag read between questions and
 * handed to the searches (pl_search_stop_flag), the progress under a lock. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>

#include "acpbench/audit_job.h"
#include "search/search.h"

struct pl_audit_job {
    pthread_t thread;
    pthread_mutex_t lock;
    const pl_acp_question **questions;
    int n, total;
    pl_limits limits;
    atomic_bool stop;
    const pl_acp_question **flagged; /* the thread's until it has ended, then read-only */
    int nflagged, labels;
    /* under lock */
    int done, state; /* state: 0 running, 1 ended, -1 out of memory */
};

static void *audit_thread(void *arg)
{
    pl_audit_job *job = arg;
    pl_search_stop_flag(&job->stop); /* a stop ends the question in hand too */
    int rc = 0, done = 0;
    for (int i = 0; rc == 0 && i < job->n && !atomic_load(&job->stop); i++) {
        const pl_acp_question *q = job->questions[i];
        if (q->format != PL_ACP_GEN)
            continue;
        pl_audit_result r = {0};
        pl_error err = PL_ERROR_INIT;
        /* a question whose PDDL does not load (err set) is skipped, as `planlens
         * audit` does after saying so; -1 without a reason is out of memory */
        if (pl_acp_audit(q, &job->limits, &r, &err) < 0 && err.code == PL_OK)
            rc = -1;
        pl_error_clear(&err);
        if (r.count && !atomic_load(&job->stop)) { /* a stopped search proves nothing */
            job->flagged[job->nflagged++] = q;
            job->labels += r.count;
        }
        pl_audit_result_free(&r);
        pthread_mutex_lock(&job->lock);
        job->done = ++done;
        pthread_mutex_unlock(&job->lock);
    }
    pl_search_stop_flag(NULL);
    pthread_mutex_lock(&job->lock);
    job->state = rc == 0 ? 1 : -1;
    pthread_mutex_unlock(&job->lock);
    return NULL;
}

pl_audit_job *pl_audit_job_start(const pl_acp_question *const *questions, int n, const pl_limits *limits)
{
    pl_audit_job *job = calloc(1, sizeof *job);
    if (!job)
        return NULL;
    job->questions = malloc(((size_t)n + 1) * sizeof *job->questions);
    job->flagged = malloc(((size_t)n + 1) * sizeof *job->flagged);
    if (!job->questions || !job->flagged || pthread_mutex_init(&job->lock, NULL) != 0) {
        free(job->questions);
        free(job->flagged);
        free(job);
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        job->questions[i] = questions[i];
        job->total += questions[i]->format == PL_ACP_GEN;
    }
    job->n = n;
    job->limits = *limits;
    atomic_init(&job->stop, false);
    if (pthread_create(&job->thread, NULL, audit_thread, job) != 0) {
        pthread_mutex_destroy(&job->lock);
        free(job->questions);
        free(job->flagged);
        free(job);
        return NULL;
    }
    return job;
}

int pl_audit_job_peek(pl_audit_job *job, int *done, int *total)
{
    pthread_mutex_lock(&job->lock);
    *done = job->done;
    int state = job->state;
    pthread_mutex_unlock(&job->lock);
    *total = job->total;
    return state;
}

const pl_acp_question *const *pl_audit_job_flagged(pl_audit_job *job, int *n, int *labels)
{
    int done, total;
    bool ended = pl_audit_job_peek(job, &done, &total) == 1; /* the lock orders the thread's writes before */
    *n = ended ? job->nflagged : 0;
    *labels = ended ? job->labels : 0;
    return *n ? job->flagged : NULL;
}

void pl_audit_job_stop(pl_audit_job *job)
{
    atomic_store(&job->stop, true);
}

void pl_audit_job_free(pl_audit_job *job)
{
    if (!job)
        return;
    pl_audit_job_stop(job);
    pthread_join(job->thread, NULL);
    pthread_mutex_destroy(&job->lock);
    free(job->questions);
    free(job->flagged);
    free(job);
}
