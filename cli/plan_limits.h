/* planlens plan --time-limit / --memory-limit over the whole process
 * (issue 40 §2): reading the PDDL, grounding, the relaxation and the search
 * all count, as in Fast Downward's --overall-time-limit and
 * --overall-memory-limit.
 *
 * Time is the process's CPU time.  A timer (SIGPROF) ends the process at
 * the limit with the unknown result written as plan would write it; the
 * search itself gets the time left less a margin, so that it usually stops
 * first and reports its statistics.  Memory is the address space
 * (RLIMIT_AS): an allocation past it fails, and grounding reports it; the
 * search gets what is left after the task and its relaxation, less a
 * margin for the heuristic's tables, so that it ends as "memory limit"
 * instead of running out. */
#ifndef PL_CLI_PLAN_LIMITS_H
#define PL_CLI_PLAN_LIMITS_H

#include <stdbool.h>
#include <stddef.h>

/* Arms the limits (0 = none) before the task is read.  `json`: the result
 * the timer writes is plan --json's; `search` names the search in it.
 * Returns false (errno set) when the system refuses a limit. */
bool plan_limits_start(double seconds, size_t bytes, bool json, const char *search);
/* The CPU seconds left for the search (0 = no limit), at least a little. */
double plan_limits_search_seconds(void);
/* The bytes left for the search's tables, or `fallback` without a limit. */
size_t plan_limits_search_bytes(size_t fallback);

#endif
