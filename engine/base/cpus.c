#define _POSIX_C_SOURCE 200809L /* sysconf */
#include <unistd.h>

#include "base/cpus.h"

int pl_cpu_count(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 256 ? 256 : (int)n;
}
