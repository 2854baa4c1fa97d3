#include "iou/set_compare.h"

#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "plans/plan.h"

const char *pl_item_role_name(pl_item_role r)
{
    switch (r) {
    case PL_ITEM_BOTH:
        return "both";
    case PL_ITEM_WRONG:
        return "wrong";
    case PL_ITEM_HALLUCINATED:
        return "hallucinated";
    default:
        return "missed";
    }
}

static bool in_list(char *const *list, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(list[i], s))
            return true;
    return false;
}

static int add_item(pl_set_comparison *c, const char *text, pl_item_role role)
{
    char *copy = pl_strdup(text);
    if (!copy)
        return -1;
    c->items[c->count++] = (pl_set_item){copy, role, NULL};
    return 0;
}

/* Answers and truths are short (tens to hundreds of items): quadratic
 * membership tests are faster than hashing at these sizes. */
int pl_set_compare(char *const *answer, int nanswer, char *const *truth, int ntruth, pl_set_comparison *out)
{
    memset(out, 0, sizeof *out);
    out->items = calloc((size_t)(nanswer + ntruth) + 1, sizeof *out->items);
    if (!out->items)
        return -1;
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < nanswer; i++) {
            if (in_list(answer, i, answer[i])) {
                out->n_duplicates += pass == 0;
                continue;
            }
            bool both = in_list(truth, ntruth, answer[i]);
            if (both == (pass == 0) && add_item(out, answer[i], both ? PL_ITEM_BOTH : PL_ITEM_WRONG) < 0)
                goto oom;
        }
    }
    for (int i = 0; i < ntruth; i++)
        if (!in_list(truth, i, truth[i]) && !in_list(answer, nanswer, truth[i]) &&
            add_item(out, truth[i], PL_ITEM_MISSED) < 0)
            goto oom;
    for (int i = 0; i < out->count; i++) {
        out->n_both += out->items[i].role == PL_ITEM_BOTH;
        out->n_answer_only += out->items[i].role == PL_ITEM_WRONG;
        out->n_missed += out->items[i].role == PL_ITEM_MISSED;
    }
    out->iou = out->count ? (double)out->n_both / out->count : 1.0;
    return 0;
oom:
    pl_set_comparison_free(out);
    return -1;
}

void pl_set_comparison_free(pl_set_comparison *c)
{
    for (int i = 0; i < c->count; i++) {
        free(c->items[i].text);
        free(c->items[i].why);
    }
    free(c->items);
    memset(c, 0, sizeof *c);
}

double pl_action_distance(const pl_set_comparison *c)
{
    return 1.0 - c->iou;
}

static int set_reason(pl_set_item *it, bool hallucinated, const char *why, int *n_hallucinated)
{
    if (hallucinated) {
        it->role = PL_ITEM_HALLUCINATED;
        ++*n_hallucinated;
    }
    if (why && !(it->why = pl_strdup(why)))
        return -1;
    return 0;
}

int pl_set_explain_actions(const pl_task *t, pl_set_comparison *c)
{
    for (int i = 0; i < c->count; i++) {
        pl_set_item *it = &c->items[i];
        if (it->role != PL_ITEM_WRONG)
            continue;
        pl_action_ref ref;
        pl_ref_status st = pl_resolve_action(t, it->text, &ref);
        bool exists = st == PL_REF_OK || st == PL_REF_STATICALLY_FALSE || st == PL_REF_UNREACHABLE;
        int rc = set_reason(it, !exists, ref.detail, &c->n_hallucinated);
        pl_action_ref_clear(&ref);
        if (rc < 0)
            return -1;
    }
    return 0;
}

int pl_set_explain_atoms(const pl_task *t, pl_set_comparison *c)
{
    for (int i = 0; i < c->count; i++) {
        pl_set_item *it = &c->items[i];
        if (it->role != PL_ITEM_WRONG)
            continue;
        pl_atom_ref ref;
        pl_atom_status st = pl_resolve_atom_ref(t, it->text, &ref);
        bool exists = st == PL_ATOM_FLUENT || st == PL_ATOM_UNREACHABLE || st == PL_ATOM_STATIC_TRUE ||
                      st == PL_ATOM_STATIC_FALSE || st == PL_ATOM_TYPE_TRUE || st == PL_ATOM_TYPE_FALSE;
        int rc = set_reason(it, !exists, ref.detail, &c->n_hallucinated);
        pl_atom_ref_clear(&ref);
        if (rc < 0)
            return -1;
    }
    return 0;
}

/* Replaces a wrong item's reason (none yet: it names something of the task). */
static int give_reason(pl_set_item *it, char *why)
{
    if (!why)
        return -1;
    free(it->why);
    it->why = why;
    return 0;
}

static char *join_unmet(char **unmet, int n)
{
    size_t len = 32;
    for (int i = 0; i < n; i++)
        len += strlen(unmet[i]) + 2;
    char *out = malloc(len);
    if (!out)
        return NULL;
    strcpy(out, n ? "not applicable here: false " : "not applicable here");
    for (int i = 0; i < n; i++) {
        if (i)
            strcat(out, ", ");
        strcat(out, unmet[i]);
    }
    return out;
}

int pl_set_explain_applicable(const pl_task *t, const uint64_t *state, pl_set_comparison *c)
{
    if (pl_set_explain_actions(t, c) < 0)
        return -1;
    for (int i = 0; i < c->count; i++) {
        pl_set_item *it = &c->items[i];
        if (it->role != PL_ITEM_WRONG || it->why)
            continue;
        pl_action_ref ref;
        pl_resolve_action(t, it->text, &ref);
        int rc = 0;
        if (ref.schema >= 0 && ref.args) {
            char **unmet = NULL;
            int n = pl_explain_unmet(t, ref.schema, ref.args, state, &unmet);
            rc = n < 0 ? -1 : give_reason(it, join_unmet(unmet, n));
            if (n > 0)
                pl_strings_free(unmet, n);
        }
        pl_action_ref_clear(&ref);
        if (rc < 0)
            return -1;
    }
    return 0;
}

int pl_set_explain_effects(const pl_task *t, const uint64_t *before, bool positive, pl_set_comparison *c)
{
    if (pl_set_explain_atoms(t, c) < 0)
        return -1;
    for (int i = 0; i < c->count; i++) {
        pl_set_item *it = &c->items[i];
        if (it->role != PL_ITEM_WRONG || it->why)
            continue;
        pl_atom_ref ref;
        pl_resolve_atom_ref(t, it->text, &ref);
        int rc = 0;
        if (ref.status == PL_ATOM_FLUENT) {
            bool was = pl_state_has(before, ref.atom);
            const char *why = positive ? (was ? "already true before the step: not a change" : "stays false: the step does not add it")
                                       : (was ? "stays true: the step does not delete it" : "already false before the step: not a change");
            rc = give_reason(it, pl_strdup(why));
        }
        pl_atom_ref_clear(&ref);
        if (rc < 0)
            return -1;
    }
    return 0;
}
