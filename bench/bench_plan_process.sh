#!/usr/bin/env bash
# One `planlens plan` process per problem, next to a bare process start
# (/bin/true): issue 30 point 2.
#
# Problems: the 817 distinct (domain, problem) pairs of the ACPBench-Hard
# generative test questions, numbered by bench/acp_problems.py.  The 200
# measured ones are listed in bench/plan_process_problems.txt (number,
# domain, problem name): those `planlens plan --time-limit 1` solved at
# 8c57687, evenly spaced over the 754 (every 754/200-th; Fast Downward solves
# all of them, its 34 unsolved are among planlens' limit hits), 11-18 per
# domain.
#
# Measures, per problem and per build (PLANLENS, and OLD with --against OLD,
# run in turn under the same load):
#   wall   RUNS rounds of /bin/true, then each build, timed from the shell
#          (EPOCHREALTIME around the command: fork and exec included for
#          all); a problem's figure is the median of its rounds.  Printed:
#          the median over the 200 problems, and its difference to
#          /bin/true's (the target: <= 1.43 ms).
#   cpu    perf stat -r RUNS: task-clock (user + sys) and page faults.
#   instr  with --callgrind: instructions (callgrind, user space) in all and
#          inclusive in cli_load_task (read, parse, ground), pl_relaxed_new
#          and pl_search; the rest is start-up, output and exit.  The same
#          on every run, unlike the times on a shared machine; ~10 min a build.
# With --plans DIR, each problem's plan (stdout) goes to DIR/NNN.plan (and
# DIR/old/NNN.plan), for `diff -r` (bench/compare_plans.sh does the same
# without the timing).
#
# Usage: bench/bench_plan_process.sh PATH/TO/planlens [RUNS] [--against OLD/planlens]
#                                    [--plans DIR] [--callgrind] [--per-problem]
# BENCH_PROBLEMS=N measures the first N problems only (a quick look).
# Prints SKIP and exits 0 without the data.
set -euo pipefail
usage="usage: bench_plan_process.sh PATH/TO/planlens [RUNS] [--against OLD] [--plans DIR] [--callgrind] [--per-problem]"
builds=("$(realpath "${1:?$usage}")")
names=(plan)
shift
runs=5
plans=
callgrind=false
per_problem=false
while [ $# -gt 0 ]; do
  case $1 in
  --against) builds+=("$(realpath "$2")") && names+=(old) && shift ;;
  --plans) plans=$(mkdir -p "$2" && realpath "$2") && shift ;;
  --callgrind) callgrind=true ;;
  --per-problem) per_problem=true ;;
  *) runs=$1 ;;
  esac
  shift
done
root=$(cd "$(dirname "$0")/.." && pwd)
data=${PLANLENS_DATA_DIR:-$root/../shared/data}
if [ ! -f "$data/acpbench/nexta/test.gen.json.gz" ]; then
  echo "SKIP: $data/acpbench absent"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$root/bench/acp_problems.py" "$data" "$tmp" >/dev/null
mapfile -t sel < <(awk '!/^#/ { print $1 }' "$root/bench/plan_process_problems.txt" | head -n "${BENCH_PROBLEMS:-200}")
have_perf=false
perf stat -x, -e task-clock true >/dev/null 2>&1 && have_perf=true
[ -n "$plans" ] && [ ${#builds[@]} -gt 1 ] && mkdir -p "$plans/old"

# microseconds of one run of the command line (its output thrown away)
usec() {
  local t0=$EPOCHREALTIME
  "$@" >/dev/null 2>&1 </dev/null || true
  local t1=$EPOCHREALTIME
  echo $((${t1/./} - ${t0/./}))
}
median() { sort -n | awk '{ v[NR] = $1 } END { printf "%.10g\n", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# "ms faults" of the command line by perf stat, or "- -"
cpu() {
  $have_perf || { echo "- -"; return; }
  perf stat -x, -o "$tmp/stat" -r "$runs" -e task-clock,page-faults "$@" >/dev/null 2>&1 </dev/null || true
  awk -F, '$3 == "task-clock" { t = $1 } $3 == "page-faults" { f = $1 } END { print t, f }' "$tmp/stat"
}

# "all load relaxed search" instructions of the command line, or "- - - -"
instructions() {
  $callgrind || { echo "- - - -"; return; }
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$@" >/dev/null 2>&1 </dev/null || true
  callgrind_annotate --inclusive=yes --threshold=100 "$tmp/cg" 2>/dev/null | awk '
    function n(s) { gsub(",", "", s); return s + 0 }
    /PROGRAM TOTALS/ { t = n($1) }
    / [^ ]*:cli_load_task / { l = n($1) }
    / [^ ]*:pl_relaxed_new / { r = n($1) }
    / [^ ]*:pl_search / { s = n($1) }
    END { print t, l, r, s }'
}

# rows: problem, /bin/true µs, then per build: wall µs, ms CPU, faults, instructions (all load relaxed search)
: >"$tmp/rows"
for n in "${sel[@]}"; do
  args=(plan "$tmp/$n.domain.pddl" "$tmp/$n.problem.pddl" --quiet)
  if [ -n "$plans" ]; then
    "${builds[0]}" "${args[@]}" >"$plans/$n.plan" 2>/dev/null || true
    [ ${#builds[@]} -gt 1 ] && { "${builds[1]}" "${args[@]}" >"$plans/old/$n.plan" 2>/dev/null || true; }
  fi
  : >"$tmp/t"
  for k in "${!builds[@]}"; do : >"$tmp/w$k"; done
  for _ in $(seq "$runs"); do
    usec /bin/true >>"$tmp/t"
    for k in "${!builds[@]}"; do usec "${builds[$k]}" "${args[@]}" >>"$tmp/w$k"; done
  done
  row="$n $(median <"$tmp/t")"
  for k in "${!builds[@]}"; do
    row="$row $(median <"$tmp/w$k") $(cpu "${builds[$k]}" "${args[@]}") $(instructions "${builds[$k]}" "${args[@]}")"
  done
  echo "$row" >>"$tmp/rows"
done

col() { awk -v c="$1" '{ print $c }' "$tmp/rows" | median; }
if $per_problem; then
  echo "| problem | /bin/true µs | build | wall µs | ms CPU | faults | instructions | load | relaxed | search |"
  echo "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  for k in "${!builds[@]}"; do
    awk -v b="${names[$k]}" -v c=$((3 + 7 * k)) '{ printf "| %s | %s | %s |", $1, $2, b
      for (i = c; i < c + 7; i++) printf " %s |", $i; printf "\n" }' "$tmp/rows"
  done
  echo
fi
true_us=$(col 2)
header="| ${#sel[@]} problems, one process each, medians over the problems |"
rule="| --- |"
for k in "${!builds[@]}"; do header="$header ${names[$k]}: ${builds[$k]} |" && rule="$rule ---: |"; done
echo "$header"
echo "$rule"
line() { # label, column offset within a build's 7
  local l="| $1 |"
  for k in "${!builds[@]}"; do l="$l $(col $((3 + 7 * k + $2))) |"; done
  echo "$l"
}
echo "| wall, /bin/true (µs) | $true_us |"
line "wall, planlens plan (µs)" 0
l="| **plan − /bin/true, wall (ms; median of the per-problem differences; target ≤ 1.43)** |"
for k in "${!builds[@]}"; do
  l="$l **$(awk -v c=$((3 + 7 * k)) '{ print $c - $2 }' "$tmp/rows" | median | awk '{ printf "%.2f", $1 / 1000 }')** |"
done
echo "$l"
if $have_perf; then
  line "CPU (ms, task-clock)" 1
  line "page faults" 2
  perf stat -x, -o "$tmp/stat" -r 50 -e task-clock,page-faults /bin/true >/dev/null 2>&1 || true
  awk -F, '$3 == "task-clock" { t = $1 } $3 == "page-faults" { f = $1 } END { print "| /bin/true: CPU (ms), page faults | " t ", " f " |" }' "$tmp/stat"
fi
if $callgrind; then
  line "instructions, all" 3
  line "… read, parse, ground (cli_load_task)" 4
  line "… relaxed task (pl_relaxed_new)" 5
  line "… search (pl_search)" 6
  l="| … start-up, output and exit (the rest) |"
  for k in "${!builds[@]}"; do
    l="$l $(awk -v c=$((6 + 7 * k)) '{ print $c - $(c + 1) - $(c + 2) - $(c + 3) }' "$tmp/rows" | median) |"
  done
  echo "$l"
  valgrind --tool=callgrind --callgrind-out-file=/dev/null /bin/true 2>&1 | awk '/Collected/ { print "| instructions, /bin/true | " $4 " |" }'
fi
