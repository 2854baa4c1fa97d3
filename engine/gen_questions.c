#include "gen_questions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"

#define ANSWER_FORMAT_ATOMS                                                                                        \
    " Provide your answer as a list within [] separated by commas, each fact written as (predicate arg1 arg2 ...)."
#define ANSWER_FORMAT_ACTIONS                                                                                      \
    " Provide your answer as a list within [] separated by commas, each action written as (name arg1 arg2 ...)."

pl_gen_options pl_gen_default_options(void)
{
    return (pl_gen_options){(1u << PL_IOU_NTASKS) - 1, 2, 1, 60.0};
}

/* splitmix64: a small, well-mixed generator; the same seed gives the same set. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

typedef struct {
    char **items;
    int count, cap;
} strvec;

static int strvec_push(strvec *v, char *s)
{
    if (!s)
        return -1;
    if (v->count == v->cap) {
        int cap = v->cap ? v->cap * 2 : 16;
        char **grown = realloc(v->items, (size_t)cap * sizeof *grown);
        if (!grown) {
            free(s);
            return -1;
        }
        v->items = grown;
        v->cap = cap;
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

/* Object names of an atom or action. */
static void arg_names(const pl_task *t, const int *args, int n, const char **out)
{
    for (int i = 0; i < n; i++)
        out[i] = t->problem->objects[args[i]].name;
}

/* The facts true in s, as answers ("(on a b)") or in words: fluents, then
 * the static facts of the problem's init (as written), each list sorted. */
static int state_facts(const pl_task *t, const pl_gen_template *tmpl, const uint64_t *s, bool words, strvec *out)
{
    const char *names[64];
    for (int a = 0; a < t->natoms; a++) {
        if (!pl_state_has(s, a))
            continue;
        const pl_gatom *g = &t->atoms[a];
        arg_names(t, g->args, t->domain->preds[g->pred].arity, names);
        if (strvec_push(out, words ? pl_gen_template_atom(tmpl, g->pred, names) : pl_strdup(g->name)) < 0)
            return -1;
    }
    int fluents = out->count;
    for (int i = 0; i < t->problem->ninit; i++) {
        const pl_init_atom *ia = &t->problem->init[i];
        if (!t->pred_static[ia->pred] || ia->nargs > 64)
            continue;
        arg_names(t, ia->args, ia->nargs, names);
        char *fact = words ? pl_gen_template_atom(tmpl, ia->pred, names)
                           : pl_gen_pddl_text(t->domain->preds[ia->pred].name, names, ia->nargs);
        if (strvec_push(out, fact) < 0)
            return -1;
    }
    if (!words) {
        qsort(out->items, (size_t)fluents, sizeof *out->items, by_text);
        qsort(out->items + fluents, (size_t)(out->count - fluents), sizeof *out->items, by_text);
    }
    return 0;
}

static char *action_words(const pl_task *t, const pl_gen_template *tmpl, int action)
{
    const pl_gaction *a = &t->actions[action];
    const char *names[64];
    int arity = t->domain->actions[a->schema].nparams;
    arg_names(t, a->args, arity < 64 ? arity : 64, names);
    char *words = pl_gen_template_action(tmpl, a->schema, names);
    if (!words || !strcmp(words, a->name))
        return words;
    char *both = pl_strdup_printf("%s (%s)", a->name, words);
    free(words);
    return both;
}

/* "a, b, and c" (or "a and b", "a"); NULL when out of memory. */
static char *join_words(char *const *items, int n)
{
    size_t cap = 8;
    for (int i = 0; i < n; i++)
        cap += strlen(items[i]) + 6;
    char *s = malloc(cap);
    if (!s)
        return NULL;
    size_t len = 0;
    s[0] = '\0';
    for (int i = 0; i < n; i++) {
        const char *sep = i == 0 ? "" : i + 1 < n ? ", " : n == 2 ? " and " : ", and ";
        len += (size_t)snprintf(s + len, cap - len, "%s%s", sep, items[i]);
    }
    return s;
}

/* The goal in words when it is a conjunction of literals; else a pointer to
 * the PDDL. */
static char *goal_words(const pl_task *t, const pl_gen_template *tmpl)
{
    const pl_gnode *root = t->goal >= 0 ? &t->gnodes[t->goal] : NULL;
    int first = 0, count = 0;
    if (root && root->kind == PL_G_LIT) {
        first = t->goal;
        count = 1;
    } else if (root && root->kind == PL_G_AND) {
        first = root->first;
        count = root->count;
    }
    strvec parts = {0};
    const char *names[64];
    for (int i = 0; i < count; i++) {
        const pl_gnode *lit = root->kind == PL_G_LIT ? root : &t->gnodes[t->gkids[first + i]];
        if (lit->kind != PL_G_LIT) {
            strvec_free(&parts);
            return pl_strdup("the goal of the problem holds (see its PDDL)");
        }
        const pl_gatom *g = &t->atoms[lit->atom];
        arg_names(t, g->args, t->domain->preds[g->pred].arity, names);
        char *w = pl_gen_template_atom(tmpl, g->pred, names);
        char *neg = lit->neg && w ? pl_strdup_printf("it is not the case that %s", w) : NULL;
        if (lit->neg) {
            free(w);
            w = neg;
        }
        if (strvec_push(&parts, w) < 0) {
            strvec_free(&parts);
            return NULL;
        }
    }
    char *s = parts.count ? join_words(parts.items, parts.count) : pl_strdup("nothing more is required");
    strvec_free(&parts);
    return s;
}

static char *context_of(const pl_task *t, const pl_gen_template *tmpl, const uint64_t *init)
{
    strvec facts = {0};
    char *state = state_facts(t, tmpl, init, true, &facts) == 0 ? join_words(facts.items, facts.count) : NULL;
    char *goal = goal_words(t, tmpl);
    char *s = state && goal ? pl_strdup_printf("%s\nCurrently, %s.\nThe goal is to reach a state where %s.",
                                                pl_gen_template_description(tmpl), state, goal)
                            : NULL;
    strvec_free(&facts);
    free(state);
    free(goal);
    return s;
}

typedef struct {
    const pl_task *t;
    const pl_gen_template *tmpl;
    const pl_gen_options *o;
    const char *context;
    uint64_t rng;
    pl_gen_set *out;
} gen_ctx;

/* Adds one question; takes ownership of question, answer and actions. */
static int add_question(gen_ctx *g, pl_iou_task task, char *question, strvec *answer, strvec *actions)
{
    pl_gen_set *out = g->out;
    pl_iou_question *grown = realloc(out->items, (size_t)(out->count + 1) * sizeof *grown);
    if (grown)
        out->items = grown;
    pl_iou_question q = {
        .id = pl_strdup_printf("%s/%s/%s", g->t->domain->name, g->t->problem->name, pl_iou_task_name(task)),
        .domain = pl_strdup(g->t->domain->name),
        .problem = pl_strdup(g->t->problem->name),
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
    if (grown)
        out->items[out->count++] = q;
    if (!grown || !q.id || !q.domain || !q.problem || !q.context || !q.question)
        return grown ? -1 : (free(q.question), -1);
    return 0;
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

static int action_names(const pl_task *t, const int *ids, int n, strvec *out, bool sorted)
{
    for (int i = 0; i < n; i++)
        if (strvec_push(out, pl_strdup(t->actions[ids[i]].name)) < 0)
            return -1;
    if (sorted)
        qsort(out->items, (size_t)out->count, sizeof *out->items, by_text);
    return 0;
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
        taken[n] = app[next_random(&g->rng) % (uint64_t)napp];
        pl_task_apply(g->t, taken[n++], state, next);
        memcpy(state, next, (size_t)g->t->words * sizeof *state);
    }
    int rc = app && next ? n : -1;
    free(app);
    free(next);
    return rc;
}

static int gen_walk_questions(gen_ctx *g, const uint64_t *init)
{
    const pl_task *t = g->t;
    int steps = g->o->track_length > 1 ? g->o->track_length : 1;
    int *taken = malloc((size_t)steps * sizeof *taken);
    uint64_t *s = pl_state_clone(t, init);
    int rc = taken && s ? 0 : -1;
    for (int neg = 0; rc == 0 && neg < 2; neg++) {
        pl_iou_task task = neg ? PL_IOU_PROG_NEG : PL_IOU_PROG_POS;
        if (!(g->o->tasks & (1u << task)))
            continue;
        memcpy(s, init, (size_t)t->words * sizeof *s);
        /* one draw for both: positive and negative effects of the same action */
        uint64_t saved = g->rng;
        int n = random_walk(g, s, 1, taken);
        g->rng = neg ? g->rng : saved;
        if (n <= 0) {
            rc = n < 0 ? -1 : skip(g, task, "no action is applicable in the initial state");
            continue;
        }
        strvec answer = {0}, actions = {0};
        for (int a = 0; a < t->natoms && rc == 0; a++)
            if (pl_state_has(init, a) == (bool)neg && pl_state_has(s, a) != (bool)neg)
                rc = strvec_push(&answer, pl_strdup(t->atoms[a].name));
        qsort(answer.items, (size_t)answer.count, sizeof *answer.items, by_text);
        char *words = action_words(t, g->tmpl, taken[0]);
        char *q = words ? pl_strdup_printf("Which facts become %s when the action %s is performed in the current "
                                           "state?" ANSWER_FORMAT_ATOMS,
                                           neg ? "false" : "true", words)
                        : NULL;
        free(words);
        if (rc == 0)
            rc = action_names(t, taken, 1, &actions, false);
        rc = rc == 0 ? add_question(g, task, q, &answer, &actions) : (free(q), -1);
        strvec_free(&answer);
        strvec_free(&actions);
    }
    if (rc == 0 && (g->o->tasks & (1u << PL_IOU_TRACKING))) {
        memcpy(s, init, (size_t)t->words * sizeof *s);
        int n = random_walk(g, s, steps, taken);
        strvec answer = {0}, actions = {0}, words = {0};
        if (n <= 0)
            rc = n < 0 ? -1 : skip(g, PL_IOU_TRACKING, "no action is applicable in the initial state");
        else if (state_facts(t, g->tmpl, s, false, &answer) < 0 || action_names(t, taken, n, &actions, false) < 0)
            rc = -1;
        for (int i = 0; rc == 0 && n > 0 && i < n; i++)
            rc = strvec_push(&words, action_words(t, g->tmpl, taken[i]));
        if (rc == 0 && n > 0) {
            char *seq = join_words(words.items, words.count);
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
    }
    free(taken);
    free(s);
    return rc;
}

static int gen_plan_question(gen_ctx *g, pl_iou_task task, const pl_relaxed *relaxed)
{
    const pl_task *t = g->t;
    if (task == PL_IOU_COSTPLAN && !t->has_costs)
        return skip(g, task, "the domain has no action costs");
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
        strvec answer = {0}, actions = {0};
        rc = action_names(t, r.plan, r.plan_length, &answer, false);
        char *q = pl_strdup(task == PL_IOU_COSTPLAN
                                ? "Give a plan of minimal total cost that reaches the goal from the current state. "
                                  "Provide the actions in order as a list within [] separated by commas, each action "
                                  "written as (name arg1 arg2 ...)."
                                : "Give a plan that reaches the goal from the current state. Provide the actions in "
                                  "order as a list within [] separated by commas, each action written as (name arg1 "
                                  "arg2 ...).");
        rc = rc == 0 ? add_question(g, task, q, &answer, &actions) : (free(q), -1);
        strvec_free(&answer);
    }
    pl_search_result_clear(&r);
    return rc;
}

int pl_gen_questions(const pl_task *t, const pl_gen_template *tmpl, const pl_gen_options *o, pl_gen_set *out)
{
    memset(out, 0, sizeof *out);
    uint64_t mix = o->seed;
    for (const char *c = t->problem->name; *c; c++) /* the same seed walks differently in each problem */
        mix = (mix ^ (unsigned char)*c) * UINT64_C(0x100000001b3);
    char *context = context_of(t, tmpl, t->init);
    gen_ctx g = {t, tmpl, o, context, mix, out};
    int rc = context ? 0 : -1;
    if (rc == 0 && (o->tasks & (1u << PL_IOU_APPLICABILITY))) {
        int *app = malloc((size_t)(t->nactions + 1) * sizeof *app);
        strvec answer = {0}, none = {0};
        rc = app ? action_names(t, app, pl_task_applicable_actions(t, t->init, app), &answer, true) : -1;
        free(app);
        rc = rc == 0 ? add_question(&g, PL_IOU_APPLICABILITY,
                                    pl_strdup("Which actions are applicable in the current state?" ANSWER_FORMAT_ACTIONS),
                                    &answer, &none)
                     : -1;
        strvec_free(&answer);
    }
    if (rc == 0 && (o->tasks & (1u << PL_IOU_STATE))) {
        strvec answer = {0}, none = {0};
        rc = state_facts(t, tmpl, t->init, false, &answer) == 0
                 ? add_question(&g, PL_IOU_STATE,
                                pl_strdup("Which facts are true in the current state?" ANSWER_FORMAT_ATOMS), &answer,
                                &none)
                 : -1;
        strvec_free(&answer);
    }
    if (rc == 0)
        rc = gen_walk_questions(&g, t->init);
    pl_relaxed *relaxed = NULL;
    for (int task = PL_IOU_PLAN; rc == 0 && task <= PL_IOU_COSTPLAN; task++) {
        if (!(o->tasks & (1u << task)))
            continue;
        if (!relaxed && !(relaxed = pl_relaxed_new(t)))
            rc = -1;
        else
            rc = gen_plan_question(&g, (pl_iou_task)task, relaxed);
    }
    pl_relaxed_free(relaxed);
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
