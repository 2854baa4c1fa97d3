/* The plan view's subject: a model's plan π0 and its ground truth on a
 * grounded task, with every plan-quality metric computed once. */
#include <stdlib.h>
#include <string.h>

#include "acpbench/parse.h"
#include "iou/answer_list.h"
#include "plan_view.h"
#include "plans/plan.h"
#include "search/heuristic.h"
#include "search/search.h"
#include "task/load.h"

struct pl_plan_subject {
    char *title, *about;
    bool quoted;         /* π0 is the plan quoted in an ACPBench val question */
    pl_loaded_task lt;
    bool loaded;
    pl_quality_result q;
    bool computed;
    const char **plans[PL_PLAN_COUNT]; /* borrowed from q's vocabulary; NULL: no such plan */
    int nplans[PL_PLAN_COUNT];
};

static pl_plan_subject *fail(pl_plan_subject *s, char **why_not, char *why)
{
    pl_plan_subject_free(s);
    *why_not = why ? why : pl_strdup("out of memory");
    return NULL;
}

static pl_plan_subject *subject_new(const char *title, char **why_not)
{
    pl_plan_subject *s = calloc(1, sizeof *s);
    if (s && !(s->title = pl_strdup(title)))
        return fail(s, why_not, NULL);
    if (!s)
        *why_not = pl_strdup("out of memory");
    return s;
}

static char *load(pl_plan_subject *s, const char *domain, const char *domain_name, const char *problem,
                  const char *problem_name)
{
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    char *why = NULL;
    if (pl_load_task_texts(domain, strlen(domain), domain_name, problem, strlen(problem), problem_name, &s->lt,
                           &warnings, &err) == PL_OK)
        s->loaded = true;
    else
        why = pl_error_format(&err);
    pl_error_clear(&err);
    pl_diags_clear(&warnings);
    return s->loaded ? NULL : why ? why : pl_strdup("out of memory");
}

static const char **plan_texts(const pl_quality_result *q, const int *ids, int n)
{
    const char **texts = malloc(((size_t)n + 1) * sizeof *texts);
    for (int i = 0; texts && i < n; i++)
        texts[i] = pl_quality_action_text(q, ids[i]);
    return texts;
}

/* Runs the plan-quality pipeline (WordNet opened for this subject only: the
 * views never need it again) and keeps the six plans' texts. */
static char *compute(pl_plan_subject *s, char *const *gt, int m, char *const *llm, int n, int llm_correct)
{
    pl_error err = PL_ERROR_INIT;
    pl_name_sim *sim = pl_name_sim_open(NULL, &err);
    pl_quality_options opt = pl_quality_defaults();
    opt.replan_seconds = 5; /* interactive: π4 rarely searches (the GT's remainder is reused) */
    if (sim && pl_quality_run(s->lt.task, sim, gt, m, llm, n, llm_correct, &opt, &s->q, &err) == 0)
        s->computed = true;
    pl_name_sim_close(sim);
    char *why = s->computed ? NULL : pl_error_format(&err);
    pl_error_clear(&err);
    if (!s->computed)
        return why ? why : pl_strdup("out of memory");
    const pl_quality_result *q = &s->q;
    const int *ids[PL_PLAN_COUNT] = {q->llm, q->pi1.plan, q->pi2.plan, q->pi3.plan, q->pi4, q->gt};
    const int lens[PL_PLAN_COUNT] = {q->n, q->pi1.n, q->pi2.n, q->pi3.n, q->pi4_done ? q->npi4 : -1, q->m};
    for (int k = 0; k < PL_PLAN_COUNT; k++) {
        s->nplans[k] = lens[k];
        if (lens[k] >= 0 && !(s->plans[k] = plan_texts(q, ids[k], lens[k])))
            return pl_strdup("out of memory");
    }
    return NULL;
}

pl_plan_subject *pl_plan_subject_from_case(const pl_quality_case *c, char **why_not)
{
    *why_not = NULL;
    if (c->load_error)
        return fail(NULL, why_not, pl_strdup(c->load_error));
    pl_plan_subject *s = subject_new(c->id, why_not);
    if (!s)
        return NULL;
    char *why = NULL;
    if (!(s->about = pl_strdup_printf("π0: the case's LLM plan%s%s · ground truth: the case's GT plan",
                                      c->model ? " by " : "", c->model ? c->model : "")) ||
        (why = load(s, c->domain_text, c->domain_name, c->problem_text, c->problem_name)) ||
        (why = compute(s, c->gt, c->ngt, c->llm, c->nllm, c->llm_correct)))
        return fail(s, why_not, why);
    return s;
}

/* An optimal plan of the embedded planner (owned array of borrowed names). */
static char *optimal_plan(const pl_task *t, char ***plan, int *n)
{
    pl_relaxed *rx = pl_relaxed_new(t);
    if (!rx)
        return pl_strdup("out of memory");
    pl_search_params p = pl_search_defaults();
    p.max_seconds = PL_PLAN_SUBJECT_PLANNER_SECONDS;
    pl_search_result r;
    pl_search_status st = pl_search(t, rx, &p, &r);
    char *why = NULL;
    if (st == PL_SEARCH_SOLVED) {
        *n = r.plan_length;
        if ((*plan = malloc(((size_t)*n + 1) * sizeof **plan)))
            for (int i = 0; i < *n; i++)
                (*plan)[i] = (char *)t->actions[r.plan[i]].name;
        else
            why = pl_strdup("out of memory");
    } else {
        why = pl_strdup_printf("no ground truth: the planner found no plan (%s%s%s)", pl_search_status_name(st),
                               r.limit ? ": " : "", r.limit ? r.limit : "");
    }
    pl_search_result_clear(&r);
    pl_relaxed_free(rx);
    return why;
}

/* The plan quoted in an ACPBench question: the text between its first two
 * '"', read as a plan file line ("(a b) (c d) ..."). */
static int quoted_plan(const char *question, pl_plan_steps *out)
{
    const char *open = strchr(question, '"'), *close = open ? strchr(open + 1, '"') : NULL;
    char *text = close ? pl_strndup(open + 1, (size_t)(close - open - 1)) : NULL;
    pl_error err = PL_ERROR_INIT;
    int rc = text ? pl_plan_steps_parse(text, out, &err) : -1;
    pl_error_clear(&err);
    free(text);
    return rc == PL_OK && out->count > 0 ? 0 : -1;
}

/* π0 and its description for an ACPBench val or just question. */
static char *acp_plan(const pl_ws_record *r, pl_plan_subject *s, pl_plan_steps *steps, pl_acp_parsed *parsed,
                      char ***llm, int *n)
{
    const pl_acp_question *q = r->acp;
    if (q->format != PL_ACP_GEN || !q->domain_pddl || !q->problem_pddl)
        return pl_strdup_printf("this %s question carries no PDDL (only the generative questions do)", r->task);
    if (q->task == PL_ACP_VAL) {
        if (quoted_plan(q->question, steps) < 0)
            return pl_strdup("no plan found in the question's text");
        *llm = steps->steps;
        *n = steps->count;
        s->quoted = true;
        int rc = pl_acp_parse(PL_ACP_START_INDEX, r->resp->response, parsed);
        const char *index = rc == 0 && parsed->ok && parsed->count[0] ? parsed->items[0] : "none read";
        s->about = pl_strdup_printf("π0: the plan in the question (the model judged it: its answer, the index of "
                                    "the first inapplicable action, is %s) · ground truth: an optimal plan of the "
                                    "embedded planner",
                                    index);
        return s->about ? NULL : pl_strdup("out of memory");
    }
    char *rewritten = pl_acp_rewrite_just(r->resp->response);
    int rc = rewritten ? pl_acp_parse(PL_ACP_START_ACTION_LIST, rewritten, parsed) : -1;
    free(rewritten);
    if (rc < 0)
        return pl_strdup("out of memory");
    if (!parsed->ok || parsed->count[0] == 0)
        return pl_strdup("the official parser reads no plan in the response");
    *llm = parsed->items;
    *n = parsed->count[0];
    s->about = pl_strdup("π0: the model's simplified plan (as the official parser reads it) · ground truth: an "
                         "optimal plan of the embedded planner");
    return s->about ? NULL : pl_strdup("out of memory");
}

static char *record_subject(const pl_ws_record *r, pl_plan_subject *s)
{
    char *why = NULL;
    if (r->iou) {
        const pl_iou_question *q = r->iou;
        if (!pl_iou_task_is_plan(q->task))
            return pl_strdup_printf("the answer to a %s question is not a plan", r->task);
        if (!q->pddl_domain || !q->pddl_problem)
            return pl_strdup("the question carries no PDDL");
        pl_answer_list list;
        if (pl_answer_list_parse(r->resp->response, &list) < 0)
            return pl_strdup("out of memory");
        if (!list.ok)
            why = pl_strdup("no plan read from the response (a parse failure)");
        else if (!(s->about = pl_strdup("π0: the plan read from the model's response · ground truth: the "
                                         "question's stored plan")))
            why = pl_strdup("out of memory");
        else if (!(why = load(s, q->pddl_domain, q->source, q->pddl_problem, q->source)))
            why = compute(s, q->answer, q->nanswer, list.items, list.count, -1);
        pl_answer_list_free(&list);
        return why;
    }
    if (!r->acp || (r->acp->task != PL_ACP_VAL && r->acp->task != PL_ACP_JUST))
        return pl_strdup_printf("the answer to a%s %s question is not a plan", r->acp ? "n ACPBench" : "", r->task);
    pl_plan_steps steps = {0};
    pl_acp_parsed parsed = {0};
    char **llm = NULL, **gt = NULL;
    int n = 0, m = 0;
    if (!(why = acp_plan(r, s, &steps, &parsed, &llm, &n)) &&
        !(why = load(s, r->acp->domain_pddl, r->acp->source, r->acp->problem_pddl, r->acp->source)) &&
        !(why = optimal_plan(s->lt.task, &gt, &m)))
        why = compute(s, gt, m, llm, n, -1);
    free(gt);
    pl_acp_parsed_free(&parsed);
    if (steps.steps)
        pl_plan_steps_free(&steps);
    return why;
}

pl_plan_subject *pl_plan_subject_from_record(const pl_workspace *ws, int record, char **why_not)
{
    *why_not = NULL;
    if (record < 0 || record >= pl_workspace_count(ws))
        return fail(NULL, why_not, pl_strdup("no such record"));
    const pl_ws_record *r = pl_workspace_record(ws, record);
    if (r->pcase)
        return pl_plan_subject_from_case(r->pcase, why_not);
    char *title = pl_strdup_printf("%s · %s · %s", r->model, r->task, r->id);
    pl_plan_subject *s = title ? subject_new(title, why_not) : NULL;
    free(title);
    if (!s)
        return fail(NULL, why_not, *why_not);
    char *why = record_subject(r, s);
    return why ? fail(s, why_not, why) : s;
}

void pl_plan_subject_free(pl_plan_subject *s)
{
    if (!s)
        return;
    for (int k = 0; k < PL_PLAN_COUNT; k++)
        free(s->plans[k]);
    if (s->computed)
        pl_quality_result_clear(&s->q);
    if (s->loaded)
        pl_loaded_task_free(&s->lt);
    free(s->title);
    free(s->about);
    free(s);
}

const pl_task *pl_plan_subject_task(const pl_plan_subject *s)
{
    return s->lt.task;
}

const char *pl_plan_subject_title(const pl_plan_subject *s)
{
    return s->title;
}

const char *pl_plan_subject_about(const pl_plan_subject *s)
{
    return s->about;
}

const char *pl_plan_subject_pi0_what(const pl_plan_subject *s)
{
    return s->quoted ? "the quoted plan" : "the model's plan";
}

bool pl_plan_subject_is_quoted(const pl_plan_subject *s)
{
    return s->quoted;
}

const pl_quality_result *pl_plan_subject_quality(const pl_plan_subject *s)
{
    return &s->q;
}

int pl_plan_subject_plan(const pl_plan_subject *s, int k, const char *const **actions)
{
    if (k < 0 || k >= PL_PLAN_COUNT || !s->plans[k])
        return -1;
    *actions = s->plans[k];
    return s->nplans[k];
}

const char *pl_plan_name(int k)
{
    static const char *const names[PL_PLAN_COUNT] = {"π0", "π1", "π2", "π3", "π4", "ground truth"};
    return k >= 0 && k < PL_PLAN_COUNT ? names[k] : "?";
}
