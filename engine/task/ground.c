/* Grounding: after the relaxed-reachability fixpoint (ground_fixpoint.c),
 * the ground preconditions, effects and costs of every reachable action. */
#include <stdlib.h>
#include <string.h>

#include "task/ground_internal.h"

/* memcpy for int tuples that may be empty (and then NULL). */
static void copy_ints(int *dst, const int *src, int n)
{
    for (int i = 0; i < n; i++)
        dst[i] = src[i];
}

static int init_value_key_find(const pl_task *t, int func, const int *args, int nargs, double *value)
{
    const pl_problem *p = t->problem;
    for (int i = 0; i < p->nvalues; i++) {
        if (p->values[i].func != func || p->values[i].nargs != nargs)
            continue;
        /* no arguments: both lists may be NULL, which memcmp may not see */
        if (nargs == 0 || !memcmp(p->values[i].args, args, (size_t)nargs * sizeof *args)) {
            *value = p->values[i].value;
            return 0;
        }
    }
    return -1;
}

typedef struct {
    pl_geffect *items;
    int count, cap;
} geff_list;

static int geff_push(geff_list *l, pl_geffect e)
{
    if (l->count == l->cap) {
        int cap = l->cap ? l->cap * 2 : 8;
        pl_geffect *items = realloc(l->items, (size_t)cap * sizeof *items);
        if (!items)
            return -1;
        l->items = items;
        l->cap = cap;
    }
    l->items[l->count++] = e;
    return 0;
}

typedef struct {
    pl_gbuilder *b;
    const pl_action *a;
    int *binding;
    geff_list effs;
    double cost;
    pl_error *err;
    bool failed;
} effect_builder;

static void ground_effects(effect_builder *eb, const pl_effect *e, int cond)
{
    pl_task *t = eb->b->t;
    if (eb->failed || cond == PL_GF_FALSE)
        return;
    switch (e->kind) {
    case PL_E_AND:
        for (int i = 0; i < e->nkids; i++)
            ground_effects(eb, e->kids[i], cond);
        break;
    case PL_E_FORALL: {
        int idx[64] = {0}, n[64];
        const int *objs[64];
        if (e->nvars > 64)
            return;
        for (int i = 0; i < e->nvars; i++) {
            objs[i] = pl_task_objects_of(t, &eb->a->vars[e->var_first + i].types, &n[i]);
            if (n[i] == 0)
                return;
        }
        for (;;) {
            for (int i = 0; i < e->nvars; i++)
                eb->binding[e->var_first + i] = objs[i][idx[i]];
            ground_effects(eb, e->kids[0], cond);
            int k = e->nvars - 1;
            while (k >= 0 && ++idx[k] == n[k])
                idx[k--] = 0;
            if (k < 0)
                break;
        }
        break;
    }
    case PL_E_WHEN: {
        int c = pl_ground_cond(eb->b, e->cond, eb->binding, true);
        ground_effects(eb, e->kids[0], pl_ground_and(eb->b, cond, c));
        break;
    }
    case PL_E_ADD:
    case PL_E_DEL: {
        int key[256];
        pl_lift_atom_key(eb->binding, e->pred, e->args, e->nargs, key);
        int id = pl_hashmap_get(&t->atom_ids, key, e->nargs + 1);
        if (id < 0)
            return; /* deleting an unreachable atom; adds are always reached */
        pl_geffect ge = {cond, id, e->kind == PL_E_ADD};
        if (geff_push(&eb->effs, ge) < 0)
            eb->failed = true;
        break;
    }
    case PL_E_COST: {
        double v = e->cost.value;
        if (e->cost.func >= 0) {
            int args[64];
            for (int i = 0; i < e->cost.nargs && i < 64; i++)
                args[i] = PL_TERM_IS_VAR(e->cost.args[i]) ? eb->binding[e->cost.args[i]]
                                                          : PL_TERM_OBJ_INDEX(e->cost.args[i]);
            if (init_value_key_find(t, e->cost.func, args, e->cost.nargs, &v) < 0) {
                pl_error_set(eb->err, PL_ERR_SEMANTIC, t->problem->file, 0, 0,
                             "no value in :init for function '%s' used as the cost of action '%s'",
                             t->domain->funcs[e->cost.func].name, eb->a->name);
                eb->failed = true;
                return;
            }
        }
        if (cond != PL_GF_TRUE) {
            pl_error_set(eb->err, PL_ERR_UNSUPPORTED, t->domain->file, e->loc.line, e->loc.column,
                         "unsupported: conditional action cost");
            eb->failed = true;
            return;
        }
        eb->cost += v;
        break;
    }
    }
}

static char *append(char *p, const char *s)
{
    size_t n = strlen(s);
    memcpy(p, s, n);
    return p + n;
}

static char *make_name(pl_task *t, const char *head, const int *args, int nargs)
{
    size_t len = strlen(head) + 3;
    for (int i = 0; i < nargs; i++)
        len += strlen(t->problem->objects[args[i]].name) + 1;
    char *s = pl_arena_alloc(&t->arena, len);
    if (!s)
        return NULL;
    char *p = s;
    *p++ = '(';
    p = append(p, head);
    for (int i = 0; i < nargs; i++) {
        *p++ = ' ';
        p = append(p, t->problem->objects[args[i]].name);
    }
    *p++ = ')';
    *p = '\0';
    return s;
}

/* Splits a conjunction of literals into the fast pre_pos / pre_neg lists. */
static bool flatten_pre(pl_task *t, int pre, pl_gaction *ga)
{
    if (pre == PL_GF_TRUE)
        return true;
    const pl_gnode *n = &t->gnodes[pre];
    const int *kids = n->kind == PL_G_AND ? t->gkids + n->first : &pre;
    int count = n->kind == PL_G_AND ? n->count : 1;
    if (n->kind == PL_G_OR)
        return false;
    for (int i = 0; i < count; i++)
        if (t->gnodes[kids[i]].kind != PL_G_LIT)
            return false;
    ga->pre_pos = pl_arena_alloc(&t->arena, (size_t)count * sizeof(int));
    ga->pre_neg = pl_arena_alloc(&t->arena, (size_t)count * sizeof(int));
    for (int i = 0; i < count; i++) {
        const pl_gnode *l = &t->gnodes[kids[i]];
        if (l->neg)
            ga->pre_neg[ga->npre_neg++] = l->atom;
        else
            ga->pre_pos[ga->npre_pos++] = l->atom;
    }
    return true;
}

static int build_actions(const pl_found_actions *found, pl_gbuilder *b, pl_error *err)
{
    pl_task *t = b->t;
    const pl_domain *d = t->domain;
    int n = found->schema.count;
    t->actions = pl_arena_calloc(&t->arena, (size_t)n + 1, sizeof *t->actions);
    int *binding = malloc(PL_MAX_VARS * sizeof *binding);
    if (!t->actions || !binding) {
        free(binding);
        return pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0, "out of memory");
    }
    pl_hashmap_free(&t->action_ids); /* rebuilt with the final numbering */
    for (int i = 0; i < n; i++) {
        int schema = found->schema.ids[i];
        if (schema >= d->nactions)
            continue; /* an axiom: pl_ground_axioms */
        const pl_action *a = &d->actions[schema];
        /* a task whose actions all lack parameters stores no arguments at all */
        const int *args = a->nparams ? found->args.ids + found->offset.ids[i] : NULL;
        copy_ints(binding, args, a->nparams);
        b->vars = a->vars;
        int pre = pl_ground_cond(b, a->pre, binding, true);
        if (pre == PL_GF_FALSE)
            continue;
        pl_gaction *ga = &t->actions[t->nactions];
        memset(ga, 0, sizeof *ga);
        ga->schema = schema;
        ga->args = pl_arena_memdup(&t->arena, args, (size_t)a->nparams * sizeof *args);
        ga->name = make_name(t, a->name, args, a->nparams);
        ga->pre = flatten_pre(t, pre, ga) ? PL_GF_TRUE : pre;
        ga->grounded_pre = pre;
        effect_builder eb = {b, a, binding, {0}, 0, err, false};
        ground_effects(&eb, a->eff, PL_GF_TRUE);
        if (eb.failed) {
            free(eb.effs.items);
            free(binding);
            return err && err->code ? err->code : pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0, "out of memory");
        }
        ga->effs = pl_arena_memdup(&t->arena, eb.effs.items, (size_t)eb.effs.count * sizeof *eb.effs.items);
        ga->neffs = eb.effs.count;
        for (int k = 0; k < ga->neffs; k++)
            ga->conditional |= ga->effs[k].cond != PL_GF_TRUE;
        free(eb.effs.items);
        ga->cost = t->has_costs ? eb.cost : 1.0;
        int key[256];
        key[0] = schema;
        copy_ints(key + 1, args, a->nparams);
        if (pl_hashmap_put(&t->action_ids, key, a->nparams + 1, t->nactions) < 0) {
            free(binding);
            return pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0, "out of memory");
        }
        t->nactions++;
    }
    free(binding);
    return PL_OK;
}

static int index_object_names(pl_task *t)
{
    const pl_problem *p = t->problem;
    for (int o = 0; o < p->nobjects; o++) {
        int key[255];
        int len = pl_name_key(p->objects[o].name, key, 255);
        if (len >= 0 && pl_hashmap_put(&t->object_ids, key, len, o) < 0)
            return -1;
    }
    return 0;
}

pl_task *pl_task_new(const pl_problem *problem, pl_error *err)
{
    pl_task *t = calloc(1, sizeof *t);
    if (!t) {
        pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0, "out of memory");
        return NULL;
    }
    t->problem = problem;
    t->domain = problem->domain;
    t->has_costs = problem->minimize_total_cost;
    pl_found_actions found;
    memset(&found, 0, sizeof found);
    const char *limit = NULL;
    if (pl_task_init_types(t) < 0 || index_object_names(t) < 0 || pl_fixpoint_run(t, &found, &limit) < 0) {
        pl_found_actions_free(&found);
        pl_task_free(t);
        if (limit)
            pl_error_set(err, PL_ERR_LIMIT, problem->file, 0, 0,
                         "the task grounds to too many %s (more than %lld): too many objects for the "
                         "actions' parameters",
                         limit, !strcmp(limit, "candidate groundings") ? 50 * pl_max_ground() : pl_max_ground());
        else
            pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0, "out of memory while grounding");
        return NULL;
    }
    pl_gbuilder b = {t, NULL, 0, 0};
    if (build_actions(&found, &b, err) != PL_OK) {
        pl_found_actions_free(&found);
        pl_task_free(t);
        return NULL;
    }
    int *goal_binding = calloc((size_t)problem->ngoal_vars + 1, sizeof *goal_binding);
    b.vars = problem->goal_vars;
    t->goal = goal_binding ? pl_ground_cond(&b, problem->goal, goal_binding, true) : PL_GF_FALSE;
    free(goal_binding);
    t->words = (t->natoms + 63) / 64;
    if (t->words == 0)
        t->words = 1;
    t->init = pl_arena_calloc(&t->arena, (size_t)t->words, sizeof *t->init);
    for (int i = 0; i < t->natoms; i++) {
        t->atoms[i].name = make_name(t, t->domain->preds[t->atoms[i].pred].name, t->atoms[i].args,
                                     t->domain->preds[t->atoms[i].pred].arity);
    }
    for (int i = 0; i < problem->ninit; i++) {
        const pl_init_atom *ia = &problem->init[i];
        if (t->pred_static[ia->pred])
            continue;
        int key[256];
        key[0] = ia->pred;
        copy_ints(key + 1, ia->args, ia->nargs);
        pl_state_set(t->init, pl_hashmap_get(&t->atom_ids, key, ia->nargs + 1), true);
    }
    int rc = pl_ground_axioms(&b, &found, err);
    pl_found_actions_free(&found);
    if (rc != PL_OK) {
        pl_task_free(t);
        return NULL;
    }
    pl_task_derive(t, t->init);
    return t;
}

void pl_task_free(pl_task *t)
{
    if (!t)
        return;
    pl_hashmap_free(&t->atom_ids);
    pl_hashmap_free(&t->static_true);
    pl_hashmap_free(&t->action_ids);
    pl_hashmap_free(&t->object_ids);
    pl_hashmap_free(&t->either_ids);
    free(t->either_objects);
    free(t->neither_objects);
    free(t->atoms);
    free(t->gnodes);
    free(t->gkids);
    free(t->gkid_quantifier);
    free(t->gkid_repeat);
    pl_arena_free(&t->arena);
    free(t);
}

int pl_task_find_object(const pl_task *t, const char *name)
{
    int key[255];
    int len = pl_name_key(name, key, 255);
    return len < 0 ? -1 : pl_hashmap_get(&t->object_ids, key, len);
}

int pl_task_atom_id(const pl_task *t, int pred, const int *args)
{
    int key[256];
    int n = t->domain->preds[pred].arity;
    key[0] = pred;
    copy_ints(key + 1, args, n);
    return pl_hashmap_get(&t->atom_ids, key, n + 1);
}

int pl_task_action_id(const pl_task *t, int schema, const int *args)
{
    int key[256];
    int n = t->domain->actions[schema].nparams;
    key[0] = schema;
    copy_ints(key + 1, args, n);
    return pl_hashmap_get(&t->action_ids, key, n + 1);
}

bool pl_task_static_holds(const pl_task *t, int pred, const int *args)
{
    int key[256];
    int n = t->domain->preds[pred].arity;
    key[0] = pred;
    copy_ints(key + 1, args, n);
    return pl_hashmap_get(&t->static_true, key, n + 1) >= 0;
}
