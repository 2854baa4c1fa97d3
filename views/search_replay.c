/* A search trace read back, and moving through it (search_replay.h). */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include "search_replay.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "base/json.h"

static char *dup_or_null(const char *s)
{
    return s ? strdup(s) : NULL;
}

/* A number field (null reads as PL_REPLAY_INF); false when missing or not a number. */
static bool number(const cJSON *o, const char *key, long long *v)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, key);
    if (cJSON_IsNull(x)) {
        *v = PL_REPLAY_INF;
        return true;
    }
    if (!cJSON_IsNumber(x))
        return false;
    *v = (long long)x->valuedouble;
    return true;
}

static bool read_successor(const cJSON *o, pl_replay_successor *c)
{
    long long id;
    const cJSON *action = cJSON_GetObjectItemCaseSensitive(o, "action");
    const char *fate = pl_json_str(o, "fate");
    if (!number(o, "id", &id) || !number(o, "g", &c->g) || !number(o, "h", &c->h) || !number(o, "f", &c->f)
        || !cJSON_IsString(action) || !fate)
        return false;
    c->id = (int)id;
    c->goal = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "goal"));
    c->action = strdup(action->valuestring);
    c->fate = strdup(fate);
    return c->action && c->fate;
}

/* One expansion record into r->records[r->nrecords]; false when malformed
 * (*oom set when out of memory). */
static bool read_record(const cJSON *o, pl_replay_record *rec, long expect_n, bool *oom)
{
    long long n, id, parent;
    const cJSON *state = cJSON_GetObjectItemCaseSensitive(o, "state");
    const cJSON *succ = cJSON_GetObjectItemCaseSensitive(o, "successors");
    const cJSON *action = cJSON_GetObjectItemCaseSensitive(o, "action");
    long long open, closed;
    if (!number(o, "n", &n) || n != expect_n || !number(o, "id", &id) || !number(o, "g", &rec->g)
        || !number(o, "h", &rec->h) || !number(o, "f", &rec->f) || !number(o, "parent", &parent)
        || !number(o, "open", &open) || !number(o, "closed", &closed) || !cJSON_IsArray(state)
        || !cJSON_IsArray(succ) || !(cJSON_IsString(action) || cJSON_IsNull(action)))
        return false;
    rec->n = (long)n;
    rec->id = (int)id;
    rec->parent = parent == PL_REPLAY_INF ? 0 : (long)parent;
    if (rec->parent < 0 || rec->parent >= rec->n)
        return false;
    rec->open = (long)open;
    rec->closed = (long)closed;
    rec->action = cJSON_IsString(action) ? strdup(action->valuestring) : NULL;
    int natoms = cJSON_GetArraySize(state), nsucc = cJSON_GetArraySize(succ);
    rec->atoms = calloc((size_t)natoms + 1, sizeof *rec->atoms);
    rec->successors = calloc((size_t)nsucc + 1, sizeof *rec->successors);
    if (!rec->atoms || !rec->successors || (cJSON_IsString(action) && !rec->action)) {
        *oom = true;
        return false;
    }
    const cJSON *x;
    cJSON_ArrayForEach(x, state) {
        if (!cJSON_IsString(x))
            return false;
        if (!(rec->atoms[rec->natoms++] = strdup(x->valuestring))) {
            *oom = true;
            return false;
        }
    }
    cJSON_ArrayForEach(x, succ) {
        if (!read_successor(x, &rec->successors[rec->nsuccessors++]))
            return false;
    }
    return true;
}

static bool read_end(const cJSON *o, pl_search_replay *r)
{
    const cJSON *goal = cJSON_GetObjectItemCaseSensitive(o, "goal");
    r->end = dup_or_null(pl_json_str(o, "end"));
    r->search = dup_or_null(pl_json_str(o, "search"));
    if (!r->end)
        return false;
    if (cJSON_IsNull(goal) || !goal)
        return true;
    long long id, parent;
    const char *action = pl_json_str(goal, "action");
    if (!number(goal, "id", &id) || !number(goal, "g", &r->goal_g) || !number(goal, "parent", &parent))
        return false;
    r->has_goal = true;
    r->goal_id = (int)id;
    r->goal_parent = parent == PL_REPLAY_INF ? 0 : (long)parent;
    r->goal_action = dup_or_null(action);
    return r->goal_parent >= 0 && r->goal_parent <= r->nrecords;
}

/* For each successor, the record that expands it next (successors of the
 * same id later in the trace); and the first goal generated. */
static bool link_expansions(pl_search_replay *r)
{
    int max_id = -1;
    for (long k = 0; k < r->nrecords; k++)
        max_id = r->records[k].id > max_id ? r->records[k].id : max_id;
    long *first = malloc(((size_t)max_id + 2) * sizeof *first);
    long *next = malloc(((size_t)r->nrecords + 1) * sizeof *next);
    if (!first || !next) {
        free(first);
        free(next);
        return false;
    }
    for (int i = 0; i <= max_id; i++)
        first[i] = -1;
    for (long k = r->nrecords - 1; k >= 0; k--) { /* each id's records, in order */
        next[k] = first[r->records[k].id];
        first[r->records[k].id] = k;
    }
    for (long k = 0; k < r->nrecords; k++) {
        pl_replay_record *rec = &r->records[k];
        for (int i = 0; i < rec->nsuccessors; i++) {
            pl_replay_successor *c = &rec->successors[i];
            long j = c->id >= 0 && c->id <= max_id ? first[c->id] : -1;
            while (j >= 0 && j <= k)
                j = next[j];
            c->expanded_at = j >= 0 ? j + 1 : 0;
            if (c->goal && !r->goal_generated)
                r->goal_generated = rec->n;
        }
    }
    free(first);
    free(next);
    return true;
}

/* The next line of text (from *pos), without its line break, into line and n. */
static bool next_line(const char *text, size_t len, size_t *pos, const char **line, size_t *n)
{
    if (*pos >= len)
        return false;
    const char *start = text + *pos, *nl = memchr(start, '\n', len - *pos);
    *n = nl ? (size_t)(nl - start) : len - *pos;
    *line = start;
    *pos += *n + (nl != NULL);
    return true;
}

pl_error_code pl_replay_parse(const char *text, size_t len, const char *name, pl_search_replay *r, pl_error *err)
{
    memset(r, 0, sizeof *r);
    size_t pos = 0, n;
    const char *line;
    long cap = 0;
    int lineno = 0;
    while (next_line(text, len, &pos, &line, &n)) {
        lineno++;
        if (n == 0 || (n == 1 && line[0] == '\r'))
            continue;
        if (r->end)
            return pl_error_set(err, PL_ERR_SYNTAX, name, lineno, 1, "a line after the end of the search");
        pl_error perr = PL_ERROR_INIT;
        cJSON *o = pl_json_parse_exact(line, n, name, &perr);
        if (!o) {
            pl_error_set(err, PL_ERR_SYNTAX, name, lineno, perr.column, "%s", perr.message ? perr.message : "not JSON");
            pl_error_clear(&perr);
            return PL_ERR_SYNTAX;
        }
        bool ok, oom = false;
        if (cJSON_GetObjectItemCaseSensitive(o, "end")) {
            ok = read_end(o, r);
        } else {
            if (r->nrecords == cap) {
                long c = cap ? cap * 2 : 256;
                pl_replay_record *recs = realloc(r->records, (size_t)c * sizeof *recs);
                if (!recs) {
                    cJSON_Delete(o);
                    return pl_error_set(err, PL_ERR_LIMIT, name, lineno, 0, "out of memory");
                }
                r->records = recs;
                cap = c;
            }
            memset(&r->records[r->nrecords], 0, sizeof *r->records);
            ok = read_record(o, &r->records[r->nrecords], r->nrecords + 1, &oom);
            r->nrecords++; /* counted even when malformed, so that pl_replay_free frees it */
        }
        cJSON_Delete(o);
        if (!ok)
            return pl_error_set(err, oom ? PL_ERR_LIMIT : PL_ERR_SYNTAX, name, lineno, 1, "%s",
                                oom ? "out of memory" : "not a search trace record (planlens plan --trace)");
    }
    if (!r->nrecords && !r->end)
        return pl_error_set(err, PL_ERR_SYNTAX, name, 0, 0, "an empty search trace");
    if (!link_expansions(r))
        return pl_error_set(err, PL_ERR_LIMIT, name, 0, 0, "out of memory");
    return PL_OK;
}

pl_error_code pl_replay_read(const char *path, pl_search_replay *r, pl_error *err)
{
    size_t len;
    memset(r, 0, sizeof *r);
    char *text = pl_read_file(path, &len, err);
    if (!text)
        return err && err->code ? err->code : PL_ERR_IO;
    pl_error_code rc = pl_replay_parse(text, len, path, r, err);
    free(text);
    return rc;
}

void pl_replay_free(pl_search_replay *r)
{
    for (long k = 0; k < r->nrecords; k++) {
        pl_replay_record *rec = &r->records[k];
        for (int i = 0; i < rec->natoms; i++)
            free(rec->atoms[i]);
        for (int i = 0; i < rec->nsuccessors; i++) {
            free(rec->successors[i].action);
            free(rec->successors[i].fate);
        }
        free(rec->atoms);
        free(rec->successors);
        free(rec->action);
    }
    free(r->records);
    free(r->end);
    free(r->search);
    free(r->goal_action);
    memset(r, 0, sizeof *r);
}

bool pl_replay_sniff(const char *text, size_t len)
{
    const char *nl = memchr(text, '\n', len);
    size_t n = nl ? (size_t)(nl - text) : len;
    cJSON *o = n && text[0] == '{' ? cJSON_ParseWithLength(text, n) : NULL;
    bool yes = o && cJSON_GetObjectItemCaseSensitive(o, "n") && cJSON_GetObjectItemCaseSensitive(o, "successors")
               && cJSON_GetObjectItemCaseSensitive(o, "open");
    cJSON_Delete(o);
    return yes;
}

void pl_replay_go(pl_search_replay *r, long n)
{
    long at = n - 1;
    r->at = at < 0 ? 0 : at > r->nrecords ? r->nrecords : at;
}

void pl_replay_step(pl_search_replay *r, long delta)
{
    pl_replay_go(r, r->at + 1 + delta);
}

bool pl_replay_go_first_goal(pl_search_replay *r)
{
    if (!r->goal_generated)
        return false;
    pl_replay_go(r, r->goal_generated);
    return true;
}

bool pl_replay_go_goal(pl_search_replay *r)
{
    if (!r->has_goal)
        return false;
    r->at = r->nrecords;
    return true;
}

int pl_replay_path(const pl_search_replay *r, long n, const char ***actions)
{
    int len = 0;
    *actions = NULL;
    if (n < 0 || n > r->nrecords)
        return -1;
    for (long k = n; k > 0; k = r->records[k - 1].parent) /* parents come first (read_record) */
        len += r->records[k - 1].action != NULL;
    const char **a = calloc((size_t)len + 1, sizeof *a);
    if (!a)
        return -1;
    int i = len;
    for (long k = n; k > 0; k = r->records[k - 1].parent)
        if (r->records[k - 1].action)
            a[--i] = r->records[k - 1].action;
    *actions = a;
    return len;
}

int pl_replay_plan(const pl_search_replay *r, const char ***actions)
{
    *actions = NULL;
    if (!r->has_goal)
        return -1;
    const char **path;
    int len = pl_replay_path(r, r->goal_parent, &path);
    if (len < 0)
        return -1;
    if (r->goal_action) {
        const char **a = realloc(path, ((size_t)len + 2) * sizeof *a);
        if (!a) {
            free(path);
            return -1;
        }
        path = a;
        path[len++] = r->goal_action;
    }
    *actions = path;
    return len;
}

/* ---- a search run here, recorded from its observer (no file) ---- */

static const struct {
    const char *name;
    pl_heuristic_kind heuristic;
    bool greedy;
} replay_searches[] = {
    {"astar-blind", PL_H_BLIND, false}, {"astar-hmax", PL_H_MAX, false}, {"astar-lmcut", PL_H_LMCUT, false},
    {"gbfs-ff", PL_H_FF, true},         {"gbfs-add", PL_H_ADD, true},
};

bool pl_replay_search_named(const char *name, pl_replay_search_opts *o)
{
    for (size_t i = 0; i < sizeof replay_searches / sizeof *replay_searches; i++)
        if (!strcmp(name, replay_searches[i].name)
            || (!strncmp(replay_searches[i].name, "astar-", 6) && !strcmp(name, replay_searches[i].name + 6))) {
            o->search = replay_searches[i].name;
            o->heuristic = replay_searches[i].heuristic;
            o->greedy = replay_searches[i].greedy;
            return true;
        }
    return false;
}

typedef struct {
    const pl_task *t;
    pl_search_replay *r;
    long cap;
    long *record_of; /* by state id: the record n of its last expansion, 0: none yet */
    int nrecord_of;
    bool oom;
} recorder;

/* A PDDL name, as the trace would hold it (the view's spans make it safe to show). */
static char *name_copy(const char *s)
{
    return strdup(s);
}

static long record_of(const recorder *rc, int id)
{
    return id >= 0 && id < rc->nrecord_of ? rc->record_of[id] : 0;
}

static bool remember(recorder *rc, int id, long n)
{
    if (id >= rc->nrecord_of) {
        int cap = rc->nrecord_of ? rc->nrecord_of : 1024;
        while (cap <= id)
            cap *= 2;
        long *m = realloc(rc->record_of, (size_t)cap * sizeof *m);
        if (!m)
            return false;
        memset(m + rc->nrecord_of, 0, (size_t)(cap - rc->nrecord_of) * sizeof *m);
        rc->record_of = m;
        rc->nrecord_of = cap;
    }
    rc->record_of[id] = n;
    return true;
}

static const char *const fate_names[] = {"new", "better", "duplicate", "pruned"};

static long long h_of(int h)
{
    return h == PL_H_INF ? PL_REPLAY_INF : h;
}

static long long f_of(long long g, int h)
{
    return h == PL_H_INF ? PL_REPLAY_INF : g + h;
}

/* Fills one record as read_record would from the trace line. */
static bool fill_record(recorder *rc, const pl_search_expansion *e, pl_replay_record *rec)
{
    const pl_task *t = rc->t;
    rec->n = e->n;
    rec->id = e->id;
    rec->g = e->g;
    rec->h = h_of(e->h);
    rec->f = f_of(e->g, e->h);
    rec->parent = record_of(rc, e->parent);
    rec->open = e->open;
    rec->closed = e->closed;
    if (e->action >= 0 && !(rec->action = name_copy(t->actions[e->action].name)))
        return false;
    int natoms = 0;
    for (int a = 0; a < t->natoms; a++)
        natoms += pl_state_has(e->state, a) && !pl_task_atom_derived(t, a);
    rec->atoms = calloc((size_t)natoms + 1, sizeof *rec->atoms);
    rec->successors = calloc((size_t)e->nsuccessors + 1, sizeof *rec->successors);
    if (!rec->atoms || !rec->successors)
        return false;
    for (int a = 0; a < t->natoms; a++)
        if (pl_state_has(e->state, a) && !pl_task_atom_derived(t, a)
            && !(rec->atoms[rec->natoms++] = name_copy(t->atoms[a].name)))
            return false;
    for (int i = 0; i < e->nsuccessors; i++) {
        const pl_search_successor *s = &e->successors[i];
        pl_replay_successor *c = &rec->successors[rec->nsuccessors++];
        c->id = s->id;
        c->g = s->g;
        c->h = h_of(s->h);
        c->f = f_of(s->g, s->h);
        c->goal = s->goal;
        c->action = name_copy(t->actions[s->action].name);
        c->fate = strdup(fate_names[s->fate]);
        if (!c->action || !c->fate)
            return false;
    }
    return remember(rc, e->id, e->n);
}

static void observe_expansion(const pl_search_expansion *e, void *ctx)
{
    recorder *rc = ctx;
    pl_search_replay *r = rc->r;
    if (rc->oom)
        return;
    if (r->nrecords == rc->cap) {
        long cap = rc->cap ? rc->cap * 2 : 256;
        pl_replay_record *recs = realloc(r->records, (size_t)cap * sizeof *recs);
        if (!recs) {
            rc->oom = true;
            return;
        }
        r->records = recs;
        rc->cap = cap;
    }
    pl_replay_record *rec = &r->records[r->nrecords++]; /* counted at once, so that pl_replay_free frees it */
    memset(rec, 0, sizeof *rec);
    rc->oom = !fill_record(rc, e, rec);
}

static void observe_end(const pl_search_end *end, void *ctx)
{
    recorder *rc = ctx;
    pl_search_replay *r = rc->r;
    if (rc->oom || !(r->end = strdup(pl_search_status_name(end->status)))) {
        rc->oom = true;
        return;
    }
    if (end->goal_id < 0)
        return;
    r->has_goal = true;
    r->goal_id = end->goal_id;
    r->goal_g = end->goal_g;
    r->goal_parent = record_of(rc, end->goal_parent);
    if (end->goal_action >= 0 && !(r->goal_action = name_copy(rc->t->actions[end->goal_action].name)))
        rc->oom = true;
}

pl_error_code pl_replay_search(const pl_task *t, const pl_relaxed *relaxed, const pl_replay_search_opts *o,
                               pl_search_replay *r, pl_search_result *res, pl_error *err)
{
    memset(r, 0, sizeof *r);
    pl_search_result own;
    pl_search_result *out = res ? res : &own;
    memset(out, 0, sizeof *out);
    recorder rc = {.t = t, .r = r};
    pl_search_params p = pl_search_defaults();
    p.heuristic = o->heuristic;
    p.greedy = o->greedy;
    p.max_expansions = o->max_expansions;
    p.max_seconds = o->max_seconds;
    p.init = o->init;
    p.observe = observe_expansion;
    p.observe_end = observe_end;
    p.observe_ctx = &rc;
    pl_search_status status = pl_search(t, relaxed, &p, out);
    free(rc.record_of);
    pl_error_code code = PL_OK;
    if (rc.oom || !(r->search = strdup(o->search)) || !link_expansions(r))
        code = pl_error_set(err, PL_ERR_LIMIT, o->search, 0, 0, "out of memory while recording the search");
    else if (status == PL_SEARCH_ERROR)
        code = pl_error_set(err, PL_ERR_LIMIT, o->search, 0, 0, "the search failed (out of memory, or costs it cannot handle)");
    else if (status == PL_SEARCH_LIMIT && out->limit && !strcmp(out->limit, "expansions"))
        r->limit = o->max_expansions;
    if (!res)
        pl_search_result_clear(&own);
    return code;
}
