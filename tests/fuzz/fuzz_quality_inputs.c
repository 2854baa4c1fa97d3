/* Plan-quality inputs: the first byte picks the file name and with it the
 * reader (case JSONL, PlanBench result JSON, the paper's CSV); the Python
 * list literals of the CSV are fuzzed directly too. */
#include <stdint.h>
#include <stdlib.h>

#include "fuzz_input.h"
#include "quality/inputs.h"

static const char *const names[] = {"cases.jsonl", "results.json", "evaluation.csv"};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    if (data[0] == 0xff) {
        char *text = fuzz_strndup(data + 1, size - 1), **items = NULL;
        int n = 0;
        if (pl_quality_parse_pylist(text, &items, &n) == 0) {
            for (int i = 0; i < n; i++)
                free(items[i]);
            free(items);
        }
        free(text);
        return 0;
    }
    pl_quality_cases cases = {0};
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    pl_quality_read_file(fuzz_write_file(names[data[0] % 3], data + 1, size - 1), NULL, &cases, &warnings, &err);
    pl_quality_cases_free(&cases);
    pl_diags_clear(&warnings);
    pl_error_clear(&err);
    return 0;
}
