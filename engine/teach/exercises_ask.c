/* One exercise question of each kind: the ACPBench kinds from the engine's
 * generators, the heuristic and RPG kinds from the planner's own values
 * (exercises.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/random.h"
#include "gen/acp_questions.h"
#include "gen/iou_questions.h"
#include "gen/synth.h"
#include "gen/template.h"
#include "teach/exercises_internal.h"

/* ---- ACPBench kinds ---- */

static char *join_items(const cJSON *list, bool parenthesise)
{
    size_t len = 3;
    const cJSON *it;
    cJSON_ArrayForEach(it, list) len += (cJSON_IsString(it) ? strlen(it->valuestring) : 0) + 4;
    char *out = malloc(len);
    if (!out)
        return NULL;
    char *w = out;
    *w++ = '[';
    cJSON_ArrayForEach(it, list) {
        if (!cJSON_IsString(it))
            continue;
        bool wrap = parenthesise && it->valuestring[0] != '(';
        w += sprintf(w, "%s%s%s%s", w[-1] == '[' ? "" : ", ", wrap ? "(" : "", it->valuestring, wrap ? ")" : "");
    }
    strcpy(w, "]");
    return out;
}

/* One item of the list, as an atom or action in parentheses, or "None". */
static char *first_item(const cJSON *list)
{
    const cJSON *it = cJSON_GetArrayItem(list, 0);
    if (!cJSON_IsString(it))
        return pl_strdup("None");
    return it->valuestring[0] == '(' ? pl_strdup(it->valuestring) : pl_strdup_printf("(%s)", it->valuestring);
}

/* A right answer as a student would write it on one line. */
static char *acp_model_answer(pl_ex_question *q)
{
    const cJSON *a = q->answer;
    switch (q->kind) {
    case PL_EX_APP:
        return join_items(a, true);
    case PL_EX_PROG: {
        char *pos = join_items(cJSON_GetObjectItemCaseSensitive(a, "pos"), true);
        char *neg = join_items(cJSON_GetObjectItemCaseSensitive(a, "neg"), true);
        char *both = pos && neg ? pl_strdup_printf("%s %s", pos, neg) : NULL;
        free(pos);
        free(neg);
        return both;
    }
    case PL_EX_REACH:
    case PL_EX_AREACH:
        return first_item(a);
    case PL_EX_LAND:
        return first_item(cJSON_GetObjectItemCaseSensitive(a, "yes"));
    case PL_EX_NEXTA:
        return first_item(cJSON_GetObjectItemCaseSensitive(a, "yes"));
    case PL_EX_VAL:
        return pl_strdup_printf("%d", a ? a->valueint : 0);
    default: { /* just: the synthetic generator without errors writes a simplified plan */
        pl_acp_question aq = {.task = PL_ACP_JUST, .format = PL_ACP_GEN, .question = q->text, .answer = q->answer};
        pl_synth s = {0, 1};
        char *text = pl_synth_acp_response(&s, &aq), *list = text ? strchr(text, '[') : NULL;
        char *line = pl_strdup(list ? list : text ? text : ""); /* the list without the words before it */
        for (char *c = line; c && *c; c++)
            *c = *c == '\n' || *c == '\r' ? ' ' : *c;
        free(text);
        return line;
    }
    }
}

static char *record_id(const char *problem, pl_ex_kind k, uint64_t seed)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325) ^ seed;
    for (const char *c = problem; *c; c++)
        h = (h ^ (unsigned char)*c) * UINT64_C(0x100000001b3);
    h = (h ^ (uint64_t)k) * UINT64_C(0x100000001b3);
    return pl_strdup_printf("%llu", (unsigned long long)(UINT64_C(1000000000000000000) + h % UINT64_C(8000000000000000000)));
}

/* The ACPBench record of q (its text, context and answer filled). */
static int finish_acp(const pl_ex_problem *p, uint64_t seed, pl_ex_question *q)
{
    char *id = record_id(p->name, q->kind, seed);
    char *group = pl_strdup_printf("%s_gen", pl_acp_task_group_prefix((pl_acp_task)q->kind));
    q->record = cJSON_CreateObject();
    q->model_answer = q->text && q->answer ? acp_model_answer(q) : NULL;
    q->format = q->kind == PL_EX_VAL       ? "the index, 0 for the plan's first action"
                : q->kind == PL_EX_APP     ? "a list in brackets: [(action a b), (action c d)]"
                : q->kind == PL_EX_PROG    ? "two lists in brackets, positive then negative effects: [(p a)] [(q b)]"
                : q->kind == PL_EX_JUST    ? "the simplified plan in brackets: [(action a b), ...]"
                : q->kind == PL_EX_NEXTA   ? "one action in parentheses: (action a b)"
                                           : "one item in parentheses, or None";
    bool ok = id && group && q->record && q->model_answer && cJSON_AddStringToObject(q->record, "id", id) &&
              cJSON_AddStringToObject(q->record, "group", group) &&
              cJSON_AddStringToObject(q->record, "context", q->context ? q->context : "") &&
              cJSON_AddStringToObject(q->record, "question", q->text);
    free(id);
    free(group);
    return ok ? 0 : -1;
}

static int ask_searched(const pl_ex_bank *b, const pl_ex_problem *p, uint64_t seed, pl_ex_question *q, char **why_not)
{
    pl_gen_acp g;
    int got = pl_gen_acp_question(p->lt.task, p->rel, (pl_acp_task)q->kind, seed, &b->limits, &g);
    if (got != 0) {
        *why_not = got > 0 ? g.note : NULL;
        g.note = got > 0 ? NULL : g.note;
        if (got > 0)
            pl_gen_acp_clear(&g);
        return got;
    }
    q->text = g.question;
    q->answer = g.answer;
    g.question = NULL;
    g.answer = NULL;
    pl_gen_acp_clear(&g);
    q->context = pl_gen_render_context(p->tmpl, p->lt.task, p->lt.task->init);
    return q->context ? finish_acp(p, seed, q) : -1;
}

static cJSON *strings(char *const *items, int n)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; a && i < n; i++)
        if (!cJSON_AddItemToArray(a, cJSON_CreateString(items[i]))) {
            cJSON_Delete(a);
            return NULL;
        }
    return a;
}

/* app and prog: the IoU generator's applicability and progression
 * questions, in ACPBench's shape. */
static int ask_app_prog(const pl_ex_bank *b, const pl_ex_problem *p, uint64_t seed, pl_ex_question *q, char **why_not)
{
    pl_gen_options o = pl_gen_default_options();
    o.seed = seed;
    o.plan_seconds = b->limits.max_seconds;
    o.tasks = q->kind == PL_EX_APP ? 1u << PL_IOU_APPLICABILITY : 1u << PL_IOU_PROG_POS | 1u << PL_IOU_PROG_NEG;
    pl_gen_set set;
    if (pl_gen_questions(p->lt.task, p->tmpl, &o, &set) < 0)
        return -1;
    const pl_iou_question *app = NULL, *pos = NULL, *neg = NULL;
    for (int i = 0; i < set.count; i++) {
        app = set.items[i].task == PL_IOU_APPLICABILITY ? &set.items[i] : app;
        pos = set.items[i].task == PL_IOU_PROG_POS ? &set.items[i] : pos;
        neg = set.items[i].task == PL_IOU_PROG_NEG ? &set.items[i] : neg;
    }
    int rc = 1;
    if (q->kind == PL_EX_APP && app) {
        q->context = pl_strdup(app->context);
        q->text = pl_strdup("Generate the list of all ground actions that are applicable in this state.");
        q->answer = strings(app->answer, app->nanswer);
        rc = 0;
    } else if (pos && neg && pos->nactions) {
        q->context = pl_strdup(pos->context);
        q->text = pl_strdup_printf("Break down the outcomes of performing the action \"%s\" into two lists, positive "
                                   "effects (false now, true after it) and negative effects (true now, false after it).",
                                   pos->actions[0]);
        q->answer = cJSON_CreateObject();
        if (q->answer) {
            cJSON_AddItemToObject(q->answer, "pos", strings(pos->answer, pos->nanswer));
            cJSON_AddItemToObject(q->answer, "neg", strings(neg->answer, neg->nanswer));
        }
        rc = 0;
    } else {
        *why_not = pl_strdup(set.nskipped ? set.skipped[0] : "no question of this kind here");
    }
    pl_gen_set_free(&set);
    if (rc == 0 && (!q->context || !q->text || !q->answer))
        return -1;
    return rc == 0 ? finish_acp(p, seed, q) : rc;
}

/* ---- states for the heuristic and RPG kinds ---- */

/* A state 0 to 3 random actions away from the initial state (owned). */
static uint64_t *walk(const pl_task *t, uint64_t *rng)
{
    uint64_t *s = pl_state_clone(t, t->init), *next = pl_state_new(t);
    int *acts = malloc(((size_t)t->nactions + 1) * sizeof *acts);
    int steps = (int)(pl_next_random(rng) % 4);
    for (int i = 0; s && next && acts && i < steps; i++) {
        int n = pl_task_applicable_actions(t, s, acts);
        if (!n)
            break;
        pl_task_apply(t, acts[pl_next_random(rng) % (uint64_t)n], s, next);
        uint64_t *swap = s;
        s = next;
        next = swap;
    }
    if (!next || !acts) { /* out of memory */
        free(s);
        s = NULL;
    }
    free(acts);
    free(next);
    return s;
}

static int state_atoms(const pl_task *t, const uint64_t *s, pl_ex_question *q)
{
    q->state = malloc(((size_t)t->natoms + 1) * sizeof *q->state);
    if (!q->state)
        return -1;
    for (int a = 0; a < t->natoms; a++)
        if (pl_state_has(s, a) && !pl_task_atom_derived(t, a) && !(q->state[q->nstate++] = pl_strdup(t->atoms[a].name)))
            return -1;
    return 0;
}

#define TRIES 8 /* walks tried for a state that makes the question worth asking */

static int ask_heuristic(const pl_ex_bank *b, const pl_ex_problem *p, uint64_t *rng, pl_ex_question *q)
{
    const pl_task *t = p->lt.task;
    pl_heuristic_explanation x = {0};
    uint64_t *s = NULL;
    for (int i = 0; i < TRIES && (i == 0 || x.goal_state); i++) {
        if (i)
            pl_heuristic_explanation_clear(&x);
        free(s);
        s = walk(t, rng);
        if (!s || pl_heuristic_explain(t, p->rel, s, &b->limits, &x) < 0) {
            free(s);
            return -1;
        }
    }
    int value = q->kind == PL_EX_HMAX ? x.hmax : q->kind == PL_EX_HADD ? x.hadd : x.hff;
    const char *name = q->kind == PL_EX_HMAX ? "h_max" : q->kind == PL_EX_HADD ? "h_add" : "h_FF";
    q->text = pl_strdup_printf("What is %s of this state?%s", name,
                               q->kind == PL_EX_HFF ? " Extract the relaxed plan breaking ties as planlens does "
                                                      "(docs/TEACH.md)." : "");
    q->format = "a number, or inf when the goal is unreachable even in the relaxation";
    q->model_answer = ex_value_text(value);
    q->answer = value == PL_H_INF ? cJSON_CreateString("inf") : cJSON_CreateNumber(value);
    q->why = ex_heuristic_why(&x, q->kind);
    int rc = state_atoms(t, s, q);
    pl_heuristic_explanation_clear(&x);
    free(s);
    return rc == 0 && q->text && q->model_answer && q->answer && q->why ? 0 : -1;
}

/* Atoms of the task first reached at level 1 or later, into out. */
static int later_atoms(const pl_task *t, const pl_rpg *g, int *out)
{
    int n = 0;
    for (int a = 0; a < t->natoms; a++)
        if (g->atom_level[a] >= 1 && !pl_task_atom_derived(t, a))
            out[n++] = a;
    return n;
}

static int ask_rpg(const pl_ex_problem *p, uint64_t *rng, pl_ex_question *q, char **why_not)
{
    const pl_task *t = p->lt.task;
    int *atoms = malloc(((size_t)t->natoms + 1) * sizeof *atoms);
    if (!atoms)
        return -1;
    int rc = 1;
    for (int i = 0; i < TRIES && rc == 1; i++) {
        uint64_t *s = walk(t, rng);
        pl_rpg g;
        if (!s || pl_rpg_build(t, p->rel, s, &g) < 0) {
            free(s);
            rc = -1;
            break;
        }
        int n = later_atoms(t, &g, atoms);
        if (q->kind == PL_EX_RPG_LEVEL && n) {
            int a = atoms[pl_next_random(rng) % (uint64_t)n];
            q->atom = pl_strdup(t->atoms[a].name);
            q->text = pl_strdup_printf("In the relaxed planning graph of this state, in which fact layer does %s "
                                       "first appear? Fact layer 0 holds the state's atoms.", t->atoms[a].name);
            q->format = "a layer number, or never";
            q->model_answer = pl_strdup_printf("%d", g.atom_level[a]);
            q->answer = cJSON_CreateNumber(g.atom_level[a]);
            q->why = ex_level_why(&g, a);
            rc = q->atom && q->text && q->model_answer && q->answer && q->why ? state_atoms(t, s, q) : -1;
        } else if (q->kind == PL_EX_RPG_PLAN && g.hff != PL_H_INF && g.hff > 0) {
            q->text = pl_strdup("Give a relaxed plan of this state: actions that, applied in the delete relaxation "
                                "in some order, reach every goal atom, none of them needed by nothing.");
            q->format = "actions in parentheses: (action a b) (action c d)";
            q->answer = cJSON_CreateNumber(g.hff);
            rc = ex_relaxed_plan(&g, &q->model_answer, &q->why) == 0 && q->text && q->answer ? state_atoms(t, s, q)
                                                                                               : -1;
        }
        pl_rpg_clear(&g);
        free(s);
    }
    free(atoms);
    if (rc == 1)
        *why_not = pl_strdup(q->kind == PL_EX_RPG_LEVEL ? "no state drawn reaches a new atom"
                                                         : "no state drawn has a relaxed plan to find");
    return rc;
}

int ex_ask(const pl_ex_bank *b, int p, pl_ex_kind k, uint64_t *rng, pl_ex_question *q, char **why_not)
{
    const pl_ex_problem *pr = &b->problems[p];
    uint64_t seed = pl_next_random(rng);
    int rc;
    if (k == PL_EX_APP || k == PL_EX_PROG)
        rc = ask_app_prog(b, pr, seed, q, why_not);
    else if (k <= PL_EX_NEXTA)
        rc = ask_searched(b, pr, seed, q, why_not);
    else if (k <= PL_EX_HFF)
        rc = ask_heuristic(b, pr, rng, q);
    else
        rc = ask_rpg(pr, rng, q, why_not);
    if (rc != 0) { /* leave q as it was given: kind, problem and id */
        pl_ex_question keep = {.kind = q->kind, .problem = q->problem};
        memcpy(keep.id, q->id, sizeof keep.id);
        ex_question_clear(q);
        *q = keep;
    }
    return rc;
}
