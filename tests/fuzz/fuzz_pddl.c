/* PDDL front end and grounding: the input is a domain, optionally followed by
 * "\n;;;;\n" and a problem. */
#include <stdint.h>

#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pl_loaded_task lt;
    if (fuzz_load_task(data, size, &lt))
        pl_loaded_task_free(&lt);
    return 0;
}
