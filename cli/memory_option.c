/* The memory bound of searches: `--memory-limit SIZE` (plan) and
 * $PLANLENS_MEMORY_LIMIT (every command). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "search/search.h"

bool cli_parse_memory_size(const char *text, size_t *bytes)
{
    if (!strcmp(text, "none")) {
        *bytes = SIZE_MAX;
        return true;
    }
    char *end;
    double v = strtod(text, &end);
    static const char units[] = "KMGT";
    const char *unit = *end ? strchr(units, *end) : NULL;
    double scale = unit ? pow(1024.0, (double)(unit - units + 1)) : 1024.0 * 1024.0;
    if (end == text || !(v > 0) || (*end && (!unit || end[1])) || v * scale >= (double)SIZE_MAX)
        return false;
    *bytes = (size_t)(v * scale);
    return *bytes > 0;
}

int cli_apply_memory_limit(void)
{
    const char *v = getenv("PLANLENS_MEMORY_LIMIT");
    size_t bytes;
    if (!v || !*v)
        return PL_EXIT_OK;
    if (!cli_parse_memory_size(v, &bytes))
        return cli_usage_error("PLANLENS_MEMORY_LIMIT", "expected a size such as 512M, 4G or none, got '%s'", v);
    pl_search_set_memory_limit(bytes);
    return PL_EXIT_OK;
}
