/* Teach mode's lists of atoms and actions, wrapped between items and never
 * inside one (a line cut mid-atom reads as another atom), and what actions
 * cost, for the banners. */
#include <stdio.h>
#include <stdlib.h>

#include "teach_view.h"

void pl_teach_item(pl_view_model *vm, pl_role role, const char *sep, const char *text, int width, int indent,
                   int *used)
{
    char *owned;
    const char *safe = pl_vm_safe(text, &owned); /* measured as drawn */
    int cols = pl_text_columns(safe), sepc = pl_text_columns(sep);
    if (*used > indent && *used + sepc + cols > width) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_TEXT, "%*s", indent, "");
        *used = indent;
        sepc = 0;
    } else if (sepc) {
        pl_vm_span(vm, ROLE_DIM, "%s", sep);
    }
    pl_vm_span(vm, role, "%s", safe);
    *used += sepc + cols;
    free(owned);
}

void pl_teach_costs_text(const pl_task *t, bool brief, char *buf, size_t n)
{
    double lo = 0, hi = 0;
    for (int a = 0; a < t->nactions; a++) {
        double c = t->actions[a].cost;
        lo = a == 0 || c < lo ? c : lo;
        hi = a == 0 || c > hi ? c : hi;
    }
    if (!t->has_costs)
        snprintf(buf, n, "%s", brief ? "unit costs" : "costs: unit (every action costs 1)");
    else if (lo == hi)
        snprintf(buf, n, "%s every action %g", brief ? "action costs:" : "costs: action costs,", lo);
    else
        snprintf(buf, n, "%s %g to %g", brief ? "action costs" : "costs: action costs,", lo, hi);
}

void pl_teach_state_line(pl_view_model *vm, const pl_task *t, const char *state, bool ascii, int width)
{
    char costs[96];
    pl_teach_costs_text(t, false, costs, sizeof costs);
    char *line = pl_strdup_printf("state: %s", state ? state : "the initial state");
    int used = 0;
    pl_vm_line(vm, -1);
    if (line)
        pl_teach_item(vm, ROLE_DIM, "", line, width, 0, &used);
    else
        vm->oom = true;
    pl_teach_item(vm, ROLE_DIM, ascii ? " | " : " · ", costs, width, 0, &used);
    free(line);
}
