/* Audit of progression labels: the positive and negative effects of the
 * question's action in the question's state.  The question names its action
 * in words ("debark car c2 to location l1 from the ferry"), so the action is
 * the applicable action whose arguments are exactly the objects the words
 * name (ties broken by the parts of the action's name the words spell); when
 * no action or several with different effects fit, every label of the
 * question is unknown. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpbench/audit_internal.h"

/* The lower-cased words of `text` (letters, digits, '-', '_'), as one
 * allocation: a NULL-terminated array followed by the strings. */
static char **words_of(const char *text)
{
    size_t len = strlen(text), n = 1;
    for (size_t i = 0; i < len; i++)
        n += !isalnum((unsigned char)text[i]) && text[i] != '-' && text[i] != '_';
    char **words = malloc((n + 1) * sizeof *words + len + 1);
    if (!words)
        return NULL;
    char *buf = (char *)(words + n + 1);
    size_t k = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        buf[i] = isalnum(c) || c == '-' || c == '_' ? (char)tolower(c) : '\0';
    }
    buf[len] = '\0';
    for (size_t i = 0; i < len; i++)
        if (buf[i] && (i == 0 || !buf[i - 1]))
            words[k++] = buf + i;
    words[k] = NULL;
    return words;
}

/* `w` (n characters, any case) is one of the (lower-case) words. */
static bool has_word(char *const *words, const char *w, size_t n)
{
    for (int i = 0; words[i]; i++) {
        size_t k = 0;
        while (k < n && words[i][k] == tolower((unsigned char)w[k]))
            k++;
        if (k == n && !words[i][n])
            return true;
    }
    return false;
}

static bool is_argument(const pl_gaction *a, int obj, int arity)
{
    for (int i = 0; i < arity; i++)
        if (a->args[i] == obj)
            return true;
    return false;
}

/* The objects the words name are exactly the action's arguments. */
static bool names_arguments(const pl_task *t, const pl_gaction *a, char *const *words)
{
    int arity = t->domain->actions[a->schema].nparams;
    for (int i = 0; words[i]; i++) {
        int obj = pl_task_find_object(t, words[i]);
        if (obj >= 0 && !is_argument(a, obj, arity))
            return false;
    }
    for (int i = 0; i < arity; i++) {
        const char *name = t->problem->objects[a->args[i]].name;
        if (!has_word(words, name, strlen(name)))
            return false;
    }
    return true;
}

/* The '-' or '_' separated parts of the action's name that are not words. */
static int unnamed_parts(const pl_task *t, const pl_gaction *a, char *const *words)
{
    int missing = 0;
    for (const char *p = t->domain->actions[a->schema].name; *p;) {
        size_t n = strcspn(p, "-_");
        missing += n && !has_word(words, p, n);
        p += n + (p[n] != '\0');
    }
    return missing;
}

/* The applicable action the words describe: of those whose arguments are the
 * objects named, the ones whose name the words spell best.  Several left
 * (swap a b vs swap b a) are fine when they lead to the same state.  -1 when
 * none fits or the candidates differ. */
static int described_action(const pl_task *t, const char *words_text)
{
    char **words = words_of(words_text);
    int *app = malloc(((size_t)t->nactions + 1) * sizeof *app);
    uint64_t *first = pl_state_new(t), *other = pl_state_new(t);
    int n = words && app && first && other ? pl_task_applicable_actions(t, t->init, app) : 0;
    int best = -1, fits = 0, fewest = 0;
    for (int i = 0; i < n; i++) {
        if (!names_arguments(t, &t->actions[app[i]], words))
            continue;
        int missing = unnamed_parts(t, &t->actions[app[i]], words);
        if (best < 0 || missing < fewest) {
            best = app[i], fewest = missing, fits = 0;
            pl_task_apply(t, best, t->init, first);
        }
        if (missing == fewest) {
            pl_task_apply(t, app[i], t->init, other);
            fits += memcmp(first, other, (size_t)t->words * sizeof *first) != 0;
        }
    }
    free(other);
    free(first);
    free(app);
    free(words);
    return fits ? -1 : best;
}

static const char *truth(bool before, bool after)
{
    return before ? (after ? "true before and after the action" : "true before the action and false after")
                  : (after ? "false before the action and true after" : "false before and after the action");
}

/* One stored list (pos or neg) against the real effects. */
static int audit_list(const pl_task *t, const cJSON *list, bool pos, const char *action, const uint64_t *next,
                      bool *listed, pl_audit_result *r)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, list) {
        if (!cJSON_IsString(it))
            continue;
        r->checked++;
        pl_atom_ref ref;
        pl_resolve_atom_ref(t, it->valuestring, &ref);
        char *proof = NULL;
        if (ref.status != PL_ATOM_FLUENT) {
            /* static, never true, or no atom at all: no action changes it */
            proof = pl_strdup_printf("not an effect of %s: %s", action, ref.detail ? ref.detail : "not an atom");
        } else {
            bool before = pl_state_has(t->init, ref.atom), after = pl_state_has(next, ref.atom);
            if (before != pos && after == pos)
                listed[ref.atom] = true;
            else
                proof = pl_strdup_printf("not a %s effect of %s: %s", pos ? "positive" : "negative", action,
                                         truth(before, after));
        }
        pl_atom_ref_clear(&ref);
        if (proof && pl_audit_add(r, it->valuestring, pos ? "positive effect" : "negative effect", proof) < 0)
            return -1;
    }
    return 0;
}

int pl_audit_prog(const pl_task *t, const pl_acp_question *q, pl_audit_result *r)
{
    const cJSON *lists[2] = {cJSON_GetObjectItemCaseSensitive(q->answer, "pos"),
                             cJSON_GetObjectItemCaseSensitive(q->answer, "neg")};
    char *words = pl_audit_quoted(q->question);
    int action = words ? described_action(t, words) : -1;
    free(words);
    if (action < 0) {
        int n = cJSON_GetArraySize(lists[0]) + cJSON_GetArraySize(lists[1]);
        r->checked += n;
        r->unknown += n;
        return 0;
    }
    uint64_t *next = pl_state_new(t);
    bool *listed = calloc((size_t)t->natoms + 1, sizeof *listed);
    int rc = next && listed ? 0 : -1;
    if (!rc)
        pl_task_apply(t, action, t->init, next);
    const char *name = t->actions[action].name;
    for (int k = 0; k < 2 && !rc; k++)
        rc = audit_list(t, lists[k], k == 0, name, next, listed, r);
    /* real effects the stored lists leave out */
    for (int a = 0; a < t->natoms && !rc; a++) {
        bool before = pl_state_has(t->init, a), after = pl_state_has(next, a);
        if (before != after && !listed[a])
            rc = pl_audit_add(r, t->atoms[a].name, after ? "not a positive effect (left out)"
                                                         : "not a negative effect (left out)",
                              pl_strdup_printf("an effect of %s: %s", name, truth(before, after)));
    }
    free(listed);
    free(next);
    return rc;
}
