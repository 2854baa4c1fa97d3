#!/usr/bin/env bash
# Bounded work (issue 37 §2): CPU time and peak memory of grading huge set
# answers and of plan-quality cases with long plans, and the agreement of the
# graders with the public reference verdicts (which the bounds must not change).
# Usage: bench/bench_bounds.sh PATH/TO/planlens
# Figures recorded in docs/BENCHMARKS.md, "Bounded work".
set -euo pipefail
planlens=${1:?usage: bench_bounds.sh PATH/TO/planlens}
here=$(cd "$(dirname "$0")" && pwd)
data=${PLANLENS_DATA_DIR:-$(cd "$here/../.." && pwd)/shared/data}
tools=$(cd "$data/.." && pwd)/tools
if [ ! -f "$data/acpbench/app/dev.gen.json" ] || [ ! -f "$data/plan-quality/dev.jsonl" ]; then
  echo "SKIP: $data absent"
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

measure() { # measure LABEL COMMAND...: "LABEL: cpu S s, wall S s, max rss M MiB, exit N"
  local label=$1 rc=0
  shift
  /usr/bin/time -o "$work/time" -f "%U %S %e %M" "$@" >"$work/out" 2>"$work/err" || rc=$?
  read -r user sys wall kb < <(tail -1 "$work/time") # after "Command exited with non-zero status N"
  awk -v l="$label" -v u="$user" -v s="$sys" -v w="$wall" -v k="$kb" -v rc="$rc" \
    'BEGIN { printf "%s: cpu %.2f s, wall %.2f s, max rss %d MiB, exit %d\n", l, u + s, w, k / 1024, rc }'
}

echo "== app answers of N items (made-up actions after the stored ones), grade --mode both"
questions=$data/acpbench/app/dev.gen.json
for n in 10000 50000 100000 280000; do
  python3 "$here/huge_answers.py" "$questions" "$n" applicable_actions_gen >"$work/app_$n.jsonl"
  measure "app $n items" "$planlens" grade --jobs 1 --questions "$questions" --responses "$work/app_$n.jsonl" \
    --format jsonl --mode both
  grep -o '"failure":{"kind":"[a-z-]*"' "$work/out" | sed 's/^/  /'
done

echo "== plan-quality cases: LLM plan x GT plan actions"
for shape in "6000 0" "6000 666" "2000 2000" "6000 6000" "20000 0"; do
  set -- $shape
  python3 "$here/long_plan_case.py" "$data/plan-quality/dev.jsonl" "$1" "$2" >"$work/case.jsonl"
  measure "quality $1 x ${2/#0/short}" "$planlens" quality "$work/case.jsonl" --format jsonl
  sed 's/^/  /' "$work/err"
done

echo "== agreement with the reference verdicts"
if [ -x "$tools/check-grading" ]; then "$tools/check-grading" "$planlens" | tail -1; fi
if [ -x "$tools/check-quality" ]; then "$tools/check-quality" "$planlens" | tail -1; fi
