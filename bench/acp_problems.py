"""The distinct (domain, problem) pairs of the ACPBench-Hard generative test
questions, written as DIR/NNN.domain.pddl and DIR/NNN.problem.pddl, numbered
from 000 in the order of bench/bench_planner.c (task app prog reach areach
val just land nexta, then question order): 817 problems.

Usage: python3 bench/acp_problems.py DATA_DIR OUT_DIR"""
import gzip
import json
import sys

TASKS = ["app", "prog", "reach", "areach", "val", "just", "land", "nexta"]


def main():
    data, out = sys.argv[1], sys.argv[2]
    seen = {}
    for task in TASKS:
        with gzip.open(f"{data}/acpbench/{task}/test.gen.json.gz") as f:
            for q in json.load(f):
                seen.setdefault((q["PDDL_domain"], q["PDDL_problem"]), len(seen))
    for (domain, problem), i in seen.items():
        with open(f"{out}/{i:03d}.domain.pddl", "w") as f:
            f.write(domain)
        with open(f"{out}/{i:03d}.problem.pddl", "w") as f:
            f.write(problem)
    print(len(seen))


main()
