/* planlens plan --trace: expansion records as JSON lines (plan_trace.h). */
#include "plan_trace.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/safe_text.h"

static void add(plan_trace *tr, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(plan_trace *tr, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = tr->failed ? 0 : vsnprintf(tr->line + tr->len, tr->cap - tr->len, fmt, ap);
        va_end(ap);
        if (tr->failed || n < 0 || tr->len + (size_t)n < tr->cap) {
            tr->len += n > 0 ? (size_t)n : 0;
            tr->failed |= n < 0;
            return;
        }
        size_t cap = (tr->cap + (size_t)n + 1) * 2;
        char *line = realloc(tr->line, cap);
        if (!line) {
            tr->failed = true;
            return;
        }
        tr->line = line;
        tr->cap = cap;
    }
}

/* A JSON string: quote, backslash and control characters escaped here;
 * pl_safe_json deals with the rest of what a terminal could act on. */
static void add_string(plan_trace *tr, const char *s)
{
    add(tr, "\"");
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            add(tr, "\\%c", *p);
        else if (*p < 0x20)
            add(tr, "\\u%04x", *p);
        else
            add(tr, "%c", *p);
    }
    add(tr, "\"");
}

static void add_action(plan_trace *tr, int action)
{
    if (action < 0)
        add(tr, "null");
    else
        add_string(tr, tr->t->actions[action].name);
}

static void add_h(plan_trace *tr, long long g, int h)
{
    if (h == PL_H_INF)
        add(tr, "\"h\":null,\"f\":null");
    else
        add(tr, "\"h\":%d,\"f\":%lld", h, g + h);
}

/* The record number of state `id`'s last expansion, or 0 (written null). */
static long record_of(const plan_trace *tr, int id)
{
    return id >= 0 && id < tr->nrecord_of ? tr->record_of[id] : 0;
}

static void add_parent(plan_trace *tr, int parent)
{
    long n = record_of(tr, parent);
    if (n)
        add(tr, "%ld", n);
    else
        add(tr, "null");
}

static bool remember(plan_trace *tr, int id, long n)
{
    if (id >= tr->nrecord_of) {
        int cap = tr->nrecord_of ? tr->nrecord_of : 1024;
        while (cap <= id)
            cap *= 2;
        long *r = realloc(tr->record_of, (size_t)cap * sizeof *r);
        if (!r)
            return false;
        memset(r + tr->nrecord_of, 0, (size_t)(cap - tr->nrecord_of) * sizeof *r);
        tr->record_of = r;
        tr->nrecord_of = cap;
    }
    tr->record_of[id] = n;
    return true;
}

/* The line built, made safe, into the file. */
static void put_line(plan_trace *tr)
{
    char *safe = tr->failed ? NULL : pl_safe_json(tr->line);
    if (!safe || fputs(safe, tr->file.f) == EOF || fputc('\n', tr->file.f) == EOF)
        tr->failed = true;
    free(safe);
    tr->len = 0;
    tr->line[0] = 0;
}

bool plan_trace_open(plan_trace *tr, const pl_task *t, const char *search, const char *path, pl_error *err)
{
    memset(tr, 0, sizeof *tr);
    tr->t = t;
    tr->search = search;
    tr->cap = 4096;
    tr->line = malloc(tr->cap);
    if (!tr->line) {
        pl_error_set(err, PL_ERR_IO, NULL, 0, 0, "out of memory");
        return false;
    }
    tr->line[0] = 0;
    if (pl_atomic_open(&tr->file, path, err))
        return true;
    free(tr->line);
    return false;
}

static const char *const fate_names[] = {"new", "better", "duplicate", "pruned"};

void plan_trace_expansion(const pl_search_expansion *e, void *ctx)
{
    plan_trace *tr = ctx;
    const pl_task *t = tr->t;
    add(tr, "{\"n\":%ld,\"id\":%d,\"state\":[", e->n, e->id);
    bool first = true;
    for (int a = 0; a < t->natoms; a++)
        if (pl_state_has(e->state, a) && !pl_task_atom_derived(t, a)) {
            add(tr, first ? "" : ",");
            add_string(tr, t->atoms[a].name);
            first = false;
        }
    add(tr, "],\"g\":%lld,", e->g);
    add_h(tr, e->g, e->h);
    add(tr, ",\"parent\":");
    add_parent(tr, e->parent);
    add(tr, ",\"action\":");
    add_action(tr, e->action);
    add(tr, ",\"open\":%ld,\"closed\":%ld,\"successors\":[", e->open, e->closed);
    for (int i = 0; i < e->nsuccessors; i++) {
        const pl_search_successor *c = &e->successors[i];
        add(tr, "%s{\"id\":%d,\"action\":", i ? "," : "", c->id);
        add_action(tr, c->action);
        add(tr, ",\"g\":%lld,", c->g);
        add_h(tr, c->g, c->h);
        add(tr, ",\"goal\":%s,\"fate\":\"%s\"}", c->goal ? "true" : "false", fate_names[c->fate]);
    }
    add(tr, "]}");
    if (!remember(tr, e->id, e->n))
        tr->failed = true;
    put_line(tr);
}

void plan_trace_end(const pl_search_end *end, void *ctx)
{
    plan_trace *tr = ctx;
    add(tr, "{\"end\":\"%s\",\"search\":", pl_search_status_name(end->status));
    add_string(tr, tr->search);
    add(tr, ",\"goal\":");
    if (end->goal_id < 0) {
        add(tr, "null}");
    } else {
        add(tr, "{\"id\":%d,\"g\":%lld,\"parent\":", end->goal_id, end->goal_g);
        add_parent(tr, end->goal_parent);
        add(tr, ",\"action\":");
        add_action(tr, end->goal_action);
        add(tr, "}}");
    }
    put_line(tr);
}

bool plan_trace_close(plan_trace *tr, bool ok, pl_error *err)
{
    bool complete = ok && !tr->failed;
    pl_error_code rc = pl_atomic_close(&tr->file, complete, err);
    free(tr->record_of);
    free(tr->line);
    return complete && rc == PL_OK;
}
