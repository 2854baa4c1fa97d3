#include "csv_out.h"

#include <stdlib.h>

#include "base/safe_text.h"

static bool csv_raw;

void pl_csv_set_raw(bool raw)
{
    csv_raw = raw;
}

bool pl_csv_put(FILE *out, const char *text)
{
    char *cell = pl_csv_cell(text ? text : "", csv_raw);
    if (cell)
        fputs(cell, out);
    free(cell);
    return cell != NULL;
}

bool pl_answer_csv_put(FILE *out, const char *const *cells)
{
    bool ok = true;
    for (int c = 0; c < PL_AC_COUNT; c++) {
        if (c)
            fputc(',', out);
        ok &= pl_csv_put(out, cells[c]);
    }
    return ok;
}
