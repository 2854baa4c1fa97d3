/* Relaxed reachability: which fluent atoms and action groundings can ever
 * occur, ignoring deletes.  Each pass joins every schema's positive
 * precondition atoms against the atoms known so far (static atoms from the
 * initial state, fluent atoms reached), most-bound atom first and through an
 * index by (predicate, argument position, object); a schema is re-joined
 * only when a fluent predicate it reads gained atoms since its last join. */
#include <stdlib.h>
#include <string.h>

#include "task/ground_internal.h"

int pl_int_list_push(pl_int_list *l, int v)
{
    if (l->count == l->cap) {
        int cap = l->cap ? l->cap * 2 : 8;
        int *ids = realloc(l->ids, (size_t)cap * sizeof *ids);
        if (!ids)
            return -1;
        l->ids = ids;
        l->cap = cap;
    }
    l->ids[l->count++] = v;
    return 0;
}

void pl_found_actions_free(pl_found_actions *f)
{
    free(f->schema.ids);
    free(f->offset.ids);
    free(f->args.ids);
    memset(f, 0, sizeof *f);
}

/* Atoms of one kind (static or fluent) per predicate, and per
 * (predicate, argument position, object). */
typedef struct {
    pl_int_list *by_pred;
    pl_int_list *by_arg; /* [arg_base[pred] + pos * nobjects + obj] */
    int *arg_base;
    int nobjects;
} atom_index;

static int index_init(atom_index *ix, const pl_domain *d, int nobjects)
{
    ix->nobjects = nobjects;
    ix->by_pred = calloc((size_t)d->npreds + 1, sizeof *ix->by_pred);
    ix->arg_base = calloc((size_t)d->npreds + 1, sizeof *ix->arg_base);
    if (!ix->by_pred || !ix->arg_base)
        return -1;
    size_t total = 0;
    for (int p = 0; p < d->npreds; p++) {
        ix->arg_base[p] = (int)total;
        total += (size_t)d->preds[p].arity * (size_t)nobjects;
    }
    ix->by_arg = calloc(total + 1, sizeof *ix->by_arg);
    return ix->by_arg ? 0 : -1;
}

static int index_add(atom_index *ix, int pred, const int *args, int nargs, int ref)
{
    if (pl_int_list_push(&ix->by_pred[pred], ref) < 0)
        return -1;
    for (int i = 0; i < nargs; i++)
        if (pl_int_list_push(&ix->by_arg[ix->arg_base[pred] + i * ix->nobjects + args[i]], ref) < 0)
            return -1;
    return 0;
}

static void index_free(atom_index *ix, const pl_domain *d)
{
    for (int p = 0; ix->by_pred && p < d->npreds; p++) {
        free(ix->by_pred[p].ids);
        for (int i = 0; ix->by_arg && i < d->preds[p].arity * ix->nobjects; i++)
            free(ix->by_arg[ix->arg_base[p] + i].ids);
    }
    free(ix->by_pred);
    free(ix->by_arg);
    free(ix->arg_base);
}

enum { MAX_JOIN = 64 };

/* What the fixpoint needs to know about one schema. */
typedef struct {
    const pl_formula *join[MAX_JOIN]; /* positive atoms of the top-level conjunction */
    int njoin;
    bool pre_is_join;   /* the precondition is exactly those atoms: no re-check needed */
    bool has_when;
    int *reads;         /* fluent predicates read by the precondition or effect conditions */
    int nreads;
    int *seen;          /* their atom counts at the last join (-1: never joined) */
} schema_info;

typedef struct {
    pl_task *t;
    int atom_cap;
    atom_index statics; /* refs: indices into problem->init */
    atom_index fluents; /* refs: fluent atom ids */
    pl_found_actions *found;
    schema_info *info;
    bool oom;         /* out of memory, or a size limit (then `limit` says which) */
    const char *limit;
    long long bindings; /* candidate groundings tried so far */
    /* the schema being joined */
    int schema;
    const pl_action *a;
    const schema_info *si;
    int *binding;
    bool *bound;
    bool used[MAX_JOIN];
} grounder;

static long long max_ground = 4000000;

void pl_set_max_ground(long long atoms_and_actions)
{
    max_ground = atoms_and_actions;
}

long long pl_max_ground(void)
{
    return max_ground;
}

static int intern_atom(grounder *g, const int *key, int nargs)
{
    pl_task *t = g->t;
    int id = pl_hashmap_get(&t->atom_ids, key, nargs + 1);
    if (id >= 0)
        return id;
    if (t->natoms >= max_ground) {
        g->limit = "fluent atoms";
        g->oom = true;
        return -1;
    }
    if (t->natoms == g->atom_cap) {
        int cap = g->atom_cap ? g->atom_cap * 2 : 64;
        pl_gatom *atoms = realloc(t->atoms, (size_t)cap * sizeof *atoms);
        if (!atoms) {
            g->oom = true;
            return -1;
        }
        t->atoms = atoms;
        g->atom_cap = cap;
    }
    id = t->natoms;
    pl_gatom *at = &t->atoms[id];
    at->pred = key[0];
    at->args = pl_arena_memdup(&t->arena, key + 1, (size_t)nargs * sizeof(int));
    at->name = NULL;
    if ((nargs && !at->args) || pl_hashmap_put(&t->atom_ids, key, nargs + 1, id) < 0 ||
        index_add(&g->fluents, key[0], key + 1, nargs, id) < 0) {
        g->oom = true;
        return -1;
    }
    t->natoms++;
    return id;
}

/* Calls fn for every binding of slots [first, first + n) by type. */
static void for_each_binding(grounder *g, int first, int n, void (*fn)(grounder *, const void *), const void *arg)
{
    if (n == 0) {
        fn(g, arg);
        return;
    }
    int count;
    const int *objs = pl_task_objects_of(g->t, &g->a->vars[first].types, &count);
    for (int i = 0; i < count && !g->oom; i++) {
        g->binding[first] = objs[i];
        for_each_binding(g, first + 1, n - 1, fn, arg);
    }
}

static void relax_effects(grounder *g, const void *effect);

static void relax_effect_body(grounder *g, const void *effect)
{
    relax_effects(g, ((const pl_effect *)effect)->kids[0]);
}

/* Relaxed effects: every add effect whose condition can hold is reached. */
static void relax_effects(grounder *g, const void *effect)
{
    const pl_effect *e = effect;
    switch (e->kind) {
    case PL_E_AND:
        for (int i = 0; i < e->nkids; i++)
            relax_effects(g, e->kids[i]);
        break;
    case PL_E_FORALL:
        for_each_binding(g, e->var_first, e->nvars, relax_effect_body, e);
        break;
    case PL_E_WHEN: {
        pl_lift_ctx c = {g->t, g->a->vars, g->binding, true, NULL, false};
        if (pl_lift_eval(&c, e->cond, true))
            relax_effects(g, e->kids[0]);
        break;
    }
    case PL_E_ADD: {
        int key[PL_MAX_ARITY + 1];
        pl_lift_atom_key(g->binding, e->pred, e->args, e->nargs, key);
        intern_atom(g, key, e->nargs);
        break;
    }
    case PL_E_DEL:
    case PL_E_COST:
        break;
    }
}

static void candidate(grounder *g)
{
    if (!g->si->pre_is_join) {
        pl_lift_ctx c = {g->t, g->a->vars, g->binding, true, NULL, false};
        if (!pl_lift_eval(&c, g->a->pre, true))
            return;
    }
    int key[PL_MAX_VARS + 1];
    key[0] = g->schema;
    for (int i = 0; i < g->a->nparams; i++)
        key[i + 1] = g->binding[i];
    pl_found_actions *f = g->found;
    int n = f->schema.count;
    if (n >= max_ground) {
        g->limit = "ground actions";
        g->oom = true;
        return;
    }
    int id = pl_hashmap_put(&g->t->action_ids, key, g->a->nparams + 1, n);
    if (id == -2) {
        g->oom = true;
        return;
    }
    if (id == n) {
        if (pl_int_list_push(&f->schema, g->schema) < 0 || pl_int_list_push(&f->offset, f->args.count) < 0)
            g->oom = true;
        for (int i = 0; i < g->a->nparams; i++)
            if (pl_int_list_push(&f->args, g->binding[i]) < 0)
                g->oom = true;
    } else if (!g->si->has_when) {
        return; /* its unconditional effects are reached already */
    }
    relax_effects(g, g->a->eff);
}

static void bind_free_params(grounder *g, int param)
{
    if (g->oom)
        return;
    while (param < g->a->nparams && g->bound[param])
        param++;
    if (param == g->a->nparams) {
        if (++g->bindings > 50 * max_ground) {
            g->limit = "candidate groundings";
            g->oom = true;
            return;
        }
        candidate(g);
        return;
    }
    int n;
    const int *objs = pl_task_objects_of(g->t, &g->a->vars[param].types, &n);
    g->bound[param] = true;
    for (int i = 0; i < n; i++) {
        g->binding[param] = objs[i];
        bind_free_params(g, param + 1);
    }
    g->bound[param] = false;
}

static int bound_value(const grounder *g, int term)
{
    if (!PL_TERM_IS_VAR(term))
        return PL_TERM_OBJ_INDEX(term);
    return g->bound[term] ? g->binding[term] : -1;
}

/* Candidates for join atom f: through the index when an argument is bound. */
static const pl_int_list *candidates(grounder *g, const pl_formula *f, const atom_index *ix)
{
    for (int i = 0; i < f->nargs; i++) {
        int v = bound_value(g, f->args[i]);
        if (v >= 0)
            return &ix->by_arg[ix->arg_base[f->pred] + i * ix->nobjects + v];
    }
    return &ix->by_pred[f->pred];
}

/* The unused join atom with the most bound arguments (static atoms first on ties). */
static int pick_join_atom(grounder *g)
{
    int best = -1, best_score = -1;
    for (int k = 0; k < g->si->njoin; k++) {
        if (g->used[k])
            continue;
        const pl_formula *f = g->si->join[k];
        int score = 0;
        for (int i = 0; i < f->nargs; i++)
            score += bound_value(g, f->args[i]) >= 0;
        score = score * 2 + g->t->pred_static[f->pred];
        if (score > best_score) {
            best = k;
            best_score = score;
        }
    }
    return best;
}

static void join(grounder *g, int remaining)
{
    if (g->oom)
        return;
    if (remaining == 0) {
        bind_free_params(g, 0);
        return;
    }
    int k = pick_join_atom(g);
    const pl_formula *f = g->si->join[k];
    pl_task *t = g->t;
    bool is_static = t->pred_static[f->pred];
    const pl_int_list *list = candidates(g, f, is_static ? &g->statics : &g->fluents);
    int count = list->count;
    g->used[k] = true;
    for (int j = 0; j < count; j++) {
        int ref = list->ids[j]; /* re-read each time: the list may grow (and move) while we recurse */
        const int *args = is_static ? t->problem->init[ref].args : t->atoms[ref].args;
        int newly[PL_MAX_ARITY], nnew = 0;
        bool ok = true;
        for (int i = 0; i < f->nargs && ok; i++) {
            int term = f->args[i];
            int v = bound_value(g, term);
            if (v >= 0) {
                ok = v == args[i];
            } else {
                ok = pl_task_object_is_a(t, args[i], &g->a->vars[term].types);
                if (ok) {
                    g->bound[term] = true;
                    g->binding[term] = args[i];
                    newly[nnew++] = term;
                }
            }
        }
        if (ok)
            join(g, remaining - 1);
        for (int i = 0; i < nnew; i++)
            g->bound[newly[i]] = false;
    }
    g->used[k] = false;
}

/* ---- schema analysis ---- */

static bool collect_join(const pl_formula *f, schema_info *si)
{
    if (f->kind == PL_F_AND) {
        bool pure = true;
        for (int i = 0; i < f->nkids; i++)
            pure &= collect_join(f->kids[i], si);
        return pure;
    }
    if (f->kind == PL_F_ATOM && si->njoin < MAX_JOIN) {
        si->join[si->njoin++] = f;
        return true;
    }
    return f->kind == PL_F_TRUE;
}

static void collect_reads_formula(const pl_formula *f, const bool *pred_static, bool *reads)
{
    if (f->kind == PL_F_ATOM && !pred_static[f->pred])
        reads[f->pred] = true;
    for (int i = 0; i < f->nkids; i++)
        collect_reads_formula(f->kids[i], pred_static, reads);
}

static void collect_reads_effect(const pl_effect *e, const bool *pred_static, bool *reads, bool *has_when)
{
    if (e->kind == PL_E_WHEN) {
        *has_when = true;
        collect_reads_formula(e->cond, pred_static, reads);
    }
    for (int i = 0; i < e->nkids; i++)
        collect_reads_effect(e->kids[i], pred_static, reads, has_when);
}

static int analyse_schemas(grounder *g)
{
    const pl_domain *d = g->t->domain;
    g->info = calloc((size_t)(d->nactions + d->naxioms) + 1, sizeof *g->info);
    bool *reads = calloc((size_t)d->npreds + 1, sizeof *reads);
    if (!g->info || !reads) {
        free(reads);
        return -1;
    }
    for (int s = 0; s < d->nactions + d->naxioms; s++) {
        schema_info *si = &g->info[s];
        const pl_action *a = pl_rule_at(d, s);
        si->pre_is_join = collect_join(a->pre, si) && si->njoin < MAX_JOIN;
        memset(reads, 0, (size_t)d->npreds * sizeof *reads);
        collect_reads_formula(a->pre, g->t->pred_static, reads);
        collect_reads_effect(a->eff, g->t->pred_static, reads, &si->has_when);
        si->reads = malloc(((size_t)d->npreds + 1) * sizeof *si->reads);
        si->seen = malloc(((size_t)d->npreds + 1) * sizeof *si->seen);
        if (!si->reads || !si->seen) {
            free(reads);
            return -1;
        }
        for (int p = 0; p < d->npreds; p++)
            if (reads[p]) {
                si->seen[si->nreads] = -1;
                si->reads[si->nreads++] = p;
            }
    }
    free(reads);
    return 0;
}

/* True when a predicate the schema reads gained atoms since its last join. */
static bool schema_needs_join(grounder *g, schema_info *si, bool first_pass)
{
    bool changed = first_pass;
    for (int i = 0; i < si->nreads; i++) {
        int now = g->fluents.by_pred[si->reads[i]].count;
        changed |= now != si->seen[i];
    }
    return changed;
}

static void mark_effect_preds(const pl_effect *e, bool *pred_static)
{
    if (e->kind == PL_E_ADD || e->kind == PL_E_DEL)
        pred_static[e->pred] = false;
    for (int i = 0; i < e->nkids; i++)
        mark_effect_preds(e->kids[i], pred_static);
}

static int load_init(grounder *g)
{
    pl_task *t = g->t;
    const pl_problem *p = t->problem;
    const pl_domain *d = t->domain;
    t->pred_static = pl_arena_alloc(&t->arena, (size_t)d->npreds + 1);
    if (!t->pred_static)
        return -1;
    for (int i = 0; i < d->npreds; i++)
        t->pred_static[i] = true;
    for (int a = 0; a < d->nactions + d->naxioms; a++) /* axioms: derived predicates change */
        mark_effect_preds(pl_rule_at(d, a)->eff, t->pred_static);
    if (index_init(&g->statics, d, p->nobjects) < 0 || index_init(&g->fluents, d, p->nobjects) < 0)
        return -1;
    for (int i = 0; i < p->ninit; i++) {
        const pl_init_atom *ia = &p->init[i];
        int key[PL_MAX_ARITY + 1];
        key[0] = ia->pred;
        for (int k = 0; k < ia->nargs; k++)
            key[k + 1] = ia->args[k];
        if (t->pred_static[ia->pred]) {
            int before = (int)t->static_true.count;
            if (pl_hashmap_put(&t->static_true, key, ia->nargs + 1, 1) < 0)
                return -1;
            if ((int)t->static_true.count != before && index_add(&g->statics, ia->pred, ia->args, ia->nargs, i) < 0)
                return -1;
        } else if (intern_atom(g, key, ia->nargs) < 0) {
            return -1;
        }
    }
    t->nstatic_true = (int)t->static_true.count;
    return 0;
}

int pl_fixpoint_run(pl_task *t, pl_found_actions *out, const char **limit)
{
    const pl_domain *d = t->domain;
    grounder g;
    memset(&g, 0, sizeof g);
    g.t = t;
    g.found = out;
    g.binding = calloc(PL_MAX_VARS + 1, sizeof *g.binding);
    g.bound = calloc(PL_MAX_VARS + 1, sizeof *g.bound);
    int rc = -1;
    if (!g.binding || !g.bound || load_init(&g) < 0 || analyse_schemas(&g) < 0)
        goto done;
    bool progress = true;
    for (int pass = 0; progress && !g.oom; pass++) {
        progress = false;
        for (int s = 0; s < d->nactions + d->naxioms && !g.oom; s++) {
            schema_info *si = &g.info[s];
            if (!schema_needs_join(&g, si, pass == 0))
                continue;
            for (int i = 0; i < si->nreads; i++)
                si->seen[i] = g.fluents.by_pred[si->reads[i]].count;
            int atoms_before = t->natoms, found_before = out->schema.count;
            g.schema = s;
            g.a = pl_rule_at(d, s);
            g.si = si;
            join(&g, si->njoin);
            progress |= t->natoms != atoms_before || out->schema.count != found_before;
        }
    }
    rc = g.oom ? -1 : 0;
    *limit = g.limit;
done:
    index_free(&g.statics, d);
    index_free(&g.fluents, d);
    for (int s = 0; g.info && s < d->nactions + d->naxioms; s++) {
        free(g.info[s].reads);
        free(g.info[s].seen);
    }
    free(g.info);
    free(g.binding);
    free(g.bound);
    return rc;
}
