/* Finding and loading the files of a workspace: directory walk and format
 * detection.  The walk takes regular files only (a FIFO would hang it, a
 * device never ends) and each file and directory once by device and inode,
 * so that a symbolic link loop ends and two links to one file load it once. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "base/file.h"
#include "base/hashmap.h"
#include "base/sort.h"
#include "runs/runs.h"
#include "workspace/internal.h"

#define MAX_DEPTH 8

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && !strcmp(s + n - k, suffix);
}

/* The first non-blank byte of the file (through gzip), or 0: only the
 * start is read, so a large run is not read twice, and no more than
 * PEEK_LIMIT bytes (a NUL is not blank: /dev/zero ends at once). */
#define PEEK_LIMIT 65536
static char first_byte(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK); /* never waits on a FIFO put in its place */
    gzFile f = fd >= 0 ? gzdopen(fd, "rb") : NULL;
    if (fd >= 0 && !f)
        close(fd);
    char c = 0;
    for (int ch, n = 0; f && n < PEEK_LIMIT && (ch = gzgetc(f)) != -1; n++)
        if (ch != ' ' && ch != '\n' && ch != '\r' && ch != '\t') {
            c = (char)ch;
            break;
        }
    if (f)
        gzclose(f);
    return c;
}

static int add_source(pl_workspace *ws, char *line)
{
    if (!line)
        return -1;
    char **grown = realloc(ws->sources, (size_t)(ws->nsources + 1) * sizeof *grown);
    if (!grown) {
        free(line);
        return -1;
    }
    ws->sources = grown;
    ws->sources[ws->nsources++] = line;
    return 0;
}

/* A file that fails to load is a warning; the rest opens. */
int ws_load_file(pl_workspace *ws, const char *path)
{
    pl_diags *warnings = &ws->warnings;
    bool json = ends_with(path, ".json") || ends_with(path, ".json.gz");
    bool jsonl = ends_with(path, ".jsonl") || ends_with(path, ".jsonl.gz");
    pl_error err = PL_ERROR_INIT;
    pl_error_code rc;
    int before_q = ws->acp.count + ws->iou.count, before_r = ws->runs.count;
    int before_c = ws->cases.count;
    if (json && first_byte(path) == '[')
        rc = pl_acp_questions_load(&ws->acp, path, warnings, &err);
    else if (jsonl && ws_is_case_file(path))
        rc = pl_quality_read_file(path, NULL, &ws->cases, warnings, &err);
    else if (jsonl && ws_is_verdict_file(path))
        return ws_add_verdict_file(ws, path);
    else if (jsonl && pl_iou_file_is_native(path))
        rc = pl_iou_questions_load(&ws->iou, path, warnings, &err);
    else
        rc = pl_run_responses_load(&ws->runs, path, warnings, &err);
    if (rc != PL_OK) {
        if (rc == PL_ERR_LIMIT && err.message && !strcmp(err.message, "out of memory")) {
            pl_error_clear(&err);
            return -1;
        }
        pl_diags_add(warnings, err.file ? err.file : path, err.line, err.column, "not opened: %s",
                     err.message ? err.message : "error");
        pl_error_clear(&err);
        return 0;
    }
    int nq = ws->acp.count + ws->iou.count - before_q, nr = ws->runs.count - before_r;
    int nc = ws->cases.count - before_c;
    if (nc) {
        const char **grown = realloc(ws->case_sources, (size_t)ws->cases.count * sizeof *grown);
        if (!grown)
            return -1;
        ws->case_sources = grown;
        for (int i = before_c; i < ws->cases.count; i++)
            grown[i] = path;
        return add_source(ws, pl_strdup_printf("%s: %d plan-quality case%s", path, nc, nc == 1 ? "" : "s"));
    }
    const pl_run_file *run_file = ws->runs.nfiles ? &ws->runs.files[ws->runs.nfiles - 1] : NULL;
    if (run_file && run_file->about && !strcmp(run_file->source, path)) /* a companion file: no answers */
        return add_source(ws, pl_strdup_printf("%s: %s", path, run_file->about));
    if (nq)
        return add_source(ws, pl_strdup_printf("%s: %d question%s", path, nq, nq == 1 ? "" : "s"));
    char *status = run_file && !strcmp(run_file->source, path) ? pl_run_file_status(run_file) : NULL;
    char *line = pl_strdup_printf("%s: %d response%s%s%s%s", path, nr, nr == 1 ? "" : "s", status ? " (" : "",
                                  status ? status : "", status ? ")" : "");
    free(status);
    return add_source(ws, line);
}

int ws_note_superseded(pl_workspace *ws)
{
    for (int i = 0; i < ws->runs.nfiles; i++) {
        const pl_run_file *f = &ws->runs.files[i];
        if (f->superseded_by < 0)
            continue;
        size_t n = strlen(f->source);
        for (int k = 0; k < ws->nsources; k++) {
            if (strncmp(ws->sources[k], f->source, n) || strncmp(ws->sources[k] + n, ": ", 2))
                continue;
            char *line = pl_strdup_printf("%s: superseded attempt, set aside for %s: %d response%s not counted",
                                          f->source, ws->runs.files[f->superseded_by].source, f->set_aside,
                                          f->set_aside == 1 ? "" : "s");
            if (!line)
                return -1;
            free(ws->sources[k]);
            ws->sources[k] = line;
        }
    }
    return 0;
}

/* Read once every run is loaded (ws_apply_verdicts). */
int ws_add_verdict_file(pl_workspace *ws, const char *path)
{
    const char **grown = realloc(ws->verdict_files, (size_t)(ws->nverdict_files + 1) * sizeof *grown);
    if (!grown)
        return -1;
    ws->verdict_files = grown;
    ws->verdict_files[ws->nverdict_files++] = path;
    return add_source(ws, pl_strdup_printf("%s: reference verdicts of the run beside it", path));
}

static bool known_extension(const char *path)
{
    return ends_with(path, ".json") || ends_with(path, ".json.gz") || ends_with(path, ".jsonl") ||
           ends_with(path, ".jsonl.gz") || ends_with(path, ".eval");
}

static int add_file(pl_workspace *ws, const char *path)
{
    char **grown = realloc(ws->files, (size_t)(ws->nfiles + 1) * sizeof *grown);
    if (!grown)
        return -1;
    ws->files = grown;
    return (ws->files[ws->nfiles] = pl_strdup(path)) ? (ws->nfiles++, 0) : -1;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files and directories met on a walk, by device and inode. */
typedef struct {
    pl_workspace *ws;
    char **paths; /* where each file was first met */
    int count;
    pl_hashmap index; /* device and inode -> index in paths */
} walk;

/* Where st's file was met before, or NULL after recording it as met at path
 * (NULL too when out of memory: *oom set). */
static const char *seen_before(walk *w, const struct stat *st, const char *path, bool *oom)
{
    uint64_t dev = (uint64_t)st->st_dev, ino = (uint64_t)st->st_ino;
    int key[4] = {(int)(dev & 0x7fffffff), (int)(dev >> 31), (int)(ino & 0x7fffffff), (int)(ino >> 31)};
    int at = pl_hashmap_get(&w->index, key, 4);
    if (at >= 0)
        return w->paths[at];
    char **grown = realloc(w->paths, (size_t)(w->count + 1) * sizeof *grown);
    if (grown)
        w->paths = grown;
    if (!grown || !(grown[w->count] = pl_strdup(path)) || pl_hashmap_put(&w->index, key, 4, w->count) < 0) {
        if (grown)
            free(grown[w->count]);
        *oom = true;
        return NULL;
    }
    w->count++;
    return NULL;
}

/* Whether path is itself a symbolic link (not what it leads to). */
static bool is_symlink(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0 && S_ISLNK(st.st_mode);
}

static int find(walk *w, const char *path, int depth);

/* The entries of a directory, in name order, each walked. */
static int find_in_directory(walk *w, const char *path, int depth)
{
    DIR *dir = opendir(path);
    if (!dir) {
        pl_diags_add(&w->ws->warnings, path, 0, 0, "not opened: cannot read the directory");
        return 0;
    }
    char **names = NULL;
    int n = 0, rc = 0;
    for (struct dirent *e; rc == 0 && (e = readdir(dir));) {
        if (e->d_name[0] == '.')
            continue;
        char **grown = realloc(names, (size_t)(n + 1) * sizeof *names);
        if (!grown || !(grown[n] = pl_strdup_printf("%s/%s", path, e->d_name)))
            rc = -1;
        if (grown)
            names = grown;
        n += rc == 0;
    }
    closedir(dir);
    if (names)
        pl_sort(names, (size_t)n, sizeof *names, by_name); /* the same order on every machine */
    for (int i = 0; rc == 0 && i < n; i++)
        rc = find(w, names[i], depth + 1);
    for (int i = 0; i < n; i++)
        free(names[i]);
    free(names);
    return rc;
}

/* Files in directories are kept when their extension is one planlens reads
 * (README.md, PDDL and plans beside a run are skipped quietly); a file named
 * with another extension is a warning.  What is not a regular file is
 * skipped with a warning, in a directory and named: the workspace reads a
 * file more than once to tell its format, which a FIFO cannot give; only a
 * device named on purpose is read (up to PL_MAX_SPECIAL_INPUT_BYTES). */
static int find(walk *w, const char *path, int depth)
{
    pl_diags *warnings = &w->ws->warnings;
    struct stat st;
    if (stat(path, &st) != 0) {
        if (errno == ELOOP)
            pl_diags_add(warnings, path, 0, 0, "not opened: a symbolic link loop");
        else if (errno == ENOENT)
            pl_diags_add(warnings, path, 0, 0, "not opened: no such file or directory");
        else
            pl_diags_add(warnings, path, 0, 0, "not opened: %s", strerror(errno));
        return 0;
    }
    bool oom = false;
    const char *before;
    if (S_ISDIR(st.st_mode)) {
        if (depth >= MAX_DEPTH)
            return 0;
        if ((before = seen_before(w, &st, path, &oom)))
            pl_diags_add(warnings, path, 0, 0,
                         is_symlink(path) ? "not scanned: a symbolic link back to %s, scanned already (a loop)"
                                          : "not scanned again: the same directory as %s",
                         before);
        return oom ? -1 : before ? 0 : find_in_directory(w, path, depth);
    }
    bool named = depth == 0, device = S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode);
    if (!S_ISREG(st.st_mode) && !(named && device)) {
        pl_diags_add(warnings, path, 0, 0, "not opened: %s, not a regular file", pl_file_kind(st.st_mode));
        return 0;
    }
    if (!known_extension(path)) {
        if (named)
            pl_diags_add(warnings, path, 0, 0,
                         "not opened: expected a question set or run (.json, .json.gz, .jsonl, .eval)");
        return 0;
    }
    if ((before = seen_before(w, &st, path, &oom)))
        pl_diags_add(warnings, path, 0, 0, "not opened again: the same file as %s", before);
    return oom ? -1 : before ? 0 : add_file(w->ws, path);
}

int ws_find_files(pl_workspace *ws, const char *path, int depth)
{
    walk w = {ws, NULL, 0, PL_HASHMAP_INIT};
    int rc = 0;
    bool oom = false;
    /* the files found under earlier paths count as met */
    for (int i = 0; i < ws->nfiles && !oom; i++) {
        struct stat st;
        if (stat(ws->files[i], &st) == 0)
            seen_before(&w, &st, ws->files[i], &oom);
    }
    rc = oom ? -1 : find(&w, path, depth);
    for (int i = 0; i < w.count; i++)
        free(w.paths[i]);
    free(w.paths);
    pl_hashmap_free(&w.index);
    return rc;
}
