/* Name and type lookups on parsed domains and problems (the parsers use
 * them too, which is why they live apart from either parser). */
#include <string.h>

#include "pddl/pddl.h"

int pl_domain_find_type(const pl_domain *d, const char *name)
{
    for (int i = 0; i < d->ntypes; i++)
        if (!strcmp(d->types[i].name, name))
            return i;
    return -1;
}

int pl_domain_find_pred(const pl_domain *d, const char *name)
{
    for (int i = 0; i < d->npreds; i++)
        if (!strcmp(d->preds[i].name, name))
            return i;
    return -1;
}

int pl_domain_find_action(const pl_domain *d, const char *name)
{
    for (int i = 0; i < d->nactions; i++)
        if (!strcmp(d->actions[i].name, name))
            return i;
    return -1;
}

bool pl_domain_type_is_subtype(const pl_domain *d, int sub, int super)
{
    /* Depth-bounded walk: type graphs are tiny, and the bound stops cycles. */
    int stack[64], n = 0, steps = 0;
    stack[n++] = sub;
    while (n > 0 && steps++ < 4096) {
        int t = stack[--n];
        if (t == super || super == 0)
            return true;
        for (int k = 0; k < d->types[t].nparents && n < 64; k++)
            stack[n++] = d->types[t].parents[k];
    }
    return false;
}

int pl_problem_find_object(const pl_problem *p, const char *name)
{
    for (int i = 0; i < p->nobjects; i++)
        if (!strcmp(p->objects[i].name, name))
            return i;
    return -1;
}

bool pl_problem_object_is_a(const pl_problem *p, int obj, int type)
{
    const pl_typeset *ts = &p->objects[obj].types;
    for (int i = 0; i < ts->count; i++)
        if (pl_domain_type_is_subtype(p->domain, ts->ids[i], type))
            return true;
    return false;
}
