/* How many threads a parallel job should use by default. */
#ifndef PL_BASE_CPUS_H
#define PL_BASE_CPUS_H

/* The processors online now, at least 1 and at most 256. */
int pl_cpu_count(void);

#endif
