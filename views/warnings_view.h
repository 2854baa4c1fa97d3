/* The warnings of opening a workspace, grouped (the explorer's `:warnings`). */
#ifndef PL_WARNINGS_VIEW_H
#define PL_WARNINGS_VIEW_H

#include "base/error.h"
#include "view_model.h"

/* One group per kind across files (base/diag_groups.h), in order of first
 * occurrence: "kind: N times in M files" (target = the kind's index), then
 * its first file-and-message groups ("file: message (N times; lines ...)")
 * and how many more there are, wrapped to `width`.  No warning: one line
 * saying so. */
void pl_view_warnings(const pl_diags *warnings, int width, pl_view_model *vm);

#endif
