/* The scorers of evals/acpbench_hard.py (IBM/ACPBench @ 2ed9c92) next to
 * lm-eval's evaluators (lm_eval/tasks/acpbench/gen_2shot/acp_utils.py), which
 * grade.h reproduces.  Both use the same grammar, parser, cleanup and
 * helpers; the scorers differ from the evaluators only here (line numbers of
 * acpbench_hard.py):
 *
 *   app    917  real_answer = [a.lower() for a in target], where the sample's
 *               target is str(record["answer"]) (545): Target wraps that one
 *               string, "['(a b)', ...]", which no parsed action equals → 0.
 *          918  [fix_action_name(a) for a in filtered_resps] with the parse's
 *               None → TypeError.
 *   reach  758  (areach 690) an empty stored answer: CORRECT if pred is None
 *               or "none" — a parse failure is right there.
 *   just   934  a parse failure iterated → TypeError; 935-939 an empty plan
 *               builds a Score it does not return, falls through to
 *               is_subsequence(original_plan, []) (449-452): new_plan[0] →
 *               IndexError.
 *   nexta  826  a `maybe` action: is_on_optimal_plan → (progress, then)
 *               generate_optimal_plans_for_problem_state → (334)
 *               create_tmp_dom_prob_replace_init → (275)
 *               PDDL_replace_init_pddl_parser calls get_atoms_pddl, which the
 *               file never defines (lm-eval's acp_utils.py does) → NameError.
 *               Only an action the official lookup grounds gets that far;
 *               the lm-eval verdict has then run the planner (path planner-*).
 *   prog, val, land: the same code as lm-eval's.
 * A scorer that raises gives the sample an error and no score (Inspect logs
 * the exception as "NameError(\"name 'get_atoms_pddl' is not defined\")"). */
#include <string.h>

#include "acpbench/inspect_grade.h"
#include "acpbench/inspect_pattern.h"

/* Python's `not answer or len(answer) == 0` on the stored answer. */
static bool stored_empty(const cJSON *answer)
{
    return !answer || cJSON_IsNull(answer) || cJSON_IsFalse(answer) ||
           ((cJSON_IsArray(answer) || cJSON_IsObject(answer)) && cJSON_GetArraySize(answer) == 0) ||
           (cJSON_IsString(answer) && !*answer->valuestring);
}

static void raises(pl_inspect_verdict *out, const char *exception, const char *rule)
{
    *out = (pl_inspect_verdict){-1, exception, rule};
}

int pl_inspect_grade(const pl_acp_question *q, const char *response, const pl_acp_verdict *lm,
                     pl_inspect_verdict *out)
{
    *out = (pl_inspect_verdict){lm->score, NULL, NULL};
    if (q->format != PL_ACP_GEN)
        return acp_inspect_pattern(q, response, lm, out);
    bool unparsed = !lm->parsed || cJSON_IsNull(lm->parsed);
    const char *rule = NULL; /* the rule of this task that could make the verdicts differ */
    switch (q->task) {
    case PL_ACP_APP:
        if (unparsed) {
            raises(out, "TypeError", "app-parse-failure-typeerror");
            return 0;
        }
        out->score = 0;
        rule = "app-target-string";
        break;
    case PL_ACP_REACH:
    case PL_ACP_AREACH:
        if (unparsed && stored_empty(q->answer))
            out->score = 1;
        rule = "parse-failure-correct-when-empty";
        break;
    case PL_ACP_JUST:
        if (unparsed)
            raises(out, "TypeError", "just-parse-failure-typeerror");
        else if (cJSON_GetArraySize(lm->parsed) == 0)
            raises(out, "IndexError", "just-empty-indexerror");
        return 0;
    case PL_ACP_NEXTA:
        if (lm->path && !strncmp(lm->path, "planner-", 8))
            raises(out, "NameError", "nexta-maybe-nameerror");
        return 0;
    default:
        return 0;
    }
    out->official_rule = out->score != lm->score ? rule : NULL;
    return 0;
}
