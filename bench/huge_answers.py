#!/usr/bin/env python3
"""Writes a JSONL run (docs/RUN-FORMATS.md: {"id", "group", "response"}) with one
huge answer per set-valued task, for the bounded-work benchmark (bench/bench_bounds.sh)
and the e2e test of cancelling a grade (tests/e2e/bounded.sh).

usage: huge_answers.py QUESTIONS.json N [TASK...] > run.jsonl
  QUESTIONS.json  an ACPBench-Hard question file (e.g. ../shared/data/acpbench/app/dev.gen.json)
  N               items per answer: the stored answer's items first, then distinct
                  made-up actions of the same shape, "(sail l0 l123)".
Answers are for the file's first question of each task (default: every task in the file).
"""
import json
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    questions = json.load(open(sys.argv[1]))
    n = int(sys.argv[2])
    want = set(sys.argv[3:])
    seen = set()
    for q in questions:
        if q["group"] in seen or (want and q["group"] not in want):
            continue
        seen.add(q["group"])
        stored = q["answer"] if isinstance(q["answer"], list) else []
        items = list(stored[:n])
        items += ["(sail l0 l%d)" % i for i in range(n - len(items))]
        print(json.dumps({"id": q["id"], "group": q["group"], "response": "[" + ", ".join(items) + "]"}))


main()
