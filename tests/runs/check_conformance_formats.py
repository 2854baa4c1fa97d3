#!/usr/bin/env python3
"""The 3,111 conformance verdicts through lm-eval and Inspect run files.

    check_conformance_formats.py PLANLENS DATA_DIR

Writes the conformance responses as lm-eval samples (every response to a question a repeat)
and as zstd Inspect .eval logs (every response an epoch of an unnumbered sample, matched
by text), grades each with `planlens grade`, and compares every answer's official score and
parse with the reference verdict of that response, keyed by (group, id, epoch).  Exits 77
(skipped) when DATA_DIR has no conformance set.
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_run_fixtures import conformance  # noqa: E402


def main(planlens, data):
    base = os.path.join(data, "conformance", "acpbench-dev")
    if not os.path.exists(os.path.join(base, "verdicts.jsonl")):
        print("SKIP: no conformance data under", data)
        return 77
    verdicts = [json.loads(line) for line in open(os.path.join(base, "verdicts.jsonl"))]
    want, seen = {}, {}
    for v in verdicts:
        key = (v["group"], str(v["id"]))
        seen[key] = seen.get(key, 0) + 1
        want[key + (seen[key],)] = v
    failed = False
    with tempfile.TemporaryDirectory() as out:
        conformance(data, out)
        for name, suffix in (("lm-eval", ".jsonl"), ("inspect", ".eval")):
            files = sorted(os.path.join(out, f) for f in os.listdir(out) if f.endswith(suffix))
            cmd = [planlens, "grade", "--questions", os.path.join(base, "dev_questions.json"), "--responses",
                   *files, "--format", "jsonl", "--mode", "both"]
            got = subprocess.run(cmd, capture_output=True, text=True)
            rows = [json.loads(line) for line in got.stdout.splitlines() if line.startswith("{")]
            score_ok = parsed_ok = parsed_n = 0
            for row in rows:
                v = want.get((row["group"], str(row["id"]), row["epoch"]))
                if v is None:
                    continue
                score_ok += row.get("score") == v["score"]
                if v["parsed"] is not None:
                    parsed_n += 1
                    parsed_ok += row.get("parsed") == v["parsed"]
            print(f"{name}: score {score_ok}/{len(verdicts)}  parsed {parsed_ok}/{parsed_n}  rows {len(rows)}")
            failed |= score_ok != len(verdicts) or parsed_ok != parsed_n or got.returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
