/* Parameter term, common subsequences and the length penalty. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "quality/score.h"

static bool has_token(const int *list, int n, int tok)
{
    for (int i = 0; i < n; i++)
        if (list[i] == tok)
            return true;
    return false;
}

double pl_q_param_term(const pl_qaction *llm, const pl_qaction *gt)
{
    if (llm->nparams < 1)
        return 0;
    double similarity = 0, score = 0;
    if (llm->nparams == gt->nparams) {
        for (int k = 0; k < llm->nparams; k++) {
            if (llm->params[k] == gt->params[k])
                similarity += 0.25;
            else if (has_token(gt->params, gt->nparams, llm->params[k]))
                similarity += 0.1;
        }
        return similarity + score;
    }
    int diff = abs(llm->nparams - gt->nparams);
    score -= 0.1 * diff;
    int matches = 0;
    for (int k = 0; k < llm->nparams; k++)
        matches += has_token(gt->params, gt->nparams, llm->params[k]);
    if (matches == llm->nparams)
        similarity += 0.75;
    else if (matches > 0)
        similarity += 0.25 * matches;
    return similarity + score;
}

static bool same_plan(const int *a, int n, const int *b, int m)
{
    return n == m && (n == 0 || !memcmp(a, b, (size_t)n * sizeof *a));
}

int pl_q_lcs_seq(const int *plan, int n, const int *gt, int m, int *out)
{
    if (same_plan(plan, n, gt, m)) {
        if (n)
            memcpy(out, plan, (size_t)n * sizeof *out);
        return n;
    }
    size_t cols = (size_t)m + 1;
    int local[1024];
    size_t cells = ((size_t)n + 1) * cols;
    int *len = cells <= 1024 ? local : malloc(cells * sizeof *len);
    if (!len)
        return -1;
    for (size_t j = 0; j < cols; j++)
        len[j] = 0;
    for (int i = 1; i <= n; i++) {
        int *row = len + (size_t)i * cols, *up = row - cols;
        row[0] = 0;
        for (int j = 1; j <= m; j++) {
            if (plan[i - 1] == gt[j - 1])
                row[j] = up[j - 1] + 1;
            else /* a tie takes "left" (drop a GT action) */
                row[j] = up[j] > row[j - 1] ? up[j] : row[j - 1];
        }
    }
    /* Walk back along the same choices, then reverse. */
    int k = 0, i = n, j = m;
    while (i > 0 && j > 0) {
        int *row = len + (size_t)i * cols, *up = row - cols;
        if (plan[i - 1] == gt[j - 1]) {
            out[k++] = plan[i - 1];
            i--, j--;
        } else if (up[j] > row[j - 1]) {
            i--;
        } else {
            j--;
        }
    }
    for (int a = 0, b = k - 1; a < b; a++, b--) {
        int tmp = out[a];
        out[a] = out[b];
        out[b] = tmp;
    }
    if (len != local)
        free(len);
    return k;
}

int pl_q_lcs_str(const int *plan, int n, const int *gt, int m, int *start)
{
    *start = 0;
    if (same_plan(plan, n, gt, m))
        return n;
    int local[257];
    int *base = (size_t)m + 1 <= 128 ? local : malloc(2 * ((size_t)m + 1) * sizeof *base);
    if (!base)
        return 0;
    int *prev = base, *cur = base + m + 1;
    for (int j = 0; j <= m; j++)
        prev[j] = 0;
    int best = 0, end = 0;
    for (int i = 1; i <= n; i++) {
        cur[0] = 0;
        for (int j = 1; j <= m; j++) {
            cur[j] = plan[i - 1] == gt[j - 1] ? prev[j - 1] + 1 : 0;
            if (cur[j] > best) {
                best = cur[j];
                end = i;
            }
        }
        int *tmp = prev;
        prev = cur;
        cur = tmp;
    }
    if (base != local)
        free(base);
    *start = end - best;
    return best;
}

double pl_q_length_penalty(int n, int m)
{
    int d = n - m;
    if (m == 0) /* the official code divides by zero; callers never get here */
        return 0;
    if (d > 0)
        return (double)(d * d) / m;
    if (d == 0)
        return 0;
    return (double)(2 * (d * d)) / m;
}
