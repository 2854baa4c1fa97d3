/* The whole plan-quality pipeline of seed 002 for one case: metrics of the
 * LLM plan π0 (judged_plan.h), plan potential π1, sub-plans π2/π3,
 * replanning π4 and the final score. */
#ifndef PL_QUALITY_PIPELINE_H
#define PL_QUALITY_PIPELINE_H

#include <stdbool.h>

#include "quality/judged_plan.h"
#include "quality/stv.h"

/* A derived plan (π1, π2, π3) with the metrics the CSV reports for it. */
typedef struct {
    int *plan;
    int n;
    double score;
    int stv;
    pl_qstep *steps;
    int lea;
    bool valid;
} pl_qsub;

typedef struct {
    pl_similarity_version version;
    bool potential;         /* run the π1 search (and π3 on it) */
    bool replan;            /* run π4 with the planner */
    double replan_seconds;  /* planner limit per call (the official code: 20 s) */
    bool replan_reuse_gt;   /* take the GT's remainder when the divergence state is on it */
} pl_quality_options;

pl_quality_options pl_quality_defaults(void);

typedef struct {
    pl_qvocab *vocab;         /* owned: the strings behind every id below */
    int *gt, m;               /* the GT plan */
    int *llm, n;              /* π0 */
    /* π0 metrics */
    pl_qlabel *aqm, *np_aqm;  /* n each */
    int *paired_gt;           /* n: GT index paired with, -1 */
    double *pair_sim;         /* n: pass-3 similarity */
    int *np_gt;               /* n: GT index behind an NP-AQM relabel, -1 (pl_qtrace_np) */
    double *np_sim;           /* n: its parameter term when relabelled diff_act */
    double pair_term, similarity, length_penalty;
    int lcs_seq_len, lcs_str_len;
    double trace_score, curr_score, potential, final_score;
    bool llm_correct;         /* the validity handed to the evaluator */
    bool validity, executability;
    int lea, true_lea;
    pl_qx_verdict verdict;
    int stv;
    pl_qstep *steps;
    /* plan potential and sub-plans */
    pl_qsub pi1, pi2, pi3;
    int nvariables;
    int optimal_offset;       /* as reported: the last non-zero offset seen (§8 quirk) */
    int mappings_evaluated;
    bool pi1_error;           /* a 0-ary action: the official code raises here */
    bool any_valid_candidate;
    /* replanning */
    int *pi4, npi4;
    bool pi4_valid, pi4_done;
    int *complementary, ncomplementary;
    int *correct_part, ncorrect_part;
    const char *pi4_note;     /* NULL, or why π4 is not a planner result */
} pl_quality_result;

/* The largest case the metrics compute: the pairing passes, NP-AQM and
 * the LCS tables take time (and the LCS table memory) in plan length x GT
 * length, some passes in plan length squared.  A 10,000-action plan with a
 * 400-action GT takes under a second and 40 MB; the public cases have at
 * most 67 and 35 actions (docs/QUALITY.md, "Limits"). */
#define PL_QUALITY_MAX_ACTIONS 10000        /* per plan */
#define PL_QUALITY_MAX_PAIRS 4000000LL      /* plan length x GT length */

/* Runs everything on one case; a case over the limits above is refused
 * (PL_ERR_LIMIT naming both lengths and the limit).  gt and llm are the action strings; llm_correct
 * < 0 means "use VAL's verdict".  `sim` may be NULL.  Returns 0, or -1 with
 * `err` set. */
int pl_quality_run(const pl_task *task, pl_name_sim *sim, char *const *gt, int m, char *const *llm, int n,
                   int llm_correct, const pl_quality_options *opt, pl_quality_result *out, pl_error *err);
void pl_quality_result_clear(pl_quality_result *r);
const char *pl_quality_action_text(const pl_quality_result *r, int id);

#endif
