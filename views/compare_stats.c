/* Error bars as text (compare_stats.h). */
#include "compare_stats.h"

#include <math.h>
#include <stdio.h>

void pl_ci_text(char *buf, size_t size, pl_interval ci, int n, double scale, int decimals, bool sign)
{
    if (!pl_interval_defined(ci))
        snprintf(buf, size, "n = %d", n);
    else if (sign)
        snprintf(buf, size, "[%+.*f, %+.*f]", decimals, ci.low * scale, decimals, ci.high * scale);
    else
        snprintf(buf, size, "[%.*f, %.*f]", decimals, ci.low * scale, decimals, ci.high * scale);
}

void pl_p_text(char *buf, size_t size, double p)
{
    if (isnan(p)) /* McNemar's test is for 0/1 outcomes: not computed on epoch means */
        snprintf(buf, size, "n/a");
    else if (p < 0.001)
        snprintf(buf, size, "<0.001");
    else
        snprintf(buf, size, "%.3f", p);
}
