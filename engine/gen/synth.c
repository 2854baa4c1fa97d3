#include "gen/synth.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "base/random.h"
#include "gen/synth_internal.h"

#define MAX_ITEMS 512

uint64_t synth_next(pl_synth *s)
{
    return pl_next_random(&s->state);
}

double synth_uniform(pl_synth *s)
{
    return (double)(synth_next(s) >> 11) / (double)(UINT64_C(1) << 53);
}

bool synth_chance(pl_synth *s, double p)
{
    return synth_uniform(s) < p;
}

int synth_pick(pl_synth *s, int n)
{
    return (int)(synth_next(s) % (uint64_t)n);
}

char *synth_reversed_args(const char *item)
{
    char words[16][128];
    int n = 0;
    for (const char *c = item; *c && n < 16;) {
        while (*c == ' ' || *c == '(' || *c == ')')
            c++;
        size_t k = strcspn(c, " ()");
        if (!k)
            break;
        snprintf(words[n++], sizeof words[0], "%.*s", (int)k, c);
        c += k;
    }
    if (n < 3)
        return NULL;
    char out[1024];
    size_t len = (size_t)snprintf(out, sizeof out, "(%s", words[0]);
    for (int i = n - 1; i >= 1 && len < sizeof out; i--)
        len += (size_t)snprintf(out + len, sizeof out - len, " %s", words[i]);
    snprintf(out + len, sizeof out - len, ")");
    return strcmp(out, item) ? pl_strdup(out) : NULL;
}

char *synth_invented(const char *item, pl_synth *s)
{
    char name[128] = "teleport";
    if (item && sscanf(item, " (%127[^ )]", name) != 1)
        snprintf(name, sizeof name, "teleport");
    return pl_strdup_printf("(%s %s)", name, synth_chance(s, 0.5) ? "zz" : "ghost-1");
}

char *synth_prose(pl_synth *s)
{
    return pl_strdup(synth_chance(s, 0.5) ? "I need to think about this more carefully before answering."
                                          : "All of the listed actions seem possible here.");
}

char *synth_styled(const char *body, double style)
{
    return pl_strdup_printf("%s%s",
                            style < 0.2   ? "Answer:\n"
                            : style < 0.5 ? "Let me reason step by step. The answer is:\n"
                                          : "",
                            body);
}

char *synth_list(const char *const *items, int m, int split, double style)
{
    size_t cap = 64;
    for (int i = 0; i < m; i++)
        cap += strlen(items[i]) + 8;
    char *list = malloc(cap);
    if (!list)
        return NULL;
    size_t len = 0;
    if (split >= 0) {
        len += (size_t)snprintf(list + len, cap - len, "[");
        for (int i = 0; i < m; i++)
            len += (size_t)snprintf(list + len, cap - len, "%s%s", i == split ? "] [" : i ? ", " : "", items[i]);
        snprintf(list + len, cap - len, "%s]", split >= m ? "] [" : "");
    } else if (style < 0.2 && m) { /* numbered lines */
        for (int i = 0; i < m; i++)
            len += (size_t)snprintf(list + len, cap - len, "%s%d. %s", i ? "\n" : "", i + 1, items[i]);
    } else {
        len += (size_t)snprintf(list + len, cap - len, "[");
        for (int i = 0; i < m; i++)
            len += (size_t)snprintf(list + len, cap - len, "%s%s", i ? ", " : "", items[i]);
        snprintf(list + len, cap - len, "]");
    }
    char *text = synth_styled(list, style);
    free(list);
    return text;
}

char *pl_synth_response(pl_synth *s, char *const *items, int n, bool is_plan, int prog_split)
{
    double p = s->error_rate;
    if (synth_chance(s, p / 4))
        return synth_prose(s);
    const char *out[MAX_ITEMS];
    char *owned[8];
    int m = 0, nowned = 0, split = prog_split;
    for (int i = 0; i < n && m < MAX_ITEMS; i++) {
        if (!is_plan && synth_chance(s, p / 2)) { /* dropped item */
            if (i < prog_split)
                split--;
            continue;
        }
        out[m++] = items[i];
    }
    if (is_plan && m > 1 && synth_chance(s, p)) { /* misplaced: two steps swapped */
        int i = synth_pick(s, m - 1);
        const char *t = out[i];
        out[i] = out[i + 1];
        out[i + 1] = t;
    }
    if (is_plan && m > 2 && synth_chance(s, p / 2)) { /* a step removed */
        int i = synth_pick(s, m);
        memmove(out + i, out + i + 1, (size_t)(m - i - 1) * sizeof *out);
        m--;
    }
    if (is_plan && m > 0 && m < MAX_ITEMS && synth_chance(s, p / 2)) /* a redundant repeated step */
        out[m] = out[m - 1], m++;
    if (!is_plan && m > 0 && nowned < 8 && synth_chance(s, p)) { /* arguments in the wrong order */
        char *r = synth_reversed_args(out[synth_pick(s, m)]);
        if (r && m < MAX_ITEMS) {
            owned[nowned++] = r;
            out[m++] = r;
        } else {
            free(r);
        }
    }
    if (m < MAX_ITEMS && nowned < 8 && synth_chance(s, p / 2)) { /* hallucinated object or action */
        char *h = synth_invented(n ? items[synth_pick(s, n)] : NULL, s);
        if (h) {
            int at = is_plan && m ? synth_pick(s, m) : m;
            memmove(out + at + 1, out + at, (size_t)(m - at) * sizeof *out);
            out[at] = owned[nowned++] = h;
            m++;
        }
    }
    char *text = synth_list(out, m, prog_split >= 0 ? split : -1, synth_uniform(s));
    for (int i = 0; i < nowned; i++)
        free(owned[i]);
    return text;
}

const char *synth_string_at(const cJSON *list, int i)
{
    const cJSON *it = cJSON_GetArrayItem(list, i);
    return cJSON_IsString(it) ? it->valuestring : NULL;
}
