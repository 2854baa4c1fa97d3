/* planlens plan --time-limit and --memory-limit bound the whole process,
 * reading and grounding included (issue 40 §2).  The task: one action of
 * four parameters over 25 objects, 390,625 groundings, which take planlens
 * far longer to ground and relax than the limits here (over a minute
 * before the limits covered grounding, whatever --time-limit said).  With
 * --time-limit 0.3 the run ends as unknown within a few CPU seconds, in
 * text and in JSON; with --memory-limit 40M grounding runs out of memory
 * and says so, quickly, instead of growing past it. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cmocka.h>

#include "test_support.h"

static char dir[64];
static char domain[128], problem[128];

static int setup(void **state)
{
    (void)state;
    strcpy(dir, "/tmp/planlens-limits-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    snprintf(domain, sizeof domain, "%s/domain.pddl", dir);
    snprintf(problem, sizeof problem, "%s/problem.pddl", dir);
    FILE *d = fopen(domain, "w"), *p = fopen(problem, "w");
    if (!d || !p)
        return -1;
    fputs("(define (domain heavy) (:requirements :strips) (:predicates (p ?x) (q ?x ?y ?z ?w))\n"
          " (:action make :parameters (?a ?b ?c ?d) :precondition (and (p ?a) (p ?b) (p ?c) (p ?d))\n"
          "  :effect (q ?a ?b ?c ?d)))\n",
          d);
    fputs("(define (problem h) (:domain heavy) (:objects", p);
    for (int i = 0; i < 25; i++)
        fprintf(p, " o%d", i);
    fputs(") (:init", p);
    for (int i = 0; i < 25; i++)
        fprintf(p, " (p o%d)", i);
    fputs(") (:goal (q o1 o2 o3 o4)))\n", p);
    fclose(d);
    fclose(p);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    unlink(domain);
    unlink(problem);
    rmdir(dir);
    return 0;
}

static double children_cpu(void)
{
    struct rusage ru;
    getrusage(RUSAGE_CHILDREN, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
           (double)ru.ru_stime.tv_usec / 1e6;
}

/* Runs plan with `options`; returns its stdout (owned), *status its exit
 * status, *cpu the CPU seconds it took. */
static char *run_plan(const char *options, int *status, double *cpu)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "'%s' plan '%s' '%s' %s 2>&1", PLANLENS_BIN, domain, problem, options);
    double before = children_cpu();
    char *out = pl_test_shell(cmd, status);
    *cpu = children_cpu() - before;
    return out;
}

static void test_time_limit_covers_grounding(void **state)
{
    (void)state;
    int status;
    double cpu;
    char *out = run_plan("--search gbfs-ff --time-limit 0.3", &status, &cpu);
    assert_string_equal(out, "; unknown: time limit reached\n");
    assert_int_equal(status, 1);
    assert_true(cpu < 3.0);
    free(out);
    out = run_plan("--search gbfs-ff --time-limit 0.3 --json", &status, &cpu);
    assert_string_equal(out, "{\"status\":\"unknown\",\"search\":\"gbfs-ff\",\"limit\":\"time\",\"plan\":[]}\n");
    assert_int_equal(status, 1);
    assert_true(cpu < 3.0);
    free(out);
}

/* ASan's shadow memory and valgrind's own heap live in the address space
 * RLIMIT_AS caps: under them a 40 MiB cap stops the tool, not planlens. */
static bool address_space_instrumented(void)
{
#ifdef __SANITIZE_ADDRESS__
    return true;
#else
    const char *preload = getenv("LD_PRELOAD");
    return preload && strstr(preload, "vgpreload");
#endif
}

static void test_memory_limit_covers_grounding(void **state)
{
    (void)state;
    if (address_space_instrumented()) {
        printf("SKIP: --memory-limit caps the address space, which ASan and valgrind need for themselves "
               "(the release build runs this test)\n");
        skip();
    }
    int status;
    double cpu;
    char *out = run_plan("--search gbfs-ff --memory-limit 40M", &status, &cpu);
    assert_non_null(strstr(out, "out of memory while grounding"));
    assert_int_equal(status, 3);
    assert_true(cpu < 3.0);
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_time_limit_covers_grounding),
        cmocka_unit_test(test_memory_limit_covers_grounding),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
