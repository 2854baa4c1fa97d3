#include "gen_template.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text_lines.h"

#define MAX_PARAMS 16

typedef struct {
    char *text;                 /* NULL: rendered generically */
    int nparams;
    char *params[MAX_PARAMS];   /* names without '?' */
} pattern;

struct pl_gen_template {
    const pl_domain *domain;
    char *description;
    pattern *atoms;   /* per predicate */
    pattern *actions; /* per action schema */
};

static void pattern_clear(pattern *p)
{
    free(p->text);
    for (int i = 0; i < p->nparams; i++)
        free(p->params[i]);
    memset(p, 0, sizeof *p);
}

void pl_gen_template_free(pl_gen_template *t)
{
    if (!t)
        return;
    for (int i = 0; t->atoms && i < t->domain->npreds; i++)
        pattern_clear(&t->atoms[i]);
    for (int i = 0; t->actions && i < t->domain->nactions; i++)
        pattern_clear(&t->actions[i]);
    free(t->atoms);
    free(t->actions);
    free(t->description);
    free(t);
}

static pl_gen_template *template_new(const pl_domain *d)
{
    pl_gen_template *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->domain = d;
    t->atoms = calloc((size_t)d->npreds + 1, sizeof *t->atoms);
    t->actions = calloc((size_t)d->nactions + 1, sizeof *t->actions);
    if (!t->atoms || !t->actions) {
        pl_gen_template_free(t);
        return NULL;
    }
    return t;
}

static char *generic_description(const pl_domain *d)
{
    size_t cap = 256;
    for (int i = 0; i < d->nactions; i++)
        cap += strlen(d->actions[i].name) + 4;
    char *s = malloc(cap);
    if (!s)
        return NULL;
    size_t n = (size_t)snprintf(s, cap, "This is the planning domain %s. The available actions are", d->name);
    for (int i = 0; i < d->nactions; i++)
        n += (size_t)snprintf(s + n, cap - n, "%s %s", i ? "," : "", d->actions[i].name);
    snprintf(s + n, cap - n, ".");
    return s;
}

pl_gen_template *pl_gen_template_generic(const pl_domain *domain)
{
    pl_gen_template *t = template_new(domain);
    if (t && !(t->description = generic_description(domain))) {
        pl_gen_template_free(t);
        return NULL;
    }
    return t;
}

/* Appends `add` to the description as a new paragraph. */
static int add_paragraph(pl_gen_template *t, const char *add)
{
    size_t old = t->description ? strlen(t->description) : 0;
    char *s = realloc(t->description, old + strlen(add) + 2);
    if (!s)
        return -1;
    if (old)
        s[old++] = '\n';
    strcpy(s + old, add);
    t->description = s;
    return 0;
}

/* The next whitespace-separated word of *s (NUL-terminated in place), or NULL. */
static char *next_word(char **s)
{
    char *w = *s + strspn(*s, " \t");
    if (!*w)
        return NULL;
    char *end = w + strcspn(w, " \t");
    *s = *end ? end + 1 : end;
    *end = '\0';
    return w;
}

/* Parses "<name> ?a ?b: text" at `s` (a line without its keyword).  Returns
 * NULL or what was expected, with *col the 0-based offset of the problem. */
static const char *parse_pattern(pl_gen_template *t, bool is_atom, char *s, size_t *col)
{
    char *colon = strchr(s, ':');
    if (!colon) {
        *col = strlen(s);
        return "':' before the text";
    }
    *colon = '\0';
    char *text = colon + 1;
    while (*text == ' ')
        text++;
    char *rest = s, *name = next_word(&rest);
    if (!name) {
        *col = 0;
        return is_atom ? "a predicate name" : "an action name";
    }
    for (char *c = name; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    int index = is_atom ? pl_domain_find_pred(t->domain, name) : pl_domain_find_action(t->domain, name);
    if (index < 0) {
        *col = (size_t)(name - s);
        return is_atom ? "a predicate of the domain" : "an action of the domain";
    }
    pattern *p = is_atom ? &t->atoms[index] : &t->actions[index];
    pattern_clear(p);
    int arity = is_atom ? t->domain->preds[index].arity : t->domain->actions[index].nparams;
    for (char *param; (param = next_word(&rest));) {
        if (param[0] != '?' || !param[1] || p->nparams >= arity || p->nparams >= MAX_PARAMS) {
            *col = (size_t)(param - s);
            return p->nparams >= arity ? "no more parameters (the arity is smaller)" : "a parameter ?name";
        }
        if (!(p->params[p->nparams++] = pl_strdup(param + 1)))
            return "memory";
    }
    if (p->nparams != arity) {
        *col = (size_t)(colon - s);
        return "as many parameters as the domain declares";
    }
    return (p->text = pl_strdup(text)) ? NULL : "memory";
}

pl_gen_template *pl_gen_template_load(const char *path, const pl_domain *domain, pl_error *err)
{
    size_t len;
    char *text = pl_read_file(path, &len, err);
    if (!text)
        return NULL;
    pl_gen_template *t = template_new(domain);
    const char *expected = t ? NULL : "memory";
    size_t col = 0, n;
    pl_line_reader lr = {text, len, 0, 0};
    for (const char *line; !expected && pl_next_line(&lr, &line, &n);) {
        char *s = (char *)line;
        s[n] = '\0'; /* the newline (or the final NUL) */
        while (n && (s[n - 1] == '\r' || s[n - 1] == ' '))
            s[--n] = '\0';
        const char *body = s + strspn(s, " \t");
        if (!*body || *body == '#')
            continue;
        if (!strncmp(body, "description:", 12)) {
            if (add_paragraph(t, body + 12 + strspn(body + 12, " ")) < 0)
                expected = "memory";
        } else if (!strncmp(body, "atom ", 5) || !strncmp(body, "action ", 7)) {
            bool atom = body[1] == 't' && body[2] == 'o';
            size_t skip = atom ? 5 : 7;
            expected = parse_pattern(t, atom, (char *)body + skip, &col);
            col += (size_t)(body - s) + skip;
        } else {
            expected = "'description:', 'atom' or 'action'";
            col = (size_t)(body - s);
        }
    }
    int line = lr.line;
    if (!expected && !t->description && !(t->description = generic_description(domain)))
        expected = "memory";
    if (expected) {
        pl_error_set(err, !strcmp(expected, "memory") ? PL_ERR_LIMIT : PL_ERR_SYNTAX, path, line, (int)col + 1,
                     "expected %s", expected);
        pl_gen_template_free(t);
        t = NULL;
    }
    free(text);
    return t;
}

const char *pl_gen_template_description(const pl_gen_template *t)
{
    return t->description;
}

char *pl_gen_pddl_text(const char *name, const char *const *args, int n)
{
    size_t cap = strlen(name) + 3;
    for (int i = 0; i < n; i++)
        cap += strlen(args[i]) + 1;
    char *s = malloc(cap);
    if (!s)
        return NULL;
    size_t len = (size_t)snprintf(s, cap, "(%s", name);
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(s + len, cap - len, " %s", args[i]);
    snprintf(s + len, cap - len, ")");
    return s;
}

/* The parameter named by the "{...}" at c, or -1. */
static int placeholder(const pattern *p, const char *c, const char **after)
{
    const char *close = *c == '{' ? strchr(c, '}') : NULL;
    for (int i = 0; close && i < p->nparams; i++)
        if (strlen(p->params[i]) == (size_t)(close - c - 1) && !strncmp(c + 1, p->params[i], (size_t)(close - c - 1))) {
            *after = close + 1;
            return i;
        }
    return -1;
}

/* The pattern with {param} replaced by args, or the PDDL form "(name a b)". */
static char *render(const pattern *p, const char *name, int arity, const char *const *args)
{
    if (!p->text)
        return pl_gen_pddl_text(name, args, arity);
    size_t len = 0;
    const char *after;
    for (const char *c = p->text; *c;) {
        int k = placeholder(p, c, &after);
        len += k >= 0 ? strlen(args[k]) : 1;
        c = k >= 0 ? after : c + 1;
    }
    char *s = malloc(len + 1), *o = s;
    if (!s)
        return NULL;
    for (const char *c = p->text; *c;) {
        int k = placeholder(p, c, &after);
        if (k >= 0) {
            memcpy(o, args[k], strlen(args[k]));
            o += strlen(args[k]);
            c = after;
        } else {
            *o++ = *c++;
        }
    }
    *o = '\0';
    return s;
}

char *pl_gen_template_atom(const pl_gen_template *t, int pred, const char *const *args)
{
    const pl_predicate *p = &t->domain->preds[pred];
    return render(&t->atoms[pred], p->name, p->arity, args);
}

char *pl_gen_template_action(const pl_gen_template *t, int schema, const char *const *args)
{
    const pl_action *a = &t->domain->actions[schema];
    return render(&t->actions[schema], a->name, a->nparams, args);
}
