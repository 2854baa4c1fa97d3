/* POSIX: the directory scan of pl_gen_template_find. */
#define _POSIX_C_SOURCE 200809L
#include "gen/template.h"

#include <ctype.h>
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "base/sort.h"
#include "base/text_lines.h"

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
    while (*text == ' ' || *text == '\t')
        text++;
    if (!*text) {
        *col = (size_t)(colon - s) + 1;
        return "a text after ':'";
    }
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
    const char *after;
    for (const char *c = strchr(text, '{'); c; c = strchr(c + 1, '{'))
        if (placeholder(p, c, &after) < 0) {
            *col = (size_t)(c - s);
            return "{name} naming one of the line's parameters";
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
        if (!strncmp(body, "domains:", 8)) {
            if (body[8 + strspn(body + 8, " \t")] == '\0') {
                expected = "a domain name after 'domains:'";
                col = (size_t)(body - s) + 8;
            }
        } else if (!strncmp(body, "description:", 12)) {
            if (add_paragraph(t, body + 12 + strspn(body + 12, " ")) < 0)
                expected = "memory";
        } else if (!strncmp(body, "atom ", 5) || !strncmp(body, "action ", 7)) {
            bool atom = body[1] == 't' && body[2] == 'o';
            size_t skip = atom ? 5 : 7;
            expected = parse_pattern(t, atom, (char *)body + skip, &col);
            col += (size_t)(body - s) + skip;
        } else {
            expected = "'domains:', 'description:', 'atom' or 'action'";
            col = (size_t)(body - s);
        }
    }
    int line = lr.line;
    if (!expected && !t->description && !(t->description = generic_description(domain)))
        expected = "memory";
    if (expected) {
        if (!strcmp(expected, "memory"))
            pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
        else
            pl_error_set(err, PL_ERR_SYNTAX, path, line, (int)col + 1, "expected %s", expected);
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

/* Whether a template text has a "domains:" line naming `name`. */
static bool names_domain(const char *text, size_t len, const char *name)
{
    pl_line_reader lr = {text, len, 0, 0};
    size_t n;
    for (const char *line; pl_next_line(&lr, &line, &n);) {
        const char *body = line + strspn(line, " \t");
        if (strncmp(body, "domains:", 8))
            continue;
        for (const char *w = body + 8; w < line + n;) {
            w += strspn(w, " \t\r");
            size_t wl = strcspn(w, " \t\r\n");
            bool same = wl && wl == strlen(name);
            for (size_t i = 0; same && i < wl; i++)
                same = tolower((unsigned char)w[i]) == tolower((unsigned char)name[i]);
            if (same)
                return true;
            w += wl ? wl : 1;
        }
    }
    return false;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

char *pl_gen_template_find(const char *dir, const char *domain_name, pl_error *err)
{
    char *path = pl_strdup_printf("%s/%s.tmpl", dir, domain_name);
    if (path && pl_is_regular_file(path, NULL)) /* regular files only: opening a FIFO would wait for a writer */
        return path;
    free(path);
    DIR *d = opendir(dir);
    if (!d) {
        pl_error_set(err, PL_ERR_IO, dir, 0, 0, "cannot open the template directory");
        return NULL;
    }
    char **names = NULL, *found = NULL;
    size_t count = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        if (n <= 5 || strcmp(e->d_name + n - 5, ".tmpl") || e->d_name[0] == '.')
            continue;
        if (count == cap) {
            char **grown = realloc(names, (cap = cap ? cap * 2 : 16) * sizeof *names);
            if (!grown)
                break;
            names = grown;
        }
        if (!(names[count] = pl_strdup(e->d_name)))
            break;
        count++;
    }
    closedir(d);
    if (count)
        pl_sort(names, count, sizeof *names, by_name); /* readdir order differs between file systems */
    for (size_t i = 0; i < count && !found && err->code == PL_OK; i++) {
        char *p = pl_strdup_printf("%s/%s", dir, names[i]);
        size_t len;
        /* a FIFO or device among the templates is passed over, not read */
        char *text = p && pl_is_regular_file(p, NULL) ? pl_read_file(p, &len, err) : NULL;
        if (text && names_domain(text, len, domain_name))
            found = p;
        else
            free(p);
        free(text);
    }
    for (size_t i = 0; i < count; i++)
        free(names[i]);
    free(names);
    return found;
}

/* Object names of an atom or action (callers render at most 64 arguments). */
static void arg_names(const pl_task *t, const int *args, int n, const char **out)
{
    for (int i = 0; i < n && i < 64; i++)
        out[i] = t->problem->objects[args[i]].name;
}

/* Appends s (NULL: out of memory) to a growing list. */
static int push(char ***items, int *n, char *s)
{
    char **grown = s ? realloc(*items, (size_t)(*n + 1) * sizeof **items) : NULL;
    if (!grown) {
        free(s);
        return -1;
    }
    *items = grown;
    grown[(*n)++] = s;
    return 0;
}

static void strings_free(char **items, int n)
{
    for (int i = 0; i < n; i++)
        free(items[i]);
    free(items);
}

char *pl_gen_join_words(char *const *items, int n)
{
    size_t cap = 8;
    for (int i = 0; i < n; i++)
        cap += strlen(items[i]) + 6;
    char *s = malloc(cap);
    if (!s)
        return NULL;
    size_t len = 0;
    s[0] = '\0';
    for (int i = 0; i < n; i++) {
        const char *sep = i == 0 ? "" : i + 1 < n ? ", " : n == 2 ? " and " : ", and ";
        len += (size_t)snprintf(s + len, cap - len, "%s%s", sep, items[i]);
    }
    return s;
}

/* The facts of the state in words: fluents in atom order, then the static
 * facts of the problem's init as written. */
static char *state_words(const pl_gen_template *tmpl, const pl_task *t, const uint64_t *s)
{
    char **facts = NULL;
    int n = 0, rc = 0;
    const char *names[64];
    for (int a = 0; a < t->natoms && rc == 0; a++) {
        const pl_gatom *g = &t->atoms[a];
        if (!pl_state_has(s, a) || t->domain->preds[g->pred].arity > 64)
            continue;
        arg_names(t, g->args, t->domain->preds[g->pred].arity, names);
        rc = push(&facts, &n, pl_gen_template_atom(tmpl, g->pred, names));
    }
    for (int i = 0; i < t->problem->ninit && rc == 0; i++) {
        const pl_init_atom *ia = &t->problem->init[i];
        if (!t->pred_static[ia->pred] || ia->nargs > 64)
            continue;
        arg_names(t, ia->args, ia->nargs, names);
        rc = push(&facts, &n, pl_gen_template_atom(tmpl, ia->pred, names));
    }
    char *joined = rc == 0 ? pl_gen_join_words(facts, n) : NULL;
    strings_free(facts, n);
    return joined;
}

/* The goal in words when it is a conjunction of literals; else a pointer to
 * the PDDL. */
static char *goal_words(const pl_gen_template *tmpl, const pl_task *t)
{
    const pl_gnode *root = t->goal >= 0 ? &t->gnodes[t->goal] : NULL;
    int count = !root ? 0 : root->kind == PL_G_LIT ? 1 : root->kind == PL_G_AND ? root->count : -1;
    char **parts = NULL;
    int n = 0, rc = 0;
    const char *names[64];
    for (int i = 0; i < count && rc == 0; i++) {
        const pl_gnode *lit = root->kind == PL_G_LIT ? root : &t->gnodes[t->gkids[root->first + i]];
        const pl_gatom *g = lit->kind == PL_G_LIT ? &t->atoms[lit->atom] : NULL;
        if (!g || t->domain->preds[g->pred].arity > 64) {
            count = -1;
            break;
        }
        arg_names(t, g->args, t->domain->preds[g->pred].arity, names);
        char *w = pl_gen_template_atom(tmpl, g->pred, names);
        if (lit->neg && w) {
            char *neg = pl_strdup_printf("it is not the case that %s", w);
            free(w);
            w = neg;
        }
        rc = push(&parts, &n, w);
    }
    char *s = rc < 0        ? NULL
              : count < 0   ? pl_strdup("the goal of the problem holds (see its PDDL)")
              : n == 0      ? pl_strdup("nothing more is required")
                            : pl_gen_join_words(parts, n);
    strings_free(parts, n);
    return s;
}

char *pl_gen_render_context(const pl_gen_template *tmpl, const pl_task *t, const uint64_t *state)
{
    char *facts = state_words(tmpl, t, state), *goal = goal_words(tmpl, t);
    char *s = facts && goal ? pl_strdup_printf("%s\nCurrently, %s.\nThe goal is to reach a state where %s.",
                                               tmpl->description, facts, goal)
                            : NULL;
    free(facts);
    free(goal);
    return s;
}

char *pl_gen_render_action(const pl_gen_template *tmpl, const pl_task *t, int action)
{
    const pl_gaction *a = &t->actions[action];
    int arity = t->domain->actions[a->schema].nparams;
    const char *names[64];
    arg_names(t, a->args, arity, names);
    char *words = arity <= 64 ? pl_gen_template_action(tmpl, a->schema, names) : pl_strdup(a->name);
    if (!words || !strcmp(words, a->name))
        return words;
    char *both = pl_strdup_printf("%s (%s)", a->name, words);
    free(words);
    return both;
}
