/* Following the files under a workspace's paths (follow.h): snapshots of
 * the files found, compared at every look; inotify says when to look. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "workspace/follow.h"
#include "workspace/internal.h"

#define POLL_MS 1000         /* how often to look without inotify */
#define INOTIFY_POLL_MS 5000 /* ... and with it (a directory it does not watch yet) */
#define PENDING_MS 100       /* how often to look while a change settles */

typedef struct {
    char *path;
    long long size, mtime_ns, ino;
} file_stamp;

typedef struct {
    file_stamp *items;
    int n;
} snapshot;

struct pl_ws_follow {
    char **paths;
    int npaths;
    int fd;                  /* inotify, or -1: polling */
    snapshot accepted, seen; /* what the workspace in use was loaded from; the last look */
    long long seen_since;    /* when `seen` was first found (ms) */
    long long looked_at;
    int changes;
};

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void snapshot_free(snapshot *s)
{
    for (int i = 0; i < s->n; i++)
        free(s->items[i].path);
    free(s->items);
    memset(s, 0, sizeof *s);
}

/* The files the workspace would find under the paths now, stamped; false
 * when out of memory. */
static bool take(const pl_ws_follow *f, snapshot *out)
{
    memset(out, 0, sizeof *out);
    pl_workspace *found = calloc(1, sizeof *found); /* only its file list and warnings are used */
    bool ok = found != NULL;
    for (int i = 0; ok && i < f->npaths; i++)
        ok = ws_find_files(found, f->paths[i], 0) == 0;
    out->items = ok ? calloc((size_t)found->nfiles + 1, sizeof *out->items) : NULL;
    for (int i = 0; found && i < found->nfiles; i++) {
        struct stat st;
        if (out->items && stat(found->files[i], &st) == 0)
            out->items[out->n++] = (file_stamp){found->files[i], (long long)st.st_size,
                                                (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec,
                                                (long long)st.st_ino};
        else
            free(found->files[i]);
    }
    if (found) {
        free(found->files);
        pl_diags_clear(&found->warnings);
        free(found);
    }
    return out->items != NULL;
}

static bool same(const snapshot *a, const snapshot *b)
{
    if (a->n != b->n)
        return false;
    for (int i = 0; i < a->n; i++) {
        const file_stamp *x = &a->items[i], *y = &b->items[i];
        if (strcmp(x->path, y->path) || x->size != y->size || x->mtime_ns != y->mtime_ns || x->ino != y->ino)
            return false;
    }
    return true;
}

static bool copy(const snapshot *from, snapshot *to)
{
    snapshot_free(to);
    to->items = calloc((size_t)from->n + 1, sizeof *to->items);
    for (int i = 0; to->items && i < from->n; i++) {
        to->items[i] = from->items[i];
        if (!(to->items[i].path = pl_strdup(from->items[i].path))) {
            to->n = i;
            return false;
        }
    }
    to->n = to->items ? from->n : 0;
    return to->items != NULL;
}

static void watch(pl_ws_follow *f, const char *dir)
{
    inotify_add_watch(f->fd, dir, IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE);
}

/* inotify on each directory opened and each directory holding a file
 * found (a file given by name: its directory, which sees it replaced). */
static void add_watches(pl_ws_follow *f)
{
    if (f->fd < 0)
        return;
    for (int i = 0; i < f->npaths; i++) {
        struct stat st;
        if (stat(f->paths[i], &st) == 0 && S_ISDIR(st.st_mode))
            watch(f, f->paths[i]);
    }
    for (int i = 0; i < f->seen.n; i++) {
        char *dir = pl_strdup(f->seen.items[i].path);
        char *slash = dir ? strrchr(dir, '/') : NULL;
        if (slash)
            *slash = '\0';
        if (dir)
            watch(f, slash ? (slash == dir ? "/" : dir) : ".");
        free(dir);
    }
}

pl_ws_follow *pl_ws_follow_new(const char *const *paths, int npaths, bool use_inotify)
{
    pl_ws_follow *f = calloc(1, sizeof *f);
    if (!f || !(f->paths = calloc((size_t)npaths + 1, sizeof *f->paths))) {
        free(f);
        return NULL;
    }
    f->fd = -1;
    for (f->npaths = 0; f->npaths < npaths; f->npaths++)
        if (!(f->paths[f->npaths] = pl_strdup(paths[f->npaths]))) {
            pl_ws_follow_free(f);
            return NULL;
        }
    if (!take(f, &f->seen) || !copy(&f->seen, &f->accepted)) {
        pl_ws_follow_free(f);
        return NULL;
    }
    f->fd = use_inotify ? inotify_init1(IN_NONBLOCK | IN_CLOEXEC) : -1;
    add_watches(f);
    f->seen_since = f->looked_at = now_ms();
    return f;
}

void pl_ws_follow_free(pl_ws_follow *f)
{
    if (!f)
        return;
    if (f->fd >= 0)
        close(f->fd);
    for (int i = 0; i < f->npaths; i++)
        free(f->paths[i]);
    free(f->paths);
    snapshot_free(&f->accepted);
    snapshot_free(&f->seen);
    free(f);
}

bool pl_ws_follow_inotify(const pl_ws_follow *f)
{
    return f->fd >= 0;
}

/* Reads what inotify queued; true when anything happened. */
static bool drain(pl_ws_follow *f)
{
    char buf[4096]; /* the events are not parsed: any of them is a reason to look */
    bool any = false;
    while (f->fd >= 0 && read(f->fd, buf, sizeof buf) > 0)
        any = true;
    return any;
}

bool pl_ws_follow_check(pl_ws_follow *f, int settle_ms)
{
    long long now = now_ms();
    bool events = drain(f), pending = !same(&f->seen, &f->accepted);
    long long every = pending ? PENDING_MS : f->fd >= 0 ? INOTIFY_POLL_MS : POLL_MS;
    if (!events && now - f->looked_at < every)
        return false;
    f->looked_at = now;
    snapshot s;
    if (!take(f, &s))
        return false;
    if (!same(&s, &f->seen)) { /* still changing: wait until it stays */
        snapshot_free(&f->seen);
        f->seen = s;
        f->seen_since = now;
        add_watches(f);
        return false;
    }
    snapshot_free(&s);
    return pending && now - f->seen_since >= settle_ms;
}

bool pl_ws_follow_unchanged(pl_ws_follow *f)
{
    snapshot s;
    if (!take(f, &s))
        return false;
    bool unchanged = same(&s, &f->seen);
    snapshot_free(&s);
    return unchanged;
}

void pl_ws_follow_accept(pl_ws_follow *f)
{
    if (copy(&f->seen, &f->accepted))
        f->changes++;
}

int pl_ws_follow_changes(const pl_ws_follow *f)
{
    return f->changes;
}
