#!/usr/bin/env bash
# Start-up benchmark: what one process of each planlens command costs next to
# /bin/true, by `perf stat -r N` (task-clock: CPU time of the process; page
# faults).  Every row is measured right after a /bin/true run of its own, and
# the ratio is to that run, so that load on a shared machine moves both.
#
#   start: the command with no arguments (a usage error, exit 2): the process,
#          the libraries it maps and the dispatch, no work.  `teach` and the
#          explorer (`--batch` on an empty directory) load the explorer module.
#   one job: a small real job on sample-runs/blocksworld (a 4-block task):
#          validate of one plan, the same as one line of validate --stream,
#          applicable, progress, states and plan.
#
# Usage: bench/bench_start.sh PATH/TO/planlens [N]   (N: runs per row, default 100)
# Needs perf; prints SKIP and exits 0 without it.
set -euo pipefail
planlens=$(realpath "${1:?usage: bench_start.sh PATH/TO/planlens [N]}")
runs=${2:-100}
if ! perf stat -x, -e task-clock true >/dev/null 2>&1; then
  echo "SKIP: perf stat is not usable here"
  exit 0
fi
root=$(cd "$(dirname "$0")/.." && pwd)
bw=$root/sample-runs/blocksworld
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/empty"
printf '{"domain": "%s", "problem": "%s", "plan": "%s"}\n' "$bw/domain.pddl" "$bw/problem.pddl" \
  "$bw/plans/optimal.txt" >"$tmp/one.jsonl"

# "task-clock-ms page-faults" of N runs of the command line
measure() {
  perf stat -x, -r "$runs" -e task-clock,page-faults "$@" 2>&1 >/dev/null </dev/null |
    awk -F, '$3 == "task-clock" { t = $1 } $3 == "page-faults" { f = $1 } END { print t, f }'
}

row() {
  local label=$1
  shift
  read -r true_ms true_pf <<<"$(measure /bin/true)"
  read -r ms pf <<<"$(measure "$@")"
  awk -v l="$label" -v ms="$ms" -v pf="$pf" -v tms="$true_ms" -v tpf="$true_pf" 'BEGIN {
    printf "| %s | %.2f | %d | %.2f | %d | %.2f× | %.2f× |\n", l, ms, pf, tms, tpf, ms / tms, pf / tpf }'
}

echo "| command | ms CPU | page faults | /bin/true ms | /bin/true faults | CPU ratio | faults ratio |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
row "--version" "$planlens" --version
for cmd in validate applicable progress states plan grade report gen quality probe audit synth planview compare teach; do
  row "$cmd (start)" "$planlens" "$cmd"
done
row "explorer --batch (start)" "$planlens" --batch "$tmp/empty"
row "validate, one plan" "$planlens" validate "$bw/domain.pddl" "$bw/problem.pddl" "$bw/plans/optimal.txt"
row "validate --stream, one line" "$planlens" validate --stream "$tmp/one.jsonl"
row "applicable" "$planlens" applicable "$bw/domain.pddl" "$bw/problem.pddl"
row "progress" "$planlens" progress "$bw/domain.pddl" "$bw/problem.pddl" "(unstack d a)"
row "states --all" "$planlens" states "$bw/domain.pddl" "$bw/problem.pddl" "$bw/plans/optimal.txt" --all
row "plan" "$planlens" plan "$bw/domain.pddl" "$bw/problem.pddl"
