/* The plan view: a model's plan judged against a ground-truth plan, as the
 * plan-quality paper does (engine/quality/pipeline.h), with the simulator's
 * account of where it fails (engine/plans/plan.h).  docs/PLAN_VIEW.md.
 *
 * A subject is computed once (task grounded, WordNet opened, every metric and
 * π1–π4 computed); building its views afterwards only reads it, so a view
 * takes a few milliseconds and never touches the similarity database. */
#ifndef PL_PLAN_VIEW_H
#define PL_PLAN_VIEW_H

#include <stdbool.h>

#include "quality/inputs.h"
#include "quality/pipeline.h"
#include "view_model.h"
#include "workspace/workspace.h"

typedef struct pl_plan_subject pl_plan_subject;

/* A workspace record whose answer is (or is about) a plan:
 *   IoU "plan" / "costplan" records: π0 is the list read from the response,
 *     the ground truth the question's stored plan;
 *   ACPBench val (gen): π0 is the plan quoted in the question, the plan the
 *     model had to judge (its answer is only an index: the view's LEA marker
 *     is the right answer, and the metrics panel shows the model's index);
 *   ACPBench just (gen): π0 is the model's simplified plan as the official
 *     parser reads it.
 * ACPBench questions store no plan, so their ground truth is an optimal plan
 * of the embedded planner (A* with LM-cut, PL_PLAN_SUBJECT_PLANNER_SECONDS).
 * NULL with *why_not (owned string) when the record has no plan. */
#define PL_PLAN_SUBJECT_PLANNER_SECONDS 10.0
pl_plan_subject *pl_plan_subject_from_record(const pl_workspace *ws, int record, char **why_not);
/* A plan-quality case (engine/quality/inputs.h): π0 is its LLM plan, the
 * ground truth its GT plan.  The case is only read during the call. */
pl_plan_subject *pl_plan_subject_from_case(const pl_quality_case *c, char **why_not);
void pl_plan_subject_free(pl_plan_subject *s);

const pl_task *pl_plan_subject_task(const pl_plan_subject *s);
/* The subject's name (case id, or record id) and what π0 and the ground
 * truth are, in words (borrowed). */
const char *pl_plan_subject_title(const pl_plan_subject *s);
const char *pl_plan_subject_about(const pl_plan_subject *s);
/* What π0 is, in a few words: "the model's plan", or "the quoted plan" for
 * an ACPBench val question (the plan is the question's; the model judged it). */
const char *pl_plan_subject_pi0_what(const pl_plan_subject *s);
/* π0 is the plan quoted in an ACPBench val question, not the model's. */
bool pl_plan_subject_is_quoted(const pl_plan_subject *s);
/* Every plan-quality metric of π0 (borrowed). */
const pl_quality_result *pl_plan_subject_quality(const pl_plan_subject *s);

/* Plan k: 0 = the model's plan π0, 1..4 = π1..π4, 5 = the ground truth; sets
 * *actions to borrowed action strings; returns the count, or -1 when that
 * plan does not exist (π4 when there is no ground truth to replan towards). */
enum { PL_PLAN_PI0 = 0, PL_PLAN_GT = 5, PL_PLAN_COUNT = 6 };
int pl_plan_subject_plan(const pl_plan_subject *s, int k, const char *const **actions);
const char *pl_plan_name(int k); /* "π0" ... "π4", "ground truth" */

/* A metrics line's target: PL_PLAN_TARGET_PI + k opens plan k. */
#define PL_PLAN_TARGET_PI 1000000

/* The view of plan k.  Step rows have target = the step index (0-based), so
 * a screen can open the state view there; they show the step (1-based), and
 * for π0 the AQM label (NP-AQM with np_aqm) as a letter C M S D R in its
 * role's colour, the paired ground-truth action and the similarity.  A
 * marker line follows the last executable action; unmet goals close an
 * executable but invalid plan; the metrics panel lists π0..π4 and the ground
 * truth as lines with PL_PLAN_TARGET_PI + k targets. */
void pl_view_plan(const pl_plan_subject *s, int k, bool np_aqm, int width, pl_view_model *vm);

/* The letter and role of a label: C correct (ROLE_CORRECT), M misplaced
 * (ROLE_MISSED), S same_act (ROLE_HALLUCINATED), D diff_act (ROLE_WRONG),
 * R redundant (ROLE_DIM); '?' for none. */
char pl_plan_label_mark(pl_qlabel l);
pl_role pl_plan_label_role(pl_qlabel l);

#endif
