/* Grader probes graded: every perturbation of every question, by the
 * official and the sound rule, counted per task and kind. */
#include <stdlib.h>
#include <string.h>

#include "acp_grade.h"
#include "acp_probe.h"

int pl_probe_run(const pl_acp_question *const *questions, int n, unsigned kinds, pl_probe_report *out)
{
    memset(out, 0, sizeof *out);
    pl_acp_grade_options opts = pl_acp_grade_default_options();
    pl_acp_grader *g = pl_acp_grader_new(&opts);
    if (!g)
        return -1;
    for (int i = 0; i < n; i++) {
        const pl_acp_question *q = questions[i];
        if (q->format != PL_ACP_GEN)
            continue;
        out->questions++;
        for (int k = 0; k < PL_PROBE_COUNT; k++) {
            if (!(kinds & (1u << k)))
                continue;
            char *response = pl_probe_response(q, (pl_probe_kind)k);
            if (!response)
                continue;
            pl_acp_verdict v;
            pl_error err = PL_ERROR_INIT;
            /* a question whose PDDL does not load probes no grader: not counted */
            if (pl_acp_grade(g, q, response, &v, &err) == 0) {
                pl_probe_cell *c = &out->cells[q->task][k];
                c->n++;
                c->official += v.score;
                c->sound += v.sound_score;
                c->accepts_wrong += v.score && !v.sound_score;
                c->rejects_right += !v.score && v.sound_score;
                if (v.score != v.sound_score && !c->example)
                    c->example = q;
            }
            pl_acp_verdict_clear(&v);
            pl_error_clear(&err);
            free(response);
        }
        pl_acp_grader_forget(g, q);
    }
    pl_acp_grader_free(g);
    return 0;
}
