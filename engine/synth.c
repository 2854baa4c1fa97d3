#include "synth.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pl_error.h"

#define MAX_ITEMS 512

/* splitmix64 */
static uint64_t next(pl_synth *s)
{
    uint64_t z = (s->state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static double uniform(pl_synth *s)
{
    return (double)(next(s) >> 11) / (double)(UINT64_C(1) << 53);
}

static bool chance(pl_synth *s, double p)
{
    return uniform(s) < p;
}

/* "(name b a)" from "(name a b)" (the arguments reversed), or NULL. */
static char *reversed_args(const char *item)
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

/* The same action or predicate with an object that does not exist. */
static char *invented(const char *item, pl_synth *s)
{
    char name[128] = "teleport";
    if (item && sscanf(item, " (%127[^ )]", name) != 1)
        snprintf(name, sizeof name, "teleport");
    return pl_strdup_printf("(%s %s)", name, chance(s, 0.5) ? "zz" : "ghost-1");
}

char *pl_synth_response(pl_synth *s, char *const *items, int n, bool is_plan, int prog_split)
{
    double p = s->error_rate;
    if (chance(s, p / 4))
        return pl_strdup(chance(s, 0.5) ? "I need to think about this more carefully before answering."
                                        : "All of the listed actions seem possible here.");
    const char *out[MAX_ITEMS];
    char *owned[8];
    int m = 0, nowned = 0, split = prog_split;
    for (int i = 0; i < n && m < MAX_ITEMS; i++) {
        if (!is_plan && chance(s, p / 2)) { /* dropped item */
            if (i < prog_split)
                split--;
            continue;
        }
        out[m++] = items[i];
    }
    if (is_plan && m > 1 && chance(s, p)) { /* misplaced: two steps swapped */
        int i = (int)(next(s) % (uint64_t)(m - 1));
        const char *t = out[i];
        out[i] = out[i + 1];
        out[i + 1] = t;
    }
    if (is_plan && m > 2 && chance(s, p / 2)) { /* a step removed */
        int i = (int)(next(s) % (uint64_t)m);
        memmove(out + i, out + i + 1, (size_t)(m - i - 1) * sizeof *out);
        m--;
    }
    if (is_plan && m > 0 && m < MAX_ITEMS && chance(s, p / 2)) /* a redundant repeated step */
        out[m] = out[m - 1], m++;
    if (!is_plan && m > 0 && nowned < 8 && chance(s, p)) { /* arguments in the wrong order */
        char *r = reversed_args(out[next(s) % (uint64_t)m]);
        if (r && m < MAX_ITEMS) {
            owned[nowned++] = r;
            out[m++] = r;
        } else {
            free(r);
        }
    }
    if (m < MAX_ITEMS && nowned < 8 && chance(s, p / 2)) { /* hallucinated object or action */
        char *h = invented(n ? items[next(s) % (uint64_t)n] : NULL, s);
        if (h) {
            int at = is_plan && m ? (int)(next(s) % (uint64_t)m) : m;
            memmove(out + at + 1, out + at, (size_t)(m - at) * sizeof *out);
            out[at] = owned[nowned++] = h;
            m++;
        }
    }
    size_t cap = 64;
    for (int i = 0; i < m; i++)
        cap += strlen(out[i]) + 8;
    char *text = malloc(cap + 64), *list = malloc(cap);
    if (!text || !list) {
        free(text);
        free(list);
        text = NULL;
        goto done;
    }
    double style = uniform(s);
    size_t len = 0;
    list[0] = '\0'; /* an empty numbered answer writes nothing */
    if (prog_split >= 0) {
        len += (size_t)snprintf(list + len, cap - len, "[");
        for (int i = 0; i < m; i++)
            len += (size_t)snprintf(list + len, cap - len, "%s%s", i == split ? "] [" : i ? ", " : "", out[i]);
        snprintf(list + len, cap - len, "%s]", split >= m ? "] [" : "");
    } else if (style < 0.2 && m) { /* numbered lines */
        for (int i = 0; i < m; i++)
            len += (size_t)snprintf(list + len, cap - len, "%s%d. %s", i ? "\n" : "", i + 1, out[i]);
    } else {
        len += (size_t)snprintf(list + len, cap - len, "[");
        for (int i = 0; i < m; i++)
            len += (size_t)snprintf(list + len, cap - len, "%s%s", i ? ", " : "", out[i]);
        snprintf(list + len, cap - len, "]");
    }
    snprintf(text, cap + 64, "%s%s", style < 0.2 ? "Answer:\n" : style < 0.5 ? "Let me reason step by step. The answer is:\n" : "",
             list);
    free(list);
done:
    for (int i = 0; i < nowned; i++)
        free(owned[i]);
    return text;
}
