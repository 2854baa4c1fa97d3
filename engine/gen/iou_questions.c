#include "gen/iou_questions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/random.h"
#include "base/sort.h"
#include "search/search.h"

#define ANSWER_FORMAT_ATOMS                                                                                        \
    " Provide your answer as a list within [] separated by commas, each fact written as (predicate arg1 arg2 ...)."
#define ANSWER_FORMAT_ACTIONS                                                                                      \
    " Provide your answer as a list within [] separated by commas, each action written as (name arg1 arg2 ...)."
#define ANSWER_FORMAT_PLAN                                                                                         \
    " Provide the actions in order as a list within [] separated by commas, each action written as (name arg1 "    \
    "arg2 ...)."

pl_gen_options pl_gen_default_options(void)
{
    return (pl_gen_options){(1u << PL_IOU_NTASKS) - 1, 2, 1, 60.0};
}

typedef struct {
    char **items;
    int count, cap;
} strvec;

/* Takes ownership of s (NULL: out of memory). */
static int strvec_push(strvec *v, char *s)
{
    if (s && v->count == v->cap) {
        int cap = v->cap ? v->cap * 2 : 16;
        char **grown = realloc(v->items, (size_t)cap * sizeof *grown);
        if (grown) {
            v->items = grown;
            v->cap = cap;
        }
    }
    if (!s || v->count == v->cap) {
        free(s);
        return -1;
    }
    v->items[v->count++] = s;
    return 0;
}

static void strvec_free(strvec *v)
{
    for (int i = 0; i < v->count; i++)
        free(v->items[i]);
    free(v->items);
    memset(v, 0, sizeof *v);
}

static int by_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorts items [from, count) and drops repeats among them. */
static void sort_unique(strvec *v, int from)
{
    if (v->count - from < 2)
        return;
    pl_sort(v->items + from, (size_t)(v->count - from), sizeof *v->items, by_text);
    int kept = from;
    for (int i = from; i < v->count; i++) {
        if (kept > from && !strcmp(v->items[kept - 1], v->items[i]))
            free(v->items[i]);
        else
            v->items[kept++] = v->items[i];
    }
    v->count = kept;
}

/* The facts true in s as answer items: the fluents, sorted, then the static
 * facts of the problem's init as written, sorted (spec: statics included). */
static int state_answer(const pl_task *t, const uint64_t *s, strvec *out)
{
    for (int a = 0; a < t->natoms; a++)
        if (pl_state_has(s, a) && strvec_push(out, pl_strdup(t->atoms[a].name)) < 0)
            return -1;
    sort_unique(out, 0);
    int fluents = out->count;
    for (int i = 0; i < t->problem->ninit; i++) {
        const pl_init_atom *ia = &t->problem->init[i];
        if (!t->pred_static[ia->pred])
            continue;
        const char **names = malloc(((size_t)ia->nargs + 1) * sizeof *names);
        for (int k = 0; names && k < ia->nargs; k++)
            names[k] = t->problem->objects[ia->args[k]].name;
        char *fact = names ? pl_gen_pddl_text(t->domain->preds[ia->pred].name, names, ia->nargs) : NULL;
        free(names);
        if (strvec_push(out, fact) < 0)
            return -1;
    }
    sort_unique(out, fluents);
    return 0;
}

static int action_names(const pl_task *t, const int *ids, int n, strvec *out)
{
    for (int i = 0; i < n; i++)
        if (strvec_push(out, pl_strdup(t->actions[ids[i]].name)) < 0)
            return -1;
    return 0;
}

typedef struct {
    const pl_task *t;
    const pl_gen_template *tmpl;
    const pl_gen_options *o;
    const char *context;
    uint64_t rng;
    pl_gen_set *out;
} gen_ctx;

/* Adds one question; takes ownership of question (may be NULL: out of
 * memory), answer and actions (left empty). */
static int add_question(gen_ctx *g, pl_iou_task task, char *question, strvec *answer, strvec *actions)
{
    pl_gen_set *out = g->out;
    pl_iou_question *grown = question ? realloc(out->items, (size_t)(out->count + 1) * sizeof *grown) : NULL;
    if (!grown) {
        free(question);
        strvec_free(answer);
        strvec_free(actions);
        return -1;
    }
    out->items = grown;
    const pl_task *t = g->t;
    grown[out->count++] = (pl_iou_question){
        .id = pl_strdup_printf("%s/%s/%s", t->domain->name, t->problem->name, pl_iou_task_name(task)),
        .domain = pl_strdup(t->domain->name),
        .problem = pl_strdup(t->problem->name),
        .task = task,
        .context = pl_strdup(g->context),
        .question = question,
        .answer = answer->items,
        .nanswer = answer->count,
        .actions = actions->items,
        .nactions = actions->count,
    };
    memset(answer, 0, sizeof *answer);
    memset(actions, 0, sizeof *actions);
    const pl_iou_question *q = &grown[out->count - 1];
    return q->id && q->domain && q->problem && q->context ? 0 : -1;
}

static int skip(gen_ctx *g, pl_iou_task task, const char *why)
{
    char **grown = realloc(g->out->skipped, (size_t)(g->out->nskipped + 1) * sizeof *grown);
    if (!grown)
        return -1;
    g->out->skipped = grown;
    char *line = pl_strdup_printf("%s/%s: no %s question: %s", g->t->domain->name, g->t->problem->name,
                                  pl_iou_task_name(task), why);
    if (!line)
        return -1;
    grown[g->out->nskipped++] = line;
    return 0;
}

static bool wanted(const gen_ctx *g, pl_iou_task task)
{
    return (g->o->tasks & (1u << task)) != 0;
}

/* A random walk of up to `length` applicable actions from `state` (which it
 * advances); returns how many were taken, or -1 when out of memory. */
static int random_walk(gen_ctx *g, uint64_t *state, int length, int *taken)
{
    int *app = malloc((size_t)(g->t->nactions + 1) * sizeof *app);
    uint64_t *next = pl_state_new(g->t);
    int n = 0;
    while (app && next && n < length) {
        int napp = pl_task_applicable_actions(g->t, state, app);
        if (napp == 0)
            break;
        taken[n] = app[pl_next_random(&g->rng) % (uint64_t)napp];
        pl_task_apply(g->t, taken[n++], state, next);
        memcpy(state, next, (size_t)g->t->words * sizeof *state);
    }
    int rc = app && next ? n : -1;
    free(app);
    free(next);
    return rc;
}

/* A random applicable action in the initial state that changes it (any
 * applicable one when none does, e.g. only no-op actions); `after` receives
 * its result.  Returns the action, -1 when none is applicable, -2 when out
 * of memory. */
static int draw_progression_action(gen_ctx *g, uint64_t *after)
{
    const pl_task *t = g->t;
    int *app = malloc((size_t)(t->nactions + 1) * sizeof *app);
    if (!app)
        return -2;
    int napp = pl_task_applicable_actions(t, t->init, app), nchanging = 0;
    for (int i = 0; i < napp; i++) {
        pl_task_apply(t, app[i], t->init, after);
        if (memcmp(after, t->init, (size_t)t->words * sizeof *after))
            app[nchanging++] = app[i]; /* keeps the applicable order */
    }
    int n = nchanging ? nchanging : napp;
    int action = n ? app[pl_next_random(&g->rng) % (uint64_t)n] : -1;
    if (action >= 0)
        pl_task_apply(t, action, t->init, after);
    free(app);
    return action;
}

/* prog_pos and prog_neg about one random applicable action (drawn even when
 * neither is asked, so that --tasks never changes the tracking actions). */
static int gen_progression(gen_ctx *g)
{
    const pl_task *t = g->t;
    uint64_t *s = pl_state_new(t);
    int action = s ? draw_progression_action(g, s) : -2, n = action >= 0;
    int rc = action < -1 ? -1 : 0;
    for (int neg = 0; rc == 0 && neg < 2; neg++) {
        pl_iou_task task = neg ? PL_IOU_PROG_NEG : PL_IOU_PROG_POS;
        if (!wanted(g, task))
            continue;
        if (n == 0) {
            rc = skip(g, task, "no action is applicable in the initial state");
            continue;
        }
        strvec answer = {0}, actions = {0};
        for (int a = 0; a < t->natoms && rc == 0; a++)
            if (pl_state_has(t->init, a) == (bool)neg && pl_state_has(s, a) != (bool)neg)
                rc = strvec_push(&answer, pl_strdup(t->atoms[a].name));
        sort_unique(&answer, 0);
        char *words = pl_gen_render_action(g->tmpl, t, action);
        char *q = words ? pl_strdup_printf("Which facts become %s when the action %s is performed in the current "
                                           "state?" ANSWER_FORMAT_ATOMS,
                                           neg ? "false" : "true", words)
                        : NULL;
        free(words);
        if (rc == 0)
            rc = action_names(t, &action, 1, &actions);
        rc = rc == 0 ? add_question(g, task, q, &answer, &actions) : (free(q), -1);
        strvec_free(&answer);
        strvec_free(&actions);
    }
    free(s);
    return rc;
}

/* The state after a random walk of --track-length actions. */
static int gen_tracking(gen_ctx *g)
{
    const pl_task *t = g->t;
    int steps = g->o->track_length > 1 ? g->o->track_length : 1;
    int *taken = malloc((size_t)steps * sizeof *taken);
    uint64_t *s = pl_state_clone(t, t->init);
    int n = taken && s ? random_walk(g, s, steps, taken) : -1;
    strvec answer = {0}, actions = {0}, words = {0};
    int rc = n < 0 ? -1 : n == 0 ? skip(g, PL_IOU_TRACKING, "no action is applicable in the initial state") : 0;
    if (rc == 0 && n > 0)
        rc = state_answer(t, s, &answer) == 0 && action_names(t, taken, n, &actions) == 0 ? 0 : -1;
    for (int i = 0; rc == 0 && i < n; i++)
        rc = strvec_push(&words, pl_gen_render_action(g->tmpl, t, taken[i]));
    if (rc == 0 && n > 0) {
        char *seq = pl_gen_join_words(words.items, words.count);
        char *q = seq ? pl_strdup_printf("Which facts are true after performing the actions %s in this order "
                                         "from the current state?" ANSWER_FORMAT_ATOMS,
                                         seq)
                      : NULL;
        free(seq);
        rc = add_question(g, PL_IOU_TRACKING, q, &answer, &actions);
    }
    strvec_free(&answer);
    strvec_free(&actions);
    strvec_free(&words);
    free(taken);
    free(s);
    return rc;
}

/* "(drive t a b) costs 5 and (drive t b a) costs 3; each load costs 1":
 * the cost of every ground action, one phrase per schema. */
static char *cost_words(const pl_task *t)
{
    strvec parts = {0};
    int rc = 0;
    for (int s = 0; s < t->domain->nactions && rc == 0; s++) {
        int first = -1;
        bool uniform = true;
        for (int a = 0; a < t->nactions; a++)
            if (t->actions[a].schema == s) {
                first = first < 0 ? a : first;
                uniform = uniform && t->actions[a].cost == t->actions[first].cost;
            }
        if (first < 0)
            continue;
        if (uniform) {
            rc = strvec_push(&parts, pl_strdup_printf("each %s costs %g", t->domain->actions[s].name,
                                                      t->actions[first].cost));
            continue;
        }
        strvec each = {0};
        for (int a = first; a < t->nactions && rc == 0; a++)
            if (t->actions[a].schema == s)
                rc = strvec_push(&each, pl_strdup_printf("%s costs %g", t->actions[a].name, t->actions[a].cost));
        char *joined = rc == 0 ? pl_gen_join_words(each.items, each.count) : NULL;
        strvec_free(&each);
        rc = strvec_push(&parts, joined);
    }
    size_t len = 1;
    for (int i = 0; i < parts.count; i++)
        len += strlen(parts.items[i]) + 2;
    char *s = rc == 0 ? malloc(len) : NULL;
    for (int i = 0, at = 0; s && i < parts.count; i++)
        at += sprintf(s + at, "%s%s", i ? "; " : "", parts.items[i]);
    if (s && parts.count == 0)
        s[0] = '\0';
    strvec_free(&parts);
    return s;
}

/* The relaxation with every action costing 1: A* on it finds a shortest
 * plan (fewest actions), whatever the domain's action costs. */
static pl_relaxed *unit_cost_relaxation(const pl_task *t)
{
    pl_relaxed *r = pl_relaxed_new(t);
    for (int a = 0; r && a < t->nactions; a++)
        r->action_cost[a] = 1;
    for (int o = 0; r && o < r->nops; o++)
        r->ops[o].cost = 1;
    if (r)
        r->integral_costs = true;
    return r;
}

/* plan: a shortest plan; costplan (domains with action costs): a plan of
 * minimal total cost.  Both by A* with LM-cut. */
static int gen_plan(gen_ctx *g, pl_iou_task task)
{
    const pl_task *t = g->t;
    if (task == PL_IOU_COSTPLAN && !t->has_costs)
        return skip(g, task, "the domain has no action costs");
    if (pl_task_goal_reached(t, t->init))
        return skip(g, task, "the goal already holds in the initial state");
    pl_relaxed *relaxed = task == PL_IOU_PLAN ? unit_cost_relaxation(t) : pl_relaxed_new(t);
    if (!relaxed)
        return -1;
    pl_search_params p = pl_search_defaults();
    p.max_seconds = g->o->plan_seconds;
    pl_search_result r;
    pl_search_status st = pl_search(t, relaxed, &p, &r);
    int rc;
    if (st != PL_SEARCH_SOLVED) {
        char *why = pl_strdup_printf("the planner found no plan (%s%s%s)", pl_search_status_name(st),
                                     r.limit ? ": " : "", r.limit ? r.limit : "");
        rc = why ? skip(g, task, why) : -1;
        free(why);
    } else {
        strvec answer = {0}, none = {0};
        rc = action_names(t, r.plan, r.plan_length, &answer);
        char *costs = task == PL_IOU_COSTPLAN ? cost_words(t) : NULL;
        char *q = task == PL_IOU_PLAN ? pl_strdup("Give a plan that reaches the goal from the current state."
                                                  ANSWER_FORMAT_PLAN)
                  : costs ? pl_strdup_printf("Give a plan of minimal total cost that reaches the goal from the "
                                             "current state. The actions cost: %s." ANSWER_FORMAT_PLAN,
                                             costs)
                          : NULL;
        free(costs);
        rc = rc == 0 ? add_question(g, task, q, &answer, &none) : (free(q), -1);
        strvec_free(&answer);
    }
    pl_search_result_clear(&r);
    pl_relaxed_free(relaxed);
    return rc;
}

static int gen_initial_state(gen_ctx *g)
{
    const pl_task *t = g->t;
    int rc = 0;
    if (wanted(g, PL_IOU_APPLICABILITY)) {
        int *app = malloc((size_t)(t->nactions + 1) * sizeof *app);
        strvec answer = {0}, none = {0};
        rc = app ? action_names(t, app, pl_task_applicable_actions(t, t->init, app), &answer) : -1;
        sort_unique(&answer, 0);
        free(app);
        char *q = pl_strdup("Which actions are applicable in the current state?" ANSWER_FORMAT_ACTIONS);
        rc = rc == 0 ? add_question(g, PL_IOU_APPLICABILITY, q, &answer, &none) : (free(q), -1);
        strvec_free(&answer);
    }
    if (rc == 0 && wanted(g, PL_IOU_STATE)) {
        strvec answer = {0}, none = {0};
        char *q = pl_strdup("Which facts are true in the current state?" ANSWER_FORMAT_ATOMS);
        rc = state_answer(t, t->init, &answer) == 0 ? add_question(g, PL_IOU_STATE, q, &answer, &none)
                                                    : (free(q), -1);
        strvec_free(&answer);
    }
    return rc;
}

int pl_gen_questions(const pl_task *t, const pl_gen_template *tmpl, const pl_gen_options *o, pl_gen_set *out)
{
    memset(out, 0, sizeof *out);
    uint64_t mix = o->seed;
    for (const char *c = t->problem->name; *c; c++) /* the same seed walks differently in each problem */
        mix = (mix ^ (unsigned char)*c) * UINT64_C(0x100000001b3);
    char *context = pl_gen_render_context(tmpl, t, t->init);
    gen_ctx g = {t, tmpl, o, context, mix, out};
    int rc = context ? gen_initial_state(&g) : -1;
    if (rc == 0)
        rc = gen_progression(&g);
    if (rc == 0 && wanted(&g, PL_IOU_TRACKING))
        rc = gen_tracking(&g);
    for (int task = PL_IOU_PLAN; rc == 0 && task <= PL_IOU_COSTPLAN; task++)
        if (wanted(&g, (pl_iou_task)task))
            rc = gen_plan(&g, (pl_iou_task)task);
    free(context);
    if (rc < 0)
        pl_gen_set_free(out);
    return rc;
}

void pl_gen_set_free(pl_gen_set *s)
{
    pl_iou_questions qs = {s->items, s->count, s->count};
    pl_iou_questions_free(&qs);
    for (int i = 0; i < s->nskipped; i++)
        free(s->skipped[i]);
    free(s->skipped);
    memset(s, 0, sizeof *s);
}
