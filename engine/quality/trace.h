/* The Action Quality Measure of the plan-quality paper (AQM, the official
 * `plan_trace`), its non-redundant variant (NP-AQM, `nr_plan_trace`) and the
 * similarity score built on them (spec plan-quality.md §2, §3, §6.1, §6.4):
 * three greedy passes — exact action at its index, exact action elsewhere,
 * then pairing by name similarity plus the parameter term — with every
 * quirk of the official code (ties to the earliest GT action, the pair cap
 * counted over all passes, first-strict-maximum pairing). */
#ifndef PL_QUALITY_TRACE_H
#define PL_QUALITY_TRACE_H

#include "quality/vocab.h"

/* Code labels; the paper renames position -> correct, correct -> misplaced. */
typedef enum {
    PL_QL_NONE = 0,
    PL_QL_POSITION,
    PL_QL_CORRECT,
    PL_QL_SAME_ACT,
    PL_QL_DIFF_ACT,
    PL_QL_REDUNDANT
} pl_qlabel;

const char *pl_qlabel_code_name(pl_qlabel l);  /* position, correct, same_act, ... */
const char *pl_qlabel_paper_name(pl_qlabel l); /* correct, misplaced, same_act, ... */

typedef struct {
    int n;                /* plan length */
    pl_qlabel *aqm;       /* n labels */
    int *paired_gt;       /* n: GT index the action was paired with, or -1 */
    double *pair_sim;     /* n: pass-3 similarity (name term + parameter term), else 0 */
    int npos, ncorrect, npairs;   /* pairs made by passes 1, 2, 3 */
    double pair_term;     /* 0.5·#pass-3 pairs (when GT actions were left) + Σ pair sims */
    int lcs_seq_len, lcs_str_len, lcs_str_start;
    int *lcs_seq;         /* lcs_seq_len action ids */
    double similarity;    /* sim(π) of §6.1 */
} pl_qtrace;

/* Labels plan[0..n) against gt[0..m).  Returns 0, -1 when out of memory. */
int pl_qtrace_compute(pl_qvocab *v, const int *plan, int n, const int *gt, int m, pl_qtrace *out);
void pl_qtrace_clear(pl_qtrace *t);
/* NP-AQM: each redundant label relabelled (§3); np, np_gt and np_sim have
 * room for n.  np_gt[i] is the GT index that decided a relabel (the first
 * equal action, else the first with the same name, else the first with a
 * parameter term > 0, which np_sim[i] holds); -1 where nothing changed. */
void pl_qtrace_np(pl_qvocab *v, const pl_qtrace *t, const int *plan, const int *gt, int m, pl_qlabel *np,
                  int *np_gt, double *np_sim);
/* trace_score: Σ weights (4, 2, 1, 0.5, 0) / n; 0 for an empty plan. */
double pl_qtrace_score(const pl_qtrace *t);

#endif
