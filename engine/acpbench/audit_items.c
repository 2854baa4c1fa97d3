/* What every label audit shares: recording a disagreement, a plan as
 * text, and the plan quoted in a question. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpbench/audit_internal.h"

static int append(pl_audit_finding **items, int *count, int *cap, const char *item, const char *stored, char *proof)
{
    if (!proof)
        return -1;
    if (*count == *cap) {
        int grown_cap = *cap ? *cap * 2 : 8;
        pl_audit_finding *grown = realloc(*items, (size_t)grown_cap * sizeof *grown);
        if (!grown) {
            free(proof);
            return -1;
        }
        *items = grown;
        *cap = grown_cap;
    }
    (*items)[(*count)++] = (pl_audit_finding){pl_strdup(item), pl_strdup(stored), proof};
    return 0;
}

int pl_audit_add(pl_audit_result *r, const char *item, const char *stored, char *proof)
{
    return append(&r->items, &r->count, &r->cap, item, stored, proof);
}

int pl_audit_unresolved(pl_audit_result *r, const char *item, const char *stored, char *why)
{
    return append(&r->unresolved, &r->nunresolved, &r->cap_unresolved, item, stored, why);
}

char *pl_audit_plan_text(const pl_task *t, const int *plan, int length)
{
    size_t cap = 64;
    for (int i = 0; i < length && i < 12; i++)
        cap += strlen(t->actions[plan[i]].name) + 1;
    char *out = malloc(cap);
    if (!out)
        return NULL;
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; i < length && i < 12; i++)
        n += (size_t)snprintf(out + n, cap - n, "%s%s", i ? " " : "", t->actions[plan[i]].name);
    if (length > 12)
        snprintf(out + n, cap - n, " ... (%d steps)", length);
    else if (length == 0)
        snprintf(out, cap, "(the empty plan)");
    return out;
}

char *pl_audit_quoted(const char *question)
{
    const char *open = question ? strchr(question, '"') : NULL, *close = question ? strrchr(question, '"') : NULL;
    return open && close > open ? pl_strndup(open + 1, (size_t)(close - open - 1)) : NULL;
}
