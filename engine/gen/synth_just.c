/* Synthetic responses to ACPBench just questions (docs/SYNTH.md): the plan
 * the question quotes, simplified by one of the stored removal options.  An
 * option [action, "k"] removes the k-th occurrence of the action; [a, b,
 * "-1"] removes a consecutive pair a b, its n-th listing the n-th such pair
 * in the plan (engine/acpbench/audit_plans.c reads them so too). */
#include <stdlib.h>
#include <string.h>

#include "acpbench/parse_text.h"
#include "gen/synth_internal.h"
#include "plans/plan.h"

typedef struct {
    int from, count;
} removal;

/* Where option `opt` removes steps of the plan, or from = -1 when the plan
 * has no such step.  used: pair positions given to earlier listings. */
static removal option_removal(char *const *plan, int n, const cJSON *opt, bool *used)
{
    const char *a = synth_string_at(opt, 0), *b = synth_string_at(opt, 1), *c = synth_string_at(opt, 2);
    bool pair = c && !strcmp(c, "-1");
    int k = a && b && !c ? atoi(b) : 0;
    for (int i = 0; pair && i + 1 < n; i++)
        if (!used[i] && !strcmp(plan[i], a) && !strcmp(plan[i + 1], b)) {
            used[i] = true;
            return (removal){i, 2};
        }
    for (int i = 0; k > 0 && i < n; i++)
        if (!strcmp(plan[i], a) && --k == 0)
            return (removal){i, 1};
    return (removal){-1, 0};
}

/* A random one of the stored options that the plan has (count 0 when none);
 * from = -1 when out of memory. */
static removal stored_removal(pl_synth *s, char *const *plan, int n, const cJSON *options)
{
    int nopts = cJSON_IsArray(options) ? cJSON_GetArraySize(options) : 0;
    removal *found = malloc((size_t)(nopts + 1) * sizeof *found), chosen = {0, 0};
    bool *used = calloc((size_t)n + 1, sizeof *used);
    int m = 0;
    for (int i = 0; found && used && i < nopts; i++) {
        removal r = option_removal(plan, n, cJSON_GetArrayItem(options, i), used);
        if (r.from >= 0)
            found[m++] = r;
    }
    if (!found || !used)
        chosen.from = -1;
    else if (m)
        chosen = found[synth_pick(s, m)];
    free(found);
    free(used);
    return chosen;
}

char *synth_just(pl_synth *s, const pl_acp_question *q)
{
    double p = s->error_rate;
    if (synth_chance(s, p / 4))
        return synth_prose(s);
    char **plan;
    int n = pl_acp_just_plan(q->question, &plan);
    if (n < 0)
        return NULL;
    bool unchanged = synth_chance(s, p / 4); /* not shorter */
    removal r = {0, 0};
    if (!unchanged && n && synth_chance(s, p))
        r = (removal){synth_pick(s, n), 1}; /* a random step removed: usually invalid */
    else if (!unchanged)
        r = stored_removal(s, plan, n, q->answer);
    const char **kept = r.from >= 0 ? malloc((size_t)(n + 1) * sizeof *kept) : NULL;
    char *text = NULL;
    if (kept) {
        int m = 0;
        for (int i = 0; i < n; i++)
            if (i < r.from || i >= r.from + r.count)
                kept[m++] = plan[i];
        text = synth_list(kept, m, -1, synth_uniform(s));
    }
    free(kept);
    pl_strings_free(plan, n);
    return text;
}
