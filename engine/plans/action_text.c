/* Text to ground actions and atoms: (name a b), name(a, b), name a b.
 *
 * This is on the per-plan path (every step of every plan), so it avoids the
 * heap: the words are read into one lower-cased buffer "(w0 w1 ...)" (on the
 * stack when short) and looked up as (pointer, length) slices.  The only
 * allocation for a step that resolves is its text, which also holds args. */
#include <ctype.h>
#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

#include "plans/plan.h"

const char *pl_ref_status_name(pl_ref_status s)
{
    static const char *const names[] = {"ok", "malformed", "unknown-action", "wrong-arity",
                                        "unknown-object", "type-mismatch", "statically-false",
                                        "unreachable"};
    return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "?";
}

/* Only the name and up to PL_MAX_ARITY arguments are ever looked up; further
 * words are counted (surplus arguments) but not indexed. */
enum { MAX_WORDS = PL_MAX_ARITY + 1, LOCAL_TEXT = 256 };

/* The words of an action or atom text. */
typedef struct {
    char *buf;               /* "(w0 w1 ...)": the words lower-cased, one space apart */
    size_t len;              /* strlen(buf) */
    int n;                   /* number of words */
    int stray;               /* unmatched ')' dropped after the text */
    size_t off[MAX_WORDS];   /* word i is buf[off[i] .. off[i] + wlen[i]) */
    size_t wlen[MAX_WORDS];
    char local[LOCAL_TEXT];  /* buf when the text is short */
} words;

/* Character classes: space, one of "(),", word character (alphanumeric or
 * "-_.@"), upper-case ASCII letter, and non-ASCII.  ASCII is classified by
 * table as in the C locale (planlens never calls setlocale), several times
 * cheaper than <ctype.h>; non-ASCII bytes still go through <ctype.h>. */
enum { CH_SPACE = 1, CH_PUNCT = 2, CH_WORD = 4, CH_UPPER = 8 | CH_WORD, CH_HIGH = 16 };
#define S CH_SPACE
#define P CH_PUNCT
#define W CH_WORD
#define U CH_UPPER
#define H CH_HIGH, CH_HIGH, CH_HIGH, CH_HIGH, CH_HIGH, CH_HIGH, CH_HIGH, CH_HIGH, \
          CH_HIGH, CH_HIGH, CH_HIGH, CH_HIGH, CH_HIGH, CH_HIGH, CH_HIGH, CH_HIGH
static const unsigned char char_table[256] = {
    /* 0x00 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, S, S, S, S, S, 0, 0,
    /* 0x10 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    /* 0x20 */ S, 0, 0, 0, 0, 0, 0, 0, P, P, 0, 0, P, W, W, 0,
    /* 0x30 */ W, W, W, W, W, W, W, W, W, W, 0, 0, 0, 0, 0, 0,
    /* 0x40 */ W, U, U, U, U, U, U, U, U, U, U, U, U, U, U, U,
    /* 0x50 */ U, U, U, U, U, U, U, U, U, U, U, 0, 0, 0, 0, W,
    /* 0x60 */ 0, W, W, W, W, W, W, W, W, W, W, W, W, W, W, W,
    /* 0x70 */ W, W, W, W, W, W, W, W, W, W, W, 0, 0, 0, 0, 0,
    /* 0x80 - 0xff */ H, H, H, H, H, H, H, H,
};
#undef S
#undef P
#undef W
#undef U
#undef H

/* Class of a non-ASCII byte, from <ctype.h>. */
static unsigned char high_class(unsigned char c)
{
    return isspace(c) ? CH_SPACE : isalnum(c) ? CH_WORD : 0;
}

static unsigned char char_class(unsigned char c)
{
    unsigned char cls = char_table[c];
    return cls == CH_HIGH ? high_class(c) : cls;
}

static bool is_space(unsigned char c)
{
    return char_class(c) == CH_SPACE;
}

static size_t trim_end(const char *s, size_t len)
{
    while (len && is_space((unsigned char)s[len - 1]))
        len--;
    return len;
}

/* "(a b))": LLM plans often carry one ')' too many; drop it (and count it)
 * when the rest is balanced, instead of rejecting the action. */
static size_t drop_stray_parens(const char *s, size_t len, int *stray)
{
    *stray = 0;
    while (len > 1 && s[len - 1] == ')' && s[len - 2] == ')' && s[0] == '(') {
        int depth = 0;
        for (size_t i = 0; i < len - 1; i++)
            depth += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
        if (depth != 0)
            break;
        (*stray)++;
        len = trim_end(s, len - 1);
    }
    return len;
}

/* Records the word buf[start .. end) as the next word. */
static void add_word(words *w, const char *start, const char *end)
{
    if (w->n < MAX_WORDS) {
        w->off[w->n] = (size_t)(start - w->buf);
        w->wlen[w->n] = (size_t)(end - start);
    }
    w->n++;
}

/* Copies the word starting at s[*i] lower-cased to p; returns the end of the
 * copy and leaves *i just past the word.  The hot loop of plan checking:
 * ASCII costs one table load per byte. */
static char *copy_word(const char *s, size_t len, size_t *i, char *p)
{
    size_t k = *i;
    for (; k < len; k++) {
        unsigned char c = (unsigned char)s[k], cls = char_table[c];
        if (cls & CH_WORD)
            *p++ = (char)(c | ((cls & CH_UPPER & ~CH_WORD) << 2)); /* 8 << 2 == 'a' - 'A' */
        else if (cls == CH_HIGH && high_class(c) == CH_WORD)
            *p++ = (char)tolower(c);
        else
            break;
    }
    *i = k;
    return p;
}

/* One pass over s[0..len): copies the words lower-cased into w->buf
 * (capacity len + 3: the words and their single separators fit in len) and
 * checks the shape.  Accepted shapes: "(…)" with no inner parentheses,
 * "name(…)" (the name one word), or no parentheses; words of alphanumerics
 * and "-_.@".  Returns the word count, or -1 when the text is not one action. */
static int read_words(const char *s, size_t len, words *w)
{
    char *p = w->buf;
    *p++ = '(';
    w->n = 0;
    int opens = 0, closes = 0;
    bool space_before_open = false;
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)s[i], cls = char_class(c);
        if (cls & CH_WORD) {
            if (w->n)
                *p++ = ' ';
            char *start = p;
            p = copy_word(s, len, &i, p);
            add_word(w, start, p);
            continue;
        }
        if (c == '(')
            opens++;
        else if (c == ')')
            closes++;
        else if (cls == CH_SPACE)
            space_before_open |= opens == 0;
        else if (c != ',')
            return -1; /* an odd character */
        i++;
    }
    if (opens != closes || opens > 1 || (opens == 1 && (s[len - 1] != ')' || space_before_open)) || w->n == 0)
        return -1;
    *p++ = ')';
    *p = '\0';
    w->len = (size_t)(p - w->buf);
    return w->n;
}

static void words_release(words *w)
{
    if (w->buf != w->local)
        free(w->buf);
    w->buf = NULL;
}

/* Splits action/atom text into words (word 0 is the name).  Returns the word
 * count, or -1 when the text is not one action (w needs no release then). */
static int split_words(const char *text, words *w)
{
    const char *s = text;
    while (is_space((unsigned char)*s))
        s++;
    size_t len = drop_stray_parens(s, trim_end(s, strlen(s)), &w->stray);
    w->buf = len + 3 <= sizeof w->local ? w->local : malloc(len + 3);
    if (!w->buf)
        return -1;
    if (read_words(s, len, w) < 0) {
        words_release(w);
        return -1;
    }
    return w->n;
}

static const char *word(const words *w, int i)
{
    return w->buf + w->off[i];
}

static int word_len(const words *w, int i)
{
    return (int)w->wlen[i];
}

/* name equals s[0..n) (s need not be NUL-terminated).  A plain loop: the
 * names are short, and a libc call per candidate costs more. */
static bool name_is(const char *name, const char *s, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (name[k] != s[k])
            return false;
    return name[n] == '\0';
}

static int find_action(const pl_domain *d, const words *w)
{
    for (int i = 0; i < d->nactions; i++)
        if (name_is(d->actions[i].name, word(w, 0), w->wlen[0]))
            return i;
    return -1;
}

static int find_pred(const pl_domain *d, const words *w)
{
    for (int i = 0; i < d->npreds; i++)
        if (name_is(d->preds[i].name, word(w, 0), w->wlen[0]))
            return i;
    return -1;
}

/* Problems with at most this many objects are searched by scanning the
 * object table: fewer cache lines than the hash map's five arrays, which
 * matters when each plan meets a task that is not in cache. */
enum { SCAN_OBJECTS = 16, MAX_NAME_KEY = 255 };

/* pl_task_find_object on a slice.  object_ids maps each name of at most
 * MAX_NAME_KEY bytes (as ints) to its first object, as the scan finds it. */
static int find_object(const pl_task *t, const char *s, size_t n)
{
    if (n > MAX_NAME_KEY)
        return -1;
    const pl_problem *p = t->problem;
    if (p->nobjects <= SCAN_OBJECTS) {
        for (int o = 0; o < p->nobjects; o++)
            if (name_is(p->objects[o].name, s, n))
                return o;
        return -1;
    }
    int key[MAX_NAME_KEY];
    for (size_t i = 0; i < n; i++)
        key[i] = (unsigned char)s[i];
    return pl_hashmap_get(&t->object_ids, key, (int)n);
}

static const char *type_name(const pl_task *t, const pl_typeset *ts)
{
    return ts->count ? t->domain->types[ts->ids[0]].name : "object";
}

static char *unknown_object(const words *w, int i)
{
    return pl_strdup_printf("unknown object '%.*s' (argument %d)", word_len(w, i + 1), word(w, i + 1), i + 1);
}

/* Objects of the first `n` argument words into args; returns how many
 * resolved (n when all did). */
static int find_objects(const pl_task *t, const words *w, int n, int *args)
{
    for (int i = 0; i < n; i++) {
        args[i] = find_object(t, word(w, i + 1), w->wlen[i + 1]);
        if (args[i] < 0)
            return i;
    }
    return n;
}

/* The first of args[0..n) not of its type types[i], with *detail; -1 when
 * all are. */
static int first_type_mismatch(const pl_task *t, const words *w, const int *args, int n,
                               const pl_typeset *const *types, char **detail)
{
    for (int i = 0; i < n; i++) {
        const pl_typeset *ts = types[i];
        if (!pl_task_object_is_a(t, args[i], ts)) {
            *detail = pl_strdup_printf("'%.*s' is not of type %s%s (argument %d)", word_len(w, i + 1),
                                       word(w, i + 1), type_name(t, ts),
                                       ts->count > 1 ? " or its alternatives" : "", i + 1);
            return i;
        }
    }
    return -1;
}

static char *join_list(char **items, int n, const char *sep)
{
    size_t len = 1, k = strlen(sep);
    for (int i = 0; i < n; i++)
        len += strlen(items[i]) + k;
    char *s = malloc(len), *p = s;
    if (!s)
        return NULL;
    for (int i = 0; i < n; i++) {
        size_t m = strlen(items[i]);
        if (i) {
            memcpy(p, sep, k);
            p += k;
        }
        memcpy(p, items[i], m);
        p += m;
    }
    *p = '\0';
    return s;
}

/* Why a well-formed action with resolved arguments is not a ground action. */
static pl_ref_status explain_missing(const pl_task *t, int schema, const int *args, char **detail)
{
    char **unmet = NULL;
    int k = pl_explain_static_unmet(t, schema, args, &unmet);
    pl_ref_status s;
    if (k > 0) {
        char *list = join_list(unmet, k, ", ");
        *detail = pl_strdup_printf("statically false precondition: %s", list ? list : "?");
        free(list);
        s = PL_REF_STATICALLY_FALSE;
    } else {
        *detail = pl_strdup("its preconditions can never hold together in a state reachable from the initial state");
        s = PL_REF_UNREACHABLE;
    }
    pl_strings_free(unmet, k);
    return s;
}

/* Resolves the words against the task: everything but out->text.  Fills
 * args (nparams of them) when every argument resolves; returns the status. */
static pl_ref_status resolve_words(const pl_task *t, const words *w, int *args, pl_action_ref *out)
{
    const pl_domain *d = t->domain;
    out->schema = find_action(d, w);
    if (out->schema < 0) {
        out->detail = pl_strdup_printf("unknown action '%.*s'", word_len(w, 0), word(w, 0));
        return PL_REF_UNKNOWN_ACTION;
    }
    const pl_action *a = &d->actions[out->schema];
    if (w->n - 1 < a->nparams) {
        out->detail = pl_strdup_printf("'%s' takes %d argument%s, given %d", a->name, a->nparams,
                                       a->nparams == 1 ? "" : "s", w->n - 1);
        return PL_REF_WRONG_ARITY;
    }
    out->surplus = w->n - 1 - a->nparams;
    /* Arguments are reported in order: the first unknown object or type
     * mismatch.  Grounding binds parameters only to objects of their types,
     * so an (action, objects) that is a ground action needs no type check. */
    int found = find_objects(t, w, a->nparams, args);
    if (found == a->nparams) {
        out->action = pl_task_action_id(t, out->schema, args);
        if (out->action >= 0) {
            out->nargs = a->nparams;
            return PL_REF_OK;
        }
    }
    const pl_typeset *types[PL_MAX_ARITY];
    for (int i = 0; i < found; i++)
        types[i] = &a->vars[i].types;
    out->bad_arg = first_type_mismatch(t, w, args, found, types, &out->detail);
    if (out->bad_arg >= 0)
        return PL_REF_TYPE_MISMATCH;
    if (found < a->nparams) {
        out->bad_arg = found;
        out->detail = unknown_object(w, found);
        return PL_REF_UNKNOWN_OBJECT;
    }
    out->nargs = a->nparams;
    return explain_missing(t, out->schema, args, &out->detail);
}

/* Statuses reached only once every argument named an object of its type. */
static bool args_resolved(pl_ref_status s)
{
    return s == PL_REF_OK || s == PL_REF_STATICALLY_FALSE || s == PL_REF_UNREACHABLE;
}

/* One allocation for the text and, when resolved, the arguments after it
 * (so pl_action_ref_clear frees both with free(text)). */
static bool store_text(const words *w, const int *args, pl_action_ref *out)
{
    bool with_args = args_resolved(out->status);
    size_t off = (w->len + 1 + alignof(int) - 1) / alignof(int) * alignof(int);
    char *block = malloc(with_args ? off + ((size_t)out->nargs + 1) * sizeof *args : w->len + 1);
    if (!block)
        return false;
    memcpy(block, w->buf, w->len + 1);
    out->text = block;
    if (with_args) {
        out->args = (int *)(void *)(block + off);
        memcpy(out->args, args, (size_t)out->nargs * sizeof *args);
    }
    return true;
}

static void ref_init(pl_action_ref *r)
{
    memset(r, 0, sizeof *r);
    r->action = r->schema = r->bad_arg = -1;
}

pl_ref_status pl_resolve_action(const pl_task *t, const char *text, pl_action_ref *out)
{
    ref_init(out);
    words w;
    if (split_words(text, &w) < 0) {
        out->text = pl_strdup(text);
        out->detail = pl_strdup("not an action: expected (name arg ...) with no nested parentheses");
        return out->status = PL_REF_MALFORMED;
    }
    out->stray_parens = w.stray;
    int args[PL_MAX_ARITY + 1];
    out->status = resolve_words(t, &w, args, out);
    if (!store_text(&w, args, out)) {
        /* Out of memory reads as malformed, with no text and no arguments. */
        out->status = PL_REF_MALFORMED;
        out->action = -1;
        out->nargs = 0;
    }
    words_release(&w);
    return out->status;
}

void pl_action_ref_clear(pl_action_ref *r)
{
    free(r->text); /* also holds r->args */
    free(r->detail);
    ref_init(r);
}

static int find_type(const pl_domain *d, const words *w)
{
    for (int i = 0; i < d->ntypes; i++)
        if (name_is(d->types[i].name, word(w, 0), w->wlen[0]))
            return i;
    return -1;
}

/* "(truck t1)" where truck is a type: translators such as Fast Downward's
 * read type names as static unary predicates. */
static pl_atom_status resolve_type_atom(const pl_task *t, const words *w, int type, pl_atom_ref *out)
{
    if (w->n != 2) {
        out->detail = pl_strdup_printf("'%.*s' is a type, not a predicate", word_len(w, 0), word(w, 0));
        return PL_ATOM_UNKNOWN_PREDICATE;
    }
    int obj = find_object(t, word(w, 1), w->wlen[1]);
    if (obj < 0) {
        out->detail = unknown_object(w, 0);
        return PL_ATOM_UNKNOWN_OBJECT;
    }
    pl_typeset ts = {&type, 1};
    bool holds = pl_task_object_is_a(t, obj, &ts);
    out->detail = pl_strdup_printf("type name used as a predicate: '%.*s' is %sof type %s", word_len(w, 1),
                                   word(w, 1), holds ? "" : "not ", t->domain->types[type].name);
    return holds ? PL_ATOM_TYPE_TRUE : PL_ATOM_TYPE_FALSE;
}

/* Resolves the words of an atom; fills out->atom for a fluent atom. */
static pl_atom_status resolve_atom_words(const pl_task *t, const words *w, pl_atom_ref *out)
{
    const pl_domain *d = t->domain;
    int pred = find_pred(d, w);
    if (pred < 0) {
        int type = find_type(d, w);
        if (type >= 0)
            return resolve_type_atom(t, w, type, out);
        out->detail = pl_strdup_printf("unknown predicate '%.*s'", word_len(w, 0), word(w, 0));
        return PL_ATOM_UNKNOWN_PREDICATE;
    }
    out->pred = pred;
    int arity = d->preds[pred].arity;
    if (w->n - 1 != arity) {
        out->detail = pl_strdup_printf("'%.*s' takes %d argument%s, given %d", word_len(w, 0), word(w, 0), arity,
                                       arity == 1 ? "" : "s", w->n - 1);
        return PL_ATOM_WRONG_ARITY;
    }
    int args[PL_MAX_ARITY + 1];
    int found = find_objects(t, w, arity, args);
    const pl_typeset *types[PL_MAX_ARITY];
    for (int i = 0; i < found; i++)
        types[i] = &d->preds[pred].params[i];
    if (first_type_mismatch(t, w, args, found, types, &out->detail) >= 0)
        return PL_ATOM_TYPE_MISMATCH;
    if (found < arity) {
        out->detail = unknown_object(w, found);
        return PL_ATOM_UNKNOWN_OBJECT;
    }
    if (t->pred_static[pred]) {
        bool holds = pl_task_static_holds(t, pred, args);
        out->detail = pl_strdup_printf("static atom (%s)", holds ? "always true" : "always false");
        return holds ? PL_ATOM_STATIC_TRUE : PL_ATOM_STATIC_FALSE;
    }
    out->atom = pl_task_atom_id(t, pred, args);
    if (out->atom >= 0)
        return PL_ATOM_FLUENT;
    out->detail = pl_strdup("never true in any state reachable from the initial state");
    return PL_ATOM_UNREACHABLE;
}

pl_atom_status pl_resolve_atom_ref(const pl_task *t, const char *text, pl_atom_ref *out)
{
    memset(out, 0, sizeof *out);
    out->atom = out->pred = -1;
    words w;
    if (split_words(text, &w) < 0) {
        out->detail = pl_strdup("not an atom: expected (predicate arg ...)");
        return out->status = PL_ATOM_MALFORMED;
    }
    out->status = resolve_atom_words(t, &w, out);
    words_release(&w);
    return out->status;
}

void pl_atom_ref_clear(pl_atom_ref *r)
{
    free(r->detail);
    memset(r, 0, sizeof *r);
    r->atom = r->pred = -1;
}

int pl_resolve_atom(const pl_task *t, const char *text, bool *is_static, char **why)
{
    pl_atom_ref r;
    pl_resolve_atom_ref(t, text, &r);
    *is_static = r.status == PL_ATOM_STATIC_TRUE || r.status == PL_ATOM_STATIC_FALSE;
    if (r.status == PL_ATOM_TYPE_TRUE || r.status == PL_ATOM_TYPE_FALSE) {
        /* Not an atom of the domain for callers that ask for ids. */
        free(r.detail);
        r.detail = pl_strdup_printf("unknown predicate (a type name): %s", text);
    }
    int id = r.atom;
    if (why) {
        *why = r.detail;
        r.detail = NULL;
    }
    pl_atom_ref_clear(&r);
    return id;
}
