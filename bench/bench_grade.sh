#!/usr/bin/env bash
# Grading benchmark: planlens grade on the 3,111 public conformance responses
# from a cold start (load questions, ground, every planner check), one thread.
# Prints CPU (user+sys) and peak memory of each of N runs per mode, and the
# median.  Usage: bench/bench_grade.sh PATH/TO/planlens [RUNS]
set -euo pipefail
planlens=${1:?usage: bench_grade.sh PATH/TO/planlens [RUNS]}
runs=${2:-5}
data=${PLANLENS_DATA_DIR:-$(cd "$(dirname "$0")/../.." && pwd)/shared/data}
dir=$data/conformance/acpbench-dev
if [ ! -f "$dir/responses.jsonl" ]; then
  echo "SKIP: $dir absent"
  exit 0
fi
for mode in official both; do
  cpus=()
  for _ in $(seq "$runs"); do
    out=$( { /usr/bin/time -f "%U %S %M" "$planlens" grade --jobs 1 --questions "$dir/dev_questions.json" \
             --responses "$dir/responses.jsonl" --format jsonl --mode "$mode" >/dev/null; } 2>&1 | tail -1)
    read -r user sys kb <<<"$out"
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    cpus+=("$cpu")
    echo "mode $mode: cpu $cpu s (user $user, sys $sys), max rss $((kb / 1024)) MiB"
  done
  median=$(printf '%s\n' "${cpus[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
  echo "mode $mode: median cpu $median s over $runs runs"
done
