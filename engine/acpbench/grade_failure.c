/* Failure modes of the set answers (app, prog): every item of the answer and
 * of the truth counted by what is wrong with it, the dominant kind keyed by
 * the schema or predicate most involved; and the helpers the single-answer
 * tasks share (grade_failure_single.c). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpbench/grade_internal.h"

char *acp_head(const char *text)
{
    const char *s = text;
    while (*s == ' ' || *s == '(' || *s == '[' || *s == '*')
        s++;
    size_t n = strcspn(s, " \t\n(),[]*");
    char *head = pl_strndup(n ? s : "?", n ? n : 1);
    for (char *c = head; c && *c; c++)
        *c = (*c >= 'A' && *c <= 'Z') ? (char)(*c - 'A' + 'a') : *c;
    return head;
}

void acp_fail_named(pl_failure *f, pl_failure_kind k, const char *text, int step, const char *fmt, ...)
{
    char *key = text ? acp_head(text) : NULL;
    pl_failure_set(f, k, key, step, NULL);
    free(key);
    if (fmt) {
        va_list ap;
        va_start(ap, fmt);
        f->detail = pl_strdup_vprintf(fmt, ap);
        va_end(ap);
    }
}

/* Does every argument of "(name a b)" name an object of the task? */
static bool arguments_exist(const pl_task *t, const char *text)
{
    const char *s = text + strspn(text, " (");
    s += strcspn(s, " \t(),"); /* the schema or predicate */
    bool all = true;
    while (all && *(s += strspn(s, " \t(),"))) {
        size_t n = strcspn(s, " \t(),");
        char *name = pl_strndup(s, n), *lower = name ? acp_lower(name) : NULL;
        all = lower && pl_task_find_object(t, lower) >= 0;
        free(name);
        free(lower);
        s += n;
    }
    return all;
}

pl_failure_kind acp_action_name_kind(const pl_task *t, const char *text, const pl_action_ref *r)
{
    bool typed = r->status == PL_REF_TYPE_MISMATCH;
    bool arity = r->status == PL_REF_WRONG_ARITY || (r->surplus && r->status != PL_REF_UNKNOWN_ACTION &&
                                                     r->status != PL_REF_UNKNOWN_OBJECT && r->status != PL_REF_MALFORMED);
    if ((typed || arity) && arguments_exist(t, text))
        return typed ? PL_FAIL_TYPE_MISMATCH : PL_FAIL_WRONG_ARITY;
    return PL_FAIL_UNKNOWN_NAME;
}

pl_failure_kind acp_atom_name_kind(const pl_task *t, const char *text, pl_atom_status st)
{
    bool typed = st == PL_ATOM_TYPE_MISMATCH || st == PL_ATOM_TYPE_FALSE;
    if ((typed || st == PL_ATOM_WRONG_ARITY) && arguments_exist(t, text))
        return typed ? PL_FAIL_TYPE_MISMATCH : PL_FAIL_WRONG_ARITY;
    return PL_FAIL_UNKNOWN_NAME;
}

/* ---- the tally of one answer's items ---- */

typedef struct {
    pl_failure_kind kind;
    char *key; /* the item's schema or predicate; NULL when out of memory */
} tally_item;

typedef struct {
    tally_item *items;
    int n, cap;
} tally;

static void tally_add(tally *t, pl_failure *f, pl_failure_kind kind, const char *text)
{
    pl_failure_count_item(f, kind, 1);
    if (t->n == t->cap) {
        int cap = t->cap ? 2 * t->cap : 16;
        tally_item *items = realloc(t->items, (size_t)cap * sizeof *items);
        if (!items)
            return; /* counted, not keyed */
        t->items = items;
        t->cap = cap;
    }
    t->items[t->n++] = (tally_item){kind, acp_head(text)};
}

/* The key the most items of `kind` share (ties: the first seen): counted
 * per distinct key through an index of the keys, linear in the items. */
static const char *tally_key(const tally *t, pl_failure_kind kind)
{
    char **keys = malloc(((size_t)t->n + 1) * sizeof *keys);
    int n = 0;
    for (int i = 0; keys && i < t->n; i++)
        if (t->items[i].kind == kind && t->items[i].key)
            keys[n++] = t->items[i].key;
    acp_index x;
    int *count = keys ? calloc((size_t)n + 1, sizeof *count) : NULL;
    if (!count || acp_index_build(&x, keys, n) < 0) {
        free(count);
        free(keys);
        return NULL; /* out of memory: the failure goes without a key */
    }
    for (int i = 0; i < n; i++)
        count[x.first[i]]++;
    const char *best = NULL;
    int best_n = 0;
    for (int i = 0; i < n; i++)
        if (count[i] > best_n)
            best = keys[i], best_n = count[i];
    acp_index_free(&x);
    free(count);
    free(keys);
    return best;
}

/* Sets the dominant kind, its key and "2 not applicable, 1 missed".  An
 * item listed twice never makes a set answer wrong (sets ignore repeats):
 * duplicates are counted, but dominate only when nothing else is wrong. */
static void tally_finish(tally *t, pl_failure *f)
{
    static const char *const noun[PL_FAIL_NITEMS] = {"not applicable", "not an effect", "not in the state",
                                                     "with the wrong sign", "unknown", "ill-typed",
                                                     "with the wrong arity", "listed twice", "missed"};
    pl_failure without = {0};
    memcpy(without.items, f->items, sizeof without.items);
    without.items[PL_FAIL_DUPLICATES - PL_FAIL_FIRST_ITEM] = 0;
    pl_failure_kind kind = pl_failure_dominant_item(&without);
    if (kind == PL_FAIL_NONE)
        kind = pl_failure_dominant_item(f);
    char detail[256] = "";
    size_t len = 0;
    for (int i = 0; i < PL_FAIL_NITEMS && len < sizeof detail; i++)
        if (f->items[i])
            len += (size_t)snprintf(detail + len, sizeof detail - len, "%s%d %s", len ? ", " : "", f->items[i],
                                    noun[i]);
    if (kind == PL_FAIL_NONE)
        pl_failure_set(f, PL_FAIL_OTHER, NULL, 0, "the sets differ"); /* a wrong set has a wrong item: a guard */
    else
        pl_failure_set(f, kind, tally_key(t, kind), 0, "%s", detail);
    for (int i = 0; i < t->n; i++)
        free(t->items[i].key);
    free(t->items);
}

static bool has(const acp_index *l, const char *x)
{
    return acp_index_find(l, x) >= 0;
}

/* Is item i a repeat of an earlier one? */
static bool repeated(const acp_index *l, int i)
{
    return l->first[i] != i;
}

/* ---- app ---- */

/* What an answer item that is not applicable names: an action of the task
 * (not applicable in the question state) or nothing of the task. */
static pl_failure_kind action_item_kind(const pl_task *t, const char *text)
{
    if (!t)
        return PL_FAIL_NOT_APPLICABLE;
    pl_action_ref r;
    pl_ref_status st = pl_resolve_action(t, text, &r);
    bool named = r.surplus == 0 && (st == PL_REF_STATICALLY_FALSE || st == PL_REF_UNREACHABLE ||
                                    (st == PL_REF_OK && !pl_task_applicable(t, r.action, t->init)));
    pl_failure_kind k = named ? PL_FAIL_NOT_APPLICABLE : acp_action_name_kind(t, text, &r);
    pl_action_ref_clear(&r);
    return k;
}

void acp_fail_app(const pl_task *t, const acp_index *answer, const acp_index *truth, pl_failure *f)
{
    tally tl = {0};
    for (int i = 0; i < answer->n; i++) {
        if (repeated(answer, i))
            tally_add(&tl, f, PL_FAIL_DUPLICATES, answer->items[i]);
        else if (!has(truth, answer->items[i]))
            tally_add(&tl, f, action_item_kind(t, answer->items[i]), answer->items[i]);
    }
    for (int i = 0; i < truth->n; i++)
        if (!repeated(truth, i) && !has(answer, truth->items[i]))
            tally_add(&tl, f, PL_FAIL_MISSED_ITEMS, truth->items[i]);
    tally_finish(&tl, f);
}

/* ---- prog ---- */

/* A fact listed that is no effect: a fact of the task, or no fact of it. */
static pl_failure_kind atom_item_kind(const pl_task *t, const char *text)
{
    if (!t)
        return PL_FAIL_NOT_AN_EFFECT;
    pl_atom_ref r;
    pl_atom_status st = pl_resolve_atom_ref(t, text, &r);
    pl_atom_ref_clear(&r);
    return st == PL_ATOM_MALFORMED || st == PL_ATOM_UNKNOWN_PREDICATE || st == PL_ATOM_WRONG_ARITY ||
                   st == PL_ATOM_UNKNOWN_OBJECT || st == PL_ATOM_TYPE_MISMATCH || st == PL_ATOM_TYPE_FALSE
               ? acp_atom_name_kind(t, text, st)
               : PL_FAIL_NOT_AN_EFFECT;
}

/* One list of the answer against its own truth and the other sign's. */
static void prog_side(const pl_task *t, const acp_index *ans, const acp_index *other_ans, const acp_index *own,
                      const acp_index *other, tally *tl, pl_failure *f)
{
    for (int i = 0; i < ans->n; i++) {
        const char *x = ans->items[i];
        if (repeated(ans, i))
            tally_add(tl, f, PL_FAIL_DUPLICATES, x);
        else if (!has(own, x))
            tally_add(tl, f, has(other, x) ? PL_FAIL_WRONG_SIGN : atom_item_kind(t, x), x);
    }
    /* an effect listed under the other sign is counted once, as a wrong sign */
    for (int i = 0; i < own->n; i++)
        if (!repeated(own, i) && !has(ans, own->items[i]) && !has(other_ans, own->items[i]))
            tally_add(tl, f, PL_FAIL_MISSED_ITEMS, own->items[i]);
}

void acp_fail_prog(const pl_task *t, const acp_index *pos, const acp_index *neg, const acp_index *truth_pos,
                   const acp_index *truth_neg, pl_failure *f)
{
    tally tl = {0};
    prog_side(t, pos, neg, truth_pos, truth_neg, &tl, f);
    prog_side(t, neg, pos, truth_neg, truth_pos, &tl, f);
    tally_finish(&tl, f);
}
