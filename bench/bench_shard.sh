#!/usr/bin/env bash
# The speed-up of N shards on this machine and the cost of planlens merge
# (docs/CLUSTER.md, docs/BENCHMARKS.md).  The work, on the conformance set
# of ../shared/data:
#   audit  the stored labels of its 3,111 questions re-derived (--format jsonl;
#          searches: seconds of CPU, the shape of a cluster job)
#   grade  its 3,111 answers graded (--mode both, table: a third of a second)
# run as one process, then as N shards two at a time (xargs -P 2: a 2-core
# machine; `parallel -j2` adds its own start-up of ~0.3 s per run), then the
# N parts merged.  Each figure is the median wall time of REPS runs; every
# merged output is checked byte for byte against the one process's.
#
#   bench/bench_shard.sh PLANLENS [audit|grade] [REPS] [N...]   (default audit, 3 runs, N = 1 2 4 8)
set -uo pipefail
planlens=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=${2:-audit}
reps=${3:-3}
shift $(( $# >= 3 ? 3 : $# ))
shards=("$@")
[ ${#shards[@]} -gt 0 ] || shards=(1 2 4 8)
data=${PLANLENS_DATA_DIR:-$(dirname "$0")/../../shared/data}
set_dir=$data/conformance/acpbench-dev
if [ ! -f "$set_dir/responses.jsonl" ]; then
  echo "SKIP: $set_dir absent"
  exit 0
fi
case $work in
  audit) args=(audit --questions "$set_dir/dev_questions.json" --format jsonl) ;;
  grade) args=(grade --questions "$set_dir/dev_questions.json" --responses "$set_dir/responses.jsonl" --mode both
               --jobs 1) ;;
  *) echo "usage: $0 PLANLENS [audit|grade] [REPS] [N...]" >&2; exit 2 ;;
esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
median() { sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
timed() { # COMMAND...: the median wall seconds over REPS runs
  local r t0
  for ((r = 0; r < reps; r++)); do
    t0=$(now); "$@" > /dev/null 2>&1; echo "$(now) - $t0" | bc
  done | median
}
run_shards() { # N: the N shards, two at a time, into $tmp/p1..pN
  seq 1 "$1" | xargs -P 2 -I{} sh -c "$(printf '%q ' "$planlens" "${args[@]}") --shard {}/$1 > $tmp/p{} 2>/dev/null"
}
"$planlens" "${args[@]}" > "$tmp/one.txt" 2>/dev/null
echo "$work, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg) at the start; median wall seconds of $reps runs"
printf '%-30s %8s %8s %10s\n' "run" "wall s" "speed-up" "parts"
base=$(timed "$planlens" "${args[@]}")
printf '%-30s %8.3f %8s %10s\n' "one process" "$base" "1.00" "-"
for n in "${shards[@]}"; do
  t=$(timed run_shards "$n")
  run_shards "$n"
  parts=$(seq -f "$tmp/p%g" 1 "$n")
  m=$(timed "$planlens" merge $parts)
  "$planlens" merge $parts > "$tmp/merged.txt" 2>/dev/null
  cmp -s "$tmp/one.txt" "$tmp/merged.txt" || { echo "bench_shard: $n shards merged differ" >&2; exit 1; }
  printf '%-30s %8.3f %8.2f %7s KiB\n' "$n shards, 2 at a time" "$t" "$(echo "$base / $t" | bc -l)" \
    "$(du -ck $parts | tail -1 | cut -f1)"
  printf '%-30s %8.3f %8s\n' "  merge of the $n parts" "$m" "$(printf '%.1f%%' "$(echo "100 * $m / $base" | bc -l)")"
done
