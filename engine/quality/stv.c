/* Steps to Validity. */
#include <stdlib.h>

#include "quality/exec.h"
#include "quality/stv.h"

const char *pl_qstep_name(pl_qstep_kind k)
{
    static const char *const names[] = {"remove_action", "reorder_action", "fix_variables", "fix_action",
                                        "add_action"};
    return (unsigned)k < sizeof names / sizeof names[0] ? names[k] : "?";
}

static bool contains(const int *list, int n, int id)
{
    for (int i = 0; i < n; i++)
        if (list[i] == id)
            return true;
    return false;
}

int pl_qstv(pl_qvocab *v, const int *plan, int n, const pl_qtrace *trace, bool plan_valid, const int *gt, int m,
            pl_qstep **steps, int *nsteps)
{
    *steps = NULL;
    *nsteps = 0;
    /* At most one step per plan action plus one per GT action. */
    pl_qstep *out = malloc(((size_t)n + (size_t)m + 1) * sizeof *out);
    int *better = malloc(((size_t)n + 1) * sizeof *better);
    if (!out || !better) {
        free(out);
        free(better);
        return -1;
    }
    int k = 0, nb = 0;
    for (int i = 0; i < n; i++) {
        if (trace->aqm[i] == PL_QL_REDUNDANT)
            out[k++] = (pl_qstep){PL_QS_REMOVE, plan[i]};
        else
            better[nb++] = plan[i];
    }
    pl_qtrace fresh = {0};
    const pl_qtrace *labels = trace;
    bool valid = plan_valid;
    int rc = 0;
    if (k > 0) {
        pl_qexec ex;
        if (pl_qtrace_compute(v, better, nb, gt, m, &fresh) < 0 || pl_qexec_run(v, better, nb, false, &ex) < 0) {
            rc = -1;
            goto done;
        }
        valid = ex.valid;
        pl_qexec_clear(&ex);
        labels = &fresh;
    }
    if (!valid) {
        int repairs = 0;
        for (int i = 0; i < nb; i++) {
            pl_qlabel l = labels->aqm[i];
            if (contains(gt, m, better[i])) {
                if (l != PL_QL_POSITION)
                    out[k++] = (pl_qstep){PL_QS_REORDER, better[i]};
            } else if (l == PL_QL_SAME_ACT || l == PL_QL_DIFF_ACT) {
                repairs++;
                out[k++] = (pl_qstep){l == PL_QL_SAME_ACT ? PL_QS_FIX_VARIABLES : PL_QS_FIX_ACTION, better[i]};
            } else {
                out[k++] = (pl_qstep){PL_QS_REMOVE, better[i]};
            }
        }
        for (int j = 0; j < m; j++) {
            if (contains(plan, n, gt[j]))
                continue;
            if (repairs > 0)
                repairs--;
            else
                out[k++] = (pl_qstep){PL_QS_ADD, gt[j]};
        }
    }
done:
    pl_qtrace_clear(&fresh);
    free(better);
    if (rc < 0) {
        free(out);
        return -1;
    }
    *steps = out;
    *nsteps = k;
    return 0;
}
