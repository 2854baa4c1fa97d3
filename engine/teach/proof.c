/* Proofs for the hard "why"s (proof.h): the cheapest argument that decides
 * the claim, tried in order: static facts, the delete relaxation, h^2
 * mutexes (with the invariant behind the pair), then search. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plans/plan.h"
#include "search/heuristic.h"
#include "search/mutex.h"
#include "teach/proof.h"

/* h^2's table costs atoms^2 bits: past this many atoms the mutex step is
 * left out (the search still decides). */
enum { MUTEX_MAX_ATOMS = 12000, LISTED = 4 };

static const char *const method_names[] = {"static", "relaxed", "mutex", "search", "witness", "holds", "unknown"};

const char *pl_proof_method_name(pl_proof_method m)
{
    return (unsigned)m < sizeof method_names / sizeof *method_names ? method_names[m] : "?";
}

void pl_proof_clear(pl_proof *p)
{
    free(p->summary);
    pl_strings_free(p->lines, p->nlines);
    free(p->plan);
    memset(p, 0, sizeof *p);
}

static int add_line(pl_proof *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int add_line(pl_proof *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = pl_strdup_vprintf(fmt, ap);
    va_end(ap);
    char **lines = s ? realloc(p->lines, ((size_t)p->nlines + 1) * sizeof *lines) : NULL;
    if (!lines) {
        free(s);
        return -1;
    }
    p->lines = lines;
    p->lines[p->nlines++] = s;
    return 0;
}

static int decide(pl_proof *p, pl_answer claim, pl_proof_method m, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int decide(pl_proof *p, pl_answer claim, pl_proof_method m, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    free(p->summary);
    p->summary = pl_strdup_vprintf(fmt, ap);
    va_end(ap);
    p->claim = claim;
    p->method = m;
    return p->summary ? 0 : -1;
}

static void fire(const pl_relaxed *r, int o, const bool *disabled, bool *reached, int *queue, int *tail)
{
    if (r->ops[o].action >= 0 && disabled && disabled[r->ops[o].action])
        return;
    for (int e = 0; e < r->ops[o].neff; e++)
        if (!reached[r->ops[o].eff[e]]) {
            reached[r->ops[o].eff[e]] = true;
            queue[(*tail)++] = r->ops[o].eff[e];
        }
}

/* The atoms a relaxed exploration from `state` reaches, the actions
 * `disabled` marks (may be NULL) left out; NULL on out of memory.  The
 * plain relaxation drops negative conditions, so what it does not reach is
 * unreachable for real. */
static bool *relaxed_reached(const pl_relaxed *r, const uint64_t *state, const bool *disabled)
{
    const pl_task *t = r->task;
    bool *reached = calloc((size_t)r->natoms + 1, sizeof *reached);
    int *missing = malloc(((size_t)r->nops + 1) * sizeof *missing);
    int *queue = malloc(((size_t)r->natoms + 1) * sizeof *queue);
    if (reached && missing && queue) {
        int head = 0, tail = 0;
        for (int a = 0; a < t->natoms && a < r->natoms; a++)
            if (pl_state_has(state, a)) {
                reached[a] = true;
                queue[tail++] = a;
            }
        for (int o = 0; o < r->nops; o++)
            missing[o] = r->ops[o].npre;
        for (int i = 0; i < r->nno_pre; i++)
            fire(r, r->no_pre_ops[i], disabled, reached, queue, &tail);
        while (head < tail) {
            int a = queue[head++];
            for (int k = 0; k < r->npre_of[a]; k++)
                if (--missing[r->pre_of[a][k]] == 0)
                    fire(r, r->pre_of[a][k], disabled, reached, queue, &tail);
        }
    } else {
        free(reached);
        reached = NULL;
    }
    free(missing);
    free(queue);
    return reached;
}

/* The atoms a condition requires (the preconditions' positive atoms). */
static int action_required(const pl_task *t, int a, int *out)
{
    const pl_gaction *ga = &t->actions[a];
    int n = 0;
    for (int i = 0; i < ga->npre_pos; i++)
        out[n++] = ga->pre_pos[i];
    if (ga->pre != PL_GF_TRUE)
        n += pl_cond_required_atoms(t, ga->pre, out + n);
    return n;
}

static bool has_effect(const pl_gaction *ga, int atom, bool add)
{
    for (int i = 0; i < ga->neffs; i++)
        if (ga->effs[i].atom == atom && ga->effs[i].add == add && ga->effs[i].cond == PL_GF_TRUE)
            return true;
    return false;
}

/* Why the actions adding `p` never make it true together with `q`: each
 * deletes q, or needs an atom that never holds with q, or is never
 * applicable (the h^2 argument, one line per action, LISTED of them). */
static int explain_adders(const pl_task *t, const pl_mutexes *m, const bool *disabled, int p, int q, int *req,
                          pl_proof *out)
{
    int listed = 0, more = 0;
    for (int a = 0; a < t->nactions; a++) {
        const pl_gaction *ga = &t->actions[a];
        if ((disabled && disabled[a]) || !has_effect(ga, p, true))
            continue;
        if (listed == LISTED) {
            more++;
            continue;
        }
        listed++;
        int n = action_required(t, a, req), x = -1, y = -1, need = -1;
        for (int i = 0; i < n && x < 0; i++)
            for (int j = i; j < n && x < 0; j++)
                if (!pl_mutex_pair_reachable(m, req[i], req[j])) {
                    x = req[i];
                    y = req[j];
                }
        for (int i = 0; i < n && need < 0; i++)
            if (!pl_mutex_pair_reachable(m, req[i], q))
                need = req[i];
        int rc;
        if (q != p && has_effect(ga, q, false))
            rc = add_line(out, "    %s deletes %s", ga->name, t->atoms[q].name);
        else if (x >= 0 && x == y)
            rc = add_line(out, "    %s needs %s, which never holds", ga->name, t->atoms[x].name);
        else if (x >= 0)
            rc = add_line(out, "    %s needs %s and %s, which never hold together", ga->name, t->atoms[x].name,
                          t->atoms[y].name);
        else if (need >= 0 && q != p)
            rc = add_line(out, "    %s needs %s, which never holds with %s", ga->name, t->atoms[need].name,
                          t->atoms[q].name);
        else
            rc = add_line(out, "    %s: h^2 rules it out", ga->name);
        if (rc < 0)
            return -1;
    }
    if (more && add_line(out, "    ... and %d more action%s alike", more, more == 1 ? "" : "s") < 0)
        return -1;
    if (!listed && add_line(out, "    no action makes %s true", t->atoms[p].name) < 0)
        return -1;
    return 0;
}

/* Finds in atoms[0..n) one atom h^2 never reaches (*q = -1) or a pair that
 * never holds together; false when there is none. */
static bool mutex_pair(const pl_mutexes *m, const int *atoms, int n, int *p, int *q)
{
    for (int i = 0; i < n; i++)
        for (int j = i; j < n; j++)
            if (!pl_mutex_pair_reachable(m, atoms[i], atoms[j])) {
                *p = atoms[i];
                *q = i == j ? -1 : atoms[j];
                return true;
            }
    return false;
}

/* The mutex step: when h^2 from `state` (without `disabled`) shows atoms
 * that never hold together, decides the claim YES with the invariant.
 * Returns 1 decided, 0 not, -1 out of memory. */
static int try_mutex(const pl_task *t, const uint64_t *state, const bool *disabled, const int *atoms, int n,
                     const char *what, pl_proof *out)
{
    if (t->natoms > MUTEX_MAX_ATOMS || n == 0)
        return 0;
    pl_mutexes *m = pl_mutexes_new_without(t, state, disabled);
    int *req = malloc(((size_t)t->natoms + 1) * sizeof *req);
    int rc = -1, p, q;
    if (!m || !req)
        goto done;
    rc = 0;
    if (!mutex_pair(m, atoms, n, &p, &q))
        goto done;
    rc = -1;
    if (q < 0) {
        if (decide(out, PL_YES, PL_PROOF_MUTEX, "%s: %s never holds (h^2 from this state)", what,
                   t->atoms[p].name) < 0 ||
            add_line(out, "%s is false here, and of the actions making it true:", t->atoms[p].name) < 0)
            goto done;
        /* an adder's own preconditions never hold: explained against p itself */
        if (explain_adders(t, m, disabled, p, p, req, out) < 0)
            goto done;
    } else {
        if (decide(out, PL_YES, PL_PROOF_MUTEX, "%s: %s and %s never hold together (h^2 from this state)", what,
                   t->atoms[p].name, t->atoms[q].name) < 0 ||
            add_line(out, "the invariant: they do not hold together here, and no action makes them so:") < 0 ||
            add_line(out, "  making %s true:", t->atoms[p].name) < 0 ||
            explain_adders(t, m, disabled, p, q, req, out) < 0 ||
            add_line(out, "  making %s true:", t->atoms[q].name) < 0 ||
            explain_adders(t, m, disabled, q, p, req, out) < 0)
            goto done;
    }
    rc = 1;
done:
    pl_mutexes_free(m);
    free(req);
    return rc;
}

/* The relaxed step: atoms[0..n) the delete relaxation never reaches. */
static int try_relaxed(const pl_relaxed *r, const uint64_t *state, const bool *disabled, const int *atoms, int n,
                       const char *what, pl_proof *out)
{
    const pl_task *t = r->task;
    bool *reached = relaxed_reached(r, state, disabled);
    if (!reached)
        return -1;
    int missing = 0;
    for (int i = 0; i < n; i++)
        missing += !reached[atoms[i]];
    int rc = 0;
    if (missing) {
        rc = decide(out, PL_YES, PL_PROOF_RELAXED, "%s: %d atom%s never reached even in the delete relaxation "
                    "(h_max = infinity)", what, missing, missing == 1 ? " is" : "s are") < 0 ? -1 : 1;
        for (int i = 0; i < n && rc > 0; i++)
            if (!reached[atoms[i]] && add_line(out, "%s: no relaxed exploration from this state makes it true",
                                               t->atoms[atoms[i]].name) < 0)
                rc = -1;
    }
    free(reached);
    return rc;
}

static void search_for(const uint64_t *state, const pl_limits *limits, pl_search_params *p)
{
    *p = pl_search_defaults();
    p->heuristic = PL_H_FF;
    p->greedy = true;
    p->deferred_evaluation = true;
    p->init = state;
    if (limits) {
        p->max_expansions = limits->max_expansions;
        p->max_seconds = limits->max_seconds;
        p->max_states = limits->max_states;
    }
}

/* The search step: solved gives the witness (claim NO), an exhausted
 * search proves the claim, a limit leaves it unknown. */
static int by_search(const pl_task *t, const pl_relaxed *r, const pl_search_params *sp, const char *proven,
                     const char *refuted, pl_proof *out)
{
    pl_search_result res;
    pl_search_status s = pl_search(t, r, sp, &res);
    out->expansions = res.expansions;
    int rc;
    if (s == PL_SEARCH_SOLVED) {
        rc = decide(out, PL_NO, PL_PROOF_WITNESS, "%s", refuted);
        out->plan = res.plan;
        out->plan_length = res.plan_length;
        res.plan = NULL;
    } else if (s == PL_SEARCH_UNSOLVABLE) {
        rc = decide(out, PL_YES, PL_PROOF_SEARCH, "%s (a search met all %ld states it could reach)", proven,
                    res.expansions);
    } else {
        rc = decide(out, PL_UNKNOWN, PL_PROOF_UNKNOWN, "unknown: the search stopped at its %s limit after %ld "
                    "expansions", res.limit ? res.limit : "?", res.expansions);
    }
    pl_search_result_clear(&res);
    return rc;
}

/* A ground action named in `text` that the grounder left out: its
 * preconditions never hold together from the initial state, or one is a
 * false static fact. */
static int prove_ungrounded(const pl_task *t, const pl_action_ref *ref, const uint64_t *state, pl_proof *out)
{
    char **unmet = NULL;
    if (ref->status == PL_REF_STATICALLY_FALSE) {
        int n = pl_explain_static_unmet(t, ref->schema, ref->args, &unmet);
        int rc = decide(out, PL_YES, PL_PROOF_STATIC, "never applicable: a precondition on a static fact is false");
        for (int i = 0; i < n && rc == 0; i++)
            rc = add_line(out, "%s is static (no action changes it) and false", unmet[i]);
        pl_strings_free(unmet, n);
        return rc;
    }
    int n = pl_explain_unmet(t, ref->schema, ref->args, state, &unmet);
    int rc = decide(out, PL_YES, PL_PROOF_RELAXED, "never applicable: its preconditions are never reached together "
                    "even in the delete relaxation from the initial state (h_max = infinity), so the grounder "
                    "left it out");
    for (int i = 0; i < n && rc == 0; i++) {
        bool is_static = false;
        char *why = NULL;
        int atom = pl_resolve_atom(t, unmet[i], &is_static, &why);
        rc = atom >= 0 ? add_line(out, "%s: false here", unmet[i])
                       : add_line(out, "%s: %s", unmet[i], why ? why : "never true");
        free(why);
    }
    pl_strings_free(unmet, n);
    return rc;
}

int pl_prove_never_applicable(const pl_task *t, const pl_relaxed *r, const uint64_t *state, const char *text,
                              const pl_limits *limits, pl_proof *out, char **why)
{
    memset(out, 0, sizeof *out);
    *why = NULL;
    pl_action_ref ref;
    pl_ref_status s = pl_resolve_action(t, text, &ref);
    int rc;
    if (s == PL_REF_STATICALLY_FALSE || s == PL_REF_UNREACHABLE) {
        rc = prove_ungrounded(t, &ref, state, out);
    } else if (s != PL_REF_OK) {
        *why = pl_strdup(ref.detail ? ref.detail : pl_ref_status_name(s));
        rc = -2;
    } else if (pl_task_applicable(t, ref.action, state)) {
        rc = decide(out, PL_NO, PL_PROOF_HOLDS, "applicable in this state");
    } else {
        int *req = malloc(((size_t)t->natoms + 1) * sizeof *req);
        int n = req ? action_required(t, ref.action, req) : 0;
        rc = req ? try_relaxed(r, state, NULL, req, n, "never applicable", out) : -1;
        if (rc == 0)
            rc = try_mutex(t, state, NULL, req, n, "never applicable", out);
        if (rc == 0) {
            const pl_gaction *ga = &t->actions[ref.action];
            pl_search_params sp;
            search_for(state, limits, &sp);
            static const int none = -1;
            if (ga->pre != PL_GF_TRUE) {
                sp.use_goal_cond = true;
                sp.goal_cond = ga->pre;
            } else {
                sp.goal_atoms = ga->npre_pos ? ga->pre_pos : &none;
                sp.ngoal_atoms = ga->npre_pos;
                sp.goal_neg = ga->pre_neg;
                sp.ngoal_neg = ga->npre_neg;
            }
            rc = by_search(t, r, &sp, "never applicable", "it can become applicable: this plan makes it so", out);
        }
        free(req);
        rc = rc < 0 ? -1 : 0;
    }
    pl_action_ref_clear(&ref);
    if (rc == 0 && !out->summary)
        rc = -1;
    return rc;
}

int pl_prove_dead_end(const pl_task *t, const pl_relaxed *r, const uint64_t *state, const pl_limits *limits,
                      pl_proof *out)
{
    memset(out, 0, sizeof *out);
    if (pl_task_goal_reached(t, state))
        return decide(out, PL_NO, PL_PROOF_HOLDS, "no dead end: the goal holds here");
    int *goal = malloc(((size_t)t->natoms + 1) * sizeof *goal);
    if (!goal)
        return -1;
    int n = pl_cond_required_atoms(t, t->goal, goal);
    int rc = try_relaxed(r, state, NULL, goal, n, "a dead end", out);
    if (rc == 0)
        rc = try_mutex(t, state, NULL, goal, n, "a dead end", out);
    if (rc == 0) {
        pl_search_params sp;
        search_for(state, limits, &sp);
        rc = by_search(t, r, &sp, "a dead end: no plan reaches the goal", "no dead end: this plan reaches the goal",
                       out);
    }
    free(goal);
    return rc < 0 ? -1 : 0;
}

/* The ground actions that make `atom` true; *conditional set when one does
 * so under a condition (then leaving them out is not "never true"). */
static bool *achievers(const pl_task *t, int atom, int *count, bool *conditional)
{
    bool *d = calloc((size_t)t->nactions + 1, sizeof *d);
    *count = 0;
    *conditional = false;
    for (int a = 0; d && a < t->nactions; a++)
        for (int i = 0; i < t->actions[a].neffs; i++) {
            const pl_geffect *e = &t->actions[a].effs[i];
            if (e->add && e->atom == atom) {
                *conditional |= e->cond != PL_GF_TRUE;
                *count += !d[a];
                d[a] = true;
            }
        }
    return d;
}

static int list_achievers(const pl_task *t, const bool *disabled, int count, pl_proof *out)
{
    int listed = 0;
    for (int a = 0; a < t->nactions && listed < LISTED; a++)
        if (disabled[a]) {
            if (add_line(out, "  achiever left out: %s", t->actions[a].name) < 0)
                return -1;
            listed++;
        }
    if (count > listed && add_line(out, "  ... and %d more achiever%s", count - listed,
                                   count - listed == 1 ? "" : "s") < 0)
        return -1;
    return 0;
}

int pl_prove_landmark(const pl_task *t, const pl_relaxed *r, const uint64_t *state, const char *text,
                      const pl_limits *limits, pl_proof *out, char **why)
{
    memset(out, 0, sizeof *out);
    *why = NULL;
    pl_atom_ref ref;
    if (pl_resolve_atom_ref(t, text, &ref) != PL_ATOM_FLUENT) {
        *why = pl_strdup(ref.detail ? ref.detail : "not a fluent atom of the task");
        pl_atom_ref_clear(&ref);
        return -2;
    }
    int atom = ref.atom;
    pl_atom_ref_clear(&ref);
    const char *name = t->atoms[atom].name;
    if (pl_state_has(state, atom))
        return decide(out, PL_YES, PL_PROOF_HOLDS, "a landmark: %s holds already", name);
    int count;
    bool conditional;
    bool *disabled = achievers(t, atom, &count, &conditional);
    int *goal = malloc(((size_t)t->natoms + 1) * sizeof *goal);
    int rc = -1;
    if (!disabled || !goal)
        goto done;
    int n = pl_cond_required_atoms(t, t->goal, goal);
    char what[96];
    snprintf(what, sizeof what, "a landmark: without the %d action%s making it true, the goal is unreachable",
             count, count == 1 ? "" : "s");
    rc = 0;
    if (!conditional) {
        rc = try_relaxed(r, state, disabled, goal, n, what, out);
        if (rc == 0)
            rc = try_mutex(t, state, disabled, goal, n, what, out);
        if (rc > 0 && list_achievers(t, disabled, count, out) < 0)
            rc = -1;
        if (rc != 0)
            goto done;
    }
    pl_search_result witness;
    pl_answer a = pl_is_landmark(t, r, state, atom, limits, &witness);
    out->expansions = witness.expansions;
    if (a == PL_NO) {
        rc = decide(out, PL_NO, PL_PROOF_WITNESS, "not a landmark: this plan reaches the goal and never makes %s "
                    "true", name);
        out->plan = witness.plan;
        out->plan_length = witness.plan_length;
        witness.plan = NULL;
    } else if (a == PL_YES) {
        rc = decide(out, PL_YES, PL_PROOF_SEARCH, "a landmark: with the actions making it true left out, a search "
                    "met every state it could reach and none satisfies the goal");
        if (rc == 0)
            rc = list_achievers(t, disabled, count, out);
    } else {
        rc = decide(out, PL_UNKNOWN, PL_PROOF_UNKNOWN, conditional
                    ? "unknown: an action makes it true under a condition, which leaving actions out cannot decide"
                    : "unknown: the search stopped at a limit");
    }
    pl_search_result_clear(&witness);
done:
    free(disabled);
    free(goal);
    return rc < 0 ? -1 : 0;
}
