/* The warnings of opening a workspace, grouped (the explorer's `:warnings`). */
#ifndef PL_WARNINGS_VIEW_H
#define PL_WARNINGS_VIEW_H

#include "base/error.h"
#include "view_model.h"

/* One group per file and message (engine/diag_groups.h), in order of first
 * occurrence: "file: message (N times; lines ...)", wrapped to `width`;
 * each group's first line has target = its index.  No warning: one line
 * saying so. */
void pl_view_warnings(const pl_diags *warnings, int width, pl_view_model *vm);

#endif
