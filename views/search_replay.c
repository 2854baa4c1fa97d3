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
