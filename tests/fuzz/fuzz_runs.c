/* Model-run loaders: the first byte picks the file name, and with it the
 * format the loader detects (native JSONL, lm-eval samples, Inspect JSON,
 * Inspect .eval zip). */
#include <stdint.h>

#include "acpbench/questions.h"
#include "fuzz_input.h"
#include "runs/runs.h"

static const char *const names[] = {
    "run.jsonl",
    "samples_acp_app_gen_2024-06-01T00-00-00.jsonl",
    "inspect-log.json",
    "inspect-log.eval",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const char *path = fuzz_write_file(names[data[0] % 4], data + 1, size - 1);
    pl_run_responses rs = PL_RUN_RESPONSES_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    pl_run_responses_load(&rs, path, &warnings, &err);
    pl_run_responses_free(&rs);
    pl_diags_clear(&warnings);
    pl_error_clear(&err);
    return 0;
}
