#!/usr/bin/env bash
# The speed-up of N shards on this machine and the cost of planlens merge
# (docs/CLUSTER.md, docs/BENCHMARKS.md).  Grades the conformance set
# (../shared/data, 3,111 answers, --mode both, table) as one process with one
# thread, as one process with --jobs 2, and as N shards of one thread each
# run 2 at a time (GNU parallel -j2: a 2-core machine), then merges them.
# Each figure is the median wall time of REPS runs; the merged output is
# checked byte for byte against the one process's.
#
#   bench/bench_shard.sh PLANLENS [REPS] [N...]      (default 5 runs; N = 1 2 4 8)
set -uo pipefail
planlens=$1
reps=${2:-5}
shift $(( $# >= 2 ? 2 : 1 ))
shards=("$@")
[ ${#shards[@]} -gt 0 ] || shards=(1 2 4 8)
data=${PLANLENS_DATA_DIR:-$(dirname "$0")/../../shared/data}
set_dir=$data/conformance/acpbench-dev
if [ ! -f "$set_dir/responses.jsonl" ]; then
  echo "SKIP: $set_dir absent"
  exit 0
fi
command -v parallel >/dev/null || { echo "bench_shard: needs GNU parallel (scripts/deps)" >&2; exit 3; }
args=(grade --questions "$set_dir/dev_questions.json" --responses "$set_dir/responses.jsonl" --mode both)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
median() { sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
"$planlens" "${args[@]}" --jobs 1 > "$tmp/one.txt" 2>/dev/null

timed() { # REPS COMMAND...: the median wall seconds
  local r t0
  for ((r = 0; r < reps; r++)); do
    t0=$(now); "$@" > /dev/null 2>&1; echo "$(now) - $t0" | bc
  done | median
}
echo "$(nproc) cores, $reps runs each, median wall seconds"
printf '%-34s %8s %8s\n' "run" "wall s" "speed-up"
base=$(timed "$planlens" "${args[@]}" --jobs 1)
printf '%-34s %8.3f %8s\n' "one process, --jobs 1" "$base" "1.00"
two=$(timed "$planlens" "${args[@]}" --jobs 2)
printf '%-34s %8.3f %8.2f\n' "one process, --jobs 2" "$two" "$(echo "$base / $two" | bc -l)"
run_shards() { # N
  parallel -j2 "'$planlens' $(printf '%q ' "${args[@]}") --jobs 1 --shard {}/$1 > $tmp/p{}" ::: $(seq 1 "$1")
}
for n in "${shards[@]}"; do
  rm -f "$tmp"/p*
  t=$(timed run_shards "$n")
  run_shards "$n"
  m=$(timed "$planlens" merge $(seq -f "$tmp/p%g" 1 "$n"))
  "$planlens" merge $(seq -f "$tmp/p%g" 1 "$n") > "$tmp/merged.txt"
  cmp -s "$tmp/one.txt" "$tmp/merged.txt" || { echo "bench_shard: $n shards merged differ" >&2; exit 1; }
  printf '%-34s %8.3f %8.2f\n' "$n shards, 2 at a time (-j2)" "$t" "$(echo "$base / $t" | bc -l)"
  printf '%-34s %8.3f %8s\n' "  merge of the $n parts" "$m" "$(du -ck "$tmp"/p* | tail -1 | cut -f1) KiB"
done
