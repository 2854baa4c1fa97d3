/* The JSON output of the commands (planlens-full only: the static front
 * links no JSON library). */
#include <cjson/cJSON.h>
#include <stdlib.h>

#include "base/safe_text.h"
#include "cli.h"

char *cli_json_text(const cJSON *j, bool formatted)
{
    char *printed = formatted ? cJSON_Print(j) : cJSON_PrintUnformatted(j);
    char *safe = printed ? pl_safe_json(printed) : NULL;
    free(printed);
    return safe;
}

void cli_print_json(cJSON *j)
{
    char *s = cli_json_text(j, false);
    if (s)
        puts(s);
    free(s);
    cJSON_Delete(j);
}

/* {"kind", "key", "step", "detail", "items": {kind: count, ...}}: why the
 * sound verdict is 0 (base/failure.h); null members left out. */
cJSON *cli_failure_json(const pl_failure *f)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "kind", pl_failure_kind_name(f->kind));
    if (f->key)
        cJSON_AddStringToObject(o, "key", f->key);
    if (f->step)
        cJSON_AddNumberToObject(o, "step", f->step);
    if (f->detail)
        cJSON_AddStringToObject(o, "detail", f->detail);
    cJSON *items = NULL;
    for (int i = 0; i < PL_FAIL_NITEMS; i++) {
        if (!f->items[i])
            continue;
        if (!items)
            cJSON_AddItemToObject(o, "items", items = cJSON_CreateObject());
        cJSON_AddNumberToObject(items, pl_failure_kind_name((pl_failure_kind)(PL_FAIL_FIRST_ITEM + i)), f->items[i]);
    }
    return o;
}
