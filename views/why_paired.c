/* Pairing the why screen's columns (why_paired.h). */
#include "why_paired.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Run 0's partner in run c for each of run 0's records (-1: none), from
 * the comparison of the two runs' records. */
static int partners(const pl_workspace *ws, const char *const *runs, int *const *members, const int *nmembers, int c,
                    const int *position, int *partner)
{
    int n = nmembers[0] + nmembers[c];
    int *both = malloc(((size_t)n + 1) * sizeof *both);
    if (!both)
        return -1;
    memcpy(both, members[0], (size_t)nmembers[0] * sizeof *both);
    memcpy(both + nmembers[0], members[c], (size_t)nmembers[c] * sizeof *both);
    pl_run_comparison cmp;
    pl_error err = PL_ERROR_INIT;
    int rc = pl_run_compare(ws, both, n, runs[0], runs[c], &cmp, &err);
    for (int i = 0; i < nmembers[0]; i++)
        partner[i] = -1;
    for (int p = 0; rc == PL_OK && p < cmp.npairs; p++)
        partner[position[cmp.pairs[p].a]] = cmp.pairs[p].b;
    /* a run without answers here pairs nothing: not an error */
    int out = rc == PL_OK || rc == PL_ERR_SEMANTIC ? 0 : -1;
    pl_error_clear(&err);
    pl_run_comparison_free(&cmp);
    free(both);
    return out;
}

/* Does the record have a sound verdict? */
static bool ready(const pl_workspace *ws, int rec)
{
    const pl_ws_record *r = pl_workspace_record(ws, rec);
    return rec < pl_workspace_graded(ws) && r->graded && !r->error && !r->resp->error;
}

/* The first two runs' sound accuracy over the paired questions both graded. */
static int accuracy(const pl_workspace *ws, int *const *members, int n, pl_why_pairing *out)
{
    double *a = malloc(((size_t)n + 1) * sizeof *a), *b = malloc(((size_t)n + 1) * sizeof *b);
    if (!a || !b) {
        free(a);
        free(b);
        return -1;
    }
    int k = 0;
    for (int i = 0; i < n; i++)
        if (ready(ws, members[0][i]) && ready(ws, members[1][i])) {
            a[k] = pl_workspace_record(ws, members[0][i])->sound_score;
            b[k] = pl_workspace_record(ws, members[1][i])->sound_score;
            out->a_only += a[k] && !b[k];
            out->b_only += !a[k] && b[k];
            k++;
        }
    out->accuracy = pl_paired_diff(a, b, k);
    out->mcnemar_p = pl_mcnemar_exact_p(out->a_only, out->b_only);
    free(a);
    free(b);
    return 0;
}

int pl_why_pair_columns(const pl_workspace *ws, const char *const *runs, int *const *members, int *nmembers, int nruns,
                        pl_why_pairing *out)
{
    memset(out, 0, sizeof *out);
    int total = pl_workspace_count(ws), n0 = nmembers[0];
    int *position = malloc(((size_t)total + 1) * sizeof *position); /* record -> index in run 0's column */
    int *partner = malloc(((size_t)nruns * n0 + 1) * sizeof *partner);
    int rc = position && partner ? 0 : -1;
    for (int i = 0; rc == 0 && i < n0; i++)
        position[members[0][i]] = i;
    for (int c = 1; rc == 0 && c < nruns; c++)
        rc = partners(ws, runs, members, nmembers, c, position, partner + c * n0);
    for (int i = 0; rc == 0 && i < n0; i++) { /* questions every run answered, in run 0's order */
        bool all = true;
        for (int c = 1; c < nruns; c++)
            all = all && partner[c * n0 + i] >= 0;
        if (!all)
            continue;
        members[0][out->paired] = members[0][i];
        for (int c = 1; c < nruns; c++)
            members[c][out->paired] = partner[c * n0 + i];
        out->paired++;
    }
    for (int c = 0; rc == 0 && c < nruns; c++) {
        out->left_out[c] = nmembers[c] - out->paired;
        nmembers[c] = out->paired;
    }
    if (rc == 0 && nruns > 1)
        rc = accuracy(ws, members, out->paired, out);
    free(position);
    free(partner);
    return rc;
}
