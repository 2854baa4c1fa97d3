/* Start states from plan prefixes and state files (start_state.h). */
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "plans/plan.h"
#include "teach/start_state.h"

/* 1-based line and column of offset `at` in text. */
static void locate(const char *text, size_t at, int *line, int *col)
{
    *line = 1;
    *col = 1;
    for (size_t i = 0; i < at; i++) {
        if (text[i] == '\n') {
            (*line)++;
            *col = 1;
        } else {
            (*col)++;
        }
    }
}

static int fail_at(pl_error *err, const char *path, const char *text, size_t at, const char *what, const char *detail)
{
    int line, col;
    locate(text, at, &line, &col);
    return pl_error_set(err, PL_ERR_SEMANTIC, path, line, col, "%s%s%s", what, detail ? ": " : "",
                        detail ? detail : "");
}

/* One parenthesised atom text[at .. end) into the state. */
static int take_atom(const pl_task *t, const char *text, size_t at, size_t end, const char *path, uint64_t *state,
                     pl_error *err)
{
    char *atom = pl_strndup(text + at, end - at);
    if (!atom)
        return pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
    pl_atom_ref ref;
    int rc = PL_OK;
    switch (pl_resolve_atom_ref(t, atom, &ref)) {
    case PL_ATOM_FLUENT:
        if (pl_task_atom_derived(t, ref.atom))
            rc = fail_at(err, path, text, at, atom, "a derived atom (the axioms compute it from the others)");
        else
            pl_state_set(state, ref.atom, true);
        break;
    case PL_ATOM_STATIC_TRUE:
    case PL_ATOM_TYPE_TRUE:
        break; /* true in every state already */
    case PL_ATOM_UNREACHABLE:
        /* a fluent atom no action reaches: the grounding kept no id for it */
        rc = fail_at(err, path, text, at, atom, ref.detail ? ref.detail : "never true in a reachable state");
        break;
    default:
        rc = fail_at(err, path, text, at, atom, ref.detail ? ref.detail : "not an atom of the task");
        break;
    }
    pl_atom_ref_clear(&ref);
    free(atom);
    return rc;
}

int pl_start_state_parse(const pl_task *t, const char *text, const char *path, uint64_t *state, pl_error *err)
{
    memset(state, 0, (size_t)t->words * sizeof *state);
    size_t i = 0, n = strlen(text);
    while (i < n) {
        char c = text[i];
        if (c == ';') {
            while (i < n && text[i] != '\n')
                i++;
        } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            i++;
        } else if (c == '(') {
            size_t end = i + 1;
            while (end < n && text[end] != ')' && text[end] != '(' && text[end] != '\n')
                end++;
            if (end == n || text[end] != ')')
                return fail_at(err, path, text, i, "an atom without its ')'", NULL);
            int rc = take_atom(t, text, i, end + 1, path, state, err);
            if (rc != PL_OK)
                return rc;
            i = end + 1;
        } else {
            return fail_at(err, path, text, i, "expected an atom in parentheses, such as (on a b)", NULL);
        }
    }
    pl_task_derive(t, state);
    return PL_OK;
}

/* A whole text file, refused when it holds a NUL byte. */
static char *read_text(const char *path, pl_error *err)
{
    size_t len;
    char *text = pl_read_file(path, &len, err);
    if (text && pl_check_text(path, text, len, err) != PL_OK) {
        free(text);
        return NULL;
    }
    return text;
}

/* The state after the first spec->step actions of the plan file. */
static int from_plan(const pl_task *t, const pl_start_spec *spec, pl_start_state *out, pl_error *err)
{
    char *text = read_text(spec->plan_path, err);
    if (!text)
        return err->code;
    pl_plan_steps steps;
    int rc = pl_plan_steps_parse(text, &steps, err);
    free(text);
    if (rc != PL_OK)
        return rc;
    pl_trace *tr = pl_trace_new(t, steps.steps, steps.count);
    int k = spec->step < 0 ? steps.count : spec->step;
    if (!tr) {
        rc = pl_error_set(err, PL_ERR_LIMIT, spec->plan_path, 0, 0, "out of memory");
    } else if (k > steps.count) {
        rc = pl_error_set(err, PL_ERR_SEMANTIC, spec->plan_path, 0, 0,
                          "--step %d: the plan has %d actions (--step K applies the first K; 0 = the initial state)",
                          k, steps.count);
    } else if (k > tr->lea) {
        const pl_trace_step *st = &tr->steps[tr->lea];
        rc = pl_error_set(err, PL_ERR_SEMANTIC, spec->plan_path, steps.lines[tr->lea], 1,
                          "--step %d: step %d (0 is the first action) %s does not apply%s%s", k, tr->lea,
                          st->ref.text, st->nunmet ? ": unmet " : "", st->nunmet ? st->unmet[0] : "");
    } else {
        out->state = pl_state_clone(t, pl_trace_state(tr, k));
        out->actions = malloc(((size_t)k + 1) * sizeof *out->actions);
        if (!out->state || !out->actions)
            rc = pl_error_set(err, PL_ERR_LIMIT, spec->plan_path, 0, 0, "out of memory");
        for (int i = 0; rc == PL_OK && i < k; i++) {
            out->actions[i] = tr->steps[i].ref.action;
            out->cost += t->actions[out->actions[i]].cost;
        }
        out->steps = k;
        out->plan_length = steps.count;
    }
    pl_trace_free(tr);
    pl_plan_steps_free(&steps);
    return rc;
}

int pl_start_state_read(const pl_task *t, const pl_start_spec *spec, pl_start_state *out, pl_error *err)
{
    memset(out, 0, sizeof *out);
    int rc = PL_OK;
    if (spec->plan_path) {
        rc = from_plan(t, spec, out, err);
    } else if (spec->state_path) {
        char *text = read_text(spec->state_path, err);
        if (!text)
            return err->code;
        out->state = pl_state_new(t);
        if (out->state)
            rc = pl_start_state_parse(t, text, spec->state_path, out->state, err);
        else
            rc = pl_error_set(err, PL_ERR_LIMIT, spec->state_path, 0, 0, "out of memory");
        free(text);
    } else {
        out->state = pl_state_clone(t, t->init);
        if (!out->state)
            rc = pl_error_set(err, PL_ERR_LIMIT, NULL, 0, 0, "out of memory");
    }
    if (rc != PL_OK)
        pl_start_state_clear(out);
    return rc;
}

void pl_start_state_clear(pl_start_state *s)
{
    free(s->state);
    free(s->actions);
    memset(s, 0, sizeof *s);
}
