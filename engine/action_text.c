/* Text to ground actions and atoms: (name a b), name(a, b), name a b. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"

const char *pl_ref_status_name(pl_ref_status s)
{
    static const char *const names[] = {"ok", "malformed", "unknown-action", "wrong-arity",
                                        "unknown-object", "type-mismatch", "statically-false",
                                        "unreachable"};
    return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "?";
}

/* Splits action/atom text into lower-cased words: words[0] is the name.
 * Returns the word count, or -1 when the text is not one action. */
static int split_words(const char *text, char ***words_out, int *stray)
{
    const char *s = text;
    while (isspace((unsigned char)*s))
        s++;
    size_t len = strlen(s);
    while (len && isspace((unsigned char)s[len - 1]))
        len--;
    /* "(a b))": LLM plans often carry one ')' too many; read the action and
     * report the stray parentheses instead of rejecting it. */
    *stray = 0;
    while (len > 1 && s[len - 1] == ')' && s[len - 2] == ')' && memchr(s, '(', len) == s) {
        int depth = 0;
        for (size_t i = 0; i < len - 1; i++)
            depth += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
        if (depth != 0)
            break;
        len--;
        (*stray)++;
        while (len && isspace((unsigned char)s[len - 1]))
            len--;
    }
    int opens = 0, closes = 0;
    for (size_t i = 0; i < len; i++) {
        opens += s[i] == '(';
        closes += s[i] == ')';
    }
    /* Accepted shapes: "(…)" with no inner parentheses, "name(…)", or none. */
    if (opens != closes || opens > 1)
        return -1;
    if (opens == 1) {
        const char *o = memchr(s, '(', len);
        if (s[len - 1] != ')')
            return -1;
        if (o != s) {
            for (const char *q = s; q < o; q++) /* name(args): the name is one word */
                if (isspace((unsigned char)*q))
                    return -1;
        }
    }
    char **words = calloc(len / 2 + 2, sizeof *words);
    if (!words)
        return -1;
    int n = 0;
    size_t i = 0;
    while (i < len) {
        unsigned char c = (unsigned char)s[i];
        if (isspace(c) || c == '(' || c == ')' || c == ',') {
            i++;
            continue;
        }
        size_t start = i;
        while (i < len && !isspace((unsigned char)s[i]) && s[i] != '(' && s[i] != ')' && s[i] != ',')
            i++;
        char *w = pl_strndup(s + start, i - start);
        if (!w)
            break;
        for (char *p = w; *p; p++) {
            unsigned char ch = (unsigned char)*p;
            if (!(isalnum(ch) || ch == '-' || ch == '_' || ch == '.' || ch == '@')) {
                free(w);
                pl_strings_free(words, n);
                return -1;
            }
            *p = (char)tolower(ch);
        }
        words[n++] = w;
    }
    if (n == 0) {
        free(words);
        return -1;
    }
    *words_out = words;
    return n;
}

static char *join_words(char **words, int n)
{
    size_t len = 3;
    for (int i = 0; i < n; i++)
        len += strlen(words[i]) + 1;
    char *s = malloc(len), *p = s;
    if (!s)
        return NULL;
    *p++ = '(';
    for (int i = 0; i < n; i++) {
        if (i)
            *p++ = ' ';
        size_t k = strlen(words[i]);
        memcpy(p, words[i], k);
        p += k;
    }
    *p++ = ')';
    *p = '\0';
    return s;
}

static const char *type_name(const pl_task *t, const pl_typeset *ts)
{
    return ts->count ? t->domain->types[ts->ids[0]].name : "object";
}

/* Resolves argument words to objects checked against parameter types. */
static pl_ref_status resolve_args(const pl_task *t, char **words, int n, const pl_typeset *types,
                                  int *args, int *bad, char **detail)
{
    for (int i = 0; i < n; i++) {
        int o = pl_task_find_object(t, words[i]);
        if (o < 0) {
            *bad = i;
            *detail = pl_strdup_printf("unknown object '%s' (argument %d)", words[i], i + 1);
            return PL_REF_UNKNOWN_OBJECT;
        }
        args[i] = o;
        if (!pl_task_object_is_a(t, o, &types[i])) {
            *bad = i;
            *detail = pl_strdup_printf("'%s' is not of type %s%s (argument %d)", words[i],
                                       type_name(t, &types[i]), types[i].count > 1 ? " or its alternatives" : "",
                                       i + 1);
            return PL_REF_TYPE_MISMATCH;
        }
    }
    return PL_REF_OK;
}

static char *join_list(char **items, int n, const char *sep)
{
    size_t len = 1;
    for (int i = 0; i < n; i++)
        len += strlen(items[i]) + strlen(sep);
    char *s = malloc(len);
    if (!s)
        return NULL;
    s[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (i)
            strcat(s, sep);
        strcat(s, items[i]);
    }
    return s;
}

pl_ref_status pl_resolve_action(const pl_task *t, const char *text, pl_action_ref *out)
{
    memset(out, 0, sizeof *out);
    out->action = out->schema = out->bad_arg = -1;
    char **words = NULL;
    int n = split_words(text, &words, &out->stray_parens);
    if (n < 0) {
        out->stray_parens = 0;
        out->text = pl_strdup(text);
        out->detail = pl_strdup("not an action: expected (name arg ...) with no nested parentheses");
        return out->status = PL_REF_MALFORMED;
    }
    out->text = join_words(words, n);
    const pl_domain *d = t->domain;
    out->schema = pl_domain_find_action(d, words[0]);
    if (out->schema < 0) {
        out->detail = pl_strdup_printf("unknown action '%s'", words[0]);
        out->status = PL_REF_UNKNOWN_ACTION;
        goto done;
    }
    const pl_action *a = &d->actions[out->schema];
    if (n - 1 < a->nparams) {
        out->detail = pl_strdup_printf("'%s' takes %d argument%s, given %d", a->name, a->nparams,
                                       a->nparams == 1 ? "" : "s", n - 1);
        out->status = PL_REF_WRONG_ARITY;
        goto done;
    }
    out->surplus = n - 1 - a->nparams;
    out->args = malloc(((size_t)a->nparams + 1) * sizeof *out->args);
    out->nargs = a->nparams;
    pl_typeset *types = malloc(((size_t)a->nparams + 1) * sizeof *types);
    for (int i = 0; types && i < a->nparams; i++)
        types[i] = a->vars[i].types;
    out->status = out->args && types ? resolve_args(t, words + 1, a->nparams, types, out->args, &out->bad_arg,
                                                    &out->detail)
                                     : PL_REF_MALFORMED;
    free(types);
    if (out->status != PL_REF_OK) {
        free(out->args);
        out->args = NULL;
        out->nargs = 0;
        goto done;
    }
    out->action = pl_task_action_id(t, out->schema, out->args);
    if (out->action < 0) {
        char **unmet = NULL;
        int k = pl_explain_static_unmet(t, out->schema, out->args, &unmet);
        if (k > 0) {
            char *list = join_list(unmet, k, ", ");
            out->detail = pl_strdup_printf("statically false precondition: %s", list ? list : "?");
            free(list);
            out->status = PL_REF_STATICALLY_FALSE;
        } else {
            out->detail = pl_strdup("its preconditions can never hold together in a state reachable from the initial state");
            out->status = PL_REF_UNREACHABLE;
        }
        pl_strings_free(unmet, k);
    }
done:
    pl_strings_free(words, n);
    return out->status;
}

void pl_action_ref_clear(pl_action_ref *r)
{
    free(r->args);
    free(r->text);
    free(r->detail);
    memset(r, 0, sizeof *r);
    r->action = r->schema = r->bad_arg = -1;
}

int pl_resolve_atom(const pl_task *t, const char *text, bool *is_static, char **why)
{
    char **words = NULL;
    int stray;
    int n = split_words(text, &words, &stray);
    *is_static = false;
    if (why)
        *why = NULL;
    if (n < 0) {
        if (why)
            *why = pl_strdup("not an atom: expected (predicate arg ...)");
        return -1;
    }
    int id = -1;
    char *reason = NULL;
    int pred = pl_domain_find_pred(t->domain, words[0]);
    if (pred < 0) {
        reason = pl_strdup_printf("unknown predicate '%s'", words[0]);
    } else if (n - 1 != t->domain->preds[pred].arity) {
        reason = pl_strdup_printf("'%s' takes %d argument%s, given %d", words[0], t->domain->preds[pred].arity,
                                  t->domain->preds[pred].arity == 1 ? "" : "s", n - 1);
    } else {
        int args[PL_MAX_ARITY + 1];
        int bad;
        if (resolve_args(t, words + 1, n - 1, t->domain->preds[pred].params, args, &bad, &reason) == PL_REF_OK) {
            if (t->pred_static[pred]) {
                *is_static = true;
                reason = pl_strdup_printf("static atom (%s)", pl_task_static_holds(t, pred, args)
                                                                  ? "always true" : "always false");
            } else {
                id = pl_task_atom_id(t, pred, args);
                if (id < 0)
                    reason = pl_strdup("never true in any state reachable from the initial state");
            }
        }
    }
    if (why)
        *why = reason;
    else
        free(reason);
    pl_strings_free(words, n);
    return id;
}
