/* The relaxed-planning-graph quiz (issue 39 §2): a student's first levels
 * and relaxed plan, graded against the graph with the why of each item.
 *
 * Answer file: one answer a line, `;` comments, blank lines ignored:
 *
 *     level (at b) 1          ; the atom's first fact layer
 *     level (not (on l1)) 2   ; "not p" atoms as the graph names them
 *     level (at z) never      ; never reached ("-" too)
 *     plan (move a b)         ; an action of the student's relaxed plan
 *
 * A level line left without a value is unanswered.
 * A level is right when it is the atom's first level.  The plan is right
 * when it is a relaxed plan (its actions, applied in the relaxation from
 * the state in some order, reach every goal atom) and none of its actions
 * is needed by nothing (removing it leaves a relaxed plan); its cost is
 * compared with h_FF's relaxed plan, which need not be the cheapest. */
#ifndef PL_TEACH_RPG_QUIZ_H
#define PL_TEACH_RPG_QUIZ_H

#include <stdbool.h>

#include "base/error.h"
#include "teach/rpg.h"

typedef enum { PL_QUIZ_LEVEL, PL_QUIZ_PLAN } pl_quiz_kind;

typedef struct {
    pl_quiz_kind kind;
    int line;        /* in the answer file */
    char *subject;   /* owned: the atom (level) or "relaxed plan" */
    char *answer;    /* owned: as written */
    char *expected;  /* owned: the right level, or the plan's verdict */
    bool right;
    char *why;       /* owned: one line */
} pl_quiz_item;

typedef struct {
    pl_quiz_item *items;
    int nitems;
    int levels_right, levels;   /* level answers right / given */
    int unanswered;             /* atoms of the graph (not in the state) without a level answer */
    bool has_plan;              /* some plan line */
    bool plan_right;
    double plan_cost;           /* of the student's actions */
} pl_quiz_result;

/* Grades the answer text (path names it in errors) against the graph of
 * task t.  Returns PL_OK, or an error located in the answer file (an atom
 * or action that names nothing, a malformed line). */
int pl_rpg_quiz_grade(const pl_task *t, const pl_rpg *g, const char *text, const char *path, pl_quiz_result *out,
                      pl_error *err);
void pl_quiz_result_clear(pl_quiz_result *q);

#endif
