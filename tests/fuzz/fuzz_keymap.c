/* Keymap files (bind <view> <key> <action>). */
#include <stdint.h>

#include "fuzz_input.h"
#include "keymap.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tui_keymap km = {0};
    pl_error err = PL_ERROR_INIT;
    tui_keymap_load(&km, fuzz_write_file("keymap", data, size), &err);
    pl_error_clear(&err);
    tui_keymap_free(&km);
    return 0;
}
