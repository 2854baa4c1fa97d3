/* The failure mode of a wrong IoU set answer (verdict_failure.h). */
#include "iou/verdict_failure.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plans/plan.h"

/* The one step of a progression question, from the initial state
 * (docs/GEN.md: prog_* apply `actions[0]` there). */
typedef struct {
    const pl_task *t;
    uint64_t *before, *after; /* NULL when the step is unknown or not applicable */
    bool positive;            /* prog_pos: the answer lists atoms made true */
} prog_step;

static int prog_step_init(prog_step *s, const pl_task *t, const pl_iou_question *q)
{
    memset(s, 0, sizeof *s);
    s->t = t;
    s->positive = q->task == PL_IOU_PROG_POS;
    if (!t || q->nactions < 1)
        return 0;
    pl_action_ref ref;
    pl_resolve_action(t, q->actions[0], &ref);
    int action = ref.status == PL_REF_OK && pl_task_applicable(t, ref.action, t->init) ? ref.action : -1;
    pl_action_ref_clear(&ref);
    if (action < 0)
        return 0;
    if (!(s->after = malloc((size_t)t->words * sizeof *s->after)))
        return -1;
    s->before = t->init;
    pl_task_apply(t, action, s->before, s->after);
    return 0;
}

/* prog_*: an atom listed that the step changes the other way. */
static bool wrong_sign(const prog_step *s, const char *item)
{
    if (!s->after)
        return false;
    pl_atom_ref ref;
    bool swapped = false;
    if (pl_resolve_atom_ref(s->t, item, &ref) == PL_ATOM_FLUENT) {
        bool was = pl_state_has(s->before, ref.atom), is = pl_state_has(s->after, ref.atom);
        swapped = s->positive ? was && !is : !was && is;
    }
    pl_atom_ref_clear(&ref);
    return swapped;
}

/* The item kind of one item of the comparison (PL_FAIL_NONE: in both). */
static pl_failure_kind item_kind(pl_iou_task task, const prog_step *s, const pl_set_item *it)
{
    switch (it->role) {
    case PL_ITEM_BOTH:
        return PL_FAIL_NONE;
    case PL_ITEM_HALLUCINATED:
        return PL_FAIL_UNKNOWN_NAME;
    case PL_ITEM_MISSED:
        return PL_FAIL_MISSED_ITEMS;
    default:
        break;
    }
    switch (task) {
    case PL_IOU_APPLICABILITY:
        return PL_FAIL_NOT_APPLICABLE;
    case PL_IOU_PROG_POS:
    case PL_IOU_PROG_NEG:
        return wrong_sign(s, it->text) ? PL_FAIL_WRONG_SIGN : PL_FAIL_NOT_AN_EFFECT;
    default: /* state, tracking */
        return PL_FAIL_NOT_IN_STATE;
    }
}

/* The name an item starts with: "(pick-up a)" -> "pick-up" (length *n). */
static const char *head_of(const char *item, size_t *n)
{
    item += strspn(item, "(");
    *n = strcspn(item, " )");
    return item;
}

/* The predicate or schema named by most items of `kind` (the first on
 * ties), or NULL (also when out of memory: the failure then has no key). */
static char *main_head(const pl_set_comparison *c, const pl_failure_kind *kinds, pl_failure_kind kind)
{
    const char *best = NULL;
    size_t best_len = 0;
    int best_count = 0;
    for (int i = 0; i < c->count; i++) {
        if (kinds[i] != kind)
            continue;
        size_t n, m;
        const char *h = head_of(c->items[i].text, &n);
        int count = 0;
        for (int j = 0; j < c->count; j++) {
            const char *g = head_of(c->items[j].text, &m);
            count += kinds[j] == kind && m == n && !strncmp(g, h, n);
        }
        if (count > best_count) {
            best = h;
            best_len = n;
            best_count = count;
        }
    }
    return best && best_len ? pl_strndup(best, best_len) : NULL;
}

/* "not applicable 2, missed items 1" */
static void describe_counts(const pl_failure *f, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < PL_FAIL_NITEMS && len < size; i++)
        if (f->items[i])
            len += (size_t)snprintf(buf + len, size - len, "%s%s %d", len ? ", " : "",
                                    pl_failure_kind_label((pl_failure_kind)(PL_FAIL_FIRST_ITEM + i)), f->items[i]);
}

int pl_iou_set_failure(const pl_task *t, const pl_iou_question *q, pl_iou_verdict *v)
{
    const pl_set_comparison *c = &v->cmp;
    pl_failure *f = &v->failure;
    pl_failure_clear(f);
    prog_step step;
    pl_failure_kind *kinds = malloc(((size_t)c->count + 1) * sizeof *kinds);
    if (!kinds || prog_step_init(&step, t, q) < 0) {
        free(kinds);
        return -1;
    }
    for (int i = 0; i < c->count; i++) {
        kinds[i] = item_kind(q->task, &step, &c->items[i]);
        pl_failure_count_item(f, kinds[i], 1);
    }
    free(step.after);
    /* the dominant kind among the items that make the answer wrong */
    pl_failure wrong = *f;
    wrong.items[PL_FAIL_DUPLICATES - PL_FAIL_FIRST_ITEM] = 0;
    pl_failure_kind kind = pl_failure_dominant_item(&wrong);
    pl_failure_count_item(f, PL_FAIL_DUPLICATES, c->n_duplicates);
    char *key = main_head(c, kinds, kind), detail[256];
    free(kinds);
    describe_counts(f, detail, sizeof detail);
    int rc = pl_failure_set(f, kind, key, 0, "%s", detail);
    free(key);
    return rc;
}
