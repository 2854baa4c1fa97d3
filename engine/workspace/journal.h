/* The review journal: curators' notes, flags, review statuses, overrides and
 * exclusions, kept in one append-only JSONL file that several planlens
 * processes (two curators, one curator in two panes, `planlens notes add`)
 * share.  One line per event, never rewritten:
 *
 *   {"key": "gpt-4o|app_gen|-868…|12|1",   answer key (runs/answer_key.h), or a
 *                                          question key when "scope": "question"
 *    "scope": "answer" | "question",
 *    "question": {"id": "-868…", "group": "app_gen"},
 *    "type": "note" | "flag" | "status" | "override" | "exclude" | "retract",
 *    "text": "…",                          note text; a flag's or exclude's reason
 *    "flag": true | false,                 type flag: set or cleared
 *    "status": "grader-right" | "grader-wrong" | "bad-question" | "unsure",
 *    "verdict": {"score": 0 | 1, "answer": "…"},   type override (answer optional)
 *    "retracts": 17,                       type retract: the line (1-based) withdrawn
 *    "author": "ana", "time": "2026-11-28T23:59:01Z", "planlens": "0.9.0"}
 *
 * Writers append whole lines under flock(LOCK_EX) with O_APPEND and fsync;
 * the file is never truncated or renamed.  Readers take what is there: a
 * torn last line (a writer killed mid-write) is reported once and ignored,
 * and skipped again when the file grows; a line that is not a record is a
 * warning, kept in the file, never fatal.  (A torn line is not consumed:
 * completed by its writer it becomes a record; the next writer closes it
 * off with a newline first, so it never swallows a later record.)  A new
 * journal is created with mode 0600; every line is written through
 * pl_safe_json, so the file holds no terminal escape (the values read back
 * unchanged).  A symbolic link at the path is followed for appending; the
 * conversion below, which replaces the file, is refused through one.
 * docs/CURATION.md.
 *
 * The old notes format (one {"key": "model\ttask\tid", "flag", "note"} per
 * line, rewritten in place) is read as it is; the first append converts it:
 * the old file is kept beside as FILE.v1 (byte for byte) and FILE starts a
 * journal holding each old annotation as records (author "converted",
 * question scope — the old format could not say which answer), so nothing
 * is lost.
 *
 * The state of a key is the fold of its records in file order: the last
 * note's text (a note with empty text clears it), the last flag, the last
 * status, the last override, whether excluded; a retract withdraws the
 * record it names.  History: every record of a key, retracted ones marked. */
#ifndef PL_WORKSPACE_JOURNAL_H
#define PL_WORKSPACE_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "base/error.h"

typedef enum {
    PL_JR_NOTE,
    PL_JR_FLAG,
    PL_JR_STATUS,
    PL_JR_OVERRIDE,
    PL_JR_EXCLUDE,
    PL_JR_RETRACT
} pl_journal_type;

typedef enum {
    PL_REVIEW_NONE,
    PL_REVIEW_GRADER_RIGHT,
    PL_REVIEW_GRADER_WRONG,
    PL_REVIEW_BAD_QUESTION,
    PL_REVIEW_UNSURE
} pl_review_status;

/* "note", …; "grader-right", … ("" for PL_REVIEW_NONE).  Parse: false when unknown. */
const char *pl_journal_type_name(pl_journal_type t);
bool pl_journal_type_parse(const char *s, pl_journal_type *out);
const char *pl_review_status_name(pl_review_status s);
bool pl_review_status_parse(const char *s, pl_review_status *out);

typedef struct {
    int line;                 /* 1-based line in the file (0 until appended) */
    char *key;
    bool question_scope;      /* key is a question key */
    char *question_id, *group; /* may be NULL */
    pl_journal_type type;
    char *text;               /* may be NULL */
    bool flag;                /* PL_JR_FLAG */
    pl_review_status status;  /* PL_JR_STATUS */
    int score;                /* PL_JR_OVERRIDE: 0 or 1 */
    char *answer;             /* PL_JR_OVERRIDE: the corrected stored answer, or NULL */
    int retracts;             /* PL_JR_RETRACT: the line withdrawn */
    char *author, *time, *version;
    bool retracted;           /* a later retract names this record */
    char *old_key;            /* converted from the old notes format: its key
                               * ("model\ttask\tid"), else NULL */
} pl_journal_record;

/* The fold of one key's records (pointers into the records; valid until
 * the next pl_journal_refresh or append). */
typedef struct {
    const char *key;
    bool question_scope;
    bool flagged;
    const char *note;         /* NULL when none or cleared */
    const char *note_author;
    pl_review_status status;
    const char *status_author;
    bool has_override;
    int override_score;
    const char *override_answer; /* NULL when the override keeps the stored answer */
    const char *override_author;
    bool excluded;
    const char *exclude_author;
    int nrecords;             /* its records, retracted ones included */
    const int *records;       /* indexes for pl_journal_record_at, in file order */
} pl_journal_state;

typedef struct pl_journal pl_journal;

/* Reads the journal (a missing file is an empty journal; nothing is created
 * until the first append).  Unreadable lines and a torn last line are
 * warnings.  NULL with err set when the file cannot be read. */
pl_journal *pl_journal_open(const char *path, pl_diags *warnings, pl_error *err);
const char *pl_journal_path(const pl_journal *j);
/* Reads what other writers appended since the last read; *added (may be
 * NULL) is the number of new records.  A file that shrank or was replaced
 * (another inode) is read again from the start. */
pl_error_code pl_journal_refresh(pl_journal *j, int *added, pl_diags *warnings, pl_error *err);
/* Appends one record: author, time and version are filled in when NULL
 * (author: pl_journal_default_author).  Converts an old notes file first.
 * Locks, appends one line, fsyncs, unlocks, then reads everything new
 * (other writers' records included).  On error nothing was written. */
pl_error_code pl_journal_append(pl_journal *j, const pl_journal_record *r, pl_error *err);
/* --author, else $PLANLENS_AUTHOR, else the login name, else "unknown". */
const char *pl_journal_default_author(void);
/* The line of the record this journal appended last (0: none yet). */
int pl_journal_last_appended(const pl_journal *j);

int pl_journal_nrecords(const pl_journal *j);
const pl_journal_record *pl_journal_record_at(const pl_journal *j, int i);
/* The state of a key (answer or question), or NULL when it has no record. */
const pl_journal_state *pl_journal_state_of(const pl_journal *j, const char *key);
/* Every key with records, in order of first appearance. */
int pl_journal_nstates(const pl_journal *j);
const pl_journal_state *pl_journal_state_at(const pl_journal *j, int i);
void pl_journal_close(pl_journal *j);

#endif
