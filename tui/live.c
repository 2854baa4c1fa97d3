/* Following the opened paths and swapping in the reloaded workspace (live.h). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "live.h"
#include "base/sort.h"
#include "workspace/follow.h"

#define SETTLE_MS 300   /* the files unchanged this long before they are read */
#define RETRY_MS 1000   /* after a load that caught a file mid-write */
#define MAX_RETRIES 5   /* then a file that still does not load is reported */
#define NOTES_POLL_MS 250 /* the review journal read for other writers' records */

struct tui_live {
    char **paths;
    int npaths;
    pl_ws_follow *follow;
    pl_workspace *next;  /* the changed files loading and grading, or NULL */
    bool next_checked;   /* whether its load was checked for files caught mid-write */
    int retries;         /* loads of this change thrown away */
    long long wait_until;
    long long notes_at;  /* when the journal is read next */
};

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

tui_live *tui_live_new(const char *const *paths, int npaths)
{
    tui_live *l = calloc(1, sizeof *l);
    if (!l || !(l->paths = calloc((size_t)npaths + 1, sizeof *l->paths))) {
        free(l);
        return NULL;
    }
    for (; l->npaths < npaths; l->npaths++)
        if (!(l->paths[l->npaths] = pl_strdup(paths[l->npaths]))) {
            tui_live_free(l);
            return NULL;
        }
    const char *poll = getenv("PLANLENS_POLL"); /* polling without inotify (tests, network file systems) */
    if (!(l->follow = pl_ws_follow_new(paths, npaths, !(poll && *poll)))) {
        tui_live_free(l);
        return NULL;
    }
    return l;
}

void tui_live_free(tui_live *l)
{
    if (!l)
        return;
    pl_workspace_close(l->next);
    pl_ws_follow_free(l->follow);
    for (int i = 0; i < l->npaths; i++)
        free(l->paths[i]);
    free(l->paths);
    free(l);
}

/* ---- record keys: what carries a screen's records over to the new workspace ---- */

typedef struct {
    char *key;
    int index;
} keyed;

static int by_key(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    return c ? c : x->index - y->index;
}

/* Every record's key, "model\ttask\tid\tepoch\tk" (the k-th answer of
 * those, in load order), sorted by key; NULL when out of memory. */
static keyed *record_keys(const pl_workspace *ws, int *n)
{
    *n = pl_workspace_count(ws);
    keyed *k = calloc((size_t)*n + 1, sizeof *k);
    bool ok = k != NULL;
    for (int i = 0; ok && i < *n; i++) {
        const pl_ws_record *r = pl_workspace_record(ws, i);
        k[i] = (keyed){pl_strdup_printf("%s\t%s\t%s\t%d", r->model, r->task, r->id, r->epoch), i};
        ok = k[i].key != NULL;
    }
    if (ok) /* the answers with one key together, in load order */
        pl_sort(k, (size_t)*n, sizeof *k, by_key);
    char *prev = NULL;
    for (int i = 0, nth = 0; ok && i < *n; i++) {
        nth = prev && !strcmp(prev, k[i].key) ? nth + 1 : 0;
        char *full = pl_strdup_printf("%s\t%d", k[i].key, nth);
        free(prev);
        prev = k[i].key;
        k[i].key = full;
        ok = full != NULL;
    }
    free(prev);
    if (!ok) {
        for (int i = 0; k && i < *n; i++)
            free(k[i].key);
        free(k);
        return NULL;
    }
    pl_sort(k, (size_t)*n, sizeof *k, by_key);
    return k;
}

static void keys_free(keyed *k, int n)
{
    for (int i = 0; k && i < n; i++)
        free(k[i].key);
    free(k);
}

typedef struct {
    keyed *old_keys, *new_keys;
    int nold, nnew;
    int *old_to_new; /* per old record: its index in the new workspace, or -1 */
} record_map;

static bool map_build(record_map *m, const pl_workspace *old, const pl_workspace *next)
{
    memset(m, 0, sizeof *m);
    m->old_keys = record_keys(old, &m->nold);
    m->new_keys = record_keys(next, &m->nnew);
    m->old_to_new = malloc(((size_t)m->nold + 1) * sizeof *m->old_to_new);
    if (!m->old_keys || !m->new_keys || !m->old_to_new)
        return false;
    for (int i = 0; i < m->nold; i++) {
        const char *want = m->old_keys[i].key;
        const keyed *hit = NULL;
        for (int lo = 0, hi = m->nnew - 1; lo <= hi && !hit;) { /* the new record of the same key */
            int mid = (lo + hi) / 2, c = strcmp(want, m->new_keys[mid].key);
            if (c == 0)
                hit = &m->new_keys[mid];
            else if (c < 0)
                hi = mid - 1;
            else
                lo = mid + 1;
        }
        m->old_to_new[m->old_keys[i].index] = hit ? hit->index : -1;
    }
    return true;
}

static void map_free(record_map *m)
{
    keys_free(m->old_keys, m->nold);
    keys_free(m->new_keys, m->nnew);
    free(m->old_to_new);
}

static int mapped(const record_map *m, int old)
{
    return old >= 0 && old < m->nold ? m->old_to_new[old] : -1;
}

/* ---- the swap ---- */

/* Screens whose state is record indices, filters and view models only: the
 * others (plan, state, compare, probe, why, ...) hold what they built from
 * the workspace, so the swap waits until the user leaves them. */
static bool swappable(const tui_app *app)
{
    for (int i = 0; i < app->depth; i++) {
        tui_view_kind k = app->stack[i].kind;
        if (k != VIEW_DASHBOARD && k != VIEW_LIST && k != VIEW_DETAIL && k != VIEW_HISTOGRAM && k != VIEW_WARNINGS &&
            k != VIEW_HELP && k != VIEW_FREQ)
            return false;
    }
    return app->nstopping == 0 && !app->audit_job; /* probe and audit runs still read the old questions */
}

/* What each screen had under its cursor: a dashboard row's key or a record. */
typedef struct {
    char *row_key;
    int record;
} cursor_at;

static cursor_at cursor_of(const tui_screen *s, const record_map *m)
{
    cursor_at c = {NULL, -1};
    int t = s->cursor >= 0 && s->cursor < s->vm.nlines ? s->vm.lines[s->cursor].target : -1;
    if (s->kind == VIEW_DASHBOARD && t >= 0 && t < s->rows.nkeys)
        c.row_key = pl_strdup(s->rows.keys[t]);
    else if (s->kind == VIEW_LIST)
        c.record = mapped(m, t);
    return c;
}

/* The cursor back on what it was on, in the rebuilt view model. */
static void restore_cursor(tui_screen *s, const cursor_at *c)
{
    for (int i = 0; i < s->vm.nlines; i++) {
        int t = s->vm.lines[i].target;
        if (t < 0)
            continue;
        if ((c->row_key && t < s->rows.nkeys && !strcmp(s->rows.keys[t], c->row_key)) ||
            (!c->row_key && c->record >= 0 && t == c->record)) {
            s->cursor = i;
            return;
        }
    }
}

/* The records of a screen in the new workspace: a detail's record (false
 * when it is gone), a subset's members (those still there). */
static bool carry_records(tui_screen *s, const record_map *m)
{
    if (s->kind == VIEW_DETAIL && (s->record = mapped(m, s->record)) < 0)
        return false;
    int kept = 0;
    for (int i = 0; s->subset && i < s->nsubset; i++)
        if (mapped(m, s->subset[i]) >= 0)
            s->subset[kept++] = mapped(m, s->subset[i]);
    s->nsubset = s->subset ? kept : s->nsubset;
    pl_detail_cache_free(&s->detail); /* it holds a question of the old workspace */
    return true;
}

static void swap(tui_app *app, pl_workspace *next)
{
    record_map m;
    if (!map_build(&m, app->ws, next)) {
        map_free(&m);
        pl_workspace_close(next);
        return;
    }
    cursor_at at[MAX_DEPTH];
    int depth = app->depth;
    for (int i = 0; i < app->depth; i++)
        at[i] = cursor_of(&app->stack[i], &m);
    for (int i = 0; i < app->depth; i++)
        if (!carry_records(&app->stack[i], &m)) { /* its record is gone: back to the screen below */
            while (app->depth > i)
                tui_pop(app);
            break;
        }
    pl_workspace *old = app->ws;
    app->ws = next;
    tui_apply_notes(app);
    pl_workspace_set_reducer(app->ws, app->reducer[0] ? app->reducer : NULL);
    for (int i = 0; i < app->depth; i++) {
        tui_rebuild(app, &app->stack[i]);
        restore_cursor(&app->stack[i], &at[i]);
    }
    for (int i = 0; i < depth; i++)
        free(at[i].row_key);
    map_free(&m);
    pl_workspace_close(old);
    app->last_graded = -1;
}

/* Warnings of the files that did not load or lost records: more than the
 * workspace in use has means a file was caught mid-write. */
static bool caught_mid_write(const pl_workspace *now, const pl_workspace *next)
{
    return pl_workspace_warnings(next)->count > pl_workspace_warnings(now)->count;
}

tui_live_event tui_live_tick(tui_app *app)
{
    tui_live *l = app->live;
    if (!l || !app->opened)
        return TUI_LIVE_IDLE;
    if (now_ms() >= l->notes_at) { /* other explorers' notes and reviews: the screens showing them are redrawn */
        l->notes_at = now_ms() + NOTES_POLL_MS;
        tui_refresh_notes(app);
    }
    if (!l->next) {
        if (now_ms() < l->wait_until || !pl_ws_follow_check(l->follow, SETTLE_MS))
            return TUI_LIVE_IDLE;
        l->next = pl_workspace_open_async((const char *const *)l->paths, l->npaths);
        l->next_checked = false;
        return l->next ? TUI_LIVE_READING : TUI_LIVE_IDLE;
    }
    pl_ws_progress p;
    pl_workspace_progress(l->next, &p);
    if (!p.loaded)
        return TUI_LIVE_IDLE;
    if (!l->next_checked) {
        l->next_checked = true;
        bool retry = !pl_ws_follow_unchanged(l->follow) ||
                     (caught_mid_write(app->ws, l->next) && l->retries < MAX_RETRIES);
        if (retry) { /* read again once the files settle */
            l->retries++;
            pl_workspace_close(l->next);
            l->next = NULL;
            l->wait_until = now_ms() + RETRY_MS;
            return TUI_LIVE_READING;
        }
    }
    if (p.graded < p.count || !swappable(app))
        return TUI_LIVE_IDLE;
    swap(app, l->next);
    l->next = NULL;
    l->retries = 0;
    pl_ws_follow_accept(l->follow);
    return TUI_LIVE_SWAPPED;
}

/* Whether a run file opened has not finished yet (Inspect's "started"). */
static bool still_running(const pl_workspace *ws)
{
    for (int i = 0; i < pl_workspace_nrun_files(ws); i++) {
        const char *status = pl_workspace_run_file(ws, i)->status;
        if (status && !strcmp(status, "started"))
            return true;
    }
    return false;
}

void tui_live_status(tui_app *app, pl_view_model *vm)
{
    tui_live *l = app->live;
    if (!l || !vm->status || !pl_workspace_count(app->ws) ||
        (!pl_ws_follow_changes(l->follow) && !l->next && !still_running(app->ws)))
        return;
    const char *dot = app->ascii ? "-" : "·";
    char *was = pl_strdup(vm->status);
    int n = pl_workspace_count(app->ws);
    if (was)
        pl_vm_set_status(vm, "%s %s live: %d sample%s%s%s", was, dot, n, n == 1 ? "" : "s", l->next ? " " : "",
                         l->next ? (app->ascii ? "(reading changes...)" : "(reading changes…)") : "");
    free(was);
}
