/* Pictures of a state for teach mode: Blocksworld towers, places with what
 * is at them, or each object with what holds of it. */
#include <stdlib.h>
#include <string.h>

#include "teach_view.h"

/* A fluent predicate of that name and arity, or -1. */
static int fluent_pred(const pl_task *t, const char *name, int arity)
{
    const pl_domain *d = t->domain;
    for (int p = 0; p < d->npreds; p++)
        if (d->preds[p].arity == arity && !t->pred_static[p] && !strcmp(d->preds[p].name, name))
            return p;
    return -1;
}

static const char *object_name(const pl_task *t, int obj)
{
    return t->problem->objects[obj].name;
}

static bool is_agent_pred(const char *name)
{
    return (!strncmp(name, "at-", 3) || !strncmp(name, "at_", 3)) && name[3];
}

pl_picture_kind pl_picture_kind_of(const pl_task *t)
{
    if (fluent_pred(t, "on", 2) >= 0 && (fluent_pred(t, "ontable", 1) >= 0 || fluent_pred(t, "on-table", 1) >= 0))
        return PL_PICTURE_TOWERS;
    if (fluent_pred(t, "at", 2) >= 0)
        return PL_PICTURE_PLACES;
    for (int p = 0; p < t->domain->npreds; p++)
        if (t->domain->preds[p].arity == 1 && !t->pred_static[p] && is_agent_pred(t->domain->preds[p].name))
            return PL_PICTURE_PLACES;
    return PL_PICTURE_GENERIC;
}

const char *pl_picture_kind_name(pl_picture_kind k)
{
    return k == PL_PICTURE_TOWERS ? "towers" : k == PL_PICTURE_PLACES ? "places" : "generic";
}

/* ---- towers ---- */

typedef struct {
    int *below, *above; /* per object: the block under / on it, or -1 */
    bool *table;        /* per object: on the table */
    int *bottoms;       /* the towers' bottom blocks, in object order */
    int ntowers;
} stacks;

static int tower_height(const stacks *st, int bottom, int nobjects)
{
    int h = 0;
    for (int b = bottom; b >= 0 && h < nobjects; b = st->above[b]) /* bounded: a cycle cannot loop */
        h++;
    return h;
}

/* The block `row` levels above the bottom, or -1. */
static int block_at(const stacks *st, int bottom, int row)
{
    int b = bottom;
    for (int i = 0; i < row && b >= 0; i++)
        b = st->above[b];
    return b;
}

static void draw_towers(const pl_task *t, const stacks *st, bool ascii, int width, pl_view_model *vm)
{
    int n = t->problem->nobjects, colw = 3;
    for (int i = 0; i < st->ntowers; i++)
        for (int b = st->bottoms[i], k = 0; b >= 0 && k < n; b = st->above[b], k++)
            colw = (int)strlen(object_name(t, b)) + 2 > colw ? (int)strlen(object_name(t, b)) + 2 : colw;
    int per_row = (width - 2) / (colw + 1) > 0 ? (width - 2) / (colw + 1) : 1;
    for (int first = 0; first < st->ntowers; first += per_row) {
        int last = first + per_row < st->ntowers ? first + per_row : st->ntowers, height = 0;
        for (int i = first; i < last; i++) {
            int h = tower_height(st, st->bottoms[i], n);
            height = h > height ? h : height;
        }
        for (int row = height - 1; row >= 0; row--) {
            pl_vm_line(vm, -1);
            pl_vm_span(vm, ROLE_TEXT, "  ");
            for (int i = first; i < last; i++) {
                int b = block_at(st, st->bottoms[i], row);
                if (b < 0)
                    pl_vm_span(vm, ROLE_TEXT, "%*s", colw + 1, "");
                else
                    pl_vm_span(vm, ROLE_CORRECT, "[%s]%*s", object_name(t, b),
                               colw + 1 - (int)strlen(object_name(t, b)) - 2, "");
            }
        }
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "  ");
        for (int i = 0; i < (last - first) * (colw + 1) - 1; i++)
            pl_vm_span(vm, ROLE_DIM, "%s", ascii ? "-" : "─");
    }
    if (!st->ntowers) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_DIM, "  (no block on the table)");
    }
}

static void towers(const pl_task *t, const uint64_t *state, bool ascii, int width, pl_view_model *vm)
{
    int on = fluent_pred(t, "on", 2), ontable = fluent_pred(t, "ontable", 1), n = t->problem->nobjects;
    if (ontable < 0)
        ontable = fluent_pred(t, "on-table", 1);
    int holding = fluent_pred(t, "holding", 1), holding2 = fluent_pred(t, "holding", 2);
    stacks st = {malloc(((size_t)n + 1) * sizeof(int)), malloc(((size_t)n + 1) * sizeof(int)),
                 calloc((size_t)n + 1, sizeof(bool)), malloc(((size_t)n + 1) * sizeof(int)), 0};
    if (!st.below || !st.above || !st.table || !st.bottoms) {
        vm->oom = true;
        goto done;
    }
    for (int i = 0; i < n; i++)
        st.below[i] = st.above[i] = -1;
    for (int a = 0; a < t->natoms; a++) {
        const pl_gatom *g = &t->atoms[a];
        if (!pl_state_has(state, a))
            continue;
        if (g->pred == on) {
            st.below[g->args[0]] = g->args[1];
            st.above[g->args[1]] = g->args[0];
        } else if (g->pred == ontable) {
            st.table[g->args[0]] = true;
        }
    }
    for (int i = 0; i < n; i++)
        if (st.table[i])
            st.bottoms[st.ntowers++] = i;
    draw_towers(t, &st, ascii, width, vm);
    if (holding >= 0 || holding2 >= 0) {
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_TEXT, "  holding:");
        int held = 0;
        for (int a = 0; a < t->natoms; a++) {
            const pl_gatom *g = &t->atoms[a];
            if (pl_state_has(state, a) && (g->pred == holding || g->pred == holding2)) {
                pl_vm_span(vm, ROLE_CORRECT, " %s", object_name(t, g->args[g->pred == holding ? 0 : 1]));
                if (g->pred == holding2)
                    pl_vm_span(vm, ROLE_DIM, " (%s)", object_name(t, g->args[0]));
                held++;
            }
        }
        if (!held)
            pl_vm_span(vm, ROLE_DIM, " nothing");
    }
done:
    free(st.below);
    free(st.above);
    free(st.table);
    free(st.bottoms);
}

/* ---- places ---- */

/* Containers: which argument is the item and which the holder. */
static const struct {
    const char *name;
    int item, holder;
} containers[] = {{"in", 0, 1},      {"inside", 0, 1},  {"carry", 0, 1}, {"carrying", 1, 0},
                  {"lifting", 1, 0}, {"holding", 1, 0}, {"on", 0, 1}};

/* Unary "the item is aboard the (only) agent": Ferry's (on ?car). */
static const char *const aboard_preds[] = {"on", "aboard", "loaded"};

typedef struct {
    const pl_task *t;
    const uint64_t *state;
    int *place;       /* per object: where it is, or -1 */
    int *holder;      /* per object: what holds it, or -1; AGENT_HOLDER: the sole agent */
    bool *is_place;   /* per object: somewhere things can be */
    int agent_pred;   /* the sole at-X predicate, or -1 */
    bool ascii;
} places;

#define AGENT_HOLDER (-2)

/* "name[contents]" (nested holders one level deeper each). */
static void item(pl_view_model *vm, const places *pl, int obj, int holder_key, int depth)
{
    const pl_task *t = pl->t;
    if (holder_key != AGENT_HOLDER)
        pl_vm_span(vm, ROLE_TEXT, "%s", object_name(t, obj));
    bool open = false;
    for (int x = 0; x < t->problem->nobjects && depth < 4; x++) {
        if (pl->holder[x] != holder_key || x == obj)
            continue;
        pl_vm_span(vm, ROLE_DIM, "%s", open ? " " : "[");
        open = true;
        item(vm, pl, x, x, depth + 1);
    }
    if (open)
        pl_vm_span(vm, ROLE_DIM, "]");
}

static void draw_places(const places *pl, pl_view_model *vm)
{
    const pl_task *t = pl->t;
    const char *sep = pl->ascii ? ", " : " · ";
    for (int p = 0; p < t->problem->nobjects; p++) {
        if (!pl->is_place[p])
            continue;
        pl_vm_line(vm, -1);
        pl_vm_span(vm, ROLE_HEADER, "  %s:", object_name(t, p));
        int shown = 0;
        for (int a = 0; a < t->natoms; a++) { /* agents: at-robby, at-ferry */
            const pl_gatom *g = &t->atoms[a];
            if (pl_state_has(pl->state, a) && g->args && t->domain->preds[g->pred].arity == 1 &&
                is_agent_pred(t->domain->preds[g->pred].name) && g->args[0] == p) {
                pl_vm_span(vm, ROLE_CORRECT, "%s%s", shown++ ? sep : " ", t->domain->preds[g->pred].name + 3);
                if (g->pred == pl->agent_pred)
                    item(vm, pl, -1, AGENT_HOLDER, 0);
            }
        }
        for (int x = 0; x < t->problem->nobjects; x++)
            if (pl->place[x] == p && pl->holder[x] == -1) { /* what is held shows inside its holder */
                pl_vm_span(vm, ROLE_TEXT, "%s", shown++ ? sep : " ");
                item(vm, pl, x, x, 0);
            }
        if (!shown)
            pl_vm_span(vm, ROLE_DIM, " (nothing)");
    }
    /* holders that are nowhere (Gripper's grippers) still show what they hold */
    bool header = false;
    for (int h = 0; h < t->problem->nobjects; h++) {
        bool holds = false;
        for (int x = 0; x < t->problem->nobjects && !holds; x++)
            holds = pl->holder[x] == h;
        if (!holds || pl->place[h] >= 0 || pl->holder[h] >= 0)
            continue;
        if (!header) {
            pl_vm_line(vm, -1);
            pl_vm_span(vm, ROLE_HEADER, "  held:");
            header = true;
        }
        pl_vm_span(vm, ROLE_TEXT, " ");
        item(vm, pl, h, h, 0);
    }
}

static void fill_places(places *pl)
{
    const pl_task *t = pl->t;
    const pl_domain *d = t->domain;
    int at = fluent_pred(t, "at", 2), nagents = 0;
    for (int p = 0; p < d->npreds; p++)
        if (d->preds[p].arity == 1 && !t->pred_static[p] && is_agent_pred(d->preds[p].name)) {
            pl->agent_pred = p;
            nagents++;
        }
    if (nagents != 1)
        pl->agent_pred = -1;
    for (int a = 0; a < t->natoms; a++) {
        const pl_gatom *g = &t->atoms[a];
        const pl_predicate *pred = &d->preds[g->pred];
        bool holds = pl_state_has(pl->state, a);
        if (g->pred == at) {
            pl->is_place[g->args[1]] = true;
            if (holds)
                pl->place[g->args[0]] = g->args[1];
        } else if (pred->arity == 1 && is_agent_pred(pred->name)) {
            pl->is_place[g->args[0]] = true;
        } else if (holds && pred->arity == 2) {
            for (size_t k = 0; k < sizeof containers / sizeof *containers; k++)
                if (!strcmp(pred->name, containers[k].name))
                    pl->holder[g->args[containers[k].item]] = g->args[containers[k].holder];
        } else if (holds && pred->arity == 1 && pl->agent_pred >= 0) {
            for (size_t k = 0; k < sizeof aboard_preds / sizeof *aboard_preds; k++)
                if (!strcmp(pred->name, aboard_preds[k]))
                    pl->holder[g->args[0]] = AGENT_HOLDER;
        }
    }
}

static void places_picture(const pl_task *t, const uint64_t *state, bool ascii, pl_view_model *vm)
{
    int n = t->problem->nobjects;
    places pl = {t, state, malloc(((size_t)n + 1) * sizeof(int)), malloc(((size_t)n + 1) * sizeof(int)),
                 calloc((size_t)n + 1, sizeof(bool)), -1, ascii};
    if (pl.place && pl.holder && pl.is_place) {
        for (int i = 0; i < n; i++)
            pl.place[i] = pl.holder[i] = -1;
        fill_places(&pl);
        draw_places(&pl, vm);
    } else {
        vm->oom = true;
    }
    free(pl.place);
    free(pl.holder);
    free(pl.is_place);
}

/* ---- generic ---- */

/* Each object with the atoms that hold of it first ("a: clear, on b"). */
static void generic_picture(const pl_task *t, const uint64_t *state, int width, pl_view_model *vm)
{
    const pl_domain *d = t->domain;
    for (int obj = -1; obj < t->problem->nobjects; obj++) { /* -1: atoms without arguments */
        char *text = pl_strdup(obj < 0 ? "" : object_name(t, obj));
        int found = 0;
        for (int a = 0; a < t->natoms && text; a++) {
            const pl_gatom *g = &t->atoms[a];
            int arity = d->preds[g->pred].arity;
            if (!pl_state_has(state, a) || (obj < 0 ? arity != 0 : arity == 0 || g->args[0] != obj))
                continue;
            char *grown = pl_strdup_printf("%s%s %s", text, found++ ? "," : obj < 0 ? "" : ":", d->preds[g->pred].name);
            for (int k = 1; grown && k < arity; k++) {
                char *more = pl_strdup_printf("%s %s", grown, object_name(t, g->args[k]));
                free(grown);
                grown = more;
            }
            free(text);
            text = grown;
        }
        if (!text)
            vm->oom = true;
        else if (found)
            pl_vm_wrapped(vm, ROLE_TEXT, text, width, 2);
        free(text);
    }
}

void pl_teach_picture(const pl_task *t, const uint64_t *state, bool ascii, int width, pl_view_model *vm)
{
    switch (pl_picture_kind_of(t)) {
    case PL_PICTURE_TOWERS:
        towers(t, state, ascii, width, vm);
        break;
    case PL_PICTURE_PLACES:
        places_picture(t, state, ascii, vm);
        break;
    case PL_PICTURE_GENERIC:
        generic_picture(t, state, width, vm);
        break;
    }
}
