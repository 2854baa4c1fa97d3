#!/usr/bin/env python3
"""Writes one plan-quality case (the JSONL of ../shared/data/plan-quality) with
a long LLM plan, for the bounded-work benchmark (bench/bench_bounds.sh).

usage: long_plan_case.py DEV.jsonl N [GT_N] > case.jsonl
  DEV.jsonl  ../shared/data/plan-quality/dev.jsonl (its first blocksworld case is used)
  N          actions of the LLM plan: (pick-up a) (put-down a) repeated, then the case's own plan
  GT_N       optional: the ground-truth plan made as long the same way (default: the case's own)
"""
import json
import sys


def longer(plan, n):
    loop = ["(pick-up a)", "(put-down a)"]
    return (loop * n)[: max(0, n - len(plan))] + plan


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    n = int(sys.argv[2])
    gt_n = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    for line in open(sys.argv[1]):
        c = json.loads(line)
        if c["domain"].startswith("blocksworld"):
            break
    case = {k: c[k] for k in ("case_id", "domain_pddl", "problem_pddl", "gt_plan", "llm_plan")}
    case["case_id"] = "long/%d" % n
    case["llm_plan"] = longer(c["llm_plan"], n)
    if gt_n:
        case["gt_plan"] = longer(c["gt_plan"], gt_n)
    print(json.dumps(case))


main()
