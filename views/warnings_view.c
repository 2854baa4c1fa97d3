#include "warnings_view.h"

#include <stdlib.h>

#include "base/diag_groups.h"
#include "base/error.h"

/* A kind's first file-and-message groups shown under it; the rest counted. */
#define EXAMPLES 3

static void kind_lines(const pl_diag_kind *k, int index, int width, pl_view_model *vm)
{
    char *head = pl_strdup_printf("%s: %d time%s in %d file%s", k->name, k->count, k->count == 1 ? "" : "s",
                                  k->nfiles, k->nfiles == 1 ? "" : "s");
    int first = vm->nlines;
    if (head) /* the first line selectable (the cursor walks the kinds) */
        pl_vm_wrapped(vm, ROLE_HEADER, head, width, 0);
    vm->oom = vm->oom || !head;
    free(head);
    if (first < vm->nlines)
        vm->lines[first].target = index;
    int shown = k->ngroups < EXAMPLES ? k->ngroups : EXAMPLES, hidden = 0;
    for (int g = 0; g < shown; g++) {
        char *text = pl_diag_group_text(&k->groups[g]);
        if (text)
            pl_vm_wrapped(vm, k->groups[g].count > 1 ? ROLE_MISSED : ROLE_TEXT, text, width, 2);
        vm->oom = vm->oom || !text;
        free(text);
    }
    for (int g = shown; g < k->ngroups; g++)
        hidden += k->groups[g].count;
    if (hidden) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "  ... %d more (planlens --warnings FILE writes every one)", hidden);
    }
}

void pl_view_warnings(const pl_diags *warnings, int width, pl_view_model *vm)
{
    pl_vm_init(vm);
    pl_vm_set_title(vm, "warnings");
    pl_diag_kinds kinds;
    vm->oom = pl_diags_by_kind(warnings, &kinds) < 0;
    int n = kinds.nkinds;
    char *header = pl_strdup_printf("%zu warning%s while opening, %d kind%s (each kind: how many times, in how many "
                                    "files, its first examples)",
                                    warnings->count, warnings->count == 1 ? "" : "s", n, n == 1 ? "" : "s");
    if (header) /* wrapped: at 80 columns the explanation does not fit beside 3,000 warnings */
        pl_vm_wrapped(vm, ROLE_HEADER, header, width, 0);
    vm->oom = vm->oom || !header;
    free(header);
    if (!n) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "no warnings to show: every file opened cleanly");
    }
    for (int i = 0; i < n; i++)
        kind_lines(&kinds.kinds[i], i, width, vm);
    pl_vm_set_status(vm, "%zu warning%s · %d kind%s", warnings->count, warnings->count == 1 ? "" : "s", n,
                     n == 1 ? "" : "s");
    pl_diag_kinds_free(&kinds);
}
