/* The plan-quality pipeline for one case: π0 judged, then π1–π4 and the
 * final score. */
#include <stdlib.h>
#include <string.h>

#include "plans/plan.h"
#include "quality/pipeline.h"
#include "quality/potential.h"
#include "quality/replan.h"
#include "quality/score.h"

pl_quality_options pl_quality_defaults(void)
{
    return (pl_quality_options){PL_SIM_V2, true, true, 20.0, true};
}

const char *pl_quality_action_text(const pl_quality_result *r, int id)
{
    return pl_qvocab_get(r->vocab, id)->text;
}

static void sub_clear(pl_qsub *s)
{
    free(s->plan);
    free(s->steps);
    memset(s, 0, sizeof *s);
}

void pl_quality_result_clear(pl_quality_result *r)
{
    free(r->gt);
    free(r->llm);
    free(r->aqm);
    free(r->np_aqm);
    free(r->paired_gt);
    free(r->pair_sim);
    free(r->np_gt);
    free(r->np_sim);
    free(r->steps);
    sub_clear(&r->pi1);
    sub_clear(&r->pi2);
    sub_clear(&r->pi3);
    free(r->pi4);
    free(r->complementary);
    free(r->correct_part);
    pl_qvocab_free(r->vocab);
    memset(r, 0, sizeof *r);
}

/* StV, LEA and validity of a derived plan, from an evaluated Plan. */
static int fill_sub(pl_qvocab *v, const pl_qplan *p, const int *gt, int m, double score, pl_qsub *out)
{
    out->plan = malloc(((size_t)p->n + 1) * sizeof *out->plan);
    if (!out->plan)
        return -1;
    if (p->n)
        memcpy(out->plan, p->plan, (size_t)p->n * sizeof *p->plan);
    out->n = p->n;
    out->score = score;
    out->lea = p->exec.lea;
    out->valid = p->exec.valid;
    return pl_qstv(v, p->plan, p->n, &p->trace, p->exec.valid, gt, m, &out->steps, &out->stv);
}

/* search_subseqs on `from`, then the sub-plan's own metrics (score 1.0, §9 quirk). */
static int sub_plan(pl_qvocab *v, const pl_qplan *from, const int *gt, int m, pl_qsub *out)
{
    int *plan, n;
    if (pl_qsubplan(v, from, &plan, &n) < 0)
        return -1;
    pl_qplan p;
    int rc = pl_qplan_eval(v, plan, n, gt, m, false, &p);
    free(plan);
    if (rc < 0)
        return -1;
    rc = fill_sub(v, &p, gt, m, n > 0 ? 1.0 : 0.0, out);
    pl_qplan_clear(&p);
    return rc;
}

static int *intern_all(pl_qvocab *v, char *const *texts, int n)
{
    int *ids = malloc(((size_t)n + 1) * sizeof *ids);
    for (int i = 0; ids && i < n; i++)
        if ((ids[i] = pl_qvocab_action(v, texts[i])) < 0) {
            free(ids);
            return NULL;
        }
    return ids;
}

/* Scores of π0 and the plan potential: curr_score, π1 search, final_score. */
static int score_plan(pl_quality_result *r, pl_qplan *p0, const pl_quality_options *opt, pl_qpotential *pot)
{
    int n = r->n, m = r->m;
    r->length_penalty = m > 0 ? pl_q_length_penalty(n, m) : 0;
    if (n == 0 || m == 0) {
        r->curr_score = pl_qplan_score(p0);
        r->final_score = 0;
        return 0;
    }
    if (r->llm_correct) {
        p0->raw += 3 * m;
        pl_qplan_add_valid_terms(p0, m);
        r->potential = 4.0 * m / n;
    } else {
        pl_qplan_add_invalid_terms(p0, m);
        r->potential = pl_qplan_score(p0);
        if (opt->potential) {
            if (pl_qpotential_search(r->vocab, r->llm, n, r->gt, m, pl_qplan_score(p0), pot) < 0)
                return -1;
            r->potential = pot->best_score;
            r->pi1_error = pot->error;
            r->nvariables = pot->nvariables;
            r->optimal_offset = pot->optimal_offset;
            r->mappings_evaluated = pot->mappings;
            r->any_valid_candidate = pot->any_valid;
        }
        if (pot->any_valid || p0->exec.valid) /* valid_plan was set: potential = 2·|valid|/|π0| */
            r->potential = 2.0 * n / n;
    }
    r->curr_score = pl_qplan_score(p0);
    r->final_score = r->curr_score < 0 ? -1.0 : (r->curr_score + r->potential) / 2;
    return 0;
}

/* π1: the best candidate (π0 when nothing beat it, or when π0 is VAL-valid
 * and the candidate is not: find_candidate_plan). */
static int candidate(pl_quality_result *r, const pl_qplan *p0, const pl_qpotential *pot, pl_qplan *cand,
                     bool *is_p0)
{
    bool use_p0 = !pot->improved || (!pot->best_valid && p0->exec.valid);
    *is_p0 = use_p0;
    if (use_p0)
        return fill_sub(r->vocab, p0, r->gt, r->m, r->curr_score, &r->pi1);
    if (pl_qplan_eval(r->vocab, pot->plan, pot->n, r->gt, r->m, false, cand) < 0)
        return -1;
    return fill_sub(r->vocab, cand, r->gt, r->m, pot->best_score, &r->pi1);
}

static int replan(pl_quality_result *r, const pl_qplan *p0, const pl_quality_options *opt)
{
    pl_qreplan rp;
    if (pl_qreplan_run(r->vocab, r->llm, r->n, &p0->exec, r->gt, r->m, opt->replan_seconds, opt->replan_reuse_gt, &rp) < 0)
        return -1;
    r->pi4_done = r->m > 0;
    r->pi4 = rp.plan;
    r->npi4 = rp.n;
    r->pi4_valid = rp.valid;
    r->complementary = rp.complementary;
    r->ncomplementary = rp.ncomp;
    r->correct_part = rp.correct_part;
    r->ncorrect_part = rp.ncorrect;
    r->pi4_note = rp.note;
    return 0;
}

static int copy_metrics(pl_quality_result *r, const pl_qplan *p0)
{
    size_t slots = (size_t)r->n + 1;
    r->aqm = malloc(slots * sizeof *r->aqm);
    r->np_aqm = malloc(slots * sizeof *r->np_aqm);
    r->paired_gt = malloc(slots * sizeof *r->paired_gt);
    r->pair_sim = malloc(slots * sizeof *r->pair_sim);
    r->np_gt = malloc(slots * sizeof *r->np_gt);
    r->np_sim = malloc(slots * sizeof *r->np_sim);
    if (!r->aqm || !r->np_aqm || !r->paired_gt || !r->pair_sim || !r->np_gt || !r->np_sim)
        return -1;
    const pl_qtrace *t = &p0->trace;
    if (r->n) {
        memcpy(r->aqm, t->aqm, (size_t)r->n * sizeof *r->aqm);
        memcpy(r->paired_gt, t->paired_gt, (size_t)r->n * sizeof *r->paired_gt);
        memcpy(r->pair_sim, t->pair_sim, (size_t)r->n * sizeof *r->pair_sim);
    }
    pl_qtrace_np(r->vocab, t, r->llm, r->gt, r->m, r->np_aqm, r->np_gt, r->np_sim);
    r->pair_term = t->pair_term;
    r->similarity = t->similarity;
    r->lcs_seq_len = t->lcs_seq_len;
    r->lcs_str_len = t->lcs_str_len;
    r->trace_score = pl_qtrace_score(t);
    r->validity = p0->exec.valid;
    r->executability = p0->exec.executable;
    r->lea = p0->exec.lea;
    r->verdict = p0->exec.verdict;
    return pl_qstv(r->vocab, r->llm, r->n, t, p0->exec.valid, r->gt, r->m, &r->steps, &r->stv);
}

/* Is the case within PL_QUALITY_MAX_ACTIONS and PL_QUALITY_MAX_PAIRS?  If not, err says which. */
static bool within_limits(int n, int m, pl_error *err)
{
    if (n > PL_QUALITY_MAX_ACTIONS || m > PL_QUALITY_MAX_ACTIONS) {
        pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0,
                     "plan of %d actions, ground truth of %d: more than the %d actions per plan the plan-quality "
                     "metrics compute",
                     n, m, PL_QUALITY_MAX_ACTIONS);
        return false;
    }
    if ((long long)n * m > PL_QUALITY_MAX_PAIRS) {
        pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0,
                     "plan of %d actions, ground truth of %d: %lld action pairs, more than the %lld the "
                     "plan-quality metrics compute",
                     n, m, (long long)n * m, PL_QUALITY_MAX_PAIRS);
        return false;
    }
    return true;
}

int pl_quality_run(const pl_task *task, pl_name_sim *sim, char *const *gt, int m, char *const *llm, int n,
                   int llm_correct, const pl_quality_options *opt, pl_quality_result *out, pl_error *err)
{
    memset(out, 0, sizeof *out);
    if (!within_limits(n, m, err))
        return -1;
    out->vocab = pl_qvocab_new(task, sim, opt->version);
    out->m = m;
    out->n = n;
    pl_qplan p0 = {0}, cand = {0};
    pl_qpotential pot = {0};
    bool cand_is_p0 = true;
    int rc = -1;
    if (!out->vocab || !(out->gt = intern_all(out->vocab, gt, m)) || !(out->llm = intern_all(out->vocab, llm, n)))
        goto done;
    if (pl_qplan_eval(out->vocab, out->llm, n, out->gt, m, true, &p0) < 0)
        goto done;
    out->llm_correct = llm_correct < 0 ? p0.exec.valid : llm_correct != 0;
    pl_trace *tr = pl_trace_new(task, llm, n);
    if (!tr)
        goto done;
    out->true_lea = tr->lea;
    pl_trace_free(tr);
    if (copy_metrics(out, &p0) < 0 || score_plan(out, &p0, opt, &pot) < 0)
        goto done;
    if (opt->replan && replan(out, &p0, opt) < 0)
        goto done;
    if (candidate(out, &p0, &pot, &cand, &cand_is_p0) < 0 || sub_plan(out->vocab, &p0, out->gt, m, &out->pi2) < 0)
        goto done;
    if (sub_plan(out->vocab, cand_is_p0 ? &p0 : &cand, out->gt, m, &out->pi3) < 0)
        goto done;
    rc = pl_qvocab_failed(out->vocab) ? -1 : 0;
done:
    pl_qplan_clear(&p0);
    pl_qplan_clear(&cand);
    pl_qpotential_clear(&pot);
    if (rc < 0) {
        pl_quality_result_clear(out);
        pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0, "out of memory");
    }
    return rc;
}
