/* ACPBench-style questions whose answers are sets decided by search: reach,
 * areach, land and nexta (val and just, built from a plan, are in
 * acp_plans.c). */
#include "gen/acp_questions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "gen/acp_internal.h"
#include "gen/template.h"

/* Typed groundings tried per question: beyond this a question is skipped
 * rather than grinding through a combinatorial object table. */
#define MAX_TUPLES 20000

/* "(name a b)", or "name a b" without the parentheses. */
static char *tuple_text(const pl_task *t, const char *name, const int *args, int n, bool parens)
{
    const char *names[32];
    for (int i = 0; i < n && i < 32; i++)
        names[i] = t->problem->objects[args[i]].name;
    char *text = pl_gen_pddl_text(name, names, n);
    if (text && !parens) {
        size_t len = strlen(text);
        memmove(text, text + 1, len - 2);
        text[len - 2] = '\0';
    }
    return text;
}

static int add_string(cJSON *array, char *text)
{
    cJSON *s = text ? cJSON_CreateString(text) : NULL;
    free(text);
    return s && cJSON_AddItemToArray(array, s) ? 0 : -1;
}

typedef struct {
    const pl_task *t;
    const pl_relaxed *rel;
    const pl_limits *limits;
    int index;      /* predicate or schema */
    cJSON *list;
    int unknown;
} set_ctx;

static int reach_atom(void *p, const int *args)
{
    set_ctx *c = p;
    const pl_predicate *pred = &c->t->domain->preds[c->index];
    int atom = pl_task_atom_id(c->t, c->index, args);
    /* grounding keeps the relaxed-reachable atoms: one it dropped never holds */
    pl_answer a = atom < 0 ? PL_NO : pl_atom_reachable(c->t, c->rel, c->t->init, atom, c->limits);
    c->unknown += a == PL_UNKNOWN;
    return a == PL_NO ? add_string(c->list, tuple_text(c->t, pred->name, args, pred->arity, false)) : 0;
}

static int reach_action(void *p, const int *args)
{
    set_ctx *c = p;
    const pl_action *schema = &c->t->domain->actions[c->index];
    int action = pl_task_action_id(c->t, c->index, args);
    /* not grounded: statically impossible or relaxed-unreachable */
    pl_answer a = action < 0 ? PL_NO : pl_action_reachable(c->t, c->rel, c->t->init, action, c->limits);
    c->unknown += a == PL_UNKNOWN;
    return a == PL_NO ? add_string(c->list, tuple_text(c->t, schema->name, args, schema->nparams, true)) : 0;
}

static int gen_unreachable(const pl_task *t, const pl_relaxed *rel, bool actions, const pl_limits *limits,
                           pl_gen_acp *out)
{
    set_ctx c = {t, rel, limits, 0, cJSON_CreateArray(), 0};
    out->answer = c.list;
    long budget = MAX_TUPLES;
    int rc = c.list ? 0 : -1, n = actions ? t->domain->nactions : t->domain->npreds;
    for (c.index = 0; rc == 0 && c.index < n; c.index++) {
        if (actions) {
            const pl_action *a = &t->domain->actions[c.index];
            pl_typeset params[PL_MAX_ARITY];
            for (int i = 0; i < a->nparams && i < PL_MAX_ARITY; i++)
                params[i] = a->vars[i].types;
            rc = pl_task_for_each_tuple(t, params, a->nparams, &budget, reach_action, &c);
        } else if (!t->pred_static[c.index]) {
            const pl_predicate *p = &t->domain->preds[c.index];
            rc = pl_task_for_each_tuple(t, p->params, p->arity, &budget, reach_atom, &c);
        }
    }
    if (rc == PL_TUPLES_OVER)
        out->note = pl_strdup_printf("more than %d typed %s to decide", MAX_TUPLES, actions ? "actions" : "atoms");
    else if (rc == 0 && c.unknown)
        out->note = pl_strdup_printf("%d %s undecided at the search limit, left out", c.unknown,
                                     actions ? "actions" : "atoms");
    return rc == PL_TUPLES_OVER ? 1 : rc; /* 1: the question is skipped, with its note */
}

/* The atoms of a conjunctive goal (out: t->natoms flags). */
static void mark_goal_atoms(const pl_task *t, int cond, bool *out)
{
    if (cond < 0)
        return;
    const pl_gnode *g = &t->gnodes[cond];
    if (g->kind == PL_G_LIT && !g->neg)
        out[g->atom] = true;
    for (int i = 0; g->kind == PL_G_AND && i < g->count; i++)
        mark_goal_atoms(t, t->gkids[g->first + i], out);
}

static int gen_land(const pl_task *t, const pl_relaxed *rel, const pl_limits *limits, pl_gen_acp *out)
{
    pl_landmark_checker c;
    bool *goal = calloc((size_t)t->natoms + 1, sizeof *goal);
    cJSON *yes = cJSON_CreateArray(), *no = cJSON_CreateArray();
    out->answer = cJSON_CreateObject();
    if (!goal || !yes || !no || !out->answer || pl_landmark_checker_init(&c, t, rel, t->init, limits) < 0) {
        free(goal);
        cJSON_Delete(yes);
        cJSON_Delete(no);
        return -1;
    }
    cJSON_AddItemToObject(out->answer, "yes", yes);
    cJSON_AddItemToObject(out->answer, "no", no);
    int rc = 0, unknown = 0;
    if (c.solvable != PL_YES) {
        out->note = pl_strdup(c.solvable == PL_NO ? "the goal cannot be reached" : "no plan found within the limit");
        rc = 1;
    }
    mark_goal_atoms(t, t->goal, goal);
    for (int a = 0; rc == 0 && a < t->natoms; a++) {
        if (goal[a] || pl_state_has(t->init, a))
            continue;
        pl_answer is = pl_landmark_checker_test(&c, a, NULL);
        unknown += is == PL_UNKNOWN;
        if (is != PL_UNKNOWN)
            rc = add_string(is == PL_YES ? yes : no, pl_strdup(t->atoms[a].name));
    }
    if (rc == 0 && unknown)
        out->note = pl_strdup_printf("%d atoms undecided at the search limit, left out", unknown);
    pl_landmark_checker_free(&c);
    free(goal);
    return rc;
}

static int gen_nexta(const pl_task *t, const pl_relaxed *rel, const pl_limits *limits, pl_gen_acp *out)
{
    if (t->has_costs) {
        out->note = pl_strdup("the task has action costs; ACPBench's next-action grading counts steps");
        return 1;
    }
    long long hstar = -1;
    pl_answer solved = pl_optimal_cost(t, rel, t->init, limits, &hstar, NULL);
    if (solved != PL_YES || hstar == 0) {
        out->note = pl_strdup(solved == PL_NO      ? "the goal cannot be reached"
                              : solved == PL_YES ? "the goal holds already"
                                                 : "no optimal plan found within the limit");
        return 1;
    }
    int *app = malloc(((size_t)t->nactions + 1) * sizeof *app);
    cJSON *lists[3] = {cJSON_CreateArray(), cJSON_CreateArray(), cJSON_CreateArray()};
    out->answer = cJSON_CreateObject();
    int rc = app && lists[0] && lists[1] && lists[2] && out->answer ? 0 : -1;
    int n = rc ? 0 : pl_task_applicable_actions(t, t->init, app);
    for (int i = 0; rc == 0 && i < n; i++) {
        pl_answer next = pl_is_next_action(t, rel, t->init, app[i], hstar, limits);
        rc = add_string(lists[next == PL_YES ? 0 : next == PL_NO ? 1 : 2], pl_strdup(t->actions[app[i]].name));
    }
    static const char *const keys[3] = {"yes", "no", "maybe"};
    for (int k = 0; k < 3; k++) {
        if (out->answer && lists[k])
            cJSON_AddItemToObject(out->answer, keys[k], lists[k]);
        else
            cJSON_Delete(lists[k]);
    }
    char opt[32];
    snprintf(opt, sizeof opt, "%lld", hstar);
    if (rc == 0 && !cJSON_AddStringToObject(out->answer, "opt", opt))
        rc = -1;
    free(app);
    return rc;
}

static const char *question_text(pl_acp_task task)
{
    switch (task) {
    case PL_ACP_REACH:
        return "What proposition can never hold in any potentially reachable state?";
    case PL_ACP_AREACH:
        return "What action can never become applicable, in any state reachable from the current state?";
    case PL_ACP_LAND:
        return "Generate a non-trivial fact landmark, one that does not hold in the initial state or goal.";
    case PL_ACP_NEXTA:
        return "What is the next action that takes us towards the goal?";
    default:
        return NULL;
    }
}

int pl_gen_acp_question(const pl_task *t, const pl_relaxed *rel, pl_acp_task task, uint64_t seed,
                        const pl_limits *limits, pl_gen_acp *out)
{
    memset(out, 0, sizeof *out);
    int rc;
    switch (task) {
    case PL_ACP_REACH:
    case PL_ACP_AREACH:
        rc = gen_unreachable(t, rel, task == PL_ACP_AREACH, limits, out);
        break;
    case PL_ACP_LAND:
        rc = gen_land(t, rel, limits, out);
        break;
    case PL_ACP_NEXTA:
        rc = gen_nexta(t, rel, limits, out);
        break;
    case PL_ACP_VAL:
    case PL_ACP_JUST:
        return pl_gen_acp_from_plan(t, rel, task, seed, limits, out);
    default:
        out->note = pl_strdup_printf("%s questions come from the IoU generator", pl_acp_task_name(task));
        return 1;
    }
    if (rc == 0 && !(out->question = pl_strdup(question_text(task))))
        rc = -1;
    if (rc != 0) { /* a skipped question keeps only its note */
        cJSON_Delete(out->answer);
        out->answer = NULL;
    }
    return rc == 1 && !out->note ? -1 : rc;
}

void pl_gen_acp_clear(pl_gen_acp *g)
{
    free(g->question);
    cJSON_Delete(g->answer);
    free(g->note);
    memset(g, 0, sizeof *g);
}
