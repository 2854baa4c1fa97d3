/* Teach mode session: current state, undo history, why-not and hints. */
#include "teach/teach.h"
#include "base/atomic_file.h"
#include "base/sort.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_HINT_SECONDS 2.0

typedef struct {
    uint64_t hash;
    pl_teach_hstar value;
} hstar_entry;

struct pl_teach {
    const pl_task *t;
    pl_relaxed *relaxed;      /* built on the first hint */
    pl_limits limits;         /* of each hint search */
    int *by_name;             /* every ground action, sorted by name */
    uint64_t *history;        /* states 0..nsteps, t->words words each */
    int *steps;
    int nsteps, cap;
    int *applicable;          /* of the current state, in name order */
    int napplicable;
    hstar_entry *cache;       /* h* per state; the states in cache_states */
    uint64_t *cache_states;
    int ncache, cache_cap;
    bool hints_valid;         /* `hints` is about the current state */
    pl_teach_hints hints;
    pl_teach_hstar *after;    /* storage of hints.after / hints.optimal */
    bool *optimal;
};

typedef struct {
    const char *name;
    int id;
} named_action;

static int by_name(const void *a, const void *b)
{
    return strcmp(((const named_action *)a)->name, ((const named_action *)b)->name);
}

static size_t state_bytes(const pl_task *t)
{
    return (size_t)t->words * sizeof(uint64_t);
}

static uint64_t *current(const pl_teach *s)
{
    return s->history + (size_t)s->nsteps * (size_t)s->t->words;
}

static void refresh_applicable(pl_teach *s)
{
    const uint64_t *state = current(s);
    s->napplicable = 0;
    for (int i = 0; i < s->t->nactions; i++)
        if (pl_task_applicable(s->t, s->by_name[i], state))
            s->applicable[s->napplicable++] = s->by_name[i];
    s->hints_valid = false;
}

pl_teach *pl_teach_new(const pl_task *t, double hint_seconds)
{
    pl_teach *s = calloc(1, sizeof *s);
    named_action *names = malloc(((size_t)t->nactions + 1) * sizeof *names);
    if (!s || !names)
        goto fail;
    s->t = t;
    s->limits = (pl_limits){0, hint_seconds > 0 ? hint_seconds : DEFAULT_HINT_SECONDS, 0};
    s->cap = 16;
    s->by_name = malloc(((size_t)t->nactions + 1) * sizeof *s->by_name);
    s->applicable = malloc(((size_t)t->nactions + 1) * sizeof *s->applicable);
    s->after = malloc(((size_t)t->nactions + 1) * sizeof *s->after);
    s->optimal = malloc((size_t)t->nactions + 1);
    s->steps = malloc((size_t)s->cap * sizeof *s->steps);
    s->history = malloc(((size_t)s->cap + 1) * state_bytes(t));
    if (!s->by_name || !s->applicable || !s->after || !s->optimal || !s->steps || !s->history)
        goto fail;
    for (int i = 0; i < t->nactions; i++)
        names[i] = (named_action){t->actions[i].name, i};
    pl_sort(names, (size_t)t->nactions, sizeof *names, by_name);
    for (int i = 0; i < t->nactions; i++)
        s->by_name[i] = names[i].id;
    free(names);
    memcpy(s->history, t->init, state_bytes(t));
    refresh_applicable(s);
    return s;
fail:
    free(names);
    pl_teach_free(s);
    return NULL;
}

void pl_teach_free(pl_teach *s)
{
    if (!s)
        return;
    pl_relaxed_free(s->relaxed);
    free(s->by_name);
    free(s->history);
    free(s->steps);
    free(s->applicable);
    free(s->cache);
    free(s->cache_states);
    free(s->after);
    free(s->optimal);
    free(s);
}

void pl_teach_set_limits(pl_teach *s, const pl_limits *limits)
{
    s->limits = *limits;
}

bool pl_teach_start_at(pl_teach *s, const uint64_t *state)
{
    if (s->nsteps)
        return false;
    memcpy(s->history, state, state_bytes(s->t));
    refresh_applicable(s);
    return true;
}

const pl_task *pl_teach_task(const pl_teach *s)
{
    return s->t;
}

const uint64_t *pl_teach_state(const pl_teach *s)
{
    return current(s);
}

bool pl_teach_goal_reached(const pl_teach *s)
{
    return pl_task_goal_reached(s->t, current(s));
}

int pl_teach_applicable(const pl_teach *s, const int **actions)
{
    *actions = s->applicable;
    return s->napplicable;
}

int pl_teach_apply(pl_teach *s, int action)
{
    if (action < 0 || action >= s->t->nactions || !pl_task_applicable(s->t, action, current(s)))
        return 1;
    if (s->nsteps == s->cap) {
        int cap = s->cap * 2;
        int *steps = realloc(s->steps, (size_t)cap * sizeof *steps);
        if (!steps)
            return -1;
        s->steps = steps;
        uint64_t *history = realloc(s->history, ((size_t)cap + 1) * state_bytes(s->t));
        if (!history)
            return -1;
        s->history = history;
        s->cap = cap;
    }
    uint64_t *from = current(s);
    pl_task_apply(s->t, action, from, from + s->t->words);
    s->steps[s->nsteps++] = action;
    refresh_applicable(s);
    return 0;
}

bool pl_teach_undo(pl_teach *s)
{
    if (!s->nsteps)
        return false;
    s->nsteps--;
    refresh_applicable(s);
    return true;
}

int pl_teach_steps(const pl_teach *s, const int **actions)
{
    *actions = s->steps;
    return s->nsteps;
}

double pl_teach_cost(const pl_teach *s)
{
    double cost = 0;
    for (int i = 0; i < s->nsteps; i++)
        cost += s->t->actions[s->steps[i]].cost;
    return cost;
}

char *pl_teach_plan_text(const pl_teach *s)
{
    size_t n = 1;
    for (int i = 0; i < s->nsteps; i++)
        n += strlen(s->t->actions[s->steps[i]].name) + 1;
    char *text = malloc(n), *at = text;
    for (int i = 0; text && i < s->nsteps; i++)
        at += sprintf(at, "%s\n", s->t->actions[s->steps[i]].name);
    if (text)
        *at = '\0';
    return text;
}

int pl_teach_save(const pl_teach *s, const char *path, pl_error *err)
{
    char *text = pl_teach_plan_text(s);
    if (!text)
        return pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
    pl_error_code rc = pl_write_file_atomic(path, text, strlen(text), err); /* no half plan, no symlink followed */
    free(text);
    return rc;
}

static char *unmet_reason(int n)
{
    return n ? pl_strdup_printf("not applicable: %d precondition%s false", n, n == 1 ? " is" : "s are")
             : pl_strdup("not applicable: its precondition is false");
}

static char *detail_of(const pl_action_ref *ref)
{
    return pl_strdup(ref->detail ? ref->detail : pl_ref_status_name(ref->status));
}

int pl_teach_why_not(const pl_teach *s, const char *text, pl_teach_why *out)
{
    memset(out, 0, sizeof *out);
    const pl_task *t = s->t;
    pl_action_ref ref;
    out->status = pl_resolve_action(t, text, &ref);
    out->action = ref.action;
    out->text = pl_strdup(ref.text ? ref.text : text);
    if (ref.status == PL_REF_OK && pl_task_applicable(t, ref.action, current(s))) {
        out->applicable = true;
    } else if ((ref.status == PL_REF_OK || ref.status == PL_REF_UNREACHABLE) && ref.args) {
        out->nunmet = pl_explain_unmet(t, ref.schema, ref.args, current(s), &out->unmet);
        out->reason = ref.status == PL_REF_OK ? unmet_reason(out->nunmet) : detail_of(&ref);
    } else if (ref.status == PL_REF_STATICALLY_FALSE && ref.args) {
        out->nunmet = pl_explain_static_unmet(t, ref.schema, ref.args, &out->unmet);
        out->reason = detail_of(&ref);
    } else {
        out->reason = detail_of(&ref);
    }
    pl_action_ref_clear(&ref);
    if (!out->text || (!out->applicable && !out->reason)) {
        pl_teach_why_clear(out);
        return -1;
    }
    return 0;
}

void pl_teach_why_clear(pl_teach_why *w)
{
    pl_strings_free(w->unmet, w->nunmet);
    free(w->text);
    free(w->reason);
    memset(w, 0, sizeof *w);
}

/* Top-level conjuncts, nested ANDs flattened (as pl_explain_unmet_goals does). */
static int conjuncts(const pl_formula *f)
{
    if (f->kind == PL_F_TRUE)
        return 0;
    if (f->kind != PL_F_AND)
        return 1;
    int n = 0;
    for (int i = 0; i < f->nkids; i++)
        n += conjuncts(f->kids[i]);
    return n;
}

int pl_teach_goal_progress(const pl_teach *s, pl_teach_goal *out)
{
    memset(out, 0, sizeof *out);
    out->total = conjuncts(s->t->problem->goal);
    out->nunmet = pl_explain_unmet_goals(s->t, current(s), &out->unmet);
    out->held = out->total - out->nunmet;
    /* explain returns 0 items when out of memory: the goal check tells */
    return out->nunmet == 0 && !pl_teach_goal_reached(s) ? -1 : 0;
}

void pl_teach_goal_clear(pl_teach_goal *g)
{
    pl_strings_free(g->unmet, g->nunmet);
    memset(g, 0, sizeof *g);
}

static uint64_t hash_state(const uint64_t *state, int words)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (int i = 0; i < words; i++)
        h = (h ^ state[i]) * UINT64_C(0x100000001b3);
    return h;
}

static const pl_teach_hstar *cache_find(const pl_teach *s, const uint64_t *state, uint64_t hash)
{
    for (int i = 0; i < s->ncache; i++)
        if (s->cache[i].hash == hash &&
            !memcmp(s->cache_states + (size_t)i * (size_t)s->t->words, state, state_bytes(s->t)))
            return &s->cache[i].value;
    return NULL;
}

static void cache_put(pl_teach *s, const uint64_t *state, pl_teach_hstar value)
{
    uint64_t hash = hash_state(state, s->t->words);
    if (cache_find(s, state, hash))
        return;
    if (s->ncache == s->cache_cap) {
        int cap = s->cache_cap ? s->cache_cap * 2 : 64;
        hstar_entry *cache = realloc(s->cache, (size_t)cap * sizeof *cache);
        if (cache)
            s->cache = cache;
        uint64_t *states = cache ? realloc(s->cache_states, (size_t)cap * state_bytes(s->t)) : NULL;
        if (!states)
            return; /* not cached: computed again next time */
        s->cache_states = states;
        s->cache_cap = cap;
    }
    memcpy(s->cache_states + (size_t)s->ncache * (size_t)s->t->words, state, state_bytes(s->t));
    s->cache[s->ncache++] = (hstar_entry){hash, value};
}

/* Every state along an optimal plan from `state` has h* = the rest of its cost. */
static void cache_plan(pl_teach *s, const uint64_t *state, long long cost, const pl_search_result *plan)
{
    uint64_t *a = pl_state_clone(s->t, state), *b = pl_state_new(s->t);
    for (int i = 0; a && b && i < plan->plan_length; i++) {
        cost -= s->relaxed->action_cost[plan->plan[i]];
        pl_task_apply(s->t, plan->plan[i], a, b);
        cache_put(s, b, (pl_teach_hstar){PL_YES, cost});
        uint64_t *swap = a;
        a = b;
        b = swap;
    }
    free(a);
    free(b);
}

pl_teach_hstar pl_teach_hstar_of(pl_teach *s, const uint64_t *state)
{
    const pl_teach_hstar *known = cache_find(s, state, hash_state(state, s->t->words));
    if (known)
        return *known;
    pl_teach_hstar v = {PL_UNKNOWN, -1};
    if (!s->relaxed && !(s->relaxed = pl_relaxed_new(s->t)))
        return v; /* out of memory: unknown, and not cached */
    pl_search_result plan;
    v.answer = pl_optimal_cost(s->t, s->relaxed, state, &s->limits, &v.cost, &plan);
    if (v.answer != PL_YES)
        v.cost = -1;
    cache_put(s, state, v);
    if (v.answer == PL_YES)
        cache_plan(s, state, v.cost, &plan);
    pl_search_result_clear(&plan);
    return v;
}

const pl_teach_hints *pl_teach_hints_get(pl_teach *s)
{
    if (s->hints_valid)
        return &s->hints;
    const pl_task *t = s->t;
    uint64_t *next = pl_state_new(t);
    if (!next)
        return NULL;
    pl_teach_hints *h = &s->hints;
    h->here = pl_teach_hstar_of(s, current(s));
    h->n = s->napplicable;
    h->actions = s->applicable;
    h->after = s->after;
    h->optimal = s->optimal;
    h->noptimal = 0;
    for (int i = 0; i < h->n; i++) {
        int a = h->actions[i];
        pl_task_apply(t, a, current(s), next);
        /* from a dead end every successor is one too: no search needed */
        h->after[i] = h->here.answer == PL_NO ? (pl_teach_hstar){PL_NO, -1} : pl_teach_hstar_of(s, next);
        h->optimal[i] = h->here.answer == PL_YES && h->after[i].answer == PL_YES &&
                        s->relaxed->action_cost[a] + h->after[i].cost == h->here.cost;
        h->noptimal += h->optimal[i];
    }
    free(next);
    s->hints_valid = true;
    return h;
}

pl_answer pl_teach_walk_optimal(pl_teach *s, long long *optimal_cost)
{
    pl_teach_hstar init = pl_teach_hstar_of(s, s->history);
    *optimal_cost = init.cost;
    if (init.answer != PL_YES)
        return PL_UNKNOWN;
    return (long long)(pl_teach_cost(s) + 0.5) == init.cost ? PL_YES : PL_NO;
}
