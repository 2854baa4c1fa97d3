/* PDDL front end and grounding: the input is a domain, optionally followed by
 * "\n;;;;\n" and a problem. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_input.h"
#include "pddl/pddl.h"
#include "task/load.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *domain, *problem;
    fuzz_split2(data, size, &domain, &problem);
    pl_loaded_task lt;
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    if (pl_load_task_texts(domain, strlen(domain), "domain.pddl", problem, strlen(problem), "problem.pddl",
                           &lt, &warnings, &err) == PL_OK)
        pl_loaded_task_free(&lt);
    pl_error_clear(&err);
    pl_diags_clear(&warnings);
    free(domain);
    free(problem);
    return 0;
}
