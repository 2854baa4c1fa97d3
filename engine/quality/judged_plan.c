/* The official `Plan` object: a plan judged against the ground truth. */
#include <stdlib.h>
#include <string.h>

#include "quality/judged_plan.h"
#include "quality/score.h"

int pl_qplan_eval(pl_qvocab *v, const int *plan, int n, const int *gt, int m, bool want_states, pl_qplan *out)
{
    memset(out, 0, sizeof *out);
    out->plan = malloc(((size_t)n + 1) * sizeof *out->plan);
    if (!out->plan)
        return -1;
    if (n)
        memcpy(out->plan, plan, (size_t)n * sizeof *plan);
    out->n = n;
    out->raw = n;
    if (pl_qexec_run(v, plan, n, want_states, &out->exec) < 0 || pl_qtrace_compute(v, plan, n, gt, m, &out->trace) < 0) {
        pl_qplan_clear(out);
        return -1;
    }
    return 0;
}

void pl_qplan_clear(pl_qplan *p)
{
    free(p->plan);
    pl_qtrace_clear(&p->trace);
    pl_qexec_clear(&p->exec);
    memset(p, 0, sizeof *p);
}

double pl_qplan_score(const pl_qplan *p)
{
    return p->n == 0 ? 0 : p->raw / p->n;
}

void pl_qplan_add_invalid_terms(pl_qplan *p, int m)
{
    p->raw += p->trace.similarity - pl_q_length_penalty(p->n, m);
}

void pl_qplan_add_valid_terms(pl_qplan *p, int m)
{
    p->raw -= p->n > m ? pl_q_length_penalty(p->n, m) : 0.0;
}
