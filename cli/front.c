/* planlens: the front.  A small static executable that runs the PDDL
 * commands, which a pipeline calls once per plan, itself (--version;
 * validate, applicable, progress, states and plan with text output) and
 * hands every other command to planlens-full beside it (same arguments, by
 * exec).  Statically linked, it maps no shared library and
 * needs no dynamic loader: one `planlens validate` costs about what
 * `/bin/true` does (docs/BENCHMARKS.md, start-up).  It links no JSON
 * library, so --json (--format json) and validate --stream go to
 * planlens-full too. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/resources.h"
#include "cli.h"
#include "state_output.h"
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

/* Whether the command line asks for JSON anywhere, or a part (--shard: JSON
 * too); the commands' own parse decides what it means; planlens-full runs it. */
static bool asks_json(int argc, char **argv)
{
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "--json") || (!strcmp(argv[i], "--format") && i + 1 < argc && !strcmp(argv[i + 1], "json")) ||
            !strncmp(argv[i], "--shard", 7))
            return true;
    return false;
}

/* `COMMAND --help`: planlens-full prints the command's usage. */
static bool asks_help(int argc, char **argv)
{
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return true;
    return false;
}

/* validate with text output, here; --stream in planlens-full */
static int validate(int argc, char **argv)
{
    cli_validate_job job;
    int rc = cli_validate_parse(argc - 2, argv + 2, &job);
    if (rc == PL_EXIT_OK && !job.stream)
        rc = cli_validate_text(&job);
    else if (rc == PL_EXIT_OK)
        rc = run_full(argv);
    free(job.plans);
    return rc;
}

int main(int argc, char **argv)
{
    atexit(cli_text_release);
    if (argc == 2 && !strcmp(argv[1], "--version")) {
        puts("planlens " PLANLENS_VERSION);
        return PL_EXIT_OK;
    }
    static const char *const here[] = {"validate", "applicable", "progress", "states", "plan"};
    size_t k = 0, n = sizeof here / sizeof *here;
    while (argc >= 2 && k < n && strcmp(argv[1], here[k]))
        k++;
    if (argc < 2 || k == n || asks_json(argc, argv) || asks_help(argc, argv))
        return run_full(argv);
    if (cli_apply_input_limit() != PL_EXIT_OK || cli_apply_memory_limit() != PL_EXIT_OK)
        return PL_EXIT_USAGE;
    switch (k) {
    case 0:
        return validate(argc, argv);
    case 1:
        return cli_applicable(argc - 2, argv + 2, NULL);
    case 2:
        return cli_progress(argc - 2, argv + 2, NULL);
    case 3:
        return cmd_states(argc - 2, argv + 2);
    default:
        return cli_plan(argc - 2, argv + 2, NULL);
    }
}
