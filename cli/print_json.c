/* The JSON output of the commands (planlens-full only: the static front
 * links no JSON library). */
#include <cjson/cJSON.h>
#include <stdlib.h>

#include "cli.h"

void cli_print_json(cJSON *j)
{
    char *s = cJSON_PrintUnformatted(j);
    if (s)
        puts(s);
    free(s);
    cJSON_Delete(j);
}
