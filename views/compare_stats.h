/* Error bars as text, the same in every view and command (base/stats.h):
 * an interval "[+0.1, +59.9]", "n = 1" where one answer (or none) leaves
 * it undefined (never "± 0.000"), and McNemar's p-value. */
#ifndef PL_VIEWS_COMPARE_STATS_H
#define PL_VIEWS_COMPARE_STATS_H

#include <stdbool.h>
#include <stddef.h>

#include "base/stats.h"

/* The interval scaled (100: percent or percentage points) with `decimals`,
 * signed when `sign` (a difference), into buf; "n = N" when undefined. */
void pl_ci_text(char *buf, size_t size, pl_interval ci, int n, double scale, int decimals, bool sign);

/* A p-value: "0.039", "<0.001" below a thousandth, "n/a" for NAN (not computed). */
void pl_p_text(char *buf, size_t size, double p);

#endif
