/* planlens grade --notes FILE --apply-review: the decisions of the review
 * journal (engine/workspace/journal.h) applied to the graded rows
 * (docs/CURATION.md, "Applying the review").
 *
 * - An answer-level override: the answer's official and sound scores
 *   become the override's score.
 * - A question-level override with a corrected stored answer: every answer
 *   of the question is graded again against a copy of the question holding
 *   the corrected answer.  Where the task's grading never reads the stored
 *   answer (just gen: the question's plan decides), or the override gives
 *   no corrected answer, the override's score is applied to every answer
 *   of the question, with a line saying so.
 * - An exclusion (question- or answer-level): the answers stay in the rows
 *   (`excluded`) and are left out of the table's accuracies.
 * An answer-level override wins over a question-level one.  Retracted
 * records are not applied (the fold has withdrawn them).  A status
 * bad-question without an exclusion changes nothing and is a hint.
 *
 * Every journal key is matched against every row, in the shard or not, so
 * that every shard says the same about the journal as a whole (the keys
 * that match no answer, the hints), and the rows carry what was applied to
 * them, so that a merge counts the same as one process. */
#ifndef PL_GRADE_REVIEW_H
#define PL_GRADE_REVIEW_H

#include <stdio.h>

#include "grade_rows.h"

typedef struct grade_review grade_review;

/* Reads the journal at path, marks the excluded rows and remembers the
 * overrides of the rows (every row: all n).  NULL after printing why (the
 * journal cannot be read, out of memory). */
grade_review *grade_review_open(const char *path, grade_row *rows, int n);
/* Applies the overrides to the graded rows of the shard (in_shard, without
 * error): regrades against corrected stored answers (sound checks unless
 * mode lacks GRADE_SOUND), then sets the overridden scores.  An override
 * on a row without a verdict is dropped with a warning on stderr. */
void grade_review_apply(grade_review *rv, grade_row *rows, int n, grade_mode mode);
/* Valid until grade_review_close. */
grade_review_note grade_review_note_of(const grade_review *rv);
void grade_review_close(grade_review *rv);

/* "review applied: 3 overrides (ana 2, bo 1), 1 question excluded (ana)
 * from notes.jsonl", a line counting the answers concerned, then the
 * note's lines, each line led by `prefix` (the rows of the shard; mode:
 * which official score the answers have). */
void grade_review_summary(FILE *f, const grade_row *rows, int n, grade_mode mode, const grade_review_note *note,
                          const char *prefix);

#endif
