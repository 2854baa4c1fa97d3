/* The review queue (issue 38 §2): any list of answers — the disagreements,
 * a failure kind, a probe cell's questions, a filter — walked answer by
 * answer, each reviewed with one status (grader-right, grader-wrong,
 * bad-question, unsure) written to the review journal
 * (engine/workspace/journal.h).  The queue holds no review state of its
 * own: what is reviewed, by whom, is read from the journal every time, so
 * another explorer's reviews count as they arrive and a queue opened again
 * continues at its first unreviewed answer.
 *
 * Beside it (journal_view.c): the curator's lines of an answer (its notes
 * and flags, and those of its question, marked "question note") and the
 * history of an answer's records (H). */
#ifndef PL_REVIEW_QUEUE_H
#define PL_REVIEW_QUEUE_H

#include "views.h"
#include "workspace/journal.h"

typedef struct {
    int n;
    int *records;  /* workspace record indices, in queue order */
    char **keys;   /* their answer keys (runs/answer_key.h) */
    char **qkeys;  /* their question keys */
    char *source;  /* what the queue was made of ("disagreements"), shown in its header */
} pl_review_queue;

/* A queue of `records` (copied).  0, or -1 when out of memory (nothing to free). */
int pl_review_queue_init(pl_review_queue *q, const pl_workspace *ws, const int *records, int n, const char *source);
void pl_review_queue_free(pl_review_queue *q);

/* The review of answer i: the later (in the journal) of its answer's status
 * and its question's — a question-scope status (bad-question, key 3) is the
 * review of every answer to the question.  PL_REVIEW_NONE: unreviewed (j
 * may be NULL).  `author` points into the journal's records. */
typedef struct {
    pl_review_status status;
    const char *author;
    bool of_question; /* set by a question-scope record */
} pl_review;
pl_review pl_review_of(const pl_review_queue *q, const pl_journal *j, int i);
pl_review_status pl_review_status_at(const pl_review_queue *q, const pl_journal *j, int i);
/* Answers reviewed, of the queue's total, and of those by `me` (the
 * author whose status is the last one). */
typedef struct {
    int total, reviewed, mine;
} pl_review_progress;
pl_review_progress pl_review_progress_of(const pl_review_queue *q, const pl_journal *j, const char *me);
/* The first unreviewed answer, or -1 when every one is reviewed. */
int pl_review_first_unreviewed(const pl_review_queue *q, const pl_journal *j);
/* The next (dir 1) or previous (dir -1) unreviewed answer from `from`,
 * going round the queue's end (*wrapped then true); -1 when no other
 * answer is unreviewed. */
int pl_review_step(const pl_review_queue *q, const pl_journal *j, int from, int dir, bool *wrapped);

/* The screen of answer `at`: what it is, its review, the verdicts (the
 * official lm-eval one, Inspect's when the record has it, the sound one
 * with its reason and a wrong answer's failure, "not-applicable sail", as
 * the question list names it), the answer and the ground truth, the notes (its own
 * and its question's), then the question.  The status line is the
 * progress: "37 / 120 reviewed (you: 21)". */
void pl_view_review(const pl_workspace *ws, const pl_review_queue *q, int at, const pl_journal *j, const char *me,
                    const pl_detail_opts *o, pl_view_model *vm);

/* journal_view.c: the curator's lines of an answer under a "Curator"
 * section (nothing when neither key has a record): review status, flags and
 * notes with their authors, the question's marked "question note" /
 * "question flagged". */
void pl_view_curation(pl_view_model *vm, const pl_journal *j, const char *answer_key, const char *question_key,
                      int width);
/* H: every record of the answer and of its question, in file order, with
 * author and time, retracted ones marked. */
void pl_view_journal_history(const pl_journal *j, const char *answer_key, const char *question_key, const char *id,
                             int width, bool ascii, pl_view_model *vm);
/* The display cache of record i (pl_ws_record's flagged and note, which the
 * list's column and filters read): flagged when the answer or its question
 * is; the answer's note, else the question's as "question note: TEXT".
 * Returns whether the record's cache changed. */
bool pl_journal_annotate_record(pl_workspace *ws, int i, const pl_journal *j);

#endif
