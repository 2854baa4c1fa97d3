/* Plan files and plan traces. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"

static int push_step(pl_plan_steps *p, int *cap, const char *s, size_t n, int line)
{
    if (p->count == *cap) {
        int c = *cap ? *cap * 2 : 16;
        char **steps = realloc(p->steps, (size_t)c * sizeof *steps);
        if (!steps)
            return -1;
        p->steps = steps;
        int *lines = realloc(p->lines, (size_t)c * sizeof *lines);
        if (!lines)
            return -1;
        p->lines = lines;
        *cap = c;
    }
    p->steps[p->count] = pl_strndup(s, n);
    if (!p->steps[p->count])
        return -1;
    p->lines[p->count++] = line;
    return 0;
}

/* True when s[0..n) is "(…) (…) …": balanced groups with no nesting. */
static bool is_group_sequence(const char *s, size_t n)
{
    int depth = 0, groups = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '(') {
            if (depth++)
                return false;
            groups++;
        } else if (s[i] == ')') {
            if (--depth < 0)
                return false;
        } else if (!depth && !isspace((unsigned char)s[i])) {
            return false;
        }
    }
    return depth == 0 && groups > 0;
}

static int parse_line(pl_plan_steps *p, int *cap, const char *s, size_t n, int line)
{
    while (n && isspace((unsigned char)*s))
        s++, n--;
    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    /* VAL: "0.001: (a b) [1]" — a time stamp before, a duration after. */
    size_t k = 0;
    while (k < n && (isdigit((unsigned char)s[k]) || s[k] == '.'))
        k++;
    if (k > 0 && k < n && s[k] == ':') {
        s += k + 1;
        n -= k + 1;
        while (n && isspace((unsigned char)*s))
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
            while (n && isspace((unsigned char)s[n - 1]))
                n--;
        }
    }
    if (n == 0)
        return 0;
    if (!is_group_sequence(s, n))
        return push_step(p, cap, s, n, line);
    for (size_t i = 0; i < n; i++) {
        if (s[i] != '(')
            continue;
        size_t j = i;
        while (s[j] != ')')
            j++;
        if (push_step(p, cap, s + i, j - i + 1, line) < 0)
            return -1;
        i = j;
    }
    return 0;
}

int pl_plan_steps_parse(const char *text, pl_plan_steps *out, pl_error *err)
{
    memset(out, 0, sizeof *out);
    int cap = 0, line = 1;
    const char *s = text;
    while (*s) {
        const char *end = strchr(s, '\n');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        const char *semi = memchr(s, ';', len);
        if (parse_line(out, &cap, s, semi ? (size_t)(semi - s) : len, line) < 0) {
            pl_plan_steps_free(out);
            return pl_error_set(err, PL_ERR_LIMIT, NULL, line, 0, "out of memory");
        }
        line++;
        s += len + (end ? 1 : 0);
    }
    return PL_OK;
}

void pl_plan_steps_free(pl_plan_steps *p)
{
    pl_strings_free(p->steps, p->count);
    free(p->lines);
    memset(p, 0, sizeof *p);
}

pl_trace *pl_trace_new(const pl_task *t, char *const *steps, int nsteps)
{
    pl_trace *tr = calloc(1, sizeof *tr);
    if (!tr)
        return NULL;
    tr->task = t;
    tr->nsteps = nsteps;
    tr->steps = calloc((size_t)nsteps + 1, sizeof *tr->steps);
    tr->states = malloc(((size_t)nsteps + 1) * (size_t)t->words * sizeof *tr->states);
    if (!tr->steps || !tr->states) {
        pl_trace_free(tr);
        return NULL;
    }
    memcpy(tr->states, t->init, (size_t)t->words * sizeof *tr->states);
    tr->failed_step = -1;
    int i;
    for (i = 0; i < nsteps; i++) {
        pl_trace_step *st = &tr->steps[i];
        const uint64_t *cur = pl_trace_state(tr, i);
        pl_resolve_action(t, steps[i], &st->ref);
        if (st->ref.status == PL_REF_OK && pl_task_applicable(t, st->ref.action, cur)) {
            pl_task_apply(t, st->ref.action, cur, tr->states + (size_t)(i + 1) * (size_t)t->words);
            st->executed = true;
            tr->cost += t->actions[st->ref.action].cost;
            tr->nwarnings += st->ref.surplus > 0 || st->ref.stray_parens > 0;
            continue;
        }
        if (st->ref.args)
            st->nunmet = pl_explain_unmet(t, st->ref.schema, st->ref.args, cur, &st->unmet);
        tr->nwarnings += st->ref.surplus > 0 || st->ref.stray_parens > 0;
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
    for (int i = 0; tr->steps && i < tr->nsteps; i++) {
        pl_action_ref_clear(&tr->steps[i].ref);
        pl_strings_free(tr->steps[i].unmet, tr->steps[i].nunmet);
    }
    free(tr->steps);
    free(tr->states);
    pl_strings_free(tr->unmet_goals, tr->nunmet_goals);
    free(tr);
}
