/* ACPBench question files (a JSON list of records) and the exact JSON reader
 * under them. */
#include <stdint.h>

#include "acpbench/questions.h"
#include "base/json.h"
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pl_error err = PL_ERROR_INIT;
    cJSON *json = pl_json_parse_exact((const char *)data, size, "input.json", &err);
    cJSON_Delete(json);
    pl_error_clear(&err);

    pl_acp_questions qs = PL_ACP_QUESTIONS_INIT;
    pl_diags warnings = PL_DIAGS_INIT;
    pl_acp_questions_load(&qs, fuzz_write_file("questions.json", data, size), &warnings, &err);
    pl_acp_questions_free(&qs);
    pl_diags_clear(&warnings);
    pl_error_clear(&err);
    return 0;
}
