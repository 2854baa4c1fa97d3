#!/usr/bin/env bash
# Start-up benchmark: what one process of each planlens command costs next to
# /bin/true, by `perf stat -r N` (task-clock: CPU time of the process, user +
# sys; page faults).  Each row is measured three times, each right after a
# /bin/true run of its own, and the ratio is to that run (load on a shared
# machine moves both); the row shows the pair with the median ratio.
#
#   --version, and validate of one plan: what the front (cli/front.c) runs
#          itself: a PlanBench GPT-4 plan (3 blocks, the first line of
#          planbench/gpt4-blocksworld_3.jsonl, when the data is there),
#          sample-runs/blocksworld (4 blocks) and sample-runs/ferry (its plan
#          made by `planlens plan`); the same as one line of validate --stream.
#   start: the command with no arguments (a usage error, exit 2): the process,
#          the libraries it maps and the dispatch, no work.  `teach` and the
#          explorer (`--batch` on an empty directory) load the explorer module.
#   one job: small real jobs on sample-runs/blocksworld (applicable,
#          progress, states, plan) and grade of one synthetic run on the
#          Blocksworld questions of sample-runs/acpbench (N/10 runs).
#
# Then a pipeline's view, when the PlanBench data is there: the 200 GPT-4
# PlanBench plans (planbench/gpt4-blocksworld_3.jsonl) validated by one
# process per plan from a shell loop, the same loop running /bin/true, and
# one `validate --stream` over the 200 lines (CPU: user + sys of the loop,
# the shell's forks included; median of 3).
#
# Then, when valgrind is there, the instructions (callgrind, user space, the
# dynamic loader included) of /bin/true, --version and validate of one plan:
# the same on every run.
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
ferry=$root/sample-runs/ferry
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/empty"
"$planlens" plan "$ferry/domain.pddl" "$ferry/problem.pddl" --quiet >"$tmp/ferry.plan"
planbench=${PLANLENS_DATA_DIR:-$root/../shared/data}/planbench/gpt4-blocksworld_3.jsonl
have_planbench=false
if [ -f "$planbench" ] && command -v jq >/dev/null; then
  have_planbench=true
  mkdir "$tmp/pb"
  i=0
  while IFS= read -r line; do
    jq -r .domain_pddl <<<"$line" >"$tmp/pb/$i.domain.pddl"
    jq -r .problem_pddl <<<"$line" >"$tmp/pb/$i.problem.pddl"
    jq -r '.llm_plan[]' <<<"$line" >"$tmp/pb/$i.plan"
    printf '{"domain": "%s", "problem": "%s", "plan": "%s"}\n' "$tmp/pb/$i.domain.pddl" "$tmp/pb/$i.problem.pddl" \
      "$tmp/pb/$i.plan" >>"$tmp/pb/lines.jsonl"
    i=$((i + 1))
  done <"$planbench"
fi
printf '{"domain": "%s", "problem": "%s", "plan": "%s"}\n' "$bw/domain.pddl" "$bw/problem.pddl" \
  "$bw/plans/optimal.txt" >"$tmp/one.jsonl"

# "task-clock-ms page-faults" of N runs of the command line (its output thrown away)
measure() {
  perf stat -x, -o "$tmp/stat" -r "$runs" -e task-clock,page-faults "$@" >/dev/null 2>&1 </dev/null || true
  awk -F, '$3 == "task-clock" { t = $1 } $3 == "page-faults" { f = $1 } END { print t, f }' "$tmp/stat"
}

row() {
  local label=$1
  shift
  for _ in 1 2 3; do
    read -r true_ms true_pf <<<"$(measure /bin/true)"
    read -r ms pf <<<"$(measure "$@")"
    echo "$ms $pf $true_ms $true_pf"
  done | awk -v l="$label" '{ r[NR] = $1 / $3; line[NR] = $0 } END {
    m = 1; for (i = 1; i <= 3; i++) { below = 0; for (j = 1; j <= 3; j++) below += r[j] < r[i]; if (below == 1) m = i }
    split(line[m], v, " ")
    printf "| %s | %.2f | %d | %.2f | %d | %.2f× | %.2f× |\n", l, v[1], v[2], v[3], v[4], v[1] / v[3], v[2] / v[4] }'
}

echo "| command | ms CPU | page faults | /bin/true ms | /bin/true faults | CPU ratio | faults ratio |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
row "--version" "$planlens" --version
if $have_planbench; then
  row "validate, one PlanBench plan (3 blocks)" "$planlens" validate "$tmp/pb/0.domain.pddl" "$tmp/pb/0.problem.pddl" \
    "$tmp/pb/0.plan"
fi
row "validate, one plan (blocksworld, 4 blocks)" "$planlens" validate "$bw/domain.pddl" "$bw/problem.pddl" \
  "$bw/plans/optimal.txt"
row "validate, one plan (ferry)" "$planlens" validate "$ferry/domain.pddl" "$ferry/problem.pddl" "$tmp/ferry.plan"
row "validate --stream, one line" "$planlens" validate --stream --root / "$tmp/one.jsonl"
for cmd in validate applicable progress states plan grade report gen quality probe audit synth planview compare teach; do
  row "$cmd (start)" "$planlens" "$cmd"
done
row "explorer --batch (start)" "$planlens" --batch "$tmp/empty"
row "applicable" "$planlens" applicable "$bw/domain.pddl" "$bw/problem.pddl"
row "progress" "$planlens" progress "$bw/domain.pddl" "$bw/problem.pddl" "(unstack d a)"
row "states --all" "$planlens" states "$bw/domain.pddl" "$bw/problem.pddl" "$bw/plans/optimal.txt" --all
row "plan" "$planlens" plan "$bw/domain.pddl" "$bw/problem.pddl"
full_runs=$runs
runs=$(((runs + 9) / 10))
row "grade, one run on sample-runs' Blocksworld questions" "$planlens" grade --questions \
  "$root/sample-runs/acpbench/blocksworld.gen.json" --responses "$root/sample-runs/acpbench/runs/synthetic-careful.jsonl"
runs=$full_runs

if $have_planbench; then
  # "wall cpu" seconds, the median of 3 runs
  timed() {
    for _ in 1 2 3; do
      /usr/bin/time -f "%e %U %S" "$@" 2>&1 >/dev/null | tail -1
    done | awk '{ print $1, $2 + $3 }' | sort -k2,2n | sed -n 2p
  }
  loop='for f in "$0"/*.plan; do "$1" validate "${f%.plan}.domain.pddl" "${f%.plan}.problem.pddl" "$f"; done'
  read -r tw tc <<<"$(timed bash -c "$loop" "$tmp/pb" /bin/true)"
  read -r pw pc <<<"$(timed bash -c "$loop || true" "$tmp/pb" "$planlens")"
  read -r sw sc <<<"$(timed bash -c '"$1" validate --stream --root / "$0" || true' "$tmp/pb/lines.jsonl" "$planlens")"
  echo
  echo "| $i PlanBench plans | wall s | CPU s | CPU ratio to the /bin/true loop |"
  echo "| --- | ---: | ---: | ---: |"
  echo "| /bin/true per plan (shell loop) | $tw | $tc | 1.00× |"
  awk -v w="$pw" -v c="$pc" -v t="$tc" 'BEGIN { printf "| planlens validate per plan (shell loop) | %s | %s | %.2f× |\n", w, c, c / t }'
  awk -v w="$sw" -v c="$sc" -v t="$tc" 'BEGIN { printf "| one planlens validate --stream | %s | %s | %.2f× |\n", w, c, c / t }'
fi

if command -v valgrind >/dev/null; then
  echo
  echo "| command | instructions (callgrind) | ratio to /bin/true |"
  echo "| --- | ---: | ---: |"
  count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | awk '/Collected/ { print $4 }'; }
  base=$(count /bin/true)
  jobs=("--version" "validate $bw/domain.pddl $bw/problem.pddl $bw/plans/optimal.txt"
    "validate $ferry/domain.pddl $ferry/problem.pddl $tmp/ferry.plan")
  labels=("--version" "validate, blocksworld (4 blocks)" "validate, ferry")
  if $have_planbench; then
    jobs+=("validate $tmp/pb/0.domain.pddl $tmp/pb/0.problem.pddl $tmp/pb/0.plan")
    labels+=("validate, PlanBench (3 blocks)")
  fi
  for k in "${!jobs[@]}"; do
    # shellcheck disable=SC2086 # the arguments are words
    n=$(count "$planlens" ${jobs[$k]})
    awk -v l="${labels[$k]}" -v n="$n" -v b="$base" 'BEGIN { printf "| %s | %d | %.2f× |\n", l, n, n / b }'
  done
  echo "| /bin/true | $base | 1.00× |"
fi
