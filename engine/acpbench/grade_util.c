/* Small helpers the per-task graders share: the task for naming failures,
 * limits, lower-casing as Python does, the sound reason, list membership and the Jaccard index. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpbench/grade_internal.h"

const pl_task *acp_task_if_loads(pl_acp_grader *g, const pl_acp_question *q)
{
    pl_error err = PL_ERROR_INIT;
    acp_question_cache *c = g->opts.sound ? acp_cache_get(g, q, &err) : NULL;
    pl_error_clear(&err);
    return c ? c->lt.task : NULL;
}

pl_limits acp_limits(double seconds)
{
    return (pl_limits){0, seconds, 0};
}

char *acp_lower(const char *s)
{
    size_t n = strlen(s);
    char *out = malloc(n + 1);
    if (!out)
        return NULL;
    for (size_t i = 0; i <= n; i++)
        out[i] = (s[i] >= 'A' && s[i] <= 'Z') ? (char)(s[i] - 'A' + 'a') : s[i];
    return out;
}

void acp_reason(pl_acp_verdict *v, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s) {
        va_start(ap, fmt);
        vsnprintf(s, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    free(v->sound_reason);
    v->sound_reason = s;
}

bool acp_in_list_lower(const cJSON *list, const char *lower)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, list)
    {
        if (!cJSON_IsString(it))
            continue;
        const char *a = it->valuestring, *b = lower;
        while (*a && tolower((unsigned char)*a) == *b)
            a++, b++;
        if (!*a && !*b)
            return true;
    }
    return false;
}

static bool contains(char *const *set, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(set[i], s))
            return true;
    return false;
}

static int distinct(char *const *set, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += !contains(set, i, set[i]);
    return k;
}

double acp_jaccard(char *const *a, int na, char *const *b, int nb)
{
    int inter = 0;
    for (int i = 0; i < na; i++)
        inter += !contains(a, i, a[i]) && contains(b, nb, a[i]);
    int uni = distinct(a, na) + distinct(b, nb) - inter;
    return uni ? (double)inter / uni : 1.0;
}
