/* Simulation on ground states: applicability, progression, goals. */
#include <stdlib.h>
#include <string.h>

#include "task/task.h"

uint64_t *pl_state_new(const pl_task *t)
{
    return calloc((size_t)t->words, sizeof(uint64_t));
}

uint64_t *pl_state_clone(const pl_task *t, const uint64_t *s)
{
    uint64_t *c = malloc((size_t)t->words * sizeof *c);
    if (c)
        memcpy(c, s, (size_t)t->words * sizeof *c);
    return c;
}

bool pl_task_applicable(const pl_task *t, int action, const uint64_t *state)
{
    const pl_gaction *a = &t->actions[action];
    for (int i = 0; i < a->npre_pos; i++)
        if (!pl_state_has(state, a->pre_pos[i]))
            return false;
    for (int i = 0; i < a->npre_neg; i++)
        if (pl_state_has(state, a->pre_neg[i]))
            return false;
    return pl_task_cond_holds(t, a->pre, state);
}

void pl_task_apply(const pl_task *t, int action, const uint64_t *in, uint64_t *out)
{
    const pl_gaction *a = &t->actions[action];
    memcpy(out, in, (size_t)t->words * sizeof *out);
    /* PDDL semantics: every condition reads the old state; deletes first,
     * then adds, so an atom both added and deleted ends up true. */
    for (int i = 0; i < a->neffs; i++)
        if (!a->effs[i].add && (!a->conditional || pl_task_cond_holds(t, a->effs[i].cond, in)))
            pl_state_set(out, a->effs[i].atom, false);
    for (int i = 0; i < a->neffs; i++)
        if (a->effs[i].add && (!a->conditional || pl_task_cond_holds(t, a->effs[i].cond, in)))
            pl_state_set(out, a->effs[i].atom, true);
    pl_task_derive(t, out);
}

int pl_task_applicable_actions(const pl_task *t, const uint64_t *state, int *out)
{
    int n = 0;
    for (int a = 0; a < t->nactions; a++)
        if (pl_task_applicable(t, a, state))
            out[n++] = a;
    return n;
}

bool pl_task_goal_reached(const pl_task *t, const uint64_t *state)
{
    return pl_task_cond_holds(t, t->goal, state);
}

/* Does the condition hold in every superset of a state where it holds (no negated literal)? */
static bool cond_positive(const pl_task *t, int cond)
{
    if (cond < 0)
        return true;
    const pl_gnode *n = &t->gnodes[cond];
    if (n->kind == PL_G_LIT)
        return !n->neg;
    for (int i = 0; i < n->count; i++)
        if (!cond_positive(t, t->gkids[n->first + i]))
            return false;
    return true;
}

bool pl_task_monotone(const pl_task *t)
{
    if (t->naxioms)
        return false; /* an axiom may negate (negation as failure) */
    for (int a = 0; a < t->nactions; a++) {
        const pl_gaction *ga = &t->actions[a];
        if (ga->npre_neg || ga->conditional || !cond_positive(t, ga->pre))
            return false;
    }
    return cond_positive(t, t->goal);
}
