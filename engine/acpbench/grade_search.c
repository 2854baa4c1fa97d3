/* Grading of the answers that need the task itself: reach, areach and
 * nexta (planner checks), just (plan simulation). */
#include <stdlib.h>
#include <string.h>

#include "acpbench/grade_internal.h"
#include "acpbench/parse_text.h"

static const char *answer_name(pl_answer a)
{
    return a == PL_YES ? "yes" : a == PL_NO ? "no" : "undecided";
}

/* ---- reach ---- */

/* Is the atom text unreachable, for the sound verdict?  YES when proven,
 * NO when it can hold (or is no atom of the problem), UNKNOWN at a limit. */
static pl_answer atom_unreachable(acp_question_cache *c, const char *x, const pl_limits *lim, char **detail)
{
    pl_atom_ref r;
    pl_atom_status st = pl_resolve_atom_ref(c->lt.task, x, &r);
    pl_answer a;
    switch (st) {
    case PL_ATOM_FLUENT:
        a = acp_cache_mutexes(c) < 0 ? PL_UNKNOWN
                                     : pl_atom_reachable(c->lt.task, c->relaxed, c->lt.task->init, r.atom, lim);
        a = a == PL_UNKNOWN ? PL_UNKNOWN : a == PL_YES ? PL_NO : PL_YES;
        break;
    case PL_ATOM_UNREACHABLE:
        a = PL_YES;
        break;
    default:
        /* holds, is no atom of this problem at all, or is static: the question
         * asks about its available propositions, the predicates actions change */
        a = PL_NO;
        break;
    }
    *detail = st == PL_ATOM_STATIC_FALSE ? pl_strdup_printf("%s, not one of the question's propositions (those actions change)",
                                                             r.detail ? r.detail : "a static atom")
                                         : r.detail;
    if (st == PL_ATOM_STATIC_FALSE)
        free(r.detail);
    r.detail = NULL;
    pl_atom_ref_clear(&r);
    return a;
}

/* The official planner call on goal x: Fast Downward's translator rejects
 * undeclared predicates and wrong arities (planner error → 0) but not
 * unknown objects or ill-typed arguments, which make the goal unreachable
 * (→ 1); type names read as unary predicates. */
static void official_reach_planner(acp_question_cache *c, const char *x, double seconds, pl_acp_verdict *v)
{
    pl_atom_ref r;
    pl_atom_status st = pl_resolve_atom_ref(c->lt.task, x, &r);
    switch (st) {
    case PL_ATOM_MALFORMED:
    case PL_ATOM_UNKNOWN_PREDICATE:
    case PL_ATOM_WRONG_ARITY:
        v->path = "planner-error";
        v->score = 0;
        break;
    case PL_ATOM_STATIC_TRUE:
    case PL_ATOM_TYPE_TRUE:
        v->path = "planner-solvable";
        v->score = 0;
        break;
    case PL_ATOM_FLUENT: {
        pl_limits lim = acp_limits(seconds);
        pl_answer a = acp_cache_mutexes(c) < 0
                          ? PL_UNKNOWN
                          : pl_atom_reachable(c->lt.task, c->relaxed, c->lt.task->init, r.atom, &lim);
        v->path = a == PL_NO ? "planner-unsolvable" : a == PL_YES ? "planner-solvable" : "planner-timeout";
        v->score = a == PL_NO;
        break;
    }
    default: /* unknown object, ill-typed, type predicate of another type, static false, unreachable */
        v->path = "planner-unsolvable";
        v->score = 1;
        break;
    }
    pl_atom_ref_clear(&r);
}

int acp_grade_reach(pl_acp_grader *g, const pl_acp_question *q, const pl_acp_parsed *p, pl_acp_verdict *v)
{
    char *x = acp_lower(p->items[0]);
    if (!x)
        return -1;
    bool none = !strcmp(x, "none");
    int nstored = cJSON_GetArraySize(q->answer);
    bool stored = false;
    const cJSON *it;
    cJSON_ArrayForEach(it, q->answer)
    {
        char *w = cJSON_IsString(it) ? pl_strdup_printf("(%s)", it->valuestring) : NULL;
        char *lw = w ? acp_lower(w) : NULL;
        /* stored atoms are stripped before wrapping: "( at a b )" never occurs in the data */
        stored |= lw && !strcmp(lw, x);
        free(w);
        free(lw);
    }
    if (nstored == 0) {
        v->score = none;
        v->path = none ? "none-correct" : "none-expected";
    } else if (stored) {
        v->score = 1;
        v->path = "stored-yes";
    } else if (none) {
        v->score = 0;
        v->path = "planner-error"; /* the goal "none" is no atom */
    }
    bool planner = !v->path;
    acp_question_cache *c = planner || g->opts.sound ? acp_task_for(g, q, v) : NULL;
    if (planner && c) {
        official_reach_planner(c, x, g->opts.reach_seconds, v);
    } else if (planner) {
        v->score = 0;
        v->path = "planner-error";
    }
    v->sound_score = v->score;
    pl_answer unreachable = PL_UNKNOWN;
    if (none && g->opts.sound && c)
        acp_sound_none(c, PL_ACP_REACH, g->opts.sound_seconds, v);
    if (!none && g->opts.sound && c) {
        pl_limits lim = acp_limits(g->opts.sound_seconds);
        char *detail = NULL;
        unreachable = atom_unreachable(c, x, &lim, &detail);
        if (unreachable != PL_UNKNOWN)
            v->sound_score = unreachable == PL_YES;
        if (v->sound_score != v->score)
            acp_reason(v, "%s: %s%s", x,
                       unreachable == PL_YES ? "proven unreachable"
                       : detail              ? detail
                                             : "reachable",
                       nstored == 0 && v->sound_score ? " (the stored answer None is wrong)"
                       : stored                       ? " (the stored answer is wrong)"
                                                      : "");
        free(detail);
    }
    if (!v->sound_score)
        acp_fail_reach(c ? c->lt.task : NULL, x, unreachable, v->path, nstored, &v->failure);
    if (!v->sound_score && none)
        acp_none_failure(c, PL_ACP_REACH, v);
    free(x);
    return 0;
}

/* ---- areach ---- */

/* The atoms the official code makes the goal: the positive top-level atoms
 * of the precondition (negative and non-atomic parts dropped).  Returns the
 * count; out holds up to t->natoms. */
static int official_precondition_atoms(const pl_task *t, const pl_gaction *ga, int *out)
{
    int n = 0;
    for (int i = 0; i < ga->npre_pos; i++)
        out[n++] = ga->pre_pos[i];
    if (ga->pre >= 0) {
        const pl_gnode *node = &t->gnodes[ga->pre];
        int first = node->kind == PL_G_AND ? node->first : -1, count = node->kind == PL_G_AND ? node->count : 0;
        if (node->kind == PL_G_LIT && !node->neg)
            out[n++] = node->atom;
        for (int i = 0; i < count; i++) {
            const pl_gnode *kid = &t->gnodes[t->gkids[first + i]];
            if (kid->kind == PL_G_LIT && !kid->neg)
                out[n++] = kid->atom;
        }
    }
    return n;
}

static void official_areach_planner(acp_question_cache *c, int action, double seconds, pl_acp_verdict *v)
{
    const pl_task *t = c->lt.task;
    int *goal = malloc(((size_t)t->natoms + (size_t)t->actions[action].npre_pos + 1) * sizeof *goal);
    pl_answer a = PL_UNKNOWN;
    if (goal && acp_cache_mutexes(c) == 0) {
        int n = official_precondition_atoms(t, &t->actions[action], goal);
        pl_limits lim = acp_limits(seconds);
        a = pl_atoms_reachable(t, c->relaxed, t->init, goal, n, &lim);
    }
    free(goal);
    v->path = a == PL_NO ? "planner-unsolvable" : a == PL_YES ? "planner-solvable" : "planner-timeout";
    v->score = a == PL_NO;
}

/* Sound: can the action text never be applied?  YES for a well-formed
 * action whose preconditions can never hold (statically false ones
 * included), NO for an applicable-some-day action or a text that names no
 * action of the problem. */
static pl_answer action_never_applicable(acp_question_cache *c, const char *x, const pl_limits *lim, char **detail)
{
    pl_action_ref r;
    pl_ref_status st = pl_resolve_action(c->lt.task, x, &r);
    pl_answer a = PL_NO;
    if (r.surplus == 0) {
        if (st == PL_REF_STATICALLY_FALSE || st == PL_REF_UNREACHABLE) {
            a = PL_YES;
        } else if (st == PL_REF_OK && acp_cache_mutexes(c) == 0) {
            pl_answer reach = pl_action_reachable(c->lt.task, c->relaxed, c->lt.task->init, r.action, lim);
            a = reach == PL_UNKNOWN ? PL_UNKNOWN : reach == PL_YES ? PL_NO : PL_YES;
        }
    }
    *detail = r.detail ? r.detail : pl_strdup(r.surplus ? "too many arguments" : "applicable in some reachable state");
    r.detail = NULL;
    pl_action_ref_clear(&r);
    return a;
}

/* ---- None: no candidate is right ---- */

/* The candidates are every typed atom of a predicate some action changes
 * (the propositions the question lists), or every typed action.  Those the
 * grounding dropped are visited first: no search is needed to prove one of
 * them right, and most questions with a wrong None have one. */
typedef struct {
    acp_question_cache *c;
    bool actions;
    bool grounded;   /* this pass: the grounded candidates (searches) or the others */
    int index;       /* predicate or schema */
    double deadline; /* thread CPU seconds */
    int unknown;
    char *witness;
} none_ctx;

static int none_candidate(void *p, const int *args)
{
    none_ctx *n = p;
    const pl_task *t = n->c->lt.task;
    int id = n->actions ? pl_task_action_id(t, n->index, args) : pl_task_atom_id(t, n->index, args);
    if ((id >= 0) != n->grounded)
        return 0;
    double left = n->deadline - acp_thread_cpu_seconds();
    if (n->grounded && left <= 0) {
        n->unknown++;
        return 0;
    }
    pl_limits lim = acp_limits(left);
    const char *name = n->actions ? t->domain->actions[n->index].name : t->domain->preds[n->index].name;
    int arity = n->actions ? t->domain->actions[n->index].nparams : t->domain->preds[n->index].arity;
    char *text = acp_tuple_text(t, name, args, arity), *detail = NULL;
    if (!text)
        return -1;
    /* the very checks a concrete answer gets, so that None and the answers agree */
    pl_answer right = n->actions ? action_never_applicable(n->c, text, &lim, &detail)
                                 : atom_unreachable(n->c, text, &lim, &detail);
    free(detail);
    n->unknown += right == PL_UNKNOWN;
    if (right != PL_YES) {
        free(text);
        return 0;
    }
    n->witness = text;
    return 1;
}

pl_answer acp_reach_none(acp_question_cache *c, bool actions, double deadline, char **witness)
{
    const pl_task *t = c->lt.task;
    if (acp_cache_mutexes(c) < 0)
        return PL_UNKNOWN;
    none_ctx n = {c, actions, false, 0, deadline, 0, NULL};
    int rc = 0, count = actions ? t->domain->nactions : t->domain->npreds;
    for (int pass = 0; pass < 2 && rc == 0; pass++) {
        long budget = ACP_NONE_CANDIDATES;
        n.grounded = pass == 1;
        for (n.index = 0; rc == 0 && n.index < count; n.index++) {
            if (actions) {
                const pl_action *a = &t->domain->actions[n.index];
                pl_typeset params[PL_MAX_ARITY];
                for (int i = 0; i < a->nparams && i < PL_MAX_ARITY; i++)
                    params[i] = a->vars[i].types;
                rc = pl_task_for_each_tuple(t, params, a->nparams, &budget, none_candidate, &n);
            } else if (!t->pred_static[n.index]) {
                const pl_predicate *p = &t->domain->preds[n.index];
                rc = pl_task_for_each_tuple(t, p->params, p->arity, &budget, none_candidate, &n);
            }
        }
    }
    *witness = n.witness;
    return rc == 1 ? PL_NO : rc == 0 && n.unknown == 0 ? PL_YES : PL_UNKNOWN;
}

/* Official lookup: the action must be one of the grounded actions, named
 * exactly. */
static int grounded_action(const pl_task *t, const char *x)
{
    pl_action_ref r;
    pl_ref_status st = pl_resolve_action(t, x, &r);
    int a = st == PL_REF_OK && r.surplus == 0 ? r.action : -1;
    pl_action_ref_clear(&r);
    return a;
}

int acp_grade_areach(pl_acp_grader *g, const pl_acp_question *q, const pl_acp_parsed *p, pl_acp_verdict *v)
{
    char *x = acp_lower(p->items[0]);
    if (!x)
        return -1;
    bool none = !strcmp(x, "none");
    int nstored = cJSON_IsArray(q->answer) ? cJSON_GetArraySize(q->answer) : 0;
    bool stored = false;
    const cJSON *it;
    cJSON_ArrayForEach(it, q->answer)
    {
        stored |= cJSON_IsString(it) && !strcmp(it->valuestring, x); /* the stored list is not lower-cased */
    }
    bool need_task = g->opts.sound || (!none && nstored > 0 && !stored);
    acp_question_cache *c = need_task ? acp_task_for(g, q, v) : NULL;
    int action = c ? grounded_action(c->lt.task, x) : -1;
    if (nstored == 0) {
        v->score = none;
        v->path = none ? "none-correct" : "none-expected";
    } else if (stored) {
        v->score = 1;
        v->path = "stored-yes";
    } else if (!c && !none) {
        v->score = 0;
        v->path = "question-error"; /* the official code asserts here */
    } else if (action < 0) {
        v->score = 0;
        v->path = "invalid-action";
    } else {
        official_areach_planner(c, action, g->opts.reach_seconds, v);
    }
    v->sound_score = v->score;
    pl_answer never = PL_UNKNOWN;
    if (none && g->opts.sound && c)
        acp_sound_none(c, PL_ACP_AREACH, g->opts.sound_seconds, v);
    if (!none && g->opts.sound && c) {
        pl_limits lim = acp_limits(g->opts.sound_seconds);
        char *detail = NULL;
        never = action_never_applicable(c, x, &lim, &detail);
        if (never != PL_UNKNOWN)
            v->sound_score = never == PL_YES;
        if (v->sound_score != v->score)
            acp_reason(v, "%s: %s%s", x, never == PL_YES ? "never applicable" : "can become applicable",
                       never == PL_YES && action < 0 && !stored
                           ? detail && strstr(detail, "statically") ? " (a statically false precondition; the "
                                                                      "official grader does not ground it)"
                                                                    : " (the official grader does not ground it)"
                       : nstored == 0 && v->sound_score ? " (the stored answer None is wrong)"
                       : stored                         ? " (the stored answer is wrong)"
                                                        : "");
        free(detail);
    }
    if (!v->sound_score)
        acp_fail_areach(c ? c->lt.task : NULL, x, never, v->path, nstored, &v->failure);
    if (!v->sound_score && none)
        acp_none_failure(c, PL_ACP_AREACH, v);
    free(x);
    return 0;
}

/* ---- nexta ---- */

static pl_answer search_answer(acp_question_cache *c, const pl_search_params *p)
{
    pl_search_result res;
    pl_search_status st = pl_search(c->lt.task, c->relaxed, p, &res);
    pl_search_result_clear(&res);
    return st == PL_SEARCH_SOLVED ? PL_YES : st == PL_SEARCH_UNSOLVABLE ? PL_NO : PL_UNKNOWN;
}

/* Does `state` hold what the question state holds (all of it when the task
 * is monotone, else exactly it)? */
static bool covers_question_state(const pl_task *t, const uint64_t *state, bool monotone)
{
    for (int w = 0; w < t->words; w++)
        if (monotone ? (t->init[w] & ~state[w]) != 0 : t->init[w] != state[w])
            return false;
    return true;
}

/* Does one action (or none) lead from `state` to the question state, or to
 * a superset of it in a monotone task?  Then a plan from the question state
 * is one from there. */
static bool returns_to_question_state(const pl_task *t, const uint64_t *state)
{
    bool monotone = pl_task_monotone(t);
    if (covers_question_state(t, state, monotone))
        return true;
    uint64_t *back = pl_state_new(t);
    bool found = false;
    for (int a = 0; back && a < t->nactions && !found; a++)
        if (pl_task_applicable(t, a, state)) {
            pl_task_apply(t, a, state, back);
            found = covers_question_state(t, back, monotone);
        }
    free(back);
    return found;
}

static pl_search_params greedy(pl_heuristic_kind h, const uint64_t *state, long expansions, double seconds)
{
    pl_search_params p = pl_search_defaults();
    p.init = state;
    p.heuristic = h;
    p.greedy = true;
    p.deferred_evaluation = true; /* Satellite's states have ~50 children, h_FF costs 15 µs */
    p.max_expansions = expansions;
    p.max_seconds = seconds;
    return p;
}

static pl_answer greedy_answer(acp_question_cache *c, pl_heuristic_kind h, const uint64_t *state, long expansions,
                               double seconds)
{
    pl_search_params p = greedy(h, state, expansions, seconds);
    return search_answer(c, &p);
}

/* In a monotone task whose question state is solvable: does a short greedy
 * search reach a superset of the question state from `state` (then a plan
 * follows)?  In Satellite, switching an instrument off and on again loses
 * its calibration, which the search towards the question state restores
 * at once where the search towards the goal wanders. */
static bool back_to_question_state(acp_question_cache *c, const uint64_t *state, long expansions, double seconds)
{
    const pl_task *t = c->lt.task;
    int *atoms = malloc(((size_t)t->natoms + 1) * sizeof *atoms), n = 0;
    if (!atoms)
        return false;
    for (int a = 0; a < t->natoms; a++)
        if (pl_state_has(t->init, a))
            atoms[n++] = a;
    pl_search_params p = greedy(PL_H_FF, state, expansions, seconds);
    p.goal_atoms = atoms;
    p.ngoal_atoms = n;
    bool back = search_answer(c, &p) == PL_YES;
    free(atoms);
    return back;
}

/* Is there a plan from `state` at all (dead end or not)?  Yes at once when
 * one step leads back to the question state (or, in a monotone task, to a
 * superset of it) and that has a plan, which h* of it, computed first, tells.  Else
 * short searches that fail in different places: greedy with h_add, greedy
 * back to the question state, greedy with h_FF (each gets lost on some
 * plateaus: Rover's dropped samples, Satellite's instruments), A* with
 * LM-cut up to symmetry; each first with 100 expansions, where the one that
 * succeeds mostly does, then with 2,000; then greedy with h_FF for the
 * whole limit. */
static pl_answer solvable_from(acp_question_cache *c, const uint64_t *state, const pl_limits *lim)
{
    static const long budgets[] = {100, 2000}; /* expansions */
    const pl_task *t = c->lt.task;
    if (c->init_solvable && returns_to_question_state(t, state))
        return PL_YES;
    bool back = c->init_solvable && pl_task_monotone(t);
    pl_search_params astar = pl_search_defaults();
    astar.init = state;
    astar.symmetry = c->relaxed->symmetry;
    astar.hcache = acp_cache_hcache(c);
    astar.pdbs = acp_cache_pdbs(c);
    astar.max_seconds = lim->max_seconds;
    pl_answer a = PL_UNKNOWN;
    for (size_t b = 0; b < sizeof budgets / sizeof budgets[0] && a == PL_UNKNOWN; b++) {
        long n = budgets[b];
        a = greedy_answer(c, PL_H_ADD, state, n, lim->max_seconds);
        if (a == PL_UNKNOWN && back && back_to_question_state(c, state, n, lim->max_seconds))
            a = PL_YES;
        if (a == PL_UNKNOWN)
            a = greedy_answer(c, PL_H_FF, state, n, lim->max_seconds);
        astar.max_expansions = n;
        if (a == PL_UNKNOWN)
            a = search_answer(c, &astar);
    }
    return a == PL_UNKNOWN ? greedy_answer(c, PL_H_FF, state, 0, lim->max_seconds) : a;
}

/* The official check: an optimal plan from the successor (5 s), and 1 iff
 * len(plan) + 1 == opt.  With unit costs a search bounded at opt − 1
 * decides it: a plan within the bound is optimal and its length compared;
 * none means the optimal plan is longer (planner-not-optimal) or there is
 * none at all (planner-no-plan, told apart by a greedy search). */
static const char *official_nexta_path(acp_question_cache *c, int action, long want, double seconds)
{
    const pl_task *t = c->lt.task;
    uint64_t *next = pl_state_new(t);
    if (!next)
        return "planner-no-plan";
    pl_task_apply(t, action, t->init, next);
    pl_search_params p = pl_search_defaults();
    p.init = next;
    p.max_seconds = seconds;
    p.symmetry = c->relaxed->symmetry; /* the plan's length is all that counts */
    p.deferred_evaluation = true;
    p.hcache = acp_cache_hcache(c);
    p.pdbs = acp_cache_pdbs(c);
    bool bounded = !t->has_costs && want >= 1;
    if (bounded)
        p.cost_bound = want - 1;
    pl_search_result res;
    pl_search_status st = pl_search(t, c->relaxed, &p, &res);
    /* With opt = h* of the question state this was the sound test too: a plan
     * within opt - 1 makes the action a next action, none proves it is not. */
    if (bounded && c->has_hstar && c->hstar_known == PL_YES && c->hstar == want
        && (st == PL_SEARCH_SOLVED || st == PL_SEARCH_UNSOLVABLE))
        acp_cache_record_next_action(c, action, st == PL_SEARCH_SOLVED ? PL_YES : PL_NO);
    const char *path = "planner-no-plan";
    if (st == PL_SEARCH_SOLVED) {
        c->init_solvable = true; /* through this action */
        path = res.plan_length + 1 == want ? "planner-optimal" : "planner-not-optimal";
    } else if (st == PL_SEARCH_UNSOLVABLE && bounded && res.initial_h != PL_H_INF) {
        /* (a successor that is a proven dead end, by the databases or LM-cut, has no plan) */
        pl_limits lim = acp_limits(seconds);
        path = solvable_from(c, next, &lim) == PL_YES ? "planner-not-optimal" : "planner-no-plan";
    }
    pl_search_result_clear(&res);
    free(next);
    return path;
}

static void official_nexta_planner(acp_question_cache *c, int action, const pl_acp_question *q, double seconds,
                                   pl_acp_verdict *v)
{
    const cJSON *opt = cJSON_GetObjectItemCaseSensitive(q->answer, "opt");
    long want = cJSON_IsString(opt) ? strtol(opt->valuestring, NULL, 10) : cJSON_IsNumber(opt) ? opt->valueint : -1;
    if (!c->official_next)
        c->official_next = calloc((size_t)c->lt.task->nactions + 1, sizeof *c->official_next);
    action = acp_cache_orbit_action(c, action); /* a symmetric successor has the same optimal plan length */
    const char *path = c->official_next ? c->official_next[action] : NULL;
    if (!path && acp_cache_dead_successor(c, action)) {
        path = "planner-no-plan"; /* the relaxed goal is out of reach: no search, no h* needed */
    } else if (!path && !c->lt.task->has_costs && acp_cache_noop_successor(c, action)) {
        /* The planner would plan from the question state itself: opt actions by
         * the definition of opt (which `planlens audit` checks), never opt - 1. */
        path = "planner-not-optimal";
    } else if (!path) {
        /* h*(question state) first: the A* leaves lower bounds that prune the successor searches */
        pl_limits lim = acp_limits(seconds);
        long long hstar;
        acp_cache_hstar(c, &lim, &hstar);
        path = official_nexta_path(c, action, want, seconds);
    }
    if (c->official_next)
        c->official_next[action] = path; /* many responses name the same action */
    v->path = path;
    v->score = !strcmp(path, "planner-optimal");
}

/* The next-action test itself (action -1: not applicable); returns its
 * answer (PL_UNKNOWN when not applicable or undecided). */
static pl_answer sound_nexta(pl_acp_grader *g, acp_question_cache *c, const char *x, int action, pl_acp_verdict *v)
{
    if (action < 0) {
        v->sound_score = 0;
        if (v->score)
            acp_reason(v, "%s is not applicable in the question state", x);
        return PL_UNKNOWN;
    }
    pl_limits lim = acp_limits(g->opts.sound_seconds);
    long long hstar = -1;
    pl_answer next = acp_cache_next_action(c, action, &lim, &hstar);
    if (next != PL_UNKNOWN)
        v->sound_score = next == PL_YES;
    const char *label = strncmp(v->path, "stored", 6) == 0 ? "; the stored label is wrong" : "";
    if (v->sound_score != v->score && next == PL_NO && acp_cache_noop_successor(c, action))
        acp_reason(v, "%s: next-action test says %s (it leads back to the question state)%s", x, answer_name(next),
                   label);
    else if (v->sound_score != v->score && next == PL_NO && acp_cache_dead_successor(c, action))
        acp_reason(v, "%s: next-action test says %s (a dead end: the goal is out of reach)%s", x,
                   answer_name(next), label);
    else if (v->sound_score != v->score)
        acp_reason(v, "%s: next-action test says %s (h* = %lld)%s", x, answer_name(next), hstar, label);
    return next;
}

int acp_grade_nexta(pl_acp_grader *g, const pl_acp_question *q, const pl_acp_parsed *p, pl_acp_verdict *v)
{
    char *x = acp_lower(p->items[0]);
    if (!x)
        return -1;
    bool maybe = false;
    if (acp_in_list_lower(cJSON_GetObjectItemCaseSensitive(q->answer, "yes"), x)) {
        v->score = 1;
        v->path = "stored-yes";
    } else if (acp_in_list_lower(cJSON_GetObjectItemCaseSensitive(q->answer, "no"), x)) {
        v->score = 0;
        v->path = "stored-no";
    } else if (!acp_in_list_lower(cJSON_GetObjectItemCaseSensitive(q->answer, "maybe"), x)) {
        v->score = 0;
        v->path = "not-applicable";
    } else {
        maybe = true;
    }
    acp_question_cache *c = maybe || g->opts.sound ? acp_task_for(g, q, v) : NULL;
    const pl_task *t = c ? c->lt.task : NULL;
    int action = t ? grounded_action(t, x) : -1;
    bool applicable = action >= 0 && pl_task_applicable(t, action, t->init);
    if (maybe && applicable) {
        official_nexta_planner(c, action, q, g->opts.nexta_seconds, v);
    } else if (maybe) {
        v->score = 0; /* the official grounding failed, or the action is not one of the task */
        v->path = c ? "not-applicable" : "planner-no-plan";
    }
    v->sound_score = v->score;
    pl_answer next = g->opts.sound && c ? sound_nexta(g, c, x, applicable ? action : -1, v) : PL_UNKNOWN;
    if (!v->sound_score)
        acp_fail_nexta(g->opts.sound ? c : NULL, x, applicable ? action : -1, next, v->path,
                       g->opts.sound_seconds, &v->failure);
    free(x);
    return 0;
}

/* ---- just ---- */

static bool same_text(const char *a, const char *b, bool ignore_case)
{
    if (!ignore_case)
        return !strcmp(a, b);
    for (; *a && *b; a++, b++)
        if ((*a | 32 * (*a >= 'A' && *a <= 'Z')) != (*b | 32 * (*b >= 'A' && *b <= 'Z')))
            return false;
    return *a == *b;
}

/* The official greedy left-to-right subsequence test. */
static bool is_subsequence(char *const *plan, int n, char *const *sub, int m, bool ignore_case)
{
    int i = 0;
    for (int k = 0; k < n && i < m; k++)
        if (same_text(plan[k], sub[i], ignore_case))
            i++;
    return i == m;
}

/* Does sub equal plan with one action, or two consecutive ones, removed? */
static bool one_or_pair_removed(char *const *plan, int n, char *const *sub, int m)
{
    int removed = n - m;
    if (removed != 1 && removed != 2)
        return false;
    for (int at = 0; at + removed <= n; at++) {
        bool same = true;
        for (int k = 0; k < m && same; k++)
            same = same_text(plan[k < at ? k : k + removed], sub[k], true);
        if (same)
            return true;
    }
    return false;
}

/* Simulates the actions from the initial state: every one a grounded
 * action applicable where it stands, and the goal reached at the end. */
static bool is_plan(const pl_task *t, char *const *steps, int n)
{
    uint64_t *s = pl_state_clone(t, t->init), *next = pl_state_new(t);
    bool ok = s && next;
    for (int i = 0; i < n && ok; i++) {
        int a = grounded_action(t, steps[i]);
        ok = a >= 0 && pl_task_applicable(t, a, s);
        if (ok) {
            pl_task_apply(t, a, s, next);
            memcpy(s, next, (size_t)t->words * sizeof *s);
        }
    }
    ok = ok && pl_task_goal_reached(t, s);
    free(s);
    free(next);
    return ok;
}

int acp_grade_just(pl_acp_grader *g, const pl_acp_question *q, const pl_acp_parsed *p, pl_acp_verdict *v)
{
    char **plan;
    int n = pl_acp_just_plan(q->question, &plan);
    if (n < 0)
        return -1;
    char *const *ans = p->items;
    int m = p->count[0];
    bool shape = m > 0 && is_subsequence(plan, n, ans, m, true) && one_or_pair_removed(plan, n, ans, m);
    bool official_candidate = m > 0 && n > m && is_subsequence(plan, n, ans, m, false);
    /* a question whose PDDL does not load has no plans: the official is_plan is False */
    acp_question_cache *c = official_candidate || (shape && g->opts.sound) ? acp_task_for(g, q, v) : NULL;
    bool valid = c && is_plan(c->lt.task, ans, m);
    if (m == 0)
        v->path = "empty-plan";
    else if (n <= m)
        v->path = "not-shorter";
    else if (!is_subsequence(plan, n, ans, m, false))
        v->path = "not-subsequence";
    else
        v->path = valid ? "valid-plan" : "invalid-plan";
    v->score = !strcmp(v->path, "valid-plan");
    v->sound_score = valid && shape;
    if (!v->sound_score)
        acp_fail_just(c ? c->lt.task : acp_task_if_loads(g, q), plan, n, ans, m, valid, &v->failure);
    if (v->sound_score != v->score) {
        if (v->sound_score)
            acp_reason(v, "the answer is the plan without one action or a consecutive pair, and valid; it differs "
                          "from the question's plan only in letter case");
        else if (valid && n > m)
            acp_reason(v, "a valid plan, but it removes %d action%s that are not one action or a consecutive pair, "
                          "which the question asks for",
                       n - m, n - m == 1 ? "" : "s");
    }
    pl_strings_free(plan, n);
    return 0;
}
