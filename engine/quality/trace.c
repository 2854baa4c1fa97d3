/* AQM, NP-AQM and the similarity score. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "quality/score.h"
#include "quality/trace.h"

const char *pl_qlabel_code_name(pl_qlabel l)
{
    static const char *const names[] = {"", "position", "correct", "same_act", "diff_act", "redundant"};
    return (unsigned)l < sizeof names / sizeof names[0] ? names[l] : "?";
}

const char *pl_qlabel_paper_name(pl_qlabel l)
{
    static const char *const names[] = {"", "correct", "misplaced", "same_act", "diff_act", "redundant"};
    return (unsigned)l < sizeof names / sizeof names[0] ? names[l] : "?";
}

void pl_qtrace_clear(pl_qtrace *t)
{
    free(t->aqm);
    free(t->pair_sim);  /* also the pass-3 similarities */
    free(t->paired_gt); /* also lcs_seq and scratch lists */
    memset(t, 0, sizeof *t);
}

/* A list of action ids with their original indices, removing first occurrences. */
typedef struct {
    int *ids, *orig;
    int n;
} id_list;

static int find_from(const id_list *l, int id)
{
    for (int k = 0; k < l->n; k++)
        if (l->ids[k] == id)
            return k;
    return -1;
}

static void remove_at(id_list *l, int k)
{
    memmove(l->ids + k, l->ids + k + 1, (size_t)(l->n - k - 1) * sizeof *l->ids);
    memmove(l->orig + k, l->orig + k + 1, (size_t)(l->n - k - 1) * sizeof *l->orig);
    l->n--;
}

static int remove_first(id_list *l, int id)
{
    int k = find_from(l, id);
    int orig = k >= 0 ? l->orig[k] : -1;
    if (k >= 0)
        remove_at(l, k);
    return orig;
}

/* plan.index(id, from), or -1. */
static int plan_index(const int *plan, int n, int id, int from)
{
    for (int j = from < 0 ? 0 : from; j < n; j++)
        if (plan[j] == id)
            return j;
    return -1;
}

/* Pass 3 (get_action_pairs) for the still-unpaired actions. */
static void pair_by_similarity(pl_qvocab *v, pl_qtrace *t, const int *plan, int n, int m, id_list *rem_plan,
                               id_list *to_pair, int *pairs_total, double *sims, int *nsims)
{
    pl_qlabel *lab = t->aqm;
    for (int i = 0; i < rem_plan->n; i++) {
        int action = rem_plan->ids[i];
        const pl_qaction *a = pl_qvocab_get(v, action);
        int og = plan_index(plan, n, action, i);
        while (og >= 0 && lab[og] != PL_QL_NONE) {
            int next = plan_index(plan, n, action, og + 1);
            if (next < 0)
                break; /* stays on a labelled index, as the official loop does */
            og = next;
        }
        if (*pairs_total >= m) {
            if (lab[og] == PL_QL_NONE) {
                lab[og] = PL_QL_REDUNDANT;
            } else {
                int next = plan_index(plan, n, action, i + 1);
                if (next > 0 && lab[next] == PL_QL_NONE)
                    lab[next] = PL_QL_REDUNDANT;
            }
            continue;
        }
        pl_qlabel state = PL_QL_REDUNDANT, best_state = PL_QL_REDUNDANT;
        double best = 0;
        int match = -1;
        for (int j = 0; j < to_pair->n; j++) {
            const pl_qaction *g = pl_qvocab_get(v, to_pair->ids[j]);
            double sim;
            if (g->name == a->name) {
                pl_qlabel cur = lab[og];
                if (cur == PL_QL_NONE || cur == PL_QL_DIFF_ACT || cur == PL_QL_REDUNDANT)
                    state = PL_QL_SAME_ACT;
                sim = 1;
                sim += pl_q_param_term(a, g);
            } else {
                if (lab[og] == PL_QL_NONE)
                    state = PL_QL_DIFF_ACT;
                sim = pl_qvocab_name_sim(v, a->name, g->name);
                sim += pl_q_param_term(a, g);
            }
            if (sim > best) {
                best = sim;
                best_state = state;
                match = j;
            }
        }
        if (match >= 0) {
            sims[(*nsims)++] = best;
            t->paired_gt[og] = to_pair->orig[match];
            t->pair_sim[og] = best;
            remove_at(to_pair, match);
            (*pairs_total)++;
            lab[og] = best_state;
        }
    }
}

int pl_qtrace_compute(pl_qvocab *v, const int *plan, int n, const int *gt, int m, pl_qtrace *out)
{
    memset(out, 0, sizeof *out);
    out->n = n;
    size_t slots = (size_t)n + 1, gslots = (size_t)m + 1;
    /* ints: paired_gt | lcs_seq | remaining plan ids, indices | remaining GT ids, indices */
    out->aqm = calloc(slots, sizeof *out->aqm);
    out->pair_sim = calloc(2 * slots, sizeof *out->pair_sim);
    out->paired_gt = malloc((4 * slots + 2 * gslots) * sizeof *out->paired_gt);
    if (!out->aqm || !out->pair_sim || !out->paired_gt) {
        pl_qtrace_clear(out);
        return -1;
    }
    double *sims = out->pair_sim + slots;
    int *ip = out->paired_gt;
    out->lcs_seq = ip + slots;
    id_list rem_plan = {ip + 2 * slots, ip + 3 * slots, 0};
    id_list rem_gt = {ip + 4 * slots, ip + 4 * slots + gslots, 0};
    for (int i = 0; i < n; i++) {
        out->paired_gt[i] = -1;
        rem_plan.ids[rem_plan.n] = plan[i];
        rem_plan.orig[rem_plan.n++] = i;
    }
    for (int j = 0; j < m; j++) {
        rem_gt.ids[rem_gt.n] = gt[j];
        rem_gt.orig[rem_gt.n++] = j;
    }
    pl_qlabel *lab = out->aqm;
    int labelled = 0;
    /* Pass 1: the same action at the same index. */
    for (int i = 0; i < n && i < m; i++)
        if (plan[i] == gt[i]) {
            lab[i] = PL_QL_POSITION;
            out->paired_gt[i] = i;
            out->npos++;
            labelled++;
        }
    for (int i = 0; i < n && i < m; i++)
        if (lab[i] == PL_QL_POSITION) {
            remove_first(&rem_gt, plan[i]);
            remove_first(&rem_plan, plan[i]);
        }
    /* Pass 2: the same action elsewhere, while fewer than |GT| are labelled. */
    for (int i = 0; i < n && labelled < m; i++) {
        if (lab[i] != PL_QL_NONE || find_from(&rem_gt, plan[i]) < 0)
            continue;
        lab[i] = PL_QL_CORRECT;
        out->paired_gt[i] = remove_first(&rem_gt, plan[i]);
        remove_first(&rem_plan, plan[i]);
        out->ncorrect++;
        labelled++;
    }
    /* Pass 3: pairing by similarity. */
    int pairs_total = out->npos + out->ncorrect, nsims = 0;
    bool gt_left = rem_gt.n > 0;
    if (rem_plan.n > 0 && rem_gt.n > 0)
        pair_by_similarity(v, out, plan, n, m, &rem_plan, &rem_gt, &pairs_total, sims, &nsims);
    for (int i = 0; i < n; i++)
        if (lab[i] == PL_QL_NONE)
            lab[i] = PL_QL_REDUNDANT;
    out->npairs = nsims;
    double score = 0;
    if (gt_left)
        score += nsims / 2.0;
    for (int k = 0; k < nsims; k++)
        score += sims[k];
    out->pair_term = score;
    out->lcs_seq_len = pl_q_lcs_seq(plan, n, gt, m, out->lcs_seq);
    if (out->lcs_seq_len < 0) {
        pl_qtrace_clear(out);
        return -1;
    }
    out->lcs_str_len = pl_q_lcs_str(plan, n, gt, m, &out->lcs_str_start);
    double position = out->npos, correctness = 0.5 * out->ncorrect;
    out->similarity = position + correctness + score + out->lcs_seq_len + 2 * out->lcs_str_len;
    return 0;
}

void pl_qtrace_np(pl_qvocab *v, const pl_qtrace *t, const int *plan, const int *gt, int m, pl_qlabel *np,
                  int *np_gt, double *np_sim)
{
    for (int i = 0; i < t->n; i++) {
        np[i] = t->aqm[i];
        np_gt[i] = -1;
        np_sim[i] = 0;
        if (np[i] != PL_QL_REDUNDANT)
            continue;
        const pl_qaction *a = pl_qvocab_get(v, plan[i]);
        int in_gt = -1, same_name = -1;
        for (int j = 0; j < m; j++) {
            if (in_gt < 0 && gt[j] == plan[i])
                in_gt = j;
            if (same_name < 0 && pl_qvocab_get(v, gt[j])->name == a->name)
                same_name = j;
        }
        if (in_gt >= 0) {
            np[i] = PL_QL_CORRECT;
            np_gt[i] = in_gt;
        } else if (same_name >= 0) {
            np[i] = PL_QL_SAME_ACT;
            np_gt[i] = same_name;
        } else {
            double sim = 0;
            int j = 0;
            for (; sim == 0 && j < m; j++)
                sim = pl_q_param_term(a, pl_qvocab_get(v, gt[j]));
            if (sim > 0) {
                np[i] = PL_QL_DIFF_ACT;
                np_gt[i] = j - 1;
                np_sim[i] = sim;
            }
        }
    }
}

double pl_qtrace_score(const pl_qtrace *t)
{
    static const double weight[] = {0, 4, 2, 1, 0.5, 0};
    if (t->n == 0)
        return 0;
    double s = 0;
    for (int i = 0; i < t->n; i++)
        s += weight[t->aqm[i]];
    return s / t->n;
}
