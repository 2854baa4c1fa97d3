/* The official ACPBench-Hard response grammar and its rewrites: the first
 * byte picks the start symbol, the rest is the model's response. */
#include <stdint.h>
#include <stdlib.h>

#include "acpbench/parse.h"
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    pl_acp_start start = (pl_acp_start)(data[0] % 5);
    char *response = fuzz_strndup(data + 1, size - 1);
    char *text = response;
    if (data[0] & 0x80)
        text = start == PL_ACP_START_PROGRESSION_LIST ? pl_acp_rewrite_prog(response) : pl_acp_rewrite_just(response);
    if (text) {
        pl_acp_parsed parsed;
        if (pl_acp_parse(start, text, &parsed) == 0)
            pl_acp_parsed_free(&parsed);
        if (text != response)
            free(text);
    }
    free(response);
    return 0;
}
