/* Plan files and the action/atom spellings models write, resolved against a
 * fixed Blocksworld task (sample-runs/blocksworld), then simulated. */
#include <stdint.h>
#include <stdlib.h>

#include "fuzz_input.h"
#include "plans/plan.h"
#include "task/load.h"

static pl_loaded_task task;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    pl_error err = PL_ERROR_INIT;
    if (pl_load_task_files(PLANLENS_SOURCE_DIR "/sample-runs/blocksworld/domain.pddl",
                           PLANLENS_SOURCE_DIR "/sample-runs/blocksworld/problem.pddl", &task, NULL, &err) != PL_OK)
        abort();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_strndup(data, size);
    pl_plan_steps steps;
    pl_error err = PL_ERROR_INIT;
    if (pl_plan_steps_parse(text, &steps, &err) == PL_OK) {
        pl_trace *tr = pl_trace_new(task.task, steps.steps, steps.count);
        pl_trace_free(tr);
        for (int i = 0; i < steps.count; i++) {
            pl_atom_ref atom;
            pl_resolve_atom_ref(task.task, steps.steps[i], &atom);
            pl_atom_ref_clear(&atom);
        }
        pl_plan_steps_free(&steps);
    }
    pl_error_clear(&err);
    free(text);
    return 0;
}
