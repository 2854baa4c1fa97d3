/* Object membership of types and (either ...) typesets, precomputed per task. */
#include <stdlib.h>
#include <string.h>

#include "task/internal.h"

static int register_either(pl_task *t, const pl_typeset *ts)
{
    if (ts->count <= 1 || pl_hashmap_get(&t->either_ids, ts->ids, ts->count) >= 0)
        return 0;
    int n = t->problem->nobjects, cnt = 0;
    int *objs = pl_arena_alloc(&t->arena, (size_t)(n + 1) * sizeof *objs);
    int **lists = realloc(t->either_objects, (size_t)(t->neither + 1) * sizeof *lists);
    int *counts = realloc(t->neither_objects, (size_t)(t->neither + 1) * sizeof *counts);
    if (lists)
        t->either_objects = lists;
    if (counts)
        t->neither_objects = counts;
    if (!objs || !lists || !counts)
        return -1;
    for (int o = 0; o < n; o++)
        if (pl_task_object_is_a(t, o, ts))
            objs[cnt++] = o;
    t->either_objects[t->neither] = objs;
    t->neither_objects[t->neither] = cnt;
    if (pl_hashmap_put(&t->either_ids, ts->ids, ts->count, t->neither) < 0)
        return -1;
    t->neither++;
    return 0;
}

int pl_task_init_types(pl_task *t)
{
    const pl_domain *d = t->domain;
    const pl_problem *p = t->problem;
    int n = p->nobjects;
    t->objects_of_type = pl_arena_calloc(&t->arena, (size_t)d->ntypes, sizeof *t->objects_of_type);
    t->nobjects_of_type = pl_arena_calloc(&t->arena, (size_t)d->ntypes, sizeof *t->nobjects_of_type);
    t->is_a = pl_arena_calloc(&t->arena, (size_t)d->ntypes, sizeof *t->is_a);
    if (!t->objects_of_type || !t->nobjects_of_type || !t->is_a)
        return -1;
    for (int ty = 0; ty < d->ntypes; ty++) {
        t->is_a[ty] = pl_arena_calloc(&t->arena, (size_t)n + 1, 1);
        t->objects_of_type[ty] = pl_arena_alloc(&t->arena, (size_t)(n + 1) * sizeof(int));
        if (!t->is_a[ty] || !t->objects_of_type[ty])
            return -1;
        for (int o = 0; o < n; o++)
            if (pl_problem_object_is_a(p, o, ty)) {
                t->is_a[ty][o] = 1;
                t->objects_of_type[ty][t->nobjects_of_type[ty]++] = o;
            }
    }
    for (int a = 0; a < d->nactions; a++)
        for (int v = 0; v < d->actions[a].nvars; v++)
            if (register_either(t, &d->actions[a].vars[v].types) < 0)
                return -1;
    for (int v = 0; v < p->ngoal_vars; v++)
        if (register_either(t, &p->goal_vars[v].types) < 0)
            return -1;
    return 0;
}

bool pl_task_object_is_a(const pl_task *t, int obj, const pl_typeset *ts)
{
    for (int i = 0; i < ts->count; i++)
        if (t->is_a[ts->ids[i]][obj])
            return true;
    return false;
}

const int *pl_task_objects_of(const pl_task *t, const pl_typeset *ts, int *n)
{
    if (ts->count == 1) {
        *n = t->nobjects_of_type[ts->ids[0]];
        return t->objects_of_type[ts->ids[0]];
    }
    int id = pl_hashmap_get(&t->either_ids, ts->ids, ts->count);
    if (id < 0) {
        *n = 0;
        return NULL;
    }
    *n = t->neither_objects[id];
    return t->either_objects[id];
}

int pl_task_for_each_tuple(const pl_task *t, const pl_typeset *params, int arity, long *budget,
                           int (*fn)(void *ctx, const int *args), void *ctx)
{
    int args[PL_MAX_ARITY + 1] = {0}, depth = 0;
    if (arity > PL_MAX_ARITY)
        return PL_TUPLES_OVER;
    if (arity == 0)
        return --*budget < 0 ? PL_TUPLES_OVER : fn(ctx, args);
    args[0] = -1;
    while (depth >= 0) {
        int o = args[depth] + 1;
        while (o < t->problem->nobjects && !pl_task_object_is_a(t, o, &params[depth]))
            o++;
        if (o >= t->problem->nobjects) {
            depth--;
            continue;
        }
        args[depth] = o;
        if (depth + 1 < arity) {
            args[++depth] = -1;
            continue;
        }
        if (--*budget < 0)
            return PL_TUPLES_OVER;
        int rc = fn(ctx, args);
        if (rc != 0)
            return rc;
    }
    return 0;
}
