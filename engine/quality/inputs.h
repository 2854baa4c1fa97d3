/* Plan-quality cases from the three formats users have:
 *
 *   .jsonl  one case per line: domain_pddl, problem_pddl, gt_plan, llm_plan
 *           (lists of action strings), optional case_id, model, prompt_type,
 *           domain, instance_id, llm_correct (the format of
 *           ../shared/data/plan-quality/dev.jsonl), and PlanBench's query
 *           and llm_raw_response when the line has them;
 *   .json   a PlanBench result file ({"instances": [{instance_id, query,
 *           llm_raw_response, extracted_llm_plan, ground_truth_plan,
 *           llm_correct}]}); the
 *           instance PDDL is found under --pddl-dir (confined to it, cases.c);
 *   .csv    a published CSV of the paper's repository (model, domain, task,
 *           instance_id, gt_plan, curr_plan as Python list literals, and the
 *           published metrics, kept so that they can be compared).
 *
 * As the official pipeline does, a `pddl` prompt's GT loses its last line
 * (the cost comment) and a `randomized` domain's LLM plan has o<N> rewritten
 * to object_<N> (PlanBench inputs only: the CSVs store the rewritten plans).
 * A bad record is a warning and is skipped; the rest loads. */
#ifndef PL_QUALITY_INPUTS_H
#define PL_QUALITY_INPUTS_H

#include <cjson/cJSON.h>

#include "base/error.h"

typedef struct {
    char *id;                 /* case id: given, or <domain>/<model>/<prompt>/<instance> */
    char *model, *prompt_type, *domain, *instance_id; /* may be NULL */
    char *task;               /* the benchmark's task ("task_1_plan_generation", PlanBench), or NULL */
    char *domain_text, *problem_text;
    char *domain_name, *problem_name; /* file names (or the record) for messages */
    char **gt, **llm;
    int ngt, nllm;
    int llm_correct;          /* 0/1, or -1 when the input does not say (VAL's verdict is used) */
    cJSON *published;         /* CSV: the published row (column -> text), else NULL */
    char *load_error;         /* the PDDL could not be located: the record is reported, not dropped */
    char *prompt;             /* PlanBench's `query`: the prompt the model was given, or NULL */
    char *raw_response;       /* PlanBench's `llm_raw_response`: the model's own words the plan
                               * was extracted from, or NULL */
} pl_quality_case;

typedef struct {
    pl_quality_case *items;
    int count, cap;
} pl_quality_cases;

/* Appends the cases of one file; the format is chosen by its extension.
 * pddl_dir may be NULL.  Returns PL_OK or an error for an unreadable file. */
pl_error_code pl_quality_read_file(const char *path, const char *pddl_dir, pl_quality_cases *out,
                                   pl_diags *warnings, pl_error *err);
void pl_quality_cases_free(pl_quality_cases *c);

/* Parses a Python list of strings literal ("['(a b)', \"(c)\"]").  -1 when malformed. */
int pl_quality_parse_pylist(const char *text, char ***items, int *n);

#endif
