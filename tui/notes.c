/* The review journal in the explorer (engine/workspace/journal.h): opened
 * once the records are loaded, appended to by m, M, :note and the review
 * queue, read again at every tick for what other writers appended, and
 * copied onto the records' flag and note, which the list and filters show. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "app.h"
#include "review_queue.h"

const char *tui_author(const tui_app *app)
{
    return app->author ? app->author : pl_journal_default_author();
}

void tui_apply_notes(tui_app *app)
{
    bool changed = false;
    for (int i = 0; i < pl_workspace_count(app->ws); i++)
        changed |= pl_journal_annotate_record(app->ws, i, app->journal);
    for (int i = 0; i < app->depth; i++) /* the review, history and detail screens read the journal itself */
        app->stack[i].stale |= changed || app->stack[i].kind == VIEW_REVIEW || app->stack[i].kind == VIEW_HISTORY ||
                               app->stack[i].kind == VIEW_DETAIL;
}

/* Opens the journal (a missing file is an empty one); false with the
 * reason in the status line, after `what`, when it cannot be read. */
static bool open_journal(tui_app *app, const char *what)
{
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    app->journal = pl_journal_open(app->notes_path, &warnings, &err);
    if (!app->journal) {
        char *m = pl_error_format(&err);
        snprintf(app->message, sizeof app->message, "%s: %s", what, m ? m : "out of memory");
        free(m);
    } else if (warnings.count) {
        snprintf(app->message, sizeof app->message, "notes: %zu unreadable line%s kept as is (%s)", warnings.count,
                 PL_PLURAL(warnings.count), warnings.items[0].message ? warnings.items[0].message : "");
    }
    pl_diags_clear(&warnings);
    pl_error_clear(&err);
    return app->journal != NULL;
}

void tui_load_notes(tui_app *app)
{
    if (app->notes_path && open_journal(app, "notes"))
        tui_apply_notes(app);
}

bool tui_refresh_notes(tui_app *app)
{
    if (!app->journal)
        return false;
    int added = 0;
    pl_diags warnings = PL_DIAGS_INIT;
    pl_error err = PL_ERROR_INIT;
    pl_error_code rc = pl_journal_refresh(app->journal, &added, &warnings, &err);
    if (rc != PL_OK) {
        char *m = pl_error_format(&err);
        snprintf(app->message, sizeof app->message, "notes: %s", m ? m : "error");
        free(m);
    } else if (warnings.count) { /* a torn line: reported once */
        snprintf(app->message, sizeof app->message, "notes: %s",
                 warnings.items[0].message ? warnings.items[0].message : "an unreadable line");
    }
    bool warned = warnings.count > 0;
    pl_diags_clear(&warnings);
    pl_error_clear(&err);
    if (added > 0)
        tui_apply_notes(app);
    return added > 0 || rc != PL_OK || warned;
}

/* mkdir -p of the journal's directory (the default one, under
 * $XDG_DATA_HOME/planlens, may not exist yet). */
static void make_parent(const char *path)
{
    char *dir = pl_strdup(path);
    char *slash = dir ? strrchr(dir, '/') : NULL;
    for (char *p = dir && slash ? dir + 1 : NULL; p && p <= slash; p++)
        if (*p == '/') {
            *p = '\0';
            if (mkdir(dir, 0700) != 0 && errno != EEXIST)
                break;
            *p = '/';
        }
    free(dir);
}

/* The first field of a question key (its group), "\|" and "\\" unescaped. */
static char *key_group(const char *qkey)
{
    char *g = malloc(strlen(qkey) + 1), *o = g;
    for (const char *p = qkey; g && *p && *p != '|'; p++)
        *o++ = *p == '\\' && p[1] ? *++p : *p;
    if (g)
        *o = '\0';
    return g;
}

bool tui_journal_append(tui_app *app, int record, pl_journal_record *rec, const char *what)
{
    if (!app->notes_path) {
        snprintf(app->message, sizeof app->message, "%s not saved: no notes file (--notes FILE)", what);
        return false;
    }
    char failed[64];
    snprintf(failed, sizeof failed, "%s not saved", what);
    if (!app->journal && !open_journal(app, failed))
        return false;
    char *akey = pl_workspace_answer_key(app->ws, record), *qkey = pl_workspace_question_key(app->ws, record);
    char *group = qkey ? key_group(qkey) : NULL;
    rec->key = rec->question_scope ? qkey : akey;
    rec->question_id = (char *)pl_workspace_record(app->ws, record)->id;
    rec->group = group;
    rec->author = app->author; /* NULL: the journal's default author */
    pl_error err = PL_ERROR_INIT;
    pl_error_code rc = PL_ERR_LIMIT; /* out of memory: said below */
    if (akey && qkey && group) {
        make_parent(app->notes_path);
        rc = pl_journal_append(app->journal, rec, &err);
    }
    if (rc != PL_OK) {
        char *m = pl_error_format(&err);
        snprintf(app->message, sizeof app->message, "%s not saved: %s", what, m ? m : "out of memory");
        free(m);
    }
    pl_error_clear(&err);
    free(akey);
    free(qkey);
    free(group);
    tui_apply_notes(app);
    return rc == PL_OK;
}

void tui_note(tui_app *app, int record, bool question, const char *text)
{
    pl_journal_record rec = {.type = PL_JR_NOTE, .question_scope = question, .text = (char *)text};
    if (!tui_journal_append(app, record, &rec, question ? "question note" : "note"))
        return;
    const char *id = pl_workspace_record(app->ws, record)->id;
    if (*text)
        snprintf(app->message, sizeof app->message, "%s saved on %s: %s", question ? "question note" : "note", id,
                 text);
    else
        snprintf(app->message, sizeof app->message, "%s cleared on %s", question ? "question note" : "note", id);
}

void tui_flag(tui_app *app, int record, bool question)
{
    char *key = question ? pl_workspace_question_key(app->ws, record) : pl_workspace_answer_key(app->ws, record);
    const pl_journal_state *s = key && app->journal ? pl_journal_state_of(app->journal, key) : NULL;
    free(key);
    bool flag = !(s && s->flagged);
    pl_journal_record rec = {.type = PL_JR_FLAG, .question_scope = question, .flag = flag};
    if (tui_journal_append(app, record, &rec, question ? "question flag" : "flag"))
        snprintf(app->message, sizeof app->message, "%s %s%s", flag ? "flagged" : "unflagged",
                 question ? "the question " : "", pl_workspace_record(app->ws, record)->id);
}

void tui_open_history(tui_app *app)
{
    int r = tui_selected_record(app);
    if (r < 0) {
        snprintf(app->message, sizeof app->message, "history: select an answer first (list, detail or review)");
        return;
    }
    tui_screen *s = tui_push(app, VIEW_HISTORY);
    if (s)
        s->record = r;
}

void tui_build_history(tui_app *app, tui_screen *s, int width)
{
    char *akey = pl_workspace_answer_key(app->ws, s->record), *qkey = pl_workspace_question_key(app->ws, s->record);
    pl_view_journal_history(app->journal, akey, qkey, pl_workspace_record(app->ws, s->record)->id, width, app->ascii,
                            &s->vm);
    free(akey);
    free(qkey);
}
