/* The plan-quality summary table's error bars: `quality --summary` shows the
 * 95 % interval of sr0 (Wilson's: one case per instance) unless --no-ci. */
#ifndef PL_CLI_QUALITY_SUMMARY_PRINT_H
#define PL_CLI_QUALITY_SUMMARY_PRINT_H

#include <stdbool.h>

/* --ci (the default) or --no-ci, for the process (as --csv-raw is). */
void quality_summary_print_ci(bool on);
/* Is it on?  (The success-rate charts draw their error bars then.) */
bool quality_summary_ci(void);

#endif
