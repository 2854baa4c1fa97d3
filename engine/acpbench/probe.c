#include "acpbench/probe.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"

static const char *const kind_names[PL_PROBE_COUNT] = {"exact", "drop",     "hallucinate", "swap-args", "case",
                                                       "prose", "markdown", "off-by-one",  "none"};

const char *pl_probe_kind_name(pl_probe_kind k)
{
    return (unsigned)k < PL_PROBE_COUNT ? kind_names[k] : "?";
}

int pl_probe_kinds_parse(const char *list, unsigned *mask)
{
    *mask = 0;
    for (const char *s = list; *s;) {
        size_t n = strcspn(s, ",");
        int found = -1;
        for (int k = 0; k < PL_PROBE_COUNT; k++)
            if (strlen(kind_names[k]) == n && !strncmp(s, kind_names[k], n))
                found = k;
        if (found < 0)
            return -1;
        *mask |= 1u << found;
        s += n + (s[n] == ',');
    }
    return *mask ? 0 : -1;
}

/* Up to two lists of items (prog: positive and negative effects). */
typedef struct {
    const char *items[2][256];
    int n[2];
    int nlists;
    bool single; /* the answer is one item, or None */
    char atom[512]; /* reach: the single item in parentheses */
} answer_items;

static void add_strings(const cJSON *list, answer_items *a, int which)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, list) {
        if (cJSON_IsString(it) && a->n[which] < 256)
            a->items[which][a->n[which]++] = it->valuestring;
    }
}

/* The correct answer's items as the official response format lists them. */
static bool items_of(const pl_acp_question *q, answer_items *a)
{
    memset(a, 0, sizeof *a);
    a->nlists = 1;
    switch (q->task) {
    case PL_ACP_APP:
        add_strings(q->answer, a, 0);
        return true;
    case PL_ACP_PROG:
        a->nlists = 2;
        add_strings(cJSON_GetObjectItemCaseSensitive(q->answer, "pos"), a, 0);
        add_strings(cJSON_GetObjectItemCaseSensitive(q->answer, "neg"), a, 1);
        return true;
    case PL_ACP_REACH:
    case PL_ACP_AREACH:
        add_strings(q->answer, a, 0);
        break;
    case PL_ACP_LAND:
        add_strings(cJSON_GetObjectItemCaseSensitive(q->answer, "yes"), a, 0);
        break;
    case PL_ACP_NEXTA:
        add_strings(cJSON_GetObjectItemCaseSensitive(q->answer, "yes"), a, 0);
        break;
    default:
        return false;
    }
    a->single = true;
    if (a->n[0] > 1)
        a->n[0] = 1;
    if (q->task == PL_ACP_REACH && a->n[0]) { /* stored without parentheses; answered with them */
        snprintf(a->atom, sizeof a->atom, "(%s)", a->items[0][0]);
        a->items[0][0] = a->atom;
    }
    return true;
}

static char *format_items(const answer_items *a)
{
    size_t cap = 16;
    for (int l = 0; l < a->nlists; l++)
        for (int i = 0; i < a->n[l]; i++)
            cap += strlen(a->items[l][i]) + 2;
    char *s = malloc(cap);
    if (!s)
        return NULL;
    if (a->single) {
        snprintf(s, cap, "%s", a->n[0] ? a->items[0][0] : "None");
        return s;
    }
    size_t n = 0;
    for (int l = 0; l < a->nlists; l++) {
        n += (size_t)snprintf(s + n, cap - n, "%s[", l ? " " : "");
        for (int i = 0; i < a->n[l]; i++)
            n += (size_t)snprintf(s + n, cap - n, "%s%s", i ? ", " : "", a->items[l][i]);
        n += (size_t)snprintf(s + n, cap - n, "]");
    }
    return s;
}

/* "(name zz zz)" from "(name a b)": the same action or predicate, objects that do not exist. */
static char *phantom_of(const char *item)
{
    char name[128] = "phantom";
    int args = sscanf(item, " (%127[^ )]", name) == 1 ? 0 : 1;
    for (const char *c = item; *c; c++)
        args += *c == ' ' && c[1] && c[1] != ')';
    char buf[256];
    size_t n = (size_t)snprintf(buf, sizeof buf, "(%s", name);
    for (int i = 0; i < (args ? args : 1) && n + 4 < sizeof buf; i++)
        n += (size_t)snprintf(buf + n, sizeof buf - n, " zz");
    snprintf(buf + n, sizeof buf - n, ")");
    return pl_strdup(buf);
}

/* "(name b a ...)" from "(name a b ...)", or NULL with fewer than two arguments. */
static char *swapped(const char *item)
{
    char name[128], a[128], b[128];
    int consumed = 0;
    if (sscanf(item, " (%127s %127s %127[^ )]%n", name, a, b, &consumed) != 3 || !strcmp(a, b))
        return NULL;
    return pl_strdup_printf("(%s %s %s%s", name, b, a, item + consumed);
}

static char *wrap(char *exact, const char *before, const char *after)
{
    char *s = exact ? pl_strdup_printf("%s%s%s", before, exact, after) : NULL;
    free(exact);
    return s;
}

char *pl_probe_response(const pl_acp_question *q, pl_probe_kind kind)
{
    if (q->format != PL_ACP_GEN)
        return NULL;
    if (q->task == PL_ACP_VAL) {
        if (!cJSON_IsNumber(q->answer))
            return NULL;
        int index = (int)q->answer->valuedouble;
        switch (kind) {
        case PL_PROBE_EXACT:
            return pl_strdup_printf("%d", index);
        case PL_PROBE_OFF_BY_ONE:
            return pl_strdup_printf("%d", index + 1);
        case PL_PROBE_PROSE:
            return pl_strdup_printf("The first action that cannot be executed is at index %d.", index);
        case PL_PROBE_MARKDOWN:
            return pl_strdup_printf("**Answer:** `%d`", index);
        case PL_PROBE_NONE:
            return pl_strdup("None");
        default:
            return NULL;
        }
    }
    answer_items a;
    if (!items_of(q, &a))
        return NULL;
    int list = a.n[0] ? 0 : 1; /* the list a drop or a swap works on */
    char *extra = NULL, *result = NULL;
    switch (kind) {
    case PL_PROBE_EXACT:
        return format_items(&a);
    case PL_PROBE_DROP:
        if (a.single || (list == 1 && a.nlists < 2) || a.n[list] == 0)
            return NULL;
        a.n[list]--;
        return format_items(&a);
    case PL_PROBE_HALLUCINATE:
        if (!(extra = phantom_of(a.n[0] ? a.items[0][0] : a.nlists > 1 && a.n[1] ? a.items[1][0] : "(phantom zz)")))
            return NULL;
        if (a.single) {
            a.items[0][0] = extra;
            a.n[0] = 1;
        } else if (a.n[0] < 256) {
            a.items[0][a.n[0]++] = extra;
        }
        result = format_items(&a);
        free(extra);
        return result;
    case PL_PROBE_SWAP_ARGS:
        for (int l = 0; l < a.nlists && !extra; l++)
            for (int i = 0; i < a.n[l] && !extra; i++)
                if ((extra = swapped(a.items[l][i])))
                    a.items[l][i] = extra;
        result = extra ? format_items(&a) : NULL;
        free(extra);
        return result;
    case PL_PROBE_CASE: {
        char *s = format_items(&a);
        for (char *c = s; c && *c; c++)
            *c = (char)toupper((unsigned char)*c);
        return s;
    }
    case PL_PROBE_PROSE:
        return wrap(format_items(&a), "I have checked the state carefully. The answer is ", ".");
    case PL_PROBE_MARKDOWN:
        return wrap(format_items(&a), "**Answer:** `", "`");
    case PL_PROBE_NONE:
        return a.single && !a.n[0] ? NULL : pl_strdup("None");
    default:
        return NULL;
    }
}
