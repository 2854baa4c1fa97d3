/* The grader-probe report as a view model. */
#include "probe_view.h"

void pl_view_probe(const pl_probe_report *r, int total, pl_view_model *vm)
{
    pl_vm_init(vm);
    pl_vm_set_title(vm, "probe");
    int errs = 0;
    bool running = r->questions < total;
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_DIM,
               "Each correct answer perturbed in known ways and graded by the official and the sound rule (%d "
               "generative questions).",
               total);
    if (!total) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_ERROR, "no ACPBench generative question is loaded: nothing to probe");
    } else {
        pl_vm_line(vm, -1);
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_HEADER, "%-7s %-12s %9s %9s %9s %14s %14s  %s", "task", "probe", "responses", "official",
                   "sound", "accepts wrong", "rejects right", "example");
    }
    for (int t = 0; t < PL_ACP_NTASKS; t++)
        for (int k = 0; k < PL_PROBE_COUNT; k++) {
            const pl_probe_cell *c = &r->cells[t][k];
            if (!c->n)
                continue;
            pl_vm_line(vm, c->example ? t * PL_PROBE_COUNT + k : -1);
            pl_vm_span(vm, ROLE_TEXT, "%-7s %-12s %9d %9d %9d ", pl_acp_task_name((pl_acp_task)t),
                       pl_probe_kind_name((pl_probe_kind)k), c->n, c->official, c->sound);
            pl_vm_span(vm, c->accepts_wrong ? ROLE_WRONG : ROLE_DIM, "%14d", c->accepts_wrong);
            pl_vm_span(vm, c->rejects_right ? ROLE_MISSED : ROLE_DIM, " %14d", c->rejects_right);
            if (c->example)
                pl_vm_span(vm, ROLE_TEXT, "  %s", c->example->id);
            errs += c->accepts_wrong || c->rejects_right;
        }
    if (running)
        pl_vm_set_status(vm, "probing: %d of %d questions (%d%%) · %d task×probe cells where the official grader errs "
                             "so far · q stops",
                         r->questions, total, (int)(100LL * r->questions / total), errs);
    else
        pl_vm_set_status(vm, "%d questions probed · %d task×probe cells where the official grader errs", r->questions,
                         errs);
}

int pl_probe_example_record(const pl_workspace *ws, const pl_probe_report *r, int target)
{
    if (target < 0 || target >= PL_ACP_NTASKS * PL_PROBE_COUNT)
        return -1;
    const pl_acp_question *q = r->cells[target / PL_PROBE_COUNT][target % PL_PROBE_COUNT].example;
    for (int i = 0; q && i < pl_workspace_count(ws); i++)
        if (pl_workspace_record(ws, i)->acp == q)
            return i;
    return -1;
}
