/* planlens grade: regrade model runs on ACPBench questions. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cpus.h"
#include "base/sort.h"
#include "cli.h"
#include "grade_review.h"
#include "grade_shard.h"
#include "runs/answer_key.h"
#include "runs/epochs.h"
#include "runs/runs.h"

typedef struct {
    const char **questions, **responses;
    int nquestions, nresponses;
    grade_mode mode;
    const char *format;
    int jobs;
    char reducer[32]; /* --reducer, as Inspect names it ("at_least_2"); "" when each log's own */
    const char *notes; /* --notes: the review journal, read only with --apply-review */
} grade_args;

/* --reducer NAME: Inspect's names ("max", "at_least_2"), or at_least_k:K and
 * pass_at_k:K; written into `name` as Inspect names it.  0, or -1. */
static int parse_reducer(const char *text, char *name, size_t size)
{
    pl_epoch_reducer r;
    int k;
    char extra;
    if (sscanf(text, "at_least_k:%d%c", &k, &extra) == 1)
        r = (pl_epoch_reducer){PL_REDUCE_AT_LEAST, k};
    else if (sscanf(text, "pass_at_k:%d%c", &k, &extra) == 1)
        r = (pl_epoch_reducer){PL_REDUCE_PASS_AT, k};
    else if (!pl_epoch_reducer_parse(text, &r))
        return -1;
    pl_epoch_reducer_name(&r, name, size);
    return pl_epoch_reducer_parse(name, &r) ? 0 : -1; /* k in range */
}

static int parse_args(int argc, char **argv, grade_args *a)
{
    memset(a, 0, sizeof *a);
    a->mode = GRADE_BOTH;
    a->format = "table";
    a->jobs = pl_cpu_count();
    a->questions = calloc((size_t)argc + 1, sizeof *a->questions);
    a->responses = calloc((size_t)argc + 1, sizeof *a->responses);
    if (!a->questions || !a->responses)
        return cli_usage_error("grade", "out of memory");
    const char ***list = NULL;
    int *count = NULL;
    bool official_inspect = false;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        bool has_value = i + 1 < argc;
        if (!strcmp(s, "--questions")) {
            list = &a->questions, count = &a->nquestions;
        } else if (!strcmp(s, "--responses")) {
            list = &a->responses, count = &a->nresponses;
        } else if (!strcmp(s, "--mode") && has_value) {
            const char *m = argv[++i];
            a->mode = !strcmp(m, "official") ? GRADE_OFFICIAL : !strcmp(m, "sound") ? GRADE_SOUND
                                                            : !strcmp(m, "both")    ? GRADE_BOTH
                                                                                    : 0;
            if (!a->mode)
                return cli_usage_error("grade", "--mode must be official, sound or both, not '%s'", m);
            list = NULL;
        } else if (!strcmp(s, "--official") && has_value) {
            const char *o = argv[++i];
            if (strcmp(o, "lm-eval") && strcmp(o, "inspect"))
                return cli_usage_error("grade", "--official must be lm-eval or inspect, not '%s'", o);
            official_inspect = !strcmp(o, "inspect");
            list = NULL;
        } else if (!strcmp(s, "--format") && has_value) {
            a->format = argv[++i];
            if (strcmp(a->format, "table") && strcmp(a->format, "json") && strcmp(a->format, "jsonl") &&
                strcmp(a->format, "csv"))
                return cli_usage_error("grade", "--format must be table, json, jsonl or csv, not '%s'", a->format);
            list = NULL;
        } else if (!strcmp(s, "--reducer") && has_value) {
            if (parse_reducer(argv[++i], a->reducer, sizeof a->reducer) < 0)
                return cli_usage_error("grade", "--reducer must be mean, median, mode, max, at_least_k:K or "
                                                "pass_at_k:K, not '%s'", argv[i]);
            list = NULL;
        } else if (!strcmp(s, "--jobs") && has_value) {
            a->jobs = atoi(argv[++i]);
            if (a->jobs < 1 || a->jobs > 256)
                return cli_usage_error("grade", "--jobs must be between 1 and 256");
            list = NULL;
        } else if (!strcmp(s, "--notes") && has_value) {
            a->notes = argv[++i];
            list = NULL;
        } else if (!strcmp(s, "--apply-review")) {
            a->mode |= GRADE_REVIEW;
            list = NULL;
        } else if (cli_csv_raw_option(s)) {
            list = NULL;
        } else if (s[0] == '-' && s[1] == '-') {
            return cli_usage_error("grade", "unknown or incomplete option '%s'", s);
        } else if (list) {
            (*list)[(*count)++] = s;
        } else {
            return cli_usage_error("grade", "'%s': files go after --questions or --responses", s);
        }
    }
    if (!a->nquestions || !a->nresponses)
        return cli_usage_error("grade", "needs --questions FILE... and --responses FILE...");
    if ((a->mode & GRADE_REVIEW) && !a->notes)
        return cli_usage_error("grade", "--apply-review needs --notes FILE (the review journal to apply)");
    if (a->notes && !(a->mode & GRADE_REVIEW))
        fprintf(stderr, "planlens: grade: --notes without --apply-review: the review journal changes no score\n");
    if (official_inspect)
        a->mode |= GRADE_INSPECT;
    return PL_EXIT_OK;
}

static bool load_inputs(const grade_args *a, pl_acp_questions *qs, pl_run_responses *rs)
{
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    bool ok = true;
    for (int i = 0; i < a->nquestions && ok; i++)
        ok = pl_acp_questions_load(qs, a->questions[i], &warnings, &err) == PL_OK;
    for (int i = 0; i < a->nresponses && ok; i++)
        ok = pl_run_responses_load(rs, a->responses[i], &warnings, &err) == PL_OK;
    cli_print_warnings(&warnings);
    if (!ok)
        cli_print_error(&err);
    pl_error_clear(&err);
    return ok;
}

/* The question a response answers (by group and id, else by its text),
 * or NULL with the reason. */
static const pl_acp_question *match(const pl_acp_questions *qs, const pl_run_response *r, char **error)
{
    const pl_acp_question *q = pl_acp_questions_match(qs, r);
    if (!q)
        *error = r->group ? pl_strdup_printf("no question with group %s and id %s", r->group, r->id)
                          : pl_strdup_printf("no question with id %s (or several, and the run names no group)", r->id);
    return q;
}

typedef struct {
    grade_row *rows;
    const long long *order; /* graded rows by question, then input order: q index * nrows + row */
    int nrows, norder;
    const pl_acp_questions *qs;
    int worker, nworkers;
    bool sound;
} worker_job;

void grade_row_verdicts(pl_acp_grader *g, const pl_acp_question *q, grade_row *r)
{
    pl_error err = PL_ERROR_INIT;
    if (!g)
        r->error = pl_strdup("out of memory");
    else if (pl_acp_grade(g, q, r->resp->response, &r->v, &err) != 0)
        r->error = err.message ? pl_error_format(&err) : pl_strdup("out of memory");
    else if (pl_inspect_grade(q, r->resp->response, &r->v, &r->inspect) != 0)
        r->error = pl_strdup("out of memory");
    pl_error_clear(&err);
}

/* Questions go to workers by index, so each question's grounded task lives
 * in one grader. */
static void *grade_worker(void *arg)
{
    worker_job *job = arg;
    pl_acp_grade_options opts = pl_acp_grade_default_options();
    opts.sound = job->sound; /* --mode official: skip the sound checks */
    pl_acp_grader *g = pl_acp_grader_new(&opts);
    for (int k = 0; k < job->norder; k++) {
        long long question = job->order[k] / job->nrows;
        if (question % job->nworkers != job->worker)
            continue;
        grade_row *r = &job->rows[job->order[k] % job->nrows];
        grade_row_verdicts(g, r->q, r);
        /* the question's last response: free its grounded task */
        if (g && (k + 1 == job->norder || job->order[k + 1] / job->nrows != question))
            pl_acp_grader_forget(g, r->q);
    }
    pl_acp_grader_free(g);
    return NULL;
}

/* Every answer's key, naming its run as the explorer does: the model, else
 * the file (pl_run_responses_name_runs; two alike files told apart by their
 * folders).  The output's `model` stays what the file says.  0, or -1 when
 * out of memory. */
static int name_answers(pl_run_responses *rs, grade_row *rows, pl_diags *warnings)
{
    bool *unnamed = calloc((size_t)rs->count + 1, sizeof *unnamed);
    int rc = unnamed ? 0 : -1;
    for (int i = 0; rc == 0 && i < rs->count; i++)
        unnamed[i] = !rs->items[i].model;
    if (rc == 0)
        rc = pl_run_responses_name_runs(rs, warnings);
    for (int i = 0; rc == 0 && i < rs->count; i++) {
        grade_row *r = &rows[i];
        const char *group = r->q ? pl_acp_group_name(r->q->task, r->q->format) : r->resp->group;
        char sample[16];
        r->key = pl_answer_key(r->resp->model, group, r->q ? r->q->id : r->resp->id,
                               pl_run_response_sample(r->resp, sample, sizeof sample),
                               r->resp->epoch);
        rc = r->key ? 0 : -1;
    }
    for (int i = 0; unnamed && i < rs->count; i++)
        if (unnamed[i]) {
            free(rs->items[i].model);
            rs->items[i].model = NULL;
        }
    free(unnamed);
    return rc;
}

static int cmp_key(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

static void grade_all(grade_row *rows, int n, const pl_acp_questions *qs, int jobs, bool sound)
{
    /* Grade question by question, so each grounded task is built once and
     * freed after its last response, whatever the order of the run file. */
    long long *order = malloc(((size_t)n + 1) * sizeof *order);
    pthread_t *threads = calloc((size_t)jobs, sizeof *threads);
    bool *running = calloc((size_t)jobs, sizeof *running);
    worker_job *work = calloc((size_t)jobs, sizeof *work);
    if (!order || !threads || !running || !work) {
        for (int i = 0; i < n; i++)
            if (rows[i].in_shard && rows[i].q && !rows[i].error)
                rows[i].error = pl_strdup("out of memory");
        goto done;
    }
    int norder = 0;
    for (int i = 0; i < n; i++)
        if (rows[i].in_shard && rows[i].q && !rows[i].error)
            order[norder++] = (long long)(rows[i].q - qs->items) * n + i;
    pl_sort(order, (size_t)norder, sizeof *order, cmp_key);
    for (int w = 0; w < jobs; w++) {
        work[w] = (worker_job){rows, order, n, norder, qs, w, jobs, sound};
        running[w] = jobs > 1 && pthread_create(&threads[w], NULL, grade_worker, &work[w]) == 0;
        if (!running[w])
            grade_worker(&work[w]); /* one job, or no thread: do this share here */
    }
    for (int w = 0; w < jobs; w++)
        if (running[w])
            pthread_join(threads[w], NULL);
done:
    free(order);
    free(threads);
    free(running);
    free(work);
}

int cmd_grade(int argc, char **argv)
{
    grade_args a = {0};
    cli_shard shard; /* partition key: the question's (group, id); order key: the response's position */
    int rc = cli_shard_take("grade", &argc, argv, &shard);
    rc = rc == PL_EXIT_OK ? parse_args(argc, argv, &a) : rc;
    pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    grade_row *rows = NULL;
    grade_review *review = NULL;
    char **statuses = NULL; /* per run file: how it ended when it did not finish */
    if (rc != PL_EXIT_OK)
        goto done;
    rc = PL_EXIT_INPUT;
    if (!load_inputs(&a, &qs, &rs))
        goto done;
    rows = calloc((size_t)rs.count + 1, sizeof *rows);
    statuses = calloc((size_t)rs.nfiles + 1, sizeof *statuses);
    if (!rows || !statuses)
        goto done;
    for (int i = 0; i < rs.nfiles; i++)
        statuses[i] = pl_run_file_status(&rs.files[i]);
    for (int i = 0; i < rs.count; i++) {
        grade_row *r = &rows[i];
        r->resp = &rs.items[i];
        r->q = match(&qs, r->resp, &r->error);
        r->reducer = a.reducer[0] ? a.reducer : rs.files[r->resp->file].reducer;
        r->run_status = statuses[r->resp->file];
        if (r->q && r->resp->error) /* the sample has no answer: nothing to grade */
            r->error = pl_strdup_printf("sample error: %s", r->resp->error);
        r->in_shard = r->q ? cli_shard_owns(&shard, r->q->group, r->q->id)
                           : cli_shard_owns(&shard, r->resp->group, r->resp->id);
        if (!r->q && r->in_shard)
            fprintf(stderr, "planlens: warning: %s:%d: %s\n", cli_text(r->resp->source), r->resp->line,
                    cli_text(r->error));
    }
    pl_diags warnings = PL_DIAGS_INIT;
    int named = name_answers(&rs, rows, &warnings);
    cli_print_warnings(&warnings);
    if (named < 0) {
        fprintf(stderr, "planlens: out of memory\n");
        goto done;
    }
    /* the journal is matched before grading: every row, in the shard or not */
    if ((a.mode & GRADE_REVIEW) && !(review = grade_review_open(a.notes, rows, rs.count)))
        goto done;
    grade_all(rows, rs.count, &qs, a.jobs, a.mode & GRADE_SOUND);
    grade_review_note note = {0};
    if (review) {
        grade_review_apply(review, rows, rs.count, a.mode);
        note = grade_review_note_of(review);
    }
    if (shard.on)
        rc = grade_write_part(stdout, &shard, argc, argv, a.format, a.mode, rows, rs.count, &qs, &note);
    else if (!strcmp(a.format, "jsonl") || !strcmp(a.format, "json"))
        grade_print_jsonl(stdout, rows, rs.count, a.mode, !strcmp(a.format, "json"));
    else if (!strcmp(a.format, "csv"))
        grade_print_csv(stdout, rows, rs.count, a.mode);
    else
        grade_print_table(stdout, rows, rs.count, a.mode, &note);
    if (review)
        grade_review_summary(stderr, rows, rs.count, a.mode, &note, "planlens: ");
    rc = shard.on ? rc : PL_EXIT_OK;
done:
    grade_review_close(review);
    for (int i = 0; rows && i < rs.count; i++) {
        pl_acp_verdict_clear(&rows[i].v);
        free(rows[i].key);
        free(rows[i].error);
    }
    free(rows);
    for (int i = 0; statuses && i < rs.nfiles; i++)
        free(statuses[i]);
    free(statuses);
    pl_run_responses_free(&rs);
    pl_acp_questions_free(&qs);
    free(a.questions);
    free(a.responses);
    return rc;
}
