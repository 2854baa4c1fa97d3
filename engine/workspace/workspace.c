#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/cpus.h"
#include "base/sort.h"
#include "runs/answer_key.h"
#include "runs/epochs.h"
#include "runs/runs.h"
#include "search/search.h"
#include "workspace/internal.h"

static bool is_loaded(const pl_workspace *ws)
{
    return atomic_load_explicit(&((pl_workspace *)ws)->loaded, memory_order_acquire);
}

/* An ACPBench answer's task as the screens group it: the task's short name
 * for gen, with the format after it for bool and MCQ ("reach", "reach-bool",
 * "reach-mcq", as `grade`'s table names them; one word, so `task=reach-mcq`
 * needs no quotes), so that a run's gen, bool and MCQ answers of one task
 * are three run × task groups, never one. */
static const char *acp_task_label(const pl_acp_question *q)
{
    static const char *const labels[PL_ACP_NTASKS][3] = {
        {"app", "app-bool", "app-mcq"},          {"prog", "prog-bool", "prog-mcq"},
        {"reach", "reach-bool", "reach-mcq"},    {"areach", "areach-bool", "areach-mcq"},
        {"val", "val-bool", "val-mcq"},          {"just", "just-bool", "just-mcq"},
        {"land", "land-bool", "land-mcq"},       {"nexta", "nexta-bool", "nexta-mcq"}};
    return (unsigned)q->task < PL_ACP_NTASKS && (unsigned)q->format < 3 ? labels[q->task][q->format] : "?";
}

/* One record per response that answers a loaded question. */
static int build_records(pl_workspace *ws)
{
    ws->records = calloc((size_t)ws->runs.count + (size_t)ws->cases.count + 1, sizeof *ws->records);
    if (!ws->records || ws_case_responses(ws) < 0)
        return -1;
    for (int i = 0; i < ws->cases.count; i++) {
        const pl_quality_case *c = &ws->cases.items[i];
        pl_ws_record *rec = &ws->records[ws->nrecords++];
        rec->resp = &ws->case_resps[i];
        rec->pcase = c;
        rec->model = rec->resp->model;
        rec->id = rec->resp->id;
        rec->pair_id = ws->case_keys[i];
        rec->task = ws_case_task(c);
        rec->domain = c->domain ? c->domain : "?";
    }
    int unmatched = 0;
    for (int i = 0; i < ws->runs.count; i++) {
        const pl_run_response *r = &ws->runs.items[i];
        pl_ws_record *rec = &ws->records[ws->nrecords];
        rec->resp = r;
        rec->model = r->model; /* named by its path when the file names none (pl_run_responses_name_runs) */
        rec->id = r->id;
        rec->epoch = r->epoch;
        if ((rec->iou = pl_iou_questions_find(&ws->iou, r->id))) {
            rec->task = pl_iou_task_name(rec->iou->task);
            rec->domain = rec->iou->domain ? rec->iou->domain : "?";
        } else if ((rec->acp = pl_acp_questions_match(&ws->acp, r))) {
            rec->id = rec->acp->id; /* matched by text: the question's id, not the sample's number */
            rec->task = acp_task_label(rec->acp);
            rec->domain = ws->domains[rec->acp - ws->acp.items];
        } else {
            unmatched++;
            continue;
        }
        ws->nrecords++;
    }
    if (unmatched)
        pl_diags_add(&ws->warnings, NULL, 0, 0, "%d response%s answer no question that is open", unmatched,
                     unmatched == 1 ? "" : "s");
    return 0;
}

static const pl_workspace *sort_ws;

static int by_model_task(const void *x, const void *y)
{
    const pl_ws_record *a = &sort_ws->records[*(const int *)x], *b = &sort_ws->records[*(const int *)y];
    int c = strcmp(a->model, b->model);
    return c ? c : strcmp(a->task, b->task);
}

/* Numbers the runs × tasks once, so screens group records in one pass. */
static int assign_groups(pl_workspace *ws)
{
    int *order = malloc((size_t)(ws->nrecords + 1) * sizeof *order);
    ws->group_first = malloc((size_t)(ws->nrecords + 1) * sizeof *ws->group_first);
    if (!order || !ws->group_first) {
        free(order);
        return -1;
    }
    for (int i = 0; i < ws->nrecords; i++)
        order[i] = i;
    sort_ws = ws; /* opening runs on one thread */
    pl_sort(order, (size_t)ws->nrecords, sizeof *order, by_model_task);
    for (int k = 0; k < ws->nrecords; k++) {
        if (k == 0 || by_model_task(&order[k - 1], &order[k]))
            ws->group_first[ws->ngroups++] = order[k];
        ws->records[order[k]].group = ws->ngroups - 1;
    }
    free(order);
    return 0;
}

static const void *question_of(const pl_ws_record *r)
{
    return r->acp ? (const void *)r->acp : r->iou ? (const void *)r->iou : (const void *)r->pcase;
}

int pl_workspace_ngroups(const pl_workspace *ws)
{
    return is_loaded(ws) ? ws->ngroups : 0;
}

const char *pl_workspace_group_model(const pl_workspace *ws, int group)
{
    return ws->records[ws->group_first[group]].model;
}

const char *pl_workspace_group_task(const pl_workspace *ws, int group)
{
    return ws->records[ws->group_first[group]].task;
}

/* Where the files found under `path` (from files[from] on) start their path
 * from it: a run without a model is named by its file name and at most so
 * many folders, whichever way the folder was given ("data", "./data/",
 * "/home/…/data"); a file given by itself may take every folder of its
 * path as given.  0, or -1 when out of memory. */
static int note_name_at(pl_workspace *ws, const char *path, int from)
{
    int *grown = realloc(ws->file_name_at, ((size_t)ws->nfiles + 1) * sizeof *grown);
    if (!grown)
        return -1;
    ws->file_name_at = grown;
    for (int k = from; k < ws->nfiles; k++) {
        const char *f = ws->files[k];
        grown[k] = strcmp(f, path) ? (int)strlen(path) + 1 : 0;
    }
    return 0;
}

/* Finds the files; NULL only when out of memory. */
static pl_workspace *workspace_new(const char *const *paths, int npaths)
{
    pl_workspace *ws = calloc(1, sizeof *ws);
    if (!ws)
        return NULL;
    atomic_init(&ws->files_done, 0);
    atomic_init(&ws->loaded, false);
    atomic_init(&ws->graded, 0);
    atomic_init(&ws->stop, false);
    pthread_mutex_init(&ws->graded_lock, NULL);
    int rc = 0;
    for (int i = 0; rc == 0 && i < npaths; i++) {
        int before = ws->nfiles;
        rc = ws_find_files(ws, paths[i], 0);
        if (rc == 0)
            rc = note_name_at(ws, paths[i], before);
    }
    if (rc < 0) {
        pl_workspace_close(ws);
        return NULL;
    }
    return ws;
}

/* Loads the files found, then builds the records; publishes `loaded`.  0, or
 * -1 when out of memory (then the workspace opens empty, with a warning). */
static int load_all(pl_workspace *ws)
{
    int rc = 0;
    for (int i = 0; rc == 0 && i < ws->nfiles && !atomic_load(&ws->stop); i++) {
        int before = ws->runs.nfiles;
        rc = ws_load_file(ws, ws->files[i]);
        for (int k = before; k < ws->runs.nfiles; k++)
            if (!strcmp(ws->runs.files[k].source, ws->files[i]))
                ws->runs.files[k].name_at = ws->file_name_at[i];
        atomic_store_explicit(&ws->files_done, i + 1, memory_order_release);
    }
    if (rc == 0)
        rc = pl_run_responses_name_runs(&ws->runs, &ws->warnings);
    if (rc == 0)
        rc = ws_note_superseded(ws);
    if (rc == 0)
        rc = ws_apply_verdicts(ws);
    if (rc == 0 && ws->acp.count && !(ws->domains = calloc((size_t)ws->acp.count, sizeof *ws->domains)))
        rc = -1;
    for (int i = 0; rc == 0 && i < ws->acp.count; i++)
        rc = (ws->domains[i] = pl_acp_question_domain(&ws->acp.items[i])) ? 0 : -1;
    if (rc == 0)
        rc = build_records(ws);
    if (rc == 0)
        rc = assign_groups(ws);
    if (rc < 0) {
        ws->nrecords = ws->ngroups = 0;
        pl_diags_add(&ws->warnings, NULL, 0, 0, "out of memory while loading: nothing opened");
    }
    atomic_store_explicit(&ws->loaded, true, memory_order_release);
    return rc;
}

pl_workspace *pl_workspace_open(const char *const *paths, int npaths, pl_diags *warnings)
{
    pl_workspace *ws = workspace_new(paths, npaths);
    if (ws && load_all(ws) < 0) {
        pl_workspace_close(ws);
        return NULL;
    }
    for (size_t i = 0; ws && i < ws->warnings.count; i++) {
        const pl_diag *d = &ws->warnings.items[i];
        pl_diags_add(warnings, d->file, d->line, d->column, "%s", d->message);
    }
    return ws;
}

static void grade_record(pl_acp_grader *ag, pl_iou_grader *ig, ws_case_grader *cg, pl_ws_record *rec)
{
    if (rec->resp->error) {
        /* an errored sample: shown, not graded */
    } else if (rec->pcase) {
        ws_grade_case(cg, rec);
    } else if (rec->iou) {
        if (pl_iou_grade(ig, rec->iou, rec->resp->response, &rec->iou_v) < 0) {
            rec->error = pl_strdup("out of memory");
            return;
        }
        rec->score = rec->sound_score = rec->iou_v.success;
        rec->has_value = true;
        rec->value = rec->iou_v.value;
        rec->is_distance = rec->iou_v.is_distance;
        rec->parse_failed = !rec->iou_v.list.ok;
    } else {
        pl_error err = PL_ERROR_INIT;
        if (pl_acp_grade(ag, rec->acp, rec->resp->response, &rec->acp_v, &err) != 0)
            rec->error = err.message ? pl_error_format(&err) : pl_strdup("out of memory");
        pl_error_clear(&err);
        rec->score = rec->acp_v.score;
        rec->sound_score = rec->acp_v.sound_score;
        rec->has_value = rec->acp_v.has_iou;
        rec->value = rec->acp_v.iou;
        rec->parse_failed = rec->acp_v.parsed && cJSON_IsNull(rec->acp_v.parsed);
        ws_inspect_verdict(rec);
    }
    rec->graded = true;
}

const pl_failure *pl_ws_record_failure(const pl_ws_record *r)
{
    static const pl_failure none = {0};
    if (!r->graded || r->error)
        return &none;
    return r->pcase ? &r->case_failure : r->iou ? &r->iou_v.failure : &r->acp_v.failure;
}

/* Records go to workers by their question (case, IoU question), so each
 * question's grounded task lives in one grader. */
static int worker_of(const pl_ws_record *rec, int nworkers)
{
    const void *key = rec->pcase ? (const void *)rec->pcase : rec->iou ? (const void *)rec->iou : (const void *)rec->acp;
    uintptr_t h = (uintptr_t)key;
    h ^= h >> 17;
    h *= (uintptr_t)0x9e3779b97f4a7c15u;
    return (int)((h >> 11) % (uintptr_t)nworkers);
}

typedef struct {
    pl_workspace *ws;
    int worker, nworkers, from;
} grade_worker;

/* Moves ws->graded past every record done, so [0, graded) stays final. */
static void advance_graded(pl_workspace *ws)
{
    pthread_mutex_lock(&ws->graded_lock);
    int g = atomic_load_explicit(&ws->graded, memory_order_relaxed);
    while (g < ws->nrecords && atomic_load_explicit(&ws->done[g], memory_order_acquire))
        g++;
    atomic_store_explicit(&ws->graded, g, memory_order_release);
    pthread_mutex_unlock(&ws->graded_lock);
}

static void *grade_part(void *arg)
{
    grade_worker *w = arg;
    pl_workspace *ws = w->ws;
    pl_acp_grade_options opts = pl_acp_grade_default_options();
    opts.cancel = &ws->stop; /* closing the workspace ends a long answer's grading too */
    pl_acp_grader *ag = pl_acp_grader_new(&opts);
    pl_iou_grader *ig = pl_iou_grader_new();
    ws_case_grader cg = {0};
    pl_search_stop_flag(&ws->stop); /* closing the workspace ends a search in hand at once */
    for (int i = w->from; i < ws->nrecords && !atomic_load(&ws->stop); i++) {
        if (worker_of(&ws->records[i], w->nworkers) != w->worker || atomic_load(&ws->done[i]))
            continue; /* another worker's, or graded before a stop */
        if (ag && ig)
            grade_record(ag, ig, &cg, &ws->records[i]);
        else
            ws->records[i].error = pl_strdup("out of memory");
        atomic_store_explicit(&ws->done[i], true, memory_order_release);
        advance_graded(ws);
    }
    ws_case_grader_clear(&cg);
    pl_iou_grader_free(ig);
    pl_acp_grader_free(ag);
    return NULL;
}

/* Grades with one worker per processor (pl_cpu_count); a worker whose
 * thread cannot start runs on this thread after the first. */
static void grade_records(pl_workspace *ws)
{
    int n = pl_cpu_count(), from = atomic_load(&ws->graded);
    if (!ws->done && !(ws->done = calloc((size_t)ws->nrecords + 1, sizeof *ws->done))) {
        for (int i = from; i < ws->nrecords; i++) {
            ws->records[i].error = pl_strdup("out of memory");
            ws->records[i].graded = true;
        }
        atomic_store_explicit(&ws->graded, ws->nrecords, memory_order_release);
        return;
    }
    grade_worker work[256];
    pthread_t threads[256];
    bool started[256] = {false};
    for (int k = 0; k < n; k++) {
        work[k] = (grade_worker){ws, k, n, from};
        started[k] = k > 0 && pthread_create(&threads[k], NULL, grade_part, &work[k]) == 0;
    }
    for (int k = 0; k < n; k++)
        if (!started[k])
            grade_part(&work[k]);
    for (int k = 1; k < n; k++)
        if (started[k])
            pthread_join(threads[k], NULL);
}

static void *grade_thread(void *arg)
{
    grade_records(arg);
    return NULL;
}

static void *load_and_grade_thread(void *arg)
{
    pl_workspace *ws = arg;
    if (load_all(ws) == 0)
        grade_records(ws);
    return NULL;
}

pl_workspace *pl_workspace_open_async(const char *const *paths, int npaths)
{
    pl_workspace *ws = workspace_new(paths, npaths);
    if (!ws)
        return NULL;
    if (pthread_create(&ws->thread, NULL, load_and_grade_thread, ws) == 0)
        ws->thread_running = true;
    else
        load_and_grade_thread(ws); /* no thread: the caller waits once */
    return ws;
}

int pl_workspace_grade_start(pl_workspace *ws)
{
    if (ws->thread_running)
        return 0;
    if (pthread_create(&ws->thread, NULL, grade_thread, ws) == 0) {
        ws->thread_running = true;
        return 0;
    }
    grade_records(ws);
    return -1;
}

void pl_workspace_grade_all(pl_workspace *ws)
{
    if (pl_workspace_grade_start(ws) == 0) {
        pthread_join(ws->thread, NULL);
        ws->thread_running = false;
    }
}

int pl_workspace_graded(const pl_workspace *ws)
{
    return atomic_load_explicit(&((pl_workspace *)ws)->graded, memory_order_acquire);
}

void pl_workspace_progress(const pl_workspace *ws, pl_ws_progress *out)
{
    memset(out, 0, sizeof *out);
    out->loaded = is_loaded(ws);
    out->files = ws->nfiles; /* fixed before the thread starts */
    out->files_done = atomic_load_explicit(&((pl_workspace *)ws)->files_done, memory_order_acquire);
    out->file = !out->loaded && out->files_done < ws->nfiles ? ws->files[out->files_done] : NULL;
    out->graded = pl_workspace_graded(ws);
    out->count = pl_workspace_count(ws);
}

const pl_diags *pl_workspace_warnings(const pl_workspace *ws)
{
    static const pl_diags none = PL_DIAGS_INIT;
    return is_loaded(ws) ? &ws->warnings : &none;
}

/* The file of a run × task: its first record's. */
static const pl_run_file *group_file(const pl_workspace *ws, int group)
{
    const pl_run_response *r = ws->records[ws->group_first[group]].resp;
    return r->file >= 0 && r->file < ws->runs.nfiles && !ws->records[ws->group_first[group]].pcase
               ? &ws->runs.files[r->file]
               : NULL;
}

const char *pl_workspace_group_reducer(const pl_workspace *ws, int group)
{
    const pl_run_file *f = group_file(ws, group);
    pl_epoch_reducer r;
    if (ws->has_reducer)
        return ws->reducer_name;
    return f && f->reducer && pl_epoch_reducer_parse(f->reducer, &r) ? f->reducer : "mean";
}

int pl_workspace_set_reducer(pl_workspace *ws, const char *name)
{
    pl_epoch_reducer r;
    if (name && (!pl_epoch_reducer_parse(name, &r) || strlen(name) >= sizeof ws->reducer_name))
        return -1;
    ws->has_reducer = name != NULL;
    if (name) {
        ws->reducer = r;
        strcpy(ws->reducer_name, name);
    }
    return 0;
}

/* The reducer of the run × task whose group_first entry is `run`. */
static const pl_epoch_reducer *reducer_of(const void *run, void *ctx)
{
    static _Thread_local pl_epoch_reducer parsed;
    const pl_workspace *ws = ctx;
    if (ws->has_reducer)
        return &ws->reducer;
    const pl_run_file *f = group_file(ws, (int)((const int *)run - ws->group_first));
    return f && pl_epoch_reducer_parse(f->reducer, &parsed) ? &parsed : NULL;
}

char *pl_workspace_group_status(const pl_workspace *ws, int group)
{
    const pl_run_file *f = group_file(ws, group);
    return f ? pl_run_file_status(f) : NULL;
}

int pl_workspace_nrun_files(const pl_workspace *ws)
{
    return is_loaded(ws) ? ws->runs.nfiles : 0;
}

const pl_run_file *pl_workspace_run_file(const pl_workspace *ws, int i)
{
    return &ws->runs.files[i];
}

/* Mean over samples of each sample's score reduced over its epochs
 * (runs/epochs.h); a NaN sample score (pass_at_k short of k epochs) is left
 * out, as Inspect leaves unscored samples out. */
static void reduce_epochs(const pl_workspace *ws, pl_epoch_answer *answers, int n, pl_ws_aggregate *out)
{
    pl_epoch_sample *samples = malloc(((size_t)n + 1) * sizeof *samples);
    if (!samples)
        return;
    int nsamples = pl_epoch_samples_reduced(answers, n, reducer_of, (void *)ws, samples);
    for (int i = 0; i < nsamples; i++) {
        if (isnan(samples[i].official))
            continue;
        out->questions++;
        out->accuracy += samples[i].official;
        out->sound_accuracy += samples[i].sound;
    }
    if (out->questions) {
        out->accuracy /= out->questions;
        out->sound_accuracy /= out->questions;
    }
    free(samples);
}

void pl_workspace_aggregate(const pl_workspace *ws, const int *records, int n, pl_ws_aggregate *out)
{
    memset(out, 0, sizeof *out);
    out->answers = n;
    int graded = pl_workspace_graded(ws), nscored = 0;
    pl_epoch_answer *s = malloc(((size_t)n + 1) * sizeof *s);
    double sum = 0;
    for (int i = 0; i < n; i++) {
        const pl_ws_record *r = &ws->records[records[i]];
        if (records[i] >= graded)
            continue;
        out->graded++;
        out->epochs = r->epoch > out->epochs ? r->epoch : out->epochs;
        if (r->resp->error) {
            out->sample_errors++;
            continue;
        }
        out->errors += r->error != NULL;
        out->scorer_failures += r->resp->scorer_error != NULL;
        out->acpbench += r->acp != NULL;
        out->inspect += r->acp && r->has_inspect;
        out->inspect_differs += r->acp && r->has_inspect && r->official_rule;
        if (!r->pcase && !out->partial) {
            const pl_run_file *f = group_file(ws, r->group);
            out->partial = f && f->status && strcmp(f->status, "success");
        }
        out->official += r->score;
        out->sound += r->sound_score;
        if (s) { /* a grading error counts as wrong, as in the answer counts */
            s[nscored++] = (pl_epoch_answer){&ws->group_first[r->group], question_of(r), r->epoch, records[i],
                                             r->score, r->sound_score};
        }
        out->parse_failed += r->parse_failed;
        out->sound_differs += r->score != r->sound_score;
        out->stored += r->resp->has_stored_score;
        out->stored_differs += r->resp->has_stored_score && r->resp->stored_score != r->score;
        if (r->has_value) {
            out->nvalues++;
            sum += r->value;
            out->is_distance = r->is_distance;
        }
    }
    if (s)
        reduce_epochs(ws, s, nscored, out);
    free(s);
    out->value_mean = out->nvalues ? sum / out->nvalues : 0;
}

int pl_workspace_count(const pl_workspace *ws)
{
    return is_loaded(ws) ? ws->nrecords : 0;
}

const pl_ws_record *pl_workspace_record(const pl_workspace *ws, int i)
{
    return &ws->records[i];
}

/* An ACPBench question's group ("app_gen"), else the task. */
static const char *record_group(const pl_ws_record *r)
{
    return r->acp ? pl_acp_group_name(r->acp->task, r->acp->format) : r->task;
}

char *pl_workspace_answer_key(const pl_workspace *ws, int i)
{
    const pl_ws_record *r = &ws->records[i];
    char sample[16];
    return pl_answer_key(r->model, record_group(r), r->id, pl_run_response_sample(r->resp, sample, sizeof sample),
                         r->epoch);
}

char *pl_workspace_question_key(const pl_workspace *ws, int i)
{
    const pl_ws_record *r = &ws->records[i];
    return pl_question_key(record_group(r), r->id);
}

int pl_workspace_annotate(pl_workspace *ws, int i, bool flagged, const char *note)
{
    pl_ws_record *r = &ws->records[i];
    char *copy = note && *note ? pl_strdup(note) : NULL;
    if (note && *note && !copy)
        return -1;
    free(r->note);
    r->note = copy;
    r->flagged = flagged;
    return 0;
}

const pl_acp_questions *pl_workspace_acp_questions(const pl_workspace *ws)
{
    static const pl_acp_questions none = PL_ACP_QUESTIONS_INIT;
    return is_loaded(ws) ? &ws->acp : &none;
}

int pl_workspace_nquestions(const pl_workspace *ws)
{
    return is_loaded(ws) ? ws->acp.count + ws->iou.count : 0;
}

int pl_workspace_nsources(const pl_workspace *ws)
{
    return is_loaded(ws) ? ws->nsources : 0;
}

const char *pl_workspace_source(const pl_workspace *ws, int i)
{
    return ws->sources[i];
}

void pl_workspace_close(pl_workspace *ws)
{
    if (!ws)
        return;
    if (ws->thread_running) {
        atomic_store(&ws->stop, true);
        pthread_join(ws->thread, NULL);
    }
    for (int i = 0; i < ws->nrecords; i++) {
        pl_acp_verdict_clear(&ws->records[i].acp_v);
        pl_iou_verdict_clear(&ws->records[i].iou_v);
        pl_failure_clear(&ws->records[i].case_failure);
        free(ws->records[i].error);
        free(ws->records[i].aqm_at);
        free(ws->records[i].np_aqm_at);
        free(ws->records[i].note);
    }
    free(ws->records);
    free((void *)ws->done);
    pthread_mutex_destroy(&ws->graded_lock);
    free(ws->group_first);
    for (int i = 0; ws->domains && i < ws->acp.count; i++)
        free(ws->domains[i]);
    free(ws->domains);
    for (int i = 0; i < ws->nsources; i++)
        free(ws->sources[i]);
    free(ws->sources);
    for (int i = 0; i < ws->nfiles; i++)
        free(ws->files[i]);
    free(ws->files);
    free(ws->file_name_at);
    free(ws->verdict_files);
    pl_diags_clear(&ws->warnings);
    pl_acp_questions_free(&ws->acp);
    pl_iou_questions_free(&ws->iou);
    pl_run_responses_free(&ws->runs);
    ws_case_responses_free(ws);
    pl_quality_cases_free(&ws->cases);
    free(ws->case_sources);
    free(ws);
}
