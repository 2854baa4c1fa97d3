/* Plan-quality case files in a workspace (the .jsonl form of
 * engine/quality/inputs.h: PDDL, ground-truth plan and LLM plan per line,
 * e.g. ../shared/data/plan-quality/dev.jsonl and the PlanBench runs): each
 * case becomes a record of task "plan-quality" whose response is the LLM
 * plan, one action per line, graded by simulation (score = valid plan;
 * case_failure: why not, pl_plan_failure). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "iou/answer_list.h"
#include "iou/set_compare.h"
#include "plans/plan.h"
#include "quality/pipeline.h"
#include "runs/runs.h"
#include "task/load.h"
#include "workspace/internal.h"

/* A JSONL file whose first record names an `llm_plan` (a case embeds its
 * PDDL, so the key may come late in the line). */
bool ws_is_case_file(const char *path)
{
    char *line = ws_first_line(path);
    bool found = line && strstr(line, "\"llm_plan\"");
    free(line);
    return found;
}

/* The LLM plan as the record's response text: one action per line. */
static char *plan_text(const pl_quality_case *c)
{
    size_t len = 1;
    for (int i = 0; i < c->nllm; i++)
        len += strlen(c->llm[i]) + 1;
    char *s = malloc(len), *at = s;
    for (int i = 0; s && i < c->nllm; i++) {
        size_t n = strlen(c->llm[i]);
        memcpy(at, c->llm[i], n);
        at += n;
        if (i + 1 < c->nllm)
            *at++ = '\n';
    }
    if (s)
        *at = '\0';
    return s;
}

/* A file's name without directory and extension: the run's name when the
 * cases do not say their model (as for runs, model_of). */
static char *file_stem(const char *path)
{
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    return pl_strndup(base, strcspn(base, "."));
}

int ws_case_responses(pl_workspace *ws)
{
    ws->case_resps = calloc((size_t)ws->cases.count + 1, sizeof *ws->case_resps);
    ws->case_keys = calloc((size_t)ws->cases.count + 1, sizeof *ws->case_keys);
    if (!ws->case_resps || !ws->case_keys)
        return -1;
    for (int i = 0; i < ws->cases.count; i++) {
        const pl_quality_case *c = &ws->cases.items[i];
        pl_run_response *r = &ws->case_resps[i];
        r->id = pl_strdup(c->id);
        r->model = c->model ? pl_strdup(c->model) : file_stem(ws->case_sources[i]);
        r->has_stored_score = c->llm_correct >= 0; /* the benchmark's own verdict */
        r->stored_score = c->llm_correct;
        r->response = plan_text(c);
        r->prompt = c->prompt;     /* borrowed from the case, as raw: PlanBench's query and */
        r->raw = c->raw_response;  /* the words the plan was extracted from */
        r->source = pl_strdup(ws->case_sources[i]);
        /* the case id names the model: another model's plan for the same
         * instance and prompt has another id, but the same key */
        ws->case_keys[i] = c->domain && c->instance_id
                               ? pl_strdup_printf("%s/%s/%s", c->domain, c->prompt_type ? c->prompt_type : "",
                                                  c->instance_id)
                               : pl_strdup(c->id);
        if (!r->id || !r->model || !r->response || !r->source || !ws->case_keys[i])
            return -1;
    }
    return 0;
}

void ws_case_responses_free(pl_workspace *ws)
{
    for (int i = 0; ws->case_resps && i < ws->cases.count; i++) {
        pl_run_response *r = &ws->case_resps[i];
        free(r->id);
        free(r->model);
        free(r->response);
        free(r->source);
        if (ws->case_keys)
            free(ws->case_keys[i]);
    }
    free(ws->case_resps);
    free(ws->case_keys);
}

const char *ws_case_task(const pl_quality_case *c)
{
    if (!c->task)
        return "plan-quality";
    if (!strncmp(c->task, "task_1_", 7))
        return "planbench-t1";
    if (!strncmp(c->task, "task_2_", 7))
        return "planbench-t2";
    return c->task;
}

/* Action distance of the LLM plan to the ground truth (1 - IoU of their
 * sets of distinct actions, as for IoU plan answers); -1 when out of memory. */
static double case_distance(const pl_quality_case *c)
{
    char **llm = calloc((size_t)c->nllm + 1, sizeof *llm), **gt = calloc((size_t)c->ngt + 1, sizeof *gt);
    bool ok = llm && gt;
    for (int i = 0; ok && i < c->nllm; i++)
        ok = (llm[i] = pl_answer_item_normalise(c->llm[i], strlen(c->llm[i]))) != NULL;
    for (int i = 0; ok && i < c->ngt; i++)
        ok = (gt[i] = pl_answer_item_normalise(c->gt[i], strlen(c->gt[i]))) != NULL;
    pl_set_comparison cmp;
    double ad = ok && pl_set_compare(llm, c->nllm, gt, c->ngt, &cmp) == 0 ? pl_action_distance(&cmp) : -1;
    if (ad >= 0)
        pl_set_comparison_free(&cmp);
    for (int i = 0; llm && i < c->nllm; i++)
        free(llm[i]);
    for (int i = 0; gt && i < c->ngt; i++)
        free(gt[i]);
    free(llm);
    free(gt);
    return ad;
}

void ws_case_grader_clear(ws_case_grader *g)
{
    pl_name_sim_close(g->sim);
    memset(g, 0, sizeof *g);
}

/* The name similarity, opened at the first case with a ground truth (a
 * workspace without one never reads WordNet); NULL when it is missing. */
static pl_name_sim *case_similarity(ws_case_grader *g)
{
    if (!g->tried) {
        pl_error err = PL_ERROR_INIT;
        g->sim = pl_name_sim_open(NULL, &err); /* as `planlens quality` opens it */
        g->tried = true;
        pl_error_clear(&err);
    }
    return g->sim;
}

/* The values of `planlens quality` a record keeps: the final score, LEA and
 * π0's label counts.  Options are the command's defaults but π4: the
 * replanned plan enters none of these values, and a planner call may take
 * 20 s. */
static void run_quality(ws_case_grader *g, const pl_task *task, pl_ws_record *rec)
{
    const pl_quality_case *c = rec->pcase;
    pl_name_sim *sim = case_similarity(g);
    pl_quality_options opt = pl_quality_defaults();
    opt.replan = false;
    pl_quality_result q;
    pl_error err = PL_ERROR_INIT;
    if (!sim || pl_quality_run(task, sim, c->gt, c->ngt, c->llm, c->nllm, c->llm_correct, &opt, &q, &err) < 0) {
        pl_error_clear(&err);
        return;
    }
    rec->has_quality = true;
    rec->final_score = q.final_score;
    rec->quality_curr = q.curr_score;
    rec->quality_potential = q.potential;
    rec->quality_valid = q.llm_correct;
    rec->quality_lea = q.lea;
    /* out of memory leaves the counts without the positions */
    rec->aqm_at = malloc((size_t)q.n + 1);
    rec->np_aqm_at = rec->aqm_at ? malloc((size_t)q.n + 1) : NULL;
    for (int i = 0; i < q.n; i++) {
        if (q.aqm[i] != PL_QL_NONE)
            rec->aqm[q.aqm[i] - 1]++;
        if (q.np_aqm[i] != PL_QL_NONE)
            rec->np_aqm[q.np_aqm[i] - 1]++;
        if (rec->np_aqm_at) {
            rec->aqm_at[i] = (unsigned char)q.aqm[i];
            rec->np_aqm_at[i] = (unsigned char)q.np_aqm[i];
        }
    }
    if (!rec->np_aqm_at) {
        free(rec->aqm_at);
        rec->aqm_at = NULL;
    }
    pl_quality_result_clear(&q);
}

void ws_grade_case(ws_case_grader *g, pl_ws_record *rec)
{
    const pl_quality_case *c = rec->pcase;
    if (c->load_error) {
        rec->error = pl_strdup(c->load_error);
        return;
    }
    pl_loaded_task lt;
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    if (pl_load_task_texts(c->domain_text, strlen(c->domain_text), c->domain_name, c->problem_text,
                           strlen(c->problem_text), c->problem_name, &lt, &warnings, &err) != PL_OK) {
        rec->error = err.message ? pl_error_format(&err) : pl_strdup("out of memory");
    } else {
        pl_trace *tr = pl_trace_new(lt.task, c->llm, c->nllm);
        if (!tr) {
            rec->error = pl_strdup("out of memory");
        } else {
            rec->score = rec->sound_score = tr->valid;
            rec->case_lea = tr->lea;
            /* The score is validity, so a valid plan is right even when it is
             * longer than the ground truth: no reference cost.  Out of memory
             * leaves the kind set without its key or detail. */
            pl_plan_failure(tr, -1, &rec->case_failure);
            pl_trace_free(tr);
            double ad = c->ngt ? case_distance(c) : -1; /* no ground truth: no distance */
            rec->has_value = ad >= 0;
            rec->value = ad;
            rec->is_distance = true;
            if (c->ngt)
                run_quality(g, lt.task, rec);
        }
        pl_loaded_task_free(&lt);
    }
    pl_diags_clear(&warnings);
    pl_error_clear(&err);
}
