/* planlens: the front.  A small static executable that runs the commands a
 * pipeline calls once per plan itself (--version, validate with text
 * output) and hands every other command to planlens-full beside it (same
 * arguments, by exec).  Statically linked, it maps no shared library and
 * needs no dynamic loader: one `planlens validate` costs about what
 * `/bin/true` does (docs/BENCHMARKS.md, start-up).  It links no JSON
 * library, so validate's --json and --stream go to planlens-full too. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/resources.h"
#include "cli.h"
#include "validate.h"

#define FULL "planlens-full"

static int run_full(char **argv)
{
    char *path = pl_beside_executable(FULL);
    if (path)
        execv(path, argv);
    fprintf(stderr, "planlens: cannot run %s: %s\n", path ? path : FULL,
            path ? strerror(errno) : "the executable's directory is unknown");
    free(path);
    return PL_EXIT_INPUT;
}

/* validate with text output, here; --json and --stream in planlens-full */
static int validate(int argc, char **argv)
{
    if (cli_apply_input_limit() != PL_EXIT_OK || cli_apply_memory_limit() != PL_EXIT_OK)
        return PL_EXIT_USAGE;
    cli_validate_job job;
    int rc = cli_validate_parse(argc - 2, argv + 2, &job);
    if (rc == PL_EXIT_OK && !job.stream && !job.json)
        rc = cli_validate_text(&job);
    else if (rc == PL_EXIT_OK)
        rc = run_full(argv);
    free(job.plans);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "--version")) {
        puts("planlens " PLANLENS_VERSION);
        return PL_EXIT_OK;
    }
    if (argc >= 2 && !strcmp(argv[1], "validate"))
        return validate(argc, argv);
    return run_full(argv);
}
