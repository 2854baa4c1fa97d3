#define _POSIX_C_SOURCE 200809L
#include "workspace/notes.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/atomic_file.h"
#include "base/file.h"
#include "base/json.h"
#include "base/text_lines.h"

static int push(pl_notes *n, const char *key, bool flag, const char *note)
{
    if (n->count == n->cap) {
        int cap = n->cap ? n->cap * 2 : 32;
        pl_note *grown = realloc(n->items, (size_t)cap * sizeof *grown);
        if (!grown)
            return -1;
        n->items = grown;
        n->cap = cap;
    }
    pl_note *it = &n->items[n->count];
    it->key = pl_strdup(key);
    it->flag = flag;
    it->note = note && *note ? pl_strdup(note) : NULL;
    if (!it->key || (note && *note && !it->note)) {
        free(it->key);
        free(it->note);
        return -1;
    }
    n->count++;
    return 0;
}

pl_error_code pl_notes_open(pl_notes *n, const char *path, pl_diags *warnings, pl_error *err)
{
    memset(n, 0, sizeof *n);
    if (!(n->path = pl_strdup(path)))
        return pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
    if (access(path, F_OK) != 0)
        return PL_OK;
    size_t len;
    char *text = pl_read_file(path, &len, err);
    if (!text)
        return err ? err->code : PL_ERR_IO;
    pl_line_reader lr = {text, len, 0, 0};
    const char *s;
    size_t k;
    int bad = 0;
    while (pl_next_line(&lr, &s, &k)) {
        if (pl_is_blank(s, k))
            continue;
        pl_error line_err = PL_ERROR_INIT;
        cJSON *j = pl_json_parse_exact(s, k, path, &line_err);
        const char *key = pl_json_str(j, "key"), *note = pl_json_str(j, "note");
        const cJSON *flag = pl_json_get(j, "flag");
        if (!key || (flag && !cJSON_IsBool(flag))) {
            pl_diags_add(warnings, path, lr.line, j ? 1 : line_err.column, "%s (kept as is)",
                         j ? "expected {\"key\": string, \"flag\": true|false, \"note\": string}" : line_err.message);
            pl_unread_line *grown = realloc(n->unread, (size_t)(n->nunread + 1) * sizeof *grown);
            if (grown && (grown[n->nunread].text = pl_strndup(s, k))) {
                grown[n->nunread].len = k;
                n->nunread++;
            }
            if (grown)
                n->unread = grown;
            bad++;
        } else if (push(n, key, cJSON_IsTrue(flag), note) < 0) {
            cJSON_Delete(j);
            free(text);
            return pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
        }
        pl_error_clear(&line_err);
        cJSON_Delete(j);
    }
    free(text);
    return bad == n->nunread ? PL_OK : pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, "out of memory");
}

const pl_note *pl_notes_get(const pl_notes *n, const char *key)
{
    for (int i = 0; i < n->count; i++)
        if (!strcmp(n->items[i].key, key))
            return &n->items[i];
    return NULL;
}

/* mkdir -p of the file's directory. */
static void make_parent_dirs(const char *path)
{
    char *copy = pl_strdup(path);
    for (char *s = copy ? copy + 1 : NULL; s && *s; s++)
        if (*s == '/') {
            *s = '\0';
            mkdir(copy, 0700);
            *s = '/';
        }
    free(copy);
}

/* Written whole or not at all (base/atomic_file.h): a crash leaves the old
 * notes and at most a hidden temporary file that is never read as notes. */
static pl_error_code save(const pl_notes *n, pl_error *err)
{
    make_parent_dirs(n->path);
    pl_atomic_file a;
    FILE *f = pl_atomic_open(&a, n->path, err);
    if (!f)
        return err ? err->code : PL_ERR_IO;
    bool ok = true;
    for (int i = 0; i < n->count && ok; i++) {
        const pl_note *it = &n->items[i];
        if (!it->flag && !it->note)
            continue; /* nothing left on this verdict */
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "key", it->key);
        cJSON_AddBoolToObject(o, "flag", it->flag);
        if (it->note)
            cJSON_AddStringToObject(o, "note", it->note);
        char *line = cJSON_PrintUnformatted(o);
        ok = line && fprintf(f, "%s\n", line) > 0;
        free(line);
        cJSON_Delete(o);
    }
    for (int i = 0; i < n->nunread && ok; i++)
        ok = fwrite(n->unread[i].text, 1, n->unread[i].len, f) == n->unread[i].len && fputc('\n', f) != EOF;
    int e = ok ? 0 : errno ? errno : ENOMEM;
    pl_error_code rc = pl_atomic_close(&a, ok, err);
    return ok ? rc : pl_error_set(err, PL_ERR_IO, n->path, 0, 0, "cannot save notes: %s", strerror(e));
}

pl_error_code pl_notes_set(pl_notes *n, const char *key, int flag, const char *note, pl_error *err)
{
    pl_note *it = (pl_note *)pl_notes_get(n, key);
    if (!it) {
        if (push(n, key, flag > 0, note) < 0)
            return pl_error_set(err, PL_ERR_LIMIT, n->path, 0, 0, "out of memory");
    } else {
        if (flag >= 0)
            it->flag = flag > 0;
        if (note) {
            char *copy = *note ? pl_strdup(note) : NULL;
            if (*note && !copy)
                return pl_error_set(err, PL_ERR_LIMIT, n->path, 0, 0, "out of memory");
            free(it->note);
            it->note = copy;
        }
    }
    return save(n, err);
}

void pl_notes_free(pl_notes *n)
{
    for (int i = 0; i < n->count; i++) {
        free(n->items[i].key);
        free(n->items[i].note);
    }
    free(n->items);
    for (int i = 0; i < n->nunread; i++)
        free(n->unread[i].text);
    free(n->unread);
    free(n->path);
    memset(n, 0, sizeof *n);
}
