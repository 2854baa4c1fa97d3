/* Dashboard: runs × tasks with official and sound accuracy (reduced over
 * epochs as Inspect does, with the epoch count), mean IoU, parse errors,
 * errored samples and the disagreement counts a curator looks at first. */
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "groups.h"

void pl_view_dashboard(const pl_workspace *ws, const pl_selection *sel, int width, pl_view_model *vm,
                       pl_dashboard_rows *rows)
{
    (void)width;
    pl_vm_init(vm);
    memset(rows, 0, sizeof *rows);
    int n, ngroups = 0;
    int *records = pl_select_records(ws, sel, &n);
    pl_group *groups = records ? pl_group_records(ws, records, n, &ngroups) : NULL;
    rows->keys = calloc((size_t)ngroups + 1, sizeof *rows->keys);
    if (!records || (n && !groups) || !rows->keys)
        vm->oom = true;
    pl_vm_set_title(vm, "dashboard");
    pl_vm_line(vm, -1);
    pl_vm_span(vm, ROLE_HEADER, "%-28s %-14s %9s %9s %9s %8s %6s %8s %8s", "run", "task", "answers", "official",
               "sound", "IoU / AD", "parse!", "off!=snd", "stored!=");
    int total_graded = 0;
    for (int i = 0; rows->keys && i < ngroups; i++) {
        const pl_group *g = &groups[i];
        pl_ws_aggregate s;
        pl_workspace_aggregate(ws, g->members, g->n, &s);
        total_graded += s.graded;
        rows->keys[rows->nkeys++] = pl_strdup_printf("%s\t%s", g->model, g->task);
        pl_vm_line(vm, i);
        pl_vm_span(vm, ROLE_TEXT, "%-28.28s %-14.14s %4d/%-4d ", g->model, g->task, s.graded, g->n);
        if (!s.graded) {
            pl_vm_span(vm, ROLE_DIM, "%9s %9s %8s", "…", "…", "…");
            continue;
        }
        double off = 100.0 * s.accuracy, snd = 100.0 * s.sound_accuracy; /* reduced over epochs */
        pl_vm_span(vm, off >= 50 ? ROLE_CORRECT : ROLE_WRONG, "%8.1f%%", off);
        pl_vm_span(vm, snd >= 50 ? ROLE_CORRECT : ROLE_WRONG, " %8.1f%%", snd);
        if (s.nvalues)
            pl_vm_span(vm, ROLE_TEXT, s.is_distance ? " AD %5.3f " : " %8.3f ", s.value_mean);
        else
            pl_vm_span(vm, ROLE_DIM, " %8s ", "-");
        pl_vm_span(vm, s.parse_failed ? ROLE_WRONG : ROLE_DIM, " %6d", s.parse_failed);
        pl_vm_span(vm, s.sound_differs ? ROLE_HALLUCINATED : ROLE_DIM, " %8d", s.sound_differs);
        pl_vm_span(vm, s.stored_differs ? ROLE_HALLUCINATED : ROLE_DIM, " %8d", s.stored_differs);
        if (s.epochs > 1)
            pl_vm_span(vm, ROLE_TEXT, "  %d epochs", s.epochs);
        if (s.sample_errors)
            pl_vm_span(vm, ROLE_ERROR, "  %d errored", s.sample_errors);
        if (s.errors)
            pl_vm_span(vm, ROLE_ERROR, "  %d error%s", s.errors, s.errors == 1 ? "" : "s");
    }
    pl_ws_progress p;
    pl_workspace_progress(ws, &p);
    if (!ngroups) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "%s", p.loaded ? "no responses to show (open question files together with model runs)"
                                                : "loading…");
    }
    if (!p.loaded)
        pl_vm_set_status(vm, "loading file %d of %d: %s", p.files_done + 1, p.files, p.file ? p.file : "");
    else
        pl_vm_set_status(vm, "%d runs × tasks · %d responses · %d graded", ngroups, n, total_graded);
    pl_groups_free(groups, ngroups);
    free(records);
}

void pl_dashboard_rows_free(pl_dashboard_rows *rows)
{
    for (int i = 0; i < rows->nkeys; i++)
        free(rows->keys[i]);
    free(rows->keys);
    memset(rows, 0, sizeof *rows);
}
