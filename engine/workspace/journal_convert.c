#define _POSIX_C_SOURCE 200809L
/* The old notes format ({"key": "model\ttask\tid", "flag", "note"} per
 * line, rewritten in place by planlens before the journal) read as journal
 * records, and converted on the first append (journal.h). */
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/atomic_file.h"
#include "base/json.h"
#include "base/text_lines.h"
#include "runs/answer_key.h"
#include "workspace/journal_internal.h"

/* Old when some line is an old annotation ({"key", ...} without "type") and
 * none is a journal record: a journal line appended or converted makes the
 * file a journal, even when an old line planlens could not read (kept as it
 * was by the conversion) comes first. */
bool journal_is_old_format(const char *text, size_t len)
{
    pl_line_reader lr = {text, len, 0, 0};
    const char *s;
    size_t n;
    bool old = false;
    while (pl_next_line(&lr, &s, &n)) {
        cJSON *o = pl_json_parse_exact(s, n, NULL, NULL);
        bool record = cJSON_IsObject(o) && pl_json_get(o, "type");
        old |= cJSON_IsObject(o) && pl_json_str(o, "key") && !record;
        cJSON_Delete(o);
        if (record)
            return false;
    }
    return old;
}

/* Growing text. */
typedef struct {
    char *text;
    size_t len, cap;
    bool failed;
} out_text;

static void put(out_text *o, const char *s, size_t n)
{
    if (o->failed)
        return;
    if (o->len + n + 1 > o->cap) {
        size_t cap = o->cap ? o->cap : 4096;
        while (cap < o->len + n + 1)
            cap *= 2;
        char *grown = realloc(o->text, cap);
        if (!grown) {
            o->failed = true;
            return;
        }
        o->text = grown;
        o->cap = cap;
    }
    memcpy(o->text + o->len, s, n);
    o->len += n;
    o->text[o->len] = 0;
}

static void put_record(out_text *o, const pl_journal_record *r)
{
    char *line = journal_record_line(r);
    if (!line) {
        o->failed = true;
        return;
    }
    put(o, line, strlen(line));
    put(o, "\n", 1);
    free(line);
}

/* The records of one old annotation.  "model\ttask\tid" becomes the
 * question key TASK|ID: the old key named a question (through its model's
 * run), never one answer, and its task is not always the group an answer
 * key uses (ACPBench's "app" for "app_gen", "app_bool", …), so old_key
 * keeps it whole. */
static void convert_annotation(out_text *o, const char *key, const cJSON *flag, const char *note,
                               const char *when)
{
    pl_journal_record r = {0};
    r.question_scope = true;
    r.author = (char *)"converted";
    r.time = (char *)when;
    r.old_key = (char *)key;
    const char *tab1 = strchr(key, '\t'), *tab2 = tab1 ? strchr(tab1 + 1, '\t') : NULL;
    char *task = NULL, *question_key = NULL;
    if (tab2 && !strchr(tab2 + 1, '\t')) {
        task = pl_strndup(tab1 + 1, (size_t)(tab2 - tab1 - 1));
        question_key = task ? pl_question_key(task, tab2 + 1) : NULL;
        if (!question_key) {
            o->failed = true;
            free(task);
            return;
        }
        r.group = task;
        r.question_id = (char *)tab2 + 1;
    }
    r.key = question_key ? question_key : (char *)key;
    if (cJSON_IsTrue(flag) || !note || !*note) {
        r.type = PL_JR_FLAG;
        r.flag = cJSON_IsTrue(flag);
        put_record(o, &r);
    }
    if (note && *note) {
        r.type = PL_JR_NOTE;
        r.flag = false;
        r.text = (char *)note;
        put_record(o, &r);
    }
    free(task);
    free(question_key);
}

char *journal_convert_text(const char *text, size_t len, time_t when, size_t *out_len)
{
    char stamp[32];
    journal_time_text(when, stamp, sizeof stamp);
    out_text o = {0};
    put(&o, "", 0);
    pl_line_reader lr = {text, len, 0, 0};
    const char *s;
    size_t n;
    while (pl_next_line(&lr, &s, &n)) {
        if (pl_is_blank(s, n))
            continue;
        cJSON *j = pl_json_parse_exact(s, n, NULL, NULL);
        const char *key = pl_json_str(j, "key");
        const cJSON *flag = pl_json_get(j, "flag"), *note = pl_json_get(j, "note");
        if (key && (!flag || cJSON_IsBool(flag)) && (!note || cJSON_IsString(note))) {
            convert_annotation(&o, key, flag, note ? note->valuestring : NULL, stamp);
        } else { /* what the old reader kept as it was stays so (a warning) */
            put(&o, s, n);
            put(&o, "\n", 1);
        }
        cJSON_Delete(j);
    }
    if (o.failed) {
        free(o.text);
        return NULL;
    }
    *out_len = o.len;
    return o.text;
}

/* PATH.v1, else the first of .v2, .v3, … that does not exist. */
static char *free_backup_name(const char *path)
{
    for (int v = 1; v < 10000; v++) {
        char *name = pl_strdup_printf("%s.v%d", path, v);
        struct stat st;
        if (!name || (lstat(name, &st) != 0 && errno == ENOENT))
            return name;
        free(name);
    }
    return NULL;
}

pl_error_code journal_convert_file(const char *path, int fd, pl_error *err)
{
    struct stat st, lst;
    if (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode))
        return pl_error_set(err, PL_ERR_IO, path, 0, 0,
                            "holds notes in the old format behind a symbolic link: planlens converts a notes "
                            "file by replacing it and never replaces a link; name the file the link points to");
    if (fstat(fd, &st) != 0)
        return pl_error_set(err, PL_ERR_IO, path, 0, 0, "cannot read: %s", strerror(errno));
    size_t len, conv_len;
    char *text = journal_read_fd(fd, 0, path, &len, err);
    if (!text)
        return err ? err->code : PL_ERR_IO;
    if (!journal_is_old_format(text, len)) { /* converted meanwhile */
        free(text);
        return PL_OK;
    }
    char *backup = free_backup_name(path);
    char *conv = journal_convert_text(text, len, st.st_mtime, &conv_len);
    pl_error_code rc;
    if (!backup || !conv)
        rc = pl_error_set(err, PL_ERR_LIMIT, path, 0, 0, backup ? "out of memory" : "no free name for the backup");
    else if ((rc = pl_write_file_atomic(backup, text, len, err)) == PL_OK) {
        chmod(backup, st.st_mode & 07777); /* as private as the notes were */
        rc = pl_write_file_atomic(path, conv, conv_len, err);
    }
    free(backup);
    free(conv);
    free(text);
    return rc;
}
