#!/usr/bin/env bash
# Do two planlens builds find the same plans?  Runs `planlens plan --quiet`
# of OLD and NEW on the ACPBench-Hard test problems (bench/acp_problems.py)
# and compares their output byte for byte: the plan, its cost and, when no
# plan is found, the verdict.  By default the 200 problems of
# bench/plan_process_problems.txt; --all: all 817, each with --time-limit 1,
# where a problem that hits the time limit in either build is counted apart
# (its expansion count depends on the machine).  An output that differs
# only in the plan chosen (the same cost, and NEW's plan valid by `planlens
# validate`) counts as another optimal plan: a change of heuristic (for one,
# incremental LM-cut) can change which of several optimal plans A* meets
# first.  Exit 0 when every compared output is identical or another optimal
# plan, 1 otherwise (the differing problems are listed).
#
# Usage: bench/compare_plans.sh OLD/planlens NEW/planlens [--all]
set -euo pipefail
builds=("$(realpath "${1:?usage: compare_plans.sh OLD/planlens NEW/planlens [--all]}")"
  "$(realpath "${2:?usage: compare_plans.sh OLD/planlens NEW/planlens [--all]}")")
all=${3:-}
root=$(cd "$(dirname "$0")/.." && pwd)
data=${PLANLENS_DATA_DIR:-$root/../shared/data}
if [ ! -f "$data/acpbench/nexta/test.gen.json.gz" ]; then
  echo "SKIP: $data/acpbench absent"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$root/bench/acp_problems.py" "$data" "$tmp" >/dev/null
limit=()
if [ "$all" = --all ]; then
  sel=()
  for f in "$tmp"/*.domain.pddl; do
    f=${f##*/}
    sel+=("${f%.domain.pddl}")
  done
  limit=(--time-limit 1)
else
  mapfile -t sel < <(awk '!/^#/ { print $1 }' "$root/bench/plan_process_problems.txt")
fi
same=0 other=0 differ=0 timed_out=0
cost_of() { grep -m1 '^; cost = ' "$1" || echo "no cost"; }
for n in "${sel[@]}"; do
  for k in 0 1; do
    "${builds[$k]}" plan "$tmp/$n.domain.pddl" "$tmp/$n.problem.pddl" --quiet "${limit[@]}" >"$tmp/$n.$k" 2>&1 || true
  done
  if grep -q '^; unknown: time limit' "$tmp/$n.0" "$tmp/$n.1"; then
    timed_out=$((timed_out + 1))
  elif cmp -s "$tmp/$n.0" "$tmp/$n.1"; then
    same=$((same + 1))
  elif [ "$(cost_of "$tmp/$n.0")" = "$(cost_of "$tmp/$n.1")" ] && [ "$(cost_of "$tmp/$n.1")" != "no cost" ] &&
    grep -v '^planlens: ' "$tmp/$n.1" >"$tmp/$n.plan" && # the output has the warnings too
    "${builds[1]}" validate "$tmp/$n.domain.pddl" "$tmp/$n.problem.pddl" "$tmp/$n.plan" >/dev/null 2>&1; then
    other=$((other + 1))
  else
    differ=$((differ + 1))
    echo "differs: problem $n"
  fi
done
echo "identical: $same, another optimal plan (same cost, valid): $other, different: $differ," \
  "time limit hit (not compared): $timed_out"
[ "$differ" -eq 0 ]
