#include "warnings_view.h"

#include <stdlib.h>

#include "base/diag_groups.h"
#include "base/error.h"

void pl_view_warnings(const pl_diags *warnings, int width, pl_view_model *vm)
{
    pl_vm_init(vm);
    pl_vm_set_title(vm, "warnings");
    int n;
    bool oom;
    pl_diag_group *groups = pl_diags_group(warnings, &n, &oom);
    vm->oom = oom;
    char *header = pl_strdup_printf("%zu warning%s while opening, %d kind%s (file: message, how many times, first "
                                    "lines)",
                                    warnings->count, warnings->count == 1 ? "" : "s", n, n == 1 ? "" : "s");
    if (header) /* wrapped: at 80 columns the explanation does not fit beside 3,000 warnings */
        pl_vm_wrapped(vm, ROLE_HEADER, header, width, 0);
    vm->oom = vm->oom || !header;
    free(header);
    if (!n) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "no warnings to show: every file opened cleanly");
    }
    for (int i = 0; i < n; i++) {
        char *text = pl_diag_group_text(&groups[i]);
        if (!text) {
            vm->oom = true;
            break;
        }
        /* the first line selectable (the cursor walks the groups), the rest wrapped below it */
        int first = vm->nlines;
        pl_vm_wrapped(vm, groups[i].count > 1 ? ROLE_MISSED : ROLE_TEXT, text, width, 2);
        if (first < vm->nlines)
            vm->lines[first].target = i;
        free(text);
    }
    pl_vm_set_status(vm, "%zu warning%s · %d kind%s", warnings->count, warnings->count == 1 ? "" : "s", n,
                     n == 1 ? "" : "s");
    free(groups);
}
