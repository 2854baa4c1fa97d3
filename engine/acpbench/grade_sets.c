/* Grading of the answers checked against stored sets and values: app, prog,
 * val, land. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpbench/grade_internal.h"

/* A set of owned strings, kept in the order given (repeats too), and its
 * index (built by strset_index once every item is in). */
typedef struct {
    char **items;
    int n, cap;
    acp_index index;
} strset;

static void strset_free(strset *s)
{
    for (int i = 0; i < s->n; i++)
        free(s->items[i]);
    free(s->items);
    acp_index_free(&s->index);
    *s = (strset){0};
}

static int strset_add(strset *s, const char *text, const char *prefix)
{
    if (s->n == s->cap) {
        int cap = s->cap ? 2 * s->cap : 16;
        char **items = realloc(s->items, (size_t)cap * sizeof *items);
        if (!items)
            return -1;
        s->items = items;
        s->cap = cap;
    }
    char *lower = acp_lower(text);
    char *item = lower && prefix ? pl_strdup_printf("%s%s", prefix, lower) : lower;
    if (item != lower)
        free(lower);
    if (!item)
        return -1;
    s->items[s->n++] = item;
    return 0;
}

/* Adds the lower-cased strings of a JSON list (each prefixed when prefix != NULL). */
static int strset_add_json(strset *s, const cJSON *list, const char *prefix)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, list)
    {
        if (cJSON_IsString(it) && strset_add(s, it->valuestring, prefix) < 0)
            return -1;
    }
    return 0;
}

/* Adds the answer's items; -1 when out of memory or cancelled. */
static int strset_add_all(const pl_acp_grader *g, strset *s, char *const *items, int n, const char *prefix)
{
    for (int i = 0; i < n; i++)
        if ((i % ACP_CANCEL_EVERY == 0 && acp_cancelled(g)) || strset_add(s, items[i], prefix) < 0)
            return -1;
    return 0;
}

/* Indexes every set given (a NULL ends the list).  Returns 0 or -1 when out
 * of memory. */
static int strset_index(strset *s, ...)
{
    va_list ap;
    va_start(ap, s);
    int rc = 0;
    for (; s && rc == 0; s = va_arg(ap, strset *))
        rc = acp_index_build(&s->index, s->items, s->n);
    va_end(ap);
    return rc;
}

/* Is every text of a in b? */
static bool strset_within(const strset *a, const strset *b)
{
    for (int i = 0; i < a->n; i++)
        if (a->index.first[i] == i && acp_index_find(&b->index, a->items[i]) < 0)
            return false;
    return true;
}

/* Python set(a) == set(b). */
static bool strset_equal(const strset *a, const strset *b)
{
    return strset_within(a, b) && strset_within(b, a);
}

/* ---- app ---- */

/* The applicable actions of the question state, by simulation. */
static int applicable_set(const pl_task *t, strset *out)
{
    int *acts = malloc(((size_t)t->nactions + 1) * sizeof *acts);
    if (!acts)
        return -1;
    int n = pl_task_applicable_actions(t, t->init, acts);
    int rc = 0;
    for (int i = 0; i < n && rc == 0; i++)
        rc = strset_add(out, t->actions[acts[i]].name, NULL);
    free(acts);
    return rc;
}

int acp_grade_app(pl_acp_grader *g, const pl_acp_question *q, const pl_acp_parsed *p, pl_acp_verdict *v)
{
    strset answer = {0}, stored = {0}, truth = {0};
    int rc = -1;
    if (strset_add_all(g, &answer, p->items, p->count[0], NULL) < 0 || strset_add_json(&stored, q->answer, NULL) < 0 ||
        strset_index(&answer, &stored, NULL) < 0)
        goto done;
    v->score = strset_equal(&answer, &stored);
    v->path = v->score ? "set-equal" : "set-mismatch";
    v->has_iou = true;
    v->iou = acp_jaccard(&answer.index, &stored.index);
    v->sound_score = v->score;
    acp_question_cache *c = g->opts.sound ? acp_task_for(g, q, v) : NULL;
    if (c) {
        if (applicable_set(c->lt.task, &truth) < 0 || strset_index(&truth, NULL) < 0)
            goto done;
        v->sound_score = strset_equal(&answer, &truth);
        if (v->sound_score != v->score)
            acp_reason(v, "the stored answer is not the set of applicable actions computed by simulation (%d "
                          "stored, %d applicable)", stored.n, truth.n);
    }
    if (!v->sound_score)
        acp_fail_app(c ? c->lt.task : NULL, &answer.index, c ? &truth.index : &stored.index, &v->failure);
    rc = 0;
done:
    strset_free(&answer);
    strset_free(&stored);
    strset_free(&truth);
    return rc;
}

/* ---- prog ---- */

int acp_grade_prog(pl_acp_grader *g, const pl_acp_question *q, const pl_acp_parsed *p, pl_acp_verdict *v)
{
    const cJSON *pos = cJSON_GetObjectItemCaseSensitive(q->answer, "pos");
    const cJSON *neg = cJSON_GetObjectItemCaseSensitive(q->answer, "neg");
    strset ans_pos = {0}, ans_neg = {0}, st_pos = {0}, st_neg = {0}, signed_ans = {0}, signed_st = {0};
    int rc = -1;
    char *const *first = p->items, *const *second = p->items + p->count[0];
    int nsecond = p->nlists == 2 ? p->count[1] : 0;
    if (strset_add_all(g, &ans_pos, first, p->count[0], NULL) < 0 ||
        strset_add_all(g, &ans_neg, second, nsecond, NULL) < 0 || strset_add_json(&st_pos, pos, NULL) < 0 || strset_add_json(&st_neg, neg, NULL) < 0 ||
        strset_add_all(g, &signed_ans, first, p->count[0], "+") < 0 ||
        strset_add_all(g, &signed_ans, second, nsecond, "-") < 0 || strset_add_json(&signed_st, pos, "+") < 0 ||
        strset_add_json(&signed_st, neg, "-") < 0 || strset_index(&ans_pos, &ans_neg, &st_pos, &st_neg, NULL) < 0)
        goto done;
    v->score = strset_equal(&ans_pos, &st_pos) && strset_equal(&ans_neg, &st_neg);
    v->path = v->score ? "set-equal" : "set-mismatch";
    v->sound_score = v->score;
    if (p->nlists == 1) {
        /* One list after a successful parse means two identical lists: the
         * official visitor dropped the second. */
        v->sound_score = strset_equal(&ans_pos, &st_pos) && strset_equal(&ans_pos, &st_neg);
        if (v->sound_score != v->score)
            acp_reason(v, "the answer gave the same list twice; the official parser kept one and read the negative "
                          "effects as empty");
        if (strset_add_all(g, &signed_ans, first, p->count[0], "-") < 0)
            goto done;
    }
    if (strset_index(&signed_ans, &signed_st, NULL) < 0)
        goto done;
    v->has_iou = true;
    v->iou = acp_jaccard(&signed_ans.index, &signed_st.index);
    if (!v->sound_score) /* one list stands for both when the answer gave the same list twice */
        acp_fail_prog(acp_task_if_loads(g, q), &ans_pos.index, p->nlists == 1 ? &ans_pos.index : &ans_neg.index,
                      &st_pos.index, &st_neg.index, &v->failure);
    rc = 0;
done:
    strset_free(&ans_pos);
    strset_free(&ans_neg);
    strset_free(&st_pos);
    strset_free(&st_neg);
    strset_free(&signed_ans);
    strset_free(&signed_st);
    return rc;
}

/* ---- val ---- */

static bool is_name_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '-';
}

/* The integer standing alone at s[i], with its sign: not part of a name
 * such as l0, block_19 or f3-2f.  False when there is none. */
static bool standalone_int_at(const char *s, size_t i, long *value)
{
    size_t j = i + (s[i] == '-');
    if (!isdigit((unsigned char)s[j]) || (i > 0 && is_name_char(s[i - 1])))
        return false;
    while (isdigit((unsigned char)s[j]))
        j++;
    if (isalpha((unsigned char)s[j]) || s[j] == '_')
        return false;
    *value = strtol(s + i, NULL, 10);
    return true;
}

static bool keyword_at(const char *s, size_t i, const char *kw)
{
    size_t n = strlen(kw);
    for (size_t k = 0; k < n; k++)
        if (tolower((unsigned char)s[i + k]) != kw[k])
            return false;
    return i == 0 || !isalpha((unsigned char)s[i - 1]);
}

/* The index a reader takes from the answer: the integer right after the
 * last "index" or "answer" (skipping ':', '*', blanks and "is"); otherwise
 * the first integer that stands alone. */
static bool sound_index(const char *s, long *out)
{
    bool found = false;
    for (size_t i = 0; s[i]; i++) {
        size_t kw = keyword_at(s, i, "index") ? 5 : keyword_at(s, i, "answer") ? 6 : 0;
        if (!kw)
            continue;
        size_t j = i + kw;
        while (s[j] && (s[j] == ':' || s[j] == '*' || isspace((unsigned char)s[j])))
            j++;
        if (keyword_at(s, j, "is "))
            j += 3;
        while (s[j] && (s[j] == ':' || s[j] == '*' || isspace((unsigned char)s[j])))
            j++;
        long val;
        if (standalone_int_at(s, j, &val)) {
            *out = val;
            found = true;
        }
    }
    if (found)
        return true;
    for (size_t i = 0; s[i]; i++)
        if (standalone_int_at(s, i, out))
            return true;
    return false;
}

int acp_grade_val(pl_acp_grader *g, const pl_acp_question *q, const pl_acp_parsed *p, const char *response,
                  pl_acp_verdict *v)
{
    (void)g;
    char want[32];
    if (cJSON_IsNumber(q->answer))
        snprintf(want, sizeof want, "%d", q->answer->valueint);
    else
        snprintf(want, sizeof want, "%s", cJSON_IsString(q->answer) ? q->answer->valuestring : "None");
    v->score = !strcmp(p->items[0], want);
    v->path = v->score ? "index-match" : "index-mismatch";
    long index = 0;
    bool have = sound_index(response, &index);
    v->sound_score = have && index == strtol(want, NULL, 10);
    if (!v->sound_score)
        acp_fail_val(have, index, isdigit((unsigned char)want[want[0] == '-']), strtol(want, NULL, 10),
                     &v->failure);
    if (v->sound_score != v->score)
        acp_reason(v, v->sound_score ? "the answer names index %ld; the official parser took the first digits in "
                                       "the text ('%s')"
                                     : "the answer names index %ld, not %s; the official parser took '%s'",
                   have ? index : -1L, v->sound_score ? p->items[0] : want, p->items[0]);
    return 0;
}

/* ---- land ---- */

static bool goal_has_atom(const pl_task *t, int cond, int atom)
{
    if (cond < 0)
        return false;
    const pl_gnode *n = &t->gnodes[cond];
    if (n->kind == PL_G_LIT)
        return !n->neg && n->atom == atom;
    if (n->kind != PL_G_AND)
        return false;
    for (int i = 0; i < n->count; i++)
        if (goal_has_atom(t, t->gkids[n->first + i], atom))
            return true;
    return false;
}

/* Is the fact a non-trivial landmark (not true now, not a goal)?  When not,
 * *kind says why as a failure mode. */
static pl_answer land_truth(acp_question_cache *c, const pl_limits *lim, const char *fact, const char **why,
                            pl_failure_kind *kind)
{
    const pl_task *t = c->lt.task;
    pl_atom_ref r;
    pl_atom_status st = pl_resolve_atom_ref(t, fact, &r);
    int atom = r.atom;
    pl_atom_ref_clear(&r);
    if (st != PL_ATOM_FLUENT) {
        bool holds = st == PL_ATOM_STATIC_TRUE || st == PL_ATOM_TYPE_TRUE;
        bool never = st == PL_ATOM_UNREACHABLE || st == PL_ATOM_STATIC_FALSE;
        *why = holds ? "it holds in the initial state" : never ? "it never holds in a reachable state"
                                                               : "it is not a fact of this problem";
        *kind = holds ? PL_FAIL_STATIC_OR_INITIAL : never ? PL_FAIL_NOT_A_LANDMARK : acp_atom_name_kind(t, fact, st);
        return PL_NO;
    }
    *kind = PL_FAIL_STATIC_OR_INITIAL;
    if (pl_state_has(t->init, atom)) {
        *why = "it holds in the initial state (a trivial landmark)";
        return PL_NO;
    }
    if (goal_has_atom(t, t->goal, atom)) {
        *why = "it is a goal (a trivial landmark)";
        return PL_NO;
    }
    *kind = PL_FAIL_NOT_A_LANDMARK;
    pl_landmark_checker *lc = acp_cache_landmarks(c, lim);
    if (!lc)
        return PL_UNKNOWN;
    pl_answer a = pl_landmark_checker_test(lc, atom, NULL);
    *why = a == PL_YES ? "every plan makes it true (proven)" : a == PL_NO ? "a plan avoids it" : "undecided";
    return a;
}

/* None is right when no fact is a non-trivial landmark: every atom of the
 * task is tested as an answer naming it would be (the atoms the grounding
 * dropped never hold, so they are no landmarks). */
pl_answer acp_land_none(acp_question_cache *c, double deadline, char **witness)
{
    const pl_task *t = c->lt.task;
    pl_answer all = PL_YES;
    *witness = NULL;
    for (int a = 0; a < t->natoms; a++) {
        double left = deadline - acp_thread_cpu_seconds();
        if (left <= 0)
            return PL_UNKNOWN;
        pl_limits lim = acp_limits(left);
        const char *why;
        pl_failure_kind kind;
        pl_answer is = land_truth(c, &lim, t->atoms[a].name, &why, &kind);
        if (is == PL_YES) {
            *witness = pl_strdup(t->atoms[a].name);
            return *witness ? PL_NO : PL_UNKNOWN;
        }
        if (is == PL_UNKNOWN)
            all = PL_UNKNOWN;
    }
    return all;
}

/* Why a land answer is wrong: the sound check's kind, or the official
 * rule's when it did not decide (truth UNKNOWN). */
static void land_failure(const char *x, bool is_none, pl_answer truth, pl_failure_kind kind, const char *why,
                         pl_acp_verdict *v)
{
    if (is_none)
        pl_failure_set(&v->failure, PL_FAIL_NONE_BUT_EXISTS, NULL, 0, "a stored fact is a landmark");
    else if (truth == PL_NO)
        acp_fail_named(&v->failure, kind, x, 0, "%s: %s", x, why);
    else
        acp_fail_named(&v->failure, PL_FAIL_NOT_A_LANDMARK, x, 0,
                       "%s: undecided by the sound check; not among the stored landmarks", x);
}

int acp_grade_land(pl_acp_grader *g, const pl_acp_question *q, const pl_acp_parsed *p, pl_acp_verdict *v)
{
    const cJSON *yes = cJSON_GetObjectItemCaseSensitive(q->answer, "yes");
    char *x = acp_lower(p->items[0]);
    if (!x)
        return -1;
    bool is_none = !strcmp(x, "none");
    if (acp_in_list_lower(yes, x)) {
        v->score = 1;
        v->path = "stored-yes";
    } else if (is_none) {
        v->score = cJSON_GetArraySize(yes) == 0;
        v->path = v->score ? "none-correct" : "none-but-landmarks-exist";
    } else {
        v->score = 0;
        v->path = "not-a-known-landmark";
    }
    v->sound_score = v->score;
    acp_question_cache *c = g->opts.sound ? acp_task_for(g, q, v) : NULL;
    if (!c) {
        if (!v->sound_score)
            land_failure(x, is_none, PL_UNKNOWN, PL_FAIL_NONE, NULL, v);
        free(x);
        return 0;
    }
    pl_limits lim = acp_limits(g->opts.sound_seconds);
    const char *why = "undecided";
    pl_failure_kind kind = PL_FAIL_NONE;
    if (is_none) {
        acp_sound_none(c, PL_ACP_LAND, g->opts.sound_seconds, v);
        if (!v->sound_score) {
            land_failure(x, is_none, c->none_truth, kind, why, v);
            acp_none_failure(c, PL_ACP_LAND, v);
        }
        free(x);
        return 0;
    }
    pl_answer truth = land_truth(c, &lim, x, &why, &kind);
    if (truth != PL_UNKNOWN)
        v->sound_score = truth == PL_YES;
    if (v->sound_score != v->score)
        acp_reason(v, "%s: %s%s", x, why, v->sound_score ? " — the stored answer lists it as no landmark" : "");
    if (!v->sound_score)
        land_failure(x, is_none, truth, kind, why, v);
    free(x);
    return 0;
}
