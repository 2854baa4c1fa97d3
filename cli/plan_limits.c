/* The whole-process limits of planlens plan (plan_limits.h). */
#define _POSIX_C_SOURCE 200809L /* sigaction, setitimer */
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <unistd.h>

#include "cli.h"
#include "plan_limits.h"

static double limit_seconds;
static size_t limit_bytes;
static char timeout_text[256]; /* written by the timer's handler: only write(2) there */
static size_t timeout_len;

static double process_cpu_seconds(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return 0;
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
           (double)ru.ru_stime.tv_usec / 1e6;
}

static void on_timeout(int sig)
{
    (void)sig;
    ssize_t ignored = write(STDOUT_FILENO, timeout_text, timeout_len);
    (void)ignored;
    _exit(PL_EXIT_INVALID);
}

/* Under ASan (shadow memory) or valgrind (its own heap) the address space
 * holds the tool as well as planlens: capping it would stop the tool, so
 * there only the search's own accounting bounds memory, with the whole
 * limit. */
static bool address_space_instrumented(void)
{
#ifdef __SANITIZE_ADDRESS__
    return true;
#else
    const char *preload = getenv("LD_PRELOAD");
    return preload && strstr(preload, "vgpreload");
#endif
}

bool plan_limits_start(double seconds, size_t bytes, bool json, const char *search)
{
    limit_seconds = seconds;
    limit_bytes = bytes;
    if (bytes && bytes != (size_t)-1 && !address_space_instrumented()) {
        struct rlimit rl = {(rlim_t)bytes, (rlim_t)bytes};
        struct rlimit old;
        if (getrlimit(RLIMIT_AS, &old) == 0 && old.rlim_max != RLIM_INFINITY && old.rlim_max < rl.rlim_max)
            rl.rlim_cur = rl.rlim_max = old.rlim_max;
        if (setrlimit(RLIMIT_AS, &rl) != 0)
            return false;
    }
    if (seconds > 0) {
        /* the search names are plain ASCII from plan's table: no escaping needed */
        int n = json ? snprintf(timeout_text, sizeof timeout_text,
                                "{\"status\":\"unknown\",\"search\":\"%s\",\"limit\":\"time\",\"plan\":[]}\n", search)
                     : snprintf(timeout_text, sizeof timeout_text, "; unknown: time limit reached\n");
        timeout_len = n > 0 && (size_t)n < sizeof timeout_text ? (size_t)n : 0;
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_timeout;
        sigemptyset(&sa.sa_mask);
        double left = seconds - process_cpu_seconds();
        if (left < 0.001)
            left = 0.001;
        struct itimerval it = {{0, 0}, {(time_t)left, (suseconds_t)((left - (double)(time_t)left) * 1e6)}};
        if (sigaction(SIGPROF, &sa, NULL) != 0 || setitimer(ITIMER_PROF, &it, NULL) != 0)
            return false;
    }
    return true;
}

double plan_limits_search_seconds(void)
{
    if (limit_seconds <= 0)
        return 0;
    /* stop 3 % (at least 0.1 s) before the timer, to report the search's
     * counts: the search looks at the clock every 64 expansions and may be
     * growing a table when the time is up */
    double margin = limit_seconds * 0.03 > 0.1 ? limit_seconds * 0.03 : 0.1;
    double left = limit_seconds - process_cpu_seconds() - margin;
    return left > 0.001 ? left : 0.001;
}

/* The address space the process maps now (/proc/self/statm), 0 if unknown. */
static size_t mapped_bytes(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    if (!f)
        return 0;
    if (fscanf(f, "%lu", &pages) != 1)
        pages = 0;
    fclose(f);
    return (size_t)pages * (size_t)sysconf(_SC_PAGESIZE);
}

size_t plan_limits_search_bytes(size_t fallback)
{
    if (!limit_bytes || limit_bytes == (size_t)-1 || address_space_instrumented())
        return fallback; /* instrumented: the tool's mappings are not planlens's */
    size_t mapped = mapped_bytes();
    /* the search's own bound covers its state tables; the heuristic's
     * scratch and the allocator's slack get an eighth of the rest */
    size_t left = limit_bytes > mapped ? limit_bytes - mapped : 0;
    left -= left / 8;
    return left > 1 ? left : 1;
}
