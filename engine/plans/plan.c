/* Plan files and plan traces. */
#include <ctype.h>
#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

#include "plans/plan.h"

/* ASCII is classified inline as in the C locale (planlens never calls
 * setlocale): cheaper than <ctype.h> per character.  Other bytes still go
 * through <ctype.h>. */
static bool is_space(unsigned char c)
{
    return c < 0x80 ? c == ' ' || (unsigned)(c - '\t') < 5u : isspace(c) != 0;
}

static bool is_digit(unsigned char c)
{
    return c < 0x80 ? (unsigned)(c - '0') < 10u : isdigit(c) != 0;
}

/* A step found in the plan text: text[off .. off + len) on `line`.  Steps are
 * collected first and copied out with one allocation: a malloc per step
 * string showed up in the per-plan profile. */
typedef struct {
    size_t off, len;
    int line;
} span;

enum { LOCAL_SPANS = 64 };

typedef struct {
    const char *text;  /* the whole plan text: spans are offsets into it */
    span *items;       /* local, or heap once there are more than LOCAL_SPANS */
    int count, cap;
    size_t chars;      /* total length of the steps, with their terminators */
    span local[LOCAL_SPANS];
} span_list;

static int push_step(span_list *l, const char *s, size_t n, int line)
{
    if (l->count == l->cap) {
        int cap = l->cap * 2;
        span *items = l->items == l->local ? malloc((size_t)cap * sizeof *items)
                                           : realloc(l->items, (size_t)cap * sizeof *items);
        if (!items)
            return -1;
        if (l->items == l->local)
            memcpy(items, l->local, sizeof l->local);
        l->items = items;
        l->cap = cap;
    }
    l->items[l->count++] = (span){(size_t)(s - l->text), n, line};
    l->chars += n + 1;
    return 0;
}

/* Pushes each group of s[0..n) when it is "(…) (…) …": balanced groups,
 * none nested, only spaces between them.  Returns 1, or 0 when s is not
 * such a sequence (having pushed some groups: the caller drops them), or -1
 * on out of memory.  One pass: this runs on every line of every plan. */
static int scan_groups(span_list *l, const char *s, size_t n, int line)
{
    int groups = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] != '(') {
            if (!is_space((unsigned char)s[i]))
                return 0;
            continue;
        }
        size_t j = i + 1;
        while (j < n && s[j] != '(' && s[j] != ')')
            j++;
        if (j == n || s[j] == '(')
            return 0;
        if (push_step(l, s + i, j - i + 1, line) < 0)
            return -1;
        groups++;
        i = j;
    }
    return groups > 0;
}

static int push_groups(span_list *l, const char *s, size_t n, int line)
{
    int count = l->count;
    size_t chars = l->chars;
    int r = scan_groups(l, s, n, line);
    if (r == 0) {
        l->count = count;
        l->chars = chars;
    }
    return r;
}

static int parse_line(span_list *p, const char *s, size_t n, int line)
{
    while (n && is_space((unsigned char)*s))
        s++, n--;
    while (n && is_space((unsigned char)s[n - 1]))
        n--;
    /* VAL: "0.001: (a b) [1]" — a time stamp before, a duration after. */
    size_t k = 0;
    while (k < n && (is_digit((unsigned char)s[k]) || s[k] == '.'))
        k++;
    if (k > 0 && k < n && s[k] == ':') {
        s += k + 1;
        n -= k + 1;
        while (n && is_space((unsigned char)*s))
            s++, n--;
    }
    if (n && s[n - 1] == ']') {
        const char *open = NULL;
        for (size_t i = n; i-- > 0;)
            if (s[i] == '[') {
                open = s + i;
                break;
            }
        if (open) {
            n = (size_t)(open - s);
            while (n && is_space((unsigned char)s[n - 1]))
                n--;
        }
    }
    if (n == 0)
        return 0;
    /* Several parenthesised actions on one line are one step each. */
    int r = push_groups(p, s, n, line);
    if (r != 0)
        return r < 0 ? -1 : 0;
    return push_step(p, s, n, line);
}

/* One block: the step pointers, then the lines, then the strings. */
static int copy_steps(const span_list *l, pl_plan_steps *out)
{
    if (l->count == 0)
        return 0;
    size_t nptr = (size_t)l->count * sizeof *out->steps, nline = (size_t)l->count * sizeof *out->lines;
    char *block = malloc(nptr + nline + l->chars);
    if (!block)
        return -1;
    out->steps = (char **)(void *)block;
    out->lines = (int *)(void *)(block + nptr);
    char *p = block + nptr + nline;
    for (int i = 0; i < l->count; i++) {
        const span *sp = &l->items[i];
        memcpy(p, l->text + sp->off, sp->len);
        p[sp->len] = '\0';
        out->steps[i] = p;
        out->lines[i] = sp->line;
        p += sp->len + 1;
    }
    out->count = l->count;
    return 0;
}

int pl_plan_steps_parse(const char *text, pl_plan_steps *out, pl_error *err)
{
    memset(out, 0, sizeof *out);
    span_list l;
    l.text = text;
    l.items = l.local;
    l.count = 0;
    l.cap = LOCAL_SPANS;
    l.chars = 0;
    int line = 1, rc = 0;
    const char *s = text;
    while (*s && rc == 0) {
        const char *end = strchr(s, '\n');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        const char *semi = memchr(s, ';', len);
        rc = parse_line(&l, s, semi ? (size_t)(semi - s) : len, line);
        line++;
        s += len + (end ? 1 : 0);
    }
    if (rc == 0)
        rc = copy_steps(&l, out);
    if (l.items != l.local)
        free(l.items);
    if (rc < 0)
        return pl_error_set(err, PL_ERR_LIMIT, NULL, line - 1, 0, "out of memory");
    return PL_OK;
}

void pl_plan_steps_free(pl_plan_steps *p)
{
    free(p->steps); /* also holds the lines and the strings */
    memset(p, 0, sizeof *p);
}

static size_t round_up(size_t n, size_t a)
{
    return (n + a - 1) / a * a;
}

/* One allocation for the trace, its steps (zeroed; pl_trace_new resolves
 * every one) and its states. */
static pl_trace *trace_alloc(const pl_task *t, int nsteps)
{
    size_t steps_off = round_up(sizeof(pl_trace), alignof(pl_trace_step));
    size_t nstep_bytes = ((size_t)nsteps + 1) * sizeof(pl_trace_step);
    size_t states_off = round_up(steps_off + nstep_bytes, alignof(uint64_t));
    size_t nstate_bytes = ((size_t)nsteps + 1) * (size_t)t->words * sizeof(uint64_t);
    char *block = malloc(states_off + nstate_bytes);
    if (!block)
        return NULL;
    memset(block, 0, states_off);
    pl_trace *tr = (pl_trace *)(void *)block;
    tr->task = t;
    tr->nsteps = nsteps;
    tr->steps = (pl_trace_step *)(void *)(block + steps_off);
    tr->states = (uint64_t *)(void *)(block + states_off);
    return tr;
}

pl_trace *pl_trace_new(const pl_task *t, char *const *steps, int nsteps)
{
    pl_trace *tr = trace_alloc(t, nsteps);
    if (!tr)
        return NULL;
    memcpy(tr->states, t->init, (size_t)t->words * sizeof *tr->states);
    tr->failed_step = -1;
    int i;
    for (i = 0; i < nsteps; i++) {
        pl_trace_step *st = &tr->steps[i];
        const uint64_t *cur = pl_trace_state(tr, i);
        pl_resolve_action(t, steps[i], &st->ref);
        tr->nwarnings += st->ref.surplus > 0 || st->ref.stray_parens > 0;
        if (st->ref.status == PL_REF_OK && pl_task_applicable(t, st->ref.action, cur)) {
            pl_task_apply(t, st->ref.action, cur, tr->states + (size_t)(i + 1) * (size_t)t->words);
            st->executed = true;
            tr->cost += t->actions[st->ref.action].cost;
            continue;
        }
        if (st->ref.args)
            st->nunmet = pl_explain_unmet(t, st->ref.schema, st->ref.args, cur, &st->unmet);
        tr->failed_step = i;
        break;
    }
    tr->lea = i;
    /* Steps after the failure are resolved too, so views can show what they name. */
    for (int j = i + 1; j < nsteps; j++)
        pl_resolve_action(t, steps[j], &tr->steps[j].ref);
    tr->executable = tr->failed_step < 0;
    const uint64_t *last = pl_trace_state(tr, tr->lea);
    tr->goal_reached = pl_task_goal_reached(t, last);
    tr->valid = tr->executable && tr->goal_reached;
    if (!tr->goal_reached)
        tr->nunmet_goals = pl_explain_unmet_goals(t, last, &tr->unmet_goals);
    return tr;
}

void pl_trace_free(pl_trace *tr)
{
    if (!tr)
        return;
    for (int i = 0; i < tr->nsteps; i++) {
        pl_action_ref_clear(&tr->steps[i].ref);
        pl_strings_free(tr->steps[i].unmet, tr->steps[i].nunmet);
    }
    pl_strings_free(tr->unmet_goals, tr->nunmet_goals);
    free(tr); /* also holds the steps and the states */
}
