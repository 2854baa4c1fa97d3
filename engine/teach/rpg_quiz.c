/* Grading a student's relaxed planning graph (rpg_quiz.h). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plans/plan.h"
#include "teach/heuristic_explain.h"
#include "teach/rpg_quiz.h"

enum { NAME = 1024 };

/* An atom as compared: lower case, one space between words, none inside
 * the parentheses' edges. */
static void normalise(const char *in, char *out, size_t n)
{
    size_t k = 0;
    bool space = false;
    for (; *in && k + 2 < n; in++) {
        unsigned char c = (unsigned char)*in;
        if (isspace(c)) {
            space = k > 0;
            continue;
        }
        if (space && c != ')' && out[k - 1] != '(')
            out[k++] = ' ';
        space = false;
        out[k++] = (char)tolower(c);
    }
    out[k] = '\0';
}

static int find_atom(const pl_rpg *g, const char *text)
{
    char want[NAME], name[NAME], norm[NAME];
    normalise(text, want, sizeof want);
    for (int a = 0; a < g->hr->natoms; a++) {
        normalise(pl_hx_atom_name(g->hr, a, name, sizeof name), norm, sizeof norm);
        if (!strcmp(norm, want))
            return a;
    }
    return -1;
}

static int add_item(pl_quiz_result *q, pl_quiz_item it)
{
    pl_quiz_item *items = realloc(q->items, ((size_t)q->nitems + 1) * sizeof *items);
    if (!items || !it.subject || !it.answer || !it.expected || !it.why) {
        q->items = items ? items : q->items;
        free(it.subject);
        free(it.answer);
        free(it.expected);
        free(it.why);
        return -1;
    }
    q->items = items;
    q->items[q->nitems++] = it;
    return 0;
}

/* Why `atom` is first at its level (or never). */
static char *level_reason(const pl_rpg *g, int atom)
{
    char name[NAME], pre[NAME];
    int l = g->atom_level[atom];
    if (l == 0)
        return pl_strdup("it holds in the state (fact layer 0)");
    if (l < 0) {
        for (int o = 0; o < g->hr->nops; o++)
            for (int k = 0; k < g->hr->ops[o].neff; k++)
                if (g->hr->ops[o].eff[k] == atom)
                    return pl_strdup("the actions adding it never become applicable: "
                                     "some precondition of each is never reached");
        return pl_strdup("no action adds it");
    }
    int o = pl_rpg_first_achiever(g, atom);
    const pl_relaxed_op *op = &g->hr->ops[o];
    int last = 0; /* the precondition reached last */
    for (int k = 1; k < op->npre; k++)
        if (g->atom_level[op->pre[k]] > g->atom_level[op->pre[last]])
            last = k;
    if (op->npre == 0)
        return pl_strdup_printf("%s adds it in action layer %d: it has no precondition",
                                pl_hx_op_name(g->hr, o, name, sizeof name), l - 1);
    return pl_strdup_printf("%s adds it in action layer %d: its last precondition %s is first at level %d; "
                            "no action adding it applies earlier",
                            pl_hx_op_name(g->hr, o, name, sizeof name), l - 1,
                            pl_hx_atom_name(g->hr, op->pre[last], pre, sizeof pre), l - 1);
}

static char *level_text(int level)
{
    return level < 0 ? pl_strdup("never") : pl_strdup_printf("%d", level);
}

/* "level ATOM N" (rest: after "level"). */
static int grade_level(const pl_rpg *g, const char *rest, int line, const char *path, bool *answered,
                       pl_quiz_result *q, pl_error *err)
{
    const char *open = strchr(rest, '(');
    int depth = 0;
    const char *end = open;
    for (; end && *end; end++) {
        depth += *end == '(' ? 1 : *end == ')' ? -1 : 0;
        if (depth == 0)
            break;
    }
    if (!open || !end || !*end)
        return pl_error_set(err, PL_ERR_SYNTAX, path, line, 1, "expected: level (atom) N, or level (atom) never");
    char *atom = pl_strndup(open, (size_t)(end - open + 1));
    char value[64] = "";
    sscanf(end + 1, "%63s", value);
    if (!*value) { /* left blank: unanswered */
        free(atom);
        return PL_OK;
    }
    int a = atom ? find_atom(g, atom) : -1;
    char *stop;
    long given = strtol(value, &stop, 10);
    bool never = !strcmp(value, "never") || !strcmp(value, "-");
    if (a < 0 || (!never && (!*value || *stop || given < 0))) {
        int rc = pl_error_set(err, PL_ERR_SEMANTIC, path, line, 1, a < 0 ? "%s is no atom of the graph"
                                                                        : "%s: '%s' is no level (a number, or never)",
                              atom ? atom : "?", value);
        free(atom);
        return rc;
    }
    int want = g->atom_level[a];
    bool right = never ? want < 0 : want == given;
    answered[a] = true;
    q->levels++;
    q->levels_right += right;
    char *why = level_reason(g, a);
    pl_quiz_item it = {PL_QUIZ_LEVEL, line, atom, level_text(never ? -1 : (int)given), level_text(want), right, why};
    return add_item(q, it) < 0 ? pl_error_set(err, PL_ERR_LIMIT, path, line, 1, "out of memory") : PL_OK;
}

/* The atoms reached in the relaxation from the state with the chosen
 * actions (axioms always); returns whether every goal atom is. */
static bool relaxed_reach(const pl_rpg *g, const bool *chosen, int skip, int *level)
{
    const pl_relaxed *hr = g->hr;
    for (int a = 0; a < hr->natoms; a++)
        level[a] = g->atom_level[a] == 0 ? 0 : -1;
    for (bool changed = true; changed;) {
        changed = false;
        for (int o = 0; o < hr->nops; o++) {
            const pl_relaxed_op *op = &hr->ops[o];
            if (op->action >= 0 && (!chosen[op->action] || op->action == skip))
                continue;
            bool ready = true;
            for (int k = 0; k < op->npre && ready; k++)
                ready = level[op->pre[k]] >= 0;
            for (int k = 0; ready && k < op->neff; k++)
                if (level[op->eff[k]] < 0) {
                    level[op->eff[k]] = 1;
                    changed = true;
                }
        }
    }
    for (int i = 0; i < g->ngoal; i++)
        if (level[g->goal[i]] < 0)
            return false;
    return true;
}

/* The plan's verdict and why, from the chosen actions. */
static char *plan_verdict(const pl_task *t, const pl_rpg *g, const bool *chosen, int *reach, bool *right)
{
    char name[NAME];
    *right = false;
    if (!relaxed_reach(g, chosen, -1, reach)) {
        char *why = pl_strdup("not a relaxed plan: never reached:");
        for (int i = 0; why && i < g->ngoal; i++)
            if (reach[g->goal[i]] < 0) {
                char *more = pl_strdup_printf("%s %s", why, pl_hx_atom_name(g->hr, g->goal[i], name, sizeof name));
                free(why);
                why = more;
            }
        return why;
    }
    for (int a = 0; a < t->nactions; a++)
        if (chosen[a] && relaxed_reach(g, chosen, a, reach))
            return pl_strdup_printf("a relaxed plan, but %s is not needed: the others reach the goal without it",
                                    t->actions[a].name);
    *right = true;
    return pl_strdup("a relaxed plan, and every action in it is needed");
}

static int grade_plan(const pl_task *t, const pl_rpg *g, const bool *chosen, int nchosen, int line,
                      pl_quiz_result *q)
{
    int *reach = malloc(((size_t)g->hr->natoms + 1) * sizeof *reach);
    if (!reach)
        return -1;
    bool right;
    char *verdict = plan_verdict(t, g, chosen, reach, &right);
    free(reach);
    for (int a = 0; a < t->nactions; a++)
        q->plan_cost += chosen[a] ? t->actions[a].cost : 0;
    q->has_plan = true;
    q->plan_right = right;
    char *why = verdict ? pl_strdup_printf("%s; its cost %g, h_FF's relaxed plan costs %d", verdict, q->plan_cost, g->hff)
                        : NULL;
    free(verdict);
    pl_quiz_item it = {PL_QUIZ_PLAN, line, pl_strdup("relaxed plan"), pl_strdup_printf("%d actions", nchosen),
                       pl_strdup(right ? "right" : "wrong"), right, why};
    return add_item(q, it);
}

/* "plan ACTION": the action chosen. */
static int take_action(const pl_task *t, const char *rest, int line, const char *path, bool *chosen, int *n,
                       pl_error *err)
{
    pl_action_ref ref;
    int rc = PL_OK;
    if (pl_resolve_action(t, rest, &ref) != PL_REF_OK)
        rc = pl_error_set(err, PL_ERR_SEMANTIC, path, line, 1, "%s: %s", ref.text ? ref.text : rest,
                          ref.detail ? ref.detail : "no action of the task");
    else if (!chosen[ref.action]) {
        chosen[ref.action] = true;
        (*n)++;
    }
    pl_action_ref_clear(&ref);
    return rc;
}

int pl_rpg_quiz_grade(const pl_task *t, const pl_rpg *g, const char *text, const char *path, pl_quiz_result *out,
                      pl_error *err)
{
    memset(out, 0, sizeof *out);
    bool *answered = calloc((size_t)g->hr->natoms + 1, sizeof *answered);
    bool *chosen = calloc((size_t)t->nactions + 1, sizeof *chosen);
    char *copy = pl_strdup(text);
    int rc = answered && chosen && copy ? PL_OK : pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
    int line = 0, plan_line = 0, nchosen = 0;
    for (char *s = copy, *next; rc == PL_OK && s; s = next) {
        next = strchr(s, '\n');
        if (next)
            *next++ = '\0';
        line++;
        char *c = strchr(s, ';');
        if (c)
            *c = '\0';
        while (isspace((unsigned char)*s))
            s++;
        if (!*s)
            continue;
        if (!strncmp(s, "level", 5) && isspace((unsigned char)s[5])) {
            rc = grade_level(g, s + 5, line, path, answered, out, err);
        } else if (!strncmp(s, "plan", 4) && isspace((unsigned char)s[4])) {
            plan_line = plan_line ? plan_line : line;
            rc = take_action(t, s + 4, line, path, chosen, &nchosen, err);
        } else {
            rc = pl_error_set(err, PL_ERR_SYNTAX, path, line, 1, "expected 'level (atom) N' or 'plan (action)'");
        }
    }
    if (rc == PL_OK && plan_line && grade_plan(t, g, chosen, nchosen, plan_line, out) < 0)
        rc = pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
    for (int a = 0; rc == PL_OK && a < g->hr->natoms; a++)
        out->unanswered += g->atom_level[a] != 0 && !answered[a];
    free(answered);
    free(chosen);
    free(copy);
    if (rc != PL_OK)
        pl_quiz_result_clear(out);
    return rc;
}

void pl_quiz_result_clear(pl_quiz_result *q)
{
    for (int i = 0; i < q->nitems; i++) {
        free(q->items[i].subject);
        free(q->items[i].answer);
        free(q->items[i].expected);
        free(q->items[i].why);
    }
    free(q->items);
    memset(q, 0, sizeof *q);
}
