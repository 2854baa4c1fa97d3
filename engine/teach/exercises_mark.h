/* Marking exercise sheets (issue 39 §6): a student's filled answer template
 * graded against the private key its sheet was written with (exercises.h),
 * with the why of every mark.
 *
 * A filled template is the template with answers after the "qN:" labels:
 *
 *     ; comments start with ';'
 *     student: Ada Lovelace
 *     q1: 3
 *     q2: [(pick-up a), (pick-up b)]
 *     q3:                    <- unanswered
 *
 * The key is DIR/key/<folder>.json for the student's folder name
 * (pl_ex_folder_name).  ACPBench questions are graded by the sound ACPBench
 * grader (acpbench/grade.h: its sound_score, and the failure as the why);
 * h_max, h_add and h_FF by exact comparison with the value, the why being
 * the value's explanation; RPG questions by the RPG quiz (teach/rpg_quiz.h)
 * on the key's state.
 *
 * Problems in a file are errors at their line, in `errors`, and the rest is
 * graded: a line that is neither a comment, "student: NAME" nor "qN: ...",
 * a question the sheet does not have, one answered twice (the first answer
 * counts), a student with no key or marked already (the whole file is then
 * skipped). */
#ifndef PL_TEACH_EXERCISES_MARK_H
#define PL_TEACH_EXERCISES_MARK_H

#include "base/error.h"
#include "teach/exercises.h"

typedef struct {
    char *student;    /* owned: as the key names the student */
    char *question;   /* owned: "q1" */
    pl_ex_kind kind;
    char *problem;    /* owned: the problem file's name */
    char *answer;     /* owned: as written; NULL when unanswered */
    int score;        /* 0 or 1 */
    char *why;        /* owned: one line */
} pl_ex_mark;

typedef struct {
    pl_ex_mark *marks;
    int count, capacity;
    char **students;  /* owned: students marked so far */
    int nstudents;
    pl_diags errors;  /* located problems of the answer files */
} pl_ex_marks;

typedef struct pl_ex_marker pl_ex_marker;

pl_ex_marker *pl_ex_marker_new(void);
void pl_ex_marker_free(pl_ex_marker *m);

/* Marks the filled template at path against the keys under dir, appending
 * a mark per question of the student's sheet to out.  Returns PL_OK (the
 * file's problems in out->errors), or an error when out of memory. */
int pl_ex_mark_file(pl_ex_marker *mk, const char *dir, const char *path, pl_ex_marks *out, pl_error *err);
void pl_ex_marks_clear(pl_ex_marks *m);

/* Per kind: questions marked, answered, right. */
typedef struct {
    int questions, answered, right;
} pl_ex_tally;

void pl_ex_marks_tally(const pl_ex_marks *m, pl_ex_tally tally[PL_EX_NKINDS]);

#endif
