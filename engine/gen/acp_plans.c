/* ACPBench-style val and just questions: an optimal plan from the initial
 * state with something inserted at a seeded position — an action that is
 * not applicable there (val), or an action and the action that undoes it
 * (just). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "base/random.h"
#include "gen/acp_internal.h"

typedef struct {
    const pl_task *t;
    int *plan; /* owned, room for two more steps */
    int length;
    uint64_t *state, *scratch; /* t->words each */
    uint64_t random;
} plan_ctx;

/* ctx->state = the state after the first k steps. */
static void state_after(plan_ctx *c, int k)
{
    memcpy(c->state, c->t->init, (size_t)c->t->words * sizeof *c->state);
    for (int i = 0; i < k; i++) {
        pl_task_apply(c->t, c->plan[i], c->state, c->scratch);
        memcpy(c->state, c->scratch, (size_t)c->t->words * sizeof *c->state);
    }
}

/* Is the plan without steps [skip, skip + nskip) a plan from the initial state? */
static bool valid_without(plan_ctx *c, int skip, int nskip)
{
    memcpy(c->state, c->t->init, (size_t)c->t->words * sizeof *c->state);
    for (int i = 0; i < c->length; i++) {
        if (i >= skip && i < skip + nskip)
            continue;
        if (!pl_task_applicable(c->t, c->plan[i], c->state))
            return false;
        pl_task_apply(c->t, c->plan[i], c->state, c->scratch);
        memcpy(c->state, c->scratch, (size_t)c->t->words * sizeof *c->state);
    }
    return pl_task_goal_reached(c->t, c->state);
}

static void insert_steps(plan_ctx *c, int at, const int *steps, int n)
{
    memmove(c->plan + at + n, c->plan + at, (size_t)(c->length - at) * sizeof *c->plan);
    memcpy(c->plan + at, steps, (size_t)n * sizeof *steps);
    c->length += n;
}

static char *plan_text(const plan_ctx *c)
{
    size_t len = 1;
    for (int i = 0; i < c->length; i++)
        len += strlen(c->t->actions[c->plan[i]].name) + 1;
    char *text = malloc(len), *p = text;
    for (int i = 0; text && i < c->length; i++)
        p += sprintf(p, "%s%s", i ? " " : "", c->t->actions[c->plan[i]].name);
    if (text)
        *p = '\0';
    return text;
}

/* val: an action not applicable after step k, of the same schema as the
 * plan's step k when there is one (so it looks like a slip, not noise). */
static int make_val(plan_ctx *c, int *actions, pl_gen_acp *out)
{
    int k = (int)(pl_next_random(&c->random) % (uint64_t)c->length), n = 0;
    state_after(c, k);
    for (int pass = 0; pass < 2 && !n; pass++)
        for (int a = 0; a < c->t->nactions; a++)
            if (!pl_task_applicable(c->t, a, c->state) &&
                (pass || c->t->actions[a].schema == c->t->actions[c->plan[k]].schema))
                actions[n++] = a;
    if (!n) {
        out->note = pl_strdup("every action is applicable where the plan would break");
        return out->note ? 1 : -1;
    }
    insert_steps(c, k, &actions[pl_next_random(&c->random) % (uint64_t)n], 1);
    char *text = plan_text(c);
    out->question = text ? pl_strdup_printf("What is the first inapplicable action in the next sequence of actions: "
                                            "\"%s\"?",
                                            text)
                         : NULL;
    free(text);
    out->answer = cJSON_CreateNumber(k);
    return out->question && out->answer ? 0 : -1;
}

/* The pairs (a, b) applicable one after the other from ctx->state that lead
 * back to it, as pairs[2i], pairs[2i+1]; returns how many (at most max). */
static int undo_pairs(plan_ctx *c, int *applicable, uint64_t *after, int *pairs, int max)
{
    size_t bytes = (size_t)c->t->words * sizeof *c->state;
    int n = pl_task_applicable_actions(c->t, c->state, applicable), found = 0;
    for (int i = 0; i < n && found < max; i++) {
        pl_task_apply(c->t, applicable[i], c->state, after);
        if (!memcmp(after, c->state, bytes))
            continue; /* changes nothing: no pair */
        for (int b = 0; b < c->t->nactions && found < max; b++) {
            if (!pl_task_applicable(c->t, b, after))
                continue;
            pl_task_apply(c->t, b, after, c->scratch);
            if (!memcmp(c->scratch, c->state, bytes)) {
                pairs[2 * found] = applicable[i];
                pairs[2 * found++ + 1] = b;
            }
        }
    }
    return found;
}

static int add_removal(cJSON *list, const char *a, const char *b, const char *where)
{
    cJSON *item = cJSON_CreateArray();
    if (!item || !cJSON_AddItemToArray(list, item)) {
        cJSON_Delete(item);
        return -1;
    }
    const char *parts[3] = {a, b ? b : where, b ? where : NULL};
    for (int i = 0; i < 3 && parts[i]; i++)
        if (!cJSON_AddItemToArray(item, cJSON_CreateString(parts[i])))
            return -1;
    return 0;
}

/* just: an action and its undoing inserted at the first position from a
 * seeded start that has such a pair; the answer lists every removal of one
 * step or two consecutive steps that leaves a valid plan: [action, "k"]
 * for its k-th occurrence, [a, b, "-1"] for a pair. */
static int make_just(plan_ctx *c, int *actions, pl_gen_acp *out)
{
    enum { MAX_PAIRS = 64 };
    int pairs[2 * MAX_PAIRS], npairs = 0, at = 0;
    uint64_t *after = pl_state_new(c->t);
    if (!after)
        return -1;
    int start = (int)(pl_next_random(&c->random) % (uint64_t)(c->length + 1));
    for (int off = 0; off <= c->length && !npairs; off++) {
        at = (start + off) % (c->length + 1);
        state_after(c, at);
        npairs = undo_pairs(c, actions, after, pairs, MAX_PAIRS);
    }
    free(after);
    if (!npairs) {
        out->note = pl_strdup("no action along the plan can be undone by another");
        return out->note ? 1 : -1;
    }
    insert_steps(c, at, &pairs[2 * (pl_next_random(&c->random) % (uint64_t)npairs)], 2);
    out->answer = cJSON_CreateArray();
    int rc = out->answer ? 0 : -1;
    for (int i = 0; rc == 0 && i < c->length; i++) {
        int occurrence = 1; /* ACPBench names a single step by its action's occurrence, from 1 */
        for (int k = 0; k < i; k++)
            occurrence += c->plan[k] == c->plan[i];
        char where[16];
        snprintf(where, sizeof where, "%d", occurrence);
        const char *a = c->t->actions[c->plan[i]].name;
        if (valid_without(c, i, 1))
            rc = add_removal(out->answer, a, NULL, where);
        if (rc == 0 && i + 1 < c->length && valid_without(c, i, 2))
            rc = add_removal(out->answer, a, c->t->actions[c->plan[i + 1]].name, "-1");
    }
    char *text = rc == 0 ? plan_text(c) : NULL;
    out->question = text ? pl_strdup_printf("Simplify the plan \"%s\" by removing either a single action or a pair of "
                                            "consecutive actions, while still maintaining a valid plan. Provide the "
                                            "resulting simplified plan.",
                                            text)
                         : NULL;
    free(text);
    return out->question ? 0 : -1;
}

int pl_gen_acp_from_plan(const pl_task *t, const pl_relaxed *rel, pl_acp_task task, uint64_t seed,
                         const pl_limits *limits, pl_gen_acp *out)
{
    long long cost;
    pl_search_result found;
    pl_answer solved = pl_optimal_cost(t, rel, t->init, limits, &cost, &found);
    if (solved != PL_YES || found.plan_length == 0) {
        pl_search_result_clear(&found);
        out->note = pl_strdup(solved == PL_NO    ? "the goal cannot be reached"
                              : solved == PL_YES ? "the goal holds already"
                                                 : "no plan found within the limit");
        return out->note ? 1 : -1;
    }
    /* the seed, the problem and the task pick the insertion */
    plan_ctx c = {t, malloc(((size_t)found.plan_length + 2) * sizeof *c.plan), found.plan_length, pl_state_new(t),
                  pl_state_new(t), seed ^ (uint64_t)task};
    for (const char *ch = t->problem->name; ch && *ch; ch++)
        c.random = (c.random ^ (unsigned char)*ch) * UINT64_C(0x100000001b3);
    int *actions = malloc(((size_t)t->nactions + 1) * sizeof *actions);
    int rc = -1;
    if (c.plan && c.state && c.scratch && actions) {
        memcpy(c.plan, found.plan, (size_t)found.plan_length * sizeof *c.plan);
        rc = task == PL_ACP_VAL ? make_val(&c, actions, out) : make_just(&c, actions, out);
    }
    if (rc != 0) {
        cJSON_Delete(out->answer);
        out->answer = NULL;
    }
    pl_search_result_clear(&found);
    free(actions);
    free(c.plan);
    free(c.state);
    free(c.scratch);
    return rc;
}
