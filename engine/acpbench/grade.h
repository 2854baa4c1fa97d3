/* ACPBench and ACPBench-Hard grading: one verdict per (question, response).
 *
 * Every verdict carries two scores.  `score` is the official one, bit for
 * bit as the official ACPBench-Hard code grades (spec acpbench-grading.md),
 * quirks included, with planlens' planner standing in for the official
 * planner under the official CPU limits.  `sound_score` is what the answer
 * deserves when the quirks are removed (docs/GRADING.md lists the rules);
 * where the two differ, `sound_reason` says why.
 *
 * A grader caches per question what its checks need (the grounded task,
 * h^2 mutexes, landmark checker, optimal cost), so grading many responses
 * to one question grounds it once.  A grader is not thread-safe: use one per
 * thread, each on its own questions. */
#ifndef PL_ACPBENCH_GRADE_H
#define PL_ACPBENCH_GRADE_H

#include <cjson/cJSON.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "acpbench/questions.h"
#include "base/failure.h"

typedef struct {
    cJSON *parsed;        /* owned: what the official parser yields (JSON null on a parse error) */
    int score;            /* official: 0 or 1 */
    int sound_score;      /* 0 or 1 */
    const char *path;     /* the official rule that decided ("set-equal", "planner-unsolvable", ...) */
    char *sound_reason;   /* owned: why sound_score differs, or a note on the sound check; NULL when none */
    bool has_iou;         /* the answer is a set: iou = |answer ∩ truth| / |answer ∪ truth| */
    double iou;
    pl_failure failure;   /* why sound_score is 0 (kind PL_FAIL_NONE when it is 1); base/failure.h */
} pl_acp_verdict;

typedef struct pl_acp_grader_s pl_acp_grader;

/* The most items a generative answer may list (all its lists together):
 * beyond it the answer is graded without the sound checks, sound_score 0
 * with the failure PL_FAIL_TOO_LONG, and its official score still computed
 * (one pass over hashed sets; docs/GRADING.md, "Answers too long").  The
 * longest answer of the public conformance set has 10,958 items, the
 * longest stored answer 1,616. */
#define PL_ACP_MAX_ITEMS 50000

typedef struct {
    double reach_seconds;  /* official CPU limit of reach/areach planner calls (3) */
    double nexta_seconds;  /* official CPU limit of nexta planner calls (5) */
    double sound_seconds;  /* CPU limit of a sound check's search (10); unknown → sound falls back to official */
    bool sound;            /* run the sound checks (true); false: official only, sound_score = score */
    /* When set (the explorer closing a workspace), grading stops at the next
     * check inside a long answer's item loops: pl_acp_grade returns -1,
     * err "grading cancelled".  NULL: never. */
    const atomic_bool *cancel;
} pl_acp_grade_options;

pl_acp_grade_options pl_acp_grade_default_options(void);

pl_acp_grader *pl_acp_grader_new(const pl_acp_grade_options *options);
void pl_acp_grader_free(pl_acp_grader *g);

/* Grades one response to one question.  Returns 0, or -1 when out of memory
 * or when the question's PDDL cannot be loaded (err says why; the verdict is
 * then score 0, path "question-error"). */
int pl_acp_grade(pl_acp_grader *g, const pl_acp_question *q, const char *response, pl_acp_verdict *out,
                 pl_error *err);
void pl_acp_verdict_clear(pl_acp_verdict *v);

/* Frees what the grader keeps for question q (call after its last response
 * to bound memory on large runs; grading q again rebuilds it). */
void pl_acp_grader_forget(pl_acp_grader *g, const pl_acp_question *q);

#endif
